"""Outputs: checked for writability before the first point; a failed save at the end goes to a temporary file."""

from __future__ import annotations

import shutil
import tempfile

import pytest

from mpsarticle.cli import main as cli
from mpsarticle.measure import timing
from mpsarticle.results.model import load

COPY = ["--suite", "copy", "--profile", "quick", "--device", "cpu", "--no-progress"]


@pytest.fixture
def nothing_measured(monkeypatch):
    """Fails the test if a single point is measured."""
    def refuse(*args, **kwargs):
        raise AssertionError("measured a point although an output cannot be written")

    monkeypatch.setattr(timing, "time_point", refuse)


@pytest.mark.parametrize("where, why", [
    ("/proc/x/y.json", "No such file or directory: /proc/x"),
    ("{file}/y.json", "file is a file, not a folder"),
    ("{dir}", "it is a folder"),
])
@pytest.mark.parametrize("option", ["--out", "--csv"])
def test_unwritable_outputs_are_refused_before_the_first_point(tmp_path, capsys, nothing_measured, option, where, why):
    (tmp_path / "file").write_text("x")
    path = where.format(file=tmp_path / "file", dir=tmp_path)
    argv = ["run", *COPY, "--out", str(tmp_path / "ok.json"), option, path]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"mpsarticle: error: cannot write {path}: ") and why in err


def test_record_target_is_checked_before_the_first_point(tmp_path, capsys, nothing_measured):
    (tmp_path / "file").write_text("x")
    argv = ["record", "--label", "Box", "--dir", str(tmp_path / "file" / "machines"), *COPY]
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write" in err and "file is a file, not a folder" in err


def _folder_removed_while_measuring(monkeypatch, folder):
    """The output folder becomes a file during the run; temporary files go to the test's folder."""
    (folder.parent / "tmp").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder.parent / "tmp"))
    original = timing.time_point

    def measure(*args, **kwargs):
        if folder.is_dir():
            shutil.rmtree(folder)
            folder.write_text("now a file: the folder is gone")
        return original(*args, **kwargs)

    monkeypatch.setattr(timing, "time_point", measure)


def test_a_failed_save_at_the_end_goes_to_a_temporary_file(tmp_path, capsys, monkeypatch):
    folder = tmp_path / "out"
    _folder_removed_while_measuring(monkeypatch, folder)
    out, table = folder / "r.json", folder / "r.csv"
    # In this process (--processes 1), where the patched measure runs.
    assert cli.main(["run", *COPY, "--processes", "1", "--out", str(out), "--csv", str(table)]) == 1
    lines = [line for line in capsys.readouterr().err.splitlines() if " as it finishes; " not in line]
    assert len(lines) == 2
    json_line, csv_line = lines
    assert json_line.startswith(f"mpsarticle: error: could not write {out} (")
    fallback = json_line.rsplit("; the results are in ", 1)[1]
    assert fallback.startswith(str(tmp_path / "tmp" / "mpsarticle-r-")) and fallback.endswith(".json")
    results = load(fallback)
    assert len(results) == 3 and all(p.status == "ok" for p in results)
    assert csv_line.startswith(f"mpsarticle: error: could not write {table} (")
    assert open(csv_line.rsplit("; the results are in ", 1)[1]).read() == results.to_csv()


def test_a_failed_record_at_the_end_goes_to_a_temporary_file(tmp_path, capsys, monkeypatch):
    folder = tmp_path / "machines"
    _folder_removed_while_measuring(monkeypatch, folder)
    assert cli.main(["record", "--label", "Box", "--dir", str(folder), *COPY, "--processes", "1"]) == 1
    err = "".join(line for line in capsys.readouterr().err.splitlines(keepends=True) if " as it finishes; " not in line)
    assert err.count("\n") == 1 and f"could not write {folder / 'box.json'}" in err
    assert load(err.strip().rsplit("; the results are in ", 1)[1]).label == "Box"
