"""What the chapters show about Macs: card rows, spec-sheet bounds, sustained rates; both languages, escaped."""

from __future__ import annotations

import copy
import csv
import html
import re

import pytest
from bs4 import BeautifulSoup

from mpsarticle.article import mac_tables
from mpsarticle.article.reasons import reason_text
from mpsarticle.article.wording import Text, Words
from mpsarticle.core.specsheet import chips
from mpsarticle.measure import devices
from mpsarticle.page import Page
from mpsarticle.results.model import ResultSet, load

from ..conftest import ROOT
from ..macs import fixture_block

CPU_FILE = ROOT / "docs" / "_data" / "machines" / "2-core-cpu-amd-epyc-ci-machine.json"


ROSETTA = ("Python runs under Rosetta 2 (as an x86_64 program) on this Apple-silicon Mac; MPS needs a native arm64 "
           "Python")


def _reason(reason: object, lang: str) -> str:
    return reason_text(reason, Words(lang))


def _rows(html: str) -> list[list[str]]:
    table = BeautifulSoup(html, "html.parser").find("table")
    return [[cell.get_text() for cell in row.find_all("td")] for row in table.find("tbody").find_all("tr")]


def _by_variant(rows: list[list[str]]) -> list[tuple[tuple[str, int], list[str]]]:
    """Each chip variant a table shows, with its row: a row shared by variants ("14/16") stands for each."""
    return [((cells[0].removesuffix(" §").removesuffix(mac_tables.PREDICTION_MARK), int(cores)), cells)
            for cells in rows for cores in re.findall(r"\d+", cells[1].replace(",", "").replace(".", ""))]


@pytest.mark.parametrize("lang", ["en", "id"])
def test_variants_whose_figures_all_agree_share_a_row(lang):
    """Two variants of one chip with the same figures read as one row naming both core counts ("7/8", narrow
    enough for the tables to fit the page's column at 1,280 px); a variant whose
    figures differ, or another chip's row with the same figures, keeps its own row."""
    words = Words(lang)
    rows = [["M1", "7", "68 GB/s"], ["M1", "8", "68 GB/s"], ["M1 Pro", "14", "68 GB/s"],
            ["M3 Max", "30", "300 GB/s"], ["M3 Max", "40", "400 GB/s"]]
    merged = mac_tables.merge_variants(rows, words)
    either = "7/8"
    assert merged == [["M1", either, "68 GB/s"], ["M1 Pro", "14", "68 GB/s"], ["M3 Max", "30", "300 GB/s"],
                      ["M3 Max", "40", "400 GB/s"]]
    assert rows[0] == ["M1", "7", "68 GB/s"]  # (the rows given are left as they were)


def test_card_rows_of_a_mac_on_battery_in_both_languages():
    env = {"cpu": "Apple M1 Pro", **fixture_block("m1-pro-macbook-pro-14")}
    en, id_ = mac_tables.card_rows(env, "en"), mac_tables.card_rows(env, "id")
    assert len(en) == len(id_) == 5
    assert en[0] == ("Apple chip", "Apple M1 Pro: 8 performance + 2 efficiency cores, 16-core GPU")
    assert id_[0] == ("Chip Apple", "Apple M1 Pro: 8 inti performa + 2 inti efisiensi, GPU 16 inti")
    assert en[3] == ("Power", "battery, 81%; Low Power Mode on")
    assert id_[3] == ("Daya", "baterai, 81%; Mode Daya Rendah aktif")
    assert en[4] == ("Conditions while measuring", "on battery, Low Power Mode, swap in use")


def test_card_rows_off_macos_name_only_conditions_that_were_recorded():
    """No row saying "none" (an empty condition tells a reader nothing); a recorded one is named."""
    assert mac_tables.card_rows({"warnings": []}, "en") == []
    assert mac_tables.card_rows({}, "id") == []
    rows = mac_tables.card_rows({"warnings": [mac_tables.CONDITION_CODES[0]]}, "en")
    assert [label for label, _ in rows] == ["Conditions while measuring"]


def test_rosetta_is_named_on_the_card_in_both_languages():
    env = {"cpu": "Apple M2", **fixture_block("m2-mac-mini")}
    assert ("Python build", "under Rosetta 2 (x86_64 emulation)") in mac_tables.card_rows(env, "en")
    assert _reason(devices.NO_MPS_ROSETTA, "en") == ROSETTA
    assert "Rosetta 2" in _reason(devices.NO_MPS_ROSETTA, "id") and _reason(devices.NO_MPS_ROSETTA, "id") != ROSETTA


@pytest.mark.parametrize("lang", ["en", "id"])
def test_the_spec_sheet_table_has_every_chip_and_says_what_is_derived(lang):
    rows = _rows(mac_tables.spec_sheet_table(lang))
    variants = _by_variant(rows)
    assert [key for key, _ in variants] == [(chip.name, chip.gpu_cores) for chip in chips()] and len(chips()) >= 16
    assert len(rows) < len(chips())  # (some variants share a row)
    derived = {"en": "(derived)", "id": "(turunan)"}[lang]
    row = dict(variants)
    assert derived in row["Apple M1", 7][2] and derived in row["Apple M1", 7][3]   # both derived
    assert derived not in row["Apple M1", 8][3]                                     # Apple's 2.6 TFLOPS
    assert row["Apple M1 Pro", 14][4] == {"en": "5.37 ms", "id": "5,37 ms"}[lang]   # 200 GB/s, m = 16384


def _with_sustained(results: ResultSet, check: str = "passed") -> ResultSet:
    copied = copy.deepcopy(results)
    copied.sustained = {"suite": "matmul", "device": "cpu", "workload": "matmul",
                        "params": {"m": 512, "dtype": "float32"},
                        "unit": "GFLOP/s", "duration_s": 300.0, "windows": [], "burst_rate": 120.0,
                        "sustained_rate": 90.0, "ratio": 0.75, "check": check}
    return copied


def test_sustained_rates_say_nothing_without_a_sustained_run():
    results = load(CPU_FILE)
    assert mac_tables.sustained_rates([("A", results)], "en") is None
    assert mac_tables.sustained_rates([("A", _with_sustained(results, "failed"))], "en") is None


@pytest.mark.parametrize("lang, expected", [("en", ["<b>Mac</b>", "matmul(m=512, dtype=float32)", "cpu", "300 s",
                                                    "120 GFLOP/s", "90.0 GFLOP/s", "75%"]),
                                            ("id", ["<b>Mac</b>", "matmul(m=512, dtype=float32)", "cpu", "300 s",
                                                    "120 GFLOP/s", "90,0 GFLOP/s", "75%"])])
def test_sustained_rates_of_an_archived_machine(lang, expected):
    results = load(CPU_FILE)
    html = mac_tables.sustained_rates([("This build", results), ("<b>Mac</b>", _with_sustained(results))], lang)
    assert _rows(html) == [expected]
    assert "<b>Mac</b>" not in html and "&lt;b&gt;Mac&lt;/b&gt;" in html


def test_the_page_shows_the_tables(monkeypatch, tmp_path):
    monkeypatch.setenv("MPSARTICLE_CACHE_DIR", str(tmp_path / "cache"))  # the page publishes the archive there
    results = load(CPU_FILE)
    page = Page("machines", "en", results)
    assert page.sustained_rates() is None
    assert len(_by_variant(_rows(page.spec_sheet_table().data))) == len(chips())


def test_a_reported_figure_is_marked_and_explained_once_under_each_table():
    """A mark in each cell and one note under the table, not "(reported by others, not read at Apple)" in 28 cells;
    where the tables below mark rows with it, the note's line on those rows names the mark too."""
    from mpsarticle.article import mac_tables, your_mac

    for lang in ("en", "id"):
        rows_note = html.escape(Words(lang)("mac.reported_rows_note"))
        for table in (mac_tables.spec_sheet_table(lang), your_mac.bounds_table(lang)):
            note = table.split("</table>")[-1]
            named = 1 + (rows_note in note)
            assert table.count("‡") >= 3 and note.count("‡") == named and "apple_chips.csv" in note
            assert "reported by others" not in table.split("</table>")[0].lower()


@pytest.mark.parametrize("lang", ["en", "id"])
def test_the_tokens_table_gives_no_rate_where_no_variant_has_a_known_largest_memory(lang, monkeypatch):
    """A rate beside a model that may not fit reads as if it fitted: "fit unknown" instead, for a chip none of
    whose variants has a largest memory (a row of the spec sheet with its memory taken out, as a chip added
    before its memory is known would be), and the M1 Ultra (Apple: 128 GB) holds no 70-billion-parameter 16-bit
    model (140 GB)."""
    import dataclasses

    from mpsarticle.article import your_mac
    from mpsarticle.article.your_mac import tokens_table
    from mpsarticle.core import specsheet
    from mpsarticle.core.specsheet import memory_bound

    real = specsheet.chips()
    newest = real[-1]
    unknown_chip = dataclasses.replace(newest, name="Apple M9", max_memory_gb=None, memory_kind="",
                                       memory_source="")
    sheet = (*real, unknown_chip)
    monkeypatch.setattr(specsheet, "chips", lambda: sheet)
    monkeypatch.setattr(your_mac, "chips", lambda: sheet)
    words = Words(lang)
    table = sheet
    variants = dict(_by_variant(_rows(tokens_table(lang))))
    assert list(variants) == [(chip.name, chip.gpu_cores) for chip in table]
    unknown = [chip for chip in table if memory_bound(chip)[0] is None]
    assert unknown, "the spec sheet has no chip without a known largest memory: nothing here is checked"
    for chip in table:
        cells = variants[chip.name, chip.gpu_cores][2:]
        if chip in unknown:
            assert cells == [words("your_mac.tokens.fit_unknown")] * len(cells), (chip.name, cells)
        else:
            assert words("your_mac.tokens.fit_unknown") not in cells, chip.name
    seventy_16 = variants["Apple M1 Ultra", 48][-2]  # the 70B, 16-bit column
    assert seventy_16 == words("your_mac.tokens.no_fit", memory=Text("128")), seventy_16


@pytest.mark.parametrize("lang", ["en", "id"])
def test_a_single_source_row_is_marked_in_both_tables_and_explained_once(lang):
    from mpsarticle.article import mac_tables, your_mac

    single = [chip for chip in chips() if chip.single_source]
    assert single, "the spec sheet has no single-source row: nothing here is checked"
    for table in (mac_tables.spec_sheet_table(lang), your_mac.bounds_table(lang)):
        body, note = table.split("</table>")
        names = [cells[0] for cells in _rows(table)]
        marked = [name for name in names if name.endswith("§")]
        assert len(marked) == len(single) and all(name.startswith(chip.name) for name, chip in
                                                   zip(marked, single, strict=True)), marked
        assert note.count("§") == 1 and "apple_chips.csv" in note


@pytest.mark.parametrize("lang", ["en", "id"])
def test_the_notes_under_tables_on_two_pages_are_shorter_than_a_repeated_paragraph(lang):
    """The notes under the spec-sheet and bounds tables stand on two chapters, so each stays shorter than the
    run of words the site test refuses to see twice (25)."""
    from mpsarticle.article import your_mac

    for table in (mac_tables.spec_sheet_table(lang), your_mac.bounds_table(lang)):
        notes = BeautifulSoup(table.split("</table>")[1], "html.parser").find_all("p")
        assert notes
        for note in notes:
            assert len(note.get_text(" ").split()) < 25, note.get_text()


def _table_cells(table: str) -> list[list[str]]:
    rows = BeautifulSoup(table, "html.parser").find_all("tr")
    return [[cell.get_text() for cell in row.find_all("td")] for row in rows if row.find_all("td")]


@pytest.mark.parametrize("lang", ["en", "id"])
@pytest.mark.parametrize("machine", ["ci-2core", "ci-2core-workers", "nvidia-h200", "apple-m1-base"])
def test_the_opening_and_parameter_tables_show_their_rows_values(machine: str, lang: str) -> None:
    """The opening page's table of chips and the table of fitted parameters, read from their HTML: one row per
    typed row (what the oracle reads), each cell that row's value in the page's language, a dash where it has
    none."""
    from mpsarticle.article import mac_model

    from ..machines import results_of
    from ..rendering import NUMBER, parse_number

    results, words = results_of(machine), Words(lang)
    rows = mac_model.answer_rows(results, words)
    cells = _table_cells(mac_model.answer_table(results, words))
    assert len(cells) == len(rows) >= 3
    for row, shown in zip(rows, cells, strict=True):
        v = row.values
        assert shown[0].startswith(v["chip"].value) and str(v["cores"].n) in shown[0]
        for name, cell in zip(("cross", "eager", "bound"), shown[1:], strict=True):
            if name not in v:
                assert cell == "–", (name, cell)
                continue
            assert cell == words.render(v[name]), (name, cell)
            token = NUMBER.findall(cell)[0]
            printed = parse_number(token, lang)
            value = v[name].n if name == "cross" else v[name].value
            decimals = len(token.rpartition("." if lang == "en" else ",")[2]) if any(
                sep in token for sep in ("." if lang == "en" else ",")) else 0
            # Half a unit of the last digit printed; a whole number has at least two significant figures.
            slack = 0.5 * 10 ** -decimals if decimals else max(0.5, 0.05 * value)
            assert abs(printed - value) <= slack + 1e-9, (name, cell, value)
    fits = mac_model.fit_rows(results, words)
    cells = _table_cells(mac_model.fit_parameters_table(results, words))
    assert len(cells) == len(fits) >= 1
    for row, shown in zip(fits, cells, strict=True):
        v = row.values
        assert shown[:4] == [v["device"], words.render(v["points"]), words.render(v["op"]), words.render(v["bw"])]
        assert shown[-3:] == [*mac_model.typical_cells(v["median"], words), words.render(v["worst"])]
        assert shown[-3] == words.render(dict(v["median"].values)["factor"])
        rates = {dict(p.values)["dtype"].value: dict(p.values)["rate"] for p in v["rates"].items}
        assert shown[4:7] == [words.render(rates[d]) if d in rates else "–" for d in mac_model.FIT_DTYPES]


@pytest.mark.parametrize("lang", ["en", "id"])
@pytest.mark.parametrize("machine", ["ci-2core", "nvidia-h200-build", "apple-m3-max"])
def test_the_opening_table_holds_only_chips_whose_bandwidth_apple_gives(machine: str, lang: str) -> None:
    """The opening table's rows are, like the range in the sentence above it, chips whose bandwidth Apple gives
    (the M5 Ultra's is one third party's report): no row carries the mark, so no note explains it, and the chips
    that end the sentence's range are rows."""
    from mpsarticle.article import mac_model

    from ..machines import results_of

    words = Words(lang)
    table = mac_model.answer_table(results_of(machine), words)
    reported = {(c.name, c.gpu_cores) for c in chips() if c.bandwidth_kind == "reported"}
    rows = mac_model.answer_rows(results_of(machine), words)
    assert rows and not any((r.values["chip"].value, r.values["cores"].n) in reported for r in rows)
    assert not any(shown[0].endswith(mac_tables.PREDICTION_MARK) for shown in _table_cells(table))
    assert not BeautifulSoup(table, "html.parser").find_all("p", class_="mpsarticle-note")
    ends = mac_model.model(results_of(machine)).extreme("matvec_crossover_m", stated=True)
    assert ends is not None and {ends.low_chip, ends.high_chip} <= {r.values["chip"].value for r in rows}


def _reported_in_the_data_file() -> dict[tuple[str, int], bool]:
    """Per chip variant, read from apple_chips.csv itself (not through the spec sheet's loader): whether its
    bandwidth is a third party's report rather than Apple's figure."""
    with (ROOT / "mpsarticle" / "data" / "apple_chips.csv").open(newline="", encoding="utf-8") as handle:
        return {(row["chip"], int(row["gpu_cores"])): row["bandwidth_kind"] == "reported"
                for row in csv.DictReader(handle)}


@pytest.mark.parametrize("lang", ["en", "id"])
def test_the_speedup_chart_marks_each_chip_only_others_report_and_says_so(lang: str) -> None:
    """The chart of the GPU over the CPU (chapter "Your Mac") stands one row per chip, at its variant with the most
    GPU cores, on that variant's bandwidth: where the data file has that bandwidth only from a third party (the
    M6's: no Apple page was read for it), the row's name carries the mark and the legend and the caption say what it
    means, in either language; a chip whose bandwidth Apple states carries none."""
    import matplotlib

    matplotlib.use("Agg")
    from mpsarticle.article.figures.mac_model import mac_model

    from ..machines import results_of

    reported = _reported_in_the_data_file()
    largest: dict[str, int] = {}
    for name, cores in reported:
        largest[name] = max(cores, largest.get(name, 0))
    assert reported[("Apple M6", largest["Apple M6"])], "the M6 is Apple's own figure now: this test needs another"
    figure = mac_model(results_of("nvidia-h200"), lang)
    (ax,) = figure.axes
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert "Apple M6" + mac_tables.PREDICTION_MARK in labels
    for label in labels:
        name = label.removesuffix(mac_tables.PREDICTION_MARK)
        assert label.endswith(mac_tables.PREDICTION_MARK) == reported[(name, largest[name])], label
    words = Words(lang)
    assert words("figure.mac_model.reported") in [t.get_text() for t in figure.legends[0].get_texts()]
    caption = (ROOT / "docs" / lang / "your_mac.md").read_text(encoding="utf-8").split("fig-mac-model", 1)[1]
    assert mac_tables.PREDICTION_MARK.strip() in caption.split(":::", 1)[0]


@pytest.mark.parametrize("lang", ["en", "id"])
def test_the_tables_of_predictions_mark_each_chip_only_others_report(lang: str) -> None:
    """The chapter "Your Mac"'s tables of predictions and of tokens per second stand on each variant's bandwidth:
    a variant the data file has only from a third party (the M6) is marked with the spec table's mark for a figure
    from others' reports, and one whose bandwidth Apple states is not. The mark is explained once, under the
    chapter's first table (its table of bounds), whose note says what it means after a chip's name in the tables
    below; no table below repeats that note."""
    from mpsarticle.article import mac_model, your_mac

    from ..machines import results_of

    reported = _reported_in_the_data_file()
    assert reported[("Apple M6", 12)]
    results, words = results_of("nvidia-h200"), Words(lang)
    assert mac_tables.PREDICTION_MARK == mac_tables.REPORTED_MARK  # one mark for one idea
    for table in (mac_model.predictions_table(results, words), mac_model.decode_table(results, words),
                  your_mac.tokens_table(lang)):
        variants = _by_variant(_table_cells(table))
        assert len(variants) == len(reported)
        for key, shown in variants:
            assert shown[0].endswith(mac_tables.PREDICTION_MARK) == reported[key], shown[0]
        notes = [p.get_text() for p in BeautifulSoup(table, "html.parser").find_all("p", class_="mpsarticle-note")]
        assert not any(mac_tables.PREDICTION_MARK.strip() in note for note in notes), notes
    bounds = [p.get_text() for p in BeautifulSoup(your_mac.bounds_table(lang), "html.parser").find_all(
        "p", class_="mpsarticle-note")]
    assert words("mac.reported_rows_note") in bounds, bounds
    assert bounds.index(words("mac.reported_rows_note")) == 1 + next(
        i for i, note in enumerate(bounds) if note.startswith(mac_tables.REPORTED_MARK.strip())), bounds


@pytest.mark.parametrize("lang", ["en", "id"])
@pytest.mark.parametrize("machine", ["ci-2core", "nvidia-h200", "apple-m3-max"])
def test_the_tables_of_regimes_and_of_sources_show_their_rows_values(machine: str, lang: str) -> None:
    """The chapter "Your Mac"'s table of regimes and table of sources, read from their HTML: one row per typed row
    (what the oracle reads), each cell that row's value in the page's language."""
    from mpsarticle.article import mac_model

    from ..machines import results_of

    results, words = results_of(machine), Words(lang)
    rows = mac_model.threshold_rows(results, words)
    cells = _table_cells(mac_model.threshold_table(results, words))
    assert len(cells) == len(rows) >= 2
    for row, shown in zip(rows, cells, strict=True):
        v = row.values
        assert shown[0] == v["device"] and v["dtype"].value in shown[1]
        assert shown[1].startswith("B @ a" if v["workload"].value == "matvec" else "A @ B")
        assert shown[2] == words.render(v["m"]) and shown[3].startswith(words.render(v["after"]))
