"""A run prints the risky conditions before it measures (the conditions themselves: tests/unit/test_conditions.py)."""

from __future__ import annotations

from mpsarticle.cli import commands
from mpsarticle.cli import main as cli
from mpsarticle.core import conditions
from mpsarticle.results.model import load


def test_run_prints_the_warnings_before_measuring(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(commands, "machine_conditions", lambda: {"warnings": ["on_battery", "swap_in_use"]})
    assert cli.main(["run", "--suite", "copy", "--profile", "quick", "--device", "cpu", "--no-progress",
                     "--out", str(tmp_path / "r.json")]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[:2] == [f"mpsarticle: warning: {conditions.WARNINGS['on_battery']}",
                       f"mpsarticle: warning: {conditions.WARNINGS['swap_in_use']}"]


def test_mps_fallback_is_flagged_on_the_terminal_and_recorded(tmp_path, monkeypatch, capsys):
    """In the chapters too: tests/unit/test_gaps.py."""
    monkeypatch.setenv("PYTORCH_ENABLE_MPS_FALLBACK", "1")
    out = tmp_path / "r.json"
    assert cli.main(["run", "--suite", "copy", "--profile", "quick", "--device", "cpu", "--out", str(out),
                     "--no-progress"]) == 0
    assert capsys.readouterr().err.splitlines()[0] == (
        "mpsarticle: warning: PYTORCH_ENABLE_MPS_FALLBACK=1: operators MPS lacks run on the CPU, so a time "
        "measured on MPS can include CPU work")
    assert load(out).environment["mps_fallback_to_cpu"] is True
