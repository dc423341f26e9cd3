"""Derived quantities: series by size, speed-ups, the crossover, ceilings.

Both the figures and the article's prose read their numbers from here, so a
chart and the sentence beside it cannot disagree. Only points that are
``ok`` and passed their correctness check count: a wrong result is never a
speed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from .results import Point, ResultSet

__all__ = [
    "Crossover",
    "accelerators",
    "ceiling_gb_s",
    "crossover",
    "failed_checks",
    "peak_gflop_s",
    "series",
    "size_key",
    "speedups",
    "time_ratios",
]

#: The parameter that is "the size" of each workload.
SIZE_KEYS = {"matvec": "m", "matmul": "m", "copy": "n", "train_step": "batch"}


def size_key(workload: str) -> str:
    return SIZE_KEYS.get(workload, "m")


def accelerators(results: ResultSet) -> list[str]:
    """Accelerator devices with at least one good point, in order of appearance."""
    return [d for d in results.devices if d != "cpu" and any(p.ok for p in results.select(device=d))]


def series(results: ResultSet, *, workload: str, device: str, method: str = "engine",
           suite: str | None = None, **params: object) -> list[tuple[int, Point]]:
    """``(size, point)`` pairs sorted by size, good points only."""
    return _by_size(results, workload, device, method, suite, params, lambda p: p.ok)


def failed_checks(results: ResultSet, *, workload: str, device: str, method: str = "engine",
                  suite: str | None = None, **params: object) -> list[tuple[int, Point]]:
    """``(size, point)`` pairs of points that ran but gave a wrong result, sorted by size.

    They are shown as failures, never as speeds.
    """
    return _by_size(results, workload, device, method, suite, params,
                    lambda p: p.status == "ok" and p.check == "failed")


def _by_size(results: ResultSet, workload: str, device: str, method: str, suite: str | None,
             params: dict[str, object], keep: Callable[[Point], bool]) -> list[tuple[int, Point]]:
    criteria: dict[str, object] = {"workload": workload, "device": device, "method": method, **params}
    if suite is not None:
        criteria["suite"] = suite
    key = size_key(workload)
    found = [(int(p.params[key]), p) for p in results.select(**criteria) if keep(p)]
    return sorted(found, key=lambda pair: pair[0])


def speedups(results: ResultSet, accelerator: str, *, workload: str = "matvec", baseline: str = "cpu",
             method: str = "engine", suite: str | None = None, **params: object) -> list[tuple[int, float]]:
    """``(size, baseline time / accelerator time)`` where both were measured well."""
    slow = dict(series(results, workload=workload, device=baseline, method=method, suite=suite, **params))
    fast = dict(series(results, workload=workload, device=accelerator, method=method, suite=suite, **params))
    return [(size, slow[size].median_s / fast[size].median_s) for size in sorted(slow.keys() & fast.keys())]


def time_ratios(results: ResultSet, device: str, *, workload: str = "matvec", numerator: str = "engine",
                denominator: str = "naive", suite: str | None = None, **params: object) -> list[tuple[int, float]]:
    """``(size, numerator time / denominator time)`` on one device, where both methods measured well.

    With the defaults, how many times longer a call really takes than the
    unsynchronised ``timeit`` of the original article reports.
    """
    real = dict(series(results, workload=workload, device=device, method=numerator, suite=suite, **params))
    naive = dict(series(results, workload=workload, device=device, method=denominator, suite=suite, **params))
    return [(size, real[size].median_s / naive[size].median_s) for size in sorted(real.keys() & naive.keys())]


@dataclass(frozen=True)
class Crossover:
    """Where the accelerator starts to win, in a series of speed-ups."""

    #: Smallest size from which the accelerator is faster at every larger measured size.
    size: int | None
    #: The accelerator won at every measured size, or at none.
    always: bool
    never: bool


def crossover(pairs: Sequence[tuple[int, float]]) -> Crossover:
    if not pairs:
        return Crossover(None, always=False, never=True)
    start = None
    for size, ratio in reversed(pairs):
        if ratio <= 1.0:
            break
        start = size
    if start is None:
        return Crossover(None, always=False, never=True)
    return Crossover(start, always=start == pairs[0][0], never=False)


def ceiling_gb_s(results: ResultSet, device: str) -> float | None:
    """The device's measured memory-bandwidth ceiling: the copy at the largest size measured.

    The largest copy is the one that cannot be served from cache; smaller
    copies can beat it and would overstate the ceiling.
    """
    pairs = series(results, workload="copy", device=device)
    return pairs[-1][1].gb_s if pairs else None


def peak_gflop_s(results: ResultSet, device: str, dtype: str | None = None) -> float | None:
    """The best matrix-product rate measured on ``device`` (in ``dtype`` if given)."""
    params = {"dtype": dtype} if dtype else {}
    rates = [p.gflop_s for _, p in series(results, workload="matmul", device=device, **params) if p.gflop_s]
    return max(rates) if rates else None
