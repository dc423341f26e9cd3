"""The opening page's sentences: the answer, the model's answer for Macs, and the tokens per second of a decode step.

The answer is chosen from :func:`mpsarticle.analysis.verdict.verdict`, in four
sentences (:func:`answer_sentences`): where the accelerator wins and by how
much (``answer_lead``), where it loses (``answer_detail``), the rule of thumb
that follows (``answer_rule``), and the bound on a language model's tokens per
second (``answer_llm``). On a build without an accelerator the same four say
what this CPU did instead; on a build where nothing succeeded, the first says
so. The opening page states the short answer (:data:`INDEX_ANSWER`); the rule
and the bound stand in the verdict chapter (:mod:`.verdict`), with the reasons.
"""

from __future__ import annotations

from mpsarticle.analysis.findings import MISSING, MIXED
from mpsarticle.analysis.findings.matvec import Bandwidth
from mpsarticle.analysis.verdict import TokenBound, Verdict, verdict
from mpsarticle.article import mac_model
from mpsarticle.article.formatting import reading_name
from mpsarticle.article.sentences.llm import decode_answer
from mpsarticle.article.sentences.matvec import memory_pace
from mpsarticle.article.wording import (
    Billions,
    Bytes,
    Choice,
    Count,
    Factor,
    Listing,
    Phrase,
    Rate,
    Share,
    Size,
    Text,
    Words,
)
from mpsarticle.core.stats import FASTER, LEVEL_SPAN, SAME, SLOWER, UNCLEAR
from mpsarticle.results.model import ResultSet

__all__ = ["INDEX_ANSWER", "answer_sentences", "bound_cap", "sentences"]

#: What the opening page states of the answer (a short answer; the rule of thumb and the bound on a
#: language model stand in the verdict chapter, with the reasons).
INDEX_ANSWER = ("answer_lead", "answer_detail", "answer_caption", "answer_alt")


def sentences(results: ResultSet, words: Words) -> dict[str, str]:
    answer = answer_sentences(results, words)
    return {"model_answer": mac_model.answer(results, words),
            "model_answer_note": mac_model.answer_note(results, words),
            "model_answer_error": mac_model.answer_error(results, words),
            "model_answer_rows": mac_model.answer_rows_sentence(results, words),
            **{key: answer[key] for key in INDEX_ANSWER},
            "answer_decode": decode_answer(results, words)}


def answer_sentences(results: ResultSet, words: Words) -> dict[str, str]:
    found = verdict(results)
    if not found.coverage.ok:
        nothing = words("answer.nothing", count=Count(found.coverage.points))
        return {"answer_lead": nothing, "answer_detail": words("answer.cpu_facts.none"),
                "answer_rule": words("answer.rule.nothing"), "answer_llm": words("answer.tokens.none"),
                "answer_caption": words("caption.answer.nothing"), "answer_alt": words("alt.answer.nothing")}
    # The chart's alt text describes the chart this build draws (docs/*/index.md names it with conf.py's GLUED_ALT).
    if not found.compared:
        lead, detail, rule = _cpu_answer(found, results, words)
        caption, alt = words("caption.answer.cpu_only"), words("alt.answer.cpu_only")
    else:
        lead, detail, rule = _compared_answer(found, words)
        lead = _built_on(found, words) + lead
        device = words.device(_compared_device(found))
        caption, alt = (words("caption.answer.compared", device=device),
                        words("alt.answer.compared", device=device))
    return {"answer_lead": lead, "answer_detail": detail, "answer_rule": rule, "answer_llm": _tokens(found, words),
            "answer_caption": caption, "answer_alt": alt}


def _built_on(found: Verdict, words: Words) -> str:
    """Which machine built this copy, before its numbers: a reader who came for a Mac must not take an NVIDIA
    server's GPU for theirs."""
    accelerator = found.machine.accelerator
    if accelerator is None:
        return ""
    kind = "mps" if accelerator.kind == "mps" else "other"
    return words("answer.machine", kind=Choice(kind), accelerator=Text(reading_name(accelerator.name)),
                 cpu=Text(reading_name(found.machine.cpu))) + " "


def _compared_device(found: Verdict) -> str:
    return found.crossover.device or found.matmul.device or found.training.device or ""


def _small_work(found: Verdict) -> tuple[bool, int | None]:
    """Whether the accelerator wins every kind compared from some size through its largest, with neither side shown
    faster below that size anywhere (and some size below): the rule is then "for all but small work". With it, the
    largest B @ a size of the run from the smallest up at which the CPU's median is the lower, too noisy to tell
    (``None`` where the smallest is not such)."""
    below = 0
    lower: int | None = None
    for workload, _, comparisons in found.kinds:
        if not comparisons:
            continue
        wins = [c.size for c in comparisons if c.direction == FASTER]
        if not wins:
            return False, None
        start = min(wins)
        if any(c.direction != FASTER for c in comparisons if c.size >= start):
            return False, None
        small = [c for c in comparisons if c.size < start]
        if any(c.direction != SAME for c in small):
            return False, None
        below += len(small)
        if workload == "matvec":
            for c in small:
                if c.reading != UNCLEAR or c.speedup.value >= 1:
                    break
                lower = c.size
    return below > 0, lower


def _compared_answer(found: Verdict, words: Words) -> tuple[str, str, str]:
    """How many of the chart's comparisons each side wins, and by up to how much; the rule points at the closing
    chapter's table, which says where (the sizes are said once, there)."""
    device = words.device(_compared_device(found))
    every = found.every_comparison
    won = [c.speedup.value for c in every if c.direction == FASTER]
    lost = [1 / c.speedup.value for c in every if c.direction == SLOWER]
    count = Count(len(every))
    # The chart shows which sizes each comparison is at, and its caption that they are the same on both devices: the
    # sentence gives the count and the largest gap alone.
    lead = words("answer.wins", device=device, wins=Count(len(won)), count=count,
                 factor=Factor(max(won))) if won else words("answer.no_wins", device=device)
    if lost:
        detail = words("answer.losses", losses=Count(len(lost)), count=count, factor=Factor(max(lost)))
    else:
        detail = _no_losses(found, words)
    accelerator = found.matmul.device
    for status in MISSING:
        dtypes = tuple(Text(p.dtype) for p in found.matmul.on(accelerator or "") if p.status == status)
        if dtypes:
            detail += " " + words("answer.missing", status=Choice(status), dtypes=Listing(dtypes), device=device)
    if found.wins or found.losses:
        sides = "both" if found.wins and found.losses else "use" if found.wins else "keep"
        small, lower = _small_work(found) if sides == "use" else (False, None)
        if small:
            sides = "small"
            rule = words("answer.rule.table", sides=Choice(sides), device=device,
                         lower=Choice("none" if lower is None else "cpu"),
                         **({} if lower is None else {"size": Size(lower)}))
        else:
            rule = words("answer.rule.table", sides=Choice(sides), device=device)
    # Neither side faster anywhere: "level" only where every size is narrow enough to call the two level.
    elif UNCLEAR not in found.ties:
        rule = words("answer.rule.level", device=device)
    elif found.ties == {UNCLEAR}:
        rule = words("answer.rule.unclear", device=device)
    else:
        rule = words("answer.rule.level_noisy", device=device)
    return lead, detail, rule


#: How the answer's chart labels a comparison of each kind: a sentence names a dot as the chart does.
CHART_LABEL = {"matvec": "figure.answer.matvec", "matmul": "figure.answer.matmul",
               "train_step": "figure.answer.train_step"}


def _no_losses(found: Verdict, words: Words) -> str:
    """The CPU faster nowhere by the ratio's interval; where its median is still the faster one by more than
    :data:`~mpsarticle.core.stats.LEVEL_SPAN` in a comparison too noisy to tell, the chart shows that dot plainly
    left of 1, so the sentence says that their runs are too noisy to call the CPU faster (the chart names each dot
    and draws each interval reaching 1; where the largest lead is, the lead, the ratio and the interval go to the
    oracle unprinted: the verdict chapter gives the smallest call's times)."""
    device = words.device(_compared_device(found))
    leaning = [(workload, dtype, c) for workload, dtype, comparisons in found.kinds for c in comparisons
               if c.reading == UNCLEAR and c.speedup.value < 1 / LEVEL_SPAN]
    if not leaning:
        return words("answer.no_losses", device=device)
    workload, dtype, most = min(leaning, key=lambda found: found[2].speedup.value)
    what = Phrase.of(CHART_LABEL[workload], size=Size(most.size), **({"dtype": Text(dtype)} if dtype else {}))
    ratio = most.speedup
    return words("answer.no_losses.leaning", device=device, leans=Count(len(leaning)),
                 count=Count(len(found.every_comparison)), span=Factor(LEVEL_SPAN), factor=Factor(1 / ratio.value),
                 what=what,
                 ratio=Factor(ratio.value), low=Factor(ratio.low), high=Factor(ratio.high))


def _cpu_answer(found: Verdict, results: ResultSet, words: Words) -> tuple[str, str, str]:
    machine = found.machine
    cpu = Text(reading_name(machine.cpu)) if not machine.cpu_threads else Phrase.of(
        "cpu.threads", cpu=Text(reading_name(machine.cpu)), threads=Count(machine.cpu_threads))
    present = machine.accelerator
    if present is not None:
        lead = words("answer.accelerator_failed", name=Text(present.name), api=words.api(present.kind), cpu=cpu)
    else:
        lead = words("answer.cpu_only", cpu=cpu)
    facts = []
    band = next((b for b in found.bandwidths if b.device == "cpu"), None)
    if band:
        # The rate from memory where a matrix too big for the caches was measured (a cache's faster rate stays in
        # the chapter on B @ a: the opening page gives one figure per workload).
        basis = band.memory_basis
        rate = band.memory_gb_s if basis == "beyond_cache" else band.gb_s
        facts.append(Phrase.of("cpufact.matvec", basis=Choice(basis), rate=Rate(rate, "GB/s"),
                               memory=Rate(band.memory_gb_s, "GB/s"), size=Size(band.memory_size)))
    float32 = next((p for p in found.matmul.on("cpu") if p.dtype == "float32" and p.status == "measured"), None)
    if float32 is not None and float32.gflop_s is not None:  # (a measured precision has its rate)
        # The best of the sizes measured, not the CPU's ceiling: the sentence says so.
        facts.append(Phrase.of("cpufact.matmul", rate=Rate(float32.gflop_s, "GFLOP/s")))
    detail = words("answer.cpu_facts", facts=Listing(tuple(facts))) if facts else words("answer.cpu_facts.none")
    halves = found.matmul.cpu_halves
    # Half precision "can pay off" where it was faster somewhere; the clauses say where (every size, or which).
    faster = tuple(Text(h.dtype) for h in halves if h.direction in (FASTER, MIXED))
    if not float32:
        rule = words("answer.cpu_rule.unmeasured")
    elif not halves:
        rule = words("answer.cpu_rule.none")
    else:
        # The size of the effect the rule rests on: each half precision's best rate over float32's best, each at
        # its own size (the precisions compared size by size stay in the chapter on matrix products).
        best = {p.dtype: p.gflop_s for p in found.matmul.on("cpu") if p.status == "measured" and p.gflop_s}
        against = {h.dtype: best[h.dtype] / float32.gflop_s for h in halves
                   if h.dtype in best and float32.gflop_s}
        if faster:
            # Said only where every precision named beats float32's best by a factor that prints above 1.0×.
            gains = [against.get(d.value, 0.0) for d in faster]
            shown = all(g > 1 and words.render(Factor(g)) != words.render(Factor(1.0)) for g in gains)
            rule = words("answer.cpu_rule.try", dtypes=Listing(faster, style="or"),
                         gain=Choice("shown" if shown else "plain"), count=Count(len(faster)),
                         gains=Listing(tuple(Factor(g) for g in gains)))
        else:
            rule = words("answer.cpu_rule.stay", dtypes=Listing(faster, style="or"))
        # A half precision slower at every size is the likelier trap on a CPU (no native arithmetic): said beside,
        # with how far below float32's best its own best stayed.
        slower = tuple(Text(h.dtype) for h in halves if h.direction == SLOWER)
        if slower:
            shares = [against.get(d.value, 1.0) for d in slower]
            rule += " " + words("answer.cpu_rule.avoid", dtypes=Listing(slower), count=Count(len(slower)),
                                share=Choice("shown" if all(s < 1 for s in shares) else "plain"),
                                shares=Listing(tuple(Share(s) for s in shares)))
        # A half precision too noisy to tell at every size: its best rate may still be far above float32's, so
        # "stay with float32" says what would settle it.
        untold = tuple(Text(h.dtype) for h in halves if h.direction == UNCLEAR)
        if untold:
            rule += " " + words("answer.cpu_rule.untold", dtypes=Listing(untold))
    return lead, detail, rule


def bound_cap(bound: TokenBound, band: Bandwidth | None) -> Phrase:
    """A ceiling only where memory sets B @ a's pace: where a plain copy reads memory measurably faster (or the two
    are too noisy to tell), the kernel may be what holds B @ a back, so its rate gives an estimate. A bound at a plain
    copy's rate is an estimate too: the bytes a copy is credited with leave out what write-allocate moves."""
    if bound.basis == "copy":
        return Phrase.of("tokens.cap", cap=Choice("about"))
    pace = memory_pace(band) if band is not None and bound.basis == "beyond_cache" else None
    return Phrase.of("tokens.cap", cap=Choice("about" if pace in ("kernel", "unclear") else "most"))


def _tokens(found: Verdict, words: Words) -> str:
    if not found.bounds:
        # B @ a measured, but nothing larger than a cache: a model's weights are read from memory, so no bound.
        return words("answer.tokens.cached" if found.bandwidths else "answer.tokens.none")
    # The lead of the verdict chapter's table of bounds (sentences.verdict.bound_rows), which gives each bound with
    # the rate it rests on.
    first = found.bounds[0]
    # Where every bound is at a B @ a rate, the lead says so once instead of each row.
    lead = "matvec" if all(bound.basis != "copy" for bound in found.bounds) else "each"
    return words("answer.tokens", lead=Choice(lead), parameters=Billions(first.parameters),
                 bits=Count(8 * first.bytes_per_parameter), model=Bytes(first.model_gb * 1e9, binary=False))
