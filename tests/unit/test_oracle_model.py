"""The model's sentences (the fit, its thresholds, the checks against cited rows, the rules) against the oracle's
own reading of the raw points and the two CSV files (tests/oracle_model.py).

Each true sentence of the matrix passes and is read; each mutation of a true sentence (a threshold off by one
measured size, a regime named wrongly, a prediction's or the fit's error misstated, a conflict with the spec sheet
dropped silently) is caught.
"""

from __future__ import annotations

import ast
import csv
import re
from pathlib import Path

import pytest

from mpsarticle.article.chapters import chapter_sentences
from mpsarticle.article.wording import Words
from mpsarticle.results.model import ResultSet

from .. import oracle, oracle_model
from ..machines import MACHINES, archive_labels, results_of, selfcheck_rows
from ..oracle import check_texts, uncovered

#: chapter -> the keys of the model's sentences.
KEYS = {"index": ("model_answer",), "your_mac": ("model_fit_sentence", "model_threshold_sentence",
                                                 "model_sources_sentence"),
        "verdict": ("model_rules",), "timing": ("model_post_sentence",)}
MUTATED = ("ci-2core", "nvidia-h200", "apple-m1-base", "apple-m3-max")
MODEL_CLAIMS = [claim for claim in oracle.CLAIMS if claim[0].startswith("model.")]


def english(results: ResultSet, chapter: str) -> dict[str, str]:
    return chapter_sentences(chapter, results, Words("en"), rows=selfcheck_rows(results), labels=archive_labels())


_TEXTS: dict[tuple[str, str], dict[str, str]] = {}


def texts(machine: str, chapter: str) -> dict[str, str]:
    if (machine, chapter) not in _TEXTS:
        _TEXTS[machine, chapter] = english(results_of(machine), chapter)
    return _TEXTS[machine, chapter]


def model_texts(machine: str) -> dict[str, str]:
    return {key: texts(machine, chapter)[key] for chapter, keys in KEYS.items() for key in keys
            if key in texts(machine, chapter)}


def false(key: str, text: str, results: ResultSet) -> list[oracle.Failure]:
    return check_texts({key: text}, results)[0]


@pytest.mark.parametrize("machine", MACHINES)
def test_every_model_sentence_of_the_matrix_is_true_and_read(machine: str) -> None:
    results = results_of(machine)
    found = model_texts(machine)
    failures, read = check_texts(found, results)
    assert not failures, "\n".join(str(f) for f in failures)
    assert not uncovered(found), uncovered(found)
    _, model_read = check_texts(found, results, MODEL_CLAIMS)
    assert model_read >= 4, f"only {model_read} of the model's claims read on {machine}"


def test_the_matrix_reads_each_kind_of_model_claim() -> None:
    names = set()
    for machine in MACHINES:
        for text in model_texts(machine).values():
            names |= {name for name, pattern, _ in MODEL_CLAIMS if pattern.search(text)}
    wanted = {"model.fit.device", "model.fit.choice", "model.fit.replayed", "model.threshold.matvec",
              "model.threshold.matmul", "model.checks.conflicts.none", "model.checks.source", "model.answer.error",
              "model.answer.crossover", "model.answer.matmul", "model.answer.decode", "model.rule.fixed",
              "model.rule.memory", "model.rule.mac", "model.post"}
    assert wanted <= names, sorted(wanted - names)


def test_the_model_oracle_shares_no_code_with_the_model() -> None:
    for module in (oracle, oracle_model):
        tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
        imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
        imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
        bad = {name for name in imported for forbidden in oracle.FORBIDDEN_IMPORTS
               if name == forbidden or name.startswith(forbidden + ".")}
        assert not bad, f"{module.__name__} imports {sorted(bad)}"
        assert {n for n in imported if n.startswith("mpsarticle")} <= {"mpsarticle.results.model",
                                                                      "mpsarticle.article.wording",
                                                                      "mpsarticle.core.specs"}
    assert {"mpsarticle.analysis.model", "mpsarticle.analysis.predict",
            "mpsarticle.article.mac_model"} <= set(oracle.FORBIDDEN_IMPORTS)


def test_the_oracles_own_fit_matches_a_printed_fit() -> None:
    """The independent fit lands on the printed parameters where the sum is chosen (a smooth optimum)."""
    results = results_of("ci-2core")
    fit, error = oracle_model.own_fit(results, "cpu", "sum")
    assert round(fit.c * 1e9) == 916 and round(fit.B / 1e9, 1) == 79.2 and round(2.718281828 ** error, 2) == 1.71


# -- mutations -------------------------------------------------------------------------------------

def _device_name(kind: str) -> str:
    return next(name for name, k in oracle_model.DEVICE_NAMES.items() if k == kind)


def _accelerator(results: ResultSet) -> str:
    kinds = [p.device for p in results.points if p.device != "cpu" and p.ok]
    return kinds[0] if kinds else "cpu"


@pytest.mark.parametrize("machine", MUTATED)
def test_a_threshold_off_by_one_measured_size_is_caught(machine: str) -> None:
    """(a) The B @ a threshold replaced by the next larger size of B @ a the device measured."""
    results = results_of(machine)
    key, text = "model_threshold_sentence", texts(machine, "your_mac")["model_threshold_sentence"]
    assert not false(key, text, results)
    device = _accelerator(results)
    name = re.escape(_device_name(device))
    pattern = rf"(On the {name}, B @ a is limited by the fixed cost below m ≈ )(\d{{1,3}}(?:,\d{{3}})*)"
    found = re.search(pattern, text)
    assert found, text
    at = int(found[2].replace(",", ""))
    sizes = sorted({int(p.params["m"]) for p in results.points if p.device == device and p.workload == "matvec"
                    and p.ok and int(p.params["m"]) > at})
    assert sizes, f"no measured size above m = {at}"
    changed = text.replace(found[0], f"{found[1]}{sizes[0]:,}", 1)
    assert changed != text and false(key, changed, results), changed
    # The same size in the closing chapter's rule.
    rules = texts(machine, "verdict")["model_rules"]
    wrong = re.sub(r"B @ a crosses that line at m ≈ [\d,]+", f"B @ a crosses that line at m ≈ {sizes[0]:,}", rules,
                   count=1)
    assert not false("model_rules", rules, results) and wrong != rules and false("model_rules", wrong, results)


@pytest.mark.parametrize("machine", MUTATED)
def test_a_regime_named_wrongly_is_caught(machine: str) -> None:
    """(b) compute ↔ bandwidth in a matrix product's threshold."""
    results = results_of(machine)
    key, text = "model_threshold_sentence", texts(machine, "your_mac")["model_threshold_sentence"]
    found = re.search(r"fixed-cost-bound to (compute|bandwidth)-bound", text)
    assert found, text
    swapped = {"compute": "bandwidth", "bandwidth": "compute"}[found[1]]
    changed = text[:found.start(1)] + swapped + text[found.end(1):]
    assert false(key, changed, results), changed
    # Alone, with the rates read from the oracle's own fit (the fit sentence is another key).
    sentence = next(s for s in re.split(r"(?<=\.) ", text) if "A @ B" in s)
    assert not false(key, sentence, results), sentence
    assert false(key, sentence.replace(f"to {found[1]}-bound", f"to {swapped}-bound"), results)


@pytest.mark.parametrize("machine", MUTATED)
def test_a_prediction_error_misstated_is_caught(machine: str) -> None:
    """(c) The replayed step's prediction error, where there is one, and the typical factor of the choice; a
    source's median error above its worst."""
    results = results_of(machine)
    key, text = "model_fit_sentence", texts(machine, "your_mac")["model_fit_sentence"]
    replayed = re.search(r"predicts it (\d+)% off", text)
    if replayed:
        changed = text.replace(replayed[0], f"predicts it {int(replayed[1]) + 9}% off")
        assert false(key, changed, results), changed
    factor = re.search(r"a typical point is ([\d.]+)× off", text)
    assert factor, text
    changed = text.replace(factor[0], f"a typical point is {float(factor[1]) * 1.1:.2f}× off")
    assert false(key, changed, results), changed
    sources = texts(machine, "your_mac")["model_sources_sentence"]
    median = re.search(r"off by (\d+)% in the median and (\d+)% at worst", sources)
    changed = sources.replace(median[0], f"off by {int(median[2]) + 5}% in the median and {median[2]}% at worst", 1)
    assert not false("model_sources_sentence", sources, results)
    assert false("model_sources_sentence", changed, results), changed
    answer = texts(machine, "index")["model_answer"]
    for old, new in ((r"Against (\d+) published", lambda m: f"Against {int(m[1]) + 1} published"),
                     (r"of (\d+) chips from", lambda m: f"of {int(m[1]) - 1} chips from")):
        wrong = re.sub(old, new, answer, count=1)
        assert wrong != answer and false("model_answer", wrong, results), wrong


@pytest.mark.parametrize("machine", MUTATED)
def test_a_fits_error_misstated_is_caught(machine: str) -> None:
    """(e) The fit's median error (and its worst, and its count of points) misstated, for each device."""
    results = results_of(machine)
    key, text = "model_fit_sentence", texts(machine, "your_mac")["model_fit_sentence"]
    assert not false(key, text, results)
    for found in re.finditer(r"within ([\d.]+)% in the median, ([\d.]+)% at worst", text):
        median = float(found[1])
        wrong = text.replace(found[0], f"within {median + max(5, median / 2):.0f}% in the median, {found[2]}% at "
                                       f"worst", 1)
        assert false(key, wrong, results), wrong
        worst = float(found[2])
        wrong = text.replace(found[0], f"within {found[1]}% in the median, {worst * 1.2 + 3:.0f}% at worst", 1)
        assert false(key, wrong, results), wrong
    points = re.search(r"\((\d+) points\)", text)
    assert false(key, text.replace(points[0], f"({int(points[1]) + 1} points)", 1), results)
    # Parameters that are not a fit: the bandwidth doubled, in the threshold sentence read alone.
    threshold = texts(machine, "your_mac")["model_threshold_sentence"]
    first = re.search(r"at ([\d,.]+) GB/s, and by bandwidth above", threshold)
    doubled = threshold.replace(first[0], f"at {2 * float(first[1].replace(',', '')):,.1f} GB/s, and by bandwidth "
                                          f"above", 1)
    assert false("model_threshold_sentence", doubled, results)


@pytest.fixture
def raised_copy(tmp_path, monkeypatch):
    """The cited rows with the M1's GPU copy raised above its spec bandwidth, for the package and the oracle."""
    import mpsarticle.analysis.findings.model as findings
    import mpsarticle.analysis.predict as predict
    import mpsarticle.core.cited as cited_module

    source = Path(oracle_model.DATA / "cited_measurements.csv")
    with open(source, encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        fields, rows = reader.fieldnames, list(reader)
    row = next(r for r in rows if r["workload"] == "copy" and r["framework"] == "PyTorch MPS" and
               r["chip"] == "Apple M1")
    bound = max(float(s["bandwidth_gb_s"]) for s in oracle_model.variants(row))
    row["value"] = f"{bound * 1.3:.0f}"
    path = tmp_path / "cited_measurements.csv"
    with open(path, "w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=fields)
        writer.writeheader()
        writer.writerows(rows)
    loaded = cited_module.load(path)

    def clear() -> None:
        predict.assumptions.cache_clear()
        findings._SEEN.clear()
        _TEXTS.clear()

    monkeypatch.setattr(cited_module, "cited", lambda: loaded)
    monkeypatch.setattr(predict, "cited", lambda: loaded)
    monkeypatch.setattr(oracle_model, "cited", lambda: tuple(rows))
    clear()
    yield row
    monkeypatch.undo()
    clear()


@pytest.mark.parametrize("machine", MUTATED)
def test_a_conflict_with_the_spec_sheet_dropped_silently_is_caught(machine: str, raised_copy) -> None:
    """(d) A cited copy above its chip's spec bandwidth must be named: the "none" sentence in its place, or the
    list without it, is caught."""
    results = results_of(machine)
    assert [r["chip"] for r in oracle_model.conflicts()] == ["Apple M1"]
    text = english(results, "your_mac")["model_sources_sentence"]
    found = re.search(oracle_model.CONFLICTS, text)
    assert found, text
    assert not false("model_sources_sentence", text, results), text
    none = _sentence("model.checks.conflicts.none")
    dropped = text.replace(found[0], none.removesuffix("."))
    assert dropped != text and false("model_sources_sentence", dropped, results), dropped
    invented = text.replace("on the Apple M1 (", "on the Apple M2 (", 1)
    assert invented != text and false("model_sources_sentence", invented, results), invented


def _sentence(key: str) -> str:
    from mpsarticle.article.wording import catalog
    return catalog("en")[key]


def test_a_conflict_the_oracle_does_not_find_is_caught() -> None:
    """Against the real file (no conflict), the "none" sentence is true and any listed conflict false."""
    results = results_of("ci-2core")
    assert not oracle_model.conflicts()
    none = _sentence("model.checks.conflicts.none").removesuffix(".")
    assert not false("k", none, results)
    listed = ("Above what the spec sheet allows, so the figure or the sheet is wrong: 56 GB/s on the Apple M1 "
              "(chsasank/device-benchmarks), against a bound of 68.25 GB/s.")
    assert false("k", listed, results)


@pytest.mark.parametrize("machine", MUTATED)
def test_the_rules_and_the_post_are_read_arithmetic(machine: str) -> None:
    results = results_of(machine)
    rules, post = texts(machine, "verdict")["model_rules"], texts(machine, "timing")["model_post_sentence"]
    assert not false("r", rules, results) and not false("p", post, results)
    for wrong in (re.sub(r"against (\d+)% in the median", lambda m: f"against {int(m[1]) + 7}% in the median", rules),
                  re.sub(r"moves fewer than [\d.]+ (kB|MB)", r"moves fewer than 9.99 \1", rules),
                  re.sub(r"the GPU pays [\d.]+ µs per operation", "the GPU pays 7.60 µs per operation", rules)):
        assert wrong != rules and false("r", wrong, results), wrong
    for old, new in ((r"From m ≈ [\d,]+ on", "From m ≈ 1,300 on"),
                     (r"costs the host [\d.]+ µs", "costs the host 5.00 µs"),
                     (r"at no less than [\d.]+ µs", "at no less than 250 µs"), (r"under [\d.]+ ms", "under 25.0 ms")):
        wrong = re.sub(old, new, post, count=1)
        assert wrong != post and false("p", wrong, results), wrong
    answer = texts(machine, "index")["model_answer"]
    if "fixed cost of about" in answer:
        wrong = re.sub(r"fixed cost of about [\d.]+ µs", "fixed cost of about 20.0 µs", answer, count=1)
        assert wrong != answer and false("a", wrong, results)
    else:  # a Mac's own answer: its measurements, read from its points
        for old, new in ((r"reached [\d.]+ GB/s", "reached 99.9 GB/s"), (r"beat the CPU from m = [\d,]+ on",
                                                                        "beat the CPU from m = 512 on")):
            wrong = re.sub(old, new, answer, count=1)
            assert wrong != answer and false("a", wrong, results), wrong


# -- mutations of the predictions for Apple chips (the oracle's own predictor, tests/oracle_model.py) -----------

#: Machines whose answer has the non-Mac form (crossover, A @ B) and the decode sentence; Macs' own answers.
ANSWERED = ("ci-2core", "nvidia-h200", "ci-2core-workers", "cuda-faulty")
DECODED = ("ci-2core-workers", "nvidia-h200-workers", "cuda-faulty")
MACS = ("apple-m1-base", "apple-m2-ultra", "apple-m3-max")


def _next_round(printed: str) -> str:
    """The next value at two significant figures: 2,000 -> 2,100; 610 -> 620."""
    value = int(printed.replace(",", ""))
    return f"{value + 10 ** max(len(str(value)) - 2, 0):,}"


@pytest.mark.parametrize("machine", MUTATED)
def test_a_sources_median_error_misstated_is_caught(machine: str) -> None:
    """A prediction error misstated: a source's median moved by a few points, still no more than its worst."""
    results = results_of(machine)
    key, text = "model_sources_sentence", texts(machine, "your_mac")["model_sources_sentence"]
    assert not false(key, text, results)
    changed = 0
    for found in re.finditer(r"(: \d+ figures?, off by )(\d+)(% in the median and )(\d+)% at worst", text):
        median, worst = int(found[2]), int(found[4])
        for shift in (3, -3):
            if 0 <= median + shift <= worst:
                wrong = text.replace(found[0], f"{found[1]}{median + shift}{found[3]}{worst}% at worst", 1)
                assert false(key, wrong, results), wrong
                changed += 1
    assert changed >= 4, text
    # And the answer's error over every source, the same way.
    answer = texts(machine, "index")["model_answer"]
    found = re.search(r"off by (\d+)% in the median and by (\d+)% at worst", answer)
    wrong = answer.replace(found[0], f"off by {int(found[1]) + 3}% in the median and by {found[2]}% at worst")
    assert false("model_answer", wrong, results), wrong
    found = re.search(r"and (\d+) of the measurements lie", answer)
    wrong = answer.replace(found[0], f"and {int(found[1]) - 1} of the measurements lie")
    assert false("model_answer", wrong, results), wrong


@pytest.mark.parametrize("machine", MUTATED)
def test_a_missed_chip_dropped_from_a_source_is_caught(machine: str) -> None:
    results = results_of(machine)
    key, text = "model_sources_sentence", texts(machine, "your_mac")["model_sources_sentence"]
    found = re.search(r"outside the predicted range on the (Apple M[^,.]+), (Apple M[^,.]+), ", text)
    assert found, text
    dropped = text.replace(found[0], f"outside the predicted range on the {found[1]}, ", 1)
    assert dropped != text and false(key, dropped, results), dropped
    # A source's only miss dropped: "each inside its predicted range" in its place.
    single = re.search(r"outside the predicted range on the (Apple M[\w ]+?)\.", text)
    assert single, text
    inside = text.replace(single[0], "each inside its predicted range.", 1)
    assert false(key, inside, results), inside
    # A chip that is no miss added.
    added = text.replace(single[0], f"outside the predicted range on the {single[1]} and Apple M6.", 1)
    assert false(key, added, results), added


@pytest.mark.parametrize("machine", ANSWERED)
def test_the_answers_crossover_and_speed_up_misstated_are_caught(machine: str) -> None:
    results = results_of(machine)
    answer = texts(machine, "index")["model_answer"]
    assert not false("model_answer", answer, results)
    found = re.search(r"to m ≈ ([\d,]+) on the (Apple M[\w ]+?)\.", answer)
    assert found, answer
    wrong = answer.replace(found[0], f"to m ≈ {_next_round(found[1])} on the {found[2]}.", 1)
    assert false("model_answer", wrong, results), wrong
    wrong = answer.replace(found[0], f"to m ≈ {found[1]} on the Apple M1 Pro.", 1)
    assert false("model_answer", wrong, results), wrong
    found = re.search(r"ranges from m ≈ ([\d,]+)", answer)
    assert found, answer
    wrong = answer.replace(found[0], f"ranges from m ≈ {_next_round(found[1])}", 1)
    assert false("model_answer", wrong, results), wrong
    found = re.search(r"and the GPU ([\d.]+)× faster", answer)
    assert found, answer
    wrong = answer.replace(found[0], f"and the GPU {float(found[1]) + 0.2:.1f}× faster", 1)
    assert false("model_answer", wrong, results), wrong


@pytest.mark.parametrize("machine", DECODED)
def test_the_fixed_bound_count_and_the_tokens_misstated_are_caught(machine: str) -> None:
    results = results_of(machine)
    answer = texts(machine, "index")["model_answer"]
    found = re.search(r"larger part of a step on (\d+) of the", answer)
    assert found, answer
    for count in (int(found[1]) - 1, int(found[1]) + 1):
        wrong = answer.replace(found[0], f"larger part of a step on {count} of the", 1)
        assert false("model_answer", wrong, results), wrong
    found = re.search(r"would generate ([\d.]+) to", answer)
    wrong = answer.replace(found[0], f"would generate {float(found[1]) * 1.05:.3g} to", 1)
    assert false("model_answer", wrong, results), wrong
    # The closing chapter's rule: the median variant's crossover and the operations per token.
    rules = texts(machine, "verdict")["model_rules"]
    assert not false("model_rules", rules, results)
    found = re.search(r"on mps only from m ≈ ([\d,]+) on", rules)
    wrong = rules.replace(found[0], f"on mps only from m ≈ {_next_round(found[1])} on", 1)
    assert false("model_rules", wrong, results), wrong
    found = re.search(r"for each of about ([\d,]+) operations", rules)
    wrong = rules.replace(found[0], f"for each of about {int(found[1].replace(',', '')) + 40:,} operations", 1)
    assert false("model_rules", wrong, results), wrong
    wrong = re.sub(r"moves more than [\d.]+ MB", "moves more than 3.50 MB", rules, count=1)
    assert wrong != rules and false("model_rules", wrong, results), wrong


@pytest.mark.parametrize("machine", MACS)
def test_a_macs_own_prediction_misstated_is_caught(machine: str) -> None:
    results = results_of(machine)
    answer = texts(machine, "index")["model_answer"]
    assert not false("model_answer", answer, results)
    found = re.search(r"reached [\d.]+ GB/s \(predicted ([\d.]+) GB/s, range ([\d.]+) GB/s", answer)
    assert found, answer
    decimals = len(found[1].partition(".")[2])
    step = 10.0 ** -decimals
    for value in (float(found[1]) + 2 * step, float(found[1]) - 2 * step):
        wrong = answer.replace(f"(predicted {found[1]} GB/s", f"(predicted {value:.{decimals}f} GB/s", 1)
        assert wrong != answer and false("model_answer", wrong, results), wrong
    low = float(found[2]) - 2 * 10.0 ** -len(found[2].partition(".")[2])
    wrong = answer.replace(f"range {found[2]} GB/s", f"range {low:.{len(found[2].partition('.')[2])}f} GB/s", 1)
    assert wrong != answer and false("model_answer", wrong, results), wrong
    found = re.search(r"\(predicted from m ≈ ([\d,]+), range", answer)
    assert found, answer
    wrong = answer.replace(found[0], f"(predicted from m ≈ {_next_round(found[1])}, range", 1)
    assert false("model_answer", wrong, results), wrong
    found = re.search(r"at best \(predicted ([\d.]+) TFLOP/s", answer)
    assert found, answer
    wrong = answer.replace(found[0], f"at best (predicted {float(found[1]) * 1.03:.3g} TFLOP/s", 1)
    assert wrong != answer and false("model_answer", wrong, results), wrong
