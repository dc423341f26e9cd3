"""What the model says: this build's fits, the regimes they imply, and the answer for every Apple chip.

The fits are :func:`mpsarticle.analysis.model.fit` per device; the predictions
and their checks against the cited measurements are
:mod:`mpsarticle.analysis.predict`, made with the combination this build's
fit chose (the accelerator's where there is one) and the operations per
layer this build's decoder dispatched. :func:`model` gathers all of it once
per results; the sentences and tables read it and decide nothing more.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass

from mpsarticle.analysis import predict
from mpsarticle.analysis.findings.common import present_accelerator
from mpsarticle.analysis.model import Fit, Threshold, fit_all, thresholds
from mpsarticle.core.specsheet import Chip, chip_of, chips
from mpsarticle.results.model import ResultSet

__all__ = ["Extreme", "ModelFinding", "model", "ops_per_layer"]

#: The speed-up the opening page quotes: float32 A @ B at this size.
ANSWER_MATMUL = 4096
#: The model the opening page quotes tokens per second for.
ANSWER_DECODE = "7B, 16-bit"


def _apple_states(name: str, gpu_cores: int) -> bool:
    """Whether Apple itself states (or its figures give) the variant's memory bandwidth, not a report of it."""
    return any(c.name == name and c.gpu_cores == gpu_cores and c.bandwidth_kind != "reported" for c in chips())


@dataclass(frozen=True)
class Extreme:
    """The least and the largest central prediction of one quantity over the chip variants, and whose."""

    low: float
    low_chip: str
    high: float
    high_chip: str


@dataclass(frozen=True)
class ModelFinding:
    fits: dict[str, Fit]
    thresholds: dict[str, tuple[Threshold, ...]]
    #: The combination the predictions use, and whose fit chose it (``None``: no fit; ``sum`` is used).
    combination: str
    chosen_by: str | None
    ops_per_layer: float | None
    predictions: tuple[predict.Prediction, ...]
    checks: tuple[predict.Check, ...]
    sources: tuple[predict.SourceError, ...]
    assumptions: dict[str, predict.Assumption]
    #: This build's own chip, where it is a Mac the spec sheet knows.
    own_chip: Chip | None

    def extreme(self, quantity: str, size: str = "", stated: bool = False) -> Extreme | None:
        """The least and the largest; ``stated``: over the chip variants whose bandwidth Apple states (a figure
        only a report or a third party gives should not stand at the end of a headline range)."""
        found = [(p.value, p) for p in self.predictions if p.quantity == quantity and p.size == size
                 and p.value is not None and (not stated or _apple_states(p.chip, p.gpu_cores))]
        if not found:
            return None
        low = min(found, key=lambda item: item[0])
        high = max(found, key=lambda item: item[0])
        return Extreme(low[0], low[1].chip, high[0], high[1].chip)

    def of_chip(self, chip: Chip, quantity: str, size: str = "") -> predict.Prediction | None:
        return next((p for p in self.predictions if (p.chip, p.gpu_cores, p.quantity, p.size)
                     == (chip.name, chip.gpu_cores, quantity, size)), None)

    @property
    def compared(self) -> tuple[predict.Check, ...]:
        return tuple(c for c in self.checks if c.error is not None)

    @property
    def median_error(self) -> float | None:
        errors = [abs(c.error) for c in self.compared if c.error is not None]
        return statistics.median(errors) if errors else None

    @property
    def worst_error(self) -> float | None:
        errors = [abs(c.error) for c in self.compared if c.error is not None]
        return max(errors) if errors else None

    @property
    def misses(self) -> int:
        return sum(1 for c in self.compared if c.miss)

    @property
    def conflicts(self) -> tuple[predict.Check, ...]:
        return tuple(c for c in self.checks if c.conflict)


def ops_per_layer(results: ResultSet) -> float | None:
    """Operations one layer of this build's decoder dispatched, from its largest measured model (``None``: no
    decode step recorded its count)."""
    found = [(int(p.params["layers"]), p.detail["ops_per_call"]) for p in results.select(workload="decode")
             if isinstance(p.detail.get("ops_per_call"), int) and isinstance(p.params.get("layers"), int)]
    if not found:
        return None
    layers, ops = max(found)
    return ops / layers


#: The findings of the results objects seen, by identity (a build makes one; the tests make a few dozen).
_SEEN: dict[int, tuple[ResultSet, ModelFinding]] = {}


def _made(results: ResultSet) -> ModelFinding:
    fits = fit_all(results)
    accelerator = present_accelerator(results)
    chosen_by = accelerator if accelerator in fits else ("cpu" if "cpu" in fits else None)
    combination = fits[chosen_by].combination if chosen_by else "sum"
    per_layer = ops_per_layer(results)
    made = predict.checks(combination, per_layer)
    return ModelFinding(fits, {d: thresholds(f) for d, f in fits.items()}, combination, chosen_by, per_layer,
                        tuple(predict.predictions(combination, per_layer)), tuple(made),
                        tuple(predict.source_errors(made)), predict.assumptions(), chip_of(results.environment))


def model(results: ResultSet) -> ModelFinding:
    """The model's findings for ``results`` (computed once per results object)."""
    seen = _SEEN.get(id(results))
    if seen is None or seen[0] is not results:
        seen = _SEEN[id(results)] = (results, _made(results))
    return seen[1]

