"""Every glued sentence of every chapter, for every machine of the matrix, in both languages, kept as reviewed files.

``tests/unit/snapshots/<machine>/<lang>/<chapter>.txt`` holds one ``key: text``
line per value the chapter glues. A change of wording or of a finding shows
up here as a diff to read; run with ``MPSARTICLE_UPDATE_SNAPSHOTS=1`` to
write the files anew (then read them: they are the article's text on those
machines).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mpsarticle.sentences import chapter_sentences
from mpsarticle.wording import LANGUAGES, Words

from ..machines import MACHINES, archive_labels, results_of, selfcheck_rows

SNAPSHOTS = Path(__file__).resolve().parent / "snapshots"
UPDATE_VARIABLE = "MPSARTICLE_UPDATE_SNAPSHOTS"
CHAPTERS = ("index", "intro", "devices", "matvec", "timing", "matmul", "training", "method", "machines", "verdict")
#: The machines chapter of the broken build also shows the warning about a skipped archive file.
SKIPPED = {"all-failed": ["docs/_data/machines/broken.json: field points[0].status: 'fine' is not one of "
                          "['ok', 'unsupported', 'out_of_memory', 'error']"]}


def rendered(machine: str, lang: str, chapter: str) -> str:
    results = results_of(machine)
    values = chapter_sentences(chapter, results, Words(lang), rows=selfcheck_rows(results),
                               labels=archive_labels(results), skipped=SKIPPED.get(machine, []))
    return "".join(f"{key}: {text}\n" for key, text in values.items())


@pytest.mark.parametrize("chapter", CHAPTERS)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("machine", MACHINES)
def test_sentences_match_the_reviewed_snapshot(machine: str, lang: str, chapter: str) -> None:
    path = SNAPSHOTS / machine / lang / f"{chapter}.txt"
    text = rendered(machine, lang, chapter)
    if os.environ.get(UPDATE_VARIABLE) == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.is_file(), f"{path}: no snapshot; write it with {UPDATE_VARIABLE}=1 and read it"
    expected = path.read_text(encoding="utf-8")
    assert text == expected, (f"{machine}/{lang}/{chapter}: the sentences changed; if that is intended, "
                              f"regenerate with {UPDATE_VARIABLE}=1 and read the diff\n--- snapshot\n{expected}"
                              f"--- now\n{text}")


def test_every_snapshot_belongs_to_the_matrix() -> None:
    """A snapshot left over from a machine or chapter that is gone would never be read again."""
    expected = {SNAPSHOTS / m / lang / f"{c}.txt" for m in MACHINES for lang in LANGUAGES for c in CHAPTERS}
    stray = sorted(str(p) for p in SNAPSHOTS.rglob("*.txt") if p not in expected)
    assert not stray, f"snapshots outside the matrix: {stray}"
