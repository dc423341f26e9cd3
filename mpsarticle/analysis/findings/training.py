"""Findings of the chapter on training: one training step, the accelerator against the CPU."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from mpsarticle.analysis import series as analysis
from mpsarticle.analysis.findings.common import (
    Absent,
    Comparison,
    compare_with_cpu,
    missing_status,
    present_accelerator,
)
from mpsarticle.core.stats import FASTER, SAME, SLOWER, Ratio
from mpsarticle.results.model import ResultSet

#: How a device's step time grows from its smallest batch to its largest (see :func:`batch_scaling`).
Scaling = Literal["less", "same", "fixed", "grows", "hint", "unclear"]
SCALINGS: tuple[str, ...] = get_args(Scaling)


@dataclass(frozen=True)
class Training:
    """One training step: the accelerator against the CPU per batch measured well on both."""

    device: str | None
    comparisons: tuple[Comparison, ...]
    #: The CPU's time at its largest good batch (what a CPU-only build can say).
    cpu_batch: int | None
    cpu_s: float | None
    #: Why the accelerator has no good step at ``cpu_batch`` (``not_measured`` if it was not tried there).
    accelerator_status: Absent | None

    @property
    def largest(self) -> Comparison | None:
        return self.comparisons[-1] if self.comparisons else None


def training(results: ResultSet) -> Training:
    device = present_accelerator(results)
    pairs = compare_with_cpu(results, device, workload="train_step") if device else ()
    cpu = analysis.series(results, workload="train_step", device="cpu")
    batch, point = cpu[-1] if cpu else (None, None)
    status: Absent | None = None
    if device is not None and batch is not None and batch not in [c.size for c in pairs]:
        status = missing_status(results.select(workload="train_step", device=device, batch=batch))
    return Training(device, pairs, batch, point.measured_s if point else None, status)


@dataclass(frozen=True)
class BatchScaling:
    """One device's step at its smallest and its largest batch measured well: ``ratio`` is the larger batch's
    time over the smaller's, with its interval.

    If a step costs a part ``F`` that does not grow with the batch and a part that grows in proportion, a
    batch ``times`` as large takes ``s + times × (1 − s)`` the time, ``s`` being ``F``'s share of the smaller
    step. A ratio whose whole interval lies below ``times / 2`` therefore puts ``s`` above
    ``times / (2 (times − 1))``, at least two thirds: most of the smaller step is a cost the batch does not
    grow, such as launching each of its kernels. ``kind`` says which of these the interval shows:
    ``less`` (the larger batch takes less time), ``same`` (level within noise: no difference beyond noise, and
    the two narrow enough to call level, :meth:`Ratio.reading`), ``fixed`` (more time, or too noisy to tell
    whether more or less, but less than ``times / 2`` as much), ``grows`` (more time, possibly ``times / 2`` as
    much or more). Where the interval allows none of these, the medians are still the build's result and are said
    with the interval that keeps them from a verdict: ``hint`` (the larger batch's median under ``times / 2`` of
    the smaller's, as a fixed cost would make it), ``unclear`` (otherwise).
    """

    device: str
    small: int
    large: int
    small_s: float
    large_s: float
    ratio: Ratio
    kind: Scaling

    @property
    def times(self) -> float:
        return self.large / self.small


def batch_scaling(results: ResultSet) -> tuple[BatchScaling, ...]:
    """Per device (the accelerator first, then the CPU), how its step time grows from its smallest good batch
    to its largest (a ratio too wide to place is ``hint`` or ``unclear``); a device with fewer than two good
    batches has none."""
    found = []
    device = present_accelerator(results)
    for where in [d for d in [device] if d] + ["cpu"]:
        steps = analysis.series(results, workload="train_step", device=where)
        if len(steps) < 2:
            continue
        (small, first), (large, last) = steps[0], steps[-1]
        ratio = analysis.compare(last, first)  # the larger batch's time over the smaller's
        half = large / small / 2
        direction = ratio.direction()
        if direction == SLOWER:
            kind: Scaling = "less"
        elif ratio.high < half:
            kind = "same" if ratio.reading() == SAME else "fixed"
        elif direction == FASTER:
            kind = "grows"
        else:
            kind = "hint" if ratio.value < half else "unclear"
        found.append(BatchScaling(where, small, large, first.measured_s, last.measured_s, ratio, kind))
    return tuple(found)
