"""The sentences of the timing chapter: naive ``timeit`` against the synchronised timer, at the largest size
both measured and at the blog post's own sizes."""

from __future__ import annotations

from mpsarticle.analysis import findings as f
from mpsarticle.analysis import series
from mpsarticle.analysis.findings.timing import AGREES, NOISY, TOO_LARGE, TOO_SMALL, NaiveVerdict
from mpsarticle.article import mac_model
from mpsarticle.article.formatting import interval_digits, ratio_digits
from mpsarticle.article.wording import Choice, Count, Factor, Listing, Seconds, Size, Words
from mpsarticle.core.stats import SAME, UNCLEAR, Ratio
from mpsarticle.results.model import ResultSet

__all__ = ["cpu_gap_sentence", "gap_sentence", "naive_sentence", "post_sentence", "sentences"]


def sentences(results: ResultSet, words: Words) -> dict[str, str]:
    gaps = f.naive_gaps(results)
    machine = f.machine(results)
    alone = machine.accelerator is None
    return {"naive_sentence": naive_sentence(gaps, machine, words),
            "cpu_sentence": cpu_gap_sentence(gaps, words, alone=alone, table=_table_agreement(results)),
            "post_sentence": post_sentence(f.naive_timing(results), machine, words),
            "model_post_sentence": mac_model.post_sentence(results, words)}


def naive_sentence(gaps: dict[str, f.Gap], machine: f.Machine, words: Words) -> str:
    """The accelerator's naive time against its synchronised one, or why they cannot be compared."""
    accelerator = machine.accelerator
    if accelerator is None:
        return words("gap.no_accelerator")
    if accelerator.kind in gaps:
        return gap_sentence(gaps[accelerator.kind], words)
    return words("gap.unmeasured", device=words.device(accelerator.kind))


def _table_agreement(results: ResultSet) -> dict[int, str]:
    """Naive timeit against the synchronised timer on the CPU at each size of the table above the sentence (suite
    ``matvec``, as :func:`mpsarticle.article.tables.methods_table` draws it): size -> :func:`series.agreement`."""
    naive = dict(series.series(results, workload="matvec", device="cpu", method="naive", suite="matvec"))
    engine = dict(series.series(results, workload="matvec", device="cpu", suite="matvec"))
    return {size: series.agreement(naive[size], engine[size]) for size in sorted(naive.keys() & engine.keys())}


def cpu_gap_sentence(gaps: dict[str, f.Gap], words: Words, alone: bool = False,
                     table: dict[int, str] | None = None) -> str:
    """The CPU's naive time against its synchronised one, or that there is none. ``alone``: the build has no
    accelerator, so the sentence before (gap.no_accelerator) has said why a CPU has no queue to miss, and the table
    above gives both times and their ratio; where no size in it (``table``, :func:`_table_agreement`) shows the two
    apart, nothing follows: what the two timers come to on a CPU is said once, at the blog post's sizes
    (:func:`post_sentence`)."""
    if "cpu" not in gaps:
        return words("gap.cpu.none")
    if alone and table and set(table.values()) <= {SAME, UNCLEAR}:
        return ""
    return gap_sentence(gaps["cpu"], words)


def gap_sentence(gap: f.Gap, words: Words) -> str:
    # The factor is always the larger time over the smaller: "2× too small", never "0.5× too large".
    factor = Factor(gap.ratio.value if gap.verdict == "optimistic" else 1 / gap.ratio.value)
    values = dict(size=Size(gap.size), naive=Seconds(gap.naive_s), engine=Seconds(gap.engine_s), factor=factor)
    if gap.device == "cpu":
        return words("gap.cpu", verdict=Choice(gap.verdict), **values)
    if gap.events_s is not None:
        return words("gap.events", verdict=Choice(gap.verdict), device=words.device(gap.device),
                     events=Seconds(gap.events_s), **values)
    return words("gap", verdict=Choice(gap.verdict), device=words.device(gap.device), **values)


def post_sentence(found: dict[str, f.NaiveTiming], machine: f.Machine, words: Words) -> str:
    """What this build shows about naive timing at the blog post's sizes: on its accelerator, else on its CPU."""
    accelerator = machine.accelerator
    if accelerator is not None:
        device = words.device(accelerator.kind)
        timing = found.get(accelerator.kind)
        if timing is None:
            return words("post.unmeasured", device=device)
        worst = timing.worst(TOO_SMALL)
        if timing.too_small == "all" and worst is not None:
            return words("post.all", device=device, first=Size(timing.sizes[0].size),
                         last=Size(timing.sizes[-1].size), factor=Factor(worst.factor), at=Size(worst.size))
        then = "post.some.then" if timing.too_small == "some" else "post.none.then"
        # On a Mac the build's own GPU is of the post's kind; elsewhere the post's bars ran on another GPU.
        where = Choice("mac" if accelerator.kind == "mps" else "other")
        return f"{_naive_sizes(timing, device, words)} {words(then, where=where)}"
    timing = found.get("cpu")
    if timing is None:
        return words("post.none")
    if not (timing.having(TOO_SMALL) or timing.having(TOO_LARGE)):
        # Nothing a CPU could show apart: the range of the ratio, once, not a verdict size by size (the table has
        # each); the chapter's first sentence (gap.no_accelerator) has said why.
        ratios = [s.ratio for s in timing.sizes]
        low, high = min(ratios, key=lambda r: r.value), max(ratios, key=lambda r: r.value)
        # Every median at or below 1: naive timeit, if anything, ran long (a CPU has no queue for it to miss).
        side = "long" if all(r.value <= 1 for r in ratios) else "mixed"
        return words("post.cpu", side=Choice(side), device=words.device("cpu"), low=_in_range(low),
                     high=_in_range(high))
    # No lead saying the build has no accelerator: the chapter's first sentence (gap.no_accelerator) says it; that
    # a CPU has no queue is said once, in the chapter's prose, unless a difference needs it as its reason.
    return " ".join([_naive_sizes(timing, words.device("cpu"), words), words("post.cpu.differs")])


def _as_in_table(ratio: Ratio) -> Factor:
    """A ratio with the digits the table of the post's sizes writes it with (tables.post_rows)."""
    digits = interval_digits(ratio)[0]
    return Factor(ratio.value, digits) if digits is not None else Factor(ratio.value)


def _in_range(ratio: Ratio) -> Factor:
    """A ratio of a range with at least the table's digits, and enough that its side of 1 shows (never ``1.0×``)."""
    digits = interval_digits(ratio)[0]
    return Factor(ratio.value, max(digits or 0, ratio_digits(ratio.value)))


def _naive_sizes(timing: f.NaiveTiming, device: str, words: Words) -> str:
    """What naive timing did at the post's sizes, in one sentence: the furthest it was off each way, or where it
    agreed and where its times scattered too much to judge; each size stands in the table beside it
    (tables.post_rows)."""
    margin = Factor(1 + series.AGREEMENT_MARGIN)
    agree, noisy = timing.having(AGREES), timing.having(NOISY)
    ends = dict(device=device, first=Size(timing.sizes[0].size), last=Size(timing.sizes[-1].size), margin=margin)
    if len(agree) == len(timing.sizes):
        return words("post.agrees_all", **ends)
    if len(noisy) == len(timing.sizes):
        # The ratios' range leads the table that repeats it size by size: one value where every size reads alike.
        ratios = [s.ratio for s in timing.sizes]
        low = _as_in_table(min(ratios, key=lambda r: r.value))
        high = _as_in_table(max(ratios, key=lambda r: r.value))
        span = "one" if words.render(low) == words.render(high) else "range"
        return words("post.noisy_all", span=Choice(span), low=low, high=high, **ends)
    if agree and len(agree) + len(noisy) == len(timing.sizes):
        # Agreeing or too scattered to judge: name the fewer of the two.
        if len(noisy) > len(agree):
            return words("post.noisy_most", device=device, sizes=Listing(tuple(Size(s.size) for s in agree)),
                         count=Count(len(agree)), total=Count(len(timing.sizes)), margin=margin)
        return words("post.agrees_most", device=device, sizes=Listing(tuple(Size(s.size) for s in noisy)),
                     margin=margin)
    small, large = timing.worst(TOO_SMALL), timing.worst(TOO_LARGE)
    if small is not None and large is not None:
        return words("post.both", device=device, small=Factor(small.factor), small_at=Size(small.size),
                     large=Factor(large.factor), large_at=Size(large.size))
    worst = small or large
    assert worst is not None, "a size neither agreeing nor too scattered is too short or too long"
    verdict: NaiveVerdict = TOO_SMALL if small is not None else TOO_LARGE
    return words("post.one_way", verdict=Choice(verdict), device=device, count=Count(len(timing.having(verdict))),
                 total=Count(len(timing.sizes)), factor=Factor(worst.factor), at=Size(worst.size))
