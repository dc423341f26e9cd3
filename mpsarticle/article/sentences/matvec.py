"""The sentences of the chapter on ``B @ a``: the blog post's experiment, the crossover, and each device's
bandwidth against its copy."""

from __future__ import annotations

from mpsarticle.analysis import findings as f
from mpsarticle.analysis.findings.common import rate_ratio
from mpsarticle.article.sentences.common import drops_sentence, reading_word
from mpsarticle.article.tables import bandwidth_source
from mpsarticle.article.wording import (
    Choice,
    Count,
    Factor,
    Listing,
    Num,
    Phrase,
    Seconds,
    Size,
    Words,
)
from mpsarticle.core.stats import LEVEL_SPAN, UNCLEAR
from mpsarticle.results.model import ResultSet

__all__ = ["bandwidth_sentence", "bandwidth_sentences", "crossover_sentence", "leaning_sentence", "original_sentence",
           "sentences"]


def sentences(results: ResultSet, words: Words) -> dict[str, str]:
    return {
        "orig_sentence": original_sentence(f.original(results), words),
        "crossover_sentence": crossover_sentence(f.crossover(results), words),
        "bandwidth_sentence": " ".join(bandwidth_sentences(results, words)),
    }


def original_sentence(found: f.Original, words: Words) -> str:
    if found.size is None:
        return words("original.none")
    totals = [Phrase.of("original.total", total=Seconds(total), device=words.device(device))
              for device, total in found.totals]
    return words("original.sentence", calls=Count(found.calls), size=Size(found.size), totals=Listing(tuple(totals)))


def crossover_sentence(found: f.Crossover, words: Words) -> str:
    """Where the accelerator wins, and below that only the sizes either side is shown faster at: the sizes whose
    ratio's interval reaches 1 (:func:`leaning_sentence`) are the chart's to show, under its rule for a win."""
    return _crossover(found, words)


def leaning_sentence(found: f.Crossover, words: Words) -> str:
    """The sizes, below any crossover, read as too noisy to tell at which the CPU's median is the faster one by
    more than :data:`~mpsarticle.core.stats.LEVEL_SPAN` (a lead a chart shows plainly): the largest such lead, with
    the ratio's interval that still holds 1."""
    below = found.size if found.kind == "from" and found.size is not None else None
    leaning = [c for c in found.comparisons if c.reading == UNCLEAR and c.speedup.value < 1 / LEVEL_SPAN
               and (below is None or c.size < below)]
    if not leaning or found.kind in ("cpu_only", "no_pairs"):
        return ""
    most = min(leaning, key=lambda c: c.speedup.value)
    return words("crossover.leaning", sizes=Listing(tuple(Size(c.size) for c in leaning)),
                 factor=Factor(1 / most.speedup.value), at=Size(most.size), low=Factor(most.speedup.low),
                 high=Factor(most.speedup.high))


def _crossover(found: f.Crossover, words: Words) -> str:
    if found.kind == "cpu_only":
        return words("crossover.cpu_only")
    device = words.device(found.device or "")
    largest, first = found.largest, found.smallest
    if found.kind == "no_pairs" or largest is None or first is None:  # (no pairs: no comparison either)
        return words("crossover.no_pairs", device=device)
    if found.kind == "always":
        return words("crossover.always", device=device, first=Size(first.size),
                     first_factor=Factor(first.speedup.value), largest=Size(largest.size),
                     factor=Factor(largest.speedup.value))
    if found.kind == "from" and found.size is not None:  # (a crossover has a size)
        return words("crossover.from", below=Choice(found.below), device=device, size=Size(found.size),
                     largest=Size(largest.size), factor=Factor(largest.speedup.value),
                     noisy=Listing(tuple(Size(s) for s in found.noisy_below)),
                     told=Listing(tuple(Size(s) for s in found.told_below)),
                     wins=Listing(tuple(Size(s) for s in found.wins_below)),
                     losses=Listing(tuple(Size(s) for s in found.losses_below)))
    # Never "faster": it would be a crossover. Level only where the two intervals are narrow enough to say so.
    tail = reading_word(largest.reading)
    if found.kind == "never":
        return words("crossover.never", direction=Choice(tail), device=device, largest=Size(largest.size),
                     factor=Factor(largest.slowdown), acc=Seconds(largest.accelerator_s), cpu=Seconds(largest.cpu_s))
    best = found.best
    assert best is not None, "a mixed crossover has a win"
    return words("crossover.mixed", direction=Choice(tail), device=device,
                 wins=Listing(tuple(Size(s) for s in found.wins)), best=Size(best.size),
                 factor=Factor(best.speedup.value), largest=Size(largest.size),
                 slow_factor=Factor(largest.slowdown))


def bandwidth_sentences(results: ResultSet, words: Words) -> list[str]:
    """What each device's best ``B @ a`` against its copy means (the numbers are the table's:
    tables.bandwidth_rows), then any rate that fell by more than half."""
    found = [bandwidth_sentence(b, words) for b in f.bandwidths(results)] or [words("bandwidth.none")]
    falls = drops_sentence(f.drops(results, ("matvec", "copy")), words, environment=results.environment)
    return found + ([falls] if falls else [])


def bandwidth_sentence(found: f.Bandwidth, words: Words) -> str:
    """The conclusion of one device's row: memory, a cache, level, too noisy, or nothing to compare with."""
    source = bandwidth_source(found)
    values: dict = {}
    if source == "unclear":
        # Two rates that look apart yet are not called so: the ratio and its interval say why.
        best, copy = found.evidence[0], found.evidence[-1]
        ratio = rate_ratio(best, copy, "bytes_moved")
        values = dict(factor=Factor(ratio.value), low=Num(ratio.low, 2), high=Factor(ratio.high))
    if bandwidth_source(found) in ("level", "unclear") and found.cache_bytes and \
            found.matrix_bytes <= found.cache_bytes:
        # The reader's first question of a rate that looks above the copy: the matrix likely sat in the cache.
        source = source.replace("unclear", "unclear.cache") if source.startswith("unclear") else source + ".cache"
    return words("bandwidth.reading", source=Choice(source), device=words.device(found.device), **values)
