"""Findings of the chapter on ``B @ a`` (``matvec``): the original experiment, the crossover, bandwidth.

The timing chapter's naive ``timeit`` against the engine is :mod:`mpsarticle.analysis.findings.timing`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from mpsarticle.analysis import series
from mpsarticle.analysis.findings.common import (
    Comparison,
    compare_with_cpu,
    compared_accelerator,
    present_accelerator,
    rate_ratio,
)
from mpsarticle.core.stats import FASTER, SAME, SLOWER, UNCLEAR
from mpsarticle.results.model import Point, ResultSet

#: What a series of ``B @ a`` speed-ups shows (:class:`Crossover`).
CrossoverKind = Literal["cpu_only", "no_pairs", "always", "from", "never", "mixed"]
#: What the sizes under a crossover show (:attr:`Crossover.below`).
Below = Literal["slower", "same", "not_faster", "mixed", "mixed.slower", "unclear", "slower.noisy", "same.noisy",
                "not_faster.noisy", "noisy.slower", "noisy.same", "noisy.not_faster"]
#: Where the bytes of the best ``B @ a`` can have come from (:class:`Bandwidth`).
Source = Literal["memory", "in_cache", "cache", "above_copy", "above_unknown", "no_ceiling", "level", "unclear"]
#: How far the rate that stands for reading a model's weights is one from memory (:class:`Bandwidth`).
Basis = Literal["beyond_cache", "largest", "fits_cache"]
#: A matrix this many times the device's cache or more is read from memory: the cache can serve at most half of it.
CACHE_MARGIN = 2


@dataclass(frozen=True)
class Original:
    """The blog post's experiment timed its way: 100 calls at the largest size, per device."""

    size: int | None
    calls: int
    #: (device, seconds for ``calls`` calls), CPU first.
    totals: tuple[tuple[str, float], ...]
    evidence: tuple[Point, ...]


def original(results: ResultSet, calls: int = 100) -> Original:
    devices = ["cpu"] + [d for d in [compared_accelerator(results)] if d]
    found = {d: dict(series.series(results, workload="matvec", device=d, method="naive", suite="original"))
             for d in devices}
    found = {d: pairs for d, pairs in found.items() if pairs}
    common = set.intersection(*(set(pairs) for pairs in found.values())) if found else set()
    if not common:  # no size every device measured: the CPU's (or the first device's) largest alone
        found = dict(list(found.items())[:1])
        common = set(next(iter(found.values()), {}))
    if not common:
        return Original(None, calls, (), ())
    size = max(common)
    points = tuple(found[d][size] for d in found)
    return Original(size, calls, tuple((p.device, p.measured_s * calls) for p in points), points)


@dataclass(frozen=True)
class Crossover:
    """Where the accelerator beats the CPU at ``B @ a``, from the intervals, over every size either suite measured.

    The blog post's sizes (suite ``original``, m = 100 … 3,000) and the larger
    ones (suite ``matvec``) are one workload: "faster everywhere", "nowhere"
    and the crossover range over all of them, timed by the synchronised timer
    (where both suites measured a size, :func:`mpsarticle.analysis.series.standing`
    picks the point).

    ``kind``: ``cpu_only`` (no accelerator measured), ``no_pairs`` (no size
    measured well on both), ``always`` (faster at every size), ``from`` (faster
    from ``size`` on, at every larger size, and not at some smaller one),
    ``never`` (faster at no size), ``mixed`` (faster at some sizes, but not at
    the largest).
    """

    device: str | None
    kind: CrossoverKind
    size: int | None
    comparisons: tuple[Comparison, ...]
    wins: tuple[int, ...] = ()
    losses: tuple[int, ...] = ()
    ties: tuple[int, ...] = ()

    @property
    def largest(self) -> Comparison | None:
        return self.comparisons[-1] if self.comparisons else None

    @property
    def smallest(self) -> Comparison | None:
        return self.comparisons[0] if self.comparisons else None

    @property
    def best(self) -> Comparison | None:
        """The largest speed-up among the sizes where the accelerator won."""
        won = [c for c in self.comparisons if c.direction == FASTER]
        return max(won, key=lambda c: c.speedup.value) if won else None

    @property
    def below(self) -> Below:
        """What the sizes under the crossover show, each read as two times set side by side
        (:attr:`Comparison.reading`): ``slower``, ``same`` (level within noise), ``not_faster`` (both), ``mixed``
        (a win too; ``mixed.slower`` where the CPU is faster at some of them, :attr:`losses_below`), ``unclear``
        (too noisy to tell at every one); ``slower.noisy``, ``same.noisy`` and
        ``not_faster.noisy`` where some of them (:attr:`noisy_below`) are too noisy to tell and the rest are
        slower, level, or both; ``noisy.slower``, ``noisy.same`` and ``noisy.not_faster`` where the sizes too
        noisy to tell outnumber the rest (:attr:`told_below`), so that a sentence names the fewer sizes."""
        under = {c.reading for c in self.comparisons if self.size is not None and c.size < self.size}
        if FASTER in under:
            return "mixed.slower" if SLOWER in under else "mixed"
        if under == {UNCLEAR}:
            return "unclear"
        noisy = UNCLEAR in under
        told = under - {UNCLEAR}
        kind = SLOWER if told == {SLOWER} else SAME if told == {SAME} else "not_faster"
        if not noisy:
            return kind  # type: ignore[return-value]
        if len(self.noisy_below) > len(self.told_below):
            return f"noisy.{kind}"  # type: ignore[return-value]
        return f"{kind}.noisy"  # type: ignore[return-value]

    @property
    def wins_below(self) -> tuple[int, ...]:
        """The sizes under the crossover where the accelerator is faster all the same (``mixed``)."""
        return tuple(c.size for c in self.comparisons
                     if self.size is not None and c.size < self.size and c.reading == FASTER)

    @property
    def losses_below(self) -> tuple[int, ...]:
        """The sizes under the crossover where the CPU is faster (``mixed.slower``)."""
        return tuple(c.size for c in self.comparisons
                     if self.size is not None and c.size < self.size and c.reading == SLOWER)

    @property
    def told_below(self) -> tuple[int, ...]:
        """The sizes under the crossover where the accelerator is slower or level (not too noisy to tell)."""
        return tuple(c.size for c in self.comparisons
                     if self.size is not None and c.size < self.size and c.reading != UNCLEAR)

    @property
    def noisy_below(self) -> tuple[int, ...]:
        """The sizes under the crossover where the two are too noisy to tell which is faster."""
        return tuple(c.size for c in self.comparisons
                     if self.size is not None and c.size < self.size and c.reading == UNCLEAR)


def crossover(results: ResultSet, suite: str | None = None) -> Crossover:
    device = present_accelerator(results)
    if device is None:
        return Crossover(None, "cpu_only", None, ())
    pairs = compare_with_cpu(results, device, workload="matvec", suite=suite, method="engine")
    if not pairs:
        return Crossover(device, "no_pairs", None, ())
    found = series.crossover([(c.size, c.speedup) for c in pairs])
    return Crossover(device, crossover_kind(found), found.size, pairs, found.wins, found.losses, found.ties)


def crossover_kind(found: series.Crossover) -> Literal["always", "from", "never", "mixed"]:
    """``always``, ``from``, ``never`` or ``mixed`` (see :class:`Crossover`); "never" means no win at any size."""
    if found.always:
        return "always"
    if found.size is not None:
        return "from"
    return "never" if not found.wins else "mixed"


@dataclass(frozen=True)
class Bandwidth:
    """The best bandwidth ``B @ a`` reached on one device (every suite's sizes), against the same device's copy.

    ``source`` says where those bytes can have come from: ``memory`` (at most
    the copy's rate, and the matrix does not fit in a cache of known size),
    ``in_cache`` (at most the copy's rate, but the matrix fits in the cache:
    it need not have come from memory), ``cache`` (above the copy, and the
    matrix fits in the cache), ``above_copy`` (above the copy, and the
    matrix is larger than the cache the device reports: not memory alone),
    ``above_unknown`` (above the copy, and the device reports no cache size,
    as on MPS: nothing says whether a cache served the matrix) or ``no_ceiling``
    (no copy measured), ``level`` (above the copy's median but within the
    noise of the two intervals, narrow enough to call the two level), ``unclear``
    (above the copy's median, within noise, but too noisy to tell:
    :meth:`~mpsarticle.core.stats.Ratio.reading`). A share above 1 is never ``memory``.

    ``memory_*`` is the ``B @ a`` rate that stands for reading a model's
    weights (far larger than any cache), and ``memory_basis`` says how far it
    can be called a rate *from memory*: ``beyond_cache`` (the best ``B @ a``
    whose matrix is at least :data:`CACHE_MARGIN` times the device's cache,
    else the best past it at all: from memory),
    ``largest`` (cache size unknown, as on MPS: the largest matrix measured,
    the one caches help least, not shown to be from memory) or
    ``fits_cache`` (every matrix measured fits in the cache: the largest one,
    which may have been served by the cache). It is always a ``B @ a`` point,
    never the copy: the copy is another workload (it writes as much as it
    reads), and a sentence about reading a matrix quotes the matrix's rate.
    """

    device: str
    size: int
    gb_s: float
    matrix_bytes: float
    ceiling_gb_s: float | None
    cache_bytes: int | None
    source: Source
    memory_basis: Basis
    memory_size: int
    memory_gb_s: float
    evidence: tuple[Point, ...]

    @property
    def share(self) -> float | None:
        return self.gb_s / self.ceiling_gb_s if self.ceiling_gb_s else None

    @property
    def memory_point(self) -> Point:
        """The ``B @ a`` point ``memory_gb_s`` was read from."""
        return self.evidence[1]

    @property
    def from_memory(self) -> bool:
        """``memory_gb_s`` was measured with a matrix larger than the device's cache."""
        return self.memory_basis == "beyond_cache"


def _from_memory(rated: list[tuple[float, int, Point]], cache: int | None) -> tuple[Basis, float, int, Point]:
    """(basis, rate, size, point) of the ``B @ a`` that stands for reading from memory, of ``(rate, size, point)``."""
    if cache is None:
        return ("largest", *rated[-1])
    beyond = [found for found in rated if found[2].bytes_moved > cache]
    # The fastest of the matrices at least CACHE_MARGIN times the cache, where there are some: one just past the
    # cache is still partly served by it (a 25 MB matrix beside 16 MiB of cache), and a model's weights are
    # thousands of times larger. Not simply the largest: a GPU's largest matrix can fall for other reasons (another
    # kernel, address translation), which the chapter on B @ a reports as a fall.
    far = [found for found in beyond if found[2].bytes_moved >= CACHE_MARGIN * cache]
    if far or beyond:
        return ("beyond_cache", *max(far or beyond, key=lambda found: found[0]))
    return ("fits_cache", *rated[-1])


def copy_beyond_cache(results: ResultSet, band: Bandwidth) -> Point | None:
    """The device's largest good plain copy, where every ``B @ a`` matrix fit in its cache and that copy moved more
    than the cache: the only rate of this build that weights larger than any cache can be read at (a bound on a
    language model's tokens per second); ``None`` elsewhere."""
    if band.memory_basis != "fits_cache" or not band.cache_bytes:
        return None
    pairs = series.series(results, workload="copy", device=band.device)
    if not pairs or not pairs[-1][1].gb_s:
        return None
    point = pairs[-1][1]
    return point if point.bytes_moved is not None and point.bytes_moved > band.cache_bytes else None


def bandwidths(results: ResultSet, suite: str | None = None) -> tuple[Bandwidth, ...]:
    """One :class:`Bandwidth` per device (CPU first, then the accelerator) with a good ``B @ a``."""
    found = []
    for device in ["cpu"] + [d for d in [compared_accelerator(results)] if d]:
        rated = [(p.gb_s, m, p) for m, p in series.series(results, workload="matvec", device=device, suite=suite)
                 if p.gb_s]
        if not rated:
            continue
        rate, size, best = max(rated, key=lambda found: found[0])
        copies = series.series(results, workload="copy", device=device)
        copy = copies[-1][1] if copies else None  # the largest copy: the one caches help least
        ceiling = copy.gb_s if copy else None
        cache = results.environment.get("devices", {}).get(device, {}).get("cache_bytes")
        cache = cache if isinstance(cache, int) and cache > 0 else None
        fits = cache is not None and best.bytes_moved <= cache
        source: Source
        if copy is None or not ceiling:
            source = "no_ceiling"
        elif rate <= ceiling:
            source = "in_cache" if fits else "memory"
        elif (against := rate_ratio(best, copy, "bytes_moved")).direction() != FASTER:
            # above the copy's median, but not beyond noise: no factor to quote
            source = "unclear" if against.reading() == UNCLEAR else "level"
        else:
            # "Larger than its cache" only where the device reports one: MPS reports none.
            source = "cache" if fits else "above_copy" if cache is not None else "above_unknown"
        basis, memory_gb_s, memory_size, memory = _from_memory(rated, cache)
        found.append(Bandwidth(device, size, rate, best.bytes_moved, ceiling, cache, source, basis, memory_size,
                               memory_gb_s, (best, memory) + ((copy,) if copy else ())))
    return tuple(found)
