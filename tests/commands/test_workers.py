"""Fresh worker processes: every point measured in several, nothing lost to kill -9, a crash recorded as such."""

from __future__ import annotations

import json
import signal
import sys
import time
from pathlib import Path

import pytest

from mpsarticle.cli import main as cli
from mpsarticle.core import profiles
from mpsarticle.measure import journal as journals
from mpsarticle.measure import pool
from mpsarticle.measure.devices import Device
from mpsarticle.results.model import load

from ..running import ROOT, Running

COPY = ["--suite", "copy", "--profile", "quick", "--device", "cpu", "--no-progress"]
#: Points a kill -9 can land among: the blog post's sizes and the copy, naive and engine (quick: a few seconds).
SUITES = ["--suite", "original", "--suite", "copy", "--profile", "quick", "--device", "cpu"]
PLANNED = profiles.plan(["original", "copy"], "quick", [Device("cpu")])
PROCESSES = profiles.PROFILES["quick"].processes


def _journal_lines(path: Path) -> int:
    return len(path.read_text().splitlines()) if path.exists() else 0


def _measured_as_planned(point, planned: int = PROCESSES) -> bool:
    """Every planned process measured it, and any measured again because the machine was busy on top (a shared
    machine may be); its value comes from at least two of them, unless the limits on measuring again left fewer
    (then the point says why)."""
    total = len(point.processes) + len(point.set_aside)
    kept = len(point.processes) >= min(planned, 2) or (point.unresolved is not None and point.processes)
    return total == planned + point.extra_processes and bool(kept)


def test_kill_9_loses_at_most_the_point_being_measured_and_resume_completes_the_file(tmp_path):
    out = tmp_path / "r.json"
    journal = journals.journal_path(out)
    run = Running("run", *SUITES, "--out", str(out))
    notice = run.wait_for(r"mpsarticle: each point is saved to (\S+) as it finishes; if the run is stopped, "
                          r"continue with --resume (\S+)")
    assert notice[1] == notice[2] == str(journal)
    deadline = time.monotonic() + 180
    while _journal_lines(journal) < 4 and run.process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)  # until a few (point, process) measurements are in
    assert run.process.poll() is None, "the run ended before it could be killed"
    run.process.send_signal(signal.SIGKILL)
    run.process.wait(timeout=30)
    assert not out.exists() and _journal_lines(journal) >= 3  # the header and what had finished
    partial = journals.load_journal(journal)
    assert 1 <= len(partial.points) < len(PLANNED) * PROCESSES
    assert cli.main(["run", *SUITES, "--no-progress", "--resume", str(journal)]) == 0
    final = load(out)
    assert len(final) == len(PLANNED) and final.processes == PROCESSES
    assert all(p.status == "ok" and _measured_as_planned(p) for p in final)
    assert [(p.suite, p.method, p.params) for p in final] == [(t.suite, t.method, t.workload.params()) for t in PLANNED]
    assert not journal.exists()  # the results are saved: the journal is not needed


@pytest.fixture
def faulty(monkeypatch):
    """Workers that run tests/faulty_worker.py instead of the real one (FAULTY_WORKER says how they fail)."""
    monkeypatch.setattr(pool, "_worker_command", lambda: [sys.executable, str(ROOT / "tests" / "faulty_worker.py")])
    return monkeypatch


def test_a_worker_that_segfaults_leaves_its_point_crashed_and_the_run_goes_on(tmp_path, faulty, capsys):
    faulty.setenv("FAULTY_WORKER", f"segfault:{1 << 22}")
    out = tmp_path / "r.json"
    assert cli.main(["run", *COPY, "--out", str(out)]) == 0
    points = {p.params["n"]: p for p in load(out)}
    crashed = points[1 << 22]
    assert crashed.status == "crashed" and crashed.median_s is None
    assert crashed.reason.to_dict() == {"code": "crashed_signal", "signal": 11, "name": "SIGSEGV"}
    others = [p for n, p in points.items() if n != 1 << 22]
    assert len(others) == 2 and all(p.status == "ok" and _measured_as_planned(p) for p in others)
    assert "1 crashed" in capsys.readouterr().out


def test_a_point_past_its_limit_is_stopped_by_the_parent(tmp_path, faulty):
    """Even a point that never returns to Python (a kernel that hangs) is stopped: the parent kills its worker."""
    faulty.setenv("FAULTY_WORKER", f"hang:{1 << 22}")
    out = tmp_path / "r.json"
    assert cli.main(["run", *COPY, "--point-limit", "3", "--out", str(out)]) == 0
    points = {p.params["n"]: p for p in load(out)}
    assert points[1 << 22].status == "timeout"
    assert points[1 << 22].reason.to_dict() == {"code": "timeout", "limit_s": 3.0}
    assert all(p.status == "ok" for n, p in points.items() if n != 1 << 22)


def test_a_journal_cut_in_the_middle_of_a_line_loads_without_it(tmp_path):
    out = tmp_path / "r.json"
    assert cli.main(["run", *COPY, "--processes", "2", "--out", str(out)]) == 0
    results = load(out)
    journal = journals.Journal(journals.journal_path(out), results)
    journal.close()
    text = journals.journal_path(out).read_text()
    cut = text + json.dumps({"round": 1, "point": results.points[0].to_dict()})[:40]
    journals.journal_path(out).write_text(cut)
    again = journals.load_journal(journals.journal_path(out))
    assert [p.to_dict() for p in again.points] == [p.to_dict() for p in results.points]


def test_processes_come_from_the_profile_or_the_command_line(tmp_path):
    out = tmp_path / "r.json"
    assert cli.main(["run", *COPY, "--processes", "3", "--out", str(out)]) == 0
    found = load(out)
    assert found.processes == 3
    off = [(p.params, len(p.processes), len(p.set_aside), p.extra_processes, p.unresolved) for p in found
           if not _measured_as_planned(p, 3)]
    assert not off, off  # (params, processes kept, set aside, measured again, why unresolved)
    assert all(p.ci_low_s <= p.median_s <= p.ci_high_s for p in found)
    # A point left with one process (the others set aside on a busy machine, the limits on measuring again reached,
    # which the check above allows) has no spread between processes to share out.
    assert all(p.between_share is not None for p in found if len(p.processes) >= 2)


def test_a_build_measures_the_selfcheck_in_the_same_workers_as_its_points(tmp_path, monkeypatch):
    from mpsarticle.measure import runner, selfcheck

    monkeypatch.setenv("MPSARTICLE_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("MPSARTICLE_BUILD_ID", "build-selfcheck")
    results = runner.measure_once(["copy"], "quick", progress=False)
    assert results.processes == PROCESSES
    saved = tmp_path / "build-selfcheck" / "selfcheck.json"
    assert saved.exists()  # written by the suites' workers: no process of its own

    def not_again(*args, **kwargs):
        raise AssertionError("the build's selfcheck was measured twice")

    monkeypatch.setattr(selfcheck, "run_selfcheck", not_again)
    rows = runner.selfcheck_once(progress=False)
    assert len(rows) == len(selfcheck.CPU_POINTS) and {row.processes for row in rows} == {PROCESSES}
    assert all(len(row.engine_process_medians_s) == PROCESSES for row in rows)


def test_a_selfcheck_worker_that_crashes_costs_its_rows_one_process(faulty, capfd):
    from mpsarticle.measure.selfcheck import run_selfcheck

    faulty.setenv("FAULTY_WORKER", "selfcheck:reverse")  # the second process, the first in reverse order
    rows = run_selfcheck([Device("cpu")], processes=3, budget_s=0.06, progress=False)
    assert {row.processes for row in rows} == {2}
    assert "the selfcheck's process 2 was ended by SIGSEGV; its rows have one process fewer" in capfd.readouterr().err


def test_the_rounds_workers_start_in_batches_and_are_ready_before_one_is_handed_out(tmp_path, monkeypatch):
    # A stand-in for the child that writes, for each of its lines, when it was at that step: the test reads from
    # the files when each became ready, and whether any was handed out before its batch was.
    script = tmp_path / "child.py"
    script.write_text(
        "import json, os, sys, time\n"
        f"stamp = os.path.join({str(tmp_path)!r}, str(os.getpid()))\n"
        "time.sleep(0.3)\n"
        "open(stamp + '.ready', 'w').write(repr(time.monotonic()))\n"
        "print(json.dumps({'ready': True}), flush=True)\n"
        "line = sys.stdin.readline()\n"
        "open(stamp + ('.sent' if line else '.unused'), 'w').write(repr(time.monotonic()))\n")
    monkeypatch.setattr(pool, "_worker_command", lambda: [sys.executable, str(script)])
    spares = pool.Spares(3, batch=2)
    first = spares.take()
    assert spares.left == 1 and len(spares.idle) == 1  # two started together, one of them handed out
    ready = {p: float((tmp_path / f"{p}.ready").read_text()) for p in (first.process.pid, spares.idle[0].process.pid)}
    assert len(ready) == 2  # both had imported before the first was handed out
    first.send([])
    assert first.wait() == 0 and (tmp_path / f"{first.process.pid}.sent").exists()
    second = spares.take()
    assert second.process.pid in ready and spares.left == 1  # the batch's other one: nothing new started
    second.send([])
    second.wait()
    third = spares.take()  # the last planned one, a batch of its own
    assert spares.left == 0 and not spares.idle and third.process.pid not in ready
    extra = pool.Spares(0).take()  # beyond the plan: started there and then
    for worker in (third, extra):
        worker.send([])
        assert worker.wait() == 0
    idle = pool.Spares(2, batch=2)
    idle.start()
    waiting = list(idle.idle)
    idle.close()
    assert all(worker.process.poll() is not None for worker in waiting)  # none outlives the run


def test_a_real_worker_that_is_never_sent_work_ends_by_itself():
    worker = pool.Worker()
    assert worker.wait_ready(time.monotonic() + 120)
    assert worker.process.stdin is not None
    worker.process.stdin.close()
    assert worker.wait() == 0
