"""The sentences of the chapter on ``B @ a``: the blog post's experiment, the crossover, and each device's
bandwidth against its copy."""

from __future__ import annotations

import statistics

from mpsarticle.analysis import findings as f
from mpsarticle.analysis import series
from mpsarticle.analysis.findings.common import rate_ratio
from mpsarticle.analysis.findings.timing import TOO_LARGE, TOO_SMALL
from mpsarticle.article.mac_model import crossover_span
from mpsarticle.article.sentences.common import drops_sentence, reading_word
from mpsarticle.article.tables import bandwidth_source
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
    Size,
    Words,
)
from mpsarticle.core.stats import LEVEL_SPAN, UNCLEAR, Ratio
from mpsarticle.results.model import Point, ResultSet

__all__ = ["alike_sentence", "bandwidth_sentence", "bandwidth_sentences", "crossover_sentence", "leaning_sentence",
           "mark_sentence", "memory_pace", "memory_sentence", "original_sentence", "sentences", "speedup_caption",
           "steep_sentence"]


def sentences(results: ResultSet, words: Words) -> dict[str, str]:
    return {
        "orig_sentence": original_sentence(f.original(results), words),
        "alike_sentence": alike_sentence(results, words),
        "mark_sentence": mark_sentence(results, words),
        "speedup_caption": speedup_caption(results, words),
        "steep_sentence": steep_sentence(results, words),
        "crossover_sentence": crossover_sentence(f.crossover(results), words, results),
        "bandwidth_sentence": " ".join(bandwidth_sentences(results, words)),
    }


def original_sentence(found: f.Original, words: Words) -> str:
    if found.size is None:
        return words("original.none")
    totals = [Phrase.of("original.total", total=Seconds(total), device=words.device(device))
              for device, total in found.totals]
    return words("original.sentence", calls=Count(found.calls), size=Size(found.size), totals=Listing(tuple(totals)))


def alike_sentence(results: ResultSet, words: Words) -> str:
    """Under the synchronised chart, on a build with only a CPU: the two charts look alike, since a CPU has no queue
    for naive timing to miss; said only where no size of the blog post's shows the two timers apart (the timing
    chapter's post.cpu), and nothing on a build with an accelerator, whose chart shows the difference."""
    if f.machine(results).accelerator is not None:
        return ""
    timing = f.naive_timing(results).get("cpu")
    if timing is None or timing.having(TOO_SMALL) or timing.having(TOO_LARGE):
        return ""
    return words("original.alike", device=words.device("cpu"))


def mark_sentence(results: ResultSet, words: Words) -> str:
    """What the speed-up chart marks: said only where there is an accelerator to compare (without one the chart
    holds nothing, and the crossover sentence says why)."""
    if f.machine(results).accelerator is None:
        return ""
    return words("crossover.mark")


def speedup_caption(results: ResultSet, words: Words) -> str:
    """The speed-up chart's caption: what its line at 1 means where the chart draws an accelerator's speed-ups, and
    that there is nothing to compare where it draws none (an empty frame: figures.matvec.speedup asks the same)."""
    return words("caption.crossover", drawn=Choice("compared" if series.accelerators(results) else "none"))


def steep_sentence(results: ResultSet, words: Words) -> str:
    """Where the time chart's curve is steeper than the work, device by device: the doubling of m (two sizes of any
    suite, one twice the other) whose time grew most, named only where the interval of its ratio lies wholly above
    the bytes' growth by more than :data:`~mpsarticle.core.stats.LEVEL_SPAN` (a larger matrix read clearly more
    slowly, as the chart shows plainly), with the cache the matrix outgrew there where the device reports one that
    it did and the rate held up to it (:func:`_held_to_cache`). Nothing on a device without such a doubling."""
    said: list[str] = []
    for device in sorted(results.devices, key=lambda d: d != "cpu"):  # the CPU first, as the tables list it
        steepest = _steepest_doubling(results, device)
        if steepest is None:
            continue
        (small, one), (large, other), grown = steepest
        cache = results.environment.get("devices", {}).get(device, {}).get("cache_bytes")
        crossed = isinstance(cache, int) and cache > 0 and one.bytes_moved <= cache < other.bytes_moved and \
            _held_to_cache(results, device, small, cache)
        cache_bytes = Bytes(cache if crossed else 0)
        said.append(words("steep", lead=Choice("next" if said else "first"),
                          cache=Choice("crossed" if crossed else "other"), device=words.device(device),
                          small=Size(small), large=Size(large), factor=Factor(grown.value),
                          small_bytes=Bytes(one.bytes_moved), large_bytes=_past(other.bytes_moved, cache_bytes, words),
                          cache_bytes=cache_bytes, small_rate=Rate(one.gb_s or 0.0, "GB/s"),
                          large_rate=Rate(other.gb_s or 0.0, "GB/s")))
    return " ".join(said)


def _held_to_cache(results: ResultSet, device: str, small: int, cache: int) -> bool:
    """Whether B @ a's rate, at every size measured from ``small`` up whose matrix still fits the cache, keeps at
    least half the rate at ``small``, by its interval and by each process's median: only then is the cache the place
    the rate gives way, rather than a size well inside it."""
    def times(point: Point) -> list[float]:
        found = [t for t in (point.median_s, point.ci_low_s, point.ci_high_s) if t]
        return found + [statistics.median(p) for p in point.processes if p]
    good = [p for p in results.select(workload="matvec", device=device, method="engine") if p.ok and p.bytes_moved]
    base = [p.bytes_moved / t for p in good if p.params.get("m") == small for t in times(p)]
    inside = [p.bytes_moved / t for p in good if int(p.params.get("m", 0)) > small and p.bytes_moved <= cache
              for t in times(p)]
    return bool(base) and all(rate >= max(base) / 2 for rate in inside)


def _past(moved: float, cache: Bytes, words: Words) -> Bytes:
    """The bytes of a matrix just past a cache, with the digits that write it apart from the cache's size (64.0 MiB
    "past the 64.0 MiB of cache" reads as no step at all)."""
    found = Bytes(moved)
    while found.text(words) == cache.text(words) and found.digits < 6:
        found = Bytes(moved, digits=found.digits + 1)
    return found


def _steepest_doubling(results: ResultSet, device: str) -> tuple[tuple[int, Point], tuple[int, Point], Ratio] | None:
    """((m, point), (2m, point), larger time over smaller) of the device's B @ a whose time grew most over a doubling
    of m, among those clearly steeper than the bytes; ``None`` where none is."""
    points = dict(series.series(results, workload="matvec", device=device))
    found: list[tuple[tuple[int, Point], tuple[int, Point], Ratio]] = []
    for small, one in points.items():
        other = points.get(2 * small)
        if other is None or not one.bytes_moved or not other.bytes_moved:
            continue
        grown = series.compare(other, one)  # the larger matrix's time over the smaller's
        if grown.low > LEVEL_SPAN * other.bytes_moved / one.bytes_moved:
            found.append(((small, one), (2 * small, other), grown))
    return max(found, key=lambda item: item[2].value, default=None)


def crossover_sentence(found: f.Crossover, words: Words, results: ResultSet | None = None) -> str:
    """Where the accelerator wins, and below that only the sizes either side is shown faster at: the sizes whose
    ratio's interval reaches 1 (:func:`leaning_sentence`) are the chart's to show, under its rule for a win. With no
    accelerator, that this build cannot show a crossover, and where the article's model puts a Mac's (``results``:
    what the model is fitted on, as the opening page's span is)."""
    if found.kind == "cpu_only":
        return _no_crossover(results, words)
    return _crossover(found, words)


def _no_crossover(results: ResultSet | None, words: Words) -> str:
    """No accelerator measured: the model's span over the Macs whose bandwidth Apple states, the opening page's
    (:func:`mpsarticle.article.mac_model.answer`), where it has one."""
    span = crossover_span(results) if results is not None else None
    if span is None:
        return words("crossover.cpu_only", model=Choice("none"))
    return words("crossover.cpu_only", model=Choice("span"), **span)


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
    """The conclusion of one device's row: memory, a cache, level, too noisy, or nothing to compare with; where the
    best rate may have come from a cache, the rate of a matrix too big for it follows (:func:`memory_sentence`)."""
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
    said = words("bandwidth.reading", source=Choice(source), device=words.device(found.device), **values)
    if source in CACHED:
        said = " ".join(filter(None, (said, memory_sentence(found, words))))
    return said


#: The readings whose best rate may have come from a cache: the rate from memory is what the reader then needs.
CACHED = frozenset({"in_cache", "cache", "level.cache", "unclear.cache"})


def memory_sentence(found: f.Bandwidth, words: Words) -> str:
    """What sets B @ a's pace once its matrix is too big for the device's caches (the table's last column gives
    that rate, the one the verdict and the chapter on language models read a model's weights at), against the
    device's largest plain copy: the kernel where the copy is measurably faster, memory where the two are level or
    B @ a is faster; nothing where no matrix measured is shown to be too big for the caches, or no copy was
    measured."""
    pace = memory_pace(found)
    if pace is None:
        return ""
    return words("bandwidth.memory", pace=Choice(pace), device=words.device(found.device),
                 size=Size(found.memory_size), matrix=Bytes(found.memory_point.bytes_moved),
                 rate=Rate(found.memory_gb_s, "GB/s"))


#: B @ a's rate from memory against the plain copy's, as what sets its pace.
PACE = {"slower": "kernel", "same": "memory", "faster": "memory", "unclear": "unclear"}


def memory_pace(found: f.Bandwidth) -> str | None:
    """What sets B @ a's pace on a matrix too big for the device's caches (:data:`PACE`'s word), read against its
    largest plain copy; ``None`` where no matrix measured is shown to be too big for the caches, or no copy was
    measured."""
    if not found.from_memory or len(found.evidence) < 3:
        return None
    return PACE[reading_word(rate_ratio(found.memory_point, found.evidence[-1], "bytes_moved").reading())]
