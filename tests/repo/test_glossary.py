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
  string against the variants that no language uses as its term.

The built pages are tests/site/test_glossary_pages.py's.
"""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from mpsarticle.article.wording import catalog as load_catalog
from mpsarticle.article.wording import forms

from ..chapters import DOCS, prose
from ..conftest import LANGUAGES, ROOT
from ..glossary import GLOSSARY_CHAPTER, glossary, glossary_block, landing_sections, offences, pattern, retired

PACKAGE = ROOT / "mpsarticle"
#: A string that is a name in code, not words: ``overhead``, ``speedup``, ``Overhead``.
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
#: Variants the issue that introduced the glossary named: the glossary must keep retiring them.
KNOWN_RETIRED = {
    # "wall-clock" is not retired: naive timing reads a wall clock too, so it is no other name for the
    # synchronised timer; "measuring engine" and "synchronised engine" no reader meets, so the glossary omits them.
    "en": {"throughput", "overhead"},
    "id": {"mesin ukur", "utas", "tolok ukur", "eksperimen",
           # one rendering per concept: too noisy to tell, level within noise, plain copy, share, bound, eager,
           # published figure and who published it, rule of thumb, text generation, the model's miss (not the
           # correctness check's error), and the fixed cost (not a second name for it)
           "terlalu menyebar", "tidak dapat dibedakan", "setara dalam batas noise", "salinan memori",
           "salinan biasa", "pecahan", "batas kecepatan", "eager mode", "secara eager", "angka kutipan",
           "angka terbitan", "pihak ketiga", "aturan praktis", "pembangkitan teks", "galat median",
           "biaya panggilan"},
}
#: The rows each glossary has and the other has not: Indonesian word choices with no English question behind them
#: (which verb goes with a fixed cost, which English loanwords stay, "galat" against "error").
ONLY_IN = {
    "en": set(),
    "id": {"menanggung biaya tetap", "galat", "error", "floating-point", "64-bit", "array", "framework",
           "engine inferensi", "menghasilkan teks"},
}


# -- the glossary itself -------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_glossary_retires_the_known_variants(lang):
    missing = KNOWN_RETIRED[lang] - {v.lower() for v in retired(lang)}
    assert not missing, f"docs/{lang}/{GLOSSARY_CHAPTER}.md: the glossary no longer retires {sorted(missing)}"


def test_both_glossaries_name_the_same_concepts_in_the_same_order():
    """Row for row, once the rows one language alone needs are set aside: a concept added to one glossary is added
    to the other."""
    rows = {lang: [entry.term for entry in glossary(lang) if entry.term not in ONLY_IN[lang]] for lang in LANGUAGES}
    for lang in LANGUAGES:
        missing = ONLY_IN[lang] - {entry.term for entry in glossary(lang)}
        assert not missing, f"docs/{lang}/{GLOSSARY_CHAPTER}.md: no glossary row for {sorted(missing)}"
    assert len(rows["en"]) == len(rows["id"]), "the glossaries' shared rows differ in number:\n" + "\n".join(
        f"{en!r:40} {id_!r}" for en, id_ in itertools.zip_longest(rows["en"], rows["id"], fillvalue="—"))


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
    """The chapter as a reader reads it (see tests/chapters.prose), less the glossary table, labels,
    substitutions and directive options other than :alt:."""
    text = (DOCS / lang / f"{chapter}.md").read_text(encoding="utf-8")
    found = glossary_block(text)
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
    found, chapters = [], sorted((DOCS / lang).glob("*.md"))
    assert chapters and retired(lang), f"docs/{lang}: no chapter, or a glossary that retires nothing"
    for path in chapters:
        found += offences(_chapter_prose(lang, path.stem), retired(lang), f"docs/{lang}/{path.name}")
    assert not found, "retired variants in the chapters (use the glossary's term):\n" + "\n".join(found)


def test_landing_page_uses_no_retired_variant():
    path = DOCS / "landing" / "index.html"
    found = []
    for lang, text in landing_sections(path):
        found += offences(text, retired(lang), f"{path.relative_to(ROOT)} ({lang})")
    assert not found, "\n".join(found)


def test_theme_strings_use_no_retired_variant():
    found, read = [], 0
    for path in sorted((DOCS / "locale" / "id").rglob("*.po")):
        with path.open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for text in filter(None, strings):
                read += 1
                found += offences(text, retired("id"), f"{path.relative_to(ROOT)} msgid {message.id!r}")
    assert read, "docs/locale/id: no translated theme string read"
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
            for key, value in zip(node.keys, node.values, strict=True):
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
        # Every string of a language's catalog (mpsarticle/article/catalogs/<lang>/) is in that language.
        parts = path.relative_to(PACKAGE).parts
        at = parts.index("catalogs") if "catalogs" in parts else -1
        catalog = parts[at + 1] if 0 <= at < len(parts) - 2 and parts[at + 1] in LANGUAGES else None
        for lang, text, line in package_strings(path):
            lang = catalog or lang
            if lang is None and IDENTIFIER.fullmatch(text):
                continue  # a key or a name in code (the "overhead" suite): the built pages show what reaches a reader
            text = re.sub(r"\{[^{}]*\}", " ", text)  # format placeholders ({engine}) are not words
            keyed += lang is not None
            found += offences(text, retired(lang) if lang else unkeyed, f"{path.relative_to(ROOT)}:{line}")
    for lang in LANGUAGES:
        for key, message in load_catalog(lang).items():
            for form, text in forms(message):
                keyed += 1
                found += offences(re.sub(r"\{[^{}]*\}", " ", text), retired(lang), f"catalogs/{lang} {key!r}{form}")
    assert keyed > 100, f"only {keyed} strings found under 'en'/'id' keys in mpsarticle/: did the catalogs move?"
    assert not found, "retired variants in the package's strings:\n" + "\n".join(found)
