"""A selfcheck's rows: the engine against one reference at one point; no torch.

Measured by :mod:`mpsarticle.measure.selfcheck`; read back from a build's cache by
the method chapter, whose sentences and table need no torch. A row keeps the
workload's label and the reference's name as the code writes them
(``matvec(m=4096, dtype=float32)``, ``do_bench_cudagraph``); the page says
them in words (:mod:`mpsarticle.article.selfcheck_words`), the command line
prints them as a table (:mod:`mpsarticle.cli.selfcheck_table`).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass

__all__ = ["Row"]

#: A workload's label, as :attr:`mpsarticle.core.specs.Workload.label` writes it, and " cold" for a cache-cold point.
_LABEL = re.compile(r"(?P<kind>\w+)\((?P<params>[^()]*)\)(?P<cold> cold)?")


@dataclass(frozen=True)
class Row:
    device: str
    workload: str
    label: str
    reference: str
    engine_median_s: float
    engine_ci_low_s: float
    engine_ci_high_s: float
    reference_median_s: float
    ratio: float
    tolerance: float
    #: Seconds: the engine's whole measurement, the part inside timed blocks,
    #: and the reference's whole measurement.
    engine_wall_s: float
    engine_timed_s: float
    reference_wall_s: float

    @property
    def limits(self) -> tuple[float, float]:
        """The ratios that still agree, at either end: the engine reading ``tolerance`` low or high."""
        return 1.0 / (1.0 + self.tolerance), 1.0 + self.tolerance

    @property
    def agrees(self) -> bool:
        low, high = self.limits
        return low <= self.ratio <= high

    def params(self) -> tuple[str, dict[str, str], bool] | None:
        """(workload, parameters, cache-cold) read back from the label; ``None`` for a label of another form."""
        found = _LABEL.fullmatch(self.label.strip())
        if not found:
            return None
        pairs = [part.partition("=") for part in found["params"].split(",") if part.strip()]
        if any(not sep for _, sep, _ in pairs):
            return None
        return found["kind"], {k.strip(): v.strip() for k, _, v in pairs}, bool(found["cold"])

    def to_dict(self) -> dict[str, object]:
        return {**asdict(self), "agrees": self.agrees}

