"""The archive of other machines: hostile files are refused or rendered inert; publishing paths."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from mpsarticle.page import Page
from mpsarticle.results import archive
from mpsarticle.results.model import SCHEMA_VERSION, Point, ResultSet, ResultsFileError

from ..running import ROOT

HOSTILE = '<script>alert("x")</script> $\\frac{1}{0}$ <img src=x onerror=alert(1)>'


def machine(label: str, device: str = "mps") -> ResultSet:
    env = {"torch": "2.13.0", "python": "3.11", "os": "Darwin 24", "cpu": label, "logical_cores": 10,
           "memory_bytes": 16 << 30, "devices": {"cpu": {"kind": "cpu", "name": label, "threads_used": 10},
                                                 device: {"kind": device, "name": label, "backend": "Metal"}}}
    points = []
    for m, cpu_s, acc_s in ((1024, 1e-4, 5e-5), (4096, 2e-3, 4e-4)):
        for dev, seconds in (("cpu", cpu_s), (device, acc_s)):
            points.append(Point(dev, "matvec", {"m": m, "dtype": "float32"}, "engine", suite="matvec",
                                median_s=seconds, iqr_s=seconds / 50, repeats=5, number_per_run=10,
                                samples=[seconds] * 5, flops=2.0 * m * m, bytes_moved=4.0 * m * m, check="passed",
                                rel_error=1e-7, tolerance=1e-3).summarize())
    return ResultSet(environment=env, points=points, profile="default", label=label)


@pytest.fixture
def folder(tmp_path):
    path = tmp_path / "machines"
    path.mkdir()
    return path


def write(folder: Path, name: str, data) -> Path:
    path = folder / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def good(label="Mac mini M2") -> dict:
    return machine(label).to_dict()


def test_valid_archive_loads_every_file(folder):
    write(folder, "a.json", good("A"))
    write(folder, "b.json", good("B"))
    loaded = archive.load_archive(folder)
    assert list(loaded.machines) == ["a.json", "b.json"] and loaded.skipped == []
    assert loaded.machines["b.json"].label == "B"


def _edit(data: dict, path: list, value) -> dict:
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (["points", 0, "median_s"], "fast", "points[0].median_s"),  # wrong type
        (["environment", "devices"], ["cpu"], "environment.devices"),  # wrong type
        (["points", 1, "device"], KeyError, "points[1]"),  # missing field
        (["environment"], KeyError, "(top level)"),  # missing block
        (["points", 2, "median_s"], 1e300, "points[2].median_s"),  # huge number
        (["points", 2, "flops"], 1e300, "points[2].flops"),  # huge number
        (["schema_version"], SCHEMA_VERSION + 1, "schema_version"),  # newer schema
        (["label"], None, "label"),  # an archive entry needs a label
        (["label"], "x" * 5000, "label"),  # absurd label
        (["environment", "cpu"], "y" * 5000, "environment.cpu"),  # absurd string
        (["points", 0, "params", "m"], KeyError, "points[0].params.m"),  # a matvec point without its size
        (["points", 0, "params", "m"], "big", "points[0].params.m"),  # a size that is not a number
    ],
)
def test_invalid_archive_file_fails_naming_file_and_field(folder, path, value, field):
    bad = write(folder, "bad.json", _edit(good(), path, value))
    with pytest.raises(ResultsFileError) as info:
        archive.load_archive(folder, skip_invalid=False)
    assert str(info.value).startswith(f"{bad}: field {field}"), str(info.value)


def test_invalid_files_can_be_skipped_with_a_visible_warning(folder, capfd, monkeypatch):
    write(folder, "fine.json", good("Fine"))
    write(folder, "broken.json", "{ not json")
    monkeypatch.setenv("MPSARTICLE_SKIP_INVALID_ARCHIVE", "1")
    loaded = archive.load_archive(folder)
    assert list(loaded.machines) == ["fine.json"]
    assert len(loaded.skipped) == 1 and "broken.json" in loaded.skipped[0]
    assert "skipped invalid archive file" in capfd.readouterr().err
    monkeypatch.delenv("MPSARTICLE_SKIP_INVALID_ARCHIVE")
    with pytest.raises(ResultsFileError, match="broken.json"):
        archive.load_archive(folder)


def test_skipped_files_are_named_on_the_page(folder, monkeypatch, tmp_path):
    write(folder, "broken.json", "[]")
    monkeypatch.setenv("MPSARTICLE_ARCHIVE", str(folder))
    monkeypatch.setenv("MPSARTICLE_SKIP_INVALID_ARCHIVE", "1")
    monkeypatch.setenv("MPSARTICLE_CACHE_DIR", str(tmp_path / "cache"))
    page = Page("machines", "en", results=machine("this"))
    monkeypatch.setattr("mpsarticle.page.load_archive_once", lambda: archive.load_archive(folder))
    assert "broken.json" in page.numbers()["machines_sentence"]


def test_hostile_labels_are_rendered_as_text(folder, monkeypatch, tmp_path):
    write(folder, "evil.json", good(HOSTILE))
    monkeypatch.setenv("MPSARTICLE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr("mpsarticle.page.load_archive_once", lambda: archive.load_archive(folder))
    for lang in ("en", "id"):
        page = Page("machines", lang, results=machine("this build machine"))
        html = page.machines_table().data
        assert "<script>" not in html and "<img src=x" not in html
        assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html
        # Glued sentences are plain strings, which docutils escapes as text; a label they quote stays whole.
        glued = page.numbers()
        assert all(isinstance(text, str) for text in glued.values())
        assert all(HOSTILE in text for text in glued.values() if "<script>" in text)
        for name in ("machines_speedup", "machines_efficiency", "machines_train"):
            assert page.figure_png(name).startswith(b"\x89PNG")
        page.publish()
    # The archive's summary is published once for both languages, at the site's root; the label in it is data.
    published = tmp_path / "cache" / "adhoc" / "shared" / "data" / "machines.csv"
    rows = list(csv.DictReader(published.open(encoding="utf-8")))
    assert rows and {row["label"] for row in rows} == {HOSTILE} and {row["file"] for row in rows} == {"evil.json"}


def test_too_many_files_is_refused(folder, monkeypatch):
    monkeypatch.setattr(archive, "MAX_FILES", 2)
    for name in "abc":
        write(folder, f"{name}.json", good(name))
    with pytest.raises(ResultsFileError, match="more than the 2"):
        archive.load_archive(folder)


def test_record_refuses_to_overwrite_before_measuring(folder):
    calls = []

    def measure():
        calls.append(1)
        return machine("x")

    path = archive.record("My Mac", folder, force=False, measure=measure)
    assert path.name == "my-mac.json" and archive.load_archive(folder).machines["my-mac.json"].label == "My Mac"
    with pytest.raises(FileExistsError, match="--force"):
        archive.record("my  mac", folder, force=False, measure=measure)
    assert len(calls) == 1  # refused before measuring: nothing lost
    archive.record("My Mac", folder, force=True, measure=measure)
    assert len(calls) == 2
    with pytest.raises(ValueError, match="no letters or digits"):
        archive.record("!!!", folder, force=False, measure=measure)


def test_a_label_per_language_is_shown_on_that_languages_pages_and_falls_back(folder, monkeypatch, tmp_path):
    """An archive label in the page's language where the file has one, else the label as recorded."""
    path = archive.record("Mac mini M2, office", folder, force=False, measure=lambda: machine("x"),
                          labels=archive.translated_labels(["id=Mac mini M2,  kantor"]))
    assert json.loads(path.read_text())["labels"] == {"id": "Mac mini M2, kantor"}
    write(folder, "plain.json", good("Mac Studio M1 Ultra"))
    monkeypatch.setenv("MPSARTICLE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr("mpsarticle.page.load_archive_once", lambda: archive.load_archive(folder))
    shown = {lang: Page("machines", lang, results=machine("this")).machines_table().data for lang in ("en", "id")}
    assert "Mac mini M2, kantor" in shown["id"] and "Mac mini M2, office" not in shown["id"]
    assert "Mac mini M2, office" in shown["en"] and "kantor" not in shown["en"]
    assert "Mac Studio M1 Ultra" in shown["id"] and "Mac Studio M1 Ultra" in shown["en"]  # (no id label: the label)


def test_the_label_command_translates_a_label_and_keeps_every_point(folder, capsys):
    from mpsarticle.cli.main import main

    path = write(folder, "m2.json", good("Mac mini M2"))
    before = archive.load(path)
    assert main(["label", str(path), "id", "Mac mini M2 di kantor"]) == 0
    after = archive.load(path)
    assert after.label_in("id") == "Mac mini M2 di kantor" and after.label_in("en") == "Mac mini M2"
    assert after.to_dict()["points"] == before.to_dict()["points"]
    for bad, message in ((["label", str(path), "ID", "x"], "two-letter code"),
                         (["label", str(path), "id", " "], "1 to 100 characters"),
                         (["label", str(folder / "none.json"), "id", "x"], "no such file")):
        capsys.readouterr()
        assert main(bad) != 0
        err = capsys.readouterr().err.strip()
        assert message in err and len(err.splitlines()) == 1, err
    assert archive.load(path).label_in("id") == "Mac mini M2 di kantor"  # nothing lost
    with pytest.raises(ValueError, match="LANG=TEXT"):
        archive.translated_labels(["id"])


def test_a_file_with_a_bad_translated_label_is_refused(folder):
    data = good()
    data["labels"] = {"Indonesian": "x"}
    write(folder, "bad.json", data)
    with pytest.raises(ResultsFileError, match="labels"):
        archive.load_archive(folder)


def test_the_real_archive_is_valid_and_from_runs():
    loaded = archive.load_archive(skip_invalid=False)
    assert len(loaded.machines) >= 2
    for name, results in loaded.machines.items():
        assert results.label and results.label_in("id") != results.label and results.environment.get("git_commit"), name
        assert results.environment["date"] and len(results) > 20, name
    kinds = {kind for r in loaded.machines.values() for kind in r.environment["devices"]}
    assert {"cpu", "cuda"} <= kinds


def test_the_archive_is_where_the_projects_pyproject_says(tmp_path, monkeypatch):
    monkeypatch.delenv("MPSARTICLE_ARCHIVE", raising=False)
    (tmp_path / "pyproject.toml").write_text('[tool.mpsarticle]\narchive = "data/machines"\n')
    inner = tmp_path / "docs" / "en"
    inner.mkdir(parents=True)
    # A pyproject.toml without the setting (another project's, nested) does not stop the search.
    (tmp_path / "docs" / "pyproject.toml").write_text('[project]\nname = "other"\n')
    monkeypatch.chdir(inner)  # where a chapter's kernel runs
    assert archive.archive_dir() == tmp_path / "data" / "machines"
    monkeypatch.setenv("MPSARTICLE_ARCHIVE", str(tmp_path / "elsewhere"))
    assert archive.archive_dir() == tmp_path / "elsewhere"
    # This checkout's own setting names the real archive.
    monkeypatch.delenv("MPSARTICLE_ARCHIVE")
    assert archive.archive_dir(ROOT / "docs" / "en") == ROOT / "docs" / "_data" / "machines"


def test_no_project_is_a_one_line_error_not_an_empty_archive(tmp_path, monkeypatch, capsys):
    from mpsarticle.cli import main as cli

    monkeypatch.delenv("MPSARTICLE_ARCHIVE", raising=False)
    monkeypatch.chdir(tmp_path)  # as an installed package sees it: no checkout above
    with pytest.raises(archive.ArchiveNotFound, match="no pyproject.toml .* set MPSARTICLE_ARCHIVE"):
        archive.load_archive()
    monkeypatch.setenv("MPSARTICLE_ARCHIVE", str(tmp_path / "missing"))
    with pytest.raises(archive.ArchiveNotFound, match="missing: the archive of machines is not a folder"):
        archive.load_archive()
    monkeypatch.delenv("MPSARTICLE_ARCHIVE")
    # record finds out before measuring: one line, exit status 1.
    assert cli.main(["record", "--label", "x", "--profile", "quick"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("mpsarticle: error: no archive of machines") and err.count("\n") == 1



def test_a_large_archive_is_validated_in_parallel_as_it_is_one_by_one(folder, monkeypatch, capfd):
    """The worker processes give the same machines in the same order, and the same invalid file refused or left
    out, as one process does."""
    for name in "cab":
        write(folder, f"{name}.json", good(name))
    write(folder, "broken.json", "[]")
    one_by_one = archive.load_archive(folder, skip_invalid=True)
    monkeypatch.setattr(archive, "PARALLEL_FROM", 1)
    monkeypatch.setattr(archive.os, "cpu_count", lambda: 2)
    in_parallel = archive.load_archive(folder, skip_invalid=True)
    assert list(in_parallel.machines) == list(one_by_one.machines) == ["a.json", "b.json", "c.json"]
    assert [r.label for r in in_parallel.machines.values()] == ["a", "b", "c"]
    assert in_parallel.skipped == one_by_one.skipped and "broken.json" in in_parallel.skipped[0]
    with pytest.raises(ResultsFileError, match="broken.json"):
        archive.load_archive(folder, skip_invalid=False)


def test_the_archive_is_loaded_once_per_build(folder, monkeypatch, tmp_path):
    """The second language's chapter reads back what the first validated; outside a build, every call loads."""
    write(folder, "a.json", good("a"))
    monkeypatch.setenv("MPSARTICLE_ARCHIVE", str(folder))
    monkeypatch.setenv("MPSARTICLE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("MPSARTICLE_BUILD_ID", raising=False)
    assert list(archive.load_archive_once().machines) == ["a.json"]
    monkeypatch.setenv("MPSARTICLE_BUILD_ID", "build-1")
    first = archive.load_archive_once()
    write(folder, "b.json", good("b"))  # (a file added mid-build is not seen until the next build)
    assert list(first.machines) == list(archive.load_archive_once().machines) == ["a.json"]
    monkeypatch.setenv("MPSARTICLE_BUILD_ID", "build-2")
    assert list(archive.load_archive_once().machines) == ["a.json", "b.json"]
