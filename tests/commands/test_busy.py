"""A run beside busy loops: it says the machine was busy, measures again, and its results file records it."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys

import pytest

from mpsarticle.cli import main as cli
from mpsarticle.core import profiles
from mpsarticle.results.model import load

PROCESSES = profiles.PROFILES["quick"].processes


def _loops() -> int:
    """Busy loops that leave the run no CPU to spare on any machine: one more than the CPUs its threads leave
    free (on a 2-core CPU, where PyTorch takes both, one). Contention is then certain whatever else runs, so the
    test does not depend on the machine being idle or busy otherwise."""
    import torch

    return max(1, (os.cpu_count() or 1) - torch.get_num_threads() + 1)


@pytest.fixture
def busy_loops():
    """``python -c 'while 1: pass'``, each in a session of its own, killed after the test (and by ``timeout``,
    where there is one, should the test itself be killed)."""
    command = [sys.executable, "-c", "while 1: pass"]
    if shutil.which("timeout"):
        command = ["timeout", "600", *command]
    started = [subprocess.Popen(command, start_new_session=True) for _ in range(_loops())]
    try:
        yield started
    finally:
        for process in started:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=30)


def test_a_run_beside_a_busy_loop_says_the_machine_was_busy_and_its_results_record_it(tmp_path, busy_loops, capsys):
    out = tmp_path / "r.json"
    assert all(process.poll() is None for process in busy_loops)
    assert cli.main(["run", "--suite", "copy", "--profile", "quick", "--device", "cpu", "--no-progress",
                     "--out", str(out)]) == 0
    assert all(process.poll() is None for process in busy_loops), "a busy loop ended before the run did"
    err = capsys.readouterr().err
    summary = re.search(r"^mpsarticle: the machine was busy during (\d+) of 3 points; (\d+) were measured again "
                        r"\((\d+) extra process", err, re.M)
    assert summary, err
    busy, again, extra = (int(n) for n in summary.groups())
    assert busy >= 1 and again >= 1
    assert len(re.findall(r"^mpsarticle: busy: copy: copy\(n=\d+\) \(engine\) on cpu: ", err, re.M)) >= busy
    assert "measured it while the machine was busy: other processes kept" in err

    results = load(out)
    found = results.contention
    assert (found["busy_points"], found["remeasured_points"], found["extra_processes"]) == (busy, again, extra)
    readings = [[*p.process_load, *(s["load"] for s in p.set_aside)] for p in results]
    assert sum(any(r and r["contended"] for r in group) for group in readings) == busy
    assert any(p.set_aside for p in results)  # the busier processes are kept in the file, out of the values
    for point in results:
        assert point.status == "ok" and (len(point.processes) >= 2 or point.unresolved == "contended")
        assert len(point.processes) + len(point.set_aside) == PROCESSES + point.extra_processes
        assert point.samples == [s for group in point.processes for s in group]
