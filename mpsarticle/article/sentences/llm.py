"""The sentences of the chapter on language models, and its part of the answer (opening page and verdict chapter).

Chosen from :mod:`mpsarticle.analysis.findings.llm`: the cost of one operation (``ops_sentence``), attention's
rates and backends and the accelerator against the CPU (``attention_sentence``, ``backend_sentence``,
``attention_compared``), each device's decode step against its bandwidth bound (``decode_sentence``), the step at
longer contexts (``contexts_sentence``), float16 against bfloat16 on each accelerator (``precision_sentence``), and
MLX beside PyTorch where MLX was installed (``mlx_sentence``).
The
answer takes :func:`decode_answer` (the measured tokens per second beside the bound, and what limits them) and
:func:`rule_more` (the rule of thumb for attention and decoding).
"""

from __future__ import annotations

from mpsarticle.analysis.findings.common import present_accelerator
from mpsarticle.analysis.findings.llm import (
    ATTENTION_COMPARED,
    BOUND_SHARE,
    AttentionFinding,
    ContextStep,
    DecodeStep,
    Decoding,
    HalfPrecisions,
    MlxPair,
    PromptRead,
    StepWays,
    attention,
    context_slowdown,
    contexts,
    decoding,
    half_precisions,
    mlx_beside,
    mlx_state,
    op_costs,
    products_only_gain,
    prompts,
    step_ways,
)
from mpsarticle.article.reasons import reason_text
from mpsarticle.article.sentences.common import reading_word
from mpsarticle.article.sentences.matvec import memory_pace
from mpsarticle.article.tables import against_bound, attention_against, compared, mlx_rows, ways_table
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
    Share,
    Size,
    Text,
    Words,
)
from mpsarticle.core.stats import FASTER, SAME, SLOWER, UNCLEAR
from mpsarticle.results.model import Point, ResultSet

__all__ = ["decode_answer", "mlx_sentence", "rule_more", "sentences"]


def sentences(results: ResultSet, words: Words) -> dict[str, str]:
    found = attention(results, present_accelerator(results))
    return {"ops_sentence": ops_sentence(results, words),
            "attention_sentence": attention_sentence(found, results, words),
            "backend_sentence": backend_sentence(found, words),
            "decode_scope": decode_scope(results, words),
            "sections_none": sections_none(results, words),
            "ways_lead": ways_lead(results, words),
            "ways_sentence": ways_sentence(results, words),
            "ways_bound": ways_bound(results, words),
            "attention_compared": attention_compared(found, words),
            "context_sentence": context_sentence(results, words),
            "bound_basis": bound_basis(results, words),
            "decode_sentence": decode_sentence(results, words),
            "decode_caption": decode_caption(results, words),
            "contexts_sentence": contexts_sentence(results, words),
            "prompt_sentence": prompt_sentence(results, words),
            "prompt_legend": prompt_legend(results, words),
            "precision_sentence": precision_sentence(results, words),
            "mlx_sentence": mlx_sentence(results, words)}


def ops_sentence(results: ResultSet, words: Words) -> str:
    costs = op_costs(results)
    if not costs:
        return words("ops.none")
    first = costs[0].evidence
    # The costs alone: their intervals are in the raw data, and the prose compares nothing by them. The chain's shape
    # and the count of devices are passed for the oracle, not printed.
    items = tuple(Phrase.of("ops.cost", cost=Seconds(c.per_op_s), device=words.device(c.device)) for c in costs)
    return words("ops.sentence", costs=Listing(items), count=Count(len(costs)), ops=Count(costs[0].ops),
                 n=Count(int(first.params["n"])))


def attention_sentence(found: AttentionFinding, results: ResultSet, words: Words) -> str:
    """The conclusion under the attention table (tables.attention_rows carries the numbers): how near attention came
    to the best matrix product of its precision, where both were measured well."""
    if not found.bests:
        return words("attention.none")
    top = found.top_share
    if top is None or top.share is None:
        return ""
    if top.share < 1 and not all(best.below_shown for best in found.bests if best.share is not None):
        # Some device's runs scatter across its product's rate: only how near attention came is said, on the
        # accelerator where it measured attention (the chapter is about accelerators), even if the CPU came nearer.
        own = [best for best in found.bests if best.device == found.device and best.share is not None]
        named, form = top, "nearest"
        if own and top.device != found.device:
            named, form = max(own, key=lambda best: best.share or 0.0), "nearest.accelerator"
        return words("attention.conclusion", direction=Choice(form), device=words.device(named.device),
                     dtype=Text(named.dtype), share=Share(named.share or 0.0))
    if top.share < 1 and len({best.device for best in found.bests}) > 1:
        return words("attention.conclusion", direction=Choice("below"), device=words.device(top.device),
                     dtype=Text(top.dtype), share=Share(top.share))
    if top.share < 1:
        # One device: each of its other precisions' shares beside the nearest, and where a precision's faster
        # products left attention no faster, that finding.
        others = [best for best in found.bests if best is not top and best.share is not None]
        if not others:
            return words("attention.conclusion", direction=Choice("below_one"), device=words.device(top.device),
                         dtype=Text(top.dtype), share=Share(top.share))
        gains = tuple(Text(best.dtype) for best in others if products_only_gain(results, top, best))
        return words("attention.conclusion", direction=Choice("below_one.gain" if gains else "below_one.others"),
                     device=words.device(top.device), dtype=Text(top.dtype), share=Share(top.share),
                     others=Listing(tuple(Phrase.of("attention.other", share=Share(best.share or 0.0),
                                                    dtype=Text(best.dtype)) for best in others)),
                     gains=Listing(gains))
    return words("attention.conclusion", direction=Choice("reached"), device=words.device(top.device),
                 dtype=Text(top.dtype), factor=attention_against(top.share))


def backend_sentence(found: AttentionFinding, words: Words) -> str:
    if not found.backends:
        return words("attention.backend.none")
    # The devices whose calls all took one kernel share one sentence, not one sentence each in the same frame.
    routes = tuple(Phrase.of("attention.backend.one", device=words.device(device),
                             backend=_backend(counted[0][0], words), count=Count(counted[0][1]))
                   for device, counted in found.backends if len(counted) == 1)
    parts = [words("attention.backend.all", routes=Listing(routes))] if routes else []
    for device, counted in found.backends:
        total = sum(n for _, n in counted)
        if len(counted) > 1:
            choices = tuple(Phrase.of("attention.backend.choice", count=Count(n), backend=_backend(name, words))
                            for name, n in counted)
            parts.append(words("attention.backend.several", device=words.device(device), choices=Listing(choices),
                               total=Count(total)))
    return " ".join(parts)


def _backend(name: str, words: Words) -> str:
    return words("backend", name=Choice(name)) if words.names("backend", name) else name


def _call(seq: int, dim: int) -> Phrase:
    return Phrase.of("attention.call", seq=Size(seq), dim=Size(dim))


def attention_compared(found: AttentionFinding, words: Words) -> str:
    """The accelerator against the CPU in bfloat16, over every call both measured."""
    if found.device is None:
        return ""  # (the table holds the CPU alone; the build's lack of an accelerator is said in Which device?)
    pairs = [(dim, c) for dim, comparisons in found.comparisons for c in comparisons]
    device = words.device(found.device)
    if not pairs:
        return words("attention.compared.none", device=device, dtype=Text(ATTENTION_COMPARED))
    overall = found.direction
    if overall == FASTER:
        dim, top = max(pairs, key=lambda pair: pair[1].speedup.value)
        return words("attention.compared.faster", device=device, dtype=Text(ATTENTION_COMPARED),
                     factor=Factor(top.speedup.value), call=_call(top.size, dim))
    if overall == SLOWER:
        dim, worst = max(pairs, key=lambda pair: pair[1].slowdown)
        return words("attention.compared.slower", device=device, dtype=Text(ATTENTION_COMPARED),
                     factor=Factor(worst.slowdown), call=_call(worst.size, dim))
    if overall == SAME:  # level at every call where the intervals are narrow enough; else too noisy to tell
        readings = {c.reading for _, c in pairs}
        if readings == {SAME}:
            return words("attention.compared.same", device=device, dtype=Text(ATTENTION_COMPARED))
        if readings == {UNCLEAR}:
            return words("attention.compared.unclear", device=device, dtype=Text(ATTENTION_COMPARED))
        return words("attention.compared.level_noisy", device=device, dtype=Text(ATTENTION_COMPARED),
                     level=Listing(tuple(_call(c.size, dim) for dim, c in pairs if c.reading == SAME)),
                     noisy=Listing(tuple(_call(c.size, dim) for dim, c in pairs if c.reading == UNCLEAR)))
    faster = tuple(_call(c.size, dim) for dim, c in pairs if c.direction == FASTER)
    other = tuple(_call(c.size, dim) for dim, c in pairs if c.direction != FASTER)
    key = "attention.compared.mixed" if faster else "attention.compared.not_faster"
    return words(key, device=device, dtype=Text(ATTENTION_COMPARED), faster=Listing(faster), other=Listing(other))


# -- the decode step ------------------------------------------------------------------------

def _model(found: Decoding) -> dict:
    return dict(params=Billions(found.parameters, fraction_digits=1), dtype=Text(found.dtype),
                context=Size(found.context), bytes=Bytes(found.bytes_per_token, binary=False))


def _conclusion(found: Decoding, step: DecodeStep, words: Words) -> str:
    """What limits the eager step on one device, in one sentence with one figure beside the model (the decode, ways
    and contexts tables hold the rest): the bytes where it reached half its bound (the share); else the host's part
    of its calls where a CUDA graph measured it (how much faster the graph runs the step); else the operations
    times one small operation's cost (their share of the step), saying that the rest is not accounted for; where
    the intervals reach across half of the step, the share of the bound and that it is too noisy to tell."""
    device = words.device(found.device)
    share = found.share(step)
    limit, accounting = found.limit, found.accounting
    if share is None:
        return words("decode.no_bound", device=device)
    if limit is None or accounting is None:
        return words("decode.conclusion", limit=Choice("unknown"), device=device)
    # The model's size stands in the table just above, one row per device, so the sentence names no size.
    values: dict = dict(device=device)
    if limit in ("above", "bandwidth"):
        form = _past(_bandwidth(limit, share), share)
        if form in ("bandwidth", "bandwidth.noisy") and found.rate_gb_s:
            # The times, not a share to be read against the table: a token's bytes at the bound's rate, and the step.
            values.update(read=Seconds(found.bytes_per_token / (found.rate_gb_s * 1e9)), time=Seconds(step.seconds))
        return words("decode.conclusion", limit=Choice(form), share=Share(share[0]), **values)
    if accounting == "replay":
        graph = found.graph
        assert graph is not None  # (read from the replay)
        if limit == "overhead":
            return words("decode.conclusion", limit=Choice("overhead_replay"),
                         factor=Factor(step.seconds / graph.seconds), **values)
        if limit == "unclear":
            return _unclear_replay(step, graph, words, values)
        return words("decode.conclusion", limit=Choice(_neither("neither_replay", share)), share=Share(share[0]),
                     **values)
    overhead = found.overhead_s
    assert overhead is not None  # (read from the operations)
    if limit == "overhead":
        return words("decode.conclusion", limit=Choice("overhead"), ops_share=Share(overhead / step.seconds),
                     **values)
    if limit == "unclear":
        return words("decode.conclusion", limit=Choice("unclear"), share=Share(share[0]),
                     ops_share=Share(overhead / step.seconds), **values)
    return words("decode.conclusion", limit=Choice(_neither("neither", share)), share=Share(share[0]),
                 ops_share=Share(overhead / step.seconds), **values)


def _unclear_replay(step: DecodeStep, graph: DecodeStep, words: Words, values: dict) -> str:
    """A replay whose saving the eager step's interval cannot place: what the replay shows first (its tokens per
    second, and how much longer even the eager step's fastest process took), then the doubt,
    said once, of the eager step: how far its fresh processes differed. Where the eager step ran in one process,
    the medians' ratio and that its runs scatter."""
    medians = step.point.process_medians
    if len(medians) < 2:
        return words("decode.conclusion", limit=Choice("unclear_replay.median"),
                     factor=Factor(step.seconds / graph.seconds), **values)
    # The replay's interval stands in the decode table above; the sentence keeps to what the table cannot say.
    return words("decode.conclusion", limit=Choice("unclear_replay"), tokens=Num(graph.tokens_per_s),
                 fastest=Factor(min(medians) / graph.seconds), spread=Factor(max(medians) / min(medians)), **values)


def _bandwidth(limit: str, share: tuple[float, float, float]) -> str:
    """"Reading the weights takes most of the step", read from the typical step's share of its bound (a measured
    rate, not the memory's own), said as sure only where the step's slow end too reaches half of its bound; else
    ``bandwidth.noisy``, which says it is likely."""
    return f"{limit}.noisy" if limit == "bandwidth" and share[1] < BOUND_SHARE else limit


def _past(form: str, share: tuple[float, float, float]) -> str:
    """A median share said as the step's own only where its interval stays below the bound; where the interval's
    fast end reaches the bound, ``.past`` says the share is the median's and that the interval reaches the bound."""
    return f"{form}.past" if form.startswith("bandwidth") and share[2] >= 1 else form


def _neither(form: str, share: tuple[float, float, float]) -> str:
    """"Limited by neither memory nor its calls" holds only where the step's whole interval stays below half of its
    bound; where its fast end reaches that line, the sentence says memory is not ruled out."""
    return form if share[2] < BOUND_SHARE else f"{form}.noisy"


def _route(found: Decoding, step: DecodeStep, words: Words) -> str:
    """Which of PyTorch's MPS attention kernels the step's attention over its cache takes, where recorded."""
    route = step.point.detail.get("attention_route")
    if not route:
        return ""
    return " " + words("decode.route", backend=_backend(f"mps_{route}", words), keys=Size(found.context + 1),
                       device=words.device(found.device))


def context_sentence(results: ResultSet, words: Words) -> str:
    """How many earlier positions the cache holds where the decode step is timed: once where every device used the
    same context, else per device (the chapter's prose describes the cache around it)."""
    found = decoding(results)
    if not found:
        return words("decode.context", alike=Choice("none"))
    if len({one.context for one in found}) == 1:
        return words("decode.context", alike=Choice("yes"), context=Size(found[0].context))
    return words("decode.context", alike=Choice("no"), contexts=Listing(tuple(
        Phrase.of("decode.context.one", context=Size(one.context), device=words.device(one.device))
        for one in found)))


def _none(key: str, results: ResultSet, words: Words, *, told: bool = True) -> str:
    """That an accelerator measured a section's finding badly, or that the build has none. A CPU-only build's
    reader is told once, before the first section only accelerators fill (:func:`sections_none`), which sections
    hold no result, so those sections (``told`` false) say nothing more."""
    why = _why_none(results)
    if why.value == "no_accelerator" and not told:
        return ""
    return words(key, why=why)


def sections_none(results: ResultSet, words: Words) -> str:
    """On a build without an accelerator, the sections only accelerators fill, named once before the first of them;
    nothing where the build has one."""
    return "" if present_accelerator(results) else words("decode.sections.none")


def _why_none(results: ResultSet) -> Choice:
    """Why an accelerator's finding is missing: the build has none, or it has one that did not measure it well."""
    return Choice("unmeasured" if present_accelerator(results) else "no_accelerator")


def bound_basis(results: ResultSet, words: Words) -> str:
    """What rate the decode bounds rest on, and the rate itself on each device: one sentence for each kind of rate
    this build has, naming its devices where the build has more than one kind, so a reader meets only the cases
    the table shows and reads the rate without looking it up."""
    groups: dict[str, list[Decoding]] = {}
    for one in decoding(results):
        if one.eager is not None and one.bound_tokens_per_s is not None and one.bound_basis is not None:
            groups.setdefault(one.bound_basis, []).append(one)
    if len(groups) == 1:
        basis, found = next(iter(groups.items()))
        said = [words("decode.basis.every", basis=Choice(basis), rates=_rates(found, words))]
    else:
        # Each sentence names its devices first, so its rates need not name them again.
        said = [words("decode.basis", basis=Choice(basis),
                      devices=Listing(tuple(words.device(one.device) for one in groups[basis])),
                      rates=_rates(groups[basis], words, named=False))
                for basis in ("matched", "best", "copy") if basis in groups]
    # A bound at B @ a's rate where PyTorch's kernel, not memory, sets that rate (the verdict's reading against the
    # largest plain copy) is PyTorch's on this machine, not the hardware's: said with the copy's rate beside it.
    kernel = [one for one in groups.get("best", []) if one.band is not None and one.band.ceiling_gb_s
              and memory_pace(one.band) == "kernel"]
    if kernel:
        named = Choice("many" if len(kernel) > 1 else "one")
        said.append(words("decode.basis.kernel", devices=Listing(tuple(words.device(one.device) for one in kernel)),
                          rates=Listing(tuple(Phrase.of("verdict.pace.rate", named=named,
                                                        device=words.device(one.device),
                                                        rate=Rate(one.band.memory_gb_s, "GB/s"),
                                                        copy=Rate(one.band.ceiling_gb_s or 0.0, "GB/s"))
                                              for one in kernel if one.band is not None))))
    return " ".join(said)


def _rates(found: list[Decoding], words: Words, *, named: bool = True) -> Listing:
    """Each device's bound rate, in GB/s, with its device named (``named``) or the device only passed along for the
    oracle, where the sentence has named it already."""
    return Listing(tuple(Phrase.of("decode.basis.rate", rate=Rate(one.rate_gb_s or 0.0, "GB/s"),
                                   device=words.device(one.device), named=Choice("yes" if named else "no"))
                         for one in found))


def decode_sentence(results: ResultSet, words: Words) -> str:
    """Per device, what limits its eager step (the decode table holds the numbers), or why it was not measured."""
    found = decoding(results)
    if not found:
        return words("decode.none")
    parts = []
    for one in found:
        device = words.device(one.device)
        if one.eager is None:
            point = one.eager_point
            why = reason_text(point.reason, words) if point is not None and point.reason else words(
                "decode.missing.no_reason")
            parts.append(words("decode.missing", device=device, why=why, **_model(one)))
            continue
        parts.append(_conclusion(one, one.eager, words) + _route(one, one.eager, words))
    return " ".join(parts)


# -- a prompt read at once ------------------------------------------------------------------

def prompt_sentence(results: ResultSet, words: Words) -> str:
    """Per device, what limits the prompt read at once in its first (the decoder's) precision; the prompt table
    (tables.prompt_rows) carries every precision's numbers."""
    found = prompts(results)
    if not found:
        return words("prefill.none")
    parts = []
    before = None
    priced = False
    for reads in found:
        first = reads[0]
        limit: str = first.limit or "unknown"
        form = limit
        values: dict = dict(device=words.device(first.device), tokens=Size(first.tokens), dtype=Text(first.dtype))
        bound = _prompt_bound(first, limit)
        if bound is not None:
            side, against = against_bound(first, *bound)
            if side == "below":
                values["share"] = against
                if limit.endswith("_likely"):
                    values.update(_likely_shares(first, limit))
                    if "total" not in values:
                        form = f"{limit}.full"
            else:
                form = f"{limit}.{side}"
                if side == "above":
                    values["factor"] = against
        elif limit in ("overhead", "neither") and first.overhead_s is not None:
            values.update(ops_share=Share(first.overhead_s / first.point.measured_s))
            if limit == "neither" and first.share is not None:
                values["share"] = Share(first.share)
                host = _host_step(first, results)
                if host is not None:
                    form = "neither.host"
                    values.update(ops=Count(host.ops or 0), step=Seconds(host.seconds),
                                  time=Seconds(first.point.measured_s))
        elif limit == "unclear" and _below_half(first):
            form = "unclear.calls"  # far from both bounds: only the calls' share is in doubt
            values.update(_calls_range(first))
        elif limit == "unclear":
            # Named, so the reader need not find the lower of the table's two bounds; the typical share of it and
            # the share at the interval's fast end, which reaches half of it, are why the sentence cannot tell.
            tighter = min(b for b in (first.compute_bound, first.bytes_bound) if b)
            values.update(tighter=Phrase.of("prefill.tighter", side=Choice(_tighter(first))),
                          share=Share(first.tokens_per_s / tighter), fast=Share(first.tokens_interval[1] / tighter))
        # A second device with the same conclusion says so in a few words instead of the frame again; one whose
        # sentence prices the calls does not say how again where an earlier one did.
        key = "prefill.also" if form == before and form in ALSO_FORMS else "prefill.conclusion"
        said = form
        if key == "prefill.conclusion" and form in PRICED_FORMS:
            said, priced = (f"{form}.again" if priced else form), True
        parts.append(words(key, limit=Choice(said), **values))
        before = form
    return " ".join(parts)


def prompt_legend(results: ResultSet, words: Words) -> str:
    """The note under the prompt table: what each label its last column shows on this build means, and no other
    label's meaning (the note's own prose says when a bound is named)."""
    shown = {LEGEND_GROUPS[read.limit or "unknown"] for reads in prompts(results) for read in reads}
    return " ".join(words("prefill.legend", label=Choice(group)) for group in LEGEND_ORDER if group in shown)


#: The prompt table's labels (tables.prompt_rows), grouped as the note under the table explains them, and the
#: note's order: a bound named outright has no entry of its own (the note's prose says when one is named).
LEGEND_GROUPS = {"compute": "bound", "bandwidth": "bound", "both": "both", "compute_likely": "likely.compute",
                 "bandwidth_likely": "likely.bandwidth", "overhead": "overhead", "neither": "neither",
                 "unclear": "unclear", "unknown": "unknown"}
LEGEND_ORDER = ("both", "likely.compute", "likely.bandwidth", "overhead", "neither", "unclear", "unknown")


#: The prompt's conclusions that a next device sharing them need not repeat: it keeps only its own share, if any.
#: The prompt's conclusions that price its calls at one small addition each.
PRICED_FORMS = ("unclear.calls", "overhead", "neither", "neither.host")
ALSO_FORMS = ("unclear", "unclear.calls", "unknown", "compute", "compute.at", "bandwidth", "bandwidth.at", "both",
              "both.at")


def _likely_shares(read: PromptRead, limit: str) -> dict:
    """Beside the likeliest bound's share of the prompt's time, the other two candidates' shares, typical like it:
    the other bound's (the bytes' at ``B @ a``'s rate, or the arithmetic's at the best product's) and the calls',
    each operation priced at one small addition. The limit rules both out at every end of the intervals. Where the
    three shares add up to less than the whole time, their sum (``total``): what the priced costs leave unexplained
    is the finding, so the sentence says it rather than leave the reader to add them."""
    own = read.compute_bound if limit == "compute_likely" else read.bytes_bound
    other = read.bytes_bound if limit == "compute_likely" else read.compute_bound
    values: dict = {}
    if other:
        values["other_share"] = Share(read.tokens_per_s / other)
    if read.overhead_s is not None:
        values["ops_share"] = Share(read.overhead_s / read.point.measured_s)
    if own and other and read.overhead_s is not None:
        total = read.tokens_per_s / own + read.tokens_per_s / other + read.overhead_s / read.point.measured_s
        if total < 1:
            values["total"] = Share(total)
    return values


def _host_step(read: PromptRead, results: ResultSet) -> DecodeStep | None:
    """The eager decode step that says what the prompt's unexplained rest most likely is: on the same device, in the
    same precision and with the same operations, on a single token, so what its weights' bytes at its bound's rate
    leave of its time is the work of those calls; it is said only where that part alone covers the prompt's time
    left over once its products at the best rate, its weights read at ``B @ a``'s and its calls priced as additions
    are counted."""
    one = next((d for d in decoding(results) if d.device == read.device and d.dtype == read.dtype), None)
    step = one.eager if one is not None else None
    if one is None or step is None or step.ops is None or step.ops != read.ops or read.overhead_s is None \
            or not one.rate_gb_s:
        return None
    calls = step.seconds - one.bytes_per_token / (one.rate_gb_s * 1e9)
    priced = [read.tokens_per_s / bound for bound in (read.compute_bound, read.bytes_bound) if bound]
    rest = read.point.measured_s * (1 - sum(priced)) - read.overhead_s
    return step if rest > 0 and calls >= rest else None


def _calls_range(read: PromptRead) -> dict:
    """The calls' share of the prompt's time at the two ends of both intervals (one operation's cost, the prompt's
    time): the cheap end over the slow end, the dear end over the fast end. A range across half is why the
    sentence says the calls only may limit the prompt."""
    if read.ops is None or read.cost is None:
        return {}
    seconds = read.point.measured_s
    high = read.ops * read.cost.high_s / (read.point.ci_low_s or seconds)
    # Past the whole time the dear end only says the estimate is loose: the sentence says "all of it" instead.
    return dict(calls_low=Share(read.ops * read.cost.low_s / (read.point.ci_high_s or seconds)),
                calls_high=Share(high), reach=Choice("all" if high >= 1 else "part"))


def _below_half(read: PromptRead) -> bool:
    """Whether even the fast end of the prompt's interval stayed below half of the tighter bound."""
    bounds = [b for b in (read.compute_bound, read.bytes_bound) if b]
    return len(bounds) == 2 and read.tokens_interval[1] < BOUND_SHARE * min(bounds)


def _tighter(read: PromptRead) -> str:
    """Which of the prompt's two bounds is the lower: the arithmetic's (``compute``) or the bytes' (``bandwidth``)."""
    if read.compute_bound and (not read.bytes_bound or read.compute_bound <= read.bytes_bound):
        return "compute"
    return "bandwidth"


def _prompt_bound(read: PromptRead, limit: str) -> tuple[float, Point] | None:
    """The bound a prompt limited by ``limit`` is set against, and the point whose rate it rests on: the best
    product's for the arithmetic, ``B @ a``'s for the bytes, the tighter of the two for both."""
    compute = (read.compute_bound, read.product) if read.compute_bound and read.product else None
    nbytes = (read.bytes_bound, read.band.memory_point) if read.bytes_bound and read.band else None
    if limit in ("compute", "compute_likely"):
        return compute
    if limit in ("bandwidth", "bandwidth_likely"):
        return nbytes
    if limit == "both" and compute and nbytes:
        return min(compute, nbytes, key=lambda pair: pair[0])
    return None


# -- longer contexts ----------------------------------------------------------------------------

def _context_conclusion(device: str, ladder: tuple[ContextStep, ...], words: Words) -> str:
    """How much longer the step takes at the longest context than at the shortest, against how far its bound
    falls over the same range (the contexts table carries every context's numbers): the slowdown over the fall
    above 1 beyond noise says more than the cache's bytes account for, below 1 less, level within noise as
    much."""
    found = context_slowdown(ladder)
    if found is None:
        return ""
    mode, slowdown = found
    steps = [one for one in ladder if one.eager is not None]
    first, last = steps[0].bound_tokens_per_s, steps[-1].bound_tokens_per_s
    values: dict = dict(device=words.device(device), factor=Factor(slowdown.value, 3),
                        step=Phrase.of("decode.contexts.step", mode=Choice(mode)))
    if first is None or last is None:
        return words("decode.contexts.conclusion", direction=Choice("no_bound"), **values)
    fall = first / last
    against = slowdown.scaled(1 / fall)
    direction = {FASTER: "more", SLOWER: "less", UNCLEAR: "unclear"}.get(against.reading(), "same")
    if direction == "unclear":
        # The oracle checks the interval that keeps the sentence from calling the step's loss more or less.
        values.update(ratio=Factor(against.value), low=Factor(against.low), high=Factor(against.high),
                      slow_low=Factor(slowdown.low, 3), slow_high=Factor(slowdown.high, 3))
    return words("decode.contexts.conclusion", direction=Choice(direction), fall=Factor(fall, 3), **values)


def contexts_sentence(results: ResultSet, words: Words) -> str:
    """Per accelerator measured at two contexts or more, the step's slowdown from the shortest to the longest
    against its bound's fall (the contexts table, tables.contexts_rows, carries the numbers)."""
    parts = [text for device, ladder in contexts(results).items() if (text := _context_conclusion(device, ladder,
                                                                                                  words))]
    if parts:
        return " ".join(parts)
    return _none("decode.contexts.none", results, words, told=False)


# -- float16 against bfloat16 ----------------------------------------------------------------

def _precision_decode(found: HalfPrecisions, words: Words) -> str:
    step = found.decode
    if step is None:
        return ""
    # A comparison names its base's time cpu_s: here the base is bfloat16, the other float16.
    ratio = step.speedup
    factor = Factor(ratio.value if step.direction != SLOWER else 1 / ratio.value)
    fp16, bf16 = Seconds(step.accelerator_s), Seconds(step.cpu_s)
    form = reading_word(step.reading)
    if form == UNCLEAR and words.render(fp16) == words.render(bf16):
        form = "unclear_alike"  # one time printed twice would read as a difference the sentence then denies
    # Too noisy to tell: the interval of bfloat16's time over float16's, which reaches 1, is the reason said.
    interval = dict(low=Factor(ratio.low), high=Factor(ratio.high)) if form.startswith(UNCLEAR) else {}
    return words("precision.decode", direction=Choice(form), device=words.device(found.device), fp16=fp16, bf16=bf16,
                 factor=factor, **interval)


def _precision_attention(found: HalfPrecisions, words: Words) -> str:
    calls = found.attention
    if not calls:
        return ""
    # Calls whose intervals overlap are level only where narrow enough (Ratio.reading); else too noisy to tell.
    counted = {reading: sum(c.reading == reading for c in calls) for reading in (FASTER, SLOWER, SAME, UNCLEAR)}
    rest = counted[SAME] + counted[UNCLEAR]
    form = str(found.attention_direction)
    if form == SAME:
        form = "same" if not counted[UNCLEAR] else "unclear" if not counted[SAME] else "level_noisy"
    elif form == "mixed" and not counted[SLOWER]:
        form = "mixed_level"
    elif form == "mixed" and not rest:
        form = "mixed_slower"
    if form in ("mixed", "mixed_level", "not_faster") and counted[UNCLEAR]:
        form += ".both" if counted[SAME] else ".noisy"
    return words("precision.attention", direction=Choice(form), device=words.device(found.device),
                 count=Count(len(calls)), faster=Count(counted[FASTER]), slower=Count(counted[SLOWER]),
                 level=Count(counted[SAME]), noisy=Count(counted[UNCLEAR]))


def precision_sentence(results: ResultSet, words: Words) -> str:
    """Per accelerator: the precision its decoder ran in and why, and float16 against bfloat16 for the eager decode
    step and for every attention call measured in both."""
    found = half_precisions(results)
    if not found:
        return _none("precision.none", results, words, told=False)
    parts = []
    for one in found:
        if one.decoder is not None:
            why = "emulated" if one.emulated else "published"
            parts.append(words("precision.default", why=Choice(why), device=words.device(one.device),
                               dtype=Text(one.decoder)))
        parts += [part for part in (_precision_decode(one, words), _precision_attention(one, words)) if part]
    return " ".join(parts)


def decode_caption(results: ResultSet, words: Words) -> str:
    """The decode chart's caption: the hatched bars named by what this build did to them (a CUDA graph replayed, a
    step compiled by torch.compile), as the chart's rows are; neither where no step was replayed."""
    found = decoding(results)
    # The chart shows a replayed bar only beside a bound, where any device has one (figures.llm.decode_bars).
    shares = any(d.bound_tokens_per_s for d in found)
    hows = {d.graph_how or "cuda_graph" for d in found if d.graph is not None and (d.bound_tokens_per_s or not shares)}
    if len(hows) > 1:  # (one accelerator a build: a CUDA GPU or an Apple GPU, never both)
        raise ValueError(f"one caption names one way to replay a step, but this build used {sorted(hows)}")
    return words("caption.decode", replay=Choice(hows.pop() if hows else "none"))


# -- the answer -----------------------------------------------------------------------------

def _answered(results: ResultSet) -> Decoding | None:
    """The decode step the answer quotes: the compared accelerator's where measured well, else the CPU's."""
    found = [d for d in decoding(results) if d.eager is not None and d.bound_tokens_per_s is not None]
    device = present_accelerator(results)
    return next((d for d in found if d.device == device), None) or next((d for d in found if d.device == "cpu"),
                                                                         None)


def decode_answer(results: ResultSet, words: Words) -> str:
    """The tokens per second this machine generated beside the bound, and which of the two limits it."""
    one = _answered(results)
    if one is None or one.eager is None or one.rate_gb_s is None:
        return words("answer.decode.none")
    share = one.share(one.eager)
    assert share is not None  # (chosen for having a bound)
    # The model, and two figures; the bound's arithmetic stands in the chapter on language models.
    # Its size said beside its speed: a reader who has just read of 7B models must not take it for one.
    values: dict = dict(device=words.device(one.device), params=Billions(one.parameters, fraction_digits=1))
    medians = one.eager.point.process_medians
    if one.limit == "unclear" and one.accounting == "replay" and one.graph is not None and len(medians) >= 2:
        # The eager step's scatter hides what the replay shows: its tokens per second lead, not the eager median's.
        return words("answer.decode", limit=Choice("unclear_replay"), replayed=Num(one.graph.tokens_per_s),
                     fastest=Factor(min(medians) / one.graph.seconds), **values)
    if one.limit == "overhead" and one.accounting == "replay" and one.graph is not None:
        # The graph's speed-up says what limits the step without the chapter's bound: the same kernels, one launch.
        return words("answer.decode", limit=Choice("overhead_replay"), tokens=Num(one.eager.tokens_per_s),
                     factor=Factor(one.eager.seconds / one.graph.seconds), **values)
    # The bound is named by the measured rate it rests on, not by a bandwidth the reader would take for the spec's.
    # The opening page gives three figures (the model's size, its speed and the share); the bytes a token reads and
    # the bound's tokens per second stand in the chapter on language models, which the page points to.
    assert one.bound_tokens_per_s is not None  # (chosen for having a bound)
    bound = Phrase.of("decode.bound", basis=Choice(one.bound_basis or "best"))
    return words("answer.decode", limit=Choice(_past(_bandwidth(one.limit or "unknown", share), share)),
                 tokens=Num(one.eager.tokens_per_s),
                 share=Share(share[0]), bound=bound, **values)


def rule_more(results: ResultSet, words: Words) -> str:
    """The rule of thumb for decoding, then for attention: the decode rule follows the verdict's bound on a
    language model and reads it as "such a bound", so it comes first."""
    parts = []
    one = _answered(results)
    if one is not None and one.eager is not None and one.limit is not None:
        share = one.share(one.eager)
        assert share is not None  # (chosen for having a bound)
        medians = one.eager.point.process_medians
        graph = one.graph
        if (graph is not None and one.limit == "unclear" and one.accounting == "replay" and len(medians) >= 2
                and min(medians) * BOUND_SHARE >= (graph.point.ci_high_s or graph.seconds)):
            # The eager step's scatter hides what the replay shows: the host's part of each call takes more than
            # half of even the fastest eager process's step, so the rule says the calls limit it, as the answer does.
            parts.append(words("rule.decode", limit=Choice("unclear_replay"), device=words.device(one.device),
                               fastest=Factor(min(medians) / graph.seconds)))
        else:
            form = _bandwidth(one.limit, share)
            values: dict = dict(device=words.device(one.device), share=Share(share[0]), dtype=Text(one.dtype))
            if form.startswith("bandwidth"):
                # The bound named by the measured rate it rests on where that is not the B @ a rate of the bound just
                # said; the rate itself stands in the table above it and in the chapter on language models.
                values["bound"] = Phrase.of("rule.decode.rate", basis=Choice(one.bound_basis or "best"))
            parts.append(words("rule.decode", limit=Choice(form), **values))
    else:
        parts.append(words("rule.decode.none"))
    device = present_accelerator(results)
    found = attention(results, device)
    if found.device is not None and found.compared:
        overall = found.direction
        key = {FASTER: "faster", SLOWER: "slower", SAME: "same"}.get(str(overall), "mixed")
        if key == "same" and any(c.reading == UNCLEAR for _, comparisons in found.comparisons for c in comparisons):
            key = "unclear"  # "the device does not matter" needs every call level, not merely too noisy to tell
        parts.append(words("rule.attention", direction=Choice(key), device=words.device(found.device),
                           dtype=Text(ATTENTION_COMPARED)))
    return " ".join(parts)


# -- three ways to run the step ----------------------------------------------------------------

def _versus(one: StepWays, words: Words) -> str:
    """The CUDA graph (every kernel, one launch) against the compiled step (fewer kernels, each launched), where
    both were measured well; why the compiled step is missing, where it was tried and failed."""
    graph, compiled = one.way("graph"), one.way("compiled")
    if compiled is not None and compiled.step is None:
        point = compiled.point
        why = reason_text(point.reason, words) if point is not None and point.reason else words(
            "decode.missing.no_reason")
        return words("decode.ways.compile_missing", why=why)
    ratio = one.against("compiled", "graph")
    if graph is None or compiled is None or ratio is None or graph.how != "cuda_graph":
        return ""
    direction: str = ratio.reading()
    factor = Factor(ratio.value if direction == FASTER else 1 / ratio.value)
    values: dict = {}
    if direction == UNCLEAR:
        # Named from the side whose median leads, with the interval the oracle checks against it.
        ahead = ratio.value >= 1
        low, high = (ratio.low, ratio.high) if ahead else (1 / ratio.high, 1 / ratio.low)
        factor = Factor(ratio.value if ahead else 1 / ratio.value)
        values = dict(low=Factor(low), high=Factor(high))
        direction = UNCLEAR if not ahead else "unclear_compiled"
        medians = compiled.step.point.process_medians if compiled.step else []
        if medians and max(medians) >= SCATTERED * min(medians):
            # How far apart its processes lay, said after the interval as the slowest over the fastest.
            direction = "scattered" if direction == UNCLEAR else "scattered_compiled"
            values["spread"] = Factor(max(medians) / min(medians))
    if graph.kernels is None or compiled.kernels is None:
        return words("decode.ways.versus.uncounted", direction=Choice(direction), factor=factor, **values)
    return words("decode.ways.versus", direction=Choice(direction), factor=factor, kernels=Count(graph.kernels),
                 fused=Count(compiled.kernels), **values)


#: How far apart (slowest over fastest) the compiled step's process medians lie for the sentence to say its speed
#: varied widely between processes instead of quoting a median no rerun would keep.
SCATTERED = 2.0


def decode_scope(results: ResultSet, words: Words) -> str:
    """On a build without an accelerator, said once before the paragraph on timing the step with fewer calls: what
    this build timed (the eager step, its precision and its one context), which tells the reader that the sections
    on an accelerator's ways have no results here; where MLX was not installed either, that too, so that neither
    those sections nor MLX's own repeat a line on what this build lacks."""
    step = _cpu_step(results)
    if step is None:
        return ""  # an accelerator's build says what it timed in each section; one that timed no step says so below
    return words("decode.ways.none", why=Choice("no_accelerator"), mlx=Choice(_mlx_said(results)),
                 dtype=Text(step.dtype), context=Size(step.context))


def _mlx_said(results: ResultSet) -> str:
    """Whether the scope sentence of a build without an accelerator also says it had no MLX (``absent``)."""
    return "absent" if mlx_state(results) == "not_installed" else "present"


def _cpu_step(results: ResultSet) -> Decoding | None:
    """On a build without an accelerator, its eager decode step where one was measured: then the scope sentence says
    once what the build timed, and the sections that only an accelerator fills say nothing."""
    if present_accelerator(results):
        return None
    return next((one for one in decoding(results) if one.eager is not None), None)


def ways_lead(results: ResultSet, words: Words) -> str:
    """What the table of ways counts, where the build has that table (an accelerator's): nothing promised else."""
    return words("decode.ways.lead") if ways_table(results, words) else ""


def _bounded_ways(results: ResultSet) -> list[StepWays]:
    """The devices whose ways table has a size-matched bound and at least one way measured well."""
    return [one for one in step_ways(results) if one.bound_tokens_per_s is not None and one.matched_gb_s is not None
            and any(way.step for way in one.ways)]


def ways_sentence(results: ResultSet, words: Words) -> str:
    """Per device that replays CUDA graphs, replaying against fusing (the table of ways carries the counts)."""
    found = _bounded_ways(results)
    parts = [versus for one in found if (versus := _versus(one, words))]
    if found:
        return " ".join(parts)
    return _none("decode.ways.none", results, words, told=False)


def ways_bound(results: ResultSet, words: Words) -> str:
    """Per device, the size-matched bound (the step's own matrices read alone, over a token's bytes) beside the
    bound from ``B @ a``'s best rate: the note on where the bound is measured says it."""
    parts = []
    for one in _bounded_ways(results):
        bound = one.bound_tokens_per_s
        if bound is None:
            continue
        # The rates and the bytes behind either bound are the decode table's (and B @ a's chapter's): the sentence
        # sets the two bounds side by side.
        values = dict(device=words.device(one.device), bound=Num(bound))
        if one.band is not None:
            text = words("decode.ways.bound", best_bound=Num(one.band.memory_gb_s * 1e9 / one.bytes_per_token),
                         **values)
        else:
            text = words("decode.ways.bound.no_band", **values)
        parts.append(text)
    return " ".join(parts)


# -- MLX beside PyTorch ---------------------------------------------------------------------------

def _tf32(value: str | None) -> str:
    """The form of ``mlx.setup`` for MLX's float32 switch as recorded: unset, off (0), or on (any other value)."""
    return "unset" if value in (None, "unset") else "off" if value.strip() == "0" else "on"


def _missing(pair: MlxPair, words: Words) -> str:
    """Why one workload was not set beside PyTorch's (those compared are rows of the MLX table)."""
    point = pair.mlx
    why = (reason_text(point.reason, words) if point.reason else words("decode.missing.no_reason")) \
        if not point.ok else words("mlx.missing.tf32") if pair.tf32 else words("mlx.missing.torch")
    return words("mlx.missing", workload=Choice(pair.workload), why=why)


def _summary(rows: tuple[Said, ...], words: Words) -> str:
    """The table's conclusion in one sentence without numbers: at which workloads MLX was faster, slower, level
    or too noisy to tell, each side said once, in the order the table first shows it."""
    sides: dict[str, list[Phrase]] = {}
    for row in rows:
        sides.setdefault(row.values["direction"].value, []).append(
            Phrase.of("mlx.name", workload=row.values["workload"]))
    return words("mlx.summary", sides=Listing(tuple(
        Phrase.of("mlx.side", direction=Choice(side), workloads=Listing(tuple(names)))
        for side, names in sides.items())))


def mlx_sentence(results: ResultSet, words: Words) -> str:
    """MLX beside PyTorch on the same class of device, workload by workload at the same parameters and precision,
    with MLX's version and float32 switch; where MLX was not measured, why (one sentence)."""
    state = mlx_state(results)
    if state == "not_installed" and _cpu_step(results) is not None:
        return ""  # (the scope sentence before the step's sections says this build had no MLX)
    if state == "not_installed":
        return words("mlx.not_installed")
    if state == "unknown":
        return words("mlx.unknown")
    if state == "unmeasured":
        return words("mlx.unmeasured", version=Text(str(results.environment["mlx"]["version"])))
    parts = []
    for one in mlx_beside(results):
        tf32 = one.tf32 or "unset"
        parts.append(words("mlx.setup", tf32=Choice(_tf32(tf32)), version=Text(one.version or "?"),
                           device=words.device(one.counterpart), value=Text(tf32)))
        rows = tuple(r for r in mlx_rows(results, words) if r.values["device"] == words.device(one.counterpart))
        if rows:
            parts.append(_summary(rows, words))
        parts += [_missing(pair, words) for pair in one.pairs if not compared(pair)]
    return " ".join(parts)
