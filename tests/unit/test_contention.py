"""A busy machine, measured: which readings are contention, which processes are set aside, what is measured again.

The readings here are synthetic (what a measuring child records, see
mpsarticle.core.contention); the rounds are those of
mpsarticle.measure.workers.run_rounds, with the fresh workers replaced by a
function that hands back the process each test wants.
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Callable

import pytest

from mpsarticle.analysis import findings as f
from mpsarticle.article.sentences.method import remeasured_sentence
from mpsarticle.article.wording import Words
from mpsarticle.core import contention as c
from mpsarticle.core import profiles
from mpsarticle.measure import cpuload, remeasure, workers
from mpsarticle.measure.devices import Device
from mpsarticle.measure.journal import Journal, journal_path, load_journal
from mpsarticle.measure.resume import task_key
from mpsarticle.results.model import Point, ResultSet, ResultsFileError, load

from ..machines import results_of
from ..running import ROOT

CPU = Device("cpu")


def reading(own_cpus: float, others_cpus: float, *, cpus: int = 2, window_s: float = 0.5,
            cpu_point: bool = True) -> dict:
    """What a child records over ``window_s``: this process kept ``own_cpus`` CPUs busy, the others
    ``others_cpus``."""
    found = {"window_s": window_s, "points": 3, "own_cpu_s": own_cpus * window_s,
             "others_cpu_s": others_cpus * window_s, "cpus": cpus, "load_1m": 1.0, "tick_s": 0.01}
    found["contended"] = c.contended(found, cpu_point)
    return found


IDLE = reading(1.96, 0.02)
BUSY = reading(1.33, 0.67)  # one busy loop beside a point on both of two CPUs: three threads share them


# -- what counts as contention -------------------------------------------------------------

def test_a_busy_loop_beside_a_point_that_fills_the_cpus_is_contention():
    assert IDLE["contended"] is False
    assert BUSY["contended"] is True


def test_others_on_cpus_the_process_leaves_idle_are_no_contention():
    """One thread of sixteen CPUs, a browser and a backup on two more: fourteen stay idle."""
    assert reading(1.0, 2.0, cpus=16)["contended"] is False
    assert reading(1.0, 14.0, cpus=16)["contended"] is True


def test_a_cpu_point_that_got_less_than_a_cpu_was_starved_but_an_accelerator_may_wait():
    starved = reading(0.5, 0.0)
    assert starved["contended"] is True
    assert reading(0.5, 0.0, cpu_point=False)["contended"] is False


def test_a_window_too_short_for_the_counters_ticks_is_not_taken_for_contention():
    """20 ms on two CPUs: one tick of each at either end is 0.2 CPU either way."""
    assert reading(1.5, 0.5, window_s=0.02)["contended"] is False
    assert reading(1.5, 0.5, window_s=0.5)["contended"] is True


def test_a_reading_that_cannot_say_is_none_never_contention():
    assert c.contended({"window_s": 0.5, "own_cpu_s": None, "others_cpu_s": 0.3, "cpus": 2}, True) is None
    unread_others = {"window_s": 0.5, "own_cpu_s": 0.5, "others_cpu_s": None, "cpus": 2}
    assert c.contended(unread_others, cpu_point=False) is None
    assert c.contended(unread_others, cpu_point=True) is None  # a whole CPU, so not starved; the rest unknown


def test_an_outlier_is_far_from_the_median_of_its_siblings_and_two_far_apart_are_both_suspect():
    assert set(c.outliers([1.0, 1.1, 9.0])) == {2}
    assert c.outliers([1.0, 1.1, 9.0])[2] == pytest.approx(9.0 / 1.1)
    assert set(c.outliers([1.0, 1.1, 0.2])) == {2}  # faster is as suspect as slower
    assert c.outliers([1.0, 1.1, 3.0]) == {}
    assert set(c.outliers([1.0, 5.0])) == {0, 1}
    assert c.outliers([1.0, 3.0]) == {}


def test_the_clean_processes_make_the_value_and_never_a_contended_one_beside_them():
    kept = c.judge([1.0, 9.0, 1.1], [False, True, False], 2, by_spread=True)
    assert kept.keep == (0, 2) and kept.aside == ((1, "contended", None),) and kept.unresolved is None
    short = c.judge([1.0, 9.0, 7.0], [False, True, True], 2, by_spread=True)
    assert short.keep == (0,) and [why for _, why, _ in short.aside] == ["contended"] * 2
    assert short.unresolved == "contended"
    naive = c.judge([1.0, 9.0], [False, False], 2, by_spread=False)
    assert naive.keep == (0, 1) and not naive.aside and naive.unresolved is None


def test_with_no_clean_process_the_fastest_contended_one_alone_makes_the_value():
    busy = c.judge([3.0, 2.0, 9.0], [True, True, True], 2, by_spread=True)
    assert busy.keep == (1,) and len(busy.aside) == 2 and busy.unresolved == "contended"


def test_two_processes_too_far_apart_are_both_kept_until_a_third_says_which_is_off():
    apart = c.judge([1.0, 9.0], [False, False], 2, by_spread=True)
    assert apart.keep == (0, 1) and not apart.aside and apart.unresolved == "outlier" and apart.clean == 0
    third = c.judge([1.0, 9.0, 1.1], [False, False, False], 2, by_spread=True)
    assert third.keep == (0, 2) and third.aside == ((1, "outlier", pytest.approx(9.0 / 1.1)),)
    assert third.unresolved is None


# -- the rounds: set aside, measured again, the limits ------------------------------------------

def _point(task: profiles.Task, median: float, load: dict | None) -> Point:
    samples = [median * (1 + 0.01 * k) for k in (-2, -1, 0, 1, 2)]
    return Point(device=task.device.name, workload=task.workload.kind, params=task.workload.params(),
                 method=task.method, suite=task.suite, samples=samples, repeats=len(samples),
                 process_load=[load]).summarize()


Process = Callable[[profiles.Task, int], tuple[float, dict | None]]


def _run(monkeypatch, tasks: list[profiles.Task], processes: int, process: Process) -> tuple[ResultSet, list]:
    """``tasks`` through run_rounds, each (task, round) measured as ``process`` says: (median, reading)."""
    measured: list[tuple[str, int]] = []

    def fake_workers(todo, round_, _processes, _limit, record, _extra=None, _spares=None):
        for task in todo:
            measured.append((task.workload.label, round_))
            median, load = process(task, round_)
            record(task, _point(task, median, load), round_)

    monkeypatch.setattr(workers, "measure_in_workers", fake_workers)
    results = ResultSet(environment=results_of("ci-2core-workers").environment, profile="quick", processes=processes)
    journal: list = []
    workers.run_rounds(tasks, results, processes=processes, add=lambda p, r: journal.append((p, r)))
    return results, measured


COPY = profiles.plan(["copy"], "quick", [CPU])


def test_a_contended_process_is_set_aside_and_its_point_measured_again_in_a_fresh_process(monkeypatch):
    first = task_key(COPY[0])

    def process(task, round_):
        return (5e-3, BUSY) if task_key(task) == first and round_ == 1 else (1e-3, IDLE)

    results, measured = _run(monkeypatch, COPY, 2, process)
    assert measured.count((COPY[0].workload.label, 2)) == 1 and len(measured) == 2 * len(COPY) + 1
    point = results.points[0]
    assert point.extra_processes == 1 and point.unresolved is None
    assert len(point.processes) == 2 and [r["contended"] for r in point.process_load] == [False, False]
    assert [record["why"] for record in point.set_aside] == ["contended"]
    assert statistics.median(point.set_aside[0]["samples"]) == pytest.approx(5e-3)
    assert point.median_s == pytest.approx(1e-3, rel=0.05)  # the busy process is not in the value
    assert all(s < 2e-3 for s in point.samples)
    assert results.contention["busy_points"] == 1 and results.contention["remeasured_points"] == 1
    assert not results.contention["limit_reached"]
    assert all(p.extra_processes == 0 and not p.set_aside for p in results.points[1:])
    lines = remeasure.lines(results.points, 2, results.contention)
    assert len(lines) == 2 and "measured again in 1 fresh process, 1 set aside" in lines[0]
    assert lines[-1] == ("mpsarticle: the machine was busy during 1 of 3 points; 1 were measured again "
                         "(1 extra process)")


def test_an_outlier_process_of_the_synchronised_timer_is_set_aside_but_naive_timeit_keeps_its_spread(monkeypatch):
    original = [t for t in profiles.plan(["original"], "quick", [CPU]) if t.workload.params()["m"] == 1500]
    assert {t.method for t in original} == {"naive", "engine"}

    def process(task, round_):
        return (9e-3 if round_ == 1 else 1e-3), IDLE

    results, _ = _run(monkeypatch, original, 2, process)
    engine = results.one(method="engine")
    naive = results.one(method="naive")
    assert engine.extra_processes == 1 and [r["why"] for r in engine.set_aside] == ["outlier"]
    assert engine.set_aside[0]["factor"] == pytest.approx(9.0, rel=0.05)
    assert engine.median_s == pytest.approx(1e-3, rel=0.05)
    assert naive.extra_processes == 0 and not naive.set_aside and len(naive.processes) == 2
    assert results.contention["outlier_points"] == 1 and results.contention["busy_points"] == 0


def test_a_machine_busy_all_along_reaches_the_runs_limit_and_every_process_stays_in_the_file(monkeypatch):
    tasks = profiles.plan(["original"], "quick", [CPU])[:4]
    limit = c.extra_limit(len(tasks) * 2)
    assert limit == 4

    def process(task, round_):
        return 1e-3 * (1 + round_), BUSY

    results, measured = _run(monkeypatch, tasks, 2, process)
    assert len(measured) == 2 * len(tasks) + limit  # one extra round; the second finds the limit spent
    assert results.contention["limit_reached"] and results.contention["extra_processes"] == limit
    for point in results.points:
        assert point.unresolved == "contended" and point.extra_processes == 1
        assert len(point.processes) == 1 and len(point.set_aside) == 2  # every process kept in the file
        assert point.median_s == pytest.approx(1e-3, rel=0.05)  # the fastest, slowed the least
        assert sorted(statistics.median(s["samples"]) for s in point.set_aside) == pytest.approx([2e-3, 3e-3])
    lines = remeasure.lines(results.points, 2, results.contention)
    assert lines[0].endswith("its value rests on 1 process: fewer than two were measured while the machine was "
                             "not busy (the run's limit of 4 extra processes was reached)")
    assert lines[-1].endswith("4 were measured again (4 extra processes, the run's limit of 4 reached)")


def test_a_point_measured_again_twice_stops_at_the_limit_per_point(monkeypatch):
    results, measured = _run(monkeypatch, COPY[:1], 6, lambda task, round_: (1e-3, BUSY))
    point = results.points[0]
    assert point.extra_processes == c.EXTRA_PER_POINT == 2 and len(measured) == 8
    assert not results.contention["limit_reached"] and point.unresolved == "contended"
    assert len(point.processes) + len(point.set_aside) == 8
    assert f"at most {c.EXTRA_PER_POINT} extra per point" in remeasure.lines(results.points, 6,
                                                                            results.contention)[0]


def test_a_journal_reads_back_the_verdicts_the_run_made(tmp_path, monkeypatch):
    first = task_key(COPY[0])
    results, _ = _run(monkeypatch, COPY, 2, lambda task, round_: (
        (5e-3, BUSY) if task_key(task) == first and round_ == 0 else (1e-3, IDLE)))
    journal = Journal(journal_path(tmp_path / "r.json"), ResultSet(environment=results.environment,
                                                                     profile="quick", processes=2))
    rounds = {0: [], 1: [], 2: []}
    for task in COPY:
        for round_ in (0, 1):
            median, load = (5e-3, BUSY) if task_key(task) == first and round_ == 0 else (1e-3, IDLE)
            rounds[round_].append(_point(task, median, load))
    rounds[2].append(_point(COPY[0], 1e-3, IDLE))
    for round_, points in rounds.items():
        for point in points:
            journal.add(point, round_)
    journal.close()
    again = load_journal(journal.path)
    by_params = {json.dumps(p.params): p for p in again.points}
    point = by_params[json.dumps(COPY[0].workload.params())]
    assert point.extra_processes == 1 and [r["why"] for r in point.set_aside] == ["contended"]
    assert point.median_s == pytest.approx(results.points[0].median_s)


# -- the file: new fields recorded, old files still read ----------------------------------------

def test_the_run_records_the_readings_and_the_summary_and_reads_them_back(tmp_path, monkeypatch):
    results, _ = _run(monkeypatch, COPY, 2, lambda task, round_: ((5e-3, BUSY) if round_ == 0 else (1e-3, IDLE)))
    path = results.save(tmp_path / "r.json")
    again = load(path)
    assert again.contention == results.contention and again.contention["thresholds"] == c.thresholds()
    assert [p.set_aside for p in again] == [p.set_aside for p in results]
    assert [p.process_load for p in again] == [p.process_load for p in results]
    data = json.loads(path.read_text())
    data["points"][0]["set_aside"][0]["why"] = "tired"
    with pytest.raises(ResultsFileError, match=r"points\[0\]\.set_aside\[0\]\.why"):
        ResultSet.from_dict(data, source="r.json")


def test_an_old_file_without_the_readings_loads_and_the_chapter_says_they_were_not_recorded():
    old = ROOT / "docs" / "_data" / "machines" / "2-core-cpu-amd-epyc-ci-machine.json"
    raw = json.loads(old.read_text())
    assert not any(key in point for point in raw["points"]
                   for key in ("process_load", "set_aside", "extra_processes", "unresolved"))
    assert "contention" not in raw
    results = load(old)
    assert results.contention is None and all(not p.process_load and not p.set_aside for p in results)
    found = f.remeasured(results)
    assert not found.read
    assert remeasured_sentence(found, Words("en")).startswith("This build recorded nothing of what else used")


def test_the_method_chapter_says_zero_and_counts_what_was_measured_again(monkeypatch):
    calm, _ = _run(monkeypatch, COPY, 2, lambda task, round_: (1e-3, IDLE))
    zero = remeasured_sentence(f.remeasured(calm), Words("en"))
    assert zero.startswith("No point of this build had to be measured again: no process ran while other programs "
                           "kept the CPU busy")
    busy, _ = _run(monkeypatch, COPY, 2, lambda task, round_: ((5e-3, BUSY) if round_ == 0 else (1e-3, IDLE)))
    said = remeasured_sentence(f.remeasured(busy), Words("en"))
    assert said == "The machine was busy while 3 points were measured; each was measured again in a fresh process."
    assert remeasured_sentence(f.remeasured(busy), Words("id")) == \
        "Mesin sedang sibuk saat 3 titik diukur, jadi setiap titik itu diukur ulang di proses baru."


# -- reading the counters ------------------------------------------------------------------------

def test_a_short_point_widens_its_window_over_the_points_just_before_it_on_its_device(monkeypatch):
    clock = iter([0.0, 0.1, 0.1, 0.2, 0.2, 0.3, 0.3, 0.4])  # four points of 0.1 s, back to back
    monkeypatch.setattr(cpuload, "snapshot", lambda allowed=None: cpuload.Snapshot(next(clock), 0.0, 0.0))
    window = cpuload.Window()
    spans = []
    for device in ("cpu", "cpu", "mps", "mps"):
        window.start(device)
        spans.append(window.reading(cpu_point=device == "cpu")["points"])
    assert spans == [1, 2, 1, 2]  # never across devices, and back no further than a quarter of a second


def test_counters_that_cannot_be_read_are_recorded_as_null(monkeypatch):
    import psutil

    def broken(*args, **kwargs):
        raise psutil.AccessDenied()

    monkeypatch.setattr(psutil, "cpu_times", broken)
    window = cpuload.Window()
    window.start("mps")
    found = window.reading(cpu_point=False)
    assert found["others_cpu_s"] is None and found["contended"] is None
    assert found["own_cpu_s"] is not None and found["window_s"] > 0 and not math.isnan(found["window_s"])


def test_without_psutil_a_reading_is_all_null_and_the_point_is_still_measured(monkeypatch):
    monkeypatch.setattr(cpuload, "_psutil", lambda: None)
    window = cpuload.Window()
    window.start("cpu")
    found = window.reading(cpu_point=True)
    unread = ("own_cpu_s", "others_cpu_s", "load_1m", "involuntary_switches", "contended")
    assert [found[name] for name in unread] == [None] * len(unread)
    assert found["window_s"] >= 0 and found["points"] == 1


def test_the_parent_loads_its_statistics_libraries_before_the_first_worker_measures(monkeypatch):
    """The parent computes each point's statistics as its processes come in; scipy's import there, beside a
    worker's first points, read as contention of the run's own making (every point of a round flagged)."""
    import io
    from types import SimpleNamespace

    from mpsarticle.core import stats
    from mpsarticle.measure import session

    order: list[str] = []
    monkeypatch.setattr(stats, "load_libraries", lambda: order.append("libraries"))
    monkeypatch.setattr(session, "run_rounds", lambda *args, **kwargs: order.append("workers"))
    results = ResultSet(environment=results_of("ci-2core-workers").environment, profile="quick", processes=2)
    request = session.Request(("copy",), "quick", progress=False)
    session._in_workers(COPY, results, 2, request, SimpleNamespace(lock=None), SimpleNamespace(add=None),
                        io.StringIO())
    assert order == ["libraries", "workers"]
