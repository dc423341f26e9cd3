"""What several chapters' sentences share: a direction in words, the winner's advantage, a CUDA GPU's recorded
setting, the rates that fell by more than half, and measured points named in words."""

from __future__ import annotations

from collections.abc import Sequence

from mpsarticle.analysis import findings as f
from mpsarticle.analysis import series
from mpsarticle.article.wording import (
    Bytes,
    Choice,
    Factor,
    Listing,
    Phrase,
    Rate,
    Share,
    Size,
    Text,
    Words,
)
from mpsarticle.core.stats import FASTER, SLOWER, UNCLEAR, Agreement, Direction
from mpsarticle.results.model import Point, ResultSet

__all__ = ["advantage", "cuda_setting", "describe_points", "direction_word", "drop_sizes", "drops_sentence",
           "elements_sentence", "reading_word"]

_DIRECTION = {FASTER: "faster", SLOWER: "slower"}


def direction_word(direction: Direction) -> str:
    """The catalogs' word for a direction: ``faster``, ``slower``, or ``same`` for any other."""
    return _DIRECTION.get(direction, "same")


def reading_word(reading: Agreement) -> str:
    """The catalogs' word for two values set side by side (:meth:`~mpsarticle.core.stats.Ratio.reading`):
    :func:`direction_word`'s, or ``unclear`` where the interval is too wide to call them level."""
    return UNCLEAR if reading == UNCLEAR else _DIRECTION.get(reading, "same")


def advantage(comparison: f.Comparison) -> Factor:
    """The winner's advantage, at least 1: "the CPU is 1.5× faster", never "the GPU is 0.67× faster"."""
    return Factor(comparison.speedup.value if comparison.direction != SLOWER else comparison.slowdown)


def cuda_setting(results: ResultSet, name: str) -> bool | None:
    """A setting the environment recorded for the CUDA GPU (``None``: no CUDA GPU, or not recorded)."""
    cuda = results.environment.get("devices", {}).get("cuda") or {}
    return bool(cuda[name]) if name in cuda else None


def drops_sentence(found: Sequence[f.Drop], words: Words, environment: dict | None = None) -> str:
    """Each rate that fell by more than half from one size to the next, with the cache the data outgrew there where
    ``environment`` records one (the chapter on B @ a, whose fixed prose lists the possible causes); nothing where no
    rate fell."""
    if not found:
        return ""
    parts = []
    chain_end = None  # (device, workload, precision, size) where the last fall ended, if no sentence came after it
    for drop in found:
        # A fall that goes on from where the one before ended, on the same rate, reads as its sequel.
        message = "drop.then" if chain_end == (drop.device, drop.workload, drop.dtype, drop.before) else "drop.one"
        chain_end = (drop.device, drop.workload, drop.dtype, drop.after)
        before, after = drop_sizes(drop)
        device = words.device(drop.device)
        axis = Choice(series.size_key(drop.workload))
        # The cache the data outgrew between the two sizes ends the same sentence, so the reader sees which size
        # no longer fits it.
        cache = (environment or {}).get("devices", {}).get(drop.device, {}).get("cache_bytes")
        small, large = (point.bytes_moved for point in drop.evidence)
        past: Phrase | Text = Text("")
        if isinstance(cache, int) and cache > 0 and small and large and small <= cache < large:
            chain_end = None
            past = Phrase.of("drop.cache", small=Bytes(small), large=Bytes(large), cache=Bytes(cache),
                             before=before, after=after, device=device, axis=axis)
        parts.append(words(message, device=device, axis=axis,
                           what=Phrase.of("drop.what", workload=Choice(drop.workload), dtype=Text(drop.dtype or "")),
                           before=before, after=after,
                           high=Rate(drop.before_rate, drop.unit), low=Rate(drop.after_rate, drop.unit),
                           share=Share(drop.share), factor=Factor(drop.before_rate / drop.after_rate), past=past))
        if elements := elements_sentence(drop, words):
            chain_end = None
            parts.append(elements)
    return " ".join(parts)


def drop_sizes(drop: f.Drop) -> tuple[Phrase, Phrase]:
    """The two sizes of a fall, each with the bytes its point moved: a copy's size reads as those bytes (a count of
    tens of millions of elements tells the reader nothing a cache size can be held against)."""
    key = series.size_key(drop.workload)
    return tuple(Phrase.of("drop.size", axis=Choice(key), size=Size(size), moved=Bytes(point.bytes_moved or 0))
                 for size, point in zip((drop.before, drop.after), drop.evidence, strict=True))  # type: ignore[return-value]


#: A signed 32-bit index counts up to 2**31 - 1 elements.
INDEX_REACH = 2 ** 31
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def elements_sentence(drop: f.Drop, words: Words, key: str = "drop.elements") -> str:
    """Where a fall of ``B @ a`` ends at the first size whose matrix holds a power of two of elements at or past a
    signed 32-bit index's reach, that fact: a fact of the size, not a cause the data can show, so the sentence
    claims none. Nothing otherwise."""
    elements = drop.after ** 2
    if drop.workload != "matvec" or drop.before ** 2 >= INDEX_REACH or elements < INDEX_REACH:
        return ""
    power = elements.bit_length() - 1
    if 2 ** power != elements:
        return ""
    return words(key, after=drop_sizes(drop)[1], elements=Text("2" + str(power).translate(_SUPERSCRIPT)))


def describe_points(points: Sequence[Point], words: Words) -> list[Phrase]:
    """One phrase per (device, workload, precision, method, and a decode step's context and mode), its sizes
    listed: "A @ B in float16 at m = 512 and 1,024 on the CUDA GPU". The decode step's context and mode, and
    attention's head size, are named because points of one size differ by them alone: without them two phrases
    would read alike."""
    groups: dict[tuple, list[Point]] = {}
    for point in points:
        key = (point.device, point.workload, point.params.get("dtype"), point.method, point.params.get("context"),
               point.params.get("mode"), point.params.get("head_dim"))
        groups.setdefault(key, []).append(point)
    phrases = []
    for (device, workload, dtype, _, context, mode, head), members in groups.items():
        sizes = {p.params.get(series.size_key(workload)) for p in members}
        whole = sorted(s for s in sizes if isinstance(s, int))
        if not words.names("point", workload) or len(whole) != len(sizes):
            phrases.append(Phrase.of("point.other", workload=Text(workload), device=words.device(device)))
            continue
        phrases.append(Phrase.of("point", workload=Choice(workload), sizes=Listing(tuple(Size(s) for s in whole)),
                                 device=words.device(device), dtype=Text(str(dtype or "")),
                                 context=Size(int(context or 0)), mode=Choice(str(mode or "eager")),
                                 head=Size(int(head or 0))))
    return phrases
