"""Findings of the chapter on training: one training step, the accelerator against the CPU."""

from __future__ import annotations

from dataclasses import dataclass

from mpsarticle.analysis import series as analysis
from mpsarticle.analysis.findings.common import (
    Absent,
    Comparison,
    compare_with_cpu,
    missing_status,
    present_accelerator,
)
from mpsarticle.results.model import ResultSet


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
