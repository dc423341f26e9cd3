"""The command line: info, run, record, and one-line errors with exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from mpsarticle.cli import main as cli
from mpsarticle.cli.parser import parse
from mpsarticle.results.model import load


def test_info_prints_devices_and_environment(capsys):
    assert cli.main(["info"]) == 0
    out = capsys.readouterr().out
    assert "torch" in out and "cpu" in out and "threads" in out
    assert cli.main(["info", "--json"]) == 0
    assert "devices" in json.loads(capsys.readouterr().out)


def test_run_writes_json_and_csv(tmp_path, capsys):
    out, table = tmp_path / "r.json", tmp_path / "r.csv"
    code = cli.main(["run", "--suite", "copy", "--profile", "quick", "--device", "cpu", "--out", str(out),
                     "--csv", str(table), "--no-progress"])
    assert code == 0
    results = load(out)
    assert results.profile == "quick" and {p.workload for p in results} == {"copy"}
    assert all(p.status == "ok" and p.check == "passed" for p in results)
    assert table.read_text().count("\n") == len(results) + 1
    assert "wrote" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["run", "--profile", "fast"],
        ["run", "--suite", "fft"],
        ["bogus"],
        [],
        ["plot"],
        ["record"],
        ["selfcheck", "--budget", "0"],
        ["selfcheck", "--tolerance", "0"],
        ["run", "--point-limit", "-1"],
    ],
)
def test_argument_errors_are_one_line_and_status_2(argv):
    done = subprocess.run([sys.executable, "-m", "mpsarticle", *argv], capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "error:" in done.stderr
    assert done.stdout == ""


def test_a_point_limit_of_zero_means_none():
    args = parse(["run", "--point-limit", "0"])
    assert args.point_limit == 0


def test_unusable_device_is_one_line_and_status_2(capsys):
    assert cli.main(["run", "--device", "tpu", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown device 'tpu'" in err


def test_plot_of_a_malformed_file_is_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert cli.main(["plot", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(bad) in err


def test_record_writes_an_archive_entry_and_refuses_to_overwrite(tmp_path, capsys):
    argv = ["record", "--label", "Test box 2", "--dir", str(tmp_path), "--suite", "copy", "--profile", "quick",
            "--no-progress"]
    assert cli.main(argv) == 0
    path = tmp_path / "test-box-2.json"
    first = load(path)
    assert first.label == "Test box 2" and len(first) > 0
    assert cli.main(argv) == 2
    assert "--force" in capsys.readouterr().err
    assert load(path).created == first.created  # nothing lost
    assert cli.main(argv + ["--force"]) == 0


def test_cold_run_marks_every_point(tmp_path):
    out = tmp_path / "cold.json"
    assert cli.main(["run", "--suite", "copy", "--profile", "quick", "--device", "cpu", "--cold",
                     "--out", str(out), "--no-progress"]) == 0
    results = load(out)
    assert results.points and all(p.cold and p.status == "ok" for p in results)
