"""Machine names as the figures of "Results from other machines" draw them: labels from files anyone can write.

Those figures take ``entries``: (machine label, results) pairs, this build
first. Every label passes through :func:`machine_name` before it reaches a
Text: literal, on one line, short, and never read as math.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable

from mpsarticle.analysis import families
from mpsarticle.article.figures.style import words_in
from mpsarticle.article.wording import Count
from mpsarticle.results.model import ResultSet

__all__ = ["Entries", "LABEL_LIMIT", "by_family", "machine_name", "machines"]

#: Machine labels longer than this are cut with "…" in figures.
LABEL_LIMIT = 40
_UNPRINTABLE = {"Cc", "Cf", "Cs", "Co", "Cn"}

Entries = Iterable[tuple[str, ResultSet]]


@functools.lru_cache(maxsize=1)
def _font_characters() -> frozenset[int] | None:
    """Code points the figures' font can draw; ``None`` where that cannot be told (then nothing is replaced)."""
    try:
        from matplotlib import font_manager
        from matplotlib.ft2font import FT2Font

        return frozenset(FT2Font(font_manager.findfont(font_manager.FontProperties())).get_charmap())
    except Exception:  # noqa: BLE001 - an odd font setup must not cost a figure
        return None


def _drawable(char: str) -> str:
    if char.isspace():
        return " "
    drawable = _font_characters()
    if unicodedata.category(char) in _UNPRINTABLE or (drawable is not None and ord(char) not in drawable):
        return "\ufffd"
    return char


def machine_name(label: object, lang: str = "en", limit: int = LABEL_LIMIT) -> str:
    r"""A machine label as a figure shows it: literal, on one line, at most ``limit`` characters.

    Control, format, private-use and unassigned characters, and those the
    font has no glyph for (emoji, say), become U+FFFD; whitespace runs one
    space, a long label is cut with "…", and every ``$`` is escaped:
    matplotlib draws ``\$`` as a dollar sign, and with no unescaped pair of
    ``$`` left it never enters math mode. Never raises.
    """
    words = words_in(lang)
    text = "" if label is None else str(label)
    text = "".join(_drawable(char) for char in text)
    text = " ".join(text.split())
    if len(text) > limit:
        text = text[: max(limit - 1, 1)].rstrip() + "…"
    return text.replace("$", r"\$") or words("figure.machines.unnamed")


def by_family(entries: list[tuple[object, ResultSet]], lang: str) -> list[tuple[object, ResultSet]]:
    """This build, then one machine per chip family of the archive, named by its family and the family's size:
    the family's median machine (:func:`mpsarticle.analysis.families.median_member`). Up to
    :data:`~mpsarticle.analysis.families.LISTED` archived machines, every entry as it is."""
    if len(entries) - 1 <= families.LISTED:
        return entries
    words = words_in(lang)
    grouped = families.by_family([(str(label), results) for label, results in entries[1:]])
    return entries[:1] + [(words("figure.machines.family", family=family.name, count=Count(len(members))),
                           families.median_member(members)[1]) for family, members in grouped.items()]


def machines(entries: Entries | None, lang: str) -> list[tuple[str, ResultSet]]:
    """(shown name, results) per entry, or per family of a large archive (:func:`by_family`); equal names get
    " (2)", " (3)"… so that no legend entry hides another."""
    words = words_in(lang)
    found: list[tuple[str, ResultSet]] = []
    valid: list[tuple[object, ResultSet]] = []
    for entry in entries or ():
        try:
            label, results = entry
        except (TypeError, ValueError):
            continue
        if isinstance(results, ResultSet):
            valid.append((label, results))
    for named, drawn in by_family(valid, lang):
        base = name = machine_name(named, lang)
        count = 2
        while name in [shown for shown, _ in found]:
            name, count = words("figure.machines.repeated", machine=base, count=Count(count)), count + 1
        found.append((name, drawn))
    return found
