"""The article's sources, ``docs/en`` and ``docs/id``: the same chapters, the same code cells and glue keys,
and no measured number typed into the prose (the built pages are tests/site/test_site.py's)."""

from __future__ import annotations

import re

import pytest

from ..chapters import DOCS, code_cells, fenced_blocks, glue_keys, prose, source
from ..conftest import LANGUAGES, chapter_names

CHAPTERS = chapter_names()

#: A number followed by a unit of a measured time, rate or speed-up.
TYPED_MEASUREMENT = re.compile(
    r"\d(?:[\d.,]*\d)?\s*(?:"
    r"(?:ns|µs|μs|us|ms|GB/s|GiB/s|MB/s|GFLOP/s|TFLOP/s|GFLOPS|TFLOPS)\b"
    r"|×(?!\s*\d)"                                    # 3.2× (but not the size 100 × 100)
    r"|x(?=\s*(?:$|[.,;:)!?]))"                         # 3x.
    r"|x\s+(?:faster|slower|quicker|speed-?up)\b"
    r"|times\s+(?:faster|slower|quicker)\b"
    r"|kali\s+(?:lebih\s+)?(?:cepat|lambat)|kali\s+lipat"
    r")"
)


def test_both_languages_have_the_same_chapters():
    english = sorted(p.name for p in (DOCS / "en").glob("*.md"))
    indonesian = sorted(p.name for p in (DOCS / "id").glob("*.md"))
    assert english == indonesian, (
        f"docs/en and docs/id differ: only in en {sorted(set(english) - set(indonesian))}, "
        f"only in id {sorted(set(indonesian) - set(english))}")
    assert "index.md" in english


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_chapter_is_in_the_toctree(lang):
    """A chapter left out of index.md's toctree is an orphan page (and a Sphinx warning): the toctree holds the
    mark conf.py replaces by every registered chapter, and every chapter file is registered."""
    from mpsarticle.article.chapters import TOC_MARK, toctree

    index = source(lang, "index")
    toctrees = [block for info, block, _, _ in fenced_blocks(index) if info.startswith("{toctree}")]
    assert len(toctrees) == 1 and TOC_MARK in toctrees[0], f"docs/{lang}/index.md: no list of chapters"
    source_list = [toctree(index)]
    listed = {line.strip() for info, block, _, _ in fenced_blocks(source_list[0]) if info.startswith("{toctree}")
              for line in block.splitlines()[1:-1] if line.strip() and not line.strip().startswith(":")}
    files = {p.stem for p in (DOCS / lang).glob("*.md")}
    assert listed == files - {"index"}, f"docs/{lang}: the toctree lists {sorted(listed)}, the files {sorted(files)}"


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_code_cells_are_identical_in_both_languages(chapter):
    english, indonesian = code_cells(source("en", chapter)), code_cells(source("id", chapter))
    assert len(english) == len(indonesian), (
        f"{chapter}.md: {len(english)} code cells in docs/en, {len(indonesian)} in docs/id")
    for number, (en_cell, id_cell) in enumerate(zip(english, indonesian, strict=True), 1):
        assert en_cell == id_cell, (
            f"{chapter}.md: code cell {number} differs between docs/en and docs/id:\n"
            f"--- en\n{en_cell}\n--- id\n{id_cell}")


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_glue_keys_are_identical_in_both_languages(chapter):
    english, indonesian = glue_keys(source("en", chapter)), glue_keys(source("id", chapter))
    assert english == indonesian, (
        f"{chapter}.md: glue keys only in docs/en: {sorted(english - indonesian)}, "
        f"only in docs/id: {sorted(indonesian - english)}")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_no_measured_number_is_typed_into_the_prose(lang, chapter):
    text = prose(source(lang, chapter))
    typed = []
    for number, line in enumerate(text.splitlines(), 1):
        typed += [f"line {number}: {m.group(0)!r} in {line.strip()!r}" for m in TYPED_MEASUREMENT.finditer(line)]
    assert not typed, (f"docs/{lang}/{chapter}.md quotes measured-looking numbers outside glue "
                       "(glue them from mpsarticle.page instead):\n" + "\n".join(typed))


def test_the_prose_check_finds_a_typed_number():
    """The regex of the test above is not vacuous."""
    sample = "It took 17.2 µs, 4,103 GB/s, 3× faster, 2.5x faster, about 4x. 12 kali lebih cepat.\n" \
             "```{code-cell} ipython3\nprint('3 ms')\n```\n" \
             "An m × m matrix of 100 × 100, a 3x3 kernel, `5 ms`, {glue:text}`x`, $2 ms$."
    found = [m.group(0) for m in TYPED_MEASUREMENT.finditer(prose(sample))]
    assert found == ["17.2 µs", "4,103 GB/s", "3×", "2.5x faster", "4x", "12 kali lebih cepat"]

