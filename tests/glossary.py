"""The glossary of the method chapter, as the tests read it: each term and the variants it retires.

The glossary (``docs/<lang>/method.md``, the ``{list-table}`` of class
``mpsarticle-glossary``) is the one place the words are decided: its first
column is the term the article uses, its last column the variants it does not
use ("—" for none). tests/repo/test_glossary.py looks for the retired variants
in the sources and the package, tests/site/test_glossary_pages.py in the built
pages.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from bs4 import BeautifulSoup

from .chapters import DOCS, fenced_blocks
from .conftest import LANGUAGES

GLOSSARY_CHAPTER = "method"
GLOSSARY_CLASS = "mpsarticle-glossary"
NONE_MARKS = {"", "—", "-", "–"}


@dataclass(frozen=True)
class Entry:
    term: str
    retired: tuple[str, ...]


def _plain(cell: str) -> str:
    """A table cell as text: no Markdown emphasis or code marks, one line."""
    return " ".join(re.sub(r"[`*_]", "", cell).split())


def glossary_block(text: str) -> tuple[str, int, int] | None:
    for info, block, first, last in fenced_blocks(text):
        if info.startswith("{list-table}") and re.search(rf"^:class:.*\b{GLOSSARY_CLASS}\b", block, re.M):
            return block, first, last
    return None


@functools.cache
def glossary(lang: str) -> tuple[Entry, ...]:
    """The glossary of ``docs/<lang>/method.md``: each row's term and retired variants."""
    path = DOCS / lang / f"{GLOSSARY_CHAPTER}.md"
    found = glossary_block(path.read_text(encoding="utf-8"))
    assert found, f"{path}: no {{list-table}} with :class: {GLOSSARY_CLASS} (the glossary)"
    rows: list[list[str]] = []
    for line in found[0].splitlines()[1:-1]:
        if line.startswith("* - "):
            rows.append([line[4:]])
        elif line.startswith("  - ") and rows:
            rows[-1].append(line[4:])
        elif line.startswith("    ") and rows:
            rows[-1][-1] += " " + line.strip()
    entries = []
    for row in rows[1:]:  # the first row is the header
        assert len(row) == 3, f"{path}: glossary row {row!r} does not have 3 cells (term, meaning, not used)"
        retired = tuple(v for v in (_plain(part) for part in row[2].split(",")) if v not in NONE_MARKS)
        entries.append(Entry(_plain(row[0]), retired))
    return tuple(entries)


def retired(lang: str) -> list[str]:
    return [variant for entry in glossary(lang) for variant in entry.retired]


@functools.cache
def pattern(variant: str) -> re.Pattern[str]:
    """A variant as a whole word (or words, across line breaks), any case; plural -s and Indonesian -nya too."""
    words = r"\s+".join(re.escape(word) for word in variant.split())
    return re.compile(rf"(?<!\w){words}(?:s|nya)?(?!\w)", re.IGNORECASE)


def offences(text: str, variants: list[str], where: str) -> list[str]:
    found = []
    for variant in variants:
        for match in pattern(variant).finditer(text):
            context = " ".join(text[max(0, match.start() - 40):match.end() + 40].split())
            found.append(f"{where}: {variant!r} in …{context}…")
    return found


def landing_sections(path: Path) -> list[tuple[str, str]]:
    soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
    sections = [(tag["lang"], tag.get_text(" ")) for tag in soup.body.find_all(attrs={"lang": True})]
    assert {lang for lang, _ in sections} >= set(LANGUAGES), f"{path}: no section for each language"
    return sections
