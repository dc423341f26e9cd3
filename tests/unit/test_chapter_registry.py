"""The chapter registry (mpsarticle.article.chapters.CHAPTERS) and the figure registry
(mpsarticle.article.figures.files.FIGURES) agree with the chapter files and with each other."""

from __future__ import annotations

import pytest

from mpsarticle.article.chapters import CHAPTERS
from mpsarticle.article.figures.files import ENTRIES, FIGURES, RESULTS
from mpsarticle.article.wording import LANGUAGES

from ..chapters import DOCS, glue_keys, source
from ..machines import MACHINES
from ..rendering import numbers_in, same_number, sentences


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_chapter_file_is_registered_and_every_registered_chapter_has_a_file(lang) -> None:
    files = {path.stem for path in (DOCS / lang).glob("*.md")}
    unregistered, missing = sorted(files - set(CHAPTERS)), sorted(set(CHAPTERS) - files)
    assert not unregistered, f"docs/{lang}: chapter files missing from CHAPTERS: {unregistered}"
    assert not missing, f"docs/{lang}: chapters of CHAPTERS without a file: {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_a_chapter_file_opens_its_own_page_and_glues_its_registered_figures(lang, chapter) -> None:
    text = source(lang, chapter)
    assert f'Page("{chapter}")' in text, f"docs/{lang}/{chapter}.md does not open Page({chapter!r})"
    glued = {key for kind, key in glue_keys(text) if kind == "figure"}
    assert glued == {f"fig_{name}" for name in CHAPTERS[chapter].figures}, (
        f"docs/{lang}/{chapter}.md glues {sorted(glued)}; CHAPTERS[{chapter!r}].figures is {CHAPTERS[chapter].figures}")


@pytest.mark.parametrize("machine", MACHINES)
def test_every_text_a_chapter_file_quotes_is_one_its_chapter_glues(machine) -> None:
    read = 0
    for lang in LANGUAGES:
        for chapter in CHAPTERS:
            glued = sentences(chapter, machine, lang)
            quoted = {key for kind, key in glue_keys(source(lang, chapter)) if kind == "text"}
            assert quoted <= set(glued), f"docs/{lang}/{chapter}.md quotes {sorted(quoted - set(glued))}, never glued"
            assert ("gaps_sentence" in glued) == bool(CHAPTERS[chapter].gap_suites), f"{lang} {chapter}"
            read += len(quoted)
    assert read > 50, f"only {read} quoted texts in the chapter files"


@pytest.mark.parametrize("machine", MACHINES)
def test_every_text_a_chapter_glues_is_quoted_by_its_chapter_file(machine) -> None:
    """The reverse of the check above: a glued text no page quotes is computed, snapshotted and reviewed for
    nothing. Only a text the registry declares possibly empty may go unquoted (it is quoted where it has words)."""
    from mpsarticle.article.chapters import MAY_BE_EMPTY

    unquoted = []
    for lang in LANGUAGES:
        for chapter in CHAPTERS:
            quoted = {key for kind, key in glue_keys(source(lang, chapter)) if kind == "text"}
            unquoted += [f"{lang}/{chapter}/{key}" for key in sentences(chapter, machine, lang)
                         if key not in quoted and key not in MAY_BE_EMPTY]
    assert not unquoted, f"glued but quoted by no chapter file: {unquoted}"


def test_every_figure_is_drawn_somewhere_and_every_named_figure_exists() -> None:
    named = {name for chapter in CHAPTERS.values() for name in chapter.figures}
    assert named <= set(FIGURES), f"chapters name figures FIGURES lacks: {sorted(named - set(FIGURES))}"
    unused = {name for name, drawing in FIGURES.items() if name not in named and not drawing.plotted}
    assert not unused, f"figures no chapter glues and plot does not write: {sorted(unused)}"
    assert {drawing.reads for drawing in FIGURES.values()} == {RESULTS, ENTRIES}


def test_the_plot_command_writes_the_figures_it_always_wrote() -> None:
    """The figures plot always wrote, and the decode step's since the chapter on language models, still plotted, in
    the order the chapters show them (a new chapter's plotted figure joins them in its place)."""
    plotted = [name for name, drawing in FIGURES.items() if drawing.plotted]
    always = ["original", "time", "speedup", "bandwidth", "methods", "matmul", "train", "decode"]
    assert [name for name in plotted if name in always] == always, plotted
    shown = [name for chapter in CHAPTERS.values() for name in chapter.figures]
    assert sorted(plotted, key=lambda name: shown.index(name) if name in shown else len(shown)) == plotted
    assert all(drawing.reads == RESULTS for drawing in FIGURES.values() if drawing.plotted)


@pytest.mark.parametrize("lang", ["en", "id"])
def test_no_glued_value_is_empty_on_any_machine_of_the_matrix(lang: str) -> None:
    """A glued text that is empty shows nothing where the chapter expects a sentence (the site's test of the built
    pages found one: the rule of thumb for text on a CPU whose decode step was limited by neither). The one
    exception: a chapter's ``gaps_sentence`` is empty when every one of its points was measured (a line saying
    so on every chapter would be boilerplate), and the page's style hides it."""
    from mpsarticle.article.chapters import MAY_BE_EMPTY

    empty = []
    for machine in MACHINES:
        for chapter in CHAPTERS:
            found = sentences(chapter, machine, lang)
            assert found or chapter == "intro", f"{machine}/{chapter}: nothing glued"
            empty += [f"{machine}/{chapter}/{key}" for key, value in found.items()
                  if not value.strip() and key not in MAY_BE_EMPTY]
    assert not empty


def test_every_glued_sentence_quotes_the_same_numbers_in_both_languages_on_every_machine() -> None:
    """The site test's parity check (tests/site), on every machine of the matrix before any build: slips such
    as "1 mesin" beside "one other" or "di kirinya" beside "left of 1" otherwise show only in a built site."""
    differ, compared = [], 0
    for machine in MACHINES:
        for chapter in CHAPTERS:
            texts = {lang: sentences(chapter, machine, lang) for lang in ("en", "id")}
            for key, english in texts["en"].items():
                en, id_ = numbers_in(english), numbers_in(texts["id"][key])
                # (Verbatim strings such as a CPU's name or a label carry their own digits in both.)
                if len(en) != len(id_) or not all(map(same_number, en, id_)):
                    differ.append(f"{machine}/{chapter}/{key}: {en} against {id_}")
                compared += len(en)
    assert not differ, "\n".join(differ[:10])
    assert compared > 1000, f"only {compared} numbers compared"
