"""The model's sentences (the fit, its thresholds, the checks against cited rows, the rules) against the oracle's
own reading of the raw points and the two CSV files (tests/oracle_model.py).

Each true message of the matrix passes and is read; each wrong one (a threshold off by one measured size, a regime
named wrongly, a prediction's or the fit's error misstated, a conflict with the spec sheet dropped silently), made
as the words would have recorded it (a value substituted, another form said: tests/recorded.py), is caught.
"""

from __future__ import annotations

import csv
from dataclasses import replace
from pathlib import Path

import pytest

from mpsarticle.article import mac_model
from mpsarticle.article.wording import (
    Bytes,
    Choice,
    Count,
    Factor,
    Listing,
    Num,
    Phrase,
    Rate,
    Said,
    Seconds,
    Share,
    Size,
    Text,
    Words,
)
from mpsarticle.results.model import ResultSet

from .. import oracle, oracle_model
from ..machines import MACHINES, results_of
from ..oracle import Recording, check, uncovered
from ..oracle_said import kind_of, render, shown
from ..recorded import matrix_recording, only, recorded, replaced, substitute

#: The chapters that say the model's sentences.
CHAPTERS = ("index", "your_mac", "verdict", "timing")
MUTATED = ("ci-2core", "nvidia-h200", "apple-m1-base", "apple-m3-max")
MODEL_KEYS = tuple(oracle_model.MODEL_CHECKS)


def false(recording: Recording, results: ResultSet) -> list[oracle.Failure]:
    """The model's messages of ``recording`` that the oracle finds false."""
    return check(recording, results, MODEL_KEYS)[0]


def model_of(machine: str, chapter: str) -> Recording:
    """A chapter's model messages alone (the chapter's other sentences have their own tests)."""
    recording = matrix_recording(machine, chapter)
    return only(recording, *(key for key in recording.keys() if key.startswith("model.")))


def with_fit(machine: str) -> Recording:
    """The chapter "Your Mac"'s model messages after the rows of its table of fitted parameters (what its other
    sentences are read against), then the rows of its table of regimes."""
    chapter, results, words = model_of(machine, "your_mac"), results_of(machine), Words("en")
    return replace(chapter, said=mac_model.fit_rows(results, words) + chapter.said
                   + mac_model.threshold_rows(results, words))


def _said(recording: Recording, key: str) -> list[Said]:
    return [s for s in recording if s.key == key]


@pytest.mark.parametrize("machine", MACHINES)
def test_every_model_sentence_of_the_matrix_is_true_and_read(machine: str) -> None:
    results, read = results_of(machine), 0
    for chapter in CHAPTERS:
        recording = matrix_recording(machine, chapter)
        failures = false(recording, results)
        assert not failures, "\n".join(str(f) for f in failures)
        assert not uncovered(recording), uncovered(recording)
        read += check(recording, results, MODEL_KEYS)[1]
    for table in (with_fit(machine), Recording(mac_model.answer_rows(results, Words("en"))),
                  Recording(mac_model.trust_rows(results, Words("en")))):
        failures = false(table, results)
        assert not failures, "\n".join(str(f) for f in failures)
    assert read >= 4, f"only {read} of the model's claims read on {machine}"


def test_the_matrix_reads_each_kind_of_model_claim() -> None:
    keys = {key for machine in MACHINES for chapter in CHAPTERS for key in matrix_recording(machine, chapter).keys()
            if key in oracle_model.MODEL_CHECKS}
    wanted = {"model.fit.choice", "model.fit.choice_max", "model.fit.replayed", "model.fit.cpu_form",
              "model.threshold.matvec", "model.checks.conflicts.none", "model.checks.accounting",
              "model.answer.error", "model.answer.note", "model.answer.crossover",
              "model.answer.mac", "model.answer.mac_more", "model.decode.chips",
              "model.rule.memory_up_to", "model.rule.mac", "model.rule.batch", "model.rule.text", "model.batch",
              "model.decode.ops", "model.post", "model.trust.conclusion", "model.checks.gpu",
              "model.checks.cpu", "model.gpu_over_cpu", "model.cpu_half"}
    assert wanted <= keys, sorted(wanted - keys)
    rows = [r for machine in MACHINES for r in with_fit(machine) if r.key.startswith("table.")]
    assert {r.values["workload"].value for r in rows if r.key == "table.model_threshold"} == {"matvec", "matmul"}


def test_the_model_oracle_shares_no_code_with_the_model() -> None:
    assert {"mpsarticle.analysis.model", "mpsarticle.analysis.predict",
            "mpsarticle.article.mac_model"} <= set(oracle.FORBIDDEN_IMPORTS)


def test_the_oracles_own_fit_matches_a_printed_fit() -> None:
    """The independent fit lands on the printed parameters where the sum is chosen (a smooth optimum)."""
    results = results_of("ci-2core")
    fit, error = oracle_model.own_fit(results, "cpu", "sum")
    assert round(fit.c * 1e9) == 916 and round(fit.B / 1e9, 1) == 79.2 and round(2.718281828 ** error, 2) == 1.71


# -- wrong messages ---------------------------------------------------------------------------------

def _accelerator(results: ResultSet) -> str:
    kinds = [p.device for p in results.points if p.device != "cpu" and p.ok]
    return kinds[0] if kinds else "cpu"


def _on(device: str):
    return lambda values: kind_of(values["device"]) == device


@pytest.mark.parametrize("machine", MUTATED)
def test_a_threshold_off_by_one_measured_size_is_caught(machine: str) -> None:
    """(a) The B @ a threshold in the table of regimes (the sentence above it names no size) replaced by the next
    larger size of B @ a the device measured, on every device the table has."""
    results = results_of(machine)
    recording = model_of(machine, "your_mac")
    assert not false(recording, results)
    [threshold] = _said(recording, "model.threshold.matvec")
    device = kind_of(threshold.values["device"])
    table = with_fit(machine)
    assert not false(table, results)
    matvec = [r for r in _said(table, "table.model_threshold") if r.values["workload"].value == "matvec"]
    assert any(kind_of(r.values["device"]) == device for r in matvec)
    for index, row in enumerate(matvec):
        on = kind_of(row.values["device"])
        bigger = sorted({int(p.params["m"]) for p in results.points if p.device == on and p.workload == "matvec"
                         and p.ok and int(p.params["m"]) > row.values["m"].n})
        if bigger:
            wrong = substitute(table, "table.model_threshold", index,
                               where=lambda v: v["workload"].value == "matvec", m=Size(bigger[0]))
            assert false(wrong, results), (on, bigger[0])


#: Each regime a matrix product's threshold can turn to, and the other one.
SWAPPED = {"compute": "bandwidth", "bandwidth": "compute"}


def _swap(values: dict) -> Phrase:
    [regime] = [v for _, v in values["after"].values]
    return Phrase.of("model.regime", regime=Choice(SWAPPED[regime.value]))


@pytest.mark.parametrize("machine", MUTATED)
def test_a_regime_named_wrongly_is_caught(machine: str) -> None:
    """(b) compute ↔ bandwidth in a matrix product's row of the table of regimes."""
    results = results_of(machine)
    recording = with_fit(machine)
    matmul = lambda v: v["workload"].value == "matmul"  # noqa: E731
    [first, *_] = [r for r in _said(recording, "table.model_threshold") if matmul(r.values)]
    assert false(substitute(recording, first.key, where=matmul, after=_swap), results), first
    # Alone, with the rates read from the oracle's own fit (the table of parameters stands beside it).
    alone = Recording((first,))
    assert not false(alone, results), first
    assert false(substitute(alone, first.key, after=_swap), results)
    # A second change the parameters do not make.
    if "m2" not in first.values:
        assert false(substitute(alone, first.key, m2=Size(4 * first.values["m"].n), after2=_swap(first.values)),
                     results)


def _points_more(points: float) -> object:
    """A share given ``points`` percentage points more than it printed."""
    return lambda old: Share(shown(old["median"]).value + points / 100)


@pytest.mark.parametrize("machine", MUTATED)
def test_a_prediction_error_misstated_is_caught(machine: str) -> None:
    """(c) The replayed step's prediction error, where there is one, and the combination the choice names; a
    source's median error above its worst; the answer's counts of measurements and chips."""
    results = results_of(machine)
    recording = model_of(machine, "your_mac")
    if "model.fit.replayed" in recording.keys():
        changed = substitute(recording, "model.miss.factor", factor=lambda v: Factor(shown(v["factor"]).value * 1.2))
        assert false(changed, results)
        # And which way it misses the step: too fast said too slow, or the other way.
        changed = substitute(recording, "model.miss.factor", where=lambda v: v["way"].value in ("fast", "slow"),
                             way=lambda v: Choice("slow" if v["way"].value == "fast" else "fast"))
        assert false(changed, results)
    [choice] = [s for s in recording if s.key in ("model.fit.choice", "model.fit.choice_max",
                                                  "model.fit.choice_eager")]
    other = "model.fit.choice_max" if choice.key != "model.fit.choice_max" else "model.fit.choice"
    changed = replace(recording, said=tuple(Said(other, s.values) if s is choice else s for s in recording.said))
    assert false(changed, results), render(choice)
    if choice.key == "model.fit.choice_eager":
        # The Mac's evidence for the sum: how many eager runs, every one slower than the sum predicts.
        assert false(substitute(recording, choice.key, figures=lambda v: Count(v["figures"].n + 1)), results)
    # Which way the chosen form moves the Macs' predictions, named for the other form.
    if "model.fit.effect" in recording.keys():
        [effect] = [s for s in recording if s.key == "model.fit.effect"]
        turned = "max" if effect.values["combination"].value == "sum" else "sum"
        if turned not in oracle_model.build_combinations(results):
            assert false(substitute(recording, "model.fit.effect", combination=Choice(turned)), results)
        # Whether an Apple GPU chose the form, or it is an assumption for a Mac.
        flipped = "other" if effect.values["on"].value == "mac" else "mac"
        assert false(substitute(recording, "model.fit.effect", on=Choice(flipped)), results)
    # Whether the better form is said to fit well or poorly.
    flipped = substitute(recording, choice.key, fit=lambda v: Choice("good" if v["fit"].value == "poor" else "poor"))
    assert false(flipped, results), render(choice)
    answer = model_of(machine, "index")
    wrong = substitute(answer, "model.answer.note", ranged=lambda v: Count(v["ranged"].n + 1))
    assert false(wrong, results)
    # Which cited figures test the model, said in the chapter "Your Mac".
    for name, shift in (("checks", 1), ("cited", 1), ("assumed", -1), ("unpredicted", 1), ("sources", -1),
                        ("all_sources", -1)):
        wrong = substitute(recording, "model.checks.accounting",
                           **{name: lambda v, n=name, d=shift: Count(v[n].n + d)})
        assert false(wrong, results), name
    # Whether the eager runs back the choice to add the costs, which makes their row no independent test.
    wrong = substitute(recording, "model.checks.accounting",
                       eager=lambda v: Choice("none" if v["eager"].value == "backs" else "backs"))
    assert false(wrong, results)
    # What the opening table's rows are there for: with or without the eager column's ends.
    if "model.answer.rows" in answer.keys():
        assert false(substitute(answer, "model.answer.rows",
                                eager=lambda v: Choice("no" if v["eager"].value != "no" else "yes"),
                                fewest=lambda v: v.get("fewest", v["soonest"]),
                                most=lambda v: v.get("most", v["latest"])), results)
        # The chips named at the ends: each swapped for the other end's, or for a chip of no row.
        rows = _said(answer, "model.answer.rows")[0].values
        if rows["soonest"] != rows["latest"]:
            assert false(substitute(answer, "model.answer.rows", soonest=rows["latest"], latest=rows["soonest"]),
                         results)
        if "fewest" in rows and rows["fewest"] != rows["most"]:
            assert false(substitute(answer, "model.answer.rows", fewest=rows["most"], most=rows["fewest"]), results)
        assert false(substitute(answer, "model.answer.rows", latest=Listing((Text("M5 Ultra"),))), results)
        # An end that names a chip not at it (the soonest's chip added to the latest), or leaves out one that is.
        latest = rows["latest"].items
        assert false(substitute(answer, "model.answer.rows", latest=Listing(latest + rows["soonest"].items)),
                     results)
        if len(latest) > 1:
            assert false(substitute(answer, "model.answer.rows", latest=Listing(latest[1:])), results)
        # Whether some end is said to tie, and whether the same chips are said to end both columns at the top.
        assert false(substitute(answer, "model.answer.rows",
                                tie=lambda v: Choice("no" if v["tie"].value == "yes" else "yes")), results)
        if rows["eager"].value != "no":
            assert false(substitute(answer, "model.answer.rows",
                                    eager=lambda v: Choice("yes" if v["eager"].value == "joint" else "joint")),
                         results)
    # The note under the fitted parameters: a fitted bandwidth, or the rate from memory, misstated.
    if "model.fit.note" in recording.keys():
        note = _said(recording, "model.fit.note")[0].values
        if "items" in note:
            for name in ("fitted", "memory"):
                assert false(substitute(recording, "model.fit.above", **{name: lambda v, n=name: Rate(
                    1.3 * shown(v[n]).value / 1e9, "GB/s")}), results), name


@pytest.mark.parametrize("machine", MUTATED)
def test_a_fits_error_misstated_is_caught(machine: str) -> None:
    """(e) The fit's median error (and its worst, and its count of points) misstated, for each device."""
    results = results_of(machine)
    recording = with_fit(machine)
    assert not false(recording, results)
    fits = _said(recording, "table.model_fit")
    assert fits
    for index, fit in enumerate(fits):
        for name in ("median", "worst"):
            said = dict(fit.values[name].values)
            # The factor a fifth larger, and the way turned round.
            wrong = substitute(recording, "table.model_fit", index, **{name: Phrase.of(
                "model.miss.factor", factor=Factor(shown(said["factor"]).value * 1.2), way=said["way"])})
            assert false(wrong, results), render(fit)
            turned = {"fast": "slow", "slow": "fast", "mostly_fast": "mostly_slow", "mostly_slow": "mostly_fast",
                      "both": "fast"}[said["way"].value]
            wrong = substitute(recording, "table.model_fit", index, **{name: Phrase.of(
                "model.miss.factor", factor=said["factor"], way=Choice(turned))})
            assert false(wrong, results), render(fit)
    assert false(substitute(recording, "table.model_fit", points=lambda v: Count(v["points"].n + 1)), results)
    # Parameters that are not a fit: the bandwidth doubled, in the threshold sentences read alone.
    thresholds = only(recording, "model.threshold.matvec")
    assert not false(thresholds, results)
    doubled = substitute(thresholds, "model.threshold.matvec", bw=lambda v: Rate(2 * v["bw"].value, v["bw"].unit))
    assert false(doubled, results)


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
    recording = recorded("your_mac", results)  # the raised row's chapter, not the matrix's
    assert "model.checks.conflicts" in recording.keys()
    assert not false(recording, results)
    dropped = replaced(recording, "model.checks.conflicts", Said("model.checks.conflicts.none", {}))
    assert false(dropped, results), render(dropped.said[-1])
    invented = substitute(recording, "model.checks.conflict", chip=Text("Apple M2"))
    assert false(invented, results)


def test_a_conflict_the_oracle_does_not_find_is_caught() -> None:
    """Against the real file (no conflict), the "none" sentence is true and any listed conflict false."""
    results = results_of("ci-2core")
    assert not oracle_model.conflicts()
    assert not false(Recording((Said("model.checks.conflicts.none", {}),)), results)
    conflict = Phrase.of("model.checks.conflict", value=Text("56 GB/s"), chip=Text("Apple M1"),
                         source=Text("chsasank/device-benchmarks"), bound=Text("68.25 GB/s"))
    listed = Said("model.checks.conflicts", {"items": Listing((conflict,))})
    assert false(Recording((listed,)), results)


@pytest.mark.parametrize("machine", MUTATED)
def test_the_rules_and_the_post_are_read_arithmetic(machine: str) -> None:
    results = results_of(machine)
    rules, post = model_of(machine, "verdict"), model_of(machine, "timing")
    assert not false(rules, results) and not false(post, results)
    for key, values in (("model.rule.memory_up_to", {"ratio": lambda v: Factor(shown(v["ratio"]).value + 0.1)}),
                        ("model.rule.memory_up_to", {"most": lambda v: Factor(shown(v["most"]).value + 0.2)}),
                        ("model.rule.memory_up_to", {"chip": Text("Apple M1")}),
                        ("model.rule.batch", {"low": lambda v: Bytes(v["low"].n * 1.05, binary=False)}),
                        ("model.rule.batch", {"high": lambda v: Bytes(v["high"].n * 1.05, binary=False)}),
                        ("model.rule.batch", {"high_chip": Text("Apple M1")})):
        assert false(substitute(rules, key, **values), results), (key, values)
    # Where the rules come from, in the chapter "Your Mac": the bytes one GPU operation's fixed cost buys.
    chapter = model_of(machine, "your_mac")
    assert not false(chapter, results)
    for values in ({"gpu_op": Seconds(7.6e-6)}, {"low": lambda v: Bytes(v["low"].n * 1.05, binary=False)},
                   {"high": lambda v: Bytes(v["high"].n * 1.05, binary=False)}, {"low_chip": Text("Apple M2")}):
        assert false(substitute(chapter, "model.batch", **values), results), values
    for values in ({"from_m": Size(1300)}, {"host_high": Seconds(40e-6)}):
        assert false(substitute(post, "model.post", **values), results), values
    answer = model_of(machine, "index")
    if "model.answer.crossover" in answer.keys():
        assert false(substitute(answer, "model.answer.crossover", gpu_op=Seconds(20e-6)), results)
    else:  # a Mac's own answer: its measurements, read from its points
        for key, values in (("model.mac.copy", {"measured": Rate(99.9, "GB/s")}),
                            ("model.mac.cross.from", {"measured": Size(512)})):
            assert false(substitute(answer, key, **values), results), (key, values)


# -- the predictions for Apple chips (the oracle's own predictor, tests/oracle_model.py) -----------------

#: Machines whose answer has the non-Mac form (crossover, A @ B) and the decode sentence; Macs' own answers.
ANSWERED = ("ci-2core", "nvidia-h200", "ci-2core-workers", "cuda-faulty")
DECODED = ("ci-2core-workers", "nvidia-h200-workers", "cuda-faulty")
MACS = ("apple-m1-base", "apple-m2-ultra", "apple-m3-max")


def _next_round(name: str):
    """The next value at two significant figures of a size: 2,000 -> 2,100; 610 -> 620."""
    def bump(values: dict) -> Size:
        value = values[name].n
        return Size(value + 10 ** max(len(str(value)) - 2, 0))
    return bump


#: A way of missing that the same figures cannot also bear out.
OTHER_WAY = {"fast": "slow", "slow": "fast", "mostly_fast": "slow", "mostly_slow": "fast", "both": "fast"}


@pytest.mark.parametrize("machine", MUTATED)
def test_the_answers_error_misstated_is_caught(machine: str) -> None:
    """A prediction error misstated on the opening page."""
    results = results_of(machine)
    answer = model_of(machine, "index")
    said = _said(answer, "model.answer.error")[0].values
    # Where it is far off: small matrix products and, beside the opening table's eager column, eager text generation;
    # each by how much and which way.
    if "text" in said:
        def changed(**values):
            return lambda v: Phrase.of(v["text"].key, **{**dict(v["text"].values), **values})
        assert false(substitute(answer, "model.answer.error", text=lambda v: changed(
            factor=Factor(shown(dict(v["text"].values)["factor"]).value + 0.2))(v)), results)
        # The eager column's evidence: one run more, or another chip.
        assert false(substitute(answer, "model.answer.error", text=lambda v: changed(
            figures=Count(dict(v["text"].values)["figures"].n + 1))(v)), results)
        assert false(substitute(answer, "model.answer.error", text=changed(
            text_chips=Listing((Text("Apple M1"),)))), results)
    if "batch" in said:
        assert false(substitute(answer, "model.answer.error", batch=lambda v: Phrase.of(
            "model.miss.times", factor=Factor(shown(dict(v["batch"].values)["factor"]).value + 0.2),
            way=dict(v["batch"].values)["way"])), results)
    for what in ("batch", "text"):
        if what in said:
            assert false(substitute(answer, "model.answer.error", **{what: lambda v, w=what: Phrase.of(
                v[w].key, **{**dict(v[w].values), "way": Choice(OTHER_WAY[dict(v[w].values)["way"].value])})}),
                results), what
    assert false(substitute(answer, "model.answer.note", misses=lambda v: Count(v["misses"].n - 1)), results)
    # "Most" of the figures with a range outside it, said of another share.
    share = str(dict(_said(answer, "model.answer.note")[0].values["outside"].values)["share"].value)
    for other_share in {"most", "some", "none"} - {share}:
        assert false(substitute(answer, "model.answer.note", outside=Phrase.of(
            "model.answer.outside", share=Choice(other_share))), results), other_share
    # "The span above" only where the page opens with the crossover's span (a Mac's build opens with its own chip).
    scope = str(dict(_said(answer, "model.answer.note")[0].values["left"].values)["scope"].value)
    assert false(substitute(answer, "model.answer.note", left=Phrase.of(
        "model.answer.left", scope=Choice("table" if scope == "span" else "span"))), results)
    # The note's way of adding the costs: the other combination, or the other device as the one that chose it.
    form = dict(_said(answer, "model.answer.note")[0].values["form"].values)
    other = Choice("max" if form["combination"].value == "sum" else "sum")
    assert false(substitute(answer, "model.answer.note", form=Phrase.of("model.answer.form", **{
        **form, "combination": other})), results)
    flipped = Choice("accelerator" if form["by"].value == "cpu" else "cpu")
    assert false(substitute(answer, "model.answer.note", form=Phrase.of("model.answer.form", **{
        **form, "by": flipped})), results)
    # The published eager runs on a Mac said to back the sum where they do not, or not where they do; their count.
    if "backed" in form:
        if form["backed"].value == "eager":
            assert false(substitute(answer, "model.answer.note", form=Phrase.of("model.answer.form", **{
                **form, "figures": Count(form["figures"].n + 1)})), results)
            unbacked = {k: v for k, v in form.items() if k not in ("figures", "text_chips")}
            assert false(substitute(answer, "model.answer.note", form=Phrase.of("model.answer.form", **{
                **unbacked, "backed": Choice("none")})), results)
        else:
            # Said to back it, with the runs' true count and chips, where they do not (or where nothing was fitted).
            runs = [k for k in mac_model.model(results).compared if k.quantity == "decode_eager_tokens_s"
                    and k.row.framework == "PyTorch MPS" and k.error is not None]
            if runs:
                assert false(substitute(answer, "model.answer.note", form=Phrase.of("model.answer.form", **{
                    **form, "backed": Choice("eager"), "figures": Count(len(runs)),
                    "text_chips": Listing(tuple(Text(chip) for chip in dict.fromkeys(k.row.chip for k in runs)))})),
                    results)


@pytest.mark.parametrize("machine", ANSWERED)
def test_the_answers_crossover_and_speed_up_misstated_are_caught(machine: str) -> None:
    results = results_of(machine)
    answer = model_of(machine, "index")
    assert not false(answer, results)
    for values in ({"high": _next_round("high")}, {"high_chip": Text("Apple M1 Pro")}, {"low": _next_round("low")}):
        assert false(substitute(answer, "model.answer.crossover", **values), results), values
    # How much faster a chip's GPU copies than its own CPU, at the least and the most: another ratio than the
    # published pairs give.
    for end in ("least", "most"):
        assert false(substitute(answer, "model.answer.crossover",
                                **{end: lambda v, e=end: Factor(shown(v[e]).value + 0.1)}), results), end
    # "The top chip reads memory faster": the two ends swapped is caught by the bandwidths alone.
    ends = _said(answer, "model.answer.crossover")[0].values
    swapped = false(substitute(answer, "model.answer.crossover", low_chip=ends["high_chip"],
                               high_chip=ends["low_chip"]), results)
    assert any("faster memory" in p for failure in swapped for p in failure.problems), swapped
    # The evidence the GPU's fixed cost rests on (the chapter "Your Mac"): its rows, its one source, its chip.
    chapter = model_of(machine, "your_mac")
    assert not false(chapter, results)
    for values in ({"rows": Count(7)}, {"sources": Count(2)}, {"source": Text("pytorch/vision")},
                   {"chips": Listing((Text("Apple M1"),))}, {"timed": Choice("yes")}):
        assert false(substitute(chapter, "model.op.basis", **values), results), values
    # The opening table: a prediction misstated, a dash where there is one, a row at neither end left alone.
    table = Recording(mac_model.answer_rows(results, Words("en")))
    assert not false(table, results)
    for values in ({"cross": _next_round("cross")}, {"cores": Count(9)}):
        assert false(substitute(table, "table.mac_answer", **values), results), values
    first = next(iter(table)).values["chip"]  # the spec sheet's first chip: the least crossover
    without_ends = Recording(tuple(r for r in table if r.values["chip"] != first))
    assert false(without_ends, results)


@pytest.mark.parametrize("machine", DECODED)
def test_the_fixed_bound_chips_and_the_tokens_misstated_are_caught(machine: str) -> None:
    results = results_of(machine)
    rules = model_of(machine, "verdict")
    # The rule's case turned the other way.
    text = next(s for s in rules if s.key == "model.rule.text")
    turned = "none" if text.values["case"].value == "some" else "some"
    assert false(substitute(rules, "model.rule.text", case=Choice(turned)), results)
    # Whether eager generation others published came out slower than predicted, turned the other way.
    checked = "unknown" if text.values["checked"].value == "slower" else "slower"
    assert false(substitute(rules, "model.rule.text", checked=Choice(checked)), results)
    # The chips that check ran on, named wrong.
    assert false(substitute(rules, "model.rule.text", text_chips=Listing((Text("Apple M1"),))), results)
    # How much slower that check came out than predicted.
    if text.values["checked"].value == "slower":
        assert false(substitute(rules, "model.rule.text", factor=lambda v: Factor(shown(v["factor"]).value + 0.2)),
                     results)
    # A chip named above the weights' time that is not, and a chip within the margin left out (the chapter "Your
    # Mac" names them).
    chapter = model_of(machine, "your_mac")
    chips = next(s for s in chapter if s.key == "model.decode.chips")
    case = chips.values["case"].value
    wrong = substitute(chapter, "model.decode.chips", case=Choice("both" if case in ("both", "near") else "above"),
                       above=lambda v: Listing(v["above"].items + (Text("Apple M1"),)))
    assert false(wrong, results)
    if case in ("both", "near"):
        wrong = substitute(chapter, "model.decode.chips", near=lambda v: Listing(v["near"].items[1:]),
                           case=Choice(case if len(chips.values["near"].items) > 1 else
                                       "above" if case == "both" else "none"))
        assert false(wrong, results)
    table = Recording(mac_model.answer_rows(results, Words("en")))
    wrong = substitute(table, "table.mac_answer", where=lambda v: "eager" in v,
                       eager=lambda v: Num(v["eager"].value * 1.05))
    assert false(wrong, results)
    # The closing chapter's rules: the range of the crossover over the chips and the fixed cost per token.
    assert not false(rules, results)
    for key, values in (("model.rule.mac", {"high": _next_round("high")}),
                        ("model.rule.mac", {"low": _next_round("low")}),
                        ("model.rule.text", {"overhead": lambda v: Seconds(v["overhead"].seconds * 1.03)})):
        assert false(substitute(rules, key, **values), results), (key, values)
    # Where the fixed cost per token comes from, in the chapter "Your Mac": the operations per token and their cost.
    chapter = model_of(machine, "your_mac")
    assert not false(chapter, results)
    for values in ({"ops": lambda v: Count(v["ops"].n + 40)}, {"gpu_op": Seconds(7.6e-6)},
                   {"overhead": lambda v: Seconds(v["overhead"].seconds * 1.03)}):
        assert false(substitute(chapter, "model.decode.ops", **values), results), values


def _steps(name: str, steps: int):
    """A rate ``steps`` units of its last printed digit away from what it printed."""
    def moved(values: dict) -> Rate:
        rate = values[name]
        printed = shown(rate)
        scale = printed.value / rate.value
        return Rate((printed.value + steps * printed.unit) / scale, rate.unit)
    return moved


@pytest.mark.parametrize("machine", MACS)
def test_a_macs_own_prediction_misstated_is_caught(machine: str) -> None:
    results = results_of(machine)
    answer = model_of(machine, "index")
    assert not false(answer, results)
    for values in ({"predicted": _steps("predicted", 2)}, {"predicted": _steps("predicted", -2)},
                   {"low": _steps("low", -2)}):
        wrong = substitute(answer, "model.mac.copy", **values)
        assert false(wrong, results), values
    assert false(substitute(answer, "model.mac.cross.from", predicted=_next_round("predicted")), results)
    other_chip = substitute(answer, "model.answer.mac", chip=lambda v: Text(v["chip"].value.replace(" (", " Pro (", 1)))
    assert false(other_chip, results)
    wrong = substitute(answer, "model.mac.rate", predicted=lambda v: Rate(v["predicted"].value * 1.03,
                                                                          v["predicted"].unit))
    assert false(wrong, results)


@pytest.mark.parametrize("machine", ("ci-2core", "nvidia-h200", "apple-m3-max"))
def test_a_crossover_extreme_on_a_chip_apple_states_no_bandwidth_for_is_caught(machine: str) -> None:
    """The ends of the Mac crossover range are taken over the chips whose bandwidth Apple states: the M5 Ultra,
    whose bandwidth only a third party reports, at the top is false, whatever its value."""
    results = results_of(machine)
    rules = model_of(machine, "verdict")
    assert not false(rules, results)
    if "model.answer.crossover" in model_of(machine, "index").keys():
        answer = model_of(machine, "index")
        assert false(substitute(answer, "model.answer.crossover", high_chip=Text("Apple M5 Ultra")), results)


@pytest.mark.parametrize("machine", ("apple-m1-base", "apple-m3-max"))
def test_a_measured_value_put_on_the_wrong_side_of_its_range_is_caught(machine: str) -> None:
    """The Mac's answer says where each measured value lies against its predicted range; every other side is
    false."""
    results = results_of(machine)
    answer = model_of(machine, "index")
    assert not false(answer, results)
    for key in ("model.mac.copy", "model.mac.rate"):
        said = next(v for s in _said(answer, "model.answer.mac") + _said(answer, "model.answer.mac_more")
                    for p in s.values["items"].items
                    if (v := dict(p.values)) and p.key == key)
        held = said["held"].value
        for other in {"inside", "above", "below"} - {held}:
            assert false(substitute(answer, key, held=Choice(other)), results), (key, other)


def test_the_form_the_macs_predictions_take_named_wrongly_is_caught() -> None:
    """The CPU's fit chooses the form of the Macs' predictions, and the sentence says which way it moves them: the
    other form is caught."""
    recording = with_fit("ci-2core")
    said = _said(recording, "model.fit.cpu_form")[0].values
    other = {"sum": "max", "max": "sum"}[said["combination"].value]
    assert not false(recording, results_of("ci-2core"))
    assert false(substitute(recording, "model.fit.cpu_form", combination=Choice(other)), results_of("ci-2core"))


def test_a_tier_named_for_the_chips_a_fixed_cost_matters_on_wrongly_is_caught() -> None:
    """"On the Ultra chips": every Ultra that holds the model; another tier is caught."""
    recording = with_fit("apple-m1-base")
    said = _said(recording, "model.decode.chips")
    if said and said[0].values["case"].value == "tier":
        assert false(substitute(recording, "model.decode.chips", tier=Text("Max")), results_of("apple-m1-base"))


@pytest.mark.parametrize("machine", MUTATED)
def test_how_far_each_side_of_a_mac_misses_misstated_is_caught(machine: str) -> None:
    """The chapter "Your Mac" says how far the predictions typically miss on a Mac's CPU, from the least to the largest
    kind, and at worst, and how eager text generation misses on its GPU: either end moved, the worst figure moved, the
    CPU said not to miss the most (or the span said as one figure), eager text generation said to miss the most on the
    GPU when it does not (or not when it does), and eager text generation's factor moved are each caught."""
    results = results_of(machine)
    recording = model_of(machine, "your_mac")
    assert "model.checks.cpu" in recording.keys()
    assert not false(recording, results)
    for key in ("model.checks.gpu", "model.checks.cpu"):
        if key not in recording.keys():
            continue
        said = _said(recording, key)[0].values
        if "cpu" in said:
            for end in ("low", "high"):
                def moved(v, e=end):
                    return Phrase.of("model.miss.span", **{**dict(v["cpu"].values),
                                                           e: Factor(shown(dict(v["cpu"].values)[e]).value * 1.2)})
                assert false(substitute(recording, key, cpu=moved), results), (key, end)
            if dict(said["cpu"].values)["span"].value == "range":
                def one(v):
                    return Phrase.of("model.miss.span", **{**dict(v["cpu"].values), "span": Choice("one")})
                assert false(substitute(recording, key, cpu=one), results), key
            assert false(substitute(recording, key, most=lambda v: Factor(shown(v["most"]).value * 0.8)), results)
        if "kinds" in said:
            # The CPU's kinds said to miss most: one left out, or one that does not added.
            named = [dict(item.values)["quantity"].value for item in said["kinds"].items]
            if len(named) > 1:
                assert false(substitute(recording, key, kinds=lambda v: Listing(v["kinds"].items[1:])), results), key
            for extra in {"copy_gb_s", "concat_ms", "batched_matmul_ms"} - set(named):
                assert false(substitute(recording, key, kinds=lambda v, e=extra: Listing(
                    (*v["kinds"].items, Phrase.of("model.kind", quantity=Choice(e))))), results), (key, extra)
        if "worst" in said:
            flipped = Choice("other" if said["worst"].value == "cpu" else "cpu")
            assert false(substitute(recording, key, worst=flipped), results), key
        if "furthest" in said:
            flipped = Choice("other" if said["furthest"].value == "text" else "text")
            assert false(substitute(recording, key, furthest=flipped), results), key
        if "text" in said:
            assert false(substitute(recording, key, text=lambda v: Phrase.of(
                v["text"].key, **{**dict(v["text"].values),
                                  "factor": Factor(shown(dict(v["text"].values)["factor"]).value + 0.2)})), results)


@pytest.mark.parametrize("machine", MUTATED)
def test_the_opening_table_of_misses_and_its_conclusion_misstated_are_caught(machine: str) -> None:
    """The opening page's table says, per side of a Mac, how far the predictions typically and at worst miss, over
    how many figures, and the note concludes from it: each end, the worst, the count moved, a row dropped, and the
    conclusion's two claims flipped are each caught."""
    results = results_of(machine)
    table = Recording(mac_model.trust_rows(results, Words("en")))
    assert table.keys() and not false(table, results)
    for row in table:
        what = row.values["what"]
        def pick(values, w=what):
            return values.get("what") == w
        for name, value in (("low", Factor(shown(row.values["low"]).value * 1.2)),
                            ("high", Factor(shown(row.values["high"]).value * 1.2)),
                            ("worst", Factor(shown(row.values["worst"]).value * 1.2)),
                            ("figures", Count(row.values["figures"].n + 1))):
            assert false(substitute(table, "table.model_trust", where=pick, **{name: value}), results), (what, name)
    dropped = Recording(tuple(r for r in table if r.values["what"].value != "cpu"))
    assert false(dropped, results)
    index = model_of(machine, "index")
    said = _said(index, "model.trust.conclusion")
    if said:
        assert not false(index, results)
        for name, flip in (("closer", {"yes": "no", "no": "yes"}), ("text", {"fast": "other", "other": "fast"})):
            assert false(substitute(index, "model.trust.conclusion",
                                    **{name: Choice(flip[said[0].values[name].value])}), results), name


@pytest.mark.parametrize("machine", MUTATED)
def test_the_speed_ups_against_published_ones_and_the_cpus_float16_misstated_are_caught(machine: str) -> None:
    """The chapter "Your Mac" says how far the predicted speed-ups are from the ratios others published (the furthest
    below and above, each on its chip) and, where this build measured both, its CPU's float16 rate as a share of its
    float32 one against the guessed range: each end moved or put on another chip, the way turned, the share doubled,
    the range's side said wrongly, and the sentence said on a build whose CPU is not a Mac's, are caught."""
    results = results_of(machine)
    chapter = model_of(machine, "your_mac")
    assert not false(chapter, results)
    said = _said(chapter, "model.gpu_over_cpu")[0].values
    for values in ({"under": lambda v: Factor(shown(v["under"]).value + 0.3)},
                   {"over": lambda v: Factor(shown(v["over"]).value + 0.3)},
                   {"under_chip": Text("M2")}, {"over_chip": Text("M1 Pro")},
                   {"way": Choice("low" if said["way"].value != "low" else "high")}):
        assert false(substitute(chapter, "model.gpu_over_cpu", **values), results), values
    if "model.cpu_half" in chapter.keys():
        half = _said(chapter, "model.cpu_half")[0].values
        others = {"below", "above", "inside"} - {half["held"].value}
        for values in ({"share": lambda v: Share(2 * v["share"].fraction)},
                       *({"held": Choice(other)} for other in sorted(others))):
            assert false(substitute(chapter, "model.cpu_half", **values), results), values
    else:
        # Another maker's CPU is no evidence of an Apple chip's: the sentence said on such a build is caught.
        said = Recording((Said("model.cpu_half", {"share": Share(0.03), "held": Choice("below")}),))
        assert false(said, results)
