"""Derived quantities: series by size, speed-ups, the crossover, ceilings.

Both the figures and the article's prose read their numbers from here, so a
chart and the sentence beside it cannot disagree. Only points that are
``ok`` and passed their correctness check count: a wrong result is never a
speed.

Comparisons know noise: a speed-up or a time ratio is a
:class:`~mpsarticle.core.stats.Ratio` of two medians with its interval, the
range of the two points' printed 95 % intervals, and "faster", "slower" and
"about the same" are read from that interval
(:meth:`~mpsarticle.core.stats.Ratio.direction`), never from bare medians:
one side is faster exactly where the two printed intervals do not meet.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from mpsarticle.core import specs
from mpsarticle.core.specs import Method
from mpsarticle.core.stats import FASTER, SAME, SLOWER, Agreement, Ratio, ratio
from mpsarticle.results.model import Point, ResultSet

__all__ = [
    "AGREEMENT_MARGIN",
    "Crossover",
    "accelerators",
    "agreement",
    "ceiling_gb_s",
    "compare",
    "cpu_threads",
    "crossover",
    "failed_checks",
    "peak_gflop_s",
    "series",
    "size_key",
    "standing",
    "speedups",
    "time_ratios",
    "unmeasured",
    "unmeasured_sizes",
]



def size_key(workload: str) -> str:
    """The size parameter of ``workload`` (:attr:`mpsarticle.core.workload.Workload.size_key`); ``m`` for a kind
    that names none."""
    return specs.size_key(workload) or "m"


def accelerators(results: ResultSet) -> list[str]:
    """Accelerator devices with at least one good point, in order of appearance."""
    return [d for d in results.devices if d != "cpu" and any(p.ok for p in results.select(device=d))]


def series(results: ResultSet, *, workload: str, device: str, method: Method = "engine",
           suite: str | None = None, **params: object) -> list[tuple[int, Point]]:
    """``(size, point)`` pairs sorted by size, good points only: one suite's, or every suite's (one point a size,
    :func:`standing`)."""
    return _by_size(results, workload, device, method, suite, params, lambda p: p.ok)


def failed_checks(results: ResultSet, *, workload: str, device: str, method: Method = "engine",
                  suite: str | None = None, **params: object) -> list[tuple[int, Point]]:
    """``(size, point)`` pairs of points that ran but gave a wrong result, sorted by size.

    They are shown as failures, never as speeds.
    """
    return _by_size(results, workload, device, method, suite, params,
                    lambda p: p.status == "ok" and p.check == "failed")


def unmeasured(results: ResultSet, **criteria: object) -> list[Point]:
    """Points matching ``criteria`` that have no time (not ``ok``)."""
    return [p for p in results.select(**criteria) if p.status != "ok"]


def unmeasured_sizes(results: ResultSet, *, workload: str, device: str, method: Method = "engine",
                     suite: str | None = None, **params: object) -> list[int]:
    """The sizes of a series (as :func:`series` selects it) that were not measured: the figures leave a gap
    there, and :mod:`mpsarticle.article.gaps` says why."""
    criteria: dict[str, object] = {"workload": workload, "device": device, "method": method, **params}
    if suite is not None:
        criteria["suite"] = suite
    key = size_key(workload)
    return sorted({int(p.params[key]) for p in unmeasured(results, **criteria) if key in p.params})


def _by_size(results: ResultSet, workload: str, device: str, method: Method, suite: str | None,
             params: dict[str, object], keep: Callable[[Point], bool]) -> list[tuple[int, Point]]:
    criteria: dict[str, object] = {"workload": workload, "device": device, "method": method, **params}
    if suite is not None:
        criteria["suite"] = suite
    key = size_key(workload)
    found: dict[int, Point] = {}
    for point in results.select(**criteria):
        if keep(point):
            size = int(point.params[key])
            found[size] = standing(found[size], point) if size in found else point
    return sorted(found.items(), key=lambda pair: pair[0])


def standing(one: Point, other: Point) -> Point:
    """Which of two points of the same workload, device, method and size stands for that size.

    Without a suite, a series reads every suite (the blog post's ``original``
    sizes and the larger ``matvec`` ones are one workload, and a claim about
    it ranges over both). Where two suites measured the same size, the point
    with more timed blocks stands: its interval is usually the tighter one, and the
    choice looks at neither time, so it cannot favour a device. On a tie the
    suite whose name sorts last, so the choice never depends on file order.
    """
    return max((one, other), key=lambda p: (p.repeats or len(p.samples or ()), p.suite or ""))


#: Two methods "agree" when the ratio of their times is within this of 1,
#: beyond noise: closer than a fifth, "misleads" would overstate it.
AGREEMENT_MARGIN = 0.2


def compare(baseline: Point, candidate: Point) -> Ratio:
    """``baseline time / candidate time`` with its interval: above 1, the candidate is faster. The interval is the
    range of the two points' published 95 % intervals (baseline's low / candidate's high … baseline's high /
    candidate's low), the ones the tables print, so a side is faster exactly where a reader sees those two
    intervals not meet; a point without a published interval has its own recomputed from its samples."""
    found = ratio(baseline.processes or baseline.samples, candidate.processes or candidate.samples,
                  (baseline.pool, candidate.pool))
    if baseline.ci_low_s and baseline.ci_high_s and candidate.ci_low_s and candidate.ci_high_s:
        found = replace(found, low=baseline.ci_low_s / candidate.ci_high_s,
                        high=baseline.ci_high_s / candidate.ci_low_s)
    return found


def speedups(results: ResultSet, accelerator: str, *, workload: str = "matvec", baseline: str = "cpu",
             method: Method = "engine", suite: str | None = None, **params: object) -> list[tuple[int, Ratio]]:
    """``(size, baseline time / accelerator time)`` with intervals, where both were measured well."""
    slow = dict(series(results, workload=workload, device=baseline, method=method, suite=suite, **params))
    fast = dict(series(results, workload=workload, device=accelerator, method=method, suite=suite, **params))
    return [(size, compare(slow[size], fast[size])) for size in sorted(slow.keys() & fast.keys())]


def time_ratios(results: ResultSet, device: str, *, workload: str = "matvec", numerator: Method = "engine",
                denominator: Method = "naive", suite: str | None = None, **params: object) -> list[tuple[int, Ratio]]:
    """``(size, numerator time / denominator time)`` with intervals, on one device, where both methods measured well.

    With the defaults, how many times longer a call really takes than the
    unsynchronised ``timeit`` of the original article reports.
    """
    real = dict(series(results, workload=workload, device=device, method=numerator, suite=suite, **params))
    naive = dict(series(results, workload=workload, device=device, method=denominator, suite=suite, **params))
    return [(size, compare(real[size], naive[size])) for size in sorted(real.keys() & naive.keys())]


def agreement(naive: Point, engine: Point, margin: float = AGREEMENT_MARGIN) -> Agreement:
    """How the naive time compares with the engine's: ``same`` (they agree within ``margin``, the whole
    interval inside it), ``faster`` (the naive figure is too small: too optimistic), ``slower`` (too large) or
    ``unclear`` (too noisy to say), from the ratio's interval (:meth:`~mpsarticle.core.stats.Ratio.agreement`)."""
    return compare(engine, naive).agreement(margin)


@dataclass(frozen=True)
class Crossover:
    """Where the accelerator wins and loses, in a series of speed-ups with intervals."""

    #: Smallest size from which the accelerator is faster (the two printed intervals do not meet)
    #: at that size and every larger measured size; ``None`` if there is none.
    size: int | None
    #: The accelerator was faster at every measured size.
    always: bool
    #: It was faster at no measured size.
    never: bool
    #: Sizes where it was faster, slower, or within noise of the CPU.
    wins: tuple[int, ...] = ()
    losses: tuple[int, ...] = ()
    ties: tuple[int, ...] = ()


def crossover(pairs: Sequence[tuple[int, Ratio]]) -> Crossover:
    """The crossover of a series of speed-ups, from their intervals (noise never makes one)."""
    directions = [(size, speedup.direction()) for size, speedup in pairs]
    wins = tuple(size for size, d in directions if d == FASTER)
    losses = tuple(size for size, d in directions if d == SLOWER)
    ties = tuple(size for size, d in directions if d == SAME)
    start = None
    for size, direction in reversed(directions):
        if direction != FASTER:
            break
        start = size
    return Crossover(start, always=bool(pairs) and start == pairs[0][0], never=not wins,
                     wins=wins, losses=losses, ties=ties)


def cpu_threads(results: ResultSet) -> int | None:
    """The CPU thread count the CPU points ran with (the most common, if they differ)."""
    counts = [p.threads for p in results.select(device="cpu") if p.threads]
    if counts:
        return max(set(counts), key=counts.count)
    value = results.environment.get("devices", {}).get("cpu", {}).get("threads_used")
    return value if isinstance(value, int) else None


def ceiling_gb_s(results: ResultSet, device: str) -> float | None:
    """The device's measured memory-bandwidth ceiling: the copy at the largest size measured.

    The largest copy is the one that cannot be served from cache; smaller
    copies can beat it and would overstate the ceiling.
    """
    pairs = series(results, workload="copy", device=device)
    return pairs[-1][1].gb_s if pairs else None


def peak_gflop_s(results: ResultSet, device: str, dtype: str | None = None) -> float | None:
    """The best matrix-product rate measured on ``device`` (in ``dtype`` if given)."""
    params: dict[str, Any] = {"dtype": dtype} if dtype else {}
    rates = [p.gflop_s for _, p in series(results, workload="matmul", device=device, **params) if p.gflop_s]
    return max(rates) if rates else None
