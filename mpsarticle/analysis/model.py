"""A model of one call's time, fitted per device from this build's own points; no torch.

A call costs its fixed cost per operation it dispatches, its bytes over the
bandwidth the device reaches and its FLOPs over the compute rate it reaches
in that precision:

- ``max``: ``t = max(ops × c, bytes / B, flops / F)``, the roofline with a
  floor: the terms overlap completely;
- ``sum``: ``t = ops × c + bytes / B + flops / F``: nothing overlaps.

Both are fitted (the parameters that minimise the squared error of
``log t``, each workload weighing the same, so that thirty sizes of
``B @ a`` do not drown the single chain of operations) and the one with the
smaller error is kept: which combination describes a device is a finding of
the fit, not an assumption. The start is the envelope of the points (the
least time per operation, the best bandwidth, the best rate per precision),
which is already a lower bound of every point.

What the model leaves out, and so where it errs: caches (a device reaching
a higher rate on data that fits in its caches), and work whose number of
operations is not recorded (the training step), which is not fitted.
A decode step replayed as a CUDA graph or compiled has no per-call cost on
the host, so it is predicted without the ops term and reported apart.

:func:`fit` fits one device; :func:`errors` says how well it reproduces each
workload; :func:`thresholds` gives the sizes where a device changes regime.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
from scipy.optimize import least_squares

from mpsarticle.core.specs import WORKLOADS, MatMul, MatVec, Workload, size_key
from mpsarticle.results.model import Point, ResultSet

__all__ = ["COMBINATIONS", "MODELLED", "Call", "Fit", "Threshold", "WorkloadError", "call_of", "first_true", "fit",
           "fit_all", "predict_s", "regime", "thresholds"]

COMBINATIONS = ("max", "sum")
#: The workloads the model is fitted to (each kind's :attr:`~mpsarticle.core.workload.Workload.modelled`), in the
#: registry's order: the order of the fit's errors.
MODELLED = tuple(kind for kind, declared in WORKLOADS.items() if declared.modelled)
#: The regimes, by the term that is largest.
REGIMES = ("fixed", "bandwidth", "compute")
#: The sizes the thresholds are searched over (matrix size m), geometric steps of 2^(1/16).
_GRID = tuple(sorted({int(round(2 ** (k / 16))) for k in range(4 * 16, 17 * 16 + 1)}))


@dataclass(frozen=True)
class Call:
    """What one call does, as the model sees it."""

    ops: float
    bytes: float
    flops: float
    dtype: str
    #: No cost per call on the host (a CUDA graph's replay, a compiled step).
    replayed: bool = False


@dataclass(frozen=True)
class WorkloadError:
    """How far the model is from one workload's points on one device: each point's predicted over measured time,
    with its size, in the order of the points; the summaries below are read from them."""

    workload: str
    ratios: tuple[tuple[float, int | None], ...]

    @property
    def points(self) -> int:
        return len(self.ratios)

    @property
    def median(self) -> float:
        """The median relative error, |predicted / measured - 1|."""
        return statistics.median(abs(r - 1) for r, _ in self.ratios)

    @property
    def worst(self) -> float:
        """The largest relative error."""
        return max(abs(r - 1) for r, _ in self.ratios)

    @property
    def worst_size(self) -> int | None:
        """The size of the point where the relative error is largest."""
        return max(self.ratios, key=lambda found: abs(found[0] - 1))[1]

    @property
    def faster(self) -> int:
        """How many of the points the model predicts faster than measured."""
        return sum(r < 1 for r, _ in self.ratios)


@dataclass(frozen=True)
class Fit:
    """One device's fitted model."""

    device: str
    combination: str
    #: Seconds per operation, bytes per second, FLOPs per second per precision.
    op_s: float
    bytes_per_s: float
    flops_per_s: dict[str, float]
    #: The weighted root-mean-square error of log t of each combination (the smaller chose ``combination``).
    rms_log: dict[str, float]
    errors: tuple[WorkloadError, ...] = field(default_factory=tuple)
    #: Replayed points (reported apart: not fitted).
    replayed_errors: tuple[WorkloadError, ...] = field(default_factory=tuple)

    @property
    def gb_s(self) -> float:
        return self.bytes_per_s / 1e9

    def rate(self, dtype: str) -> float | None:
        return self.flops_per_s.get(dtype)

    @property
    def points(self) -> int:
        return sum(e.points for e in self.errors)


def call_of(point: Point) -> Call | None:
    """The model's view of a point, or ``None`` when it is not modelled (a workload not in :data:`MODELLED`, or
    one whose number of operations was neither recorded nor fixed by its kind)."""
    if point.workload not in MODELLED:
        return None
    recorded = point.detail.get("ops_per_call")
    fixed = WORKLOADS[point.workload].ops_per_call
    if isinstance(recorded, int) and recorded > 0:
        ops = float(recorded)
    elif fixed:
        ops = float(fixed)
    else:
        return None
    dtype = str(point.params.get("dtype", "float32"))
    return Call(ops, float(point.bytes_moved), float(point.flops), dtype,
                replayed=bool(point.detail.get("overhead_removed_by")))


def predict_s(call: Call, op_s: float, bytes_per_s: float, flops_per_s: float | None, combination: str) -> float:
    """The model's time of one call."""
    terms = _terms(call, op_s, bytes_per_s, flops_per_s)
    return max(terms) if combination == "max" else sum(terms)


def _terms(call: Call, op_s: float, bytes_per_s: float, flops_per_s: float | None) -> tuple[float, float, float]:
    fixed = 0.0 if call.replayed else call.ops * op_s
    compute = call.flops / flops_per_s if flops_per_s and call.flops else 0.0
    return fixed, call.bytes / bytes_per_s, compute


def regime(call: Call, fitted: Fit) -> str:
    """Which term of the model is largest for ``call``: ``fixed``, ``bandwidth`` or ``compute``."""
    terms = _terms(call, fitted.op_s, fitted.bytes_per_s, fitted.rate(call.dtype))
    return REGIMES[int(np.argmax(terms))]


def _modelled(results: ResultSet, device: str) -> list[tuple[Point, Call]]:
    found = []
    for point in results.select(device=device, method="engine"):
        call = call_of(point)
        if point.ok and call is not None and point.median_s and point.median_s > 0:
            found.append((point, call))
    return found


def _size(point: Point) -> int | None:
    value = point.params.get(size_key(point.workload) or "")
    return value if isinstance(value, int) else None


def _workload_errors(pairs: Sequence[tuple[Point, Call]], predicted: Callable[[Call], float]) -> tuple[
        WorkloadError, ...]:
    ratios: dict[str, list[tuple[float, int | None]]] = {}
    for point, call in pairs:
        ratios.setdefault(point.workload, []).append((predicted(call) / point.measured_s, _size(point)))
    found = [WorkloadError(workload, tuple(ratios[workload])) for workload in MODELLED if workload in ratios]
    return tuple(found)


def fit(results: ResultSet, device: str) -> Fit | None:
    """The model fitted to ``device``'s points of ``results``; ``None`` without an operation cost, a bandwidth
    and at least three points to fit them from."""
    pairs = _modelled(results, device)
    fitted = [(p, c) for p, c in pairs if not c.replayed]
    if len(fitted) < 3 or not any(c.bytes for _, c in fitted):
        return None
    dtypes = sorted({c.dtype for _, c in fitted if c.flops})
    start = _envelope(fitted, dtypes)
    counts = {w: sum(1 for p, _ in fitted if p.workload == w) for w in MODELLED}
    weights = np.array([1 / math.sqrt(counts[p.workload]) for p, _ in fitted])
    measured = np.log([p.measured_s for p, _ in fitted])
    limits = _limits(start)
    solutions: dict[str, np.ndarray] = {}
    rms: dict[str, float] = {}
    for combination in COMBINATIONS:
        def residuals(x: np.ndarray, combination: str = combination) -> np.ndarray:
            op_s, bw, rates = _unpack(x, dtypes)
            return weights * (np.log([max(predict_s(c, op_s, bw, rates.get(c.dtype), combination), 1e-30)
                                      for _, c in fitted]) - measured)

        # The max is piecewise and the sum nearly so: a solve can stop in a local minimum, so it starts from the
        # envelope and from moves of it (_shifts), and keeps the best.
        solved = min((least_squares(residuals, start + shift, method="trf", x_scale=1.0, bounds=limits)
                      for shift in _shifts(start)), key=lambda found: found.cost)
        solutions[combination] = solved.x
        rms[combination] = float(math.sqrt(np.sum(solved.fun ** 2) / np.sum(weights ** 2)))
    chosen = min(COMBINATIONS, key=lambda name: rms[name])
    op_s, bw, rates = _unpack(solutions[chosen], dtypes)

    def predicted(call: Call) -> float:
        return predict_s(call, op_s, bw, rates.get(call.dtype), chosen)

    replayed = [(p, c) for p, c in pairs if c.replayed]
    return Fit(device, chosen, op_s, bw, rates, rms, _workload_errors(fitted, predicted),
               _workload_errors(replayed, predicted))


#: How far a fitted parameter may move from the envelope (log space): a term that never decides a point (a rate
#: of a precision measured only where the fixed cost dominates) is otherwise free to run off to infinity.
_FREEDOM = math.log(1e4)
#: A rate may rise at most this far above the best rate measured in its precision.
_RATE_FREEDOM = math.log(100)


def _limits(start: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    low = start - _FREEDOM
    high = start + _FREEDOM
    high[2:] = start[2:] + _RATE_FREEDOM
    return low, high


def _shifts(start: np.ndarray) -> list[np.ndarray]:
    """Moves of the start in log space: the fixed cost by a factor of up to ten and the bandwidth by up to three,
    each way, so that one of the solves begins in the basin of the best fit."""
    found = []
    for op in (-math.log(10), -math.log(3), 0.0, math.log(3), math.log(10)):
        for bw in (-math.log(3), 0.0, math.log(3)):
            shift = np.zeros_like(start)
            shift[0], shift[1] = op, bw
            found.append(shift)
    return found


def _envelope(pairs: Sequence[tuple[Point, Call]], dtypes: Sequence[str]) -> np.ndarray:
    op_s = min(p.measured_s / c.ops for p, c in pairs)
    bw = max(c.bytes / p.measured_s for p, c in pairs if c.bytes)
    rates = [max(c.flops / p.measured_s for p, c in pairs if c.dtype == d and c.flops) for d in dtypes]
    return np.log([op_s, bw, *rates])


def _unpack(x: np.ndarray, dtypes: Sequence[str]) -> tuple[float, float, dict[str, float]]:
    values = np.exp(x)
    return float(values[0]), float(values[1]), {d: float(v) for d, v in zip(dtypes, values[2:], strict=True)}


def fit_all(results: ResultSet) -> dict[str, Fit]:
    """Every device of ``results`` the model can be fitted to, by device kind."""
    found = {}
    for device in results.devices:
        fitted = fit(results, device)
        if fitted is not None:
            found[device] = fitted
    return found


@dataclass(frozen=True)
class Threshold:
    """Where a workload changes regime on a device: from ``before`` to ``after`` at size ``m``."""

    workload: str
    dtype: str
    before: str
    after: str
    m: int


def _regimes_over(fitted: Fit, make: Callable[[int], Workload], dtype: str) -> list[tuple[int, str]]:
    found = []
    for m in _GRID:
        workload = make(m)
        call = Call(1.0, workload.bytes_moved, workload.flops, dtype)
        found.append((m, regime(call, fitted)))
    return found


def _matmul_of(dtype: str) -> Callable[[int], Workload]:
    return lambda m: MatMul(m, dtype)


def thresholds(fitted: Fit, dtypes: Iterable[str] = ("float32", "float16")) -> tuple[Threshold, ...]:
    """The sizes where ``B @ a`` (float32) and ``A @ B`` (each precision the fit has a rate for) change regime on
    the fitted device: the least whole m in the new regime (bracketed on a grid of steps of 2^(1/16))."""
    found = []
    jobs: list[tuple[str, str, Callable[[int], Workload]]] = [("matvec", "float32", lambda m: MatVec(m))]
    jobs += [("matmul", d, _matmul_of(d)) for d in dtypes if fitted.rate(d)]
    for workload, dtype, make in jobs:
        seen = _regimes_over(fitted, make, dtype)
        for (low, before), (m, after) in zip(seen, seen[1:], strict=False):
            if after != before:
                found.append(Threshold(workload, dtype, before, after, _first(fitted, make, dtype, low, m, after)))
    return tuple(found)


def _first(fitted: Fit, make: Callable[[int], Workload], dtype: str, low: int, high: int, after: str) -> int:
    """The least whole m in (low, high] in the regime ``after`` (the grid brackets it; halving finds it)."""
    def past(m: int) -> bool:
        workload = make(m)
        return regime(Call(1.0, workload.bytes_moved, workload.flops, dtype), fitted) == after

    return first_true(past, low, high)


def first_true(holds: Callable[[int], bool], low: int, high: int) -> int:
    """The least whole m in (low, high] for which ``holds`` is true, where it is false at ``low``, true at
    ``high``, and changes once in between (halving)."""
    while high - low > 1:
        mid = (low + high) // 2
        if holds(mid):
            high = mid
        else:
            low = mid
    return high
