"""The model's sentences and tables: the answer for Macs, the fit, the checks, the rules, the blog post's bars.

Chosen from :mod:`mpsarticle.analysis.findings.model`; every number is a
typed value of :mod:`mpsarticle.article.wording`, and every cell of a table
is escaped.
"""

from __future__ import annotations

import html
import statistics

from mpsarticle.analysis import predict
from mpsarticle.analysis.findings.matvec import bandwidths, crossover
from mpsarticle.analysis.findings.model import ANSWER_DECODE, ANSWER_MATMUL, ModelFinding, model
from mpsarticle.analysis.model import Fit, WorkloadError
from mpsarticle.analysis.series import ceiling_gb_s, peak_gflop_s, size_key
from mpsarticle.article.formatting import duration, number, whole
from mpsarticle.article.mac_tables import PREDICTION_MARK, merge_variants
from mpsarticle.article.tables import html_table
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
from mpsarticle.core.cited import cited
from mpsarticle.core.specsheet import Chip, chips, memory_bound
from mpsarticle.results.model import ResultSet

__all__ = ["ANSWER_COLUMNS", "FIT_COLUMNS", "FIT_DTYPES", "RULES", "THRESHOLD_COLUMNS",
           "accounting_sentence", "answer", "answer_error", "answer_note", "answer_rows", "answer_table",
           "trust_conclusion", "trust_rows", "trust_table",
           "assumptions_table", "batch_sentence", "cited_speedups", "cpu_half_sentence", "largest_variants",
           "checks_table", "crossover_span", "decode_sentence", "decode_table", "fit_parameters_table",
           "fit_replayed_sentences",
           "fit_rows", "fit_sentences",
           "answer_rows_sentence", "eager_backing", "fit_table", "miss", "op_basis", "post_sentence",
           "predictions_table", "reported", "reported_rows_note",
           "rules",
           "sources_sentences", "speedup_sentence", "threshold_rows", "threshold_sentences",
           "threshold_table"]

#: The blog post's machine.
POST_CHIP = "Apple M1 Pro"


def _size(m: float) -> Size:
    """A model's size, rounded to two significant figures (it is an estimate, not a measured size)."""
    digits = max(0, len(str(int(m))) - 2)
    return Size(int(round(m, -digits)))


def _prose(chip: str) -> Text:
    """A chip as running text names it, without the maker ("the M1 Ultra"); tables keep the spec sheet's name."""
    return Text(chip.removeprefix("Apple "))


def _gpu_op(found: ModelFinding) -> Seconds | None:
    given = found.assumptions.get("gpu_op_us")
    return Seconds(given.central * 1e-6) if given else None


# -- the opening page ----------------------------------------------------------------------------

def answer(results: ResultSet, words: Words) -> str:
    """The opening page's first paragraph: on a Mac, where its GPU beat its CPU beside the model's prediction for its
    chip; elsewhere, for every Apple chip, where its GPU starts to win and why (the table :func:`answer_table` gives
    representative chips); then how far the model is off. What the figures rest on is :func:`answer_note`'s."""
    found = model(results)
    if found.own_chip is not None and any(p.device == "mps" for p in results):
        return _mac_answer(results, found, words)[0]
    crossing = found.extreme("matvec_crossover_m", stated=True)
    gpu_op, gains = _gpu_op(found), _copy_gains(found)
    if crossing is None or gpu_op is None or not gains:
        return words("model.answer.none")
    return words("model.answer.crossover", low=_size(crossing.low), low_chip=_prose(crossing.low_chip),
                 high=_size(crossing.high), high_chip=_prose(crossing.high_chip),
                 least=Factor(min(gains.values())), most=Factor(max(gains.values())), gpu_op=gpu_op,
                 op_chips=_op_chips(found))


def crossover_span(results: ResultSet) -> dict[str, Size | Text] | None:
    """The opening page's span of B @ a's crossover over the Macs whose bandwidth Apple states, as typed values
    (``low``, ``low_chip``, ``high``, ``high_chip``) for a sentence elsewhere to quote; ``None`` where the model
    has none."""
    crossing = model(results).extreme("matvec_crossover_m", stated=True)
    if crossing is None:
        return None
    return dict(low=_size(crossing.low), low_chip=_prose(crossing.low_chip), high=_size(crossing.high),
                high_chip=_prose(crossing.high_chip))


def _copy_gains(found: ModelFinding) -> dict[str, float]:
    """How much faster each chip's GPU copies than its own CPU, for the chips others published both copies of: the
    median of the chip's GPU copies over the median of its CPU copies, each as a share of its spec bandwidth. Only
    such pairs say what one Mac gains; the ratio of the two medians over every chip mixes chips and was measured on
    none."""
    given = found.assumptions
    if "gpu_bandwidth_share" not in given or "cpu_bandwidth_share" not in given:
        return {}

    def per_chip(assumed: predict.Assumption) -> dict[str, float]:
        shares: dict[str, list[float]] = {}
        for row in assumed.rows:
            bandwidth = predict._spec_bandwidth(row)
            if bandwidth:
                shares.setdefault(row.chip, []).append(row.value / bandwidth)
        return {chip: statistics.median(values) for chip, values in shares.items()}
    on_gpu, on_cpu = per_chip(given["gpu_bandwidth_share"]), per_chip(given["cpu_bandwidth_share"])
    return {chip: on_gpu[chip] / on_cpu[chip] for chip in sorted(on_gpu.keys() & on_cpu.keys())}


def answer_error(results: ResultSet, words: Words) -> str:
    """Under the opening table, beside its eager tokens/s column: how far the published eager runs of small language
    models are from the column's predictions, which way, how many runs and on which chips, and how they were timed;
    empty where the model predicts nothing. How far the other kinds of work miss is the note's
    (:func:`trust_rows`). The miss is said as a factor (the larger of predicted and published over the other),
    which reads the same for a time and a rate."""
    found = model(results)
    if not (found.own_chip is not None and any(p.device == "mps" for p in results)) and (
            found.extreme("matvec_crossover_m", stated=True) is None or _gpu_op(found) is None):
        return ""
    eager = any("eager" in row.values for row in answer_rows(results, words))
    text = [c for c in found.compared if c.quantity == ROUGH["text"] and c.row.framework == "PyTorch MPS"]
    way = _rough(found, "text") if eager else None
    if way is None:
        return words("model.answer.error", nearest=Choice("none"))
    # The eager column's only check is a handful of small language models' figures, often from one chip, and how
    # they were timed: said, so the reader weighs the column by its evidence.
    checked = [c for c in text if c.error is not None]
    timed = "unsynced" if checked and all(c.row.synchronised == "no" for c in checked) else "other"
    return words("model.answer.error", nearest=Choice("text"), timed=Choice(timed),
                 text=Phrase.of("model.answer.eager", factor=Factor(_factor(text) or 1.0),
                                way=dict(way.values)["way"], figures=Count(len(checked)),
                                text_chips=Listing(tuple(_prose(chip)
                                                         for chip in dict.fromkeys(c.row.chip for c in checked)))))


def _factor(checks: list[predict.Check]) -> float | None:
    """The median over these figures of the larger of predicted and published over the other (``None``: none)."""
    factors = [max(c.predicted / c.row.value, c.row.value / c.predicted) for c in checks
               if c.error is not None and c.predicted and c.row.value]
    return statistics.median(factors) if factors else None


#: The published figures on mps that only move memory: copies and concatenations.
COPY_LIKE = ("copy_gb_s", "concat_ms")


def answer_note(results: ResultSet, words: Words) -> str:
    """The opening page's note under the answer: a Mac's other measurements beside their predictions, the conclusion
    of the table of misses above the note (:func:`trust_conclusion`), what the ranges mean (how many checked figures
    lie outside them goes to the oracle), and what comes from this build (empty where the model predicts nothing).
    What the GPU's fixed cost rests on is said once, in the chapter "Your Mac" (:func:`batch_sentence`)."""
    found = model(results)
    parts: list[str] = []
    # A Mac's build opens with its own chip, not with the span of every chip's crossover.
    scope = "span"
    if found.own_chip is not None and any(p.device == "mps" for p in results):
        parts.append(_mac_answer(results, found, words)[1])
        scope = "table"
    elif found.extreme("matvec_crossover_m", stated=True) is None or _gpu_op(found) is None:
        return ""
    if found.compared:
        # A CPU's call returns when its work is done, so a CPU-only build's choice says nothing of a GPU: the note
        # then says what the predictions do instead of calling it evidence.
        by = found.chosen_by if found.chosen_by in ("cpu", "mps") else "accelerator"
        # Where the published eager runs on a Mac back the sum, the note names them as its only Mac evidence.
        eager = eager_backing(found)
        backed = dict(backed=Choice("eager"), figures=Count(len(eager)), text_chips=Listing(tuple(
            _prose(chip) for chip in dict.fromkeys(c.row.chip for c in eager)))) if eager else dict(
            backed=Choice("none"))
        form = Phrase.of("model.answer.form", by=Choice(by),
                         combination=Choice(found.combination), **backed)
        # Only a figure with a predicted range can fall outside it: the count the checks table's column sums to.
        ranged = sum(1 for c in found.compared if c.low is not None and c.high is not None
                     and c.quantity != "decode_bound_tokens_s")
        # The counts go to the oracle unprinted: the reader needs how many of them miss, in a word, not the tally.
        share = "most" if 2 * found.misses > ranged else "some" if found.misses else "none"
        # How far the predictions miss stands in the table above the note (:func:`trust_table`); the note draws its
        # conclusion, then says what the ranges mean and what comes from this build.
        parts.append(trust_conclusion(found, words))
        parts.append(words("model.answer.note", ranged=Count(ranged), misses=Count(found.misses), form=form,
                           outside=Phrase.of("model.answer.outside", share=Choice(share)),
                           left=Phrase.of("model.answer.left", scope=Choice(scope))))
    return " ".join(filter(None, parts))


def op_basis(found: ModelFinding) -> Phrase:
    """How much published evidence the GPU's fixed cost per operation rests on: its rows, sources and chips."""
    rows = found.assumptions["gpu_op_us"].rows
    sources = tuple(dict.fromkeys(r.source_name for r in rows))
    # Whether the times waited for the GPU, as their sources state it: every Mac prediction leans on this figure.
    stated = {r.synchronised for r in rows}
    timed = stated.pop().replace(" ", "_") if len(stated) == 1 else "mixed"
    return Phrase.of("model.op.basis", rows=Count(len(rows)), sources=Count(len(sources)), source=Text(sources[0]),
                     chips=_op_chips(found), timed=Choice(timed))


def _op_chips(found: ModelFinding) -> Listing:
    """The chips the published times behind the GPU's fixed cost per operation were measured on."""
    return Listing(tuple(_prose(chip) for chip in dict.fromkeys(r.chip for r in found.assumptions["gpu_op_us"].rows)))


#: The opening table's columns: a chip variant, then its predictions.
ANSWER_COLUMNS = ("column.chip", "model.table.crossover", "model.table.eager_7b", "model.table.bound_7b")


def _prints_as(value: float) -> str:
    """A prediction to the two figures both the opening table's columns print: values alike here are a tie."""
    return f"{value:.2g}"


def _answer_ends(found: ModelFinding) -> dict[str, tuple[tuple[Chip, ...], tuple[Chip, ...]]]:
    """The opening table's chips at either end of the crossover and of a 7B model's eager tokens per second, by
    quantity (least, largest), among the variants whose bandwidth Apple gives. An end is every chip that prints as
    that end: the model cannot rank chips whose predictions print alike, so none of them stands for the others. Each
    chip is one variant: one already picked for the other column where it prints as the end (so a chip takes one
    row), else its variant nearest the end (the first in the spec sheet of equals), so that the end itself is a
    row."""
    ends: dict[str, tuple[tuple[Chip, ...], tuple[Chip, ...]]] = {}
    picked: list[Chip] = []
    stated = [c for c in chips() if c.bandwidth_kind != "reported"]
    for quantity, size in (("matvec_crossover_m", ""), ("decode_eager_tokens_s", ANSWER_DECODE)):
        valued = [(p.value, chip) for chip in stated if (p := found.of_chip(chip, quantity, size)) and p.value]
        if not valued:
            continue
        groups = []
        for end in (min(v for v, _ in valued), max(v for v, _ in valued)):
            at_end = [(v, c) for v, c in valued if _prints_as(v) == _prints_as(end)]
            group = []
            for name in dict.fromkeys(c.name for _, c in at_end):
                variants = [(v, c) for v, c in at_end if c.name == name]
                nearest = min(variants, key=lambda found: abs(found[0] - end))[1]
                group.append(next((c for _, c in variants if c in picked), nearest))
            picked += group
            groups.append(tuple(group))
        ends[quantity] = (groups[0], groups[1])
    return ends


def answer_rows(results: ResultSet, words: Words) -> tuple[Said, ...]:
    """A few representative chip variants, as typed values (what the oracle reads): among those whose bandwidth Apple
    gives, those at either end of the crossover and of a 7B model's eager tokens per second (of tied variants, the
    first at the least and the last at the largest, the first at the crossover's largest), and the blog post's chip
    with most GPU cores, in the spec sheet's order; each with its central predictions (the ranges stand in the
    chapter "Your Mac"). The GPU's speed-up over the CPU stays in that chapter, beside its caveat: it assumes much
    the same CPU for every Mac, which the opening page cannot qualify."""
    found = model(results)
    every = chips()
    picked = [chip for ends in _answer_ends(found).values() for group in ends for chip in group]
    post = [c for c in every if c.name == POST_CHIP]
    if post:
        picked.append(max(post, key=lambda c: c.gpu_cores))
    rows = []
    for chip in every:
        if chip not in picked:
            continue
        values: dict = dict(chip=Text(chip.name), cores=Count(chip.gpu_cores))
        # The eager column is printed to two figures: the model misses published eager generation by far more
        # than a third figure would tell.
        for name, quantity, size, value in (("cross", "matvec_crossover_m", "", _size),
                                            ("eager", "decode_eager_tokens_s", ANSWER_DECODE,
                                             lambda v: Num(v, 2)),
                                            ("bound", "decode_bound_tokens_s", ANSWER_DECODE, Num)):
            p = found.of_chip(chip, quantity, size)
            if p is not None and p.value:
                values[name] = value(p.value)
        rows.append(Said("table.mac_answer", values))
    return tuple(rows)


def answer_rows_sentence(results: ResultSet, words: Words) -> str:
    """The opening table's rows other than the blog post's chip, named, as :func:`answer_rows` picks them: the chips at
    either end of the crossover and, where the table has eager tokens per second, of that column (``joint`` where
    the same chips end both columns at the top); empty where the table has no such row. Chips that print alike at an
    end are named together, and the sentence says the model cannot rank them."""
    rows = answer_rows(results, words)
    ends = _answer_ends(model(results))
    if not rows or "matvec_crossover_m" not in ends:
        return ""

    def names(group: tuple[Chip, ...]) -> Listing:
        return Listing(tuple(_prose(chip.name) for chip in group))
    soonest, latest = ends["matvec_crossover_m"]
    named = dict(soonest=names(soonest), latest=names(latest))
    groups = [soonest, latest]
    eager = "no"
    if "decode_eager_tokens_s" in ends and any("eager" in r.values for r in rows):
        fewest, most = ends["decode_eager_tokens_s"]
        named.update(fewest=names(fewest), most=names(most))
        groups += [fewest, most]
        same = [c.name for c in latest] == [c.name for c in most]
        eager = "joint" if same else "yes"
    tie = "yes" if any(len(group) > 1 for group in groups) else "no"
    return words("model.answer.rows", eager=Choice(eager), tie=Choice(tie), **named)


def answer_table(results: ResultSet, words: Words) -> str:
    """The opening page's table (:func:`answer_rows`); a dash where the model predicts nothing (a model too
    large for the chip's memory)."""
    body, marked = [], False
    for row in answer_rows(results, words):
        v = row.values
        name = f"{words.render(v['chip'])} ({words('your_mac.cores', cores=Text(whole(v['cores'].n, words.lang)))})"
        if reported(v["chip"].value, v["cores"].n):
            name += PREDICTION_MARK
            marked = True
        cells = [name] + [words.render(v[k]) if k in v else "–" for k in ("cross", "eager", "bound")]
        body.append("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in cells) + "</tr>")
    if not body:
        return ""
    return html_table([words(key) for key in ANSWER_COLUMNS], body, "mpsarticle-model-answer") + \
        reported_rows_note(marked, words)


def reported(name: str, cores: int) -> bool:
    """Whether the spec sheet's bandwidth of this chip variant is a third party's report, not Apple's figure."""
    return any(c.bandwidth_kind == "reported" for c in chips() if c.name == name and c.gpu_cores == cores)


def _chip_name(chip: Chip) -> str:
    """A chip variant's name in a table of predictions, marked where its bandwidth is a third party's report."""
    return chip.name + (PREDICTION_MARK if reported(chip.name, chip.gpu_cores) else "")


def _span_note(words: Words) -> str:
    """The note under a table of predictions: the span each cell shows on hover covers the assumptions; it is not an
    interval of uncertainty (most published figures fall outside them)."""
    return f'<p class="mpsarticle-note">{html.escape(words("model.table.span_note"))}</p>'


def reported_rows_note(marked: bool, words: Words) -> str:
    """The note under a table of predictions (HTML) whose rows carry the mark: every prediction of a row rests on
    the chip's bandwidth, so where that is a third party's report, not Apple's, the row says so, as the spec sheet's
    table does; nothing where no row is marked."""
    if not marked:
        return ""
    text = PREDICTION_MARK.strip() + " " + words("model.table.reported_note")
    return f'<p class="mpsarticle-note">{html.escape(text)}</p>'


#: A group of published figures is "mostly" missed one way where at least this share of them is.
MOSTLY = 0.75


def _faster(check: predict.Check) -> bool | None:
    """Whether the model predicts the figure faster than it was measured (a shorter time, a higher rate); ``None``
    where it predicts it exactly."""
    if check.predicted is None or check.predicted == check.row.value:
        return None
    timed = check.row.unit in ("ms", "s")
    return check.predicted < check.row.value if timed else check.predicted > check.row.value


def _way(faster: list[bool]) -> str:
    """Which way a group of predictions misses: every one too fast or too slow, most of them (:data:`MOSTLY`), or
    both ways."""
    fast, slow = faster.count(True), faster.count(False)
    return ("fast" if not slow else "slow" if not fast else "mostly_fast" if fast >= MOSTLY * len(faster)
            else "mostly_slow" if slow >= MOSTLY * len(faster) else "both")


def _slowness(check: predict.Check) -> float:
    """The predicted time over the measured one (a rate's: the measured rate over the predicted): below 1, the
    model predicts the figure too fast."""
    ratio = (check.predicted or 0) / check.row.value
    return ratio if check.row.unit in ("ms", "s") else 1 / ratio


def _gap(factor: float) -> Factor:
    # Three figures near 1, where two would print a miss of a few percent as "1.0×".
    return Factor(factor, 3 if factor < 1.1 else None)


def off(ratios: list[float] | tuple[float, ...]) -> Phrase:
    """How far predictions are from what was measured, given each as predicted over measured time: the median of
    the larger over the smaller, a factor a reader compares across times and rates alike, and which way."""
    return Phrase.of("model.miss.factor", factor=_gap(statistics.median(max(r, 1 / r) for r in ratios)),
                     way=Choice(_way([r < 1 for r in ratios])))


def worst_off(ratios: list[float] | tuple[float, ...]) -> Phrase:
    """The prediction furthest from what was measured, as a factor, and its way."""
    ratio = max(ratios, key=lambda r: max(r, 1 / r))
    return Phrase.of("model.miss.factor", factor=_gap(max(ratio, 1 / ratio)),
                     way=Choice("fast" if ratio < 1 else "slow"))


def miss(checks: list[predict.Check] | tuple[predict.Check, ...], key: str = "model.miss.way") -> Phrase | None:
    """How far the model is from these published figures at the median, and which way: every one predicted too fast
    or too slow, most of them (:data:`MOSTLY`), or both ways (``None``: none has a prediction); ``key``: the phrase,
    which follows "predicts ..."."""
    sized = [c for c in checks if c.error is not None]
    if not sized:
        return None
    ways = [_faster(c) for c in sized]
    fast, slow = ways.count(True), ways.count(False)
    way = ("fast" if not slow else "slow" if not fast else "mostly_fast" if fast >= MOSTLY * len(sized)
           else "mostly_slow" if slow >= MOSTLY * len(sized) else "both")
    return Phrase.of(key, error=Share(statistics.median(abs(c.error or 0) for c in sized)), way=Choice(way))


def accounting_sentence(results: ResultSet, words: Words) -> str:
    """Which cited figures test the model: the times of one small operation and the CPU's float32 rates set its
    fixed costs and CPU rate, so they cannot;
    some measure what this build's model does not predict; the rest, from fewer sources than the chapter cites
    (a source of fixed-cost times only tests nothing), are compared."""
    found = model(results)
    compared = found.compared
    if not compared:
        return words("model.checks.none")
    every = cited()
    assumed = sum(1 for row in every if row.workload == "op" or (
        row.framework, row.workload, row.unit, row.dtype) == ("PyTorch CPU", "matmul", "TFLOP/s", "float32"))
    # Runs that back the choice of form test it no more: said beside the table where their row stands.
    return words("model.checks.accounting", eager=Choice("backs" if eager_backing(found) else "none"),
                 cited=Count(len(every)), assumed=Count(assumed),
                 unpredicted=Count(len(every) - assumed - len(compared)), checks=Count(len(compared)),
                 sources=Count(len(found.sources)), all_sources=Count(len({row.source_name for row in every})))


def _mac_answer(results: ResultSet, found: ModelFinding, words: Words) -> tuple[str, str]:
    chip = found.own_chip
    assert chip is not None
    items = []
    measured = crossover(results)
    predicted = found.of_chip(chip, "matvec_crossover_m")
    if predicted is not None and predicted.value is not None:
        key = "model.mac.cross.from" if measured.kind in ("from", "always") and measured.size else \
            "model.mac.cross.none"
        least, most = predicted.low or predicted.value, predicted.high or predicted.value
        items.append(Phrase.of(key, measured=Size(measured.size or 0), predicted=_size(predicted.value),
                               low=_size(least), high=_size(most), held=_held(measured.size or 0, least, most)))
    copy = ceiling_gb_s(results, "mps")
    gpu = _devices(chip)
    if copy and gpu:
        central, low, high = gpu
        items.append(Phrase.of("model.mac.copy", measured=Rate(copy, "GB/s"),
                               predicted=Rate(central.bytes_per_s / 1e9, "GB/s"),
                               low=Rate(low.bytes_per_s / 1e9, "GB/s"), high=Rate(high.bytes_per_s / 1e9, "GB/s"),
                               held=_held(copy, low.bytes_per_s / 1e9, high.bytes_per_s / 1e9)))
    best = peak_gflop_s(results, "mps", "float32")
    if best and gpu and gpu[0].fp32:
        central, low, high = gpu
        slowest, fastest = min(low.fp32 or 0, high.fp32 or 0) / 1e12, max(low.fp32 or 0, high.fp32 or 0) / 1e12
        items.append(Phrase.of("model.mac.rate", measured=Rate(best / 1000, "TFLOP/s"),
                               predicted=Rate((central.fp32 or 0) / 1e12, "TFLOP/s"),
                               low=Rate(slowest, "TFLOP/s"), high=Rate(fastest, "TFLOP/s"),
                               held=_held(best / 1000, slowest, fastest)))
    name = f"{chip.name} ({words('your_mac.cores', cores=Text(whole(chip.gpu_cores, words.lang)))})"
    # The opening paragraph gives the first comparison; the others stand in the note under it.
    text = words("model.answer.mac", chip=Text(name), items=Listing(tuple(items[:1]))) if items else ""
    more = words("model.answer.mac_more", chip=Text(name), items=Listing(tuple(items[1:]))) if items[1:] else ""
    return text, more


def _held(measured: float, low: float, high: float) -> Choice:
    """Where the measured value lies against the predicted range: the sentence says that, not the range's ends
    (the chapter "Your Mac" tables them)."""
    return Choice("inside" if low <= measured <= high else "above" if measured > high else "below")


def _devices(chip) -> list[predict.Device]:
    """The chip's GPU in the central scenario, then the one that favours it least, then most."""
    made = predict.scenarios(chip)
    found = [made[s][0] for s in ("central", "gpu_worst", "gpu_best")]
    return [d for d in found if d is not None] if all(found) else []


def _text_table(head: list[str], rows: list[list[str]], extra_class: str) -> str:
    """A table of plain text cells, each escaped; a :class:`Spanned` cell carries its span as hover text."""
    def cell(value: str) -> str:
        title = f' title="{html.escape(value.span)}"' if isinstance(value, Spanned) else ""
        return f"<td{title}>{html.escape(str(value))}</td>"
    return html_table(head, ["<tr>" + "".join(cell(c) for c in row) + "</tr>" for row in rows], extra_class)


# -- the fit ----------------------------------------------------------------------------------------

def _rates(fitted: Fit, words: Words) -> Listing:
    # GFLOP/s, the unit the chapters measure rates in (a fitted CPU rate of 3.33 reads better than 0.00333).
    return Listing(tuple(Phrase.of("model.fit.rate", rate=Rate(value / 1e9, "GFLOP/s"), dtype=Text(dtype))
                         for dtype, value in sorted(fitted.flops_per_s.items())))


#: The precisions the table of fitted parameters has a column for (a dash where a device fitted no rate).
FIT_DTYPES = ("float32", "float16", "bfloat16")
FIT_COLUMNS = ("column.device", "model.table.points", "model.table.op", "model.table.bandwidth",
               "model.table.rate_float32", "model.table.rate_float16", "model.table.rate_bfloat16",
               "column.median_error", "model.table.direction", "column.worst_error")


def typical_cells(typical: Phrase, words: Words) -> list[str]:
    """A typical miss (a ``model.miss.factor`` phrase) as two cells, its factor and its way: a column of ways reads
    as one, where the same sentence in every row of a table reads as generated."""
    values = dict(typical.values)
    return [words.render(values["factor"]), words("model.table.way", way=values["way"])]


def fit_rows(results: ResultSet, words: Words) -> tuple[Said, ...]:
    """One row per fitted device, as typed values (what the oracle reads): its points, the fixed cost per operation,
    the bandwidth, the arithmetic rate per precision, and how far the model is from its points."""
    rows = []
    for device, fitted in model(results).fits.items():
        every = list(fitted.errors)
        rows.append(Said("table.model_fit", dict(
            device=words.device(device), points=Count(fitted.points), op=Seconds(fitted.op_s),
            bw=Rate(fitted.gb_s, "GB/s"), rates=_rates(fitted, words),
            median=_typical(every), worst=worst_off([r for e in every for r, _ in e.ratios]))))
    return tuple(rows)


def _typical(errors: list[WorkloadError] | tuple[WorkloadError, ...]) -> Phrase:
    """A device's typical miss: the median over its workloads of each one's median factor (each workload weighing
    the same, as in the fit), with the way most of its points are missed."""
    medians = [statistics.median(max(r, 1 / r) for r, _ in e.ratios) for e in errors]
    return Phrase.of("model.miss.factor", factor=_gap(statistics.median(medians)),
                     way=Choice(_way([r < 1 for e in errors for r, _ in e.ratios])))


#: A fit whose typical miss reaches this factor is said to fit poorly.
POOR_FIT = 1.5


def fit_parameters_table(results: ResultSet, words: Words) -> str:
    """The fitted parameters per device (:func:`fit_rows`)."""
    body = []
    for row in fit_rows(results, words):
        v = row.values
        rates = {dict(p.values)["dtype"].value: dict(p.values)["rate"] for p in v["rates"].items}
        cells = [v["device"], *(words.render(v[k]) for k in ("points", "op", "bw")),
                 *(words.render(rates[d]) if d in rates else "–" for d in FIT_DTYPES),
                 *typical_cells(v["median"], words), words.render(v["worst"])]
        body.append("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in cells) + "</tr>")
    return html_table([words(key) for key in FIT_COLUMNS], body, "mpsarticle-model-parameters") if body else ""


def fit_note(results: ResultSet, words: Words) -> str:
    """Under the table of fitted parameters: where a device's fitted bandwidth is above the rate its B @ a read a
    matrix too big for its caches, and some of the B @ a or copy points the fit reads moved less than its cache, both
    rates and that reason; else what such parameters can do."""
    found = model(results)
    items = []
    for band in bandwidths(results):
        fitted = found.fits.get(band.device)
        cache = band.cache_bytes
        if fitted is None or band.memory_basis != "beyond_cache" or not cache:
            continue
        # Points whose data fit in the cache are read faster than memory allows, and the fit takes them in too.
        cached = any(p.ok and p.device == band.device and p.workload in ("matvec", "copy") and p.bytes_moved
                     and p.bytes_moved <= cache for p in results)
        fit_rate, memory = Rate(fitted.gb_s, "GB/s"), Rate(band.memory_gb_s, "GB/s")
        if cached and fitted.gb_s > band.memory_gb_s and words.render(fit_rate) != words.render(memory):
            items.append(Phrase.of("model.fit.above", device=words.device(band.device), fitted=fit_rate,
                                   memory=memory))
    if items:
        return words("model.fit.note", above=Choice("yes"), items=Listing(tuple(items)))
    return words("model.fit.note", above=Choice("no"))


def eager_backing(found: ModelFinding) -> list[predict.Check]:
    """The published eager text generation runs on a Mac's GPU where they back adding the costs: a fit chose the sum
    and every run came out slower than even the sum predicts (taking the largest, never slower, would miss each by
    more); empty where they do not, or where no device was fitted and the sum is only the default."""
    eager = [c for c in found.compared if c.quantity == ROUGH["text"] and c.row.framework == SIDES["gpu"]
             and c.error is not None]
    chosen = found.chosen_by is not None and found.combination == "sum"
    return eager if chosen and eager and all(_faster(c) for c in eager) else []


def fit_sentences(results: ResultSet, words: Words) -> str:
    """Which way of adding the three terms fits better, with its typical error (the median its row of
    :func:`fit_parameters_table` prints): what the fit showed, said outside the note that holds its tables."""
    found = model(results)
    if not found.fits:
        return words("model.fit.none")
    parts = []
    chooser = found.fits[found.chosen_by] if found.chosen_by else None
    if chooser is not None:
        key = "model.fit.choice" if chooser.combination == "sum" else "model.fit.choice_max"
        typical = _typical(chooser.errors)
        poor = dict(typical.values)["factor"].value >= POOR_FIT
        # Published eager generation on a Mac is the only evidence of how a Mac's GPU combines the costs: where it
        # backs the sum, it is the reason given first; this build's fit follows it.
        eager = eager_backing(found)
        slower = bool(eager)
        extra = dict(figures=Count(len(eager))) if slower else {}
        # Which form the Macs' predictions take, and why, first; then what the choice changes in them, on every
        # build (the opening page links here for it); then what a CPU's fit cannot show.
        parts.append(words("model.fit.choice_eager" if slower else key, device=words.device(chooser.device),
                           error=typical, fit=Choice("poor" if poor else "good"), **extra))
        parts.append(words("model.fit.effect", combination=Choice(chooser.combination),
                           on=Choice("mac" if chooser.device == "mps" else "other")))
        if chooser.device == "cpu":
            # A CPU's call returns when its work is done: its times cannot show whether a GPU overlaps the two.
            parts.append(words("model.fit.cpu_form", combination=Choice(chooser.combination)))
    return " ".join(parts)


def fit_replayed_sentences(results: ResultSet, words: Words) -> str:
    """The replayed steps left out of the fit, and how far the fitted model is from them."""
    found = model(results)
    parts = []
    for device, fitted in found.fits.items():
        for error in fitted.replayed_errors:
            way = "fast" if error.faster == error.points else "slow" if not error.faster else "both"
            # How the step was replayed follows the device (kernels.py's _replayed): a CUDA graph on CUDA, else
            # torch.compile, whose step still launches its kernels from the host.
            parts.append(words("model.fit.replayed", device=words.device(device), way=Choice(way),
                               how=Choice("graph" if device == "cuda" else "compiled"),
                               error=off([r for r, _ in error.ratios])))
    return " ".join(filter(None, parts))


#: The columns of the table of regimes: a device and a workload, the size up to which the fixed cost limits it, and
#: what limits it past that size.
THRESHOLD_COLUMNS = ("column.device", "column.workload", "model.table.fixed_up_to", "model.table.then")


def threshold_rows(results: ResultSet, words: Words) -> tuple[Said, ...]:
    """One row per device and workload that starts limited by the fixed cost, as typed values (what the oracle
    reads): the size where the fixed cost gives way, and what limits it past there (for A @ B, a second change
    where there is one)."""
    found = model(results)
    rows = []
    for device in found.fits:
        marks = found.thresholds[device]
        for workload, dtype in (("matvec", "float32"), ("matmul", "float32"), ("matmul", "float16")):
            steps = [t for t in marks if t.workload == workload and t.dtype == dtype]
            if not steps or steps[0].before != "fixed":
                continue
            values: dict = dict(device=words.device(device), workload=Choice(workload), dtype=Text(dtype),
                                m=_size(steps[0].m), after=_regime(steps[0].after))
            if workload == "matmul" and len(steps) > 1:
                values.update(m2=_size(steps[1].m), after2=_regime(steps[1].after))
            rows.append(Said("table.model_threshold", values))
    return tuple(rows)


def threshold_table(results: ResultSet, words: Words) -> str:
    """Where each limit takes over, per device and workload (:func:`threshold_rows`)."""
    body = []
    for row in threshold_rows(results, words):
        v = row.values
        then = words.render(v["after"]) if "m2" not in v else words(
            "model.table.then_more", after=v["after"], after2=v["after2"], m2=v["m2"])
        cells = [v["device"], words("model.table.threshold_workload", workload=v["workload"], dtype=v["dtype"]),
                 words.render(v["m"]), then]
        body.append("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in cells) + "</tr>")
    return html_table([words(key) for key in THRESHOLD_COLUMNS], body, "mpsarticle-model-thresholds") if body \
        else ""


def threshold_sentences(results: ResultSet, words: Words) -> str:
    """The idea behind the table of regimes, once, on one device: B @ a turns from the fixed cost to bandwidth
    where one call's fixed cost, at the fitted bandwidth, moves what the product reads (the fitted device the
    verdict chapter's rule names, else the first that turns)."""
    found = model(results)
    if not found.fits:
        return words("model.fit.none")
    order = sorted(found.fits, key=lambda d: d != found.chosen_by)
    for device in order:
        fitted = found.fits[device]
        for mark in found.thresholds[device]:
            if mark.workload == "matvec" and mark.before == "fixed":
                # The bytes one call's fixed cost buys at the fitted bandwidth: the same figure as the closing
                # chapter's rule, where B @ a's own bytes at the whole m past it would differ in the last digit.
                moved = fitted.op_s * fitted.bytes_per_s
                return words("model.threshold.matvec", device=words.device(device),
                             bytes=Bytes(moved, binary=False), op=Seconds(fitted.op_s), bw=Rate(fitted.gb_s, "GB/s"))
    return words("model.threshold.idea")


def _regime(regime: str) -> Phrase:
    return Phrase.of("model.regime", regime=Choice(regime))


def _worst_size(workload: str, size: int | None, words: Words) -> str:
    """A size in its workload's own unit (a product's m, a copy's elements, attention's positions): the fit table
    mixes workloads, so a bare number would not say what it counts."""
    if size is None:
        return "–"
    return words("model.table.worst_size", axis=Choice(size_key(workload)), size=Size(size))


def fit_table(results: ResultSet, words: Words) -> str:
    found = model(results)
    rows = []
    for device, fitted in found.fits.items():
        for error in fitted.errors + fitted.replayed_errors:
            replayed = error in fitted.replayed_errors
            name = words("model.table.workload", workload=Choice(error.workload)) + (
                " " + words("model.table.replayed") if replayed else "")
            ratios = [r for r, _ in error.ratios]
            # The worst point by its factor, which for a prediction too fast can differ from the largest share.
            _, at = max(error.ratios, key=lambda found: max(found[0], 1 / found[0]))
            rows.append([words.device(device), name, whole(error.points, words.lang),
                         *typical_cells(off(ratios), words), words.render(worst_off(ratios)),
                         _worst_size(error.workload, at, words)])
    head = [words(key) for key in ("column.device", "column.workload", "model.table.points", "column.median_error",
                                    "model.table.direction", "column.worst_error", "model.table.worst_at")]
    return _text_table(head, rows, "mpsarticle-model-fit")


# -- the predictions and the checks ------------------------------------------------------------------

class Spanned(str):
    """A prediction's central value as its cell shows it, with the span of its assumptions as the cell's hover text:
    a range in each of some 200 cells doubles the tables' width with figures that are not uncertainty intervals
    (most published figures fall outside them); data/predictions.csv keeps every one."""

    span: str

    def __new__(cls, text: str, span: str) -> Spanned:
        made = super().__new__(cls, text)
        made.span = span
        return made


def _range(p: predict.Prediction | None, lang: str, digits: int = 3) -> str:
    if p is None or p.value is None:
        return "–"
    text = number(p.value, lang, digits)
    if p.low is not None and p.high is not None:
        return Spanned(text, f"{number(p.low, lang, 2)}–{number(p.high, lang, 2)}")
    return text


def _crossing(p: predict.Prediction | None, lang: str) -> str:
    if p is None or p.value is None:
        return "–"
    low, high = p.low or p.value, p.high or p.value
    return Spanned(whole(_size(p.value).n, lang), f"{whole(_size(low).n, lang)}–{whole(_size(high).n, lang)}")


def predictions_table(results: ResultSet, words: Words) -> str:
    """Per chip variant: where B @ a on the GPU starts beating the CPU, and the GPU-over-CPU factor of A @ B."""
    found = model(results)
    rows = []
    for chip in chips():
        cells = [_chip_name(chip), whole(chip.gpu_cores, words.lang),
                 _crossing(found.of_chip(chip, "matvec_crossover_m"), words.lang)]
        for dtype in ("float32", "float16"):
            cells.append(_range(found.of_chip(chip, f"matmul_speedup_{dtype}", str(ANSWER_MATMUL)), words.lang, 2))
        rows.append(cells)
    head = [words(key) for key in ("column.chip", "column.gpu_cores", "model.table.crossover", "model.table.float32",
                                    "model.table.float16")]
    # Its marked rows are explained once, under the chapter's table of bounds.
    return _text_table(head, merge_variants(rows, words), "mpsarticle-model-predictions") + _span_note(words)


def decode_table(results: ResultSet, words: Words) -> str:
    """Per chip variant: tokens per second, eager and at the bound, for the 1B and 7B decoders."""
    found = model(results)
    rows = []
    for chip in chips():
        cells = [_chip_name(chip), whole(chip.gpu_cores, words.lang)]
        for size in ("1B, 16-bit", "7B, 16-bit", "7B, 4-bit"):
            eager = found.of_chip(chip, "decode_eager_tokens_s", size)
            bound = found.of_chip(chip, "decode_bound_tokens_s", size)
            if memory_bound(chip)[0] is None:  # no variant's largest memory is known: no rate, whether it fits
                cells += [words("your_mac.tokens.fit_unknown")] * 2
                continue
            if bound is None:  # its weights cannot fit the chip's memory
                memory = Text(whole(memory_bound(chip)[0] or 0, words.lang))
                cells += [words("your_mac.tokens.no_fit", memory=memory)] * 2
                continue
            # The eager rate to two figures, as on the opening page: the model misses it by more than a third tells.
            cells += [_range(eager, words.lang, 2), _range(bound, words.lang)]
        rows.append(cells)
    head = [words(key) for key in ("column.chip", "column.gpu_cores", "model.table.eager_1b", "model.table.bound_1b",
                                    "model.table.eager_7b", "model.table.bound_7b", "model.table.eager_7b_4bit",
                                    "model.table.bound_7b_4bit")]
    # Its notes (the span in parentheses, the marked rows) are those of the predictions table right above it.
    return _text_table(head, merge_variants(rows, words), "mpsarticle-model-decode")


def cited_speedups() -> dict[str, float]:
    """Per chip: a source's best float32 rate on the GPU over its best on the CPU, where one source gives both (the
    dots of the chart of speed-ups)."""
    rates: dict[tuple[str, str, str], float] = {}
    for row in cited():
        if row.workload == "matmul" and row.unit == "TFLOP/s" and row.dtype == "float32":
            key = (row.chip, row.source_name, row.framework)
            rates[key] = max(rates.get(key, 0.0), row.value)
    found = {}
    for (chip, source, framework), value in rates.items():
        cpu = rates.get((chip, source, "PyTorch CPU"))
        if framework == "PyTorch MPS" and cpu:
            found[chip] = value / cpu
    return found


def largest_variants() -> dict[str, Chip]:
    """Each chip's variant with the most GPU cores (the one the chart of speed-ups shows)."""
    largest: dict[str, Chip] = {}
    for chip in chips():
        if chip.gpu_cores >= largest.get(chip.name, chip).gpu_cores:
            largest[chip.name] = chip
    return largest


def speedup_sentence(results: ResultSet, words: Words) -> str:
    """How far the predicted speed-up of a float32 A @ B is from the ratio of the best GPU and CPU rates others
    published for the same chip (the chart's diamonds against its dots): the furthest below and above, each with its
    chip; empty where no chip has both."""
    found, published = model(results), cited_speedups()
    misses = []  # (predicted over published, chip)
    for name, chip in largest_variants().items():
        p = found.of_chip(chip, "matmul_speedup_float32", str(ANSWER_MATMUL))
        if name in published and p is not None and p.value:
            misses.append((p.value / published[name], name))
    if not misses:
        return ""
    low, high = min(misses), max(misses)
    way = "both" if low[0] < 1 < high[0] else "low" if high[0] < 1 else "high"
    return words("model.gpu_over_cpu", way=Choice(way), under=Factor(1 / low[0]), under_chip=_prose(low[1]),
                 over=Factor(high[0]), over_chip=_prose(high[1]))


def cpu_half_sentence(results: ResultSet, words: Words) -> str:
    """On a Mac's build that measured its CPU's matrix products in float16 and float32: its best float16 rate as a
    share of its best float32 one, against the guessed range for a Mac's CPU, and which way the float16 speed-ups err
    on chips whose CPU is like this one. Empty elsewhere: another maker's CPU, often without float16 arithmetic of its
    own, says nothing of an Apple chip's."""
    found = model(results)
    if found.own_chip is None or not any(p.device == "mps" for p in results):
        return ""
    half, full = peak_gflop_s(results, "cpu", "float16"), peak_gflop_s(results, "cpu", "float32")
    if not half or not full:
        return ""
    ratio = half / full
    _, low, high = predict.CPU_FP16_OVER_FP32
    held = "below" if ratio < low else "above" if ratio > high else "inside"
    return words("model.cpu_half", share=Share(ratio), held=Choice(held))


def assumptions_table(results: ResultSet, words: Words) -> str:
    found = model(results)
    rows = []
    for name, given in found.assumptions.items():
        sources = ", ".join(dict.fromkeys(r.source_name for r in given.rows))
        if name.endswith("_op_us"):  # a time: written as the sentences write it (13.7 µs, not 13.8)
            shown = [duration(v * 1e-6, words.lang) for v in (given.central, given.low, given.high)]
        else:
            shown = [number(v, words.lang, 3) for v in (given.central, given.low, given.high)]
        rows.append([words("model.assumption", name=Choice(name)), shown[0], f"{shown[1]}–{shown[2]}",
                     whole(len(given.rows), words.lang), sources])
    half = predict.CPU_FP16_OVER_FP32
    rows.append([words("model.assumption", name=Choice("cpu_fp16_over_fp32")), number(half[0], words.lang, 3),
                 f"{number(half[1], words.lang, 3)}–{number(half[2], words.lang, 3)}", "0",
                 words("model.assumption.stated")])
    head = [words(key) for key in ("model.table.assumption", "model.table.central", "model.table.range",
                                    "model.table.cited_rows", "model.table.sources")]
    return _text_table(head, rows, "mpsarticle-model-assumptions")


#: The frameworks whose published figures the model predicts on each side of a Mac.
SIDES = {"gpu": "PyTorch MPS", "cpu": "PyTorch CPU"}


def _sides(found: ModelFinding, words: Words) -> dict[str, Phrase]:
    """How far the predictions typically miss on each side of a Mac: per kind of published figure (a row of
    :func:`checks_table`'s column "What was measured", over its sources), the median of the larger of predicted and
    published over the other, and the least and the largest of those medians; eager text generation counts on the
    GPU's side, as the opening table's eager column does. A side with no compared figure is left out. The GPU's span
    carries ``furthest``: "text" where eager text generation is its largest kind, which the sentences name."""
    kinds: dict[tuple[str, str], list[float]] = {}
    for check in found.compared:
        side = next((name for name, framework in SIDES.items() if check.row.framework == framework), None)
        if side is None or check.error is None:
            continue
        kinds.setdefault((side, check.quantity), []).append(_slowness(check))
    made = {}
    for side in SIDES:
        typical = sorted((statistics.median(max(r, 1 / r) for r in ratios), quantity)
                         for (on, quantity), ratios in kinds.items() if on == side)
        if typical:
            low, high = _gap(typical[0][0]), _gap(typical[-1][0])
            made[side] = Phrase.of("model.miss.span", low=low, high=high,
                                   span=Choice("range" if low.text(words) != high.text(words) else "one"))
    return made


def _furthest(found: ModelFinding) -> Choice:
    """"text" where eager text generation is the GPU's furthest kind of figure of several, which the sentences name:
    a reader of the opening table's eager column must not take the GPU's span for that column's miss."""
    kinds: dict[str, list[float]] = {}
    for check in found.compared:
        if check.row.framework == SIDES["gpu"] and check.error is not None:
            kinds.setdefault(check.quantity, []).append(_slowness(check))
    typical = {quantity: statistics.median(max(r, 1 / r) for r in ratios) for quantity, ratios in kinds.items()}
    text = typical.get(ROUGH["text"])
    return Choice("text" if text is not None and len(typical) > 1 and text == max(typical.values()) else "other")


#: The opening page's rows of how far the predictions miss: PyTorch on a Mac's GPU (eager text generation apart, where
#: it has published figures: it rests on a count of operations taken from this build), eager text generation, and
#: PyTorch on a Mac's CPU.
TRUST_ROWS = ("gpu", "text", "cpu")


def _trust_groups(found: ModelFinding) -> dict[str, dict[str, list[float]]]:
    """row -> kind of published figure -> each figure's factor off (the larger of predicted and published over the
    other), for the rows of :data:`TRUST_ROWS` that have a compared figure."""
    groups: dict[str, dict[str, list[float]]] = {}
    for check in found.compared:
        side = next((name for name, framework in SIDES.items() if check.row.framework == framework), None)
        if side is None or check.error is None:
            continue
        row = "text" if side == "gpu" and check.quantity == ROUGH["text"] else side
        ratio = _slowness(check)
        groups.setdefault(row, {}).setdefault(check.quantity, []).append(max(ratio, 1 / ratio))
    return {row: groups[row] for row in TRUST_ROWS if row in groups}


def trust_rows(results: ResultSet, words: Words) -> tuple[Said, ...]:
    """The opening page's table of how far the predictions miss what others published, as typed values (what the
    oracle reads): per row of :data:`TRUST_ROWS`, the least and largest of its kinds' typical factors (a kind's
    median), its worst figure's factor and how many figures; none where the model compared no figure, or where the
    page has no predictions to qualify (:func:`answer_note` is then empty too)."""
    found = model(results)
    if not _predicts(results, found):
        return ()
    rows, groups = [], _trust_groups(found)
    for row, kinds in groups.items():
        typical = sorted(statistics.median(factors) for factors in kinds.values())
        low, high = _gap(typical[0]), _gap(typical[-1])
        rows.append(Said("table.model_trust", dict(
            what=Choice(row), apart=Choice("apart" if "text" in groups else "all"), low=low, high=high,
            span=Choice("range" if low.text(words) != high.text(words) else "one"),
            worst=_gap(max(f for factors in kinds.values() for f in factors)),
            figures=Count(sum(len(factors) for factors in kinds.values())))))
    return tuple(rows)


def _predicts(results: ResultSet, found: ModelFinding) -> bool:
    """Whether the opening page gives predictions for Macs: a Mac's own, or the span of every chip's."""
    if found.own_chip is not None and any(p.device == "mps" for p in results):
        return True
    return found.extreme("matvec_crossover_m", stated=True) is not None and _gpu_op(found) is not None


def trust_table(results: ResultSet, words: Words) -> str:
    """The table of :func:`trust_rows` (HTML, every cell escaped); empty where it has no row."""
    rows = []
    for said in trust_rows(results, words):
        v = said.values
        rows.append([words("model.table.trust_what", what=v["what"], apart=v["apart"]),
                     words.render(Phrase.of("model.miss.span", low=v["low"], high=v["high"], span=v["span"])),
                     words.render(v["worst"]), whole(v["figures"].n, words.lang)])
    if not rows:
        return ""
    head = [words(key) for key in ("model.table.trust_for", "model.table.trust_typical", "column.worst_error",
                                    "model.table.trust_figures")]
    return _text_table(head, rows, "mpsarticle-model-trust")


def _eager_way(found: ModelFinding) -> Choice:
    """Which way eager text generation's published figures miss ("none": none has a prediction)."""
    way = _rough(found, "text")
    return dict(way.values)["way"] if way is not None else Choice("none")


def trust_conclusion(found: ModelFinding, words: Words) -> str:
    """The conclusion under the table of :func:`trust_rows`: the GPU's predictions closer than the CPU's, where the
    GPU's rows (eager text generation among them) are nearer both at their furthest kind and at their worst figure;
    and eager text generation likely too optimistic where every one of its figures came out slower than predicted.
    Empty where neither holds."""
    groups = _trust_groups(found)

    def ends(*rows: str) -> tuple[float, float]:
        kinds = [factors for row in rows for factors in groups.get(row, {}).values()]
        return max(statistics.median(factors) for factors in kinds), max(f for factors in kinds for f in factors)
    # The GPU's predictions with eager text generation among them: "closer" holds of every GPU figure.
    closer = "gpu" in groups and "cpu" in groups and all(
        g < c for g, c in zip(ends("gpu", "text"), ends("cpu"), strict=True))
    text = "fast" if "text" in groups and _eager_way(found) == Choice("fast") else "other"
    if not closer and text == "other":
        return ""
    return words("model.trust.conclusion", closer=Choice("yes" if closer else "no"), text=Choice(text))


def summary_sentences(found: ModelFinding, words: Words) -> str:
    """After the table of checks, the conclusion the opening page's table of misses draws (:func:`trust_rows`), the
    CPU first: where its furthest kind is further than any other kind, the CPU's kinds that are, with their typical
    span and the CPU's worst figure, and that the speed-ups over the CPU are the least certain of the predictions
    (else the span over every CPU kind); then eager text generation, where it is the GPU's furthest kind of figure or
    misses one way, with how far."""
    sides, parts = _sides(found, words), []
    if "cpu" in sides:
        # Every kind of figure in the table, by framework: the CPU's against all others (the GPU's, eager text
        # generation and the engines'), each kind's typical factor off its median.
        kinds: dict[tuple[str, str], list[float]] = {}
        for check in found.compared:
            if check.error is not None:
                kinds.setdefault((check.row.framework, check.quantity), []).append(_slowness(check))
        typical_of = {key: statistics.median(max(r, 1 / r) for r in ratios) for key, ratios in kinds.items()}
        others = [factor for (framework, _), factor in typical_of.items() if framework != SIDES["cpu"]]
        typical = {quantity: factor for (framework, quantity), factor in typical_of.items()
                   if framework == SIDES["cpu"]}
        # The CPU's kinds further than every other kind: a CPU kind nearer than some GPU kind is not said to miss most.
        furthest = [quantity for quantity, factor in typical.items() if all(factor > other for other in others)]
        cpu = [r for (framework, _), ratios in kinds.items() if framework == SIDES["cpu"] for r in ratios]
        most = _gap(max(max(r, 1 / r) for r in cpu))
        if furthest:
            low, high = _gap(min(typical[q] for q in furthest)), _gap(max(typical[q] for q in furthest))
            span = Phrase.of("model.miss.span", low=low, high=high,
                             span=Choice("range" if low.text(words) != high.text(words) else "one"))
            parts.append(words("model.checks.cpu", cpu=span, worst=Choice("cpu"), most=most, kinds=Listing(tuple(
                Phrase.of("model.kind", quantity=Choice(quantity)) for quantity in furthest))))
        else:
            parts.append(words("model.checks.cpu", cpu=sides["cpu"], worst=Choice("other"), most=most))
    eager = [c for c in found.compared if c.quantity == ROUGH["text"] and c.row.framework == SIDES["gpu"]
             and c.error is not None]
    way = _rough(found, "text")
    if eager and way is not None:
        parts.append(words("model.checks.gpu", furthest=_furthest(found), text=Phrase.of(
            "model.miss.times", factor=Factor(_factor(eager) or 1.0), way=dict(way.values)["way"])))
    return " ".join(parts)


def sources_sentences(results: ResultSet, words: Words) -> str:
    """How far the predictions miss each side of a Mac (:func:`summary_sentences`), then whether any cited figure is
    above what the spec sheet allows its chip (each source's error stands in :func:`checks_table`)."""
    found = model(results)
    if not found.sources:
        return words("model.checks.none")
    summary = summary_sentences(found, words)
    return " ".join(filter(None, (summary, _conflicts_sentence(found, words))))


def _conflicts_sentence(found: ModelFinding, words: Words) -> str:
    conflicts = found.conflicts
    if conflicts:
        items = tuple(Phrase.of("model.checks.conflict", value=Text(f"{number(c.row.value, words.lang, c.row.digits)} "
                                                                     f"{c.row.unit}"),
                                chip=Text(c.row.chip), source=Text(c.row.source_name),
                                bound=Text(f"{number(c.bound or 0, words.lang, 3)} {c.row.unit}"))
                      for c in conflicts)
        return words("model.checks.conflicts", items=Listing(items))
    return words("model.checks.conflicts.none")


def checks_table(results: ResultSet, words: Words) -> str:
    """One row per source and kind of figure: how many, the median and worst error, how many lie outside the
    predicted range (the column the opening page's count of misses sums), and, where any does, the chips whose
    figure is above the spec sheet (the chips themselves, with every prediction, are in the published
    ``predictions.csv``; a column of dashes would repeat the sentence under the table)."""
    found = model(results)
    groups: dict[tuple[str, str, str], list[predict.Check]] = {}
    for check in found.compared:
        groups.setdefault((check.row.source_name, check.row.framework, check.quantity), []).append(check)
    rows = []
    any_conflict = any(c.conflict for c in found.compared)
    for (source, framework, quantity), mine in groups.items():
        ratios = [_slowness(c) for c in mine if c.error is not None]
        conflicts = ", ".join(dict.fromkeys(c.row.chip for c in mine if c.conflict)) or "–"
        rows.append([source, framework, words("model.quantity", quantity=Choice(quantity)),
                     whole(len(mine), words.lang),
                     *typical_cells(off(ratios), words), words.render(worst_off(ratios)),
                     # Beside the bound an engine has no predicted range to fall outside.
                     "–" if quantity == "decode_bound_tokens_s" else
                     whole(sum(c.miss for c in mine), words.lang)]
                    + ([conflicts] if any_conflict else []))
    head = [words(key) for key in ("column.source", "model.table.framework", "model.table.measured",
                                    "model.table.figures", "column.median_error", "model.table.direction",
                                    "column.worst_error",
                                    "model.table.outside")]
    head += [words("model.table.above_sheet")] if any_conflict else []
    return _text_table(head, rows, "mpsarticle-model-checks")


# -- the verdict chapter's rules and the timing chapter's conclusion ----------------------------------

#: The verdict chapter's rules, one item of its list each (an empty one is not shown).
RULES = ("model_rule_mac", "model_rule_batch", "model_rule_memory", "model_rule_text")


def _mac_bytes(found: ModelFinding) -> Bytes | None:
    """What the median chip variant's GPU reads, at the median copy's share of its spec bandwidth, during one
    operation's fixed cost: below it, a call on a Mac's GPU pays more for the call than for the work."""
    gpu_op, given = _gpu_op(found), found.assumptions
    if gpu_op is None or "gpu_bandwidth_share" not in given:
        return None
    median_bw = statistics.median(c.bandwidth_gb_s for c in chips()) * 1e9 * given["gpu_bandwidth_share"].central
    # Two digits: a median of a few published times at a median share of the bandwidth is an estimate.
    return Bytes(gpu_op.seconds * median_bw, binary=False, digits=2)


def _mac_bytes_ends(found: ModelFinding) -> tuple[Bytes, str, Bytes, str] | None:
    """What a GPU reads during one operation's fixed cost on the chips of least and most bandwidth that Apple
    states, with their names: the size below which batching pays grows with the bandwidth, so a rule for every
    Mac gives both ends."""
    gpu_op, given = _gpu_op(found), found.assumptions
    stated = [c for c in chips() if c.bandwidth_kind != "reported"]
    if gpu_op is None or "gpu_bandwidth_share" not in given or not stated:
        return None
    share = given["gpu_bandwidth_share"].central
    low = min(stated, key=lambda c: c.bandwidth_gb_s)
    high = max(stated, key=lambda c: c.bandwidth_gb_s)
    def moved(chip: Chip) -> Bytes:
        # Two figures: the fixed cost is a median of a few published times, so "758 kB" would claim too much.
        n = gpu_op.seconds * chip.bandwidth_gb_s * 1e9 * share
        return Bytes(float(f"{n:.1e}"), binary=False, digits=2)
    return moved(low), low.name, moved(high), high.name


def _ops_per_token(found: ModelFinding) -> float | None:
    """Eager operations per token of the 7B decoder: this build's decoder's count per layer, times 7B's layers."""
    return found.ops_per_layer * predict.decode_models()["7B"][1] if found.ops_per_layer else None


def rules(results: ResultSet, words: Words) -> dict[str, str]:
    """The verdict chapter's rules, each one short sentence of one idea with its figure or two: where each figure
    comes from is the chapter "Your Mac"'s (:func:`threshold_sentences`, :func:`batch_sentence`,
    :func:`decode_sentence` and the tables of assumptions and predictions)."""
    found = model(results)
    made = dict.fromkeys(RULES, "")
    gpu_op = _gpu_op(found)
    gains = _copy_gains(found)
    if gains:
        typical = statistics.median(gains.values())
        most, chip = max((gain, chip) for chip, gain in gains.items())
        ratio = Factor(typical)
        if Factor(most).text(words) != ratio.text(words) and most > typical:
            # The median pair is typical, not a bound: a chip whose CPU copies reach a small share gains more.
            made["model_rule_memory"] = words("model.rule.memory_up_to", ratio=ratio, most=Factor(most),
                                              chip=_prose(chip))
        else:
            made["model_rule_memory"] = words("model.rule.memory", ratio=ratio)
    crossings = [p for p in found.predictions if p.quantity == "matvec_crossover_m" and p.value]
    mac_bytes = _mac_bytes(found)
    if crossings and gpu_op is not None and mac_bytes is not None:
        # The range over the chips whose bandwidth Apple gives, as the opening page's: a reader acts on their own
        # chip, which a median over the chips is not.
        ends = found.extreme("matvec_crossover_m", stated=True)
        if ends is not None:
            made["model_rule_mac"] = words("model.rule.mac", low=_size(ends.low), low_chip=_prose(ends.low_chip),
                                           high=_size(ends.high), high_chip=_prose(ends.high_chip))
        batch_ends = _mac_bytes_ends(found)
        if batch_ends is not None:
            made["model_rule_batch"] = words("model.rule.batch", low=batch_ends[0], low_chip=_prose(batch_ends[1]),
                                             high=batch_ends[2], high_chip=_prose(batch_ends[3]))
        ops = _ops_per_token(found)
        if ops:
            # Two figures, as the batching rule's sizes: a rule of thumb from a median of a few published times.
            made["model_rule_text"] = _text_rule(found, Seconds(int(round(ops)) * gpu_op.seconds, digits=2), words)
    if not any(made.values()):
        made["model_rule_mac"] = words("model.fit.none")
    return made


#: The published figures on mps the GPU's fixed cost decides most: the model's error on them, beside its error on
#: copy-like work, says how far to trust its predictions.
ROUGH = {"text": "decode_eager_tokens_s", "batch": "batched_matmul_ms"}


def _rough(found: ModelFinding, what: str) -> Phrase | None:
    """The model's median error, and its way, on the published PyTorch-MPS figures nearest the rule ``what``
    (``None`` where none has a prediction)."""
    return miss([c for c in found.compared if c.quantity == ROUGH[what] and c.row.framework == "PyTorch MPS"],
                "model.miss.way")


#: How near a 7B model's fixed cost per token and its time to read the weights are called about the same: the fixed
#: cost is a median of a few published times and the bandwidth a median share of the spec sheet's, so a closer call
#: is not one the model can make.
NEAR = 0.10


def _text_chips(found: ModelFinding, overhead: Seconds,
                stated: bool = False) -> tuple[dict[str, None], dict[str, None], int]:
    """The chips on which eager PyTorch's fixed cost per token of a 7B model is clearly larger than the time to read
    its weights (at the bandwidth its GPU reaches), those within :data:`NEAR` of it, and how many variants hold the
    model; ``stated``: among the chips whose bandwidth Apple states or its figures give (the verdict's rules)."""
    left_out = {c.name for c in chips() if c.bandwidth_kind == "reported"} if stated else set()
    bound = [(p.chip, p.value) for p in found.predictions
             if p.quantity == "decode_bound_tokens_s" and p.size == ANSWER_DECODE and p.value
             and p.chip not in left_out]
    above: dict[str, None] = {}
    near: dict[str, None] = {}
    for chip, tokens_s in bound:
        ratio = overhead.seconds * tokens_s  # fixed cost per token over the time to read the weights
        if ratio > 1 + NEAR:
            above[chip] = None
        elif ratio >= 1 / (1 + NEAR):
            near[chip] = None
    return above, {chip: None for chip in near if chip not in above}, len(bound)


def _text_rule(found: ModelFinding, overhead: Seconds, words: Words) -> str:
    """The rule: eager PyTorch's fixed cost per token, and whether it matters on the chips with the most bandwidth
    (the time to read the weights falls as the bandwidth grows, so those are the chips where it does); the chips
    are named in the chapter "Your Mac" (:func:`decode_sentence`)."""
    above, near, _ = _text_chips(found, overhead, stated=True)
    # "Or longer" only where the cost is clearly longer on a chip the rules cover.
    extent = Phrase.of("model.rule.text.extent", extent=Choice("longer" if above else "near"))
    # Eager generation others published on Macs is the only check of how a Mac's GPU combines the cost and the
    # reading: where it came out slower than every prediction, the rule says so instead of calling it unknown.
    check = _rough(found, "text")
    slower = check is not None and dict(check.values)["way"] == Choice("fast")
    eager = [c for c in found.compared
             if c.quantity == ROUGH["text"] and c.row.framework == "PyTorch MPS" and c.error is not None]
    # Named, so the reader weighs the check by its evidence: often one chip's figures; and by how much it missed.
    checked_chips = Listing(tuple(_prose(chip) for chip in dict.fromkeys(c.row.chip for c in eager)))
    return words("model.rule.text", case=Choice("some" if above or near else "none"), overhead=overhead, extent=extent,
                 text_chips=checked_chips, factor=Factor(_factor(eager) or 1.0),
                 combination=Choice(found.combination), checked=Choice("slower" if slower else "unknown"))


def batch_sentence(results: ResultSet, words: Words) -> str:
    """Where the verdict chapter's rule for batching small calls on a Mac comes from: what the median chip
    variant's GPU reads during one operation's fixed cost, on the chips of least and most bandwidth the rule names,
    and the published times that fixed cost rests on."""
    found = model(results)
    ends, gpu_op = _mac_bytes_ends(found), _gpu_op(found)
    if ends is None or gpu_op is None:
        return ""
    return words("model.batch", low=ends[0], low_chip=_prose(ends[1]), high=ends[2], high_chip=_prose(ends[3]),
                 gpu_op=gpu_op, basis=op_basis(found))


def decode_sentence(results: ResultSet, words: Words) -> str:
    """Where the eager columns' fixed cost per token comes from: the operations per token of the 7B decoder, each
    at the GPU's fixed cost (nothing where this build counted no decoder's operations)."""
    found = model(results)
    ops, gpu_op = _ops_per_token(found), _gpu_op(found)
    if not ops or gpu_op is None:
        return ""
    count = int(round(ops))
    # An estimate: both figures to two significant digits, the cost from the whole count.
    overhead = Seconds(count * gpu_op.seconds, digits=2)
    # Which chips that fixed cost matters on: named, not counted, since a count would turn on a few percent.
    above, near, variants = _text_chips(found, overhead)
    case = "both" if above and near else "above" if above else "near" if near else "none"
    # Where those chips are exactly one tier's that hold the model ("the Ultra chips"), the tier names them all.
    holding = {p.chip for p in found.predictions
               if p.quantity == "decode_bound_tokens_s" and p.size == ANSWER_DECODE and p.value}
    tiers = {name.removeprefix("Apple ").partition(" ")[2] for name in {**above, **near}}
    tier = next(iter(tiers)) if len(tiers) == 1 else ""
    if above and near and tier and {c for c in holding if c.endswith(" " + tier)} == {**above, **near}.keys():
        case = "tier"
    return " ".join([words("model.decode.ops", ops=Count(int(float(f"{count:.2g}"))), gpu_op=gpu_op, overhead=overhead,
                           combination=Choice(found.combination)),
                     words("model.decode.chips", case=Choice(case), margin=Share(NEAR), tier=Text(tier),
                           above=_chip_family(above), near=_chip_family(near), variants=Count(variants))])


def _chip_family(names: dict[str, None]) -> Listing:
    """Chips as a reader names them: without "Apple", each with its tier, one tier's chips side by side."""
    tiers: dict[str, list[str]] = {}
    for name in names:
        generation, _, tier = name.removeprefix("Apple ").partition(" ")
        tiers.setdefault(tier, []).append(generation)
    # Each chip with its tier ("the M1 Ultra, M2 Ultra and M3 Ultra"): "the M1, M2 and M3 Ultra" reads as two base
    # chips and one Ultra.
    return Listing(tuple(Phrase.of("model.chips.tier", kind=Choice("tier" if tier else "plain"),
                                   generations=Listing((Text(g),)), tier=Text(tier))
                         for tier, generations in tiers.items() for g in generations))


def post_sentence(results: ResultSet, words: Words) -> str:
    """The blog post's M1 Pro: the size from which the least device time of one product, at the spec sheet's full
    bandwidth, outlasts the most the host's cost of a call was published at for that chip. The most, so that the
    size is the largest at which naive timeit can start to stop the clock early."""
    given = predict.assumptions(POST_CHIP)
    ops = given.get("gpu_op_us")
    post = [c for c in chips() if c.name == POST_CHIP]
    if ops is None or not post:
        return words("model.post.none")
    chip = max(post, key=lambda c: c.gpu_cores)
    # No copy reads faster than the spec sheet's bandwidth, so the device time is a floor on every M1 Pro.
    bw = chip.bandwidth_gb_s * 1e9
    # The device time of B @ a grows as 4 m² bytes over the bandwidth; it passes the host's cost at this m.
    from_m = (ops.high * 1e-6 * bw / 4) ** 0.5
    return words("model.post", host_high=Seconds(ops.high * 1e-6), from_m=_size(from_m))

