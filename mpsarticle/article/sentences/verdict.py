"""The verdict chapter's sentences: the rule of thumb and the bound on a language model (from the answer that
:mod:`.index` states), where that bound's arithmetic cannot keep up, and the reasons behind them: fixed costs for
small products, bandwidth for large ones."""

from __future__ import annotations

from mpsarticle.analysis import findings as f
from mpsarticle.analysis import series
from mpsarticle.analysis.findings.llm import OpCost, op_cost
from mpsarticle.analysis.verdict import TokenBound, Verdict, verdict
from mpsarticle.article import mac_model
from mpsarticle.article.sentences.common import reading_word
from mpsarticle.article.sentences.devices import cpu_phrase, name_phrase
from mpsarticle.article.sentences.index import answer_sentences, bound_cap
from mpsarticle.article.sentences.llm import rule_more
from mpsarticle.article.sentences.matvec import memory_pace
from mpsarticle.article.tables import html_table, table_row
from mpsarticle.article.wording import (
    Billions,
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
    Size,
    Text,
    Words,
)
from mpsarticle.core.specs import DTYPE_SIZES
from mpsarticle.results.model import ResultSet

__all__ = ["arithmetic_sentence", "bound_rows", "bound_table", "machine_sentence", "pace_sentence", "reason_sentences",
           "sentences"]


def sentences(results: ResultSet, words: Words) -> dict[str, str]:
    """The reasons behind the answer (the opening page states the answer; the chapters keep their own findings)."""
    answer = answer_sentences(results, words)
    return {"answer_machine": machine_sentence(results, words), "answer_rule": answer["answer_rule"],
            "answer_rule_more": rule_more(results, words),
            "answer_llm": answer["answer_llm"], "answer_llm_arithmetic": arithmetic_sentence(results, words),
            "pace_sentence": pace_sentence(results, words),
            **reason_sentences(results, words), **mac_model.rules(results, words)}


def machine_sentence(results: ResultSet, words: Words) -> str:
    """Which machine the rules below are for, named as the chapter on devices names it: its CPU, and the GPU compared
    with it where one was (a Mac's, or another's); with no GPU compared, the rules are the CPU's alone."""
    if not any(point.ok for point in results):
        return ""  # (no rule follows from a build that measured nothing: answer.rule.nothing says so)
    machine = f.machine(results)
    accelerator = machine.accelerator
    if accelerator is None or not accelerator.measured:
        return words("rule.machine", kind=Choice("cpu"), cpu=cpu_phrase(machine))
    return words("rule.machine", kind=Choice("mps" if accelerator.kind == "mps" else "other"),
                 accelerator=name_phrase(accelerator.name), cpu=cpu_phrase(machine))


def pace_sentence(results: ResultSet, words: Words) -> str:
    """Which sets B @ a's pace on a matrix too big for the caches, memory or PyTorch's kernel, read against the
    device's largest plain copy as the chapter on B @ a reads it (sentences.matvec.memory_pace), with the two rates:
    one sentence per verdict, its devices in the order of the table of memory (tables.memory_rows). Then that the bound
    on a language model uses B @ a's rate, where it does on every device named. Nothing where no device has both."""
    found = verdict(results)
    bands = {b.device: b for b in found.bandwidths}
    groups: dict[str, list] = {}
    for device in (d for d in (found.crossover.device, "cpu") if d in bands):
        if (pace := memory_pace(bands[device])) is not None:
            groups.setdefault(pace, []).append(bands[device])
    said: list[str] = []
    for pace, group in groups.items():
        named = Choice("many" if len(group) > 1 else "one")
        rates = tuple(Phrase.of("verdict.pace.rate", named=named, device=words.device(b.device),
                                rate=Rate(b.memory_gb_s, "GB/s"), copy=Rate(b.ceiling_gb_s or 0, "GB/s"))
                      for b in group)
        said.append(words("verdict.pace", lead=Choice("next" if said else "first"), pace=Choice(pace),
                          devices=Listing(tuple(words.device(b.device) for b in group)), rates=Listing(rates)))
    bases = {b.device: b.basis for b in found.bounds}
    if said and all(bases.get(b.device) == "beyond_cache" for group in groups.values() for b in group):
        said.append(words("verdict.pace.bound"))
    return " ".join(said)


def _slow(found: Verdict, bound: TokenBound) -> tuple[dict[str, float], list[str]]:
    """The best rate (FLOP/s) of each precision of the bound's width whose matrix product the bound's device measured
    well, and those of them whose best product allows fewer tokens per second than the bound (two operations per
    weight)."""
    flops = 2 * bound.parameters
    rates = {p.dtype: p.gflop_s * 1e9 for p in found.matmul.on(bound.device) if p.status == "measured"
             and p.gflop_s and DTYPE_SIZES.get(p.dtype) == bound.bytes_per_parameter}
    return rates, [dtype for dtype, rate in rates.items() if rate / flops < bound.tokens_per_s]


def arithmetic_sentence(results: ResultSet, words: Words) -> str:
    """After the table of bounds (:func:`bound_rows`): where a device's best matrix product in a precision of the
    bound's width allows fewer tokens per second than the bound, which precisions keep up (reading the weights sets
    the limit, the bound) and which do not, each with its best product's rate and the tokens it allows (the table's
    rows of arithmetic); nothing where every such precision keeps up."""
    found = verdict(results)
    bands = {b.device: b for b in found.bandwidths}
    parts = []
    for bound in found.bounds:
        rates, slow = _slow(found, bound)
        if not slow:
            continue
        flops = 2 * bound.parameters
        fast = tuple(Text(dtype) for dtype in rates if dtype not in slow)
        products = tuple(Phrase.of("llm.arithmetic.product", dtype=Text(dtype),
                                   rate=Rate(rates[dtype] / 1e9, "GFLOP/s"), tokens=Num(rates[dtype] / flops))
                         for dtype in slow)
        parts.append(words("llm.arithmetic", keeps=Choice("some" if fast else "none"),
                           device=words.device(bound.device), fast=Listing(fast),
                           slow=Listing(tuple(Text(dtype) for dtype in slow)),
                           products=Listing(products, style="clauses"),
                           cap=bound_cap(bound, bands.get(bound.device)), tokens=Num(bound.tokens_per_s)))
    return " ".join(parts)


def bound_rows(results: ResultSet, words: Words) -> tuple[Said, ...]:
    """The verdict chapter's table of the bound on a language model, as typed values (what the oracle reads): per
    device, the bound from reading the model's weights (``memory``: the rate it rests on, and how that rate was
    measured), then each precision of the model's width whose best matrix product allows fewer tokens per second
    (``arithmetic``: that rate, at two operations per weight, a ceiling: no product measured ran faster)."""
    found = verdict(results)
    bands = {b.device: b for b in found.bandwidths}
    rows = []
    for bound in found.bounds:
        device = words.device(bound.device)
        rows.append(Said("table.bound", dict(
            kind=Choice("memory"), device=device, basis=Choice(bound.basis), rate=Rate(bound.gb_s, "GB/s"),
            tokens=Num(bound.tokens_per_s), cap=bound_cap(bound, bands.get(bound.device)),
            parameters=Billions(bound.parameters), bits=Count(8 * bound.bytes_per_parameter),
            model=Bytes(bound.model_gb * 1e9, binary=False),
            **({"cache": Bytes(bound.cache_bytes or 0)} if bound.basis == "copy" else {}))))
        flops = 2 * bound.parameters
        rates, slow = _slow(found, bound)
        rows.extend(Said("table.bound", dict(kind=Choice("arithmetic"), device=device, dtype=Text(dtype),
                                             rate=Rate(rates[dtype] / 1e9, "GFLOP/s"), tokens=Num(rates[dtype] / flops),
                                             cap=Phrase.of("tokens.cap", cap=Choice("most")),
                                             flops=Num(flops / 1e9, 2)))
                    for dtype in slow)
    return tuple(rows)


#: The columns of the table of bounds (:func:`bound_rows`).
BOUND_COLUMNS = ("column.device", "bound.column.limit", "bound.column.rate", "bound.column.tokens")


def bound_table(results: ResultSet, words: Words) -> str:
    """What limits a language model's tokens per second on each device (:func:`bound_rows`): reading its weights,
    and the arithmetic where that allows fewer; nothing where no bound was found."""
    body = []
    for row in bound_rows(results, words):
        v = row.values
        kind = v["kind"].value
        limit = dict(basis=Choice(kind if kind == "arithmetic" else v["basis"].value),
                     **{k: v[k] for k in ("cache", "dtype", "flops") if k in v})
        cells = [words("bound.cell.device", kind=v["kind"], device=v["device"], dtype=v.get("dtype", Text("")),
                       bits=v.get("bits", Count(0))),
                 words("bound.cell.limit", **limit), words.render(v["rate"]),
                 words("bound.cell.tokens", cap=v["cap"], tokens=v["tokens"])]
        body.append(table_row(cells))
    return html_table([words(key) for key in BOUND_COLUMNS], body) if body else ""


def reason_sentences(results: ResultSet, words: Words) -> dict[str, str]:
    """The verdict chapter's reasons: small products (fixed costs) and large ones (bandwidth: each device's
    ``B @ a`` from its largest matrices, compared only where both came from memory, and copy against copy)."""
    found = verdict(results)
    small, large = words("reason.small.none"), words("bandwidth.none")
    overhead = found.overhead
    # The smallest B @ a told of, by device, as its time and 95 % interval: the addition below is set against it.
    smallest_s: dict[str, tuple[float, float, float]] = {}
    merged = False  # (the CPU's smallest B @ a and an addition said in one sentence)
    device = words.device(found.crossover.device or "")
    if overhead is not None:
        direction = reading_word(overhead.reading)
        values = dict(size=Size(overhead.size), acc=Seconds(overhead.accelerator_s), cpu=Seconds(overhead.cpu_s))
        if found.crossover.device:
            at = dict(series.series(results, workload="matvec", device=found.crossover.device)).get(overhead.size)
            low, high = (at.ci_low_s, at.ci_high_s) if at is not None else (None, None)
            smallest_s[found.crossover.device] = (overhead.accelerator_s, low or overhead.accelerator_s,
                                                  high or overhead.accelerator_s)
        # Too noisy to tell, however far apart the two times look: the opening note and the method chapter say
        # why a few fresh processes leave wide intervals, so the sentence gives the times alone.
        small = words("reason.small", direction=Choice(direction), device=device, **values)
        band = next((b for b in found.bandwidths if b.device == found.crossover.device), None)
        if band and overhead.streaming_s is not None and overhead.streaming_s < overhead.accelerator_s / 2:
            small += " " + words("reason.streaming", device=device, stream=Seconds(overhead.streaming_s),
                                 acc=values["acc"], rate=Rate(band.memory_gb_s, "GB/s"),
                                 large=Size(band.memory_size))
    elif not found.compared:
        # The synchronised timer's points only: a sentence about what a call takes never quotes naive timeit.
        first = next(iter(series.series(results, workload="matvec", device="cpu")), None)
        if first is not None:
            point = first[1]
            smallest_s["cpu"] = (point.measured_s, point.ci_low_s or point.measured_s,
                                 point.ci_high_s or point.measured_s)
            addition = op_cost(results, "cpu")
            # Where an addition takes about as long, one sentence says both calls and what that means.
            merged = addition is not None and _against(addition, smallest_s["cpu"]) == "same"
            small = words("reason.small.cpu", against=Choice("same" if merged else "alone"), size=Size(first[0]),
                          cpu=Seconds(point.measured_s),
                          **({"op": Seconds(addition.per_op_s)} if addition is not None and merged else {}))
    # Each device's rates stand in the table of memory (tables.memory_rows); these say what they amount to.
    acc = found.crossover.device
    bands = {b.device: b for b in found.bandwidths}
    if acc is None and "cpu" in bands:
        large = ""  # (the table of memory holds the CPU alone: there is nothing to set it against)
    if acc is not None and acc in bands and "cpu" in bands:
        ratio = found.bandwidth_ratio
        if ratio is None:  # (not both from memory: the table gives the rates, not set against each other)
            large = words("reason.large", direction=Choice("unmatched"), device=device)
        else:
            direction = reading_word(ratio.reading())
            factor = Factor(ratio.value if direction != "slower" else 1 / ratio.value)
            large = words("reason.large", direction=Choice(direction), device=device, factor=factor)
    parts = [large]
    if found.copy_ratio is not None and acc is not None:
        ratio = found.copy_ratio
        direction = reading_word(ratio.reading())
        parts.append(words("reason.copy", direction=Choice(direction), device=device,
                           factor=Factor(ratio.value if direction != "slower" else 1 / ratio.value)))
    elif acc is not None:
        parts.append(words("reason.copy.none"))
    # Another kind of call, another fixed cost: one addition of a chain on the device told of above, set against that
    # smallest B @ a, work included: shorter or longer only where the two 95 % intervals do not meet.
    cost = op_cost(results, found.crossover.device or "cpu")
    others = ""
    if cost is not None and not merged:
        matvec = smallest_s.get(cost.device)
        against = "none" if matvec is None else _against(cost, matvec)
        others = words("reason.small.others", against=Choice(against), op=Seconds(cost.per_op_s),
                       device=words.device(cost.device), **({} if matvec is None else {"matvec": Seconds(matvec[0])}))
    return {"reason_small": small, "reason_small_others": others, "reason_large": " ".join(parts)}


#: Two calls' times within this factor of each other, their intervals meeting, read as "about the same": a quarter,
#: as the two times printed side by side show.
ABOUT_SAME = 1.25


def _against(cost: OpCost, matvec: tuple[float, float, float]) -> str:
    """One addition against the smallest ``B @ a`` (time, 95 % interval): ``shorter`` or ``longer`` where the two
    intervals do not meet; where they meet, ``same`` where the two times are within :data:`ABOUT_SAME`, else
    ``near`` (not compared)."""
    if cost.high_s < matvec[1]:
        return "shorter"
    if cost.low_s > matvec[2]:
        return "longer"
    return "same" if max(cost.per_op_s, matvec[0]) <= ABOUT_SAME * min(cost.per_op_s, matvec[0]) else "near"

