"""selfcheck: rows, verdicts, exit status, and a smoke run of the command on this machine's CPU."""

from __future__ import annotations

import json
import subprocess
import sys

from mpsarticle.cli.selfcheck_table import table
from mpsarticle.core.specs import MatVec
from mpsarticle.measure import selfcheck
from mpsarticle.measure.devices import Device
from mpsarticle.results import selfcheck as selfcheck_rows

from ..fakes import FakeAsyncDevice, Sleepy


def test_engine_agrees_with_the_events_on_a_fake_asynchronous_device():
    rows = selfcheck.check_point(Sleepy(seconds=0.001), FakeAsyncDevice(), rounds=2, budget_s=0.05, tolerance=0.15)
    (row,) = rows
    assert row.reference == "events"
    assert row.agrees  # sleep() overshoots a little; a 2x error would not pass
    assert row.engine_ci_low_s <= row.engine_median_s <= row.engine_ci_high_s
    assert row.engine_wall_s >= row.engine_timed_s > 0 and row.reference_wall_s > 0


def test_cpu_reference_is_blocked_autorange():
    assert list(selfcheck.references(Device("cpu"))) == ["blocked_autorange"]
    (row,) = selfcheck.check_point(MatVec(256), Device("cpu"), rounds=1, budget_s=0.05)
    assert row.reference == "blocked_autorange" and row.ratio > 0


def test_a_row_outside_its_tolerance_is_reported():
    row = selfcheck_rows.Row("cpu", "matvec", "matvec(m=1)", "x", 2.0, 1.9, 2.1, 1.0, 2.0, 0.05, 1.0, 0.9, 1.0)
    assert not row.agrees and row.to_dict()["agrees"] is False
    assert "OUTSIDE" in table([row])


def test_selfcheck_command_smoke(tmp_path):
    # Wide enough never to fail on a noisy machine: 0.53x to 1.9x (a 2x error is a bug, 8 % is noise).
    out = tmp_path / "rows.json"
    done = subprocess.run(
        [sys.executable, "-m", "mpsarticle", "selfcheck", "--device", "cpu", "--tolerance", "0.9",
         "--no-progress", "--json", str(out)],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    rows = json.loads(out.read_text())
    assert len(rows) == len(selfcheck.CPU_POINTS) and all(row["agrees"] for row in rows)
    assert "blocked_autorange" in done.stdout and "engine/reference wall" in done.stdout
