"""What a chapter glues, rendered as a build renders it, and the numbers read back out of rendered text.

Every test that renders a chapter's sentences calls :func:`sentences`, and every test that reads a number out
of rendered text (a glued sentence, a built page) parses it with :func:`parse_number`, so that how a build
renders a chapter and how each language writes a number are said once for all the layers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mpsarticle.article.chapters import CHAPTERS, chapter_sentences
from mpsarticle.article.wording import Words
from mpsarticle.results.model import ResultSet
from mpsarticle.results.selfcheck import Row

from .machines import archive_entries, archive_labels, results_of, selfcheck_rows

# -- a chapter's sentences ---------------------------------------------------------------------------------------


def sentences(chapter: str, results: ResultSet | str, lang: str = "en", *, rows: Sequence[Row] | None = None,
              labels: Sequence[str] | None = None, skipped: Sequence[str] = (),
              archive: Sequence[tuple[str, ResultSet]] = ()) -> dict[str, str]:
    """key -> text of what ``chapter`` glues for ``results`` (a set, or the name of a machine of
    tests/machines.py) in ``lang``.

    As a build renders it: the method chapter gets the selfcheck's rows measured from the set's own points
    (``tests.machines.selfcheck_rows``), the machines chapter the real archive's labels with each machine once
    (``tests.machines.archive_labels``); ``rows`` and ``labels`` replace those, and only the chapters that read
    them compute them."""
    if isinstance(results, str):
        results = results_of(results)
    entry = CHAPTERS[chapter]
    if rows is None:
        rows = selfcheck_rows(results) if entry.needs_selfcheck else ()
    if labels is None:
        labels = archive_labels(results) if entry.needs_archive else ()
        archive = archive or (archive_entries(results) if entry.needs_archive else ())
    return chapter_sentences(chapter, results, Words(lang), rows=rows, labels=labels, skipped=skipped,
                             archive=archive)


# -- numbers as each language writes them ------------------------------------------------------------------------

#: A power of ten as the glue writes it (Babel's mantissa, "× 10", a superscript exponent): 3.5 × 10⁻³.
_POWER = r"(?: × 10[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)?"
#: A number in either language's writing, as a token of text (a version or a date is one too, or several).
NUMBER = re.compile(r"\d+(?:[.,]\d+)*" + _POWER)
_LOCALE_NUMBER = {
    "en": re.compile(r"^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?" + _POWER + "$"),
    "id": re.compile(r"^(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?" + _POWER + "$"),
}
_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")


def parse_number(token: str, lang: str) -> float:
    """A number as Babel writes it in ``lang``: ``1,234.5`` (en), ``1.234,5`` (id), ``3.5 × 10⁻³``.

    Anything else is a ValueError, the other language's writing included: ``1.234`` is 1,234 in id and 1.234
    in en, and ``1,2`` is no English number."""
    if not _LOCALE_NUMBER[lang].match(token):
        raise ValueError(f"{token!r} is not a number as {lang!r} writes it")
    token, _, power = token.partition(" × 10")
    token = token.replace(".", "").replace(",", ".") if lang == "id" else token.replace(",", "")
    return float(token) * 10 ** int(power.translate(_SUPERSCRIPTS) or 0)


def numbers_in(text: str, masked: tuple[str, ...] = ()) -> list[str]:
    """The number tokens of ``text``, in order, once each ``masked`` string (verbatim text) is blanked out."""
    for verbatim in masked:
        text = text.replace(verbatim, " ")
    return NUMBER.findall(text)


def numbers_before(mark: str, text: str, lang: str) -> list[float]:
    """Each number of ``text`` that ``mark`` (a regular expression: ``×``, ``\\s?%``) follows, parsed in ``lang``."""
    return [parse_number(token, lang) for token in re.findall(rf"({NUMBER.pattern})(?={mark})", text)]


def same_number(en_token: str, id_token: str) -> bool:
    """Whether an English and an Indonesian token say the same: the same value, or the same verbatim text (a
    version, a model's name) where either is no number of its language."""
    try:
        return parse_number(en_token, "en") == parse_number(id_token, "id")
    except ValueError:
        return en_token == id_token
