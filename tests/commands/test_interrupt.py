"""Interruption: SIGINT/SIGTERM in real subprocesses save the points so far; --resume measures the rest."""

from __future__ import annotations

import json
import os
import signal
import subprocess
from pathlib import Path

import pytest

from mpsarticle.cli import main as cli
from mpsarticle.core import profiles
from mpsarticle.core.reasons import Reason
from mpsarticle.measure import timing
from mpsarticle.measure.devices import Device
from mpsarticle.measure.environment import environment
from mpsarticle.measure.interrupt import Interrupted, Rescue, signals_interrupt
from mpsarticle.results.archive import load_archive
from mpsarticle.results.model import Point, ResultSet, load

from ..running import ROOT, Running

#: Enough small points (a few seconds on a 2-core CPU) that a signal sent after the first lands mid-run.
SLOW = ["--suite", "original", "--suite", "matvec", "--profile", "quick", "--device", "cpu"]
PLANNED = len(profiles.plan(["original", "matvec"], "quick", [Device("cpu")]))


def _notices(stderr: str) -> list[str]:
    """The one-line notices, without the progress bar's lines (which start with "mpsarticle:" too) and the
    journal's, printed first by every run (tests/commands/test_workers.py)."""
    return [line for line in stderr.splitlines() if line.startswith("mpsarticle: ") and "%|" not in line
            and " as it finishes; " not in line]


@pytest.mark.parametrize("signum, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_run_saves_the_points_so_far_and_exits_with_the_signal_status(tmp_path, signum, status):
    out = tmp_path / "r.json"
    run = Running("run", *SLOW, "--out", str(out))
    run.wait_for_first_point()
    run.signal(signum)
    assert run.finish() == status
    saved = load(out)
    assert 1 <= len(saved) < PLANNED and all(p.status == "ok" for p in saved)
    name = signal.Signals(signum).name
    assert _notices(run.stderr) == [
        f"mpsarticle: interrupted ({name}): saved {len(saved)} of {PLANNED} points to {out}; "
        f"continue with --resume {out}"]
    assert "Traceback" not in run.stderr


def test_a_second_ctrl_c_while_saving_cannot_cut_the_file(tmp_path, monkeypatch):
    """An impatient user presses Ctrl-C again while the points are being written."""
    from mpsarticle.measure import interrupt

    target = tmp_path / "r.json"
    real_save = interrupt.save_text

    def save_interrupted_again(text, path):
        os.kill(os.getpid(), signal.SIGINT)  # arrives in the middle of the save
        return real_save(text, path)

    monkeypatch.setattr(interrupt, "save_text", save_interrupted_again)
    results = ResultSet(environment={"torch": "x", "python": "3", "os": "o", "cpu": "c", "devices": {}})
    rescue = Rescue(results, target, planned=3)
    with pytest.raises(Interrupted) as caught:
        with signals_interrupt(), rescue.on_interrupt():
            rescue.add(Point("cpu", "copy", {"n": 1}, status="error", reason=Reason.of("exception", message="test")))
            os.kill(os.getpid(), signal.SIGINT)
    assert caught.value.notice.startswith("mpsarticle: interrupted (SIGINT): saved 1 of 3 points to ")
    assert len(load(target)) == 1


def test_resume_measures_only_what_is_missing(tmp_path, monkeypatch, capsys):
    out = tmp_path / "r.json"
    run = Running("run", *SLOW, "--out", str(out))
    run.wait_for_first_point()
    run.signal(signal.SIGINT)
    assert run.finish() == 130
    first = load(out)
    measured = []
    original = timing.time_point

    def spy(workload, device, method="engine", options=None, *, suite=None, check=True):
        measured.append((suite, workload.params().get("m"), method))
        return original(workload, device, method, options, suite=suite, check=check)

    monkeypatch.setattr(timing, "time_point", spy)
    # In this process (--processes 1), where the spy sees every point measured.
    assert cli.main(["run", *SLOW, "--resume", str(out), "--no-progress", "--processes", "1"]) == 0
    final = load(out)
    assert len(final) == PLANNED and len(measured) == PLANNED - len(first)
    kept = [p.to_dict() for p in final]
    assert all(point.to_dict() in kept for point in first)  # the saved points, untouched
    # In the order a run from scratch has: suite by suite, size by size.
    plan = profiles.plan(["original", "matvec"], "quick", [Device("cpu")])
    assert [(p.suite, p.params["m"], p.method) for p in final] == [(t.suite, t.workload.m, t.method) for t in plan]
    assert f"wrote {out} ({PLANNED} points" in capsys.readouterr().out


@pytest.fixture(scope="module")
def partial(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("partial") / "p.json"
    assert cli.main(["run", "--suite", "copy", "--profile", "quick", "--device", "cpu", "--out", str(path),
                     "--no-progress"]) == 0
    data = json.loads(path.read_text())
    data["points"] = data["points"][:1]
    path.write_text(json.dumps(data))
    return path


def _changed(partial: Path, tmp_path: Path, change) -> Path:
    data = json.loads(partial.read_text())
    change(data)
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("change, argv, message", [
    (lambda d: None, ["--profile", "default"],
     "it was measured with the quick profile, this run asks for default; pass --profile quick"),
    (lambda d: d["environment"].update(torch="2.1.2"), [],
     "it was measured with torch 2.1.2, this is torch {torch}; start a new file"),
    (lambda d: d["environment"].update(cpu="Apple M1 Pro"), [],
     "it was measured on another machine (CPU: Apple M1 Pro there, {cpu} here); start a new file"),
    (lambda d: d["environment"]["devices"].update(mps={"kind": "mps", "name": "Apple M1 Pro GPU"}), [],
     "it was measured on another machine (devices: {devices}, mps=Apple M1 Pro GPU there, {devices} here)"),
    (lambda d: None, ["--cold"], "it was measured without --cold; run with the same setting"),
])
def test_resume_refuses_another_profile_machine_or_torch(partial, tmp_path, capsys, change, argv, message):
    path = _changed(partial, tmp_path, change)
    before = path.read_text()
    env = environment()
    expected = message.format(torch=env["torch"], cpu=env["cpu"], devices=f"cpu={env['devices']['cpu']['name']}")
    code = cli.main(["run", "--suite", "copy", "--profile", "quick", "--device", "cpu", "--resume", str(path),
                     "--no-progress", *argv])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert err.startswith(f"mpsarticle: error: cannot resume {path}: ") and expected in err
    assert path.read_text() == before  # nothing measured, nothing written


def test_record_interrupted_keeps_its_points_out_of_the_archive_then_resumes(tmp_path):
    run = Running("record", "--label", "Test box", "--dir", str(tmp_path), *SLOW)
    run.wait_for_first_point()
    run.signal(signal.SIGTERM)
    assert run.finish() == 143
    partial = tmp_path / "test-box.json.partial"
    assert 1 <= len(load(partial)) < PLANNED
    assert _notices(run.stderr) == [f"mpsarticle: interrupted (SIGTERM): saved {len(load(partial))} of {PLANNED} "
                                    f"points to {partial}; continue with --resume {partial}"]
    assert not load_archive(tmp_path).machines  # a part is never drawn as a machine
    argv = ["record", "--label", "Test box", "--dir", str(tmp_path), *SLOW, "--resume", str(partial), "--no-progress"]
    assert cli.main(argv) == 0
    entry = load(tmp_path / "test-box.json")
    assert len(entry) == PLANNED and entry.label == "Test box"
    assert not partial.exists()


def test_site_build_measuring_saves_apart_from_what_later_chapters_load(tmp_path, monkeypatch):
    code = "from mpsarticle.measure.runner import measure_once; measure_once(['original', 'matvec'], 'quick')"
    env = {"MPSARTICLE_BUILD_ID": "build-1", "MPSARTICLE_CACHE_DIR": str(tmp_path)}
    run = Running(code=code, env=env)
    run.wait_for_first_point()
    run.signal(signal.SIGTERM)
    run.finish()
    rescued = tmp_path / "interrupted" / "build-1-quick-original-matvec.json"
    count = len(load(rescued))
    assert 1 <= count < PLANNED
    assert (f"mpsarticle: interrupted (SIGTERM): saved {count} of {PLANNED} points to {rescued}; continue with "
            f"python -m mpsarticle run --profile quick --resume {rescued}") in _notices(run.stderr)
    # What the next chapter of this build would load does not exist: it measures
    # afresh rather than take the part for the whole.
    assert not (tmp_path / "build-1").exists()


def test_make_html_removes_what_earlier_builds_left_but_keeps_rescued_points(tmp_path):
    measurements = tmp_path / "measurements"
    (measurements / "20260101T000000Z-123" / "published" / "data").mkdir(parents=True)
    (measurements / "20260101T000000Z-123" / "quick-original.json").write_text("{}")
    (measurements / "interrupted").mkdir()
    (measurements / "interrupted" / "20260101T000000Z-123-quick.json").write_text("{}")
    subprocess.run(["make", "-s", "forget-old-builds", f"BUILD_DIR={tmp_path}"], cwd=ROOT, check=True,
                   capture_output=True)
    assert sorted(p.name for p in measurements.iterdir()) == ["interrupted"]
    assert (measurements / "interrupted" / "20260101T000000Z-123-quick.json").exists()
    # and html runs it before building
    dry = subprocess.run(["make", "-n", "html"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    assert dry.index("-name interrupted") < dry.index("sphinx-build")


def test_rescue_for_other_commands(tmp_path):
    """The helper selfcheck (or any measuring command) wraps itself in."""
    results = ResultSet(environment={"torch": "x", "python": "3", "os": "o", "cpu": "c", "devices": {}})
    rescue = Rescue(results, tmp_path / "check.json", planned=5, hint=None)
    with pytest.raises(Interrupted) as caught:
        with signals_interrupt(), rescue.on_interrupt():
            rescue.add(Point("cpu", "copy", {"n": 1}, status="error", reason=Reason.of("exception", message="test")))
            os.kill(os.getpid(), signal.SIGTERM)
    assert caught.value.exit_status == 143
    assert caught.value.notice == f"mpsarticle: interrupted (SIGTERM): saved 1 of 5 points to {tmp_path / 'check.json'}"
    assert len(load(tmp_path / "check.json")) == 1
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL  # handlers restored
