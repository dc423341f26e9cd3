"""The chapters' sources as the tests read them.

Shared by the tests of the sources (tests/repo/test_chapters.py,
test_parity.py, test_glossary.py), the unit tests and the site tests of the
built pages (tests/site/test_site.py): a test module never imports another
test module. Numbers as each language writes them are tests/rendering.py's.
"""

from __future__ import annotations

import functools
import re

from .conftest import ROOT

DOCS = ROOT / "docs"

_FENCE_OPEN = re.compile(r"^(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
_GLUE_ROLE = re.compile(r"\{glue(?::(?:text|any|md))?\}`(?P<key>[^`:]+)(?::[^`]*)?`")
_GLUE_FIGURE = re.compile(r"^\s*(?::{3,}|`{3,})\{glue:figure\}\s+(?P<name>\S+)\s*$", re.M)
#: A figure's alt text the build writes (conf.py's GLUED_ALT): ``:alt: glue:<key>``.
_GLUED_ALT = re.compile(r"^\s*:alt:\s*glue:(?P<key>\S+)\s*$", re.M)


@functools.cache
def source(lang: str, chapter: str) -> str:
    """The text of ``docs/<lang>/<chapter>.md`` (read once)."""
    return (DOCS / lang / f"{chapter}.md").read_text(encoding="utf-8")


def fenced_blocks(text: str) -> list[tuple[str, str, int, int]]:
    """Every backtick/tilde fenced block: (info string, whole block text, first line, last line)."""
    lines = text.splitlines()
    blocks, i = [], 0
    while i < len(lines):
        opened = _FENCE_OPEN.match(lines[i])
        if not opened:
            i += 1
            continue
        fence = opened["fence"]
        close = re.compile(rf"^{re.escape(fence[0])}{{{len(fence)},}}\s*$")
        j = i + 1
        while j < len(lines) and not close.match(lines[j]):
            j += 1
        blocks.append((opened["info"].strip(), "\n".join(lines[i:j + 1]), i, j))
        i = j + 1
    return blocks


def code_cells(text: str) -> list[str]:
    """The text of every ```{code-cell} block, option lines included, in order."""
    return [block for info, block, _, _ in fenced_blocks(text) if info.startswith("{code-cell}")]


def glue_keys(text: str) -> set[tuple[str, str]]:
    """("text", key) for every glue role and glued alt text, and ("figure", name) for every glue:figure
    directive."""
    return ({("text", key) for key in glue_text_keys_in_order(text)}
            | {("text", m["key"]) for m in _GLUED_ALT.finditer(text)}
            | {("figure", m["name"]) for m in _GLUE_FIGURE.finditer(text)})


def glue_text_keys_in_order(text: str) -> list[str]:
    return [m["key"].strip() for m in _GLUE_ROLE.finditer(without_code(text))]


def glue_figures(text: str) -> list[tuple[str, str | None]]:
    """(glue key, :name: option or None) for every glue:figure directive, in order."""
    found = []
    for match in _GLUE_FIGURE.finditer(text):
        rest = text[match.end():].splitlines()[1:]
        name = None
        for line in rest:
            option = re.match(r"^\s*:name:\s*(\S+)", line)
            if option:
                name = option[1]
            if not line.strip().startswith(":"):
                break
        found.append((match["name"], name))
    return found


def without_code(text: str) -> str:
    """The text with front matter and fenced code blocks (not ::: directives) blanked out."""
    lines = text.splitlines()
    if lines and lines[0].strip() == "---":
        end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), 0)
        for i in range(end + 1):
            lines[i] = ""
    for info, _, first, last in fenced_blocks("\n".join(lines)):
        if info.startswith("{glue:figure}"):
            continue  # its caption is prose
        for i in range(first, min(last, len(lines) - 1) + 1):
            lines[i] = ""
    return "\n".join(lines)


def prose(text: str) -> str:
    """What a reader reads as typed text: no front matter, code blocks, inline code, math or glue roles."""
    text = without_code(text)
    text = _GLUE_ROLE.sub(" ", text)
    text = re.sub(r"`[^`\n]*`", " ", text)          # inline code (and any other role's target)
    text = re.sub(r"\$\$.*?\$\$", " ", text, flags=re.S)
    text = re.sub(r"\$[^$\n]+\$", " ", text)
    return text
