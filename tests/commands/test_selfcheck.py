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


def _row(engine: tuple[float, float, float], reference: tuple[float, float, float], tolerance: float = 0.05):
    return selfcheck_rows.Row("cpu", "matvec", "matvec(m=1)", "x", *engine, *reference, engine[0] / reference[0],
                              tolerance, 1.0, 0.9, 1.0, processes=3)


def test_a_row_outside_its_tolerance_is_reported():
    row = _row((2.0, 1.9, 2.1), (1.0, 0.95, 1.05))
    assert not row.agrees and row.to_dict()["agrees"] is False
    assert abs(row.gap - (1.9 / 1.05 - 1)) < 1e-12
    assert "OUTSIDE" in table([row])


def test_the_verdict_is_the_distance_between_the_intervals_not_the_ratio():
    # Medians 8 % apart, intervals overlapping: not outside (one run's ratio would have said so), but the two
    # intervals allow 0.95x to 1.22x, beyond a fifth: too wide to have shown a disagreement of 5 %.
    wide = _row((1.08, 1.00, 1.16), (1.00, 0.95, 1.05))
    assert wide.ratio > 1.05 and wide.gap == 0 and not wide.agrees and wide.verdict == "unclear"
    # Medians 3 % apart, intervals overlapping and narrow: agrees.
    assert _row((1.03, 1.00, 1.06), (1.00, 0.98, 1.02)).agrees
    # Intervals 4.8 % apart: within 5 %; 5.5 % apart: outside, either way round.
    assert _row((1.10, 1.10, 1.12), (1.00, 1.00, 1.05)).agrees
    assert not _row((1.20, 1.108, 1.25), (1.00, 0.95, 1.05)).agrees
    assert not _row((1.00, 0.95, 1.05), (1.20, 1.108, 1.25)).agrees


def test_rows_come_from_every_process():
    def measured(engine, reference):
        return {"device": "cpu", "workload": "matvec", "label": "matvec(m=8)", "reference": "x",
                "engine_samples": engine, "reference_samples": reference, "engine_wall_s": 1.0,
                "engine_timed_s": 0.5, "reference_wall_s": 0.75}

    # Three processes whose medians differ by 20 %: each method's interval spans them, so they do not lie apart, and
    # are too wide to say they agree within 5 %.
    per_process = [[measured([1.0, 1.01, 0.99], [1.02, 1.0, 1.01])], [measured([1.2, 1.21, 1.19], [1.2, 1.22, 1.21])],
                   [measured([1.1, 1.1, 1.11], [1.1, 1.12, 1.1])]]
    (row,) = selfcheck_rows.rows_of(per_process, 0.05)
    assert row.processes == 3 and row.engine_process_medians_s == (1.0, 1.2, 1.1)
    assert row.engine_ci_low_s < 1.0 and row.engine_ci_high_s > 1.2 and row.gap == 0 and row.verdict == "unclear"
    assert row.engine_wall_s == 3.0 and row.reference_wall_s == 2.25
    assert selfcheck_rows.Row.from_dict(row.to_dict()) == row


def test_selfcheck_command_smoke(tmp_path):
    # Two fresh worker processes; wide enough never to fail on a noisy machine (a 2x error is a bug, 8 % is noise).
    out = tmp_path / "rows.json"
    done = subprocess.run(
        [sys.executable, "-m", "mpsarticle", "selfcheck", "--device", "cpu", "--tolerance", "0.9",
         "--processes", "2", "--budget", "0.1", "--no-progress", "--json", str(out)],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    rows = json.loads(out.read_text())
    # Two processes on a busy machine may leave a row too wide to check; none may lie outside.
    assert len(rows) == len(selfcheck.CPU_POINTS) and all(row["verdict"] in ("agrees", "unclear") for row in rows)
    assert any(row["agrees"] for row in rows), rows
    assert all(row["processes"] == 2 and len(row["engine_process_medians_s"]) == 2 for row in rows)
    assert "blocked_autorange" in done.stdout and "engine/reference wall" in done.stdout
