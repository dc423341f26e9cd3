"""The answer to the article's question, as findings: where the accelerator wins, where it loses, the rule.

Built from the chapter findings of :mod:`mpsarticle.analysis.findings`, for the
opening page and the verdict chapter. Like them it holds no words: an
:class:`Area` is "matrix-vector products from m = 4,096 on" as data (the
workload, its scope, the sizes, the factor and where it was measured).

The bound on a language model's speed: generating one token runs every
weight matrix of the model through a matrix-vector product, so each token
reads all the weights once. A model of :data:`PARAMETERS` parameters at
:data:`BYTES_PER_PARAMETER` bytes each reads ``PARAMETERS *
BYTES_PER_PARAMETER`` bytes per token, and a device that reads ``B`` bytes
per second can produce at most ``B / that`` tokens per second (caches cannot
help: the weights are far larger than any cache). So the rate used is one
measured on data larger than the device's cache (:data:`BoundBasis`):
``B @ a`` with a matrix larger than the cache where one was measured
(:attr:`~mpsarticle.analysis.findings.Bandwidth.memory_gb_s`), else the
device's largest plain copy where that is larger than the cache; where the
cache size is not known (MPS), ``B @ a``'s largest matrix, named as such. A
device whose every ``B @ a`` and copy fit in its cache gives no bound: its
rates may be the cache's. It is an upper bound at that rate: a real model
also spends time on attention, activations and Python.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from mpsarticle.analysis import series as analysis
from mpsarticle.analysis.findings import (
    Bandwidth,
    Comparison,
    Coverage,
    Crossover,
    Machine,
    Matmul,
    Training,
    bandwidths,
    coverage,
    crossover,
    machine,
    matmul,
    rate_ratio,
    training,
)
from mpsarticle.analysis.findings.common import compare_with_cpu
from mpsarticle.analysis.findings.matvec import copy_beyond_cache
from mpsarticle.core.specs import WORKLOADS
from mpsarticle.core.stats import SAME, Agreement, Direction, Ratio
from mpsarticle.results.model import Point, ResultSet

__all__ = ["Area", "BYTES_PER_PARAMETER", "BoundBasis", "CopyRate", "Overhead", "PARAMETERS", "SCOPES", "Scope",
           "TokenBound", "Verdict", "verdict"]

#: Which sizes an :class:`Area` covers (see there); the catalogs' ``where.cell`` forms are chosen by one.
Scope = Literal["all", "from", "below", "range", "size", "sizes"]
SCOPES: tuple[Scope, ...] = get_args(Scope)

#: Where a :class:`TokenBound`'s rate was read: ``B @ a`` with a matrix larger than the device's cache
#: (``beyond_cache``), the device's largest plain copy, larger than its cache (``copy``), or ``B @ a``'s largest
#: matrix where the cache size is not known (``largest``). Never a rate a cache may have served whole.
BoundBasis = Literal["beyond_cache", "copy", "largest"]

#: The language model of the bound: 7 billion parameters in 16-bit (2-byte) weights.
PARAMETERS = 7e9
BYTES_PER_PARAMETER = 2


@dataclass(frozen=True)
class TokenBound:
    """At most ``tokens_per_s`` tokens per second on ``device``, reading the model at ``gb_s``.

    ``basis`` and ``size``: where ``gb_s`` was measured (:data:`BoundBasis`; ``size`` is ``B @ a``'s m, or the
    copy's elements).
    """

    device: str
    basis: BoundBasis
    size: int | None
    gb_s: float
    #: The bytes the measurement moved, and the device's cache (larger than the bytes it is compared with).
    moved: float | None = None
    cache_bytes: int | None = None
    parameters: float = PARAMETERS
    bytes_per_parameter: int = BYTES_PER_PARAMETER

    @property
    def model_gb(self) -> float:
        return self.parameters * self.bytes_per_parameter / 1e9

    @property
    def tokens_per_s(self) -> float:
        return self.gb_s / self.model_gb


@dataclass(frozen=True)
class CopyRate:
    """A device's largest plain copy measured well: the copy least helped by any cache (``n`` elements, ``point`` its
    evidence). ``cache_bytes``: the device's cache where it is known and the copy's bytes fit in it, so that even
    this rate may be partly the cache's; else ``None``."""

    device: str
    n: int
    gb_s: float
    point: Point
    cache_bytes: int | None = None


@dataclass(frozen=True)
class Area:
    """Where one side wins, for one workload.

    ``scope``: ``all`` (every size measured on both, ``sizes``), ``from`` (from
    ``size`` on), ``below`` (under ``size``), ``range`` (every measured size
    from ``sizes[0]`` to ``sizes[-1]``, and none outside), ``size`` or
    ``sizes`` (at one or several ``sizes`` only). ``factor`` is the winner's advantage (always
    at least 1) at size ``at``. Matrix products have one area per precision
    (``dtype``), read from the sizes both devices measured.
    """

    workload: str
    scope: Scope
    factor: float
    at: int
    size: int | None = None
    sizes: tuple[int, ...] = ()
    dtype: str | None = None


@dataclass(frozen=True)
class Overhead:
    """The smallest ``B @ a`` measured on both: how long a call takes, and how much of it the data explains."""

    size: int
    cpu_s: float
    accelerator_s: float
    direction: Direction
    #: The time the call's bytes would take at the bandwidth the accelerator reached from memory.
    streaming_s: float | None
    #: The direction where the two times are set side by side: level, or too noisy to tell (:meth:`Ratio.reading`).
    reading: Agreement = "same"


@dataclass(frozen=True)
class Verdict:
    machine: Machine
    coverage: Coverage
    crossover: Crossover
    matmul: Matmul
    training: Training
    bandwidths: tuple[Bandwidth, ...]
    #: Accelerator first (when it measured ``B @ a``), then the CPU.
    bounds: tuple[TokenBound, ...]
    wins: tuple[Area, ...]
    losses: tuple[Area, ...]
    #: The accelerator's ``B @ a`` rate over the CPU's, with its interval, only where both read a matrix larger
    #: than their caches: a rate from memory set against one a cache may have served compares different things.
    bandwidth_ratio: Ratio | None
    overhead: Overhead | None
    #: Each device's largest copy (accelerator first), and the accelerator's copy rate over the CPU's: memory
    #: against memory, where the two ``B @ a`` rates may not be.
    copies: tuple[CopyRate, ...] = ()
    copy_ratio: Ratio | None = None
    #: How the size-by-size comparisons in which neither side is faster read where the rule sets the two side by
    #: side (:meth:`Ratio.reading`): level within noise (``same``), too noisy to tell (``unclear``), or both.
    ties: frozenset[Agreement] = frozenset()
    #: Each kind the answer weighs, in each of its precisions, with its size-by-size comparisons (empty where
    #: nothing was compared): a row of the verdict chapter's table each.
    kinds: tuple[tuple[str, str | None, tuple[Comparison, ...]], ...] = ()

    @property
    def every_comparison(self) -> tuple[Comparison, ...]:
        """Every size-by-size comparison, in the order the answer's chart draws them: ``B @ a``, each precision's
        matrix products, the training step."""
        return (self.crossover.comparisons + tuple(c for p in self.matmul.compared for c in p.comparisons)
                + self.training.comparisons)

    @property
    def compared(self) -> bool:
        """An accelerator was measured against the CPU somewhere."""
        return bool(self.crossover.comparisons or self.matmul.compared or self.training.comparisons)


def _sides(workload: str, sizes: list[tuple[int, Ratio]], found: analysis.Crossover,
           dtype: str | None = None) -> tuple[list[Area], list[Area]]:
    """The winning and losing areas of a series of speed-ups (CPU time / accelerator time)."""
    by_size = dict(sizes)
    wins, losses = [], []
    if found.wins:
        best = max(found.wins, key=lambda s: by_size[s].value)
        largest = sizes[-1][0]
        if found.always and len(sizes) == 1:
            wins.append(Area(workload, "size", sizes=found.wins, factor=by_size[largest].value, at=largest,
                             dtype=dtype))
        elif found.always and len(sizes) < RANGE_FROM:
            # Every size, but too few for a range ("from m = 512 to 1,024" would invent the sizes between): named.
            wins.append(Area(workload, "sizes", sizes=found.wins, factor=by_size[best].value, at=best, dtype=dtype))
        elif found.always:
            wins.append(Area(workload, "all", sizes=tuple(s for s, _ in sizes), factor=by_size[largest].value,
                             at=largest, dtype=dtype))
        elif found.size is not None and found.size == largest:
            # "From batch 128 on" where 128 is the largest size measured names one size: said as that size.
            wins.append(Area(workload, "size", sizes=(largest,), factor=by_size[largest].value, at=largest,
                             dtype=dtype))
        elif found.size is not None:
            wins.append(Area(workload, "from", size=found.size, factor=by_size[largest].value, at=largest,
                             dtype=dtype))
        else:
            wins.append(Area(workload, _scope(found.wins, sizes), sizes=found.wins, factor=by_size[best].value,
                             at=best, dtype=dtype))
    if found.losses:
        worst = min(found.losses, key=lambda s: by_size[s].value)
        factor = 1 / by_size[worst].value
        if len(found.losses) == len(sizes) >= RANGE_FROM:
            losses.append(Area(workload, "all", sizes=tuple(s for s, _ in sizes), factor=factor, at=worst,
                               dtype=dtype))
        elif found.size is not None and set(found.losses) == {s for s, _ in sizes if s < found.size}:
            losses.append(Area(workload, "below", size=found.size, factor=factor, at=worst, dtype=dtype))
        else:
            losses.append(Area(workload, _scope(found.losses, sizes), sizes=found.losses, factor=factor, at=worst,
                               dtype=dtype))
    return wins, losses


#: The fewest sizes in a row that are named as a range ("from m = 100 to 2,500") rather than listed.
RANGE_FROM = 3


def _scope(chosen: tuple[int, ...], sizes: list[tuple[int, Ratio]]) -> Scope:
    """``size``, ``range`` (every measured size between the first and the last chosen one is chosen) or ``sizes``."""
    if len(chosen) == 1:
        return "size"
    measured = [size for size, _ in sizes]
    run = measured[measured.index(chosen[0]):measured.index(chosen[-1]) + 1]
    return "range" if len(chosen) >= RANGE_FROM and tuple(run) == tuple(chosen) else "sizes"


def _overhead(found: Crossover, bands: tuple[Bandwidth, ...]) -> Overhead | None:
    first = found.smallest
    if first is None:
        return None
    band = next((b for b in bands if b.device == found.device), None)
    point = first.evidence[1]
    streaming = point.bytes_moved / (band.memory_gb_s * 1e9) if band and point.bytes_moved else None
    return Overhead(first.size, first.cpu_s, first.accelerator_s, first.direction, streaming, first.speedup.reading())


def _compared(results: ResultSet, device: str | None) -> list[tuple[str, str | None, tuple[Comparison, ...]]]:
    """``device`` against the CPU for each kind the answer weighs
    (:attr:`~mpsarticle.core.workload.Workload.in_verdict`), in the registry's order, in each of its precisions
    apart: every size both measured well, engine against engine."""
    if device is None:
        return []
    found = []
    for kind in (declared for declared in WORKLOADS.values() if declared.in_verdict):
        for dtype in kind.precisions or (None,):
            criteria = {"dtype": dtype} if dtype else {}
            found.append((kind.kind, dtype, compare_with_cpu(results, device, workload=kind.kind, method="engine",
                                                             **criteria)))
    return found


def verdict(results: ResultSet) -> Verdict:
    found, products, steps = crossover(results), matmul(results), training(results)
    bands = bandwidths(results)
    wins, losses = [], []
    ties: set[Agreement] = set()
    kinds = _compared(results, found.device)
    for workload, dtype, comparisons in kinds:
        if comparisons:
            pairs = [(c.size, c.speedup) for c in comparisons]
            more_wins, more_losses = _sides(workload, pairs, analysis.crossover(pairs), dtype)
            wins += more_wins
            losses += more_losses
            ties |= {c.reading for c in comparisons if c.direction == SAME}
    by_device = {b.device: b for b in bands}
    order = [d for d in (found.device, "cpu") if d in by_device]
    bounds = tuple(b for b in (_bound(results, by_device[d]) for d in order) if b is not None)
    ratio = None
    if found.device in by_device and "cpu" in by_device and \
            {by_device[d].memory_basis for d in (found.device, "cpu")} == {"beyond_cache"}:
        ratio = rate_ratio(by_device[found.device].memory_point, by_device["cpu"].memory_point, "bytes_moved")
    copies = tuple(c for c in (_largest_copy(results, d) for d in (found.device, "cpu") if d) if c is not None)
    copy_ratio = None
    if len(copies) == 2:
        copy_ratio = rate_ratio(copies[0].point, copies[1].point, "bytes_moved")
    return Verdict(machine(results), coverage(results), found, products, steps, bands, bounds, tuple(wins),
                   tuple(losses), ratio, _overhead(found, bands), copies, copy_ratio, frozenset(ties),
                   tuple(kinds))


def _bound(results: ResultSet, band: Bandwidth) -> TokenBound | None:
    """The device's bound on a 7B model's tokens per second, from a rate measured on data larger than its cache."""
    point = band.memory_point
    if band.memory_basis == "beyond_cache":
        return TokenBound(band.device, "beyond_cache", band.memory_size, band.memory_gb_s, point.bytes_moved,
                          band.cache_bytes)
    if band.memory_basis == "largest":
        return TokenBound(band.device, "largest", band.memory_size, band.memory_gb_s, point.bytes_moved)
    # Every B @ a fitted in the cache: a model's weights do not, so only a copy larger than the cache can stand in.
    copy = copy_beyond_cache(results, band)
    if copy is None or copy.bytes_moved is None:
        return None
    return TokenBound(band.device, "copy", int(copy.params["n"]), copy.gb_s or 0.0, copy.bytes_moved,
                      band.cache_bytes)


def _largest_copy(results: ResultSet, device: str) -> CopyRate | None:
    """The device's largest good copy (as :func:`mpsarticle.analysis.series.ceiling_gb_s` takes it)."""
    pairs = analysis.series(results, workload="copy", device=device)
    if not pairs or not pairs[-1][1].gb_s:
        return None
    n, point = pairs[-1]
    cache = results.environment.get("devices", {}).get(device, {}).get("cache_bytes")
    fits = isinstance(cache, int) and cache > 0 and point.bytes_moved is not None and point.bytes_moved <= cache
    return CopyRate(device, n, point.gb_s or 0.0, point, cache if fits else None)

