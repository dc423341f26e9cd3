"""Every glued sentence of every chapter, for every machine of the matrix, in both languages, kept as reviewed files.

``tests/unit/snapshots/<machine>/<lang>/<chapter>.txt`` holds one ``key: text``
line per value the chapter glues. A change of wording or of a finding shows
up here as a diff to read; run with ``MPSARTICLE_UPDATE_SNAPSHOTS=1`` to
write the files anew (then read them: they are the article's text on those
machines). Such a run fails for every file it rewrote ("snapshot rewritten:
read the diff"), so that a run with the variable set, by hand or left set in
CI, never passes over a change nobody read; a snapshot that did not change
passes as it does without the variable, and the next run passes once the
rewritten files are what the code writes.
"""

from __future__ import annotations

import functools
import json
import os
import re
from pathlib import Path

import pytest

from mpsarticle.article.chapters import CHAPTERS
from mpsarticle.article.wording import LANGUAGES
from mpsarticle.results.model import ResultSet
from mpsarticle.results.schema import STATUSES, ResultsFileError

from ..machines import MACHINES, results_of
from ..rendering import sentences

SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"
UPDATE_VARIABLE = "MPSARTICLE_UPDATE_SNAPSHOTS"
#: The machines chapter of the broken build also shows the warning about a skipped archive file: this one.
BROKEN_FILE = "docs/_data/machines/broken.json"


@functools.cache
def refused_status() -> str:
    """What loading says of an archive file whose first point has a status the schema does not know (``fine``):
    the schema's own words, so that the statuses it lists are :data:`mpsarticle.results.schema.STATUSES`."""
    data = json.loads(results_of("ci-2core").to_json())
    data["points"][0]["status"] = "fine"
    try:
        ResultSet.from_dict(data, source=BROKEN_FILE)
    except ResultsFileError as refused:
        return str(refused)
    raise AssertionError(f"{BROKEN_FILE}: a point with status 'fine' was loaded")


def skipped(machine: str) -> list[str]:
    return [refused_status()] if machine == "all-failed" else []


def rendered(machine: str, lang: str, chapter: str) -> str:
    values = sentences(chapter, machine, lang, skipped=skipped(machine))
    return "".join(f"{key}: {text}\n" for key, text in values.items())


def test_the_skipped_file_is_refused_naming_every_status_the_schema_knows() -> None:
    assert refused_status() == f"{BROKEN_FILE}: field points[0].status: 'fine' is not one of {list(STATUSES)}"
    assert "timeout" in STATUSES


def test_the_matrix_has_a_point_of_every_status() -> None:
    """So that each status's sentences are in some snapshot (a status no machine has is never read)."""
    found = {point.status for machine in MACHINES for point in results_of(machine)}
    assert found == set(STATUSES), f"no machine of tests/machines.py has a point {set(STATUSES) - found}"


def check_snapshot(path: Path, text: str) -> None:
    """``text`` is the reviewed ``path``; with the update variable set, a differing or missing file is written
    and the check fails, naming it, so that the rewrite is read before anything passes."""
    expected = path.read_text(encoding="utf-8") if path.is_file() else None
    if text == expected:
        return
    if os.environ.get(UPDATE_VARIABLE) == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        pytest.fail(f"{path}: snapshot rewritten: read the diff (git diff -- {path})", pytrace=False)
    assert expected is not None, f"{path}: no snapshot; write it with {UPDATE_VARIABLE}=1 and read it"
    assert text == expected, (f"{path}: the sentences changed; if that is intended, "
                              f"regenerate with {UPDATE_VARIABLE}=1 and read the diff\n--- snapshot\n{expected}"
                              f"--- now\n{text}")


@pytest.mark.parametrize("chapter", CHAPTERS)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("machine", MACHINES)
def test_sentences_match_the_reviewed_snapshot(machine: str, lang: str, chapter: str) -> None:
    check_snapshot(SNAPSHOTS / machine / lang / f"{chapter}.txt", rendered(machine, lang, chapter))


@pytest.mark.parametrize("update", [False, True], ids=["plain", "update"])
def test_an_unchanged_snapshot_passes_with_or_without_the_update_variable(tmp_path, monkeypatch, update) -> None:
    monkeypatch.setenv(UPDATE_VARIABLE, "1" if update else "0")
    path = tmp_path / "en" / "index.txt"
    path.parent.mkdir()
    path.write_text("answer_lead: text\n", encoding="utf-8")
    check_snapshot(path, "answer_lead: text\n")
    assert path.read_text(encoding="utf-8") == "answer_lead: text\n"


def test_an_update_run_rewrites_a_changed_or_missing_snapshot_and_fails_naming_it(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv(UPDATE_VARIABLE, "1")
    changed, missing = tmp_path / "en" / "index.txt", tmp_path / "id" / "index.txt"
    changed.parent.mkdir()
    changed.write_text("answer_lead: old\n", encoding="utf-8")
    for path in (changed, missing):
        with pytest.raises(pytest.fail.Exception, match=f"{re.escape(str(path))}: snapshot rewritten: read the diff"):
            check_snapshot(path, "answer_lead: new\n")
        assert path.read_text(encoding="utf-8") == "answer_lead: new\n"
        check_snapshot(path, "answer_lead: new\n")  # the run after the rewrite passes


def test_without_the_update_variable_a_changed_snapshot_fails_and_is_kept(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv(UPDATE_VARIABLE, raising=False)
    path = tmp_path / "index.txt"
    path.write_text("answer_lead: old\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="the sentences changed"):
        check_snapshot(path, "answer_lead: new\n")
    with pytest.raises(AssertionError, match="no snapshot"):
        check_snapshot(tmp_path / "absent.txt", "answer_lead: new\n")
    assert path.read_text(encoding="utf-8") == "answer_lead: old\n" and not (tmp_path / "absent.txt").exists()


def test_every_snapshot_belongs_to_the_matrix() -> None:
    """A snapshot left over from a machine or chapter that is gone would never be read again."""
    expected = {SNAPSHOTS / m / lang / f"{c}.txt" for m in MACHINES for lang in LANGUAGES for c in CHAPTERS}
    stray = sorted(str(p) for p in SNAPSHOTS.rglob("*.txt") if p not in expected)
    assert not stray, f"snapshots outside the matrix: {stray}"
