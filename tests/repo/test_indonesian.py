"""The Indonesian article as a reader meets it: few English "build"s, one spelling for each phrase.

"Build" is the glossary's term for one building of the site, which measures the machine that builds it. The
Indonesian prose says "pengukuran ini", "mesin ini" or "situs ini diukur di …" wherever that reads better, and
keeps the English word in at most :data:`MOST_BUILDS` places. The prose counted is what a reader reads: the
chapters (``docs/id/*.md``) without code blocks, inline code and the glossary table (which explains the word),
and every form of every entry of the Indonesian catalogs (``mpsarticle/article/catalogs/id/``), placeholders
left out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from mpsarticle.article.wording import catalog, forms

from ..chapters import DOCS, prose
from ..conftest import ROOT
from ..glossary import glossary_block

CATALOGS = ROOT / "mpsarticle" / "article" / "catalogs" / "id"
#: The most times the English word "build" may appear in the Indonesian prose.
MOST_BUILDS = 10
#: "build" as a word, any case; "build-nya", "buildnya" and "builds" too.
BUILD = re.compile(r"(?<!\w)build(?:s|nya)?(?!\w)", re.IGNORECASE)
#: Spellings the Indonesian article does not use: (pattern, what it writes instead).
SPELLINGS = {
    "titik persilangan": (re.compile(r"titik\s+persilangan", re.IGNORECASE), "titik silang"),
    "ongkos": (re.compile(r"(?<!\w)ongkos", re.IGNORECASE), "biaya"),
    "matriks–vektor (en dash)": (re.compile(r"matriks\s*–\s*(?:vektor|matriks)", re.IGNORECASE),
                                 "matriks-vektor, matriks-matriks (hyphen)"),
    "95 % (a space before %)": (re.compile(r"\d[ \u00a0\u202f]+%"), "95% (no space)"),
}


def without_glossary(text: str) -> str:
    """The text with the glossary table blanked out, line for line: the table names the words it retires."""
    found = glossary_block(text)
    if not found:
        return text
    lines = text.splitlines()
    lines[found[1]:found[2] + 1] = [""] * (found[2] + 1 - found[1])
    return "\n".join(lines)


def chapter_prose(text: str) -> str:
    """A chapter as a reader reads it (tests/chapters.prose), less the glossary table."""
    return prose(without_glossary(text))


def catalog_strings() -> Iterator[tuple[str, str]]:
    """(where, text) of every form of every Indonesian catalog entry, placeholders blanked out.

    A plural or select entry's ``"plural"``/``"select"`` value names a placeholder: it is not prose."""
    for key, message in catalog("id").items():
        for form, text in forms(message):
            yield f"catalogs/id {key!r}{form}", re.sub(r"\{[^{}]*\}", " ", text)


def indonesian_prose() -> Iterator[tuple[str, str]]:
    """(where, text): each Indonesian chapter's prose, then each catalog string."""
    for path in sorted((DOCS / "id").glob("*.md")):
        yield f"docs/id/{path.name}", chapter_prose(path.read_text(encoding="utf-8"))
    yield from catalog_strings()


def builds(text: str, where: str) -> list[str]:
    """Each "build" in ``text``: where it is (with the line, in a chapter) and the words around it."""
    found = []
    for match in BUILD.finditer(text):
        line = f":{text.count(chr(10), 0, match.start()) + 1}" if where.endswith(".md") else ""
        context = " ".join(text[max(0, match.start() - 50):match.end() + 50].split())
        found.append(f"{where}{line}: …{context}…")
    return found


def test_the_indonesian_prose_says_build_at_most_ten_times():
    found = [hit for where, text in indonesian_prose() for hit in builds(text, where)]
    assert len(found) <= MOST_BUILDS, (
        f"the English word 'build' appears {len(found)} times in the Indonesian prose (at most {MOST_BUILDS}): "
        "say 'pengukuran ini', 'mesin ini' or 'situs ini diukur di …' instead\n" + "\n".join(found))


def test_the_build_counter_reads_prose_not_code():
    text = "Build ini mengukur.\n\n```bash\nmake build\n```\n\nLihat `build/` dan build-nya, buildnya, builder.\n"
    assert len(builds(chapter_prose(text), "x.md")) == 3
    glossary = "```{list-table}\n:class: mpsarticle-glossary\n\n* - build\n  - satu kali make html\n  - —\n```\n"
    assert not builds(chapter_prose(glossary), "x.md")


def test_the_catalog_strings_are_read():
    strings = dict(catalog_strings())
    assert len(strings) > 300
    assert all("{" not in text for text in strings.values())
    assert not any(where.endswith(("['plural']", "['select']")) for where in strings)


@pytest.mark.parametrize("spelling", sorted(SPELLINGS))
def test_the_indonesian_sources_keep_one_spelling(spelling):
    """The whole of each chapter, code included (the glossary table aside), and the catalogs' files as written."""
    pattern, instead = SPELLINGS[spelling]
    sources = sorted((DOCS / "id").glob("*.md")) + sorted(CATALOGS.glob("*.py")) + sorted(CATALOGS.glob("*.yaml"))
    found = []
    for path in sources:
        text = without_glossary(path.read_text(encoding="utf-8"))
        for match in pattern.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append(f"{path.relative_to(ROOT)}:{line}: {match[0]!r}")
    assert not found, f"{spelling} in the Indonesian sources (write {instead}):\n" + "\n".join(found)
