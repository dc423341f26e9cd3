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

A speed-up is a ratio of two medians. Its interval divides the bounds of the
two medians' intervals, each taken at 97.5 %: by Bonferroni's inequality both
hold together with probability at least 95 %, and when both hold the true
ratio lies between the quotients of their bounds. It is conservative, which
is the side a benchmark should err on before it calls one device faster.

Nothing here imports torch.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal, get_args

import numpy as np

__all__ = ["AGREEMENTS", "Agreement", "CONFIDENCE", "DIRECTIONS", "Direction", "FASTER", "FLOOR_QUANTILE", "Floor",
           "Ratio", "SAME", "SLOWER", "Spread", "Summary", "UNCLEAR", "across_processes", "between_floor", "interval",
           "load_libraries", "median_interval", "ratio", "summarize"]

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
              groups: Sequence[Sequence[float]] | None = None, floor: Floor | None = None) -> Summary:
    """Median, quartiles, 95 % interval, outliers and stability of ``samples``.

    With ``groups`` (the samples of each fresh process, two or more), the
    median and the interval are :func:`across_processes`'s; the quartiles
    and outliers stay those of all the samples together.
    """
    values = np.asarray(samples, dtype=float)
    q1, median, q3 = (float(v) for v in np.quantile(values, [0.25, 0.5, 0.75]))
    if groups is not None and len(groups) >= 2:
        found = across_processes(groups, floor=floor)
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


#: A floor for the between-process variance of one point (of the logarithm of its process medians), lent by the
#: run's other points on the same device, and its degrees of freedom (see :func:`between_floor`).
Floor = tuple[float, int]
#: Which of a device's between-process variances the floor is: the upper quartile (see :func:`between_floor`).
FLOOR_QUANTILE = 0.75


def between_floor(points: Sequence[Sequence[Sequence[float]]]) -> Floor | None:
    """The floor of the between-process variance for the points of one device in one run.

    One point's own estimate of how much its processes vary comes from two
    or three process medians, one or two degrees of freedom: two processes
    that happen to agree give an interval that a rerun misses (measured on
    this project's 2-core CPU: 63 % of reruns held instead of 95 %). The
    run's other points on the same device were measured by the same
    processes, so they lend theirs: the floor is the upper quartile of all
    their between-process variances, with their pooled degrees of freedom.
    The upper quartile, not the median, because points differ (small ones
    vary more between processes than large ones); a point whose own
    variance is above the floor keeps its own.
    """
    variances, freedom = [], 0
    for groups in points:
        centres = [float(np.median(np.log(np.asarray(g, dtype=float)))) for g in groups if len(g)]
        if len(centres) >= 2:
            variances.append(float(np.var(centres, ddof=1)))
            freedom += len(centres) - 1
    if len(variances) < 2:
        return None
    return float(np.quantile(variances, FLOOR_QUANTILE)), freedom


def across_processes(groups: Sequence[Sequence[float]], confidence: float = CONFIDENCE,
                     floor: Floor | None = None) -> Spread:
    """The value of a point measured in several processes, with an interval that covers a rerun's processes.

    The method (a one-way random-effects model on the logarithm of time, the
    textbook model of repeated runs; no maintained library implements it for
    a handful of groups of unequal size, so it is written out here and
    tested against simulated runs in ``tests/unit/test_stats.py``):

    - each process contributes one value, the logarithm of its median;
      times are multiplicative (a slower clock scales every sample), so the
      logarithm makes a process's effect additive;
    - the point's value is the geometric mean of the process medians, and
      the interval is Student's t interval of that mean with ``P - 1``
      degrees of freedom: the variance of the mean of ``P`` process values
      is estimated without bias by their sample variance over ``P``, which
      already holds both the within-process noise (through each median) and
      the between-process variation. With two or three processes the t
      factor is large (12.7 and 4.3): few processes, an honest wide interval;
    - the interval is never narrower than the order-statistic interval of
      the median of all samples (:func:`median_interval`), which still holds
      when the processes happen to agree more closely than their own noise;
    - with a ``floor`` (:func:`between_floor`), the variance is at least the
      floor's, and the t factor takes the floor's degrees of freedom;
    - the between-process share compares the variance of the process values
      with the part the within-process noise explains (the variance of a
      median of ``n`` samples is about ``pi / 2`` times that of a mean).
    """
    logs = [np.log(np.asarray(group, dtype=float)) for group in groups if len(group)]
    if len(logs) < 2:
        values = np.concatenate(logs) if logs else np.asarray([], dtype=float)
        low, high, _ = median_interval(np.exp(values), confidence)
        return Spread(float(np.exp(np.median(values))), low, high, len(logs), 0.0)
    from scipy.stats import t as student

    centres = np.asarray([np.median(group) for group in logs])
    count = centres.size
    mean = float(centres.mean())
    spread = float(centres.std(ddof=1))
    variance, freedom = spread ** 2, count - 1
    if floor is not None:
        variance, freedom = max(variance, floor[0]), max(freedom, floor[1])
    half = float(student.ppf(1 - (1 - confidence) / 2, freedom)) * math.sqrt(variance / count)
    pooled_low, pooled_high, _ = median_interval(np.exp(np.concatenate(logs)), confidence)
    # Two processes give t one degree of freedom (12.7): processes 2x apart would put the bounds some 150x
    # either side, a bound no reader can use. The interval stops one spread of the process medians beyond the
    # extreme ones (from three processes on this cut rarely binds: tests/unit/test_stats.py).
    reach = float(centres.max() - centres.min()) if floor is None else math.inf
    low = min(math.exp(max(mean - half, float(centres.min()) - reach)), pooled_low)
    high = max(math.exp(min(mean + half, float(centres.max()) + reach)), pooled_high)
    within = [float(np.var(group, ddof=1)) / group.size * math.pi / 2 for group in logs if group.size > 1]
    noise = float(np.mean(within)) if within else 0.0
    observed = spread ** 2
    between = max(0.0, observed - noise)
    share = between / (between + noise) if between + noise > 0 else 0.0
    return Spread(math.exp(mean), low, high, count, share)


def interval(groups: Sequence[Sequence[float]], confidence: float = CONFIDENCE,
             floor: Floor | None = None) -> tuple[float, float, float]:
    """``(value, low, high)`` of a point from its samples per process (one group: a single process's median)."""
    if len(groups) >= 2:
        found = across_processes(groups, confidence, floor)
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
          floors: tuple[Floor | None, Floor | None] = (None, None)) -> Ratio:
    """The ratio of two points' values with its interval (see the module notes).

    Each side is a point's samples, or its samples per process (a sequence
    of sequences), whose value and interval are :func:`interval`'s (with
    that side's floor, if any).
    """
    level = 1 - (1 - CONFIDENCE) / 2
    top, top_low, top_high = interval(_groups(numerator), level, floors[0])
    bottom, bottom_low, bottom_high = interval(_groups(denominator), level, floors[1])
    return Ratio(top / bottom, top_low / bottom_high, top_high / bottom_low)


def _groups(values: Sequence[float] | Sequence[Sequence[float]]) -> list[Sequence[float]]:
    if len(values) and isinstance(values[0], (list, tuple, np.ndarray)):
        return list(values)  # type: ignore[arg-type]
    return [values]  # type: ignore[list-item]
