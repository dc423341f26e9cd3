"""Sustained mode: burst and sustained rates from windows, the workload chosen, a short run on the CPU."""

from __future__ import annotations

import json

import pytest

from mpsarticle.cli import main as cli
from mpsarticle.measure.devices import Device
from mpsarticle.measure.sustained import choose_task
from mpsarticle.results.model import load
from mpsarticle.results.sustained import SustainedError, summarise, window_rate
from mpsarticle.results.validate import validate_file


def test_burst_is_the_first_window_and_sustained_the_median_of_the_last_third():
    rates = [100, 98, 95, 90, 85, 80, 76, 75, 74]  # a laptop warming up
    assert summarise(rates) == {"burst_rate": 100, "sustained_rate": 75, "ratio": 0.75}
    assert summarise([5.0])["ratio"] == 1.0
    with pytest.raises(SustainedError):
        summarise([])


@pytest.mark.parametrize("suite, expected", [
    ("matmul", {"m": 512, "dtype": "float32"}), ("matvec", {"m": 4096, "dtype": "float32"}),
    ("copy", {"n": 1 << 24}), ("train", {"batch": 32, "width": 32}),
])
def test_the_suites_largest_workload_is_chosen(suite, expected):
    assert choose_task(suite, "quick", Device("cpu")).workload.params() == expected


def test_a_short_sustained_run_on_the_cpu(tmp_path, capsys):
    out = tmp_path / "sustained.json"
    assert cli.main(["run", "--sustained", "2", "--suite", "matmul", "--device", "cpu", "--profile", "quick",
                     "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "matmul(m=512, dtype=float32) on cpu" in printed and "of the burst" in printed
    block = load(out).sustained
    assert block["device"] == "cpu" and block["unit"] == "GFLOP/s" and block["check"] == "passed"
    assert len(block["windows"]) >= 6 and block["windows"][-1]["t_s"] >= 2.0
    for window in block["windows"]:
        assert window["rate"] == pytest.approx(window_rate(block["flops"], window["calls"], window["seconds"]))
    assert block["flops"] == 2 * 512**3
    assert block == {**block, **summarise([w["rate"] for w in block["windows"]])}
    data = json.loads(out.read_text())
    data["label"] = "CPU, sustained"
    out.write_text(json.dumps(data))
    assert validate_file(out) == []


def test_record_can_add_a_sustained_run_to_an_archive_entry(tmp_path, capsys):
    assert cli.main(["record", "--label", "Sustained test", "--dir", str(tmp_path), "--suite", "copy",
                     "--profile", "quick", "--device", "cpu", "--no-progress", "--sustained", "2",
                     "--sustained-suite", "matvec"]) == 0
    results = load(tmp_path / "sustained-test.json")
    assert results.label == "Sustained test" and {p.workload for p in results} == {"copy"}
    assert results.sustained["workload"] == "matvec" and results.sustained["unit"] == "GB/s"
    assert validate_file(tmp_path / "sustained-test.json") == []


@pytest.mark.parametrize("argv", [["run", "--sustained", "2"], ["run", "--sustained", "2", "--suite", "copy",
                                                                "--suite", "matmul"]])
def test_sustained_needs_exactly_one_suite(argv, capsys):
    with pytest.raises(SystemExit) as stopped:
        cli.main(argv)
    assert stopped.value.code == 2
    assert "exactly one --suite" in capsys.readouterr().err


def test_a_duration_that_cannot_be_measured_is_one_line(tmp_path, capsys):
    assert cli.main(["run", "--sustained", "0", "--suite", "copy", "--device", "cpu",
                     "--out", str(tmp_path / "x.json")]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("mpsarticle: error: --sustained needs a positive number") and "\n" not in err
    assert not (tmp_path / "x.json").exists()
