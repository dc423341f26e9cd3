"""Findings: what this build's measurements say, as typed facts, with no words.

Each function takes a :class:`~mpsarticle.results.ResultSet` (and, for the
method and machines chapters, the selfcheck rows or the archive) and returns
frozen dataclasses: what was compared, the numbers, the direction (faster,
slower, about the same: read from the intervals of :mod:`mpsarticle.stats`,
never from bare medians), the sizes, and the points that are the evidence.
:mod:`mpsarticle.sentences` chooses every hardware-dependent sentence from
these; nothing here knows a language or formats a number.

Only points that are ``ok`` (measured, and correct where checked) count as
speeds; points that failed, ran out of memory or were unsupported are kept
as such, so that a sentence can say why something is missing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from . import analysis
from .results import Point, ResultSet
from .stats import FASTER, SAME, SLOWER, Ratio

__all__ = [
    "Accelerator", "Bandwidth", "Checks", "Comparison", "Coverage", "Crossover", "Gap", "Machine", "Matmul",
    "Original", "Precision", "RateComparison", "Selfcheck", "Training", "bandwidths", "checks", "coverage",
    "crossover", "crossover_kind", "machine", "matmul", "naive_gaps", "original", "rate_ratio", "selfcheck", "training",
]

#: Precisions of the matrix product, in the order the article lists them.
DTYPES = ("float32", "float16", "bfloat16")
#: What a point that is not ``ok`` was instead, in the order a sentence names the first that applies.
MISSING = ("unsupported", "failed_check", "out_of_memory", "error")


# -- the machine -------------------------------------------------------------------

@dataclass(frozen=True)
class Accelerator:
    kind: str
    name: str
    #: At least one of its points is ``ok``.
    measured: bool


@dataclass(frozen=True)
class Machine:
    label: str | None
    cpu: str
    cpu_threads: int | None
    #: The accelerator the chapters compare with the CPU (the first one found), if any.
    accelerator: Accelerator | None
    torch: str
    #: What ``"mps" if torch.backends.mps.is_available() else "cpu"`` picks here, and mps > cuda > cpu.
    idiom_device: str
    default_device: str


def machine(results: ResultSet) -> Machine:
    env = results.environment
    devices = env.get("devices", {})
    kinds = [d for d in results.devices if d != "cpu"] + [d for d in devices if d != "cpu"]
    accelerator = None
    if kinds:
        kind = kinds[0]
        described = devices.get(kind, {})
        accelerator = Accelerator(kind, str(described.get("name") or kind),
                                  measured=kind in analysis.accelerators(results))
    return Machine(
        label=results.label, cpu=str(env.get("cpu", "")), cpu_threads=analysis.cpu_threads(results),
        accelerator=accelerator, torch=str(env.get("torch", "")),
        idiom_device="mps" if "mps" in devices else "cpu",
        default_device=next((kind for kind in ("mps", "cuda") if kind in devices), "cpu"),
    )


def _accelerator(results: ResultSet) -> str | None:
    """The first accelerator with a good point: the one compared with the CPU."""
    found = analysis.accelerators(results)
    return found[0] if found else None


def _present(results: ResultSet) -> str | None:
    """The accelerator to compare, or else the first one present (whose points all failed), or ``None``."""
    found = machine(results).accelerator
    return _accelerator(results) or (found.kind if found else None)


# -- comparisons ---------------------------------------------------------------------

@dataclass(frozen=True)
class Comparison:
    """The accelerator against the CPU at one size: ``speedup`` is CPU time / accelerator time."""

    size: int
    cpu_s: float
    accelerator_s: float
    speedup: Ratio
    direction: str
    evidence: tuple[Point, Point]

    @property
    def slowdown(self) -> float:
        """Accelerator time / CPU time: how many times longer the accelerator takes."""
        return 1.0 / self.speedup.value


def _comparisons(results: ResultSet, device: str, **criteria: object) -> tuple[Comparison, ...]:
    cpu = dict(analysis.series(results, device="cpu", **criteria))  # type: ignore[arg-type]
    fast = dict(analysis.series(results, device=device, **criteria))  # type: ignore[arg-type]
    found = []
    for size in sorted(cpu.keys() & fast.keys()):
        speedup = analysis.compare(cpu[size], fast[size])
        found.append(Comparison(size, cpu[size].median_s, fast[size].median_s, speedup, speedup.direction(),
                                (cpu[size], fast[size])))
    return tuple(found)


def rate_ratio(faster: Point, slower: Point, amount: str) -> Ratio:
    """``faster``'s rate / ``slower``'s rate (``amount``: ``"flops"`` or ``"bytes"`` per call), with its interval.

    The two may be different sizes: the rate ratio is the amounts' ratio
    times the inverse ratio of times, whose interval :func:`analysis.compare` gives.
    """
    scale = getattr(faster, amount) / getattr(slower, amount)
    times = analysis.compare(slower, faster)
    return Ratio(times.value * scale, times.low * scale, times.high * scale)


# -- matrix × vector -----------------------------------------------------------------

@dataclass(frozen=True)
class Original:
    """The blog post's experiment timed its way: 100 calls at the largest size, per device."""

    size: int | None
    calls: int
    #: (device, seconds for ``calls`` calls), CPU first.
    totals: tuple[tuple[str, float], ...]
    evidence: tuple[Point, ...]


def original(results: ResultSet, calls: int = 100) -> Original:
    devices = ["cpu"] + [d for d in [_accelerator(results)] if d]
    found = {d: dict(analysis.series(results, workload="matvec", device=d, method="naive", suite="original"))
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
    return Original(size, calls, tuple((p.device, p.median_s * calls) for p in points), points)


@dataclass(frozen=True)
class Crossover:
    """Where the accelerator beats the CPU at ``B @ a`` (suite ``matvec``), from the intervals.

    ``kind``: ``cpu_only`` (no accelerator measured), ``no_pairs`` (no size
    measured well on both), ``always`` (faster at every size), ``from`` (faster
    from ``size`` on, at every larger size, and not at some smaller one),
    ``never`` (faster at no size), ``mixed`` (faster at some sizes, but not at
    the largest).
    """

    device: str | None
    kind: str
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
    def below(self) -> str:
        """What the sizes under the crossover show: ``slower``, ``same``, ``not_faster`` (both) or ``mixed`` (a win too)."""
        under = [c.direction for c in self.comparisons if self.size is not None and c.size < self.size]
        if FASTER in under:
            return "mixed"
        if set(under) == {SLOWER}:
            return SLOWER
        return SAME if set(under) == {SAME} else "not_faster"


def crossover(results: ResultSet, suite: str = "matvec") -> Crossover:
    device = _present(results)
    if device is None:
        return Crossover(None, "cpu_only", None, ())
    pairs = _comparisons(results, device, workload="matvec", suite=suite)
    if not pairs:
        return Crossover(device, "no_pairs", None, ())
    found = analysis.crossover([(c.size, c.speedup) for c in pairs])
    return Crossover(device, crossover_kind(found), found.size, pairs, found.wins, found.losses, found.ties)


def crossover_kind(found: analysis.Crossover) -> str:
    """``always``, ``from``, ``never`` or ``mixed`` (see :class:`Crossover`); "never" means no win at any size."""
    if found.always:
        return "always"
    if found.size is not None:
        return "from"
    return "never" if not found.wins else "mixed"


@dataclass(frozen=True)
class Bandwidth:
    """The best bandwidth ``B @ a`` reached on one device, against the same device's copy.

    ``source`` says where those bytes can have come from: ``memory`` (at most
    the copy's rate), ``cache`` (above the copy, and the matrix fits in the
    device's cache), ``above_copy`` (above the copy, cache size unknown or
    smaller than the matrix: not memory alone) or ``no_ceiling`` (no copy
    measured). A share above 1 is never ``memory``.

    ``memory_*`` is the rate the device was seen reading from memory, what a
    model's weights (far larger than any cache) are read at. ``memory_basis``
    says which point it is: ``beyond_cache`` (the best ``B @ a`` whose matrix
    is larger than the device's cache), ``largest`` (cache size unknown, as on
    MPS: the largest matrix measured, the one caches help least) or ``copy``
    (every matrix fits in the cache: the largest copy).
    """

    device: str
    size: int
    gb_s: float
    matrix_bytes: float
    ceiling_gb_s: float | None
    cache_bytes: int | None
    source: str
    memory_basis: str
    memory_size: int | None
    memory_gb_s: float
    evidence: tuple[Point, ...]

    @property
    def share(self) -> float | None:
        return self.gb_s / self.ceiling_gb_s if self.ceiling_gb_s else None

    @property
    def memory_point(self) -> Point:
        """The point ``memory_gb_s`` was read from (a ``B @ a`` or the copy)."""
        return self.evidence[1]


def _from_memory(pairs: list[tuple[int, Point]], cache: int | None, copy: Point | None) -> tuple[str, int | None, Point]:
    if cache is None:
        return ("largest", *pairs[-1])
    beyond = [(m, p) for m, p in pairs if p.bytes > cache]
    if beyond:
        return ("beyond_cache", *max(beyond, key=lambda pair: pair[1].gb_s))
    return ("copy", None, copy) if copy is not None else ("largest", *pairs[-1])


def bandwidths(results: ResultSet, suite: str = "matvec") -> tuple[Bandwidth, ...]:
    """One :class:`Bandwidth` per device (CPU first, then the accelerator) with a good ``B @ a``."""
    found = []
    for device in ["cpu"] + [d for d in [_accelerator(results)] if d]:
        pairs = [(m, p) for m, p in analysis.series(results, workload="matvec", device=device, suite=suite) if p.gb_s]
        if not pairs:
            continue
        size, best = max(pairs, key=lambda pair: pair[1].gb_s)
        copies = analysis.series(results, workload="copy", device=device)
        copy = copies[-1][1] if copies else None  # the largest copy: the one caches help least
        ceiling = copy.gb_s if copy else None
        cache = results.environment.get("devices", {}).get(device, {}).get("cache_bytes")
        cache = cache if isinstance(cache, int) and cache > 0 else None
        if not ceiling:
            source = "no_ceiling"
        elif best.gb_s <= ceiling:
            source = "memory"
        else:
            source = "cache" if cache is not None and best.bytes <= cache else "above_copy"
        basis, memory_size, memory = _from_memory(pairs, cache, copy)
        found.append(Bandwidth(device, size, best.gb_s, best.bytes, ceiling, cache, source, basis, memory_size,
                               memory.gb_s, (best, memory) + ((copy,) if copy else ())))
    return tuple(found)


# -- timing methods ----------------------------------------------------------------

@dataclass(frozen=True)
class Gap:
    """Naive ``timeit`` against the synchronised engine on one device, at the largest size both measured.

    ``verdict``: ``optimistic`` (naive reports less time than a call takes),
    ``pessimistic`` (more) or ``agrees`` (within a fifth, beyond noise), from
    :func:`analysis.agreement`. ``ratio`` is engine time / naive time.
    """

    device: str
    size: int
    naive_s: float
    engine_s: float
    events_s: float | None
    ratio: Ratio
    verdict: str
    evidence: tuple[Point, ...]


_VERDICTS = {FASTER: "optimistic", SLOWER: "pessimistic", SAME: "agrees"}


def naive_gaps(results: ResultSet, suite: str = "matvec") -> dict[str, Gap]:
    """:class:`Gap` by device (``cpu``, and the accelerator if measured)."""
    found = {}
    for device in ["cpu"] + [d for d in [_accelerator(results)] if d]:
        naive = dict(analysis.series(results, workload="matvec", device=device, method="naive", suite=suite))
        engine = dict(analysis.series(results, workload="matvec", device=device, suite=suite))
        events = dict(analysis.series(results, workload="matvec", device=device, method="events", suite=suite))
        common = sorted(naive.keys() & engine.keys())
        if not common:
            continue
        size = common[-1]
        event = events.get(size)
        found[device] = Gap(device, size, naive[size].median_s, engine[size].median_s,
                            event.median_s if event else None, analysis.compare(engine[size], naive[size]),
                            _VERDICTS[analysis.agreement(naive[size], engine[size])],
                            (naive[size], engine[size]) + ((event,) if event else ()))
    return found


# -- matrix × matrix -----------------------------------------------------------------

@dataclass(frozen=True)
class Precision:
    """One device's best ``A @ B`` rate in one precision, or why there is none (``status``)."""

    device: str
    dtype: str
    status: str
    gflop_s: float | None = None
    size: int | None = None
    evidence: Point | None = None


@dataclass(frozen=True)
class RateComparison:
    """The accelerator's best rate / the CPU's best rate in one precision, with its interval."""

    dtype: str
    ratio: Ratio
    direction: str


@dataclass(frozen=True)
class Matmul:
    device: str | None
    precisions: tuple[Precision, ...]
    comparisons: tuple[RateComparison, ...]

    def on(self, device: str) -> tuple[Precision, ...]:
        return tuple(p for p in self.precisions if p.device == device)


def _status(points: Iterable[Point]) -> str:
    """Why a series has no good point: the first of :data:`MISSING` that applies, else ``not_measured``."""
    statuses = {"failed_check" if p.status == "ok" and p.check == "failed" else p.status for p in points}
    return next((status for status in MISSING if status in statuses), "error" if statuses else "not_measured")


def matmul(results: ResultSet) -> Matmul:
    device = _present(results)
    precisions, comparisons = [], []
    for dtype in DTYPES:
        best = {}
        for where in ["cpu"] + [d for d in [device] if d]:
            pairs = [(m, p) for m, p in analysis.series(results, workload="matmul", device=where, dtype=dtype)
                     if p.gflop_s]
            if pairs:
                size, point = max(pairs, key=lambda pair: pair[1].gflop_s)
                precisions.append(Precision(where, dtype, "measured", point.gflop_s, size, point))
                best[where] = point
            else:
                tried = results.select(workload="matmul", device=where, dtype=dtype)
                if tried:
                    precisions.append(Precision(where, dtype, _status(tried)))
        if device in best and "cpu" in best:
            ratio = rate_ratio(best[device], best["cpu"], "flops")
            comparisons.append(RateComparison(dtype, ratio, ratio.direction()))
    return Matmul(device, tuple(precisions), tuple(comparisons))


# -- training -------------------------------------------------------------------------

@dataclass(frozen=True)
class Training:
    """One training step: the accelerator against the CPU per batch measured well on both."""

    device: str | None
    comparisons: tuple[Comparison, ...]
    #: The CPU's time at its largest good batch (what a CPU-only build can say).
    cpu_batch: int | None
    cpu_s: float | None
    #: Why the accelerator has no good step at ``cpu_batch`` (``not_measured`` if it was not tried there).
    accelerator_status: str | None

    @property
    def largest(self) -> Comparison | None:
        return self.comparisons[-1] if self.comparisons else None


def training(results: ResultSet) -> Training:
    device = _present(results)
    pairs = _comparisons(results, device, workload="train_step") if device else ()
    cpu = analysis.series(results, workload="train_step", device="cpu")
    batch, point = cpu[-1] if cpu else (None, None)
    status = None
    if device is not None and batch is not None and batch not in [c.size for c in pairs]:
        status = _status(results.select(workload="train_step", device=device, batch=batch))
    return Training(device, pairs, batch, point.median_s if point else None, status)


# -- checks and coverage -----------------------------------------------------------------

@dataclass(frozen=True)
class Checks:
    """Points that ran but gave a wrong result, and the worst gradient error among good training steps."""

    failed: tuple[Point, ...]
    worst_training: Point | None


def checks(results: ResultSet) -> Checks:
    failed = tuple(p for p in results if p.status == "ok" and p.check == "failed")
    trained = [p for p in results.select(workload="train_step") if p.ok and p.rel_error is not None]
    return Checks(failed, max(trained, key=lambda p: p.rel_error, default=None))


@dataclass(frozen=True)
class Coverage:
    """How many points this build has, and how many of them are not speeds, by reason."""

    points: int
    ok: int
    #: (status, count) for ``unsupported``, ``failed_check``, ``out_of_memory``, ``error``; zero counts left out.
    missing: tuple[tuple[str, int], ...]
    profile: str | None
    date: str


def coverage(results: ResultSet) -> Coverage:
    counts = {status: 0 for status in MISSING}
    for point in results:
        if not point.ok:
            counts[_status([point])] += 1
    missing = tuple((status, count) for status, count in counts.items() if count)
    return Coverage(len(results), sum(p.ok for p in results), missing, results.profile, results.created[:10])


# -- the method chapter's selfcheck -------------------------------------------------------

@dataclass(frozen=True)
class Selfcheck:
    """The engine against independent references (rows of :mod:`mpsarticle.selfcheck`)."""

    rows: int
    outside: tuple[object, ...]
    tolerance: float
    engine_wall_s: float
    engine_timed_s: float
    reference_wall_s: float


def selfcheck(rows: Sequence[object]) -> Selfcheck:
    return Selfcheck(
        len(rows), tuple(r for r in rows if not r.agrees), max((r.tolerance for r in rows), default=0.0),
        sum(r.engine_wall_s for r in rows), sum(r.engine_timed_s for r in rows),
        sum(r.reference_wall_s for r in rows),
    )
