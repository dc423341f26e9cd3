"""Hung points: a per-point time limit (profile or --point-limit), and a clean end when Python cannot interrupt."""

from __future__ import annotations

import signal
import time

import pytest

from mpsarticle.cli import main as cli
from mpsarticle.core import profiles
from mpsarticle.core.profiles import Task
from mpsarticle.core.reasons import Reason
from mpsarticle.core.specs import MatVec
from mpsarticle.measure import timing
from mpsarticle.measure.devices import Device
from mpsarticle.measure.environment import environment
from mpsarticle.measure.interrupt import Rescue
from mpsarticle.measure.loop import run_tasks
from mpsarticle.measure.session import Request
from mpsarticle.measure.timing import TimingOptions
from mpsarticle.measure.watchdog import EXIT_HUNG, Watchdog
from mpsarticle.results.model import ResultSet, load

from ..fakes import FakeAsyncDevice, Sleeping, Sleepy
from ..running import Running

QUICK = TimingOptions(budget_s=0.05)


def _run(tasks, limit_s, tmp_path):
    results = ResultSet(environment())
    rescue = Rescue(results, tmp_path / "rescue.json", planned=len(tasks))
    with Watchdog(limit_s, rescue) as guard:
        return run_tasks(tasks, results=results, guard=guard, progress=False)


def test_a_point_past_its_limit_is_recorded_as_timeout_and_the_run_goes_on(tmp_path):
    cpu = Device("cpu")
    tasks = [Task("t", Sleeping(60.0), cpu, "engine", QUICK), Task("t", MatVec(32), cpu, "engine", QUICK)]
    results = _run(tasks, 0.5, tmp_path)
    stuck, after = results.points
    assert stuck.status == "timeout" and stuck.reason == Reason.of("timeout", limit_s=0.5)
    assert stuck.median_s is None and not stuck.ok
    assert after.status == "ok"


def test_after_a_timeout_the_accelerator_drains_before_the_next_point(tmp_path, monkeypatch):
    gpu = FakeAsyncDevice()
    leftover = []
    original = timing.time_point

    def measure(workload, device, *args, **kwargs):
        leftover.append(gpu.queue.busy_until - time.perf_counter())
        return original(workload, device, *args, **kwargs)

    monkeypatch.setattr(timing, "time_point", measure)
    # Each call queues a second of "GPU" work; the warm-up's wait is cut at the limit.
    tasks = [Task("t", Sleepy(1.0), gpu, "engine", QUICK), Task("t", Sleepy(0.001), gpu, "engine", QUICK)]
    results = _run(tasks, 0.3, tmp_path)
    assert [p.status for p in results] == ["timeout", "ok"]
    assert leftover[1] <= 0  # nothing of the stopped point was still queued


def test_the_limit_comes_from_the_profile_and_the_command_line_overrides_it(tmp_path):
    assert Request(("copy",), "quick").limit_s() == profiles.PROFILES["quick"].point_limit_s > 0
    assert Request(("copy",), "full", point_limit_s=30).limit_s() == 30
    assert Request(("copy",), "full", point_limit_s=0).limit_s() is None  # 0: no limit
    out = tmp_path / "r.json"
    argv = ["run", "--suite", "copy", "--profile", "quick", "--device", "cpu", "--point-limit", "0.001",
            "--out", str(out), "--no-progress"]
    assert cli.main(argv) == 0
    results = load(out)
    assert results.points and {p.status for p in results} == {"timeout"}
    assert {p.reason for p in results} == {Reason.of("timeout", limit_s=0.001)}


def test_a_bad_limit_is_an_argument_error(capsys):
    with pytest.raises(SystemExit) as exited:
        cli.main(["run", "--point-limit", "soon"])
    assert exited.value.code == 2
    assert "--point-limit: 'soon' is not a number of seconds (0 or more)" in capsys.readouterr().err


# A run on a fake GPU whose third point waits forever in an uninterruptible
# wait (tests.fakes.StuckDevice), with a one-second grace period.
STUCK = """
import sys
from pathlib import Path
from mpsarticle.measure.interrupt import Rescue, signals_interrupt
from mpsarticle.core.profiles import Task
from mpsarticle.measure.environment import environment
from mpsarticle.results.model import ResultSet
from mpsarticle.measure.loop import run_tasks
from mpsarticle.measure.timing import TimingOptions
from mpsarticle.measure.watchdog import Watchdog
from mpsarticle.core.specs import MatVec
from tests.fakes import Hang, StuckDevice

device, options = StuckDevice(), TimingOptions(budget_s=0.05)
tasks = [Task("t", work, device, "engine", options) for work in (MatVec(16), MatVec(32), Hang(), MatVec(64))]
results = ResultSet(environment())
rescue = Rescue(results, Path(sys.argv[1]), planned=len(tasks))
with signals_interrupt(), rescue.on_interrupt(), Watchdog(float(sys.argv[2]), rescue, grace_s=1.0) as guard:
    run_tasks(tasks, results=results, guard=guard, progress=False)
"""


def test_a_point_that_cannot_be_interrupted_ends_the_run_with_everything_before_it_saved(tmp_path):
    out = tmp_path / "r.json"
    run = Running(str(out), "1", code=STUCK)
    assert run.finish() == EXIT_HUNG
    saved = load(out)
    assert [p.status for p in saved] == ["ok", "ok"]
    assert run.stderr.strip().splitlines()[-1] == (
        f"mpsarticle: hang() on fake ran past the time limit of 1 s per point and cannot be interrupted from "
        f"Python: saved 2 of 4 points to {out}; continue with --resume {out}")


def test_a_signal_while_a_point_cannot_be_interrupted_still_saves(tmp_path):
    out = tmp_path / "r.json"
    run = Running(str(out), "0", code=STUCK)  # no time limit: only the signal ends it
    run.wait_for("hanging in the device's wait")
    run.signal(signal.SIGTERM)
    assert run.finish() == 143
    assert len(load(out)) == 2
    assert run.stderr.strip().splitlines()[-1] == (
        f"mpsarticle: interrupted (SIGTERM) while a point could not be interrupted: saved 2 of 4 points to {out}; "
        f"continue with --resume {out}")
