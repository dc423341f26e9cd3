"""Statistics of one point's samples, and of the ratio of two points.

Each sample is one timed block's time per call. From the samples of a point
we keep what pyperf, criterion and benchstat keep: the median, the first and
third quartiles, a 95 % confidence interval of the median, the count of
Tukey outliers, and whether the interval is tight enough to trust
(``stable``).

The interval of the median is the distribution-free one from order
statistics (the binomial argument: the number of samples below the true
median is Binomial(n, 1/2)), computed by :func:`scipy.stats.quantile_test`.
We chose it over a bootstrap because block times are skewed and few (10 to
100 per point): order statistics make no assumption about the shape, need no
random resampling (the same samples always give the same interval), and
their coverage is exact or conservative for every n, where a bootstrap of a
median from ten samples under-covers. With fewer than six samples no pair of
order statistics reaches 95 %; the interval is then the samples' full range
and the point is never ``stable``.

A point measured in several fresh processes (:mod:`mpsarticle.measure.workers`)
has one group of samples per process, and its value and interval come from
:func:`across_processes`: the run-to-run variation that a reader's rerun
meets (a fresh process may pick another kernel, another memory layout,
another clock) is in the interval, not only the variation inside one process.
Two or three processes say little on their own about how much a point varies
between processes, so a run's points lend each other theirs: each point
borrows the pooled variance of its neighbours (the points of the same device
and method that take about as long), or of all those points where its
neighbours do not differ from them (:func:`neighbour_pools`), and its interval
is the one that holds a rerun's value (:func:`across_processes` with a pool).

A speed-up is a ratio of two medians. Its interval divides the bounds of the
two medians' intervals, each taken at 97.5 %: by Bonferroni's inequality both
hold together with probability at least 95 %, and when both hold the ratio
(of pooled points, a rerun's ratio) lies between the quotients of their
bounds. It is conservative, which is the side a benchmark should err on
before it calls one device faster.

Nothing here imports torch.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Final, Literal, get_args

import numpy as np

__all__ = ["AGREEMENTS", "Agreement", "CONFIDENCE", "DIRECTIONS", "Direction", "FAMILY_TEST", "FASTER", "Member",
           "NEIGHBOUR_DF", "OWN_TEST", "Pool", "Ratio", "SAME", "SLOWER", "Spread", "Summary", "UNCLEAR",
           "across_processes", "interval", "load_libraries", "median_interval", "neighbour_pools", "ratio",
           "summarize"]

#: Confidence level of every interval the article shows.
CONFIDENCE = 0.95
#: A point is ``stable`` when its interval's half-width is at most this
#: share of the median.
TARGET_HALF_WIDTH = 0.05
#: Tukey's fences: samples more than this many IQRs outside the quartiles.
TUKEY_K = 1.5


@dataclass(frozen=True)
class Summary:
    """The statistics recorded with every measured point (times in seconds)."""

    n: int
    median: float
    q1: float
    q3: float
    ci_low: float
    ci_high: float
    outliers: int
    stable: bool
    #: Across processes (:class:`Spread`): the share of the variance between them; ``None`` for one process.
    between_share: float | None = None

    @property
    def iqr(self) -> float:
        return self.q3 - self.q1

    @property
    def half_width(self) -> float:
        """The interval's half-width as a share of the median."""
        return (self.ci_high - self.ci_low) / 2 / self.median if self.median else math.inf


def load_libraries() -> None:
    """Import scipy's statistics now (some 0.9 s on a 2-core CPU), so that a measuring session pays it before its
    first point rather than inside it, where it counts against the point's time limit."""
    import scipy.stats  # noqa: F401


def median_interval(samples: Sequence[float] | np.ndarray, confidence: float = CONFIDENCE) -> tuple[float, float, bool]:
    """``(low, high, exact)``: the order-statistic interval of the median.

    ``exact`` is False when there are too few samples for ``confidence`` and
    the full range was returned instead.
    """
    values = np.asarray(samples, dtype=float)
    if values.size == 0:
        raise ValueError("no samples")
    ranks = _median_ranks(int(values.size), confidence)
    if ranks is not None:
        ordered = np.sort(values)
        return float(ordered[ranks[0]]), float(ordered[ranks[1]]), True
    return float(values.min()), float(values.max()), False


@functools.lru_cache(maxsize=512)
def _median_ranks(n: int, confidence: float) -> tuple[int, int] | None:
    """The ranks (0-based) of the order statistics that bound the median's interval for ``n`` samples.

    scipy's interval is a pair of order statistics whose ranks depend only on
    ``n`` and ``confidence``, so they are found once per ``n`` on the samples
    0, 1, …, n-1 and then read from the sorted samples: the same interval,
    without building a binomial distribution for every point (most of the
    time of rendering a chapter).
    """
    if n < 2:
        return None
    from scipy.stats import quantile_test

    ranks = np.arange(n, dtype=float)
    found = quantile_test(ranks, q=float(np.median(ranks)), p=0.5).confidence_interval(confidence)
    if math.isfinite(found.low) and math.isfinite(found.high):
        return int(found.low), int(found.high)
    return None


def summarize(samples: Sequence[float], target: float = TARGET_HALF_WIDTH,
              groups: Sequence[Sequence[float]] | None = None, pool: Pool | None = None) -> Summary:
    """Median, quartiles, 95 % interval, outliers and stability of ``samples``.

    With ``groups`` (the samples of each fresh process, two or more), the
    median and the interval are :func:`across_processes`'s (with the point's
    ``pool``, if any); the quartiles and outliers stay those of all the
    samples together.
    """
    values = np.asarray(samples, dtype=float)
    q1, median, q3 = (float(v) for v in np.quantile(values, [0.25, 0.5, 0.75]))
    if groups is not None and (len(groups) >= 2 or (len(groups) == 1 and pool is not None)):
        found = across_processes(groups, pool=pool)
        median, low, high, exact, share = found.value, found.low, found.high, True, found.between_share
    else:
        (low, high, exact), share = median_interval(values), None
    spread = TUKEY_K * (q3 - q1)
    outliers = int(np.count_nonzero((values < q1 - spread) | (values > q3 + spread)))
    half_width = (high - low) / 2 / median if median else math.inf
    return Summary(values.size, median, q1, q3, low, high, outliers, stable=exact and half_width <= target,
                   between_share=share)


@dataclass(frozen=True)
class Spread:
    """A point's value across fresh processes: the value, its interval, and where its variation comes from.

    ``between_share``: the share of the variance of one process's median
    that is between processes (0: the processes agree as well as their own
    samples allow; 1: all of it is the process a run happened to get).
    """

    value: float
    low: float
    high: float
    processes: int
    between_share: float


#: The between-process variance a point borrows (of the logarithm of its process medians) and its degrees of
#: freedom (see :func:`neighbour_pools`); results files keep them as a point's ``floor_var`` and ``floor_df``.
Pool = tuple[float, int]
#: Degrees of freedom a neighbourhood gathers before it stops taking points (see :func:`neighbour_pools`).
NEIGHBOUR_DF = 8
#: A point keeps its own between-process variance where it exceeds the borrowed one by more than this quantile
#: of the F distribution (see :func:`across_processes`).
OWN_TEST = 0.95
#: A neighbourhood's variance gives way to its whole family's where their ratio lies within this central share
#: of the F distribution (see :func:`neighbour_pools`).
FAMILY_TEST = 0.99


@dataclass(frozen=True)
class Member:
    """One point of a run as :func:`neighbour_pools` sees it.

    ``family``: the points that may lend to each other (the run's device and
    timing method); ``workload``: the points it prefers to borrow from;
    ``groups``: its samples per process, in the order the processes ran.
    """

    family: Hashable
    workload: str
    groups: Sequence[Sequence[float]]


def neighbour_pools(members: Sequence[Member], enough: int = NEIGHBOUR_DF) -> list[Pool | None]:
    """The between-process variance each point of one run borrows, and its degrees of freedom.

    ``None`` for a point measured in fewer than two processes. A point takes
    its family's pool where its neighbours' does not contradict it, else its
    neighbours'; :func:`across_processes` then keeps the point's own variance
    where the borrowed one is too small for it. The choice, and why:

    - Neighbours, not the whole device. How much a point varies between
      processes follows what bounds it: in the archive's two H200 runs
      measured in three processes, a synchronised call under 20 µs (a
      launch) varies 3 to 27 % from one process to the next (typically 8 to
      18 %), and a product, copy or attention of 0.1 ms or more 0 to 4 %
      (typically under 1 %); a point's variance in one run predicts its
      variance in the other (rank correlation 0.8). A device-wide floor gave
      nearly every CUDA point of a run the same width, ±12 % in one and
      ±21 % in the other. So a point borrows from
      the points of its family (the same device and timing method) whose
      time is nearest its own (in logarithm: a factor, not a difference),
      those of its own workload first, until the pool holds ``enough``
      degrees of freedom with the point's own: four points measured in
      three processes, eight in two.
    - The family where the neighbours do not differ from it. On a CPU the
      variance barely follows the point (rank correlation 0.1 to 0.3 between
      the archive's runs), so a neighbourhood is only a smaller sample of
      the same thing: where the ratio of the neighbours' variance to the
      whole family's lies within the central :data:`FAMILY_TEST` of the F
      distribution, the point takes the family's, with its many more
      degrees of freedom.
    - Plain pooled variances (sums of squares over degrees of freedom), not
      medians or geometric means: a process that ran slow at one point shows
      that a rerun's processes can too, and the plain pool passes that on.
      A pool that leaves such points out holds markedly fewer reruns (80 to
      90 % of simulated ones and of the archive's, where this one holds 88
      to 95 %: ``scripts/interval_check.py`` measures this one).
    - Degrees of freedom by Satterthwaite's formula, counting a shift that
      one process gave every pooled point of a workload once rather than
      once per point: a workload's points run one after another in each
      process, and a process that was slow for a while was slow for all of
      them (on the H200, one process's shift made 86 % of the spread between
      processes of the small matrix–vector products). Where the points move
      independently this is the pooled count; where they move together,
      one point's. It is rounded down, as a results file keeps it.
    """
    found: list[Pool | None] = [None] * len(members)
    centred: dict[int, np.ndarray] = {}
    duration: dict[int, float] = {}
    for index, member in enumerate(members):
        logs = [np.log(np.asarray(group, dtype=float)) for group in member.groups if len(group)]
        if len(logs) >= 2:
            centres = np.asarray([float(np.median(group)) for group in logs])
            centred[index], duration[index] = centres - centres.mean(), float(centres.mean())
    families: dict[Hashable, tuple[float, float]] = {}
    for index in centred:
        member = members[index]
        others = _nearest(members, centred, duration, member, duration[index], index)
        chosen = [index] + _enough(others, centred, enough - (centred[index].size - 1))
        variance, satterthwaite = _pooled([centred[j] for j in chosen], [members[j].workload for j in chosen])
        if member.family not in families:
            every = [index, *others]
            families[member.family] = _pooled([centred[j] for j in every], [members[j].workload for j in every])
        wide, wide_freedom = families[member.family]
        if wide > 0 and variance > 0 and _consistent(variance / wide, satterthwaite, wide_freedom):
            variance, satterthwaite = wide, wide_freedom
        found[index] = (variance, max(1, int(satterthwaite)))
    for index, member in enumerate(members):
        single = [group for group in member.groups if len(group)]
        if index in centred or len(single) != 1:
            continue
        # A point left with one process borrows from the nearest of its family that were measured in several.
        own = float(np.median(np.log(np.asarray(single[0], dtype=float))))
        chosen = _enough(_nearest(members, centred, duration, member, own, None), centred, enough)
        if chosen:
            variance, satterthwaite = _pooled([centred[j] for j in chosen], [members[j].workload for j in chosen])
            found[index] = (variance, max(1, int(satterthwaite)))
    return found


def _nearest(members: Sequence[Member], centred: dict[int, np.ndarray], duration: dict[int, float], member: Member,
             at: float, skip: int | None) -> list[int]:
    """The pooled points of ``member``'s family, its own workload first, then by how near their time is to ``at``
    (a logarithm of seconds)."""
    return sorted((j for j in centred if j != skip and members[j].family == member.family),
                  key=lambda j: (members[j].workload != member.workload, abs(duration[j] - at), j))


def _enough(others: Sequence[int], centred: dict[int, np.ndarray], wanted: int) -> list[int]:
    """The first of ``others`` whose degrees of freedom together reach ``wanted``."""
    chosen, freedom = [], 0
    for j in others:
        if freedom >= wanted:
            break
        chosen.append(j)
        freedom += centred[j].size - 1
    return chosen


def _consistent(ratio: float, top: float, bottom: float) -> bool:
    """Whether a ratio of two variances with these degrees of freedom lies within the central
    :data:`FAMILY_TEST` of the F distribution."""
    top_df, bottom_df = max(1, int(top)), max(1, int(bottom))
    return (_fisher((1 - FAMILY_TEST) / 2, top_df, bottom_df) <= ratio
            <= _fisher(1 - (1 - FAMILY_TEST) / 2, top_df, bottom_df))


def _pooled(rows: Sequence[np.ndarray], series: Sequence[Hashable]) -> tuple[float, float]:
    """The pooled variance of process deviations (each row a point's log process medians less their mean), and
    its degrees of freedom by Satterthwaite's formula.

    Within each series, the rows of one length (processes in the same
    order) split into each process's shift shared by all of them (``P - 1``
    degrees of freedom) and the rest.
    """
    tables: dict[tuple[Hashable, int], list[np.ndarray]] = {}
    for row, name in zip(rows, series, strict=True):
        tables.setdefault((name, row.size), []).append(row)
    parts = []
    for (_, size), table in tables.items():
        block = np.asarray(table)
        shifts = block.mean(axis=0)
        parts += [(block.shape[0] * float(np.sum(shifts ** 2)), size - 1),
                  (float(np.sum((block - shifts) ** 2)), (block.shape[0] - 1) * (size - 1))]
    parts = [(square, freedom) for square, freedom in parts if freedom > 0]
    total = sum(square for square, _ in parts)
    freedom = sum(f for _, f in parts)
    spread = sum(square ** 2 / f for square, f in parts)
    return total / freedom, (total ** 2 / spread if spread > 0 else float(freedom))


@functools.lru_cache(maxsize=1024)
def _student(level: float, freedom: float) -> float:
    from scipy.stats import t as student

    return float(student.ppf(level, freedom))


@functools.lru_cache(maxsize=1024)
def _fisher(level: float, top: int, bottom: int) -> float:
    from scipy.stats import f as fisher

    return float(fisher.ppf(level, top, bottom))


def across_processes(groups: Sequence[Sequence[float]], confidence: float = CONFIDENCE,
                     pool: Pool | None = None, rerun: int | None = None) -> Spread:
    """The value of a point measured in several processes, and its interval.

    The method (a one-way random-effects model on the logarithm of time, the
    textbook model of repeated runs; no maintained library implements it for
    a handful of groups of unequal size, so it is written out here and
    tested against simulated runs in ``tests/unit/test_stats.py`` and
    ``tests/unit/test_interval_pools.py``):

    - each process contributes one value, the logarithm of its median;
      times are multiplicative (a slower clock scales every sample), so the
      logarithm makes a process's effect additive;
    - the point's value is the geometric mean of the process medians;
    - with a ``pool`` (:func:`neighbour_pools`), the interval is Student's t
      prediction interval of a rerun's value: a rerun measured in ``rerun``
      processes (as many as this run, unless given) lies within it with
      probability ``confidence``. The variance of the difference of two means of process
      values is ``s² (1 / P + 1 / rerun)``, ``s²`` the borrowed variance and
      the t factor the pool's degrees of freedom. A rerun, not the true
      median, because a rerun is what a reader can check: an interval for
      the true median (``s² / P``) holds another run's value only about
      83 % of the time even when ``s`` is known. The point keeps its own
      variance of the process values where it exceeds the borrowed one by
      more than the :data:`OWN_TEST` quantile of F (its ``P - 1`` degrees of
      freedom over the pool's): such processes disagree more than the
      neighbours explain, so a slow process widens the interval instead of
      being averaged away. What no run shows is a shift common to all its
      processes (another GPU of the same model, a clock that a session
      keeps): two H200 runs 2.5 hours apart differed by 3 to 4 % at the
      large half-precision matrix products, where each run's processes
      agreed within 1 %;
    - without a pool (the self-check, or a point not yet pooled), the
      interval is Student's t interval of the mean of the process values
      with ``P - 1`` degrees of freedom: the variance of the mean of ``P``
      process values is estimated without bias by their sample variance
      over ``P``, which already holds both the within-process noise
      (through each median) and the between-process variation; it stops
      one spread of the process medians beyond the extreme ones (t with one
      degree of freedom would reach 12.7 spreads);
    - either interval is never narrower than the order-statistic interval
      of the median of all samples (:func:`median_interval`), which still
      holds when the processes happen to agree more closely than their own
      noise;
    - the between-process share compares the variance of the process values
      with the part the within-process noise explains (the variance of a
      median of ``n`` samples is about ``pi / 2`` times that of a mean).
    """
    logs = [np.log(np.asarray(group, dtype=float)) for group in groups if len(group)]
    if len(logs) == 1 and pool is not None:
        # One process (the others set aside as measured under contention): its own samples say nothing of how a
        # fresh process would differ, so the borrowed variance says it all, for one process against a rerun's.
        variance, freedom = pool
        centre = float(np.median(logs[0]))
        half = _student(1 - (1 - confidence) / 2, freedom) * math.sqrt(variance * (1 + 1 / (rerun or 1)))
        low, high, _ = median_interval(np.exp(logs[0]), confidence)
        return Spread(math.exp(centre), min(math.exp(centre - half), low), max(math.exp(centre + half), high), 1, 0.0)
    if len(logs) < 2:
        values = np.concatenate(logs) if logs else np.asarray([], dtype=float)
        low, high, _ = median_interval(np.exp(values), confidence)
        return Spread(float(np.exp(np.median(values))), low, high, len(logs), 0.0)
    centres = np.asarray([np.median(group) for group in logs])
    count = centres.size
    mean = float(centres.mean())
    spread = float(centres.std(ddof=1))
    level = 1 - (1 - confidence) / 2
    if pool is not None:
        variance, freedom = pool
        if spread ** 2 > variance * _fisher(OWN_TEST, count - 1, freedom):
            variance = spread ** 2
        half = _student(level, freedom) * math.sqrt(variance * (1 / count + 1 / (rerun or count)))
        low, high = mean - half, mean + half
    else:
        half = _student(level, count - 1) * spread / math.sqrt(count)
        # Two processes 2x apart would put the bounds some 150x either side, a bound no reader can use; from three
        # processes on this cut rarely binds (tests/unit/test_stats.py).
        reach = float(centres.max() - centres.min())
        low, high = max(mean - half, float(centres.min()) - reach), min(mean + half, float(centres.max()) + reach)
    pooled_low, pooled_high, _ = median_interval(np.exp(np.concatenate(logs)), confidence)
    within = [float(np.var(group, ddof=1)) / group.size * math.pi / 2 for group in logs if group.size > 1]
    noise = float(np.mean(within)) if within else 0.0
    between = max(0.0, spread ** 2 - noise)
    share = between / (between + noise) if between + noise > 0 else 0.0
    return Spread(math.exp(mean), min(math.exp(low), pooled_low), max(math.exp(high), pooled_high), count, share)


def interval(groups: Sequence[Sequence[float]], confidence: float = CONFIDENCE,
             pool: Pool | None = None) -> tuple[float, float, float]:
    """``(value, low, high)`` of a point from its samples per process (one group: a single process's median)."""
    if len(groups) >= 2:
        found = across_processes(groups, confidence, pool)
        return found.value, found.low, found.high
    samples = groups[0] if groups else ()
    low, high, _ = median_interval(samples, confidence)
    return float(np.median(samples)), low, high


#: How a ratio's interval reads (:meth:`Ratio.direction`): the candidate is faster, slower, or within the margin.
Direction = Literal["faster", "slower", "same"]
#: Whether two times agree (:meth:`Ratio.agreement`): a direction, or ``unclear``, too wide to say either way.
Agreement = Literal[Direction, "unclear"]
DIRECTIONS: tuple[Direction, ...] = get_args(Direction)
AGREEMENTS: tuple[Agreement, ...] = get_args(Agreement)
FASTER: Final = "faster"
SLOWER: Final = "slower"
SAME: Final = "same"
UNCLEAR: Final = "unclear"


@dataclass(frozen=True)
class Ratio:
    """A ratio of two medians with its (at least) 95 % interval.

    For a speed-up the numerator is the baseline's time and the denominator
    the candidate's, so a value above 1 means the candidate is faster.
    """

    value: float
    low: float
    high: float

    def direction(self, margin: float = 0.0) -> Direction:
        """``faster`` when the whole interval lies above ``1 + margin``,
        ``slower`` when it lies below ``1 / (1 + margin)``, else ``same``.

        With ``margin`` 0 this asks only whether the difference is beyond
        noise; a positive margin also asks that it be large enough to matter.
        """
        if self.low > 1.0 + margin:
            return FASTER
        if self.high < 1.0 / (1.0 + margin):
            return SLOWER
        return SAME

    def agreement(self, margin: float) -> Agreement:
        """Whether two times agree within ``margin``: ``same`` only when the whole interval lies within
        ``1 / (1 + margin)`` … ``1 + margin`` (agreement shown, not merely disagreement unproven); else
        ``faster`` or ``slower`` when the interval lies wholly on one side of 1, and :data:`UNCLEAR` when it
        holds 1 but reaches beyond the margin (too noisy to say either way)."""
        if 1.0 / (1.0 + margin) <= self.low and self.high <= 1.0 + margin:
            return SAME
        if self.low > 1.0:
            return FASTER
        if self.high < 1.0:
            return SLOWER
        return UNCLEAR

    def contains(self, value: float) -> bool:
        return self.low <= value <= self.high


def ratio(numerator: Sequence[float] | Sequence[Sequence[float]],
          denominator: Sequence[float] | Sequence[Sequence[float]],
          pools: tuple[Pool | None, Pool | None] = (None, None)) -> Ratio:
    """The ratio of two points' values with its interval (see the module notes).

    Each side is a point's samples, or its samples per process (a sequence
    of sequences), whose value and interval are :func:`interval`'s (with
    that side's pool, if any: then the ratio's interval holds a rerun's
    ratio).
    """
    level = 1 - (1 - CONFIDENCE) / 2
    top, top_low, top_high = interval(_groups(numerator), level, pools[0])
    bottom, bottom_low, bottom_high = interval(_groups(denominator), level, pools[1])
    return Ratio(top / bottom, top_low / bottom_high, top_high / bottom_low)


def _groups(values: Sequence[float] | Sequence[Sequence[float]]) -> list[Sequence[float]]:
    if len(values) and isinstance(values[0], (list, tuple, np.ndarray)):
        return list(values)  # type: ignore[arg-type]
    return [values]  # type: ignore[list-item]
