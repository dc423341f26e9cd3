"""Rates that fall by more than half from one measured size to the next: said, not hidden.

A curve that drops like that (the archived H200 read ``B @ a`` at 4,075 GB/s
at m = 32,768 and 788 GB/s at m = 65,536) is a fact about the machine that a
chart alone shows without a word. The finding records where it happens and
by how much; what the data cannot say is why (a cache or the address
translation outgrown, another kernel chosen, memory swapped), and the
sentence says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from mpsarticle.analysis import series as analysis
from mpsarticle.core.specs import WORKLOADS
from mpsarticle.results.model import Point, ResultSet

__all__ = ["DROP_SHARE", "Drop", "drops"]

#: A rate "falls by more than half" when the larger size's median rate is below this share of the smaller's, in
#: every fresh process: the fastest process at the larger size below this share of the slowest at the smaller.
#: Medians, not intervals: a fall this steep is far beyond the few per cent a point's interval spans; but one
#: process that ran hundreds of times slower than its siblings moves a point's median by itself (on an H200
#: build, one of three CPU processes at m = 1,500), and a fall that one process makes is
#: not the machine's.
DROP_SHARE = 0.5


@dataclass(frozen=True)
class Drop:
    """On ``device``, ``workload``'s rate at size ``after`` is under half its rate at ``before``, the next size down."""

    workload: str
    device: str
    dtype: str | None
    before: int
    after: int
    before_rate: float
    after_rate: float
    unit: str
    evidence: tuple[Point, Point]

    @property
    def share(self) -> float:
        return self.after_rate / self.before_rate


def _process_rates(point: Point, rate: float) -> list[float]:
    """The point's rate as each of its processes measured it (the rate is inversely proportional to the time)."""
    medians = point.process_medians
    if not medians or not point.median_s:
        return [rate]
    return [rate * point.median_s / median for median in medians]


def _in_every_process(one: Point, other: Point, before: float, after: float) -> bool:
    return max(_process_rates(other, after)) < DROP_SHARE * min(_process_rates(one, before))


def drops(results: ResultSet, workloads: tuple[str, ...] | None = None) -> tuple[Drop, ...]:
    """Every such fall of ``workloads``' rates (by default every kind judged by a rate,
    :attr:`~mpsarticle.core.workload.Workload.rate`), over every suite's sizes, device by device, in the order the
    devices were measured; a kind with several precisions is read in each apart."""
    found = []
    for workload in workloads if workloads is not None else tuple(k for k, kind in WORKLOADS.items() if kind.rate):
        kind = WORKLOADS[workload]
        rate = kind.rate
        if rate is None:
            raise ValueError(f"{workload} is judged by its time, not by a rate: it has no fall to find")
        for device in results.devices:
            for dtype in kind.precisions or (None,):
                params: dict[str, Any] = {"dtype": dtype} if dtype else {}
                pairs = [(size, p, value) for size, p in analysis.series(results, workload=workload, device=device,
                                                                          **params) if (value := rate.of(p))]
                for (small, one, before), (large, other, after) in pairwise(pairs):
                    if after < DROP_SHARE * before and _in_every_process(one, other, before, after):
                        found.append(Drop(workload, device, dtype, small, large, before, after, rate.unit,
                                          (one, other)))
    return tuple(found)
