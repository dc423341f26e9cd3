"""A run prints the risky conditions before it measures (the conditions themselves: tests/unit/test_conditions.py)."""

from __future__ import annotations

from mpsarticle import cli, conditions


def test_run_prints_the_warnings_before_measuring(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(cli, "machine_conditions", lambda: {"warnings": ["on_battery", "swap_in_use"]})
    assert cli.main(["run", "--suite", "copy", "--profile", "quick", "--device", "cpu", "--no-progress",
                     "--out", str(tmp_path / "r.json")]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[:2] == [f"mpsarticle: warning: {conditions.WARNINGS['on_battery']}",
                       f"mpsarticle: warning: {conditions.WARNINGS['swap_in_use']}"]
