"""The model's sentences and tables: the answer for Macs, the fit, the checks, the rules, the blog post's bars.

Chosen from :mod:`mpsarticle.analysis.findings.model`; every number is a
typed value of :mod:`mpsarticle.article.wording`, and every cell of a table
is escaped.
"""

from __future__ import annotations

import html
import math
import statistics

from mpsarticle.analysis import predict
from mpsarticle.analysis.findings.matvec import crossover
from mpsarticle.analysis.findings.model import ANSWER_DECODE, ANSWER_MATMUL, Extreme, ModelFinding, model
from mpsarticle.analysis.model import Fit, first_true
from mpsarticle.analysis.series import ceiling_gb_s, peak_gflop_s
from mpsarticle.article.formatting import duration, number, percent, whole
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
    Seconds,
    Share,
    Size,
    Text,
    Words,
)
from mpsarticle.core.specs import MatVec
from mpsarticle.core.specsheet import chips, memory_bound
from mpsarticle.results.model import ResultSet

__all__ = ["answer", "assumptions_table", "checks_table", "decode_table", "fit_sentences", "fit_table", "post_sentence",
           "predictions_table", "rules", "sources_sentences"]

#: The blog post's machine and its largest size.
POST_CHIP = "Apple M1 Pro"
POST_M = 3000
POST_CALLS = 100


def _size(m: float) -> Size:
    """A model's size, rounded to two significant figures (it is an estimate, not a measured size)."""
    digits = max(0, len(str(int(m))) - 2)
    return Size(int(round(m, -digits)))


def _gpu_op(found: ModelFinding) -> Seconds | None:
    given = found.assumptions.get("gpu_op_us")
    return Seconds(given.central * 1e-6) if given else None


def _cpu_op(found: ModelFinding) -> Seconds | None:
    given = found.assumptions.get("cpu_op_us")
    return Seconds(given.central * 1e-6) if given else None


# -- the opening page ----------------------------------------------------------------------------

def answer(results: ResultSet, words: Words) -> str:
    """The opening page's first paragraph: on a Mac, its measurements beside the model's prediction for its chip;
    elsewhere the answer for every Apple chip, from the model, with its error against published measurements."""
    found = model(results)
    if found.own_chip is not None and any(p.device == "mps" for p in results):
        return _mac_answer(results, found, words)
    crossing = found.extreme("matvec_crossover_m")
    gpu_op, cpu_op = _gpu_op(found), _cpu_op(found)
    if crossing is None or gpu_op is None or cpu_op is None:
        return words("model.answer.none")
    parts = [words("model.answer.crossover", low=_size(crossing.low), low_chip=Text(crossing.low_chip),
                   high=_size(crossing.high), high_chip=Text(crossing.high_chip), gpu_op=gpu_op, cpu_op=cpu_op)]
    speedup = found.extreme("matmul_speedup_float32", str(ANSWER_MATMUL))
    if speedup is not None:
        parts.append(_matmul_answer(speedup, words))
    eager = found.extreme("decode_eager_tokens_s", ANSWER_DECODE)
    bound = found.extreme("decode_bound_tokens_s", ANSWER_DECODE)
    if eager is not None and bound is not None:
        limited, variants = found.fixed_bound_variants()
        parts.append(words("model.answer.decode", eager_low=_tokens(eager.low), eager_high=_tokens(eager.high),
                           bound_low=_tokens(bound.low), bound_high=_tokens(bound.high), limited=Count(limited),
                           variants=Count(variants)))
    parts.append(_error_sentence(found, words))
    return " ".join(parts)


def _matmul_answer(speedup: Extreme, words: Words) -> str:
    """The GPU-over-CPU factors of the chips' extremes, each said as the winner's advantage."""
    if speedup.low >= 1:
        return words("model.answer.matmul", m=Size(ANSWER_MATMUL), low=Factor(speedup.low),
                     low_chip=Text(speedup.low_chip), high=Factor(speedup.high), high_chip=Text(speedup.high_chip))
    if speedup.high >= 1:
        return words("model.answer.matmul_mixed", m=Size(ANSWER_MATMUL), low=Factor(1 / speedup.low),
                     low_chip=Text(speedup.low_chip), high=Factor(speedup.high), high_chip=Text(speedup.high_chip))
    return words("model.answer.matmul_cpu", m=Size(ANSWER_MATMUL), low=Factor(1 / speedup.high),
                 low_chip=Text(speedup.high_chip), high=Factor(1 / speedup.low), high_chip=Text(speedup.low_chip))


def _tokens(value: float) -> Num:
    return Num(value)


def _error_sentence(found: ModelFinding, words: Words) -> str:
    compared = found.compared
    if not compared or found.median_error is None or found.worst_error is None:
        return words("model.checks.none")
    return words("model.answer.error", checks=Count(len(compared)), chips=Count(len({c.row.chip for c in compared})),
                 sources=Count(len(found.sources)), median=Share(found.median_error), worst=Share(found.worst_error),
                 misses=Count(found.misses))


def _mac_answer(results: ResultSet, found: ModelFinding, words: Words) -> str:
    chip = found.own_chip
    assert chip is not None
    items = []
    measured = crossover(results)
    predicted = found.of_chip(chip, "matvec_crossover_m")
    if predicted is not None and predicted.value is not None:
        key = "model.mac.cross.from" if measured.kind in ("from", "always") and measured.size else \
            "model.mac.cross.none"
        items.append(Phrase.of(key, measured=Size(measured.size or 0), predicted=_size(predicted.value),
                               low=_size(predicted.low or predicted.value), high=_size(predicted.high or
                                                                                        predicted.value)))
    copy = ceiling_gb_s(results, "mps")
    gpu = _devices(chip)
    if copy and gpu:
        central, low, high = gpu
        items.append(Phrase.of("model.mac.copy", measured=Rate(copy, "GB/s"),
                               predicted=Rate(central.bytes_per_s / 1e9, "GB/s"),
                               low=Rate(low.bytes_per_s / 1e9, "GB/s"), high=Rate(high.bytes_per_s / 1e9, "GB/s")))
    best = peak_gflop_s(results, "mps", "float32")
    if best and gpu and gpu[0].fp32:
        central, low, high = gpu
        items.append(Phrase.of("model.mac.rate", measured=Rate(best / 1000, "TFLOP/s"),
                               predicted=Rate((central.fp32 or 0) / 1e12, "TFLOP/s"),
                               low=Rate(min(low.fp32 or 0, high.fp32 or 0) / 1e12, "TFLOP/s"),
                               high=Rate(max(low.fp32 or 0, high.fp32 or 0) / 1e12, "TFLOP/s")))
    name = f"{chip.name} ({words('your_mac.cores', cores=Text(whole(chip.gpu_cores, words.lang)))})"
    text = words("model.answer.mac", chip=Text(name), items=Listing(tuple(items))) if items else ""
    return " ".join(filter(None, (text, _error_sentence(found, words))))


def _devices(chip) -> list[predict.Device]:
    """The chip's GPU in the central scenario, then the one that favours it least, then most."""
    made = predict.scenarios(chip)
    found = [made[s][0] for s in ("central", "gpu_worst", "gpu_best")]
    return [d for d in found if d is not None] if all(found) else []


def _text_table(head: list[str], rows: list[list[str]], extra_class: str) -> str:
    """A table of plain text cells, each escaped."""
    return html_table(head, ["<tr>" + "".join(f"<td>{html.escape(str(cell))}</td>" for cell in row) + "</tr>"
                             for row in rows], extra_class)


# -- the fit ----------------------------------------------------------------------------------------

def _rates(fitted: Fit, words: Words) -> Listing:
    return Listing(tuple(Phrase.of("model.fit.rate", rate=Rate(value / 1e12, "TFLOP/s"), dtype=Text(dtype))
                         for dtype, value in sorted(fitted.flops_per_s.items())))


def fit_sentences(results: ResultSet, words: Words) -> str:
    found = model(results)
    if not found.fits:
        return words("model.fit.none")
    parts = []
    for device, fitted in found.fits.items():
        every = [e for e in fitted.errors]
        median = statistics.median(e.median for e in every)
        parts.append(words("model.fit.device", device=words.device(device), points=Count(fitted.points),
                           op=Seconds(fitted.op_s), bw=Rate(fitted.gb_s, "GB/s"), rates=_rates(fitted, words),
                           median=Share(median), worst=Share(max(e.worst for e in every))))
    chooser = found.fits[found.chosen_by] if found.chosen_by else None
    if chooser is not None:
        other = "max" if chooser.combination == "sum" else "sum"
        key = "model.fit.choice" if chooser.combination == "sum" else "model.fit.choice_max"
        chosen, rival = _factor(chooser.rms_log[chooser.combination]), _factor(chooser.rms_log[other])
        # Four digits where three would print the two alike: the sentence says which is smaller.
        digits = 3 if number(chosen, "en", 3) != number(rival, "en", 3) else 4
        parts.append(words(key, chosen=Factor(chosen, digits), other=Factor(rival, digits),
                           device=words.device(chooser.device)))
    for device, fitted in found.fits.items():
        for error in fitted.replayed_errors:
            parts.append(words("model.fit.replayed", device=words.device(device), error=Share(error.median)))
    return " ".join(parts)


def _factor(rms_log: float) -> float:
    return math.exp(rms_log)


def threshold_sentences(results: ResultSet, words: Words) -> str:
    found = model(results)
    parts = []
    for device, fitted in found.fits.items():
        marks = found.thresholds[device]
        for mark in marks:
            if mark.workload == "matvec" and mark.before == "fixed":
                moved = MatVec(mark.m).bytes_moved
                parts.append(words("model.threshold.matvec", device=words.device(device), m=_size(mark.m),
                                   bytes=Bytes(moved, binary=False), op=Seconds(fitted.op_s),
                                   bw=Rate(fitted.gb_s, "GB/s")))
        for dtype in ("float32", "float16"):
            steps = [t for t in marks if t.workload == "matmul" and t.dtype == dtype]
            if not steps or steps[0].before != "fixed":
                continue
            if len(steps) == 1:
                parts.append(words("model.threshold.matmul", dtype=Text(dtype), device=words.device(device),
                                   after=_regime(steps[0].after), m=_size(steps[0].m)))
            else:
                parts.append(words("model.threshold.matmul_more", dtype=Text(dtype), device=words.device(device),
                                   after=_regime(steps[0].after), m=_size(steps[0].m),
                                   after2=_regime(steps[1].after), m2=_size(steps[1].m)))
    return " ".join(parts) or words("model.fit.none")


def _regime(regime: str) -> Phrase:
    return Phrase.of("model.regime", regime=Choice(regime))


def fit_table(results: ResultSet, words: Words) -> str:
    found = model(results)
    rows = []
    for device, fitted in found.fits.items():
        for error in fitted.errors + fitted.replayed_errors:
            replayed = error in fitted.replayed_errors
            name = words("model.table.workload", workload=Choice(error.workload)) + (
                " " + words("model.table.replayed") if replayed else "")
            rows.append([words.device(device), name, whole(error.points, words.lang),
                         percent(error.median, words.lang), percent(error.worst, words.lang),
                         whole(error.worst_size, words.lang) if error.worst_size is not None else "–"])
    head = [words(key) for key in ("column.device", "column.workload", "model.table.points", "column.median_error",
                                    "column.worst_error", "model.table.worst_at")]
    return _text_table(head, rows, "mpsarticle-model-fit")


# -- the predictions and the checks ------------------------------------------------------------------

def _range(p: predict.Prediction | None, lang: str, digits: int = 3) -> str:
    if p is None or p.value is None:
        return "–"
    text = number(p.value, lang, digits)
    if p.low is not None and p.high is not None:
        text += f" ({number(p.low, lang, 2)}–{number(p.high, lang, 2)})"
    return text


def _crossing(p: predict.Prediction | None, lang: str) -> str:
    if p is None or p.value is None:
        return "–"
    low, high = p.low or p.value, p.high or p.value
    return f"{whole(_size(p.value).n, lang)} ({whole(_size(low).n, lang)}–{whole(_size(high).n, lang)})"


def predictions_table(results: ResultSet, words: Words) -> str:
    """Per chip variant: where B @ a on the GPU starts beating the CPU, and the GPU-over-CPU factor of A @ B."""
    found = model(results)
    rows = []
    for chip in chips():
        cells = [chip.name, whole(chip.gpu_cores, words.lang), _crossing(found.of_chip(chip, "matvec_crossover_m"),
                                                                          words.lang)]
        for dtype in ("float32", "float16"):
            cells.append(_range(found.of_chip(chip, f"matmul_speedup_{dtype}", str(ANSWER_MATMUL)), words.lang, 2))
        rows.append(cells)
    head = [words(key) for key in ("column.chip", "column.gpu_cores", "model.table.crossover", "model.table.float32",
                                    "model.table.float16")]
    return _text_table(head, rows, "mpsarticle-model-predictions")


def decode_table(results: ResultSet, words: Words) -> str:
    """Per chip variant: tokens per second, eager and at the bound, for the 1B and 7B decoders."""
    found = model(results)
    rows = []
    for chip in chips():
        cells = [chip.name, whole(chip.gpu_cores, words.lang)]
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
            cells += [_range(eager, words.lang), _range(bound, words.lang)]
        rows.append(cells)
    head = [words(key) for key in ("column.chip", "column.gpu_cores", "model.table.eager_1b", "model.table.bound_1b",
                                    "model.table.eager_7b", "model.table.bound_7b", "model.table.eager_7b_4bit",
                                    "model.table.bound_7b_4bit")]
    return _text_table(head, rows, "mpsarticle-model-decode")


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


def sources_sentences(results: ResultSet, words: Words) -> str:
    found = model(results)
    if not found.sources:
        return words("model.checks.none")
    parts = []
    for source in found.sources:
        key = "model.checks.source" if source.misses else "model.checks.source_all"
        parts.append(words(key, source=Text(source.source), n=Count(source.checks), median=Share(source.median),
                           worst=Share(source.worst), misses=Listing(tuple(Text(c) for c in source.misses))))
    conflicts = found.conflicts
    if conflicts:
        items = tuple(Phrase.of("model.checks.conflict", value=Text(f"{number(c.row.value, words.lang, c.row.digits)} "
                                                                     f"{c.row.unit}"),
                                chip=Text(c.row.chip), source=Text(c.row.source_name),
                                bound=Text(f"{number(c.bound or 0, words.lang, 3)} {c.row.unit}"))
                      for c in conflicts)
        parts.append(words("model.checks.conflicts", items=Listing(items)))
    else:
        parts.append(words("model.checks.conflicts.none"))
    return " ".join(parts)


def checks_table(results: ResultSet, words: Words) -> str:
    """One row per source and kind of figure: how many, the median and worst error, and the chips whose figure
    lies outside the predicted range or above the spec sheet (every row, with its prediction, is in the published
    ``predictions.csv``)."""
    found = model(results)
    groups: dict[tuple[str, str, str], list[predict.Check]] = {}
    for check in found.compared:
        groups.setdefault((check.row.source_name, check.row.framework, check.quantity), []).append(check)
    rows = []
    for (source, framework, quantity), mine in groups.items():
        sizes = [abs(c.error) for c in mine if c.error is not None]
        misses = ", ".join(dict.fromkeys(c.row.chip for c in mine if c.miss)) or "–"
        conflicts = ", ".join(dict.fromkeys(c.row.chip for c in mine if c.conflict)) or "–"
        rows.append([source, framework, words("model.quantity", quantity=Choice(quantity)),
                     whole(len(mine), words.lang),
                     percent(statistics.median(sizes), words.lang), percent(max(sizes), words.lang), misses,
                     conflicts])
    head = [words(key) for key in ("column.source", "model.table.framework", "model.table.measured",
                                    "model.table.figures", "column.median_error", "column.worst_error",
                                    "model.table.outside", "model.table.above_sheet")]
    return _text_table(head, rows, "mpsarticle-model-checks")


# -- the closing chapter's rules and the timing chapter's conclusion ----------------------------------

def _moves_at_least(line: float) -> int:
    """The least m at which one B @ a moves ``line`` bytes or more: where the sentence's line is crossed (the line
    is the bytes, whatever the fit says of arithmetic)."""
    high = 2
    while MatVec(high).bytes_moved < line:
        high *= 2
    return first_true(lambda m: MatVec(m).bytes_moved >= line, 0, high)


def rules(results: ResultSet, words: Words) -> str:
    found = model(results)
    parts = []
    device = found.chosen_by
    gpu_op, cpu_op = _gpu_op(found), _cpu_op(found)
    if device is not None and gpu_op is not None and cpu_op is not None:
        fitted = found.fits[device]
        fixed_first = any(t.workload == "matvec" and t.before == "fixed" for t in found.thresholds[device])
        if fixed_first:
            line = fitted.op_s * fitted.bytes_per_s
            parts.append(words("model.rule.fixed", device=words.device(device), op=Seconds(fitted.op_s),
                               bytes=Bytes(line, binary=False), bw=Rate(fitted.gb_s, "GB/s"),
                               m=_size(_moves_at_least(line)), gpu_op=gpu_op, cpu_op=cpu_op))
    given = found.assumptions
    if "gpu_bandwidth_share" in given and "cpu_bandwidth_share" in given:
        gpu, cpu = given["gpu_bandwidth_share"].central, given["cpu_bandwidth_share"].central
        parts.append(words("model.rule.memory", gpu_share=Share(gpu), cpu_share=Share(cpu), ratio=Factor(gpu / cpu)))
    crossings = [p for p in found.predictions if p.quantity == "matvec_crossover_m" and p.value]
    if crossings and gpu_op is not None and found.ops_per_layer and "gpu_bandwidth_share" in given:
        values = sorted(p.value for p in crossings if p.value)
        low = min(crossings, key=lambda p: p.value or 0)
        high = max(crossings, key=lambda p: p.value or 0)
        layers = predict.decode_models()["7B"][1]
        ops = found.ops_per_layer * layers
        share = given["gpu_bandwidth_share"].central
        median_bw = statistics.median(c.bandwidth_gb_s for c in chips()) * 1e9 * share
        limited, variants = found.fixed_bound_variants()
        parts.append(words("model.rule.mac", cross=_size(statistics.median(values)), low=_size(low.value or 0),
                           low_chip=Text(low.chip), high=_size(high.value or 0), high_chip=Text(high.chip),
                           mac_bytes=Bytes(gpu_op.seconds * median_bw, binary=False), gpu_op=gpu_op,
                           ops=Count(int(round(ops))), overhead=Seconds(ops * gpu_op.seconds), limited=Count(limited),
                           variants=Count(variants)))
    return " ".join(parts) or words("model.fit.none")


def post_sentence(results: ResultSet, words: Words) -> str:
    """The blog post's M1 Pro at m = 3,000: the least device time of one product by the model, against the
    host's cost of a call as published for that chip."""
    given = predict.assumptions(POST_CHIP)
    ops = given.get("gpu_op_us")
    post = [c for c in chips() if c.name == POST_CHIP]
    if ops is None or not post or "gpu_bandwidth_share" not in given:
        return words("model.post.none")
    chip = max(post, key=lambda c: c.gpu_cores)
    share = given["gpu_bandwidth_share"].high  # the most a copy reaches: the least device time
    bw = share * chip.bandwidth_gb_s * 1e9
    moved = MatVec(POST_M).bytes_moved
    device_time = moved / bw
    # The device time of B @ a grows as 4 m² bytes over the bandwidth; it passes the host's cost at this m.
    from_m = (ops.high * 1e-6 * bw / 4) ** 0.5
    return words("model.post", m=Size(POST_M), device_time=Seconds(device_time), moved=Bytes(moved, binary=False),
                 bw=Rate(bw / 1e9, "GB/s"), host_low=Seconds(ops.low * 1e-6), host_high=Seconds(ops.high * 1e-6),
                 from_m=_size(from_m), calls=Count(POST_CALLS), total=Seconds(POST_CALLS * device_time))

