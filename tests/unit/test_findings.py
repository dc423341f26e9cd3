"""Findings and the sentences chosen from them, on the machine matrix of tests/machines.py.

Each test here pins one way a sentence can be false: the CPU's
cache speed called memory's, the crossover's "never" inverted or decided by
the largest size alone, "0.45× faster", naive timing always "too
optimistic", the accelerator named twice, errors as "3.5E-03".
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from mpsarticle.analysis import findings
from mpsarticle.analysis.verdict import verdict
from mpsarticle.article.sentences.verdict import bound_table
from mpsarticle.article.tables import memory_rows
from mpsarticle.article.wording import LANGUAGES, Words
from mpsarticle.results.model import ResultSet
from mpsarticle.results.schema import STATUSES

from ..machines import M1_CPU, M1_GPU, MACHINES, Machine, results_of, synthetic
from ..rendering import NUMBER, numbers_before, parse_number, sentences

# -- bandwidth: cache is not memory ---------------------------------------------------

def test_the_h200_cpu_reads_from_cache_and_the_sentence_says_so():
    bands = {b.device: b for b in findings.bandwidths(results_of("nvidia-h200"))}
    cpu = bands["cpu"]
    assert cpu.share > 1 and cpu.source == "cache"
    assert bands["cuda"].source == "memory" and bands["cuda"].share <= 1
    for lang, cache_word in (("en", "speed of the cache, not of the memory"), ("id", "bandwidth cache, bukan")):
        text = sentences("matvec", "nvidia-h200", lang)["bandwidth_sentence"]
        first = text.split(". ")[0]
        assert cache_word in text and "%" not in first, text


@pytest.mark.parametrize("machine", MACHINES)
def test_no_share_above_one_is_called_memory(machine):
    bands = findings.bandwidths(results_of(machine))
    text = sentences("matvec", machine)["bandwidth_sentence"]
    assert all(share <= 100 for share in numbers_before(r"%", text, "en")), text
    if bands:
        assert all(band.source != "memory" or band.share <= 1 for band in bands), bands
    else:  # every point failed: the sentence says there is no bandwidth, and quotes none
        assert text == Words("en")("bandwidth.none"), text


# -- the crossover -----------------------------------------------------------------------

SLOW_GPU = Machine("slow-gpu", "a GPU that never wins (synthetic)", M1_CPU,
                   replace(M1_GPU, overhead_s=2e-3, memory_gb_s=30, kernels=200))


def test_never_quotes_how_much_longer_the_accelerator_takes():
    results = synthetic(SLOW_GPU)
    found = findings.crossover(results)
    assert found.kind == "never" and found.largest.direction == "slower"
    for lang in ("en", "id"):
        text = sentences("matvec", results, lang)["crossover_sentence"]
        assert numbers_before("×", text, lang) == [pytest.approx(found.largest.slowdown, rel=0.03)], text
        assert found.largest.slowdown > 1


def test_never_is_not_decided_by_the_largest_size_alone():
    found = findings.crossover(results_of("apple-m1-swapping"))
    assert found.kind == "mixed" and found.wins == (4096,) and found.largest.direction == "slower"
    text = sentences("matvec", "apple-m1-swapping")["crossover_sentence"]
    assert "none of the sizes" not in text and "beats the CPU at m = 4,096" in text, text
    assert "satu pun" not in sentences("matvec", "apple-m1-swapping", "id")["crossover_sentence"]


@pytest.mark.parametrize(("machine", "kind"), [
    # The H200 and the Ultra lose at the blog post's smallest sizes (the original suite): neither wins "always".
    ("ci-2core", "cpu_only"), ("nvidia-h200", "from"), ("apple-m1-base", "from"), ("apple-m2-ultra", "from"),
    ("apple-m1-macos13", "from"), ("apple-m1-swapping", "mixed"), ("cuda-faulty", "from"), ("all-failed", "no_pairs"),
])
def test_crossover_kind_per_machine(machine, kind):
    assert findings.crossover(results_of(machine)).kind == kind


# -- directions from intervals -----------------------------------------------------------

def test_a_slower_training_step_is_called_slower():
    # The base M1's GPU is 16 % slower at batch 128; measured in one process (the macOS 13 machine, the same
    # models), that is beyond noise. (In three processes that each move by 5 %, apple-m1-base, it is not.)
    found = findings.training(results_of("apple-m1-macos13"))
    assert found.largest.direction == "slower" and found.largest.speedup.value < 1
    text = sentences("training", "apple-m1-macos13")["train_sentence"]
    assert "slower" in text and "faster" not in text.split(". ")[0], text
    assert all(f >= 1 for f in numbers_before("×", text, "en")), text
    assert "lebih lambat" in sentences("training", "apple-m1-macos13", "id")["train_sentence"]


def pessimistic(results: ResultSet) -> ResultSet:
    """The same set, but naive timeit on the GPU reports three times the real time at every size."""
    points = []
    for point in results:
        if point.device == "mps" and point.method == "naive" and point.suite == "matvec":
            engine = results.one(device="mps", workload="matvec", suite="matvec", method="engine", m=point.params["m"])
            point = replace(point, samples=[3 * s for s in engine.samples],
                            processes=[[3 * s for s in group] for group in engine.processes]).summarize()
        points.append(point)
    return ResultSet(results.environment, points, results.profile, results.label, results.created)


def test_naive_timing_is_called_optimistic_or_pessimistic_as_measured():
    assert findings.naive_gaps(results_of("apple-m1-base"))["mps"].verdict == "optimistic"
    assert "× as long" in sentences("timing", "apple-m1-base")["naive_sentence"]
    slow = pessimistic(results_of("apple-m1-base"))
    assert findings.naive_gaps(slow)["mps"].verdict == "pessimistic"
    for lang, word in (("en", "too much"), ("id", "lebih lama daripada waktu sebenarnya")):
        text = sentences("timing", slow, lang)["naive_sentence"]
        assert word in text and "× as long" not in text and "padahal timer tersinkron" not in text, text
        assert numbers_before("×", text, lang) == [pytest.approx(3.0, rel=0.05)]


# -- names and numbers --------------------------------------------------------------------

@pytest.mark.parametrize("machine", ["apple-m1-base", "apple-m2-ultra", "nvidia-h200", "cuda-faulty"])
def test_the_accelerator_is_named_once(machine):
    """The card above the sentence names a measured accelerator; the sentence under it does not name it again."""
    name = results_of(machine).environment["devices"][findings.machine(results_of(machine)).accelerator.kind]["name"]
    # Indonesian puts the noun first: the system's "Apple M1 GPU" reads "GPU Apple M1".
    said = {"en": name, "id": "GPU " + name.removesuffix(" GPU") if name.endswith(" GPU") else name}
    for lang in ("en", "id"):
        label = Words(lang)("hardware.label", label=results_of(machine).label) + " "
        text = sentences("devices", machine, lang)["hardware_sentence"].removeprefix(label.strip()).strip()
        assert said[lang] not in text and ") (" not in text and "GPU" not in text, text


def test_errors_are_written_in_scientific_notation():
    # The archived H200's worst training-step error is 4.40e-03.
    for lang, expected in (("en", "4.4 × 10⁻³"), ("id", "4,4 × 10⁻³")):
        text = sentences("training", "nvidia-h200", lang)["check_sentence"]
        assert expected in text and "E-0" not in text, text


# -- the answer ------------------------------------------------------------------------------

def test_the_answer_on_a_cpu_only_build_says_no_accelerator_was_measured():
    found = verdict(results_of("ci-2core"))
    assert not found.compared and found.bounds[0].device == "cpu" and found.bounds[0].basis == "beyond_cache"
    lead = sentences("index", "ci-2core")["answer_lead"]
    assert "no accelerator" in lead
    llm = sentences("verdict", "ci-2core")["answer_llm"]
    assert "B @ a" in llm, llm
    bound = found.bounds[0]
    # Its B @ a reads memory more slowly than its copy: the bound is an estimate at that rate, not a ceiling.
    table = bound_table(results_of("ci-2core"), Words("en"))
    assert f"<td>about {bound.tokens_per_s:.3g}</td>" in table, table


def test_the_bound_on_tokens_uses_a_rate_read_from_memory():
    """The H200's best B @ a too large for its 60 MB cache: 4,079 GB/s (m = 16,384), not the 788 GB/s of its largest
    matrix."""
    bound = verdict(results_of("nvidia-h200")).bounds[0]
    assert bound.device == "cuda" and bound.basis == "beyond_cache" and bound.size == 16384
    assert bound.gb_s > 4000
    assert bound.tokens_per_s == pytest.approx(bound.gb_s / 14.0)


@pytest.mark.parametrize("machine", MACHINES)
def test_wins_and_losses_never_overlap(machine):
    found = verdict(results_of(machine))
    for workload in ("matvec", "train_step"):
        won = {s for a in found.wins if a.workload == workload for s in a.sizes}
        lost = {s for a in found.losses if a.workload == workload for s in a.sizes}
        assert not won & lost
    assert all(a.factor is None or a.factor >= 1 for a in found.wins + found.losses)


def test_a_matrix_in_cache_is_said_to_be_there_even_below_the_copy():
    """A copy faster than the cache-resident product (a CPU with a huge last-level cache): below 100 %, but not
    memory."""
    fast_copy = Machine("fast-copy", "a CPU whose copies run fast (synthetic)", replace(M1_CPU, copy_gb_s=400), None)
    band = findings.bandwidths(synthetic(fast_copy))[0]
    assert band.source == "in_cache" and band.share < 1 and band.matrix_bytes <= band.cache_bytes
    text = sentences("matvec", synthetic(fast_copy))["bandwidth_sentence"]
    assert "need not have come from memory" in text, text


# -- every claim ranges over every suite ---------------------------------------

def _engine(results: ResultSet, device: str, m: int):
    return [p for p in results.select(workload="matvec", device=device, method="engine", m=m) if p.ok]


def test_the_crossover_reads_the_blog_posts_sizes():
    """The archived H200's CPU is faster at m = 100, 300 and 500, sizes only the original suite measured."""
    found = findings.crossover(results_of("nvidia-h200"))
    assert {100, 300, 500} <= set(found.losses) and found.kind == "from" and found.size == 750
    cpu, gpu = _engine(results_of("nvidia-h200"), "cpu", 100)[0], _engine(results_of("nvidia-h200"), "cuda", 100)[0]
    assert cpu.ci_high_s < gpu.ci_low_s  # the raw points: the CPU's whole interval below the GPU's
    for lang, nowhere in (("en", "nowhere"), ("id", "tidak kalah")):
        assert nowhere not in sentences("index", "nvidia-h200", lang)["answer_detail"]


def test_where_two_suites_measured_a_size_the_point_with_more_blocks_stands():
    from mpsarticle.analysis.series import series, standing
    from mpsarticle.results.model import Point

    def point(suite: str, blocks: int, seconds: float) -> Point:
        return Point(device="cpu", workload="matvec", params={"m": 1024, "dtype": "float32"}, method="engine",
                     suite=suite, repeats=blocks, samples=[seconds] * blocks).summarize()

    few, many = point("original", 10, 2e-5), point("matvec", 40, 1e-5)
    assert standing(few, many) is many and standing(many, few) is many
    tied = point("original", 40, 3e-5)
    assert standing(tied, many) is standing(many, tied)  # file order never decides
    assert series(ResultSet({}, [few, many]), workload="matvec", device="cpu") == [(1024, many)]


@pytest.mark.parametrize("machine", MACHINES)
def test_a_rate_from_memory_is_a_matrix_larger_than_the_cache(machine):
    """Never the copy's rate, and "from memory" only for a B @ a matrix no cache could hold."""
    results = results_of(machine)
    bands = findings.bandwidths(results)
    # One band per device with a B @ a rate, so that the loop below runs wherever there is one to read.
    rated = [d for d in results.devices if any(p.gb_s for p in results.select(workload="matvec", device=d,
                                                                               method="engine") if p.ok)]
    assert sorted(b.device for b in bands) == sorted(rated)
    for band in bands:
        point = band.memory_point
        assert point.workload == "matvec" and point.method == "engine" and point.gb_s == band.memory_gb_s
        if band.from_memory:
            assert band.cache_bytes is not None and point.bytes_moved > band.cache_bytes
        elif band.memory_basis == "fits_cache":
            assert all(p.bytes_moved <= band.cache_bytes
                       for p in results_of(machine).select(workload="matvec", device=band.device) if p.ok)


def test_the_cpu_reads_from_its_cache_when_every_matrix_fits():
    """The issue's H200 build: every CPU matrix fit the reported 300 MiB, and the copy's 114 GB/s was quoted."""
    h200 = results_of("nvidia-h200")
    small = ResultSet(h200.environment, [p for p in h200 if not (p.device == "cpu" and p.workload == "matvec"
                                                                  and p.params["m"] >= 16384)])
    cpu = {b.device: b for b in findings.bandwidths(small)}["cpu"]
    assert cpu.memory_basis == "fits_cache" and cpu.memory_size == 8192
    words = Words("en")
    [row] = [r for r in memory_rows(small, words) if r.values["device"] == words.device("cpu")]
    text = words.render(row.values["read"]).replace("\xa0", " ")  # B @ a's cell: its own rate, never the copy's
    assert "fits in its 300 MiB cache" in text and f"{cpu.memory_gb_s:.0f}" in text.replace(",", "")
    copy = cpu.evidence[-1]
    assert copy.workload == "copy" and f"{copy.gb_s:.1f} GB/s" not in text


def test_matrix_products_are_compared_at_the_sizes_both_measured():
    h200 = results_of("nvidia-h200")
    found = findings.matmul(h200)
    assert found.comparisons
    for precision in found.comparisons:
        sizes = {p.params["m"] for p in h200.select(workload="matmul", device="cpu", dtype=precision.dtype) if p.ok}
        sizes &= {p.params["m"] for p in h200.select(workload="matmul", device="cuda", dtype=precision.dtype) if p.ok}
        assert [c.size for c in precision.comparisons] == sorted(sizes)
    texts = sentences("matmul", "nvidia-h200")
    assert "At every size both devices measured" in texts["same_sentence"]
    assert "Comparing best rates" in texts["best_sentence"]


def test_a_fall_of_more_than_half_is_said():
    """The archived H200 read B @ a at 4,075 GB/s at m = 32,768 and 788 GB/s at m = 65,536."""
    found = [d for d in findings.drops(results_of("nvidia-h200")) if d.workload == "matvec" and d.device == "cuda"]
    assert [(d.before, d.after) for d in found] == [(32768, 65536)]
    for lang, words in (("en", ("32,768", "65,536", "5.2×")), ("id", ("32.768", "65.536", "5,2×"))):
        text = sentences("matvec", "nvidia-h200", lang)["bandwidth_sentence"]
        assert all(w in text for w in words), text


def test_the_cpu_only_reason_quotes_the_synchronised_timer():
    """The CPU-only verdict quotes the synchronised timer's median (90.0 µs), not naive timeit's (90.5 µs)."""
    ci = results_of("ci-2core")
    text = sentences("verdict", "ci-2core")["reason_small"]
    m = int(parse_number(re.search(rf"m = ({NUMBER.pattern})", text).group(1), "en"))
    engine = ci.one(workload="matvec", device="cpu", method="engine", m=m)
    naive = ci.one(workload="matvec", device="cpu", method="naive", m=m)
    assert f"{engine.median_s * 1e6:.3g} µs" in text
    assert f"{naive.median_s * 1e6:.3g}" != f"{engine.median_s * 1e6:.3g}"  # the two differ at what is printed


@pytest.mark.parametrize("machine", MACHINES)
@pytest.mark.parametrize("lang", ("en", "id"))
def test_no_factor_reads_as_one(machine, lang):
    """"1.0×" says nothing about which side is faster."""
    results = results_of(machine)
    for chapter in ("index", "matvec", "matmul", "training", "verdict"):
        texts = sentences(chapter, results, lang)
        assert texts, f"{machine} {chapter}: nothing rendered"
        for key, text in texts.items():
            assert not re.search(r"(?<![\d.,])1[.,]0×", text), f"{machine} {chapter}.{key}: {text}"


def test_the_machines_chapter_says_an_archived_machines_fall():
    """The archived H200's B @ a falls by more than half at m = 65,536: the machines chapter draws it, so it says
    it, with the factor its points give (the two rates stay in the table)."""
    from mpsarticle.results.archive import load_archive

    from ..machines import ARCHIVE

    archive = load_archive(ARCHIVE)
    entries = [(r.label, r) for r in archive.machines.values()]
    h200 = next(r for r in archive.machines.values() if "H200" in (r.label or ""))
    after = h200.one(workload="matvec", device="cuda", method="engine", m=65536)
    before = h200.one(workload="matvec", device="cuda", method="engine", m=32768)
    factor = (before.bytes_moved / before.median_s) / (after.bytes_moved / after.median_s)
    for lang, words in (("en", ("On the archived", "65,536", f"{factor:.2g}×")),
                        ("id", ("dalam arsip", "65.536", f"{factor:.2g}×".replace(".", ",")))):
        text = sentences("machines", "ci-2core", lang, labels=[label for label, _ in entries],
                         archive=entries)["machines_drops_sentence"]
        assert all(w in text for w in words), text


# -- statuses ------------------------------------------------------------------------

def test_every_status_a_point_can_have_is_named_as_itself():
    """A status missing from findings.MISSING was counted as another ('timeout' as 'failed with an error')."""
    assert set(findings.MISSING) == {"failed_check", *STATUSES} - {"ok"}
    for lang in LANGUAGES:
        words = Words(lang)
        absent = [f"{key}[{status}]" for status in findings.MISSING
                  for key in ("missing", "missing_count", "step", "answer.missing") if not words.names(key, status)]
        assert not absent, f"{lang}: no words for {absent}"


def test_a_fall_that_one_slow_process_makes_is_not_the_machines():
    """One slow process sets no "fall" on its own (on an H200 build, one of three CPU processes at m = 1,500 ran
    326× slower): a fall is named only when every process shows it."""
    from mpsarticle.analysis.findings.drops import drops
    from mpsarticle.results.model import Point, ResultSet

    def point(m: int, processes: list[list[float]]) -> Point:
        samples = [s for group in processes for s in group]
        return Point("cpu", "matvec", {"m": m, "dtype": "float32"}, "engine", suite="matvec", median_s=0.0,
                     repeats=len(samples), number_per_run=1, samples=samples, processes=processes,
                     flops=2.0 * m * m, bytes_moved=4.0 * m * m, check="passed", rel_error=0.0,
                     tolerance=1e-3).summarize()

    env = {"torch": "2.13.0", "python": "3.11", "os": "Linux", "cpu": "x", "devices": {"cpu": {"kind": "cpu"}}}
    small = point(1024, [[1e-5] * 5, [1.1e-5] * 5, [1.05e-5] * 5])
    one_slow = point(1500, [[2.2e-5] * 5, [7e-3] * 5, [2.3e-5] * 5])  # rate about level but for one process
    every = point(1500, [[9e-5] * 5, [9.5e-5] * 5, [9.2e-5] * 5])  # every process four times slower per byte
    assert not drops(ResultSet(env, [small, one_slow]), ("matvec",))
    assert [(d.before, d.after) for d in drops(ResultSet(env, [small, every]), ("matvec",))] == [(1024, 1500)]


@pytest.mark.parametrize("machine", MACHINES)
def test_every_bound_on_tokens_reads_data_larger_than_the_cache(machine):
    """A model's weights come from memory: each bound's rate was measured on more bytes than the device's cache,
    or on B @ a's largest matrix where the cache size is not recorded."""
    results = results_of(machine)
    for bound in verdict(results).bounds:
        cache = results.environment.get("devices", {}).get(bound.device, {}).get("cache_bytes")
        if bound.basis == "largest":
            assert not cache, (machine, bound)
        else:
            assert cache and bound.moved and bound.moved > cache, (machine, bound)
