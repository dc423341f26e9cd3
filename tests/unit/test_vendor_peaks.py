"""A GPU's published peaks (mpsarticle/data/vendor_peaks.csv): cited row by row, in a table of their own."""

from __future__ import annotations

import html
import re

import pytest

from mpsarticle.article.tables import vendor_peaks_table
from mpsarticle.article.wording import Words
from mpsarticle.core.vendor import CONDITIONS, QUANTITIES, peaks, peaks_for

from ..conftest import LANGUAGES
from ..machines import results_of


def test_every_row_names_its_source_conditions_and_licence():
    rows = peaks()
    assert rows
    for row in rows:
        assert row.quantity in QUANTITIES and row.conditions in CONDITIONS and row.value > 0
        assert row.source.startswith("https://") and row.vendor_page.startswith("https://") and row.licence
        assert row.kind in ("vendor", "reported") and re.fullmatch(r"\d{4}-\d{2}-\d{2}", row.read)


def test_a_board_is_matched_by_its_whole_name():
    assert peaks_for("NVIDIA H200") and not peaks_for("NVIDIA H200 NVL") and not peaks_for("Apple M1")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_h200_build_shows_the_cited_peaks_apart_from_its_rates(lang):
    table = vendor_peaks_table(results_of("nvidia-h200-build"), Words(lang))
    assert "<caption>" in table and "vendor_peaks.csv" in table
    assert table.count("<tr>") == 1 + len(peaks_for("NVIDIA H200"))
    assert all(f'href="{row.source}"' in table for row in peaks_for("NVIDIA H200"))
    # Every H200 source states no licence: said once under the table, not in a column on each row.
    assert {row.licence for row in peaks_for("NVIDIA H200")} == {peaks_for("NVIDIA H200")[0].licence}
    none = html.escape(Words(lang)("your_mac.licence.none"))
    assert table.count(none) == 1 and table.index(none) > table.index("</table>")


@pytest.mark.parametrize("machine", ["apple-m1-base", "ci-2core", "cuda-faulty"])
def test_a_gpu_with_no_listed_peaks_shows_no_table(machine):
    assert vendor_peaks_table(results_of(machine), Words("en")) == ""
