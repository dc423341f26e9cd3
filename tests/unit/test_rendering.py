"""The tests' own reading of rendered text (tests/rendering.py): numbers in each language, and a chapter rendered
as a build renders it."""

from __future__ import annotations

import pytest

from mpsarticle.article.chapters import chapter_sentences
from mpsarticle.article.wording import Words

from ..machines import archive_entries, archive_labels, results_of, selfcheck_rows
from ..rendering import numbers_before, numbers_in, parse_number, same_number, sentences


def test_numbers_are_read_in_each_language():
    """The unit and site tests compare and check the glued numbers of the two languages with these readers."""
    assert parse_number("1,234.5", "en") == parse_number("1.234,5", "id") == 1234.5
    assert parse_number("3.5 × 10⁻³", "en") == parse_number("3,5 × 10⁻³", "id") == pytest.approx(3.5e-3)
    assert numbers_in("was 3.5 × 10⁻³ (limit 1.0 × 10⁻²)") == ["3.5 × 10⁻³", "1.0 × 10⁻²"]
    assert parse_number("1.234", "id") == 1234 and parse_number("1.234", "en") == 1.234
    assert numbers_in("91% and 3,000 at 1.2× on 2026-01-02") == ["91", "3,000", "1.2", "2026", "01", "02"]
    assert numbers_in("91 % dan 3.000 pada 1,2×") == ["91", "3.000", "1,2"]
    assert not same_number("1.234", "1.234") and same_number("2.13.0", "2.13.0")


@pytest.mark.parametrize(("token", "lang"), [("1,2", "en"), ("1.2", "id"), ("12,34.5", "en"), ("2.13.0", "en"),
                                             ("", "en")])
def test_what_a_language_does_not_write_is_no_number(token, lang):
    with pytest.raises(ValueError, match="not a number"):
        parse_number(token, lang)


def test_the_numbers_before_a_mark_are_read_in_the_texts_language():
    assert numbers_before("×", "1,234.5× and 2.1× the copy, an m × m matrix of 100 × 100", "en") == [1234.5, 2.1]
    assert numbers_before(r"\s?%", "95% dari 1.234 GB/s, tinggal 43 % dari laju", "id") == [95, 43]
    assert numbers_before("×", "no factor here", "en") == []
    with pytest.raises(ValueError):
        numbers_before("×", "1,2× faster", "en")  # Indonesian writing in an English sentence


def test_a_chapter_is_rendered_as_a_build_renders_it():
    """The selfcheck's rows for the method chapter, the archive's labels for the machines chapter, by default."""
    results = results_of("apple-m1-base")
    for chapter, extra in (("method", {"rows": selfcheck_rows(results)}),
                           ("machines", {"labels": archive_labels(results), "archive": archive_entries(results)}),
                           ("matvec", {})):
        for lang in ("en", "id"):
            assert sentences(chapter, "apple-m1-base", lang) == chapter_sentences(chapter, results, Words(lang),
                                                                                  **extra)
    assert sentences("machines", results, labels=["a machine"]) != sentences("machines", results)
