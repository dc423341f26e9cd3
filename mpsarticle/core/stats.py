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
between processes, so a run's points inform each other's: each point's
variance is moderated towards those of the points of the same device and
method, as much as those points vary alike (:func:`moderated_pools`), and its
interval is the one that holds a rerun's value (:func:`across_processes` with
a pool).

A speed-up is a ratio of two medians. Its interval divides the bounds of the
two medians' own 95 % intervals, the ones the tables print: one side is
faster exactly where those two intervals do not meet, which a reader can check
in the tables. Were the two equally fast, two 95 % intervals would fail to
meet less often than 1 time in 20 (far less when their widths are alike), so
this is a test at the 5 % level at worst.

Nothing here imports torch.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Final, Literal, get_args

import numpy as np

__all__ = ["AGREEMENTS", "Agreement", "CONFIDENCE", "DIRECTIONS", "Direction", "FASTER",
           "LEVEL_SPAN", "Member", "OWN_TEST", "PRIOR_POINTS", "Pool", "Ratio", "SAME", "SLOWER", "Spread", "Summary",
           "UNCLEAR", "across_processes", "interval", "load_libraries", "median_interval",
           "moderated_pools", "ratio", "summarize"]

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


#: The between-process variance a point's interval uses (of the logarithm of its process medians) and its degrees
#: of freedom (see :func:`moderated_pools`); results files keep them as a point's ``floor_var`` and ``floor_df``.
Pool = tuple[float, int]
#: A point keeps its own between-process variance where it exceeds the moderated one by more than this quantile
#: of the F distribution (see :func:`across_processes`).
OWN_TEST = 0.95
#: Fewer points than this in a family say nothing of how much their variances differ: they share one pool.
PRIOR_POINTS = 3


@dataclass(frozen=True)
class Member:
    """One point of a run as :func:`moderated_pools` sees it.

    ``family``: the points whose variances inform each other's (the run's
    device and timing method); ``workload``: the points that one process
    measured one after another, whose shifts it may share; ``groups``: its
    samples per process, in the order the processes ran.
    """

    family: Hashable
    workload: str
    groups: Sequence[Sequence[float]]


def moderated_pools(members: Sequence[Member]) -> list[Pool | None]:
    """The between-process variance of each point of one run, moderated by its family's, and its degrees of
    freedom.

    ``None`` for a point measured in fewer than two processes, unless it has
    one (the others set aside): it then takes its family's prior alone. The
    method is the empirical-Bayes moderation of variances (Smyth 2004, the
    ``eBayes`` of R's limma; no maintained Python library offers it for a
    handful of groups, so it is written out here and tested against
    simulated runs in ``tests/unit/test_interval_pools.py``):

    - each point's own variance of its log process medians, ``s²`` on
      ``d = P - 1`` degrees of freedom, is one draw around its true
      variance; the family's variances are taken as drawn from a scaled
      inverse chi-square prior, ``s0²`` on ``d0`` degrees of freedom,
      fitted by the method of moments on ``log s²`` (digamma and trigamma);
    - a point's moderated variance is ``(d0 s0² + d s²) / (d0 + d)`` on
      ``d0 + d`` degrees of freedom: where the family's points vary alike
      (``d0`` large) it is nearly the pooled variance with its many degrees
      of freedom; where they differ (a launch-bound call beside one that
      streams memory: on the H200 the first varies 10 to 25 % between
      processes, the second under 1 %), ``d0`` is small and each point
      keeps nearly its own, with few degrees of freedom and so a wide t
      factor. Borrowing from the points nearest in time instead gives a
      bandwidth-bound product on the H200 (m = 4,096, 24 µs) the variance
      of the launch-bound sizes beside it (12 µs): ±24 % where five fresh
      runs agree within 1 %;
    - ``d0`` never exceeds the degrees of freedom of the family's pooled
      variance by Satterthwaite's formula (:func:`_pooled`), which counts a
      shift one process gave every point of a workload once: a workload's
      points run one after another in each process, and a process slow for
      a while is slow for all of them, so their agreement is one
      observation, not one per point;
    - variances of zero (a coarse clock) inform the moderation but not the
      prior's fit, whose logarithm they would send to minus infinity; a
      family of fewer than :data:`PRIOR_POINTS` points shares its pooled
      variance.
    """
    found: list[Pool | None] = [None] * len(members)
    families: dict[Hashable, list[int]] = {}
    centred: dict[int, np.ndarray] = {}
    for index, member in enumerate(members):
        families.setdefault(member.family, []).append(index)
        logs = [np.log(np.asarray(group, dtype=float)) for group in member.groups if len(group)]
        if len(logs) >= 2:
            centres = np.asarray([float(np.median(group)) for group in logs])
            centred[index] = centres - centres.mean()
    for indices in families.values():
        pooled = [index for index in indices if index in centred]
        if not pooled:
            continue
        variance, satterthwaite = _pooled([centred[j] for j in pooled], [members[j].workload for j in pooled])
        prior, weight = _prior([centred[j] for j in pooled], satterthwaite)
        for index in indices:
            if index in centred:
                own, freedom = float(np.sum(centred[index] ** 2)), centred[index].size - 1
                if weight is None:
                    found[index] = (variance, max(1, int(satterthwaite)))
                else:
                    found[index] = ((weight * prior + own) / (weight + freedom), max(1, int(weight + freedom)))
            elif sum(1 for group in members[index].groups if len(group)) == 1:
                # One process (the others set aside): its own samples show nothing of a fresh process's shift.
                found[index] = ((variance, max(1, int(satterthwaite))) if weight is None
                                else (prior, max(1, int(weight))))
    return found


def _prior(rows: Sequence[np.ndarray], most: float) -> tuple[float, float | None]:
    """``(s0², d0)`` of the scaled inverse chi-square prior of these rows' variances (each row a point's centred
    log process medians), ``d0`` at most ``most``; ``d0`` is ``None`` where too few rows fit one."""
    from scipy.optimize import brentq
    from scipy.special import digamma, polygamma

    freedom = np.asarray([row.size - 1 for row in rows], dtype=float)
    variances = np.asarray([float(np.sum(row ** 2)) for row in rows]) / freedom
    keep = variances > 0
    if np.count_nonzero(keep) < PRIOR_POINTS:
        return 0.0, None
    half = freedom[keep] / 2
    logs = np.log(variances[keep]) - digamma(half) + np.log(half)
    mean = float(logs.mean())
    excess = float(np.var(logs, ddof=1) - np.mean(polygamma(1, half)))
    if excess > 0:
        # The trigamma function falls from infinity to zero: one root, bracketed wide.
        d0 = 2 * brentq(lambda x: float(polygamma(1, x)) - excess, 1e-8, 1e8)
        prior = math.exp(mean + float(digamma(d0 / 2)) - math.log(d0 / 2))
    else:
        # The variances differ no more than draws of one variance would: the prior is that variance.
        d0, prior = math.inf, math.exp(mean)
    return prior, min(d0, most)


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


#: The standard deviation, on the logarithm of time, of a shift common to every process of one run, which no run
#: can see in itself. Five fresh default runs of ``B @ a`` on an H100 put the engine's value at m = 16,384 apart
#: by 0.50 % (standard deviation of the five), 0.39 % more than their processes' own spread explains (one run 1.1 %
#: slower than the other four, whose intervals were ±0.9 %); at m = 4,096 and 8,192, under 0.1 %. Two H200 runs
#: 2.5 hours apart differed by 3 to 4 % at the large half-precision matrix products, a session's clock that this
#: does not cover. Half a percent adds about ±1.4 % to a pooled interval in quadrature: nothing beside a
#: launch-bound point's ±10 %, and what keeps a streaming point's ±1 % from promising more than a rerun keeps.
RUN_SHIFT: Final = 0.005

#: The widest a pooled interval reaches on either side of its value, as a factor. A family whose processes
#: disagree a hundredfold (a busy machine: one process 124x its sibling) on one degree of freedom would put the
#: bounds some 10^15 s out, a bound no reader can use and no results file accepts; a thousandfold is beyond the
#: largest shift seen between a busy and an idle process (651x) and still says "unknown" as plainly.
WIDEST: Final = 1000.0


def _with_run_shift(squared_half: float, level: float) -> float:
    """A half-width whose square is ``squared_half`` (the processes' part, t factor included) with the two runs'
    shifts added in quadrature: :data:`RUN_SHIFT` is a stated constant, not estimated from the run, so its part
    takes the normal quantile rather than the t factor of the pool's few degrees of freedom."""
    from scipy.stats import norm

    return math.sqrt(squared_half + float(norm.ppf(level)) ** 2 * 2 * RUN_SHIFT ** 2)


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
    - with a ``pool`` (:func:`moderated_pools`), the interval is Student's t
      prediction interval of a rerun's value: a rerun measured in ``rerun``
      processes (as many as this run, unless given) lies within it with
      probability ``confidence``. The variance of the difference of two means of process
      values is ``s² (1 / P + 1 / rerun)``, ``s²`` the pool's variance and
      the t factor the pool's degrees of freedom. A rerun, not the true
      median, because a rerun is what a reader can check: an interval for
      the true median (``s² / P``) holds another run's value only about
      83 % of the time even when ``s`` is known. The point keeps its own
      variance of the process values where it exceeds the pool's by more
      than the :data:`OWN_TEST` quantile of F (its ``P - 1`` degrees of
      freedom over the pool's): such processes disagree more than the
      family explains, so a slow process widens the interval instead of
      being averaged away. What no run shows is a shift common to all its
      processes (a clock that a session keeps, the state a device is left
      in): both runs carry one, so the half-width adds, in quadrature,
      the normal quantile of a known variance ``2 RUN_SHIFT²``
      (:data:`RUN_SHIFT`, :func:`_with_run_shift`);
    - without a pool (the self-check, or a point not yet pooled), the
      interval is Student's t interval of the mean of the process values
      with ``P - 1`` degrees of freedom: the variance of the mean of ``P``
      process values is estimated without bias by their sample variance
      over ``P``, which already holds both the within-process noise
      (through each median) and the between-process variation; it stops
      one spread of the process medians beyond the extreme ones (t with one
      degree of freedom would reach 12.7 spreads);
    - a pooled interval reaches at most :data:`WIDEST` either side of the
      value: past that it says only "unknown", and a busy machine's family
      on one degree of freedom would otherwise reach 10^15 s;
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
        # fresh process would differ, so the family's prior says it all, for one process against a rerun's.
        variance, freedom = pool
        centre = float(np.median(logs[0]))
        half = min(_with_run_shift(_student(1 - (1 - confidence) / 2, freedom) ** 2 * variance * (1 + 1 / (rerun or 1)),
                                   1 - (1 - confidence) / 2), math.log(WIDEST))
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
        half = min(_with_run_shift(_student(level, freedom) ** 2 * variance * (1 / count + 1 / (rerun or count)),
                                   level), math.log(WIDEST))
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


#: Two values are level within noise only where their ratio's whole interval lies within this factor of 1 on both
#: sides; an interval that holds 1 but reaches beyond it on either side is too wide to tell which is faster
#: (:meth:`Ratio.reading`). A fifth, as naive timeit's agreement with the timer.
LEVEL_SPAN: Final = 1.2
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
    """A ratio of two medians with its interval: the quotients of the bounds of the two values' own 95 %
    intervals (numerator's low / denominator's high … numerator's high / denominator's low), the range a reader
    reads from the tables, and the one a chart draws.

    For a speed-up the numerator is the baseline's time and the denominator
    the candidate's, so a value above 1 means the candidate is faster.
    """

    value: float
    low: float
    high: float

    def direction(self, margin: float = 0.0) -> Direction:
        """``faster`` when the whole interval lies above ``1 + margin``,
        ``slower`` when it lies below ``1 / (1 + margin)``, else ``same``.

        With ``margin`` 0: faster exactly where the two values' 95 %
        intervals do not meet (see the module notes); a positive margin also
        asks that the difference be large enough to matter.
        """
        if self.low > 1.0 + margin:
            return FASTER
        if self.high < 1.0 / (1.0 + margin):
            return SLOWER
        return SAME

    def reading(self, margin: float = 0.0) -> Agreement:
        """:meth:`direction` where a sentence sets two values side by side: ``same`` (level within noise) only
        where the whole interval lies within :data:`LEVEL_SPAN` (or ``1 + margin``, if wider) of 1 on both sides;
        an interval that holds 1 but reaches beyond that on either side is :data:`UNCLEAR`, too noisy to tell
        (15.9 µs against 2.66 µs is not "level", and neither is a range of 0.9 to 44)."""
        found = self.direction(margin)
        wide = max(LEVEL_SPAN, 1.0 + margin)
        within = 1.0 / wide <= self.low and self.high <= wide
        return UNCLEAR if found == SAME and not within else found

    def scaled(self, factor: float) -> Ratio:
        """The ratio times ``factor`` (a ratio of times made one of rates), its interval with it."""
        return Ratio(self.value * factor, self.low * factor, self.high * factor)

    def agreement(self, margin: float) -> Agreement:
        """Whether two times agree within ``margin``: ``same`` only when the whole interval lies within
        ``1 / (1 + margin)`` … ``1 + margin`` (agreement shown, not merely disagreement unproven); else ``faster``
        or ``slower`` when it lies wholly on one side of 1, and :data:`UNCLEAR` when it holds 1 but reaches beyond
        the margin (too noisy to say either way)."""
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
    of sequences), whose value and 95 % interval are :func:`interval`'s (with
    that side's pool, if any: then the ratio's interval holds a rerun's
    ratio).
    """
    top, top_low, top_high = interval(_groups(numerator), CONFIDENCE, pools[0])
    bottom, bottom_low, bottom_high = interval(_groups(denominator), CONFIDENCE, pools[1])
    return Ratio(top / bottom, top_low / bottom_high, top_high / bottom_low)


def _groups(values: Sequence[float] | Sequence[Sequence[float]]) -> list[Sequence[float]]:
    if len(values) and isinstance(values[0], (list, tuple, np.ndarray)):
        return list(values)  # type: ignore[arg-type]
    return [values]  # type: ignore[list-item]
