"""The sentences of the timing chapter: naive ``timeit`` against the synchronised timer, at the largest size
both measured and at the blog post's own sizes."""

from __future__ import annotations

from mpsarticle.analysis import findings as f
from mpsarticle.analysis import series
from mpsarticle.analysis.findings.timing import AGREES, NOISY, TOO_LARGE, TOO_SMALL
from mpsarticle.article import mac_model
from mpsarticle.article.wording import Choice, Factor, Listing, Phrase, Seconds, Share, Size, Words
from mpsarticle.core.profiles import ORIGINAL_SIZES
from mpsarticle.results.model import ResultSet

__all__ = ["cpu_gap_sentence", "gap_sentence", "naive_sentence", "post_sentence", "sentences"]


def sentences(results: ResultSet, words: Words) -> dict[str, str]:
    gaps = f.naive_gaps(results)
    machine = f.machine(results)
    return {"naive_sentence": naive_sentence(gaps, machine, words),
            "cpu_sentence": cpu_gap_sentence(gaps, words),
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


def cpu_gap_sentence(gaps: dict[str, f.Gap], words: Words) -> str:
    """The CPU's naive time against its synchronised one, or that there is none."""
    return gap_sentence(gaps["cpu"], words) if "cpu" in gaps else words("gap.cpu.none")


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
        return f"{_naive_sizes(timing, device, words)} {words(then)}"
    timing = found.get("cpu")
    if timing is None:
        return words("post.none")
    differ = timing.having(TOO_SMALL) or timing.having(TOO_LARGE)
    # No lead saying the build has no accelerator: the chapter's first sentence (gap.no_accelerator) says it.
    return " ".join([_naive_sizes(timing, words.device("cpu"), words),
                     words("post.cpu.differs" if differ else "post.cpu.agrees"), words("post.cpu.archive")])


def _naive_sizes(timing: f.NaiveTiming, device: str, words: Words) -> str:
    """Where the naive figure was too small, too large, or agreed, size by size."""
    margin = Share(series.AGREEMENT_MARGIN)
    agree = timing.having(AGREES)
    for every, key in ((agree, "post.agrees_all"), (timing.having(NOISY), "post.noisy_all")):
        if len(every) == len(timing.sizes):
            return words(key, device=device, first=Size(timing.sizes[0].size), last=Size(timing.sizes[-1].size),
                         margin=margin)
    noisy = timing.having(NOISY)
    if agree and len(agree) + len(noisy) == len(timing.sizes) and len(noisy) > len(agree):
        # Mostly too scattered to judge: name the fewer sizes, where the two agreed.
        return words("post.noisy_most", device=device, sizes=Listing(tuple(Size(s.size) for s in agree)),
                     margin=margin)
    clauses = []
    order = list(ORIGINAL_SIZES)
    for verdict in (TOO_SMALL, TOO_LARGE, NOISY):
        group, worst = timing.having(verdict), timing.worst(verdict)
        if group and worst is not None:
            sizes = [s.size for s in group]
            # Three or more of the post's sizes in a row read as a span, "from m = 500 to 3,000", not as a list.
            start = order.index(sizes[0]) if sizes[0] in order else -1
            span = "run" if len(sizes) >= 3 and start >= 0 and order[start:start + len(sizes)] == sizes else "list"
            clauses.append(Phrase.of("post.clause", verdict=Choice(verdict), span=Choice(span),
                                     sizes=Listing(tuple(Size(s) for s in sizes)), first=Size(sizes[0]),
                                     last=Size(sizes[-1]), factor=Factor(worst.factor), at=Size(worst.size)))
    text = words("post.mixed", device=device, clauses=Listing(tuple(clauses)))
    return f"{text} {words('post.rest_agree', margin=margin)}" if agree else text
