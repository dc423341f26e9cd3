"""Property tests: on result sets generated from the device model of tests/machines.py, every sentence is true.

Hypothesis draws the machines: bandwidths, per-call costs, peak rates, cache
sizes and which points fail. For each, every chapter is rendered in both
languages and checked against the data, with the directions worked out here
from the samples (not from the findings the sentences came from):

- no placeholder, NaN, inf or None in any text;
- a direction word (faster, slower, about the same) agrees with the interval
  of the ratio it describes, and every factor quoted is at least 1 (the
  winner's advantage: never "0.45× faster");
- no share of the memory's bandwidth above 100 % is ever stated, and every
  best rate is set against the memory's in a way the test reads;
- the crossover sentence is the one the directions call for: "never" where
  the accelerator won at no size, "at every size from m = …" at the size where it
  turns for good, and so on;
- naive timeit is called optimistic, pessimistic or in agreement as the interval says.

How many machines each property draws is the hypothesis profile's (tests/conftest.py):
a few in a plain `pytest`, many more under `make test` (``--hypothesis-profile=thorough``).
"""

from __future__ import annotations

import html
import re
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from mpsarticle.analysis import series as analysis
from mpsarticle.article.chapters import CHAPTERS, MAY_BE_EMPTY
from mpsarticle.article.tables import bandwidth_table
from mpsarticle.article.wording import Choice, Words
from mpsarticle.core.stats import FASTER, SAME, SLOWER, ratio
from mpsarticle.results.model import Point, ResultSet

from ..machines import M1_CPU, M1_GPU, Machine, synthetic
from ..rendering import numbers_before, parse_number, sentences

BAD_TEXT = re.compile(r"[{}]|\b(?:nan|NaN|inf|Infinity|None)\b")
BROKEN = ("failed_check", "out_of_memory", "error")
#: Where the bandwidth sentence sets a device's best rate against its memory's: "At its best (m = …) the … reads
#: the matrix at 89.6 GB/s, " and then a share of the copy's rate, a multiple of it, "level" with it, too noisy to
#: tell against it, or no copy.
#: How the chapter on B @ a reads each device's best rate against its copy (the numbers are in its table).
BEST_RATE = {"en": re.compile(r"On the .+? the best rate |The [^.]+?'s best rate |No copy was measured on the .+? to "
                              r"compare its best rate"),
             "id": re.compile(r"Di [^,]+, laju terbaiknya |Laju terbaik [^.:,]+? (?:tetap|melampaui) "
                              r"|Di [^,]+, sebaran hasilnya terlalu lebar untuk memastikan apakah laju terbaiknya"
                              r"|Tidak ada penyalinan memori biasa yang diukur di ")}
#: The cells of an HTML table's body, row by row.
CELLS = re.compile(r"<td[^>]*>(.*?)</td>")


@st.composite
def machines(draw) -> ResultSet:
    """A Mac-like machine with a CPU and an MPS GPU whose every property is drawn."""
    def rate(low: float, high: float) -> float:
        return draw(st.floats(low, high, allow_nan=False, allow_infinity=False))

    cpu = replace(M1_CPU, overhead_s=rate(1e-6, 2e-5), memory_gb_s=rate(5, 200), copy_gb_s=rate(5, 200),
                  cache_bytes=draw(st.sampled_from([None, 4 << 20, 32 << 20, 256 << 20])), cache_gb_s=rate(20, 500),
                  gflop_s={"float32": rate(20, 3000), "float16": rate(1, 3000), "bfloat16": rate(1, 3000)},
                  per_sample_s=rate(1e-5, 1e-3))
    broken = {}
    for key in draw(st.lists(st.sampled_from([("matvec", 1024), ("matvec", 4096), ("matvec", 16384),
                                              ("matmul", "float16"), ("matmul", "float32"), ("train_step", 32),
                                              ("train_step", 128), ("copy", 1 << 28)]), max_size=3)):
        broken[key] = draw(st.sampled_from(BROKEN))
    gpu = replace(M1_GPU, overhead_s=rate(2e-6, 5e-4), memory_gb_s=rate(20, 1000), copy_gb_s=rate(20, 1000),
                  gflop_s={"float32": rate(100, 30000), "float16": rate(100, 30000),
                           "bfloat16": draw(st.one_of(st.none(), st.floats(100, 30000)))},
                  per_sample_s=rate(1e-6, 5e-4), kernels=draw(st.integers(10, 80)), broken=broken,
                  swap_from=draw(st.sampled_from([None, 4096, 8192])),
                  naive_scale=draw(st.one_of(st.none(), st.floats(0.3, 3.0))))
    return synthetic(Machine("drawn", "drawn machine", cpu, gpu))


def render(results: ResultSet, chapters: tuple[str, ...] = tuple(CHAPTERS)) -> dict[str, dict[str, str]]:
    """lang -> "chapter.key" -> text, for the chapters a property reads (a drawn machine beside one archived)."""
    return {lang: {f"{chapter}.{key}": text for chapter in chapters
                   for key, text in sentences(chapter, results, lang, labels=["a machine"]).items()}
            for lang in ("en", "id")}


def speedups(results: ResultSet, workload: str = "matvec", **criteria) -> dict[int, str]:
    """size -> direction of CPU time / MPS time, from the samples, or from the two published intervals where they
    lie apart (a difference a reader sees in the tables)."""
    cpu = dict(analysis.series(results, workload=workload, device="cpu", **criteria))
    gpu = dict(analysis.series(results, workload=workload, device="mps", **criteria))

    def read(slow: Point, fast: Point) -> str:
        # Only the ratio's interval gives a direction; two published intervals apart leave it level or too noisy.
        return ratio(slow.samples, fast.samples).direction()
    return {size: read(cpu[size], gpu[size]) for size in sorted(cpu.keys() & gpu.keys())}


@given(machines())
def test_every_sentence_is_clean_and_its_factors_are_advantages(results: ResultSet) -> None:
    for lang, texts in render(results).items():
        assert set(texts) >= {"matvec.crossover_sentence", "verdict.reason_large"}, f"{lang}: {sorted(texts)}"
        read = 0
        for key, text in texts.items():
            assert text.strip() or key.rsplit(".", 1)[-1] in MAY_BE_EMPTY, f"{lang} {key}: empty"
            assert not BAD_TEXT.search(text), f"{lang} {key}: {text}"
            if key != "method.selfcheck_sentence":
                factors = numbers_before("×", text, lang)
                assert all(f >= 1.0 for f in factors), f"{lang} {key}: a factor below 1 in {text}"
                read += len(factors)
        # A CPU and a GPU that both ran: some sentence compares them by a factor.
        assert read, f"{lang}: no factor in any sentence"


@given(machines())
def test_no_share_of_memory_bandwidth_above_100_percent(results: ResultSet) -> None:
    for lang, texts in render(results, ("matvec", "verdict")).items():
        for key in ("matvec.bandwidth_sentence", "verdict.reason_large"):
            shares = numbers_before(r"\s?%", texts[key], lang)
            assert all(s <= 100 for s in shares), f"{lang} {key}: {texts[key]}"
        # Each device's best rate is set against its memory's in its table's row, a share (never above 100 %) or
        # a multiple, the verdict in words (level, too noisy) or nothing (no copy); the sentence reads every row (a
        # drawn CPU and GPU each have a best rate, whatever failed).
        told = {Words(lang)("bandwidth.cell.reading", source=Choice(s)) for s in ("level", "unclear")}
        rows = [CELLS.findall(row) for row in re.findall(r"<tr>(.*?)</tr>", bandwidth_table(results, Words(lang)))][1:]
        assert rows, f"{lang}: no row in the table of best rates"
        for row in rows:
            against = html.unescape(row[3]).replace("\u00a0", " ")
            assert against == "–" or against in told or against.endswith(("%", "×")), row
            if against.endswith("%"):
                assert parse_number(against.rstrip(" %"), lang) <= 100, f"{lang}: {row}"
        said = BEST_RATE[lang].findall(texts["matvec.bandwidth_sentence"])
        assert len(said) == len(rows), f"{lang}: {said} for {len(rows)} rows: {texts['matvec.bandwidth_sentence']}"


@given(machines())
def test_a_crossover_is_claimed_only_where_the_data_has_one(results: ResultSet) -> None:
    directions = speedups(results)  # every suite: the blog post's sizes count too
    wins = [s for s, d in directions.items() if d == FASTER]
    texts = render(results, ("matvec",))
    english, indonesian = texts["en"]["matvec.crossover_sentence"], texts["id"]["matvec.crossover_sentence"]
    # The sentence the data calls for, worked out from the directions alone: each case asserts its own.
    if not directions:
        assert english.startswith("No matrix size was measured well on both"), english
    elif len(wins) == len(directions):
        assert "at every size measured on both" in english, english
    elif not wins:
        assert "at none of the sizes" in english, english
        assert "tidak mengalahkan CPU pada satu pun" in indonesian
    elif directions[max(directions)] == FASTER:
        # The GPU wins from the first size of the run of wins that reaches the largest size.
        size = min(s for s in directions if all(d == FASTER for t, d in directions.items() if t >= s))
        assert f"at every size from m = {size:,} up" in english, f"{english} ({directions})"
        assert f"di semua ukuran mulai m = {size:,}".replace(",", ".") in indonesian
    else:
        assert "but not at the largest size measured" in english, english
    found = re.search(r"at every size from m = ([\d,]+) up", english)
    if found:  # and the size it names is one where the directions turn for good
        size = int(parse_number(found[1], "en"))
        assert all(d == FASTER for s, d in directions.items() if s >= size), english
        assert any(d != FASTER for s, d in directions.items() if s < size), english


@given(machines())
def test_training_and_naive_words_follow_the_intervals(results: ResultSet) -> None:
    texts = render(results, ("training", "timing"))
    steps = speedups(results, workload="train_step")
    # No step measured on both: no direction (None), so the first sentence says none of the three.
    largest = steps[max(steps)] if steps else None
    english, indonesian = texts["en"]["training.train_sentence"], texts["id"]["training.train_sentence"]
    first_en, first_id = english.split(". ")[0], indonesian.split(". ")[0]
    assert bool(re.search(r"is \S+× faster", first_en)) == (largest == FASTER), english
    assert ("is slower" in first_en) == (largest == SLOWER), english
    # Level, or too noisy to tell: the interval holds 1 either way.
    assert ("about the same" in first_en or "not call either faster" in first_en) == (largest == SAME), english
    assert bool(re.search(r"\S+× lebih cepat", first_id)) == (largest == FASTER), indonesian
    assert ("lebih lambat" in first_id) == (largest == SLOWER), indonesian
    naive = dict(analysis.series(results, workload="matvec", device="mps", method="naive", suite="matvec"))
    engine = dict(analysis.series(results, workload="matvec", device="mps", suite="matvec"))
    common = sorted(naive.keys() & engine.keys())
    gap = (analysis.compare(engine[common[-1]], naive[common[-1]]).agreement(analysis.AGREEMENT_MARGIN)
           if common else None)
    english, indonesian = texts["en"]["timing.naive_sentence"], texts["id"]["timing.naive_sentence"]
    words = Words("en")
    assert (english == words("gap.unmeasured", device=words.device("mps"))) == (gap is None), english
    assert ("× as long." in english) == (gap == FASTER), english
    assert ("× too much" in english) == (gap == SLOWER), english
    assert ("timers agree." in english) == (gap == SAME), english
    assert ("padahal timer tersinkron mencatat" in indonesian) == (gap == FASTER), indonesian
    assert ("× lebih lama daripada waktu sebenarnya" in indonesian) == (gap == SLOWER), indonesian
