"""Findings of the matrix-product and training chapters: best rates by precision, the training step."""

from __future__ import annotations

from dataclasses import dataclass

from .. import analysis
from ..results import Point, ResultSet
from ..stats import Ratio
from .common import DTYPES, Comparison, _comparisons, _present, _status, rate_ratio

# -- matrix × matrix -----------------------------------------------------------------

@dataclass(frozen=True)
class Precision:
    """One device's best ``A @ B`` rate in one precision, or why there is none (``status``)."""

    device: str
    dtype: str
    status: str
    gflop_s: float | None = None
    size: int | None = None
    evidence: Point | None = None


@dataclass(frozen=True)
class RateComparison:
    """The accelerator's best rate / the CPU's best rate in one precision, with its interval."""

    dtype: str
    ratio: Ratio
    direction: str


@dataclass(frozen=True)
class Matmul:
    device: str | None
    precisions: tuple[Precision, ...]
    comparisons: tuple[RateComparison, ...]

    def on(self, device: str) -> tuple[Precision, ...]:
        return tuple(p for p in self.precisions if p.device == device)


def matmul(results: ResultSet) -> Matmul:
    device = _present(results)
    precisions, comparisons = [], []
    for dtype in DTYPES:
        best = {}
        for where in ["cpu"] + [d for d in [device] if d]:
            pairs = [(m, p) for m, p in analysis.series(results, workload="matmul", device=where, dtype=dtype)
                     if p.gflop_s]
            if pairs:
                size, point = max(pairs, key=lambda pair: pair[1].gflop_s)
                precisions.append(Precision(where, dtype, "measured", point.gflop_s, size, point))
                best[where] = point
            else:
                tried = results.select(workload="matmul", device=where, dtype=dtype)
                if tried:
                    precisions.append(Precision(where, dtype, _status(tried)))
        if device in best and "cpu" in best:
            ratio = rate_ratio(best[device], best["cpu"], "flops")
            comparisons.append(RateComparison(dtype, ratio, ratio.direction()))
    return Matmul(device, tuple(precisions), tuple(comparisons))


# -- training -------------------------------------------------------------------------

@dataclass(frozen=True)
class Training:
    """One training step: the accelerator against the CPU per batch measured well on both."""

    device: str | None
    comparisons: tuple[Comparison, ...]
    #: The CPU's time at its largest good batch (what a CPU-only build can say).
    cpu_batch: int | None
    cpu_s: float | None
    #: Why the accelerator has no good step at ``cpu_batch`` (``not_measured`` if it was not tried there).
    accelerator_status: str | None

    @property
    def largest(self) -> Comparison | None:
        return self.comparisons[-1] if self.comparisons else None


def training(results: ResultSet) -> Training:
    device = _present(results)
    pairs = _comparisons(results, device, workload="train_step") if device else ()
    cpu = analysis.series(results, workload="train_step", device="cpu")
    batch, point = cpu[-1] if cpu else (None, None)
    status = None
    if device is not None and batch is not None and batch not in [c.size for c in pairs]:
        status = _status(results.select(workload="train_step", device=device, batch=batch))
    return Training(device, pairs, batch, point.median_s if point else None, status)
