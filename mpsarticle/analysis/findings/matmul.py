"""Findings of the chapter on matrix products: best rates by precision, size by size against the CPU."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal, get_args

from mpsarticle.analysis import series as analysis
from mpsarticle.analysis.findings.common import (
    DTYPES,
    Absent,
    Comparison,
    compare_series,
    compare_with_cpu,
    missing_status,
    present_accelerator,
    rate_ratio,
)
from mpsarticle.core.stats import FASTER, Agreement, Direction, Ratio
from mpsarticle.results.model import Point, ResultSet

# -- matrix × matrix -----------------------------------------------------------------

#: A series of comparisons in one word (:func:`summary`): a :data:`~mpsarticle.core.stats.Direction` where every
#: size agrees, ``mixed`` (some sizes faster, others not) or ``not_faster`` (no size faster, some slower and some
#: level).
Overall = Literal[Direction, "mixed", "not_faster"]
OVERALLS: tuple[Overall, ...] = get_args(Overall)
MIXED: Final = "mixed"
NOT_FASTER: Final = "not_faster"

@dataclass(frozen=True)
class Precision:
    """One device's best ``A @ B`` rate in one precision, or why there is none (``status``)."""

    device: str
    dtype: str
    status: Literal["measured", Absent]
    gflop_s: float | None = None
    size: int | None = None
    evidence: Point | None = None


@dataclass(frozen=True)
class RateComparison:
    """The accelerator's best rate / the CPU's best rate in one precision, each at its own size, with its interval.

    Best against best answers "how far apart are the two at their best", not
    "which is faster at a given size" (the CPU is usually measured only at
    smaller sizes): a sentence that quotes it says so.
    """

    dtype: str
    ratio: Ratio
    direction: Direction
    accelerator_size: int
    cpu_size: int

    @property
    def reading(self) -> Agreement:
        """:attr:`direction`, with level told apart from too noisy to tell (:meth:`Ratio.reading`)."""
        return self.ratio.reading()


@dataclass(frozen=True)
class PrecisionComparison:
    """One precision, the accelerator against the CPU at every size both measured well.

    ``comparisons`` are CPU time / accelerator time per size (the same
    operations, so also the ratio of rates); the claims about who is faster
    are read from these. ``best`` is best rate against best rate, if both
    have one.
    """

    dtype: str
    comparisons: tuple[Comparison, ...]
    best: RateComparison | None

    @property
    def largest(self) -> Comparison | None:
        return self.comparisons[-1] if self.comparisons else None

    @property
    def direction(self) -> Overall:
        """The accelerator over the sizes both measured, as :func:`summary` words it."""
        return summary(self.comparisons)


@dataclass(frozen=True)
class HalfOnCpu:
    """The CPU in a half precision against its own float32, at every size it measured both.

    ``comparisons`` hold float32 time / half time (``Comparison.cpu_s`` is the
    float32 time, ``accelerator_s`` the half one): above 1, half precision is
    faster. ``direction``: see :func:`summary`.
    """

    dtype: str
    comparisons: tuple[Comparison, ...]
    direction: Overall

    @property
    def largest(self) -> Comparison:
        return self.comparisons[-1]


@dataclass(frozen=True)
class Matmul:
    device: str | None
    precisions: tuple[Precision, ...]
    #: One per precision both devices measured well (at a common size or not).
    comparisons: tuple[PrecisionComparison, ...]
    #: The CPU's half precisions against its float32 (where both were measured at a common size).
    cpu_halves: tuple[HalfOnCpu, ...] = ()

    def on(self, device: str) -> tuple[Precision, ...]:
        return tuple(p for p in self.precisions if p.device == device)

    @property
    def compared(self) -> tuple[PrecisionComparison, ...]:
        """The precisions compared at some size both devices measured."""
        return tuple(c for c in self.comparisons if c.comparisons)


def _half_on_cpu(results: ResultSet, dtype: str) -> HalfOnCpu | None:
    found = compare_series(analysis.series(results, workload="matmul", device="cpu", dtype="float32"),
                           analysis.series(results, workload="matmul", device="cpu", dtype=dtype))
    if not found:
        return None
    return HalfOnCpu(dtype, tuple(found), summary(found))


def summary(comparisons: Sequence[Comparison]) -> Overall:
    """One word for a series of comparisons: ``faster``, ``slower`` or ``same`` where every size agrees,
    :data:`MIXED` where the candidate is faster at some sizes and not at others, :data:`NOT_FASTER` where it
    is faster at none (slower at some, level at the rest)."""
    directions = {c.direction for c in comparisons}
    if len(directions) == 1:
        return directions.pop()
    return MIXED if FASTER in directions else NOT_FASTER


def matmul(results: ResultSet) -> Matmul:
    device = present_accelerator(results)
    precisions, comparisons = [], []
    for dtype in DTYPES:
        best = {}
        for where in ["cpu"] + [d for d in [device] if d]:
            measured = analysis.series(results, workload="matmul", device=where, dtype=dtype)
            rated = [(p.gflop_s, m, p) for m, p in measured if p.gflop_s]
            if rated:
                rate, size, point = max(rated, key=lambda found: found[0])
                precisions.append(Precision(where, dtype, "measured", rate, size, point))
                best[where] = (size, point)
            else:
                tried = results.select(workload="matmul", device=where, dtype=dtype)
                if tried:
                    precisions.append(Precision(where, dtype, missing_status(tried)))
        if device in best and "cpu" in best:
            ratio = rate_ratio(best[device][1], best["cpu"][1], "flops")
            top = RateComparison(dtype, ratio, ratio.direction(), best[device][0], best["cpu"][0])
            same = compare_with_cpu(results, device, workload="matmul", dtype=dtype)
            comparisons.append(PrecisionComparison(dtype, same, top))
    halves = tuple(found for found in (_half_on_cpu(results, d) for d in DTYPES if d != "float32") if found)
    return Matmul(device, tuple(precisions), tuple(comparisons), halves)
