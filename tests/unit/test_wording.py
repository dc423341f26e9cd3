"""The catalogs (one per language) and the number formats, by Babel."""

from __future__ import annotations

import pytest
from babel import Locale

from mpsarticle.article import formatting
from mpsarticle.article.wording import (
    LANGUAGES,
    Bytes,
    Choice,
    Count,
    Listing,
    Num,
    Phrase,
    Size,
    Text,
    Words,
    catalog,
    placeholders,
)


def differences(first: dict, second: dict) -> list[str]:
    """What differs between two catalogs: keys, placeholders, plural selectors."""
    found = [f"only in the first: {k}" for k in sorted(first.keys() - second.keys())]
    found += [f"only in the second: {k}" for k in sorted(second.keys() - first.keys())]
    for key in sorted(first.keys() & second.keys()):
        if placeholders(first[key]) != placeholders(second[key]):
            found.append(f"{key}: placeholders {sorted(placeholders(first[key]))} and "
                         f"{sorted(placeholders(second[key]))}")
        shapes = [_shape(first[key]), _shape(second[key])]
        if shapes[0] != shapes[1]:
            found.append(f"{key}: forms {shapes[0]} and {shapes[1]}")
    return found


def _shape(message) -> object:
    """What two languages must share of a message: its selectors and each select's forms (a plural's forms are
    the language's own)."""
    if not isinstance(message, dict):
        return None
    if "plural" in message:
        return ("plural", message["plural"])
    return ("select", message["select"], {name: _shape(form) for name, form in message.items() if name != "select"})


def test_the_catalogs_have_the_same_keys_and_placeholders():
    found = differences(catalog("en"), catalog("id"))
    assert not found, "the en and id catalogs differ:\n" + "\n".join(found)


def test_the_comparison_of_catalogs_finds_a_difference():
    english = dict(catalog("en"))
    changed = {**english, "hardware.label": "Measured on: {machine}."}
    assert differences(english, changed) == ["hardware.label: placeholders ['label'] and ['machine']"]
    assert differences(english, {k: v for k, v in english.items() if k != "hardware.label"}) == \
        ["only in the first: hardware.label"]
    fewer = {**english, "step": {k: v for k, v in english["step"].items() if k != "timeout"}}
    assert [d.split(":")[0] for d in differences(english, fewer)] == ["step"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_are_the_languages_own(lang):
    categories = Locale.parse(lang).plural_form.tags | {"other"}
    plurals = []

    def walk(key, message):
        if isinstance(message, dict):
            if "plural" in message:
                plurals.append(key)
                # (An exact form, "=1", may stand beside them in any language: see mpsarticle.article.wording.)
                forms = {form for form in set(message) - {"plural"} if not form.startswith("=")}
                assert "other" in forms and forms <= categories, f"{lang} {key}: forms {sorted(forms)}"
            else:
                assert set(message) - {"select"}, f"{lang} {key}: a select with no form"
            for name, form in message.items():
                walk(f"{key}[{name}]", form)

    for key, message in catalog(lang).items():
        walk(key, message)
    assert len(plurals) > 20


def test_plurals_follow_the_number_as_written():
    en, id_ = Words("en"), Words("id")
    assert en("machines.listing", count=Count(1), labels=Listing((Text("a"),)), kinds=Listing((Text("a"),))) == \
        "Beside the machine that built this copy, the archive holds the results of one other: a."
    ab = dict(labels=Listing((Text("a"), Text("b"))), kinds=Listing((Text("a"), Text("b"))))
    assert en("machines.listing", count=Count(2), **ab) == \
        "Beside the machine that built this copy, the archive holds the results of two others: a and b."
    assert en("bound.cell.tokens", tokens=Num(1.0), cap=Phrase.of("tokens.cap", cap=Choice("most"))) == "at most 1.00"
    # An exact form ("=1") comes first in a language whose plural rules have no singular, too.
    assert id_("machines.listing", count=Count(1), labels=Listing((Text("a"),)), kinds=Listing((Text("a"),))) == \
        "Selain hasil mesin ini, arsip menyimpan hasil satu mesin lain: a."
    assert id_("machines.listing", count=Count(2), **ab) == \
        "Selain hasil mesin ini, arsip menyimpan hasil dua mesin lain: a dan b."


def test_a_bare_number_is_refused():
    with pytest.raises(TypeError, match="wording value type"):
        Words("en")("hardware.label", label=3.5)


@pytest.mark.parametrize(("value", "en", "id_"), [
    (0.0004, "0.000400", "0,000400"), (0.5, "0.500", "0,500"), (1.5, "1.50", "1,50"), (12.34, "12.3", "12,3"),
    (4097.0, "4,097", "4.097"), (53512.0, "53,512", "53.512"), (0.0, "0", "0"),
])
def test_numbers_keep_significant_digits(value, en, id_):
    assert formatting.number(value, "en") == en
    assert formatting.number(value, "id") == id_


@pytest.mark.parametrize(("value", "en", "id_"), [
    (3.5e-3, "3.5 × 10⁻³", "3,5 × 10⁻³"), (4.5e-7, "4.5 × 10⁻⁷", "4,5 × 10⁻⁷"), (9.96e-4, "1.0 × 10⁻³", "1,0 × 10⁻³"),
    (2e5, "2.0 × 10⁵", "2,0 × 10⁵"),
])
def test_scientific_notation_has_a_superscript_exponent(value, en, id_):
    assert formatting.scientific(value, "en") == en
    assert formatting.scientific(value, "id") == id_


def test_times_and_shares():
    assert formatting.duration(0.0004, "en") == "400 µs"
    assert formatting.duration(0.0009996, "en") == "1.00 ms"
    assert formatting.percent(0.95, "en") == "95%" and formatting.percent(0.0045, "id") == "0,45%"
    assert formatting.ratio(0.45, "en") == "0.45×" and formatting.ratio(51.64, "id") == "51,6×"


def test_a_key_in_two_files_of_a_catalog_is_refused_but_a_selects_forms_join(tmp_path, monkeypatch):
    """A key written twice would be overridden without a word: loading says which; a select's forms may be
    spread over files (a workload's forms in its chapter's file), each form written once."""
    from mpsarticle.article import wording

    (tmp_path / "en").mkdir()
    monkeypatch.setattr(wording, "CATALOGS", tmp_path)
    cases = [("same.key: one\n", "same.key: two\n", "already in another file"),
             ("s:\n  select: w\n  a: A\n", "s:\n  select: w\n  a: B\n", "forms already in another file: a"),
             ("s:\n  select: w\n  a: A\n", "s:\n  select: v\n  b: B\n", "already in another file")]
    try:
        for first, second, said in cases:
            (tmp_path / "en" / "a.yaml").write_text(first)
            (tmp_path / "en" / "b.yaml").write_text(second)
            wording._load.cache_clear()
            with pytest.raises(ValueError, match=said):
                wording.catalog("en")
        # A select's forms from two files make one message.
        (tmp_path / "en" / "b.yaml").write_text("s:\n  select: w\n  b: B\n")
        wording._load.cache_clear()
        assert wording.catalog("en")["s"] == {"select": "w", "a": "A", "b": "B"}
    finally:
        monkeypatch.undo()
        wording._load.cache_clear()


def test_a_select_message_takes_the_form_of_its_choice():
    from mpsarticle.article.wording import Choice

    words = Words("en")
    words.messages = {"m": {"select": "what", "a": "A {n}", "b": {"plural": "n", "one": "one B", "other": "{n} Bs"},
                            "other": "else"}}
    assert words("m", what=Choice("a"), n=Count(3)) == "A 3"
    assert words("m", what=Choice("b"), n=Count(1)) == "one B"
    assert words("m", what=Choice("b"), n=Count(2)) == "2 Bs"
    assert words("m", what=Choice("z"), n=Count(2)) == "else"
    with pytest.raises(TypeError, match="not a Choice"):
        words("m", what=Count(1), n=Count(2))


@pytest.mark.parametrize(("value", "en", "id_"), [
    (1.0516, "1.1×", "1,1×"), (1.04, "1.04×", "1,04×"), (0.96, "0.96×", "0,96×"), (1.003, "1.003×", "1,003×"),
    (0.9996, "0.9996×", "0,9996×"), (2.345, "2.3×", "2,3×"), (42.2, "42.2×", "42,2×"),
])
def test_a_factor_shows_its_side_of_one(value, en, id_):
    """A factor that is not 1 never reads as "1.0×": it gets the digits it needs."""
    from mpsarticle.article.formatting import ratio

    assert (ratio(value, "en"), ratio(value, "id")) == (en, id_)


class _Point:
    def __init__(self, median: float, low: float, high: float) -> None:
        self.median_s, self.ci_low_s, self.ci_high_s = median, low, high
        self.half_width = (high - low) / 2 / median


@pytest.mark.parametrize("lang, symmetric, skewed, units", [
    ("en", "1.05 ms ± 2.0%", "20.3 µs (18.0–93.0 µs)", "900 µs (800 µs – 1.20 ms)"),
    ("id", "1,05 ms ± 2,0%", "20,3 µs (18,0–93,0 µs)", "900 µs (800 µs – 1,20 ms)"),
])
def test_an_interval_is_a_share_when_symmetric_and_its_bounds_when_not(lang, symmetric, skewed, units):
    # Sides 0.020 and 0.021 ms: within a quarter of each other.
    assert formatting.with_interval(_Point(1.05e-3, 1.03e-3, 1.071e-3), lang) == symmetric
    # Sides 2.3 and 72.7 µs: "± 185%" would reach below zero.
    assert formatting.with_interval(_Point(20.3e-6, 18e-6, 93e-6), lang) == skewed
    assert formatting.with_interval(_Point(900e-6, 800e-6, 1.2e-3), lang) == units


def test_the_symmetry_rule():
    assert formatting.symmetric(10, 9, 11.25) and not formatting.symmetric(10, 9, 11.3)
    assert not formatting.symmetric(1.0, 0.01, 2.02)  # sides within a quarter, but "± 100.5%" reaches zero
    assert formatting.symmetric(1.0, 1.0, 1.0)


@pytest.mark.parametrize("value, written", [(1.0516, "1.052"), (1.0496, "1.0496"), (1.02, "1.02"),
                                            (0.952, "0.9520"), (0.951, "0.951"), (1.05, "1.05")])
def test_a_ratio_beside_its_limits_shows_its_side(value, written):
    limits = (1 / 1.05, 1.05)
    assert formatting.number(value, "en", formatting.digits_beside(value, limits)) == written


def test_every_language_has_its_catalog_and_its_chapters():
    """One list of languages (mpsarticle.languages): each has a catalog folder and a chapter folder, and no other."""
    from mpsarticle.article.wording import CATALOGS

    from ..conftest import ROOT

    catalogs = {p.name for p in CATALOGS.iterdir() if p.is_dir() and any(p.glob("*.yaml"))}
    chapters = {p.parent.name for p in (ROOT / "docs").glob("*/index.md")}
    assert set(LANGUAGES) == catalogs == chapters, (LANGUAGES, catalogs, chapters)


def test_recording_keeps_each_message_with_its_typed_values():
    from mpsarticle.article.wording import Choice, Phrase, Size

    words = Words("en")
    with words.recording() as said:
        text = words("missing", status=Choice("timeout"), dtypes=Listing((Text("float16"),)))
        inner = words("drop.size", axis=Choice("m"), size=Size(4096))
    assert [s.key for s in said] == ["missing", "drop.size"]
    assert said[1].values["size"] == Size(4096) and "4,096" in inner and "float16" in text
    with words.recording() as outer:
        words("cpuhalf.clause", summary=Choice("mixed"), dtype=Text("float16"), wins=Listing((Size(1),)),
              sizes=Listing((Size(1), Size(2))))
        Phrase.of("drop.size", axis=Choice("n"), size=Size(8), moved=Bytes(64)).text(words)
    assert [s.key for s in outer] == ["cpuhalf.clause", "drop.size"]
    assert words.said is None


def test_a_list_of_decimal_comma_numbers_is_split_by_semicolons() -> None:
    """Indonesian writes 1,5 for one and a half: a comma between such items would read as another decimal; English,
    and Indonesian whole numbers (1.024), keep the comma."""
    halves = Listing((Num(1.5), Num(2.34), Num(4.1)))
    assert Words("id").render(halves) == "1,50; 2,34; dan 4,10"
    assert Words("en").render(halves) == "1.50, 2.34, and 4.10"
    assert Words("id").render(Listing((Size(1024), Size(2048), Size(4096)))) == "1.024, 2.048, dan 4.096"


@pytest.mark.parametrize("low, high, en, id_", [
    # 1.23 alone rules out "level": the low end needs no digits to show its side of 1 / 1.2.
    (0.8331, 1.2304, "1.0× [0.83–1.23×]", "1,0× [0,83–1,23×]"),
    # Here the low end alone decides that the interval leaves the bounds of "level".
    (0.8331, 1.1, "1.0× [0.8331–1.1×]", "1,0× [0,8331–1,1×]"),
    # Inside the bounds both ends decide, so both show their side.
    (0.84, 1.19, "1.0× [0.84–1.19×]", "1,0× [0,84–1,19×]"),
])
def test_an_interval_end_shows_its_side_of_level_only_where_the_reading_needs_it(low, high, en, id_):
    from mpsarticle.core.stats import Ratio

    assert formatting.ratio_interval(Ratio(1.0, low, high), "en") == en
    assert formatting.ratio_interval(Ratio(1.0, low, high), "id") == id_
