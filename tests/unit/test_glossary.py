"""One vocabulary per language: the glossary of the method chapter, and nothing it retires anywhere else.

The glossary (``docs/<lang>/method.md``, the ``{list-table}`` of class
``mpsarticle-glossary``) is the one place the words are decided: its first
column is the term the article uses, its last column the variants it does not
use ("—" for none). These tests read the retired variants from there and look
for them, whole words and case-insensitive, in

- the chapters' prose (code blocks, inline code and the glossary table left out),
  the landing page (each section in its own language) and the Indonesian theme
  strings (``docs/locale/id``);
- the reader-facing strings of the package: every string under an ``"en"`` or
  ``"id"`` key of a dict literal in ``mpsarticle/*.py`` (the sentence, label and
  figure-word tables), against that language's list; any other non-docstring
  string against the variants that no language uses as its term;
- the built pages (``_build/html``): skipped, saying so, only when the site is
  not built (``make test`` always builds it first).
"""

from __future__ import annotations

import ast
import functools
import os
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from bs4 import BeautifulSoup

from ..conftest import LANGUAGES, ROOT
from ..site.test_site import _fenced_blocks, prose

DOCS = ROOT / "docs"
PACKAGE = ROOT / "mpsarticle"
GLOSSARY_CHAPTER = "method"
GLOSSARY_CLASS = "mpsarticle-glossary"
NONE_MARKS = {"", "—", "-", "–"}
#: Variants the issue that introduced the glossary named: the glossary must keep retiring them.
KNOWN_RETIRED = {
    "en": {"measuring engine", "synchronised engine", "throughput"},
    "id": {"mesin ukur", "utas", "tolok ukur", "eksperimen"},
}


@dataclass(frozen=True)
class Entry:
    term: str
    retired: tuple[str, ...]


def _plain(cell: str) -> str:
    """A table cell as text: no Markdown emphasis or code marks, one line."""
    return " ".join(re.sub(r"[`*_]", "", cell).split())


def _glossary_block(text: str) -> tuple[str, int, int] | None:
    for info, block, first, last in _fenced_blocks(text):
        if info.startswith("{list-table}") and re.search(rf"^:class:.*\b{GLOSSARY_CLASS}\b", block, re.M):
            return block, first, last
    return None


@functools.lru_cache(maxsize=None)
def glossary(lang: str) -> tuple[Entry, ...]:
    """The glossary of ``docs/<lang>/method.md``: each row's term and retired variants."""
    path = DOCS / lang / f"{GLOSSARY_CHAPTER}.md"
    found = _glossary_block(path.read_text(encoding="utf-8"))
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


@functools.lru_cache(maxsize=None)
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


# -- the glossary itself -------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_glossary_retires_the_known_variants(lang):
    missing = KNOWN_RETIRED[lang] - {v.lower() for v in retired(lang)}
    assert not missing, f"docs/{lang}/{GLOSSARY_CHAPTER}.md: the glossary no longer retires {sorted(missing)}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_term_that_replaces_a_variant_is_used(lang):
    """A term chosen over a variant must be the one the chapters actually use."""
    text = " ".join(_chapter_prose(lang, path.stem) for path in sorted((DOCS / lang).glob("*.md")))
    unused = [entry.term for entry in glossary(lang) if entry.retired and not pattern(entry.term).search(text)]
    assert not unused, f"docs/{lang}: glossary terms that replace a variant but appear in no chapter: {unused}"


def test_the_matcher_finds_whole_words_across_lines_in_any_case():
    assert pattern("mesin ukur").search("diukur dengan Mesin\n ukur yang")
    assert pattern("utas").search("jumlah utasnya")
    assert not pattern("utas").search("batas utasan")
    assert not pattern("the engine").search("the Neural Engine")
    assert pattern("throughput").search("Throughputs (GFLOP/s)")


# -- sources -------------------------------------------------------------------------------------

def _chapter_prose(lang: str, chapter: str) -> str:
    """The chapter as a reader reads it (see test_site.prose), less the glossary table, labels,
    substitutions and directive options other than :alt:."""
    text = (DOCS / lang / f"{chapter}.md").read_text(encoding="utf-8")
    found = _glossary_block(text)
    if found:
        lines = text.splitlines()
        lines[found[1]:found[2] + 1] = [""] * (found[2] + 1 - found[1])
        text = "\n".join(lines)
    text = prose(text)
    text = re.sub(r"\{\{[^}]*\}\}", " ", text)
    text = re.sub(r"^\s*\([\w-]+\)=\s*$", " ", text, flags=re.M)
    return re.sub(r"^\s*:(?!alt:)[\w-]+:.*$", " ", text, flags=re.M)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_chapters_use_no_retired_variant(lang):
    found = []
    for path in sorted((DOCS / lang).glob("*.md")):
        found += offences(_chapter_prose(lang, path.stem), retired(lang), f"docs/{lang}/{path.name}")
    assert not found, "retired variants in the chapters (use the glossary's term):\n" + "\n".join(found)


def _landing_sections(path: Path) -> list[tuple[str, str]]:
    soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
    sections = [(tag["lang"], tag.get_text(" ")) for tag in soup.body.find_all(attrs={"lang": True})]
    assert {lang for lang, _ in sections} >= set(LANGUAGES), f"{path}: no section for each language"
    return sections


def test_landing_page_uses_no_retired_variant():
    path = DOCS / "landing" / "index.html"
    found = []
    for lang, text in _landing_sections(path):
        found += offences(text, retired(lang), f"{path.relative_to(ROOT)} ({lang})")
    assert not found, "\n".join(found)


def test_theme_strings_use_no_retired_variant():
    found = []
    for path in sorted((DOCS / "locale" / "id").rglob("*.po")):
        with path.open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for text in filter(None, strings):
                found += offences(text, retired("id"), f"{path.relative_to(ROOT)} msgid {message.id!r}")
    assert not found, "\n".join(found)


# -- the package's strings ------------------------------------------------------------------------

def _docstrings(tree: ast.AST) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                ids.add(id(first.value))
    return ids


def package_strings(path: Path) -> list[tuple[str | None, str, int]]:
    """(language or None, text, line) of every string in a module but its docstrings.

    A string inside the value of an ``"en"``/``"id"`` key of a dict literal is in that language."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    language: dict[int, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            for key, value in zip(node.keys, node.values):
                if isinstance(key, ast.Constant) and key.value in LANGUAGES:
                    for inner in ast.walk(value):
                        language[id(inner)] = key.value
    return [(language.get(id(node)), node.value, node.lineno) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip]


def _unkeyed_variants() -> list[str]:
    """Variants no language uses as a term: wrong in a string of either language."""
    terms = {entry.term.lower() for lang in LANGUAGES for entry in glossary(lang)}
    return sorted({v for lang in LANGUAGES for v in retired(lang) if v.lower() not in terms})


def test_package_strings_use_no_retired_variant():
    unkeyed = _unkeyed_variants()
    found, keyed = [], 0
    for path in sorted(PACKAGE.rglob("*.py")):
        # Every string of a language's catalog (mpsarticle/catalogs/<lang>/) is in that language.
        parts = path.relative_to(PACKAGE).parts
        catalog = parts[1] if len(parts) > 2 and parts[0] == "catalogs" and parts[1] in LANGUAGES else None
        for lang, text, line in package_strings(path):
            lang = catalog or lang
            text = re.sub(r"\{[^{}]*\}", " ", text)  # format placeholders ({engine}) are not words
            keyed += lang is not None
            found += offences(text, retired(lang) if lang else unkeyed, f"{path.relative_to(ROOT)}:{line}")
    assert keyed > 100, f"only {keyed} strings found under 'en'/'id' keys in mpsarticle/: did the catalogs move?"
    assert not found, "retired variants in the package's strings:\n" + "\n".join(found)


# -- the built pages -----------------------------------------------------------------------------

def _site() -> Path:
    path = Path(os.environ.get("MPSARTICLE_SITE", ROOT / "_build" / "html"))
    if not all((path / lang / "index.html").is_file() for lang in LANGUAGES):
        pytest.skip(f"no built site at {path}: `make html` builds it (`make test` always does)")
    return path


def page_text(path: Path, lang: str) -> str:
    """What a reader of ``lang`` reads on a built page: no code, scripts or glossary, nor the other language's link."""
    soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
    for tag in soup.find_all(["script", "style", "pre", "code"]):
        tag.decompose()
    for tag in soup.find_all("table", class_=GLOSSARY_CLASS):
        tag.decompose()
    for tag in soup.find_all(attrs={"lang": True}):
        if tag.name != "html" and tag["lang"] != lang:
            tag.decompose()
    meta = [tag.get("content", "") for tag in soup.find_all("meta")
            if tag.get("name") == "description" or (tag.get("property") or "").startswith("og:")]
    return soup.get_text(" ") + " " + " ".join(meta)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_built_pages_use_no_retired_variant(lang):
    site = _site()
    pages = [p for p in sorted((site / lang).rglob("*.html")) if not p.relative_to(site / lang).parts[0].startswith("_")]
    assert pages, f"{site / lang}: no pages"
    found = []
    for path in pages:
        found += offences(page_text(path, lang), retired(lang), str(path.relative_to(site)))
    glossary_pages = [p for p in pages if BeautifulSoup(p.read_text(encoding="utf-8"), "html.parser")
                      .find("table", class_=GLOSSARY_CLASS)]
    assert glossary_pages, f"{site / lang}: no page shows the glossary (table.{GLOSSARY_CLASS})"
    assert not found, "retired variants in the built pages:\n" + "\n".join(found)


def test_built_landing_page_uses_no_retired_variant():
    path = _site() / "index.html"
    found = []
    for lang, text in _landing_sections(path):
        found += offences(text, retired(lang), f"{path.name} ({lang})")
    assert not found, "\n".join(found)
