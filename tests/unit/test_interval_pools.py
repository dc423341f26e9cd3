"""A point's between-process variance moderated by its family's (stats.moderated_pools), and the interval of a
rerun's value it gives (stats.across_processes with a pool): wide where the processes disagree, narrow where they
agree, following the data across sizes, and holding simulated reruns."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mpsarticle.analysis import series as analysis
from mpsarticle.core import stats
from mpsarticle.results.model import Point, ResultSet, load

from ..machines import ARCHIVE, results_of


def _point(device: str, m: int, groups: list[list[float]], method: str = "engine", workload: str = "matvec") -> Point:
    samples = [s for group in groups for s in group]
    return Point(device, workload, {"m": m, "dtype": "float32"}, method, suite=workload, samples=samples,
                 processes=[list(g) for g in groups], repeats=len(samples), number_per_run=1).summarize()


def _groups(rng: np.random.Generator, seconds: float, shifts: list[float], noise: float = 0.005,
            samples: int = 20) -> list[list[float]]:
    """One group of samples per process, each process's median ``seconds`` times ``exp(shift)``."""
    return [list(seconds * math.exp(shift) * np.exp(rng.normal(0, noise, samples))) for shift in shifts]


def _run(points: list[Point]) -> ResultSet:
    results = ResultSet(environment={"devices": {}}, points=points)
    results.pool_processes()
    return results


def _quiet(rng: np.random.Generator, sizes: list[int], spread: float = 0.003, processes: int = 3) -> list[Point]:
    return [_point("cuda", m, _groups(rng, 1e-9 * m * m, list(rng.normal(0, spread, processes)))) for m in sizes]


SIZES = [1024, 2048, 4096, 8192, 16384, 32768, 65536, 3000, 6000, 12000, 24000, 48000]


def test_processes_that_agree_give_every_point_a_narrow_interval():
    rng = np.random.default_rng(1)
    results = _run(_quiet(rng, SIZES))
    widths = [p.half_width for p in results.points]
    assert len(widths) == len(SIZES) and all(p.pool is not None for p in results.points)
    assert max(widths) < 0.02, widths


def test_a_point_with_one_slow_process_gets_a_wide_interval_that_holds_a_rerun_without_it():
    rng = np.random.default_rng(2)
    points = _quiet(rng, SIZES)
    slow = _point("cuda", 5000, _groups(rng, 2.5e-2, [0.0, math.log(1.5), 0.002]))
    results = _run([*points, slow])
    found = results.one(m=5000)
    assert found.half_width > 0.2, found.half_width  # its own disagreement, not the family's agreement
    assert found.ci_low_s < 2.5e-2 < found.ci_high_s  # a rerun whose processes all ran at the usual speed
    # The family's prior takes a little width from it (a rerun's processes may run slow too); the others keep theirs.
    others = sorted(p.half_width for p in results.points if p.params["m"] != 5000)
    assert others[-1] < found.half_width / 2 and np.median(others) < 0.02, others


def test_intervals_follow_the_data_across_sizes():
    """Small points whose processes vary 20 % and large ones that vary 0.5 %: each keeps its own kind's width."""
    rng = np.random.default_rng(3)
    small = [_point("cuda", m, _groups(rng, 1.5e-5, list(rng.normal(0, 0.2, 3)))) for m in (100, 300, 500, 750, 1000)]
    large = _quiet(rng, [4096, 8192, 16384, 32768, 65536], spread=0.005)
    results = _run(small + large)
    small_widths = sorted(p.half_width for p in results.points if p.params["m"] <= 1000)
    large_widths = sorted(p.half_width for p in results.points if p.params["m"] >= 4096)
    assert len(small_widths) == len(large_widths) == 5
    assert small_widths[0] > 0.15 and large_widths[-1] < 0.04, (small_widths, large_widths)


def test_a_few_bandwidth_bound_points_beside_launch_bound_ones_keep_their_own_narrow_width():
    """The H200's matvec suite on one method: two launch-bound sizes (12 µs, 15-20 % between processes) beside
    three that stream memory (24-260 µs, under 1 %), three processes each. The large ones keep a width near
    their own spread, not the small ones'."""
    rng = np.random.default_rng(8)
    small = [_point("cuda", m, _groups(rng, 1.2e-5, list(rng.normal(0, 0.18, 3)))) for m in (1024, 2048)]
    large = [_point("cuda", m, _groups(rng, 1.5e-12 * m * m, list(rng.normal(0, 0.006, 3))))
             for m in (4096, 8192, 16384)]
    results = _run(small + large)
    widths = {p.params["m"]: p.half_width for p in results.points}
    assert max(widths[m] for m in (4096, 8192, 16384)) < 0.06, widths
    # (The small ones' own three processes may happen to agree; a wide one shows they were not pulled narrow.)
    assert max(widths[m] for m in (1024, 2048)) > 0.3, widths


def test_the_prior_is_recovered_from_variances_drawn_from_it():
    """Draw true variances from a scaled inverse chi-square (s0² = 0.01, d0 = 6), then each point's sample
    variance on two degrees of freedom: the fit finds both back; and variances that are draws of one variance
    give an infinite d0 (capped at the given most)."""
    rng = np.random.default_rng(9)
    true = 0.01 * 6 / rng.chisquare(6, 4000)
    rows = []
    for variance in true:
        values = rng.normal(0, math.sqrt(variance), 3)
        rows.append(values - values.mean())
    prior, d0 = stats._prior(rows, math.inf)
    assert d0 is not None and 4 < d0 < 9 and 0.008 < prior < 0.012, (prior, d0)
    alike = [(lambda v: v - v.mean())(rng.normal(0, 0.1, 3)) for _ in range(4000)]
    prior, d0 = stats._prior(alike, 500.0)
    assert d0 == 500.0 and 0.009 < prior < 0.011, (prior, d0)
    assert stats._prior(alike[:2], 500.0) == (0.0, None)


def test_a_shift_that_one_process_gives_every_point_counts_once():
    """Satterthwaite's degrees of freedom: twelve points whose processes all move together carry about as much
    about that movement as one point; twelve that move independently carry twelve times as much."""
    rng = np.random.default_rng(4)
    shared = list(rng.normal(0, 0.05, 3))
    together = [stats.Member("cuda", "matvec", _groups(rng, 1e-4 * (k + 1), [s + rng.normal(0, 0.002) for s in shared]))
                for k in range(12)]
    apart = [stats.Member("cuda", "matvec", _groups(rng, 1e-4 * (k + 1), list(rng.normal(0, 0.05, 3))))
             for k in range(12)]
    # A point's degrees of freedom are its own two and the prior's, which the family's Satterthwaite count caps.
    assert max(pool[1] for pool in stats.moderated_pools(together)) <= 5
    assert min(pool[1] for pool in stats.moderated_pools(apart)) >= 12


# -- reruns of a simulated machine -----------------------------------------------------------------


def _machine(rng: np.random.Generator) -> list[tuple[str, int, float, float]]:
    """(series, size, seconds, between-process sigma): a launch-bound regime below 20 µs that varies 15 % between
    processes, and longer points that vary about 1 %, each point its own share of that."""
    found = []
    for name, count in (("matvec", 10), ("matmul", 8), ("copy", 5)):
        for k in range(count):
            seconds = 1e-5 * 2.0 ** k
            sigma = (0.15 if seconds < 2e-5 else 0.01) * math.exp(rng.normal(0, 0.4))
            found.append((name, 2 ** (k + 8), seconds, sigma))
    return found


def _rerun(rng: np.random.Generator, machine, processes: int) -> list[Point]:
    """One run: per process, a shift its series shares, one of the point's own, and a slow process one time in 50."""
    shared = {name: rng.normal(0, 1, processes) for name in sorted({m[0] for m in machine})}
    points = []
    for name, size, seconds, sigma in machine:
        shifts = sigma * (math.sqrt(0.3) * shared[name] + math.sqrt(0.7) * rng.normal(0, 1, processes))
        shifts += (rng.random(processes) < 0.02) * math.log(1.3)
        points.append(_point("cuda", size, _groups(rng, seconds, list(shifts), noise=0.01), workload=name))
    return points


@pytest.mark.parametrize("processes", [2, 3])
def test_a_runs_intervals_hold_the_values_of_reruns(processes):
    rng = np.random.default_rng(100 + processes)
    machine = _machine(rng)
    runs = [_run(_rerun(rng, machine, processes)).points for _ in range(8)]
    held = [one.ci_low_s <= other.median_s <= one.ci_high_s
            for i, a in enumerate(runs) for j, b in enumerate(runs) if i != j
            for one, other in zip(a, b, strict=True)]
    assert len(held) == 8 * 7 * len(machine)
    assert sum(held) / len(held) >= 0.9, sum(held) / len(held)
    long = np.median([p.half_width for run in runs for p in run if p.median_s >= 1e-4])
    short = np.median([p.half_width for run in runs for p in run if p.median_s < 2e-5])
    # Two processes give each point one degree of freedom of its own, so the family's prior weighs more and lends
    # some of the short points' spread: measured 2 % and 16 % in three processes, 5 % and 21 % in two.
    assert long < (0.04 if processes == 3 else 0.4 * short), (long, short)


def test_a_speedup_of_pooled_points_reads_their_pools():
    rng = np.random.default_rng(5)
    cpu = [_point("cpu", m, _groups(rng, 2e-9 * m * m, list(rng.normal(0, 0.003, 3)))) for m in SIZES[:6]]
    gpu = _quiet(rng, SIZES[:6])
    results = _run(cpu + gpu)
    pairs = analysis.speedups(results, "cuda", suite="matvec")
    assert len(pairs) == 6
    for size, speedup in pairs:
        base, fast = results.one(device="cpu", m=size), results.one(device="cuda", m=size)
        assert base.pool is not None and fast.pool is not None
        expected = stats.ratio(base.processes, fast.processes, (base.pool, fast.pool))
        assert (speedup.low, speedup.high) == (expected.low, expected.high)
        assert speedup.direction() == stats.FASTER and speedup.high / speedup.low < 1.1


# -- files -------------------------------------------------------------------------------------------


def test_a_file_written_with_a_device_wide_floor_loads_with_moderated_pools(tmp_path):
    """An older file holds each device's upper-quartile floor in every point's floor_var and floor_df; loading
    pools it again from its samples, so its intervals are this estimator's."""
    source = ARCHIVE / "nvidia-h200-16-core-xeon-host.json"
    data = json.loads(source.read_text(encoding="utf-8"))
    for raw in data["points"]:
        if raw.get("floor_var") is not None:
            raw["floor_var"], raw["floor_df"] = 0.5, 100
    old = tmp_path / "old.json"
    old.write_text(json.dumps(data), encoding="utf-8")
    loaded, current = load(old), load(source)
    pooled = [p for p in loaded.points if p.pool is not None]
    assert len(pooled) > 100
    assert all(p.floor_var != 0.5 for p in pooled)
    assert [(p.floor_var, p.floor_df, p.ci_low_s, p.ci_high_s) for p in loaded.points] == \
           [(p.floor_var, p.floor_df, p.ci_low_s, p.ci_high_s) for p in current.points]
    assert len({p.floor_var for p in pooled if p.device == "cuda"}) > 5  # each CUDA point keeps a variance of its own


def test_a_file_without_pools_loads_and_saves_them(tmp_path):
    rng = np.random.default_rng(6)
    points = _quiet(rng, SIZES[:5])
    assert all(p.pool is None for p in points)
    environment = {"torch": "x", "python": "3", "os": "L", "cpu": "c", "devices": {}}
    saved = ResultSet(environment=environment, points=points).to_dict()
    for raw in saved["points"]:
        raw.pop("floor_var"), raw.pop("floor_df")
    loaded = ResultSet.from_dict(saved)
    assert all(p.pool is not None for p in loaded.points)
    again = ResultSet.from_dict(json.loads(loaded.to_json()))
    assert [p.to_dict() for p in again.points] == [p.to_dict() for p in loaded.points]


# -- properties --------------------------------------------------------------------------------------

_GROUPS = st.lists(st.lists(st.floats(1e-6, 1e-2), min_size=1, max_size=12), min_size=2, max_size=5)
_POOLS = st.tuples(st.floats(0.0, 2.0), st.integers(1, 200))


@settings(max_examples=300, deadline=None)
@given(_GROUPS, _POOLS)
def test_a_pooled_interval_holds_the_value_and_the_samples_own_interval(groups, pool):
    found = stats.across_processes(groups, pool=pool)
    low, high, _ = stats.median_interval([s for g in groups for s in g])
    close = 1 + 1e-12  # the bounds pass through logarithms and back
    assert found.low <= found.value * close and found.value <= found.high * close
    assert found.low <= low * close and high <= found.high * close


@settings(max_examples=300, deadline=None)
@given(_GROUPS, _POOLS)
def test_a_point_is_never_surer_than_its_pool(groups, pool):
    """Its own agreement never narrows a point's interval below what the pool's variance gives: at least Student's
    t of the pool's degrees of freedom times the pool's spread of a rerun's difference, either side, up to the
    widest a pooled interval reaches (stats.WIDEST)."""
    from scipy.stats import t as student

    found = stats.across_processes(groups, pool=pool)
    count = len(groups)
    half = min(float(student.ppf(0.975, pool[1])) * math.sqrt(pool[0] * 2 / count), math.log(stats.WIDEST))
    close = 1e-9
    assert math.log(found.high / found.value) >= half - close and math.log(found.value / found.low) >= half - close


@settings(max_examples=200, deadline=None)
@given(st.lists(_GROUPS, min_size=1, max_size=12))
def test_every_point_of_several_processes_gets_a_pool_with_a_positive_count(points):
    members = [stats.Member("cuda" if k % 2 else "cpu", "matvec", groups) for k, groups in enumerate(points)]
    found = stats.moderated_pools(members)
    assert len(found) == len(points)
    for pool in found:
        assert pool is not None and pool[0] >= 0 and pool[1] >= 1


def test_a_point_left_with_one_process_takes_its_familys_spread():
    """A point whose other processes were set aside (measured under contention) rests on one process: its own
    samples show nothing of how a fresh process would differ, so its interval is its family's spread, not the
    order-statistic interval of one process's samples."""
    from mpsarticle.core.stats import Member, across_processes, median_interval, moderated_pools

    rng = np.random.default_rng(7)
    noisy = [[list(1e-4 * shift * (1 + 0.001 * rng.standard_normal(30))) for shift in (1.0, 1.1, 0.92)]
             for _ in range(4)]
    single = [list(1e-4 * (1 + 0.001 * rng.standard_normal(30)))]
    members = [Member(("cpu", "engine"), "matvec", groups) for groups in noisy] + \
        [Member(("cpu", "engine"), "matvec", single)]
    pools = moderated_pools(members)
    assert pools[-1] is not None
    found = across_processes(single, pool=pools[-1])
    low, high, _ = median_interval(single[0])
    assert found.low < low and found.high > high
    assert (found.high - found.low) / 2 / found.value > 0.05  # the family's processes differ by some 9 %


def test_a_busy_family_on_one_degree_of_freedom_gives_bounds_a_results_file_accepts():
    """On a busy 2-core machine a family held one point whose two processes agreed and one whose two lay 124x
    apart, and every other point kept one process: their t factor on one degree of freedom put the bounds near
    10^15 s, and the run's own file failed its schema. The interval stops a thousandfold either side, still
    holding both processes of the point that disagreed, and the file validates."""
    from mpsarticle.results.schema import validate

    agreeing = _point("cpu", 100, [[2.08e-6] * 5, [2.06e-6] * 5], method="naive")
    apart = _point("cpu", 300, [[5.31e-6] * 5, [6.57e-4] * 5], method="naive")
    alone = Point("cpu", "matvec", {"m": 4096, "dtype": "float32"}, "naive", suite="matvec", samples=[1.28e-3],
                  processes=[[1.28e-3]], repeats=1, number_per_run=100,
                  set_aside=[{"samples": [4.5e-3], "load": None, "why": "contended", "factor": None}])
    results = ResultSet(environment=results_of("ci-2core-workers").environment, profile="quick",
                        points=[agreeing, apart, alone.summarize()])
    results.pool_processes()
    assert alone.floor_df == 1 and alone.floor_var > 1  # the family's prior: one degree of freedom, wide
    assert alone.ci_high_s / alone.median_s == pytest.approx(stats.WIDEST)
    assert alone.median_s / alone.ci_low_s == pytest.approx(stats.WIDEST)
    assert apart.ci_low_s <= 5.31e-6 and apart.ci_high_s >= 6.57e-4
    validate(json.loads(json.dumps(results.to_dict())), "busy.json")


def test_a_shift_common_to_a_whole_run_is_held_by_the_other_runs_intervals():
    """Streaming points whose three processes agree within 0.05 %, but each run as a whole shifted by a clock it
    keeps (standard deviation RUN_SHIFT): the processes cannot show that shift, and the intervals still hold the
    other runs' values, at about ±1.4 %, where the processes alone would give ±0.1 % and hold half of them."""
    rng = np.random.default_rng(5)
    sizes = [4096, 8192, 16384, 32768]
    runs = []
    for _ in range(8):
        shift = rng.normal(0, 0.005)
        runs.append(_run([_point("cuda", m, _groups(rng, 1e-9 * m * m * math.exp(shift),
                                                    list(rng.normal(0, 0.0005, 3)), noise=0.0005))
                          for m in sizes]).points)
    held = [one.ci_low_s <= other.median_s <= one.ci_high_s
            for i, a in enumerate(runs) for j, b in enumerate(runs) if i != j
            for one, other in zip(a, b, strict=True)]
    assert sum(held) / len(held) >= 0.9, sum(held) / len(held)
    widths = [p.half_width for run in runs for p in run]
    assert 0.01 < float(np.median(widths)) < 0.02, np.median(widths)
