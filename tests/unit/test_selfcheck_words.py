"""The selfcheck in the reader's words: points and references by name, ratios with the digits that show their side."""

from __future__ import annotations

import re

import pytest

from mpsarticle.analysis import findings as f
from mpsarticle.article.selfcheck_words import point_words, reference_words
from mpsarticle.article.sentences.method import selfcheck_sentence
from mpsarticle.article.tables import selfcheck_table
from mpsarticle.article.wording import LANGUAGES, Choice, Text, Words
from mpsarticle.core.specs import MatMul, MatVec
from mpsarticle.measure import selfcheck
from mpsarticle.results.selfcheck import Row

from ..rendering import parse_number

#: What code writes and a reader must not see: a workload's label, a reference's function name.
IDENTIFIERS = re.compile(r"matvec\(|matmul\(|dtype=|blocked_autorange|do_bench|(?<!device )\bevents\b")


def row(label: str = "matvec(m=4096, dtype=float32)", reference: str = "do_bench_cudagraph", ratio: float = 1.0516,
        device: str = "cuda") -> Row:
    """A row whose intervals are as narrow as can be, so that they lie as far apart as the medians."""
    theirs = 2.0e-5 / ratio
    return Row(device, label.split("(")[0], label, reference, 2.0e-5, 2.0e-5, 2.0e-5, theirs, theirs, theirs, ratio,
               0.05, 1.0, 0.9, 1.0, processes=3)


def test_the_label_a_row_keeps_is_the_workloads_own():
    """The row parses exactly what :attr:`Workload.label` writes (and " cold" after it)."""
    assert row(MatVec(4096).label).params() == ("matvec", {"m": "4096", "dtype": "float32"}, False)
    assert row(MatMul(4096, "bfloat16").label + " cold").params() == ("matmul", {"m": "4096", "dtype": "bfloat16"},
                                                                        True)
    assert row("something else").params() is None


@pytest.mark.parametrize("lang, table, prose", [
    ("en", "B @ a, m = 4,096, float32", "B @ a at m = 4,096 in float32"),
    ("id", "B @ a, m = 4.096, float32", "B @ a pada m = 4.096 dalam float32"),
])
def test_a_point_is_written_in_words(lang, table, prose):
    words = Words(lang)
    assert point_words(row(), words) == table
    assert point_words(row(), words, "prose") == prose
    assert point_words(row("matmul(m=1024, dtype=bfloat16) cold"), words).startswith("A @ B, m = 1")
    assert point_words(row("odd label"), words) == "odd label"  # a label of another form stays as it came


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reference_the_selfcheck_runs_has_a_name(lang, monkeypatch):
    """CPU, CUDA (with Triton) and MPS: each reference selfcheck.references can return is in the catalog."""
    import sys
    import types

    monkeypatch.setitem(sys.modules, "triton", types.ModuleType("triton"))
    monkeypatch.setitem(sys.modules, "triton.testing", types.ModuleType("triton.testing"))
    names = {name for kind in ("cpu", "cuda", "mps")
             for name in selfcheck.references(type("D", (), {"kind": kind})())}
    assert names == {"blocked_autorange", "events", "do_bench_cudagraph"}
    words = Words(lang)
    for name in names:
        assert words.names("selfcheck.reference", name), name
        assert not IDENTIFIERS.search(words.render(reference_words(row(reference=name), words)))


@pytest.mark.parametrize("lang, ratio, shown", [("en", 1.0516, "1.052"), ("id", 1.0516, "1,052"),
                                                ("en", 0.9520, "0.9520"), ("en", 1.0496, "1.0496")])
def test_the_table_names_points_and_references_and_shows_the_ratios_side(lang, ratio, shown):
    words = Words(lang)
    rows = [row(ratio=ratio), row(reference="events", ratio=1.02, device="mps"),
            row(label="matvec(m=1000, dtype=float32)", reference="blocked_autorange", ratio=0.99, device="cpu")]
    html = selfcheck_table(rows, words)
    assert not IDENTIFIERS.search(html), html
    assert f"<td class=\"num\">{shown}</td>" in html
    assert words("selfcheck.reference", reference=Choice("do_bench_cudagraph")).replace("'", "&#x27;") in html


@pytest.mark.parametrize("lang, shown, apart", [("en", "1.052", "5.2%"), ("id", "1,052", "5,2%"),
                                                ("en", "1.0504", "5.04%")])
def test_the_table_shows_how_far_apart_and_the_sentence_only_counts(lang, shown, apart):
    """The table shows each row's ratio and how far apart its intervals lie, with the digits that show their side
    of the tolerance; the sentence below it counts the rows that agree and names no row."""
    words = Words(lang)
    ratio = parse_number(shown, lang)
    rows = [row(ratio=ratio), row(reference="events", ratio=1.01)]
    html = selfcheck_table(rows, words)
    assert f"<td class=\"num\">{shown}</td>" in html and f"{apart}" in html
    # Narrow intervals: the second row's lie 1% apart, within the tolerance, and its verdict says so.
    between = words("selfcheck_table.verdict_apart", verdict=Text("X"), gap=Text("Y")).split("X")[1].split("Y")[0]
    assert html.count(between) == 2, html
    text = selfcheck_sentence(f.selfcheck(rows), words)
    assert not IDENTIFIERS.search(text), text
    assert point_words(row(), words, "prose") not in text and shown not in text and apart not in text
    assert " 1 " in text and " 2 " in text  # one of two agrees


@pytest.mark.parametrize("lang", ["en", "id"])
def test_the_last_column_is_headed_by_what_it_holds_not_by_one_of_its_values(lang):
    words = Words(lang)
    html = selfcheck_table([row(ratio=1.01), row(ratio=1.3)], words)
    heads = re.findall(r"<th[^>]*>(.*?)</th>", html)
    assert heads[-1] == words("selfcheck_table.verdict")
    assert heads[-1] not in (words("selfcheck_table.agrees"), words("selfcheck_table.outside"))
