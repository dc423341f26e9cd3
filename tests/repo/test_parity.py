"""The same article in both languages, beyond the code cells and glue keys that test_chapters holds.

Chapter by chapter, English and Indonesian must have the same sections (as many
headings of each level), the same cross-references and labels, the same
external links and substitutions, and the same plain code blocks once their
comments are set aside (comments may be translated; the code may not). Each
introduction links every chapter, and both introductions and the README credit
the blog post the article grows from.
"""

from __future__ import annotations

import difflib
import re

import pytest

from ..chapters import fenced_blocks, source
from ..conftest import LANGUAGES, ROOT, chapter_names

CHAPTERS = chapter_names()
#: The blog post the article grows from: its author, and its date as each language writes it.
CREDIT = {"en": ("Muhammad Ghifary", "30 December 2023"), "id": ("Muhammad Ghifary", "30 Desember 2023")}

_HEADING = re.compile(r"^(#{1,6})\s", re.M)
_XREF = re.compile(r"\{(doc|ref|numref)\}`(?:[^`<]*<)?([^`>]+)>?`")
_LABEL = re.compile(r"^\(([\w-]+)\)=\s*$", re.M)
_EXTERNAL = re.compile(r"\]\((https?://[^)\s]+)\)")
_SUBSTITUTION = re.compile(r"\{\{\s*(\w+)\s*\}\}")


def _outside_code(text: str) -> str:
    lines = text.splitlines()
    for info, _, first, last in fenced_blocks(text):
        if not info.startswith(("{glue:figure}", "{list-table}")):
            lines[first:last + 1] = [""] * (last + 1 - first)
    return "\n".join(lines)


def structure(text: str) -> dict[str, list]:
    """What must match between the languages (everything but the words)."""
    outside = _outside_code(text)
    return {
        "heading levels": [len(m[1]) for m in _HEADING.finditer(outside)],
        "cross-references": sorted(f"{role}:{target.strip()}" for role, target in _XREF.findall(outside)),
        "labels": _LABEL.findall(outside),
        "external links": sorted(_EXTERNAL.findall(outside)),
        "substitutions": _SUBSTITUTION.findall(outside),
    }


def plain_code(text: str) -> list[tuple[str, list[str]]]:
    """Every fenced code block that is not a directive: its language and its lines less comments."""
    blocks = []
    for info, block, _, _ in fenced_blocks(text):
        if info.startswith("{"):
            continue
        lines = [re.sub(r"\s+#.*$|^\s*#.*$", "", line).rstrip() for line in block.splitlines()[1:-1]]
        blocks.append((info, [line for line in lines if line]))
    return blocks


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_chapters_have_the_same_structure_in_both_languages(chapter):
    english, indonesian = structure(source("en", chapter)), structure(source("id", chapter))
    differences = [f"{key}: en {english[key]} / id {indonesian[key]}" for key in english
                   if english[key] != indonesian[key]]
    assert not differences, f"{chapter}.md differs between docs/en and docs/id:\n" + "\n".join(differences)


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_plain_code_blocks_differ_only_in_comments(chapter):
    def listing(lang: str) -> list[str]:
        return [f"{n}. ```{info}: {line}" for n, (info, lines) in enumerate(plain_code(source(lang, chapter)), 1)
                for line in lines or ["(empty)"]]

    english, indonesian = listing("en"), listing("id")
    diff = difflib.unified_diff(english, indonesian, f"docs/en/{chapter}.md", f"docs/id/{chapter}.md", lineterm="")
    assert english == indonesian, f"{chapter}.md: code blocks differ beyond their comments:\n" + "\n".join(diff)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_introduction_links_every_chapter(lang):
    """The introduction holds the mark conf.py replaces by the list of chapters; as Sphinx reads it, it links
    every chapter after it once, in the article's order, each with its own words."""
    from mpsarticle.article.chapters import CHAPTERS as ORDER
    from mpsarticle.article.chapters import CONTENTS_MARK, contents
    from mpsarticle.article.wording import Words

    written = source(lang, "intro")
    assert written.count(CONTENTS_MARK) == 1, f"docs/{lang}/intro.md: no list of what the chapters measure"
    read = contents(written, Words(lang))
    items = re.findall(r"^- \{doc\}`(\w+)`: (\S.*)$", read, re.M)
    expected = [name for name in ORDER if name not in ("index", "intro")]
    assert [name for name, _ in items] == expected, f"docs/{lang}/intro.md lists {items}"
    assert len({text for _, text in items}) == len(items), "two chapters are described in the same words"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_introduction_credits_the_blog_post(lang):
    text = " ".join(source(lang, "intro").split())
    missing = [part for part in CREDIT[lang] if part not in text]
    assert not missing, f"docs/{lang}/intro.md does not name {missing} (the blog post the article grows from)"


def test_the_readme_credits_the_blog_post():
    text = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    missing = [part for lang in LANGUAGES for part in CREDIT[lang] if part not in text]
    assert not missing, f"README.md does not name {missing} (the blog post the article grows from)"


def test_the_structure_check_sees_what_it_compares():
    """structure() and plain_code() are not vacuous."""
    sample = ("# T\n\n(label)=\n## A {doc}`matvec`\n[x](https://example.org/a) {{ clone_commands }}\n"
              "```python\nx = 1  # one\n# only a comment\n```\n```{code-cell} ipython3\n# {doc}`hidden`\n```\n")
    found = structure(sample)
    assert found == {"heading levels": [1, 2], "cross-references": ["doc:matvec"], "labels": ["label"],
                     "external links": ["https://example.org/a"], "substitutions": ["clone_commands"]}
    assert plain_code(sample) == [("python", ["x = 1"])]
