"""Statistics: interval coverage on a fake device with known noise, ratios, and crossovers that know noise."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import ClassVar

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mpsarticle.analysis import series as analysis
from mpsarticle.core import stats
from mpsarticle.core.specs import Workload
from mpsarticle.measure import timing
from mpsarticle.measure.devices import Device
from mpsarticle.measure.kernels import Prepared, build
from mpsarticle.measure.timing import TimingOptions, time_point
from mpsarticle.results.model import Point, ResultSet

#: The fake device's per-call times are lognormal with this median.
TRUE_MEDIAN = 1e-3


class FakeClock:
    """A clock that only the workload advances: a call "takes" a lognormal time drawn from a seeded generator."""

    def __init__(self, seed: int, sigma: float = 0.3) -> None:
        self.now = 0.0
        self.rng = np.random.default_rng(seed)
        self.sigma = sigma

    def advance(self) -> None:
        self.now += TRUE_MEDIAN * math.exp(self.sigma * self.rng.standard_normal())


@dataclass(frozen=True)
class FakeClockDevice(Device):
    kind: str = "cuda"
    clock: FakeClock = field(default_factory=lambda: FakeClock(0), compare=False)

    @property
    def name(self) -> str:
        return "fake"

    def synchronize(self) -> None:
        pass

    def start_memory_record(self) -> None:
        pass

    def memory_record(self) -> dict[str, int]:
        return {}

    def synchronized_timer(self):
        return lambda: self.clock.now


@dataclass(frozen=True)
class Noisy(Workload):
    kind: ClassVar[str] = "noisy"

    @property
    def flops(self) -> float:
        return 1.0

    @property
    def bytes_moved(self) -> float:
        return 1.0


@build.register
def _prepare_noisy(workload: Noisy, device: Device, *, seed: int, rotations: int) -> Prepared:
    return Prepared(device.clock.advance, lambda: 0.0, 1e-3)


def test_engine_interval_covers_the_true_median_about_95_percent_of_the_time():
    trials = 400
    covered = 0
    blocks = []
    for seed in range(trials):
        device = FakeClockDevice(clock=FakeClock(seed))
        # A budget of 20 fake calls: the engine times between 10 and 20 one-call blocks.
        point = time_point(Noisy(), device, "engine", TimingOptions(budget_s=20 * TRUE_MEDIAN))
        assert point.status == "ok" and point.number_per_run == 1
        blocks.append(point.repeats)
        covered += point.ci_low_s <= TRUE_MEDIAN <= point.ci_high_s
    assert min(blocks) >= timing.MIN_BLOCKS
    assert 0.90 <= covered / trials <= 0.99


def test_summary_of_known_samples():
    summary = stats.summarize([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 100.0])
    assert summary.median == 5.5 and summary.n == 10
    assert summary.q1 == pytest.approx(3.25) and summary.q3 == pytest.approx(7.75)
    assert summary.outliers == 1  # 100 is beyond Q3 + 1.5 IQR
    # Order statistics of ten samples: the 2nd and 9th smallest (coverage 97.9 %).
    assert (summary.ci_low, summary.ci_high) == (2.0, 9.0)
    assert not summary.stable  # ±64 % is far from the 5 % target


def test_too_few_samples_give_the_range_and_never_stable():
    low, high, exact = stats.median_interval([1.0, 1.0, 1.0])
    assert (low, high, exact) == (1.0, 1.0, False)
    assert not stats.summarize([1.0, 1.0, 1.0]).stable
    assert stats.summarize([1.0] * 10).stable


def test_ratio_interval_and_direction():
    rng = np.random.default_rng(1)
    slow = 2.0 * (1 + 0.01 * rng.standard_normal(30))
    fast = 1.0 * (1 + 0.01 * rng.standard_normal(30))
    found = stats.ratio(slow, fast)
    assert found.low < found.value < found.high and found.contains(2.0)
    assert found.direction() == stats.FASTER
    assert stats.ratio(fast, slow).direction() == stats.SLOWER
    assert stats.ratio(slow, slow * 1.001).direction() == stats.SAME
    # A real but small difference is "faster" with no margin, "same" with a 20 % margin.
    assert stats.ratio(fast * 1.05, fast).direction() == stats.FASTER
    assert stats.ratio(fast * 1.05, fast).direction(margin=0.2) == stats.SAME


def test_a_side_is_faster_exactly_where_the_printed_intervals_do_not_meet():
    """The speed-up's interval is the range of the two points' printed 95 % intervals (base low / candidate high …
    base high / candidate low): at 10 µs [8–12] against 5 µs [4–7.9] the intervals do not meet and the candidate
    is faster, its interval 1.01 … 3; at [4–8.1] they meet and no side is named."""
    base = replace(_point("cpu", 8, _noisy(10e-6, 0.3, 1)), ci_low_s=8e-6, ci_high_s=12e-6)
    apart = replace(_point("cuda", 8, _noisy(5e-6, 0.3, 2)), ci_low_s=4e-6, ci_high_s=7.9e-6)
    meet = replace(apart, ci_high_s=8.1e-6)
    found = analysis.compare(base, apart)
    assert (found.low, found.high) == pytest.approx((8 / 7.9, 3.0))
    assert found.direction() == found.reading() == stats.FASTER
    assert analysis.compare(apart, base).direction() == stats.SLOWER
    assert analysis.compare(base, meet).direction() == stats.SAME
    assert analysis.compare(base, meet).reading() == stats.UNCLEAR
    # A margin asks the interval to clear 1 + margin as well.
    assert found.direction(margin=0.2) == stats.SAME
    assert found.scaled(1 / 4).direction() == stats.SLOWER


@given(st.floats(0.5, 2.0), st.floats(1.0, 3.0), st.floats(0.5, 2.0), st.floats(1.0, 3.0))
def test_faster_is_said_of_printed_intervals_that_do_not_meet_and_only_of_them(base_low: float, base_width: float,
                                                                             other_low: float,
                                                                             other_width: float) -> None:
    """Whatever the two printed intervals, one side is named exactly where they do not meet."""
    base_high, other_high = base_low * base_width, other_low * other_width
    base = replace(_point("cpu", 8, _noisy(1.0, 0.1, 1)), ci_low_s=base_low, ci_high_s=base_high)
    other = replace(_point("cuda", 8, _noisy(1.0, 0.1, 2)), ci_low_s=other_low, ci_high_s=other_high)
    found = analysis.compare(base, other).reading()
    if base_low > other_high:
        assert found == stats.FASTER
    elif other_low > base_high:
        assert found == stats.SLOWER
    else:
        assert found in (stats.SAME, stats.UNCLEAR)


def _point(device: str, m: int, samples: list[float], method: str = "engine") -> Point:
    return Point(device, "matvec", {"m": m, "dtype": "float32"}, method, suite="matvec", samples=samples,
                 repeats=len(samples), number_per_run=1).summarize()


def _noisy(median: float, spread: float, seed: int, n: int = 13) -> list[float]:
    """``n`` samples spread evenly over ``median`` ± ``spread``, shuffled: their median is exactly ``median``."""
    values = median * (1 + spread * np.linspace(-1, 1, n))
    np.random.default_rng(seed).shuffle(values)
    return list(values)


def _set(cpu: dict[int, float], gpu: dict[int, float], spread: float) -> ResultSet:
    points = [_point("cpu", m, _noisy(t, spread, m)) for m, t in cpu.items()]
    points += [_point("cuda", m, _noisy(t, spread, m + 1)) for m, t in gpu.items()]
    return ResultSet(environment={"devices": {}}, points=points)


def test_crossover_needs_intervals_above_one_from_there_on():
    clear = _set({1: 1.0, 2: 2.0, 4: 4.0}, {1: 2.0, 2: 1.0, 4: 1.0}, spread=0.01)
    found = analysis.crossover(analysis.speedups(clear, "cuda", suite="matvec"))
    assert found.size == 2 and not found.always and not found.never
    assert found.losses == (1,) and found.wins == (2, 4)


def test_a_noisy_crossover_is_not_reported():
    # The medians say the GPU is 5 % faster at the largest size, but the noise is ±30 %.
    noisy = _set({1: 1.0, 2: 2.0}, {1: 1.5, 2: 1.9}, spread=0.3)
    pairs = analysis.speedups(noisy, "cuda", suite="matvec")
    assert pairs[-1][1].value > 1 and pairs[-1][1].contains(1.0)
    found = analysis.crossover(pairs)
    assert found.size is None and found.never and 2 in found.ties


def test_won_at_small_sizes_but_not_at_the_largest_is_not_never():
    mixed = _set({1: 2.0, 2: 2.0}, {1: 1.0, 2: 4.0}, spread=0.01)
    found = analysis.crossover(analysis.speedups(mixed, "cuda", suite="matvec"))
    assert found.size is None and not found.never and found.wins == (1,) and found.losses == (2,)


def test_naive_agreement_is_decided_from_intervals():
    engine = _point("cpu", 8, _noisy(1.0, 0.01, 3))
    close = _point("cpu", 8, _noisy(1.05, 0.01, 4), method="naive")
    far = _point("cpu", 8, _noisy(0.1, 0.01, 5), method="naive")
    assert analysis.agreement(close, engine) == "same"
    assert analysis.agreement(far, engine) == "faster"  # the naive figure is too optimistic
    assert analysis.agreement(_point("cpu", 8, _noisy(3.0, 0.01, 6), method="naive"), engine) == "slower"


def test_two_values_are_level_only_where_the_interval_is_narrow_enough():
    """An interval that holds 1 is "level within noise" only where it lies wholly within a fifth of 1: 0.2 … 2.0
    cannot tell a five-fold difference from none, and 0.5 … 1.1 cannot tell a two-fold one."""
    assert stats.Ratio(1.0, 0.95, 1.05).reading() == stats.SAME
    assert stats.Ratio(1.0, 0.5, 1.1).reading() == stats.UNCLEAR  # wide on one side only: still not level
    assert stats.Ratio(1.0, 0.9, 44.0).reading() == stats.UNCLEAR
    assert stats.Ratio(0.6, 0.2, 2.0).reading() == stats.UNCLEAR
    assert stats.Ratio(0.6, 0.2, 2.0).direction() == stats.SAME
    assert stats.Ratio(3.0, 1.5, 6.0).reading() == stats.FASTER
    assert stats.Ratio(1.0, 0.75, 1.4).reading(margin=0.5) == stats.SAME  # a wider margin widens the line


@given(st.floats(0.01, 100.0), st.floats(1.0, 100.0), st.floats(0.0, 1.0))
def test_level_is_said_only_of_a_range_within_the_span(low: float, width: float, margin: float) -> None:
    """Whatever the interval and margin, "level" (``same``) means its whole range lies within the span of 1 on
    both sides, and a range that holds 1 and reaches beyond it on either side is too noisy to tell."""
    high = low * width
    found = stats.Ratio(math.sqrt(low * high), low, high).reading(margin)
    wide = max(stats.LEVEL_SPAN, 1.0 + margin)
    if found == stats.SAME:
        assert 1.0 / wide <= low and high <= wide
    if low <= 1.0 <= high and (low < 1.0 / wide or high > wide):
        assert found == stats.UNCLEAR


@pytest.mark.parametrize("n", [2, 5, 6, 7, 10, 31, 100])
def test_the_cached_ranks_give_scipys_own_interval(n):
    """median_interval reads scipy's order statistics by rank; the interval must be scipy's, ties included."""
    import math

    import numpy as np
    from scipy.stats import quantile_test

    rng = np.random.default_rng(n)
    for values in (rng.lognormal(size=n), np.round(rng.lognormal(size=n), 1)):
        found = quantile_test(values, q=float(np.median(values)), p=0.5).confidence_interval(0.95)
        exact = math.isfinite(found.low) and math.isfinite(found.high)
        expected = ((float(found.low), float(found.high), True) if exact
                    else (float(values.min()), float(values.max()), False))
        assert stats.median_interval(values) == expected


# -- across processes ------------------------------------------------------------


def _runs(rng, *, runs, processes, between, within=0.03, samples=40, truth=1e-3):
    """Simulated runs: each process's time is ``truth`` times a log-normal process effect (``between``), each
    sample that times a log-normal noise (``within``)."""
    return [[truth * math.exp(rng.normal(0, between)) * np.exp(rng.normal(0, within, samples))
             for _ in range(processes)] for _ in range(runs)]


@pytest.mark.parametrize("processes", [3, 5])
def test_the_interval_across_processes_holds_another_runs_value(processes):
    """What an interval must do: a rerun's value lies in it. With the process effect ten times the
    noise inside a process, an interval from one process's samples alone misses almost every rerun."""
    rng = np.random.default_rng(processes)
    runs = _runs(rng, runs=60, processes=processes, between=0.15)
    found = [stats.across_processes(run) for run in runs]
    held = sum(one.low <= other.value <= one.high for i, one in enumerate(found) for j, other in enumerate(found)
               if i != j) / (len(found) * (len(found) - 1))
    assert held >= 0.8, held
    single = [stats.median_interval(run[0]) for run in runs]
    naive = sum(low <= other.value <= high for i, (low, high, _) in enumerate(single) for j, other in enumerate(found)
                if i != j) / (len(found) * (len(found) - 1))
    assert naive < 0.3, naive


def test_processes_that_agree_give_the_within_process_interval():
    rng = np.random.default_rng(7)
    groups = [1e-3 * np.exp(rng.normal(0, 0.02, 50)) for _ in range(3)]
    found = stats.across_processes(groups)
    pooled_low, pooled_high, _ = stats.median_interval(np.concatenate(groups))
    assert found.low <= pooled_low and found.high >= pooled_high
    assert found.between_share < 0.5 and (found.high - found.low) / found.value < 0.05


def test_the_interval_is_students_t_on_the_log_of_the_process_medians():
    """The formula by hand, for three processes whose medians are 1, 2 and 4 ms (no noise inside them)."""
    groups = [[1e-3] * 9, [2e-3] * 9, [4e-3] * 9]
    found = stats.across_processes(groups)
    logs = np.log([1e-3, 2e-3, 4e-3])
    half = 4.302652729911275 * logs.std(ddof=1) / math.sqrt(3)  # t(0.975, 2 degrees of freedom)
    assert found.value == pytest.approx(2e-3)
    assert (found.low, found.high) == (pytest.approx(math.exp(logs.mean() - half)),
                                       pytest.approx(math.exp(logs.mean() + half)))
    assert found.between_share == 1.0


def test_two_processes_that_disagree_are_cut_one_spread_beyond_them():
    """t with one degree of freedom would reach 1/20 and 20x of 1.4 ms; the cut is at 0.5 and 4 ms."""
    found = stats.across_processes([[1e-3] * 9, [2e-3] * 9])
    assert (found.low, found.high) == (pytest.approx(0.5e-3), pytest.approx(4e-3))


def test_a_ratio_of_points_measured_in_processes_uses_their_intervals():
    rng = np.random.default_rng(3)
    slow = [2e-3 * np.exp(rng.normal(0, 0.02, 40)) for _ in range(3)]
    fast = [1e-3 * np.exp(rng.normal(0, 0.02, 40)) for _ in range(3)]
    found = stats.ratio(slow, fast)
    assert found.direction() == stats.FASTER and found.low < 2 < found.high
    # The same samples as one process each: a narrower interval, the processes' spread unseen.
    flat = stats.ratio(np.concatenate(slow), np.concatenate(fast))
    assert flat.high - flat.low < found.high - found.low


def test_a_variance_moderated_by_the_family_keeps_two_agreeing_processes_honest():
    """Two processes give one degree of freedom: when they happen to agree, the point's own interval is narrow and
    a rerun lands outside it. Its variance moderated by the family's (moderated_pools), with the degrees of freedom
    the family adds and the interval of a rerun's value, holds reruns again."""
    rng = np.random.default_rng(11)
    effects = rng.uniform(0.03, 0.15, 18)  # points differ in how much their processes vary

    def run():
        return [[1e-3 * (1 + k) * math.exp(rng.normal(0, e)) * np.exp(rng.normal(0, 0.02, 30)) for _ in range(2)]
                for k, e in enumerate(effects)]

    runs = [run() for _ in range(8)]
    pools = [stats.moderated_pools([stats.Member("cpu", "matvec", point) for point in r]) for r in runs]
    assert all(pool is not None and pool[1] >= 1 for each in pools for pool in each)

    def held(pooled: bool) -> float:
        found = [[stats.across_processes(point, pool=pools[i][k] if pooled else None) for k, point in enumerate(r)]
                 for i, r in enumerate(runs)]
        pairs = [found[i][k].low <= found[j][k].value <= found[i][k].high
                 for k in range(len(effects)) for i in range(len(runs)) for j in range(len(runs)) if i != j]
        assert len(pairs) == len(effects) * len(runs) * (len(runs) - 1)
        return sum(pairs) / len(pairs)

    assert held(True) >= 0.9 and held(False) < 0.8  # measured: 95 % pooled, 73 % alone


def test_a_point_measured_in_one_process_gets_nothing_and_a_lone_point_keeps_its_own():
    one = stats.Member("cpu", "matvec", [[1e-3] * 5])
    lone = stats.Member("cuda", "matvec", [[1e-3] * 5, [1.1e-3] * 5, [0.9e-3] * 5])
    assert stats.moderated_pools([one]) == [None]
    found = stats.moderated_pools([one, lone])
    own = float(np.var(np.log([1e-3, 1.1e-3, 0.9e-3]), ddof=1))
    assert found[0] is None and found[1] == (pytest.approx(own), 2)


def test_naive_agreement_reads_the_published_intervals_as_level_does():
    """Naive timeit "agrees within a fifth" by the method chapter's rule for "level": the range read from the two
    published intervals (10.3 ms, 9.69–11.0, against 10.2 ms, 9.56–10.9: about 0.87–1.13)."""
    engine = replace(_point("cpu", 8, _noisy(10.3e-3, 0.3, 3)), ci_low_s=9.69e-3, ci_high_s=11.0e-3)
    naive = replace(_point("cpu", 8, _noisy(10.2e-3, 0.3, 4), method="naive"), ci_low_s=9.56e-3, ci_high_s=10.9e-3)
    found = analysis.compare(engine, naive)
    assert (found.low, found.high) == pytest.approx((9.69 / 10.9, 11.0 / 9.56))
    assert found.agreement(0.2) == stats.SAME == analysis.agreement(naive, engine)
    assert found.reading() == stats.SAME
    assert stats.Ratio(0.99, 0.82, 1.21).agreement(0.2) == stats.UNCLEAR
    assert stats.Ratio(1.5, 1.3, 1.7).agreement(0.2) == stats.FASTER
