"""How to time one workload on one device.

Three methods, so the article can put them side by side:

``engine``
    Blocks of back-to-back calls read by a clock that synchronises the
    measured device, after a warm-up, at PyTorch's default CPU thread
    count. The block length is calibrated so that the clock's own cost (two
    synchronisations) stays under 1 % of a block, and at least
    ``MIN_BLOCKS`` blocks are timed; more, up to ``MAX_BLOCKS``, while the
    point's time budget lasts. Every block's time per call is kept as a
    sample and summarised by :mod:`mpsarticle.core.stats` (median, quartiles,
    95 % interval of the median).
``naive``
    The original article's ``timeit.timeit(lambda: B @ a, number=100)``,
    exactly: no warm-up and no synchronisation, so on an asynchronous device
    it measures how fast work can be *queued*. It is run ``NAIVE_REPEATS``
    times in one process, or in each fresh process up to
    ``NAIVE_PER_PROCESS`` times while its share of the budget lasts (at
    least once), as a reader re-running the cell would, with nothing of ours
    (no thread-count change, no warm-up) before it.
``events``
    ``number`` back-to-back calls between two events recorded in the
    device's own queue (CUDA or MPS events), read after synchronising.

Why the engine does not call ``torch.utils.benchmark.Timer.adaptive_autorange``:
its block-size estimate grows blocks tenfold until the clock's overhead is
below 1e-4 of a block, which with a clock that synchronises a GPU (about
10 us a reading) makes blocks of 10,000 calls and leaves two to four blocks
in a point's budget: too few for an interval. ``Timer.timeit(number)`` would
time one block but warms up again before each. So a block is timed by the
standard library's ``timeit.Timer`` (the class ``Timer`` itself wraps for
Python statements), with the block length chosen here, and the statistics
come from :mod:`mpsarticle.core.stats` (numpy, scipy).

Nothing here plots or saves.
"""

from __future__ import annotations

import math
import time
import timeit
from collections.abc import Callable
from typing import Any

import torch

from mpsarticle.core.frameworks import is_mlx
from mpsarticle.core.reasons import Reason
from mpsarticle.core.specs import Method, TimingOptions, Unsupported, Workload
from mpsarticle.errors import InputError
from mpsarticle.measure.devices import Device, torch_threads
from mpsarticle.measure.kernels import Prepared, prepare
from mpsarticle.measure.memory import is_out_of_memory
from mpsarticle.results.model import Point, finite_or_none
from mpsarticle.results.schema import Status

__all__ = ["TimingOptions", "rotations", "step", "time_engine", "time_events", "time_naive", "time_point"]

#: Runs of the original ``timeit`` per point measured in one process (seven: the fewest for which
#: order statistics give a 95 % interval of the median).
NAIVE_REPEATS = 7
#: Most runs per process of a point measured in several fresh processes (mpsarticle.measure.workers): the post's
#: cell run again, as a reader re-running it in a fresh kernel (whose runtime the worker has started, as the
#: reader's session has: Device.start_runtime) would, while the process's share of the point's budget lasts, and
#: at least once. The process's value is their median: its first run alone also pays what a fresh process pays
#: once (on the 2-core CPU, B @ a at m = 300 reads 11 to 75 µs in a first run, about 7 µs in the runs after it),
#: and with one run per process five fresh runs of the post's sizes differ by up to 6x, with the median of five by
#: 1.2x.
NAIVE_PER_PROCESS = 5
#: Warm-up: at least this many calls, and at least this long.
WARMUP_CALLS = 2
WARMUP_SECONDS = 0.02
#: Timed blocks per engine point: at least (for an interval worth the
#: name), and at most (past this, longer blocks beat more blocks).
MIN_BLOCKS = 10
MAX_BLOCKS = 100
#: Largest share of a block the synchronising clock's own cost may take.
SYNC_SHARE = 0.01
#: Readings of an empty block to measure that cost.
OVERHEAD_READINGS = 5
#: Blocks of ``number`` calls timed by events: at least, and at most.
EVENT_BLOCKS_MIN = MIN_BLOCKS
EVENT_BLOCKS_MAX = 50
#: Cache-cold mode rotates through enough input sets to exceed the largest
#: cache this many times over (capped by MAX_ROTATIONS and by memory).
COLD_CACHE_FACTOR = 2
MAX_ROTATIONS = 64
#: When a device does not report its cache size, assume this much.
ASSUMED_CACHE_BYTES = 64 << 20


def warm_up(prepared: Prepared, clock: Callable[[], float]) -> float:
    """Run until kernels are loaded, caches filled and allocators settled.

    ``clock`` is the device's synchronising clock, so each call is waited
    for; the fastest call seen is returned, an estimate of the per-call time
    for calibrating blocks.
    """
    started = now = clock()
    calls = 0
    fastest = math.inf
    while calls < WARMUP_CALLS or now - started < WARMUP_SECONDS:
        before = now
        prepared.fn()
        prepared.rotate()
        now = clock()
        fastest = min(fastest, now - before)
        calls += 1
    return fastest


def step(prepared: Prepared) -> Callable[[], None]:
    """One timed call: the callable, then the next input set (a no-op unless cache-cold)."""
    fn, rotate = prepared.fn, prepared.rotate

    def call() -> None:
        fn()
        rotate()

    return call


def calibrate(per_call_s: float, overhead_s: float, budget_s: float) -> int:
    """Calls per block for a call of ``per_call_s`` and a clock costing ``overhead_s``.

    A block is long enough that the clock costs at most ``SYNC_SHARE`` of
    it, and long enough that ``MAX_BLOCKS`` blocks fill the budget (beyond
    that, longer blocks beat more blocks).
    """
    per_call_s = max(per_call_s, 1e-9)
    return max(1, math.ceil(overhead_s / (SYNC_SHARE * per_call_s)), math.ceil(budget_s / (MAX_BLOCKS * per_call_s)))


def time_engine(prepared: Prepared, device: Device, options: TimingOptions) -> dict[str, Any]:
    """Synchronised blocks of calibrated length (see the module notes).

    Blocks are timed until the budget is spent, at least ``MIN_BLOCKS`` and
    at most ``MAX_BLOCKS`` of them; the budget counts time actually spent,
    so a machine slower than the calibration guessed still stops on time.
    """
    started = time.perf_counter()
    clock = device.synchronized_timer()
    per_call = warm_up(prepared, clock)
    timer = timeit.Timer(step(prepared), timer=clock)
    overhead = sorted(timer.timeit(0) for _ in range(OVERHEAD_READINGS))[OVERHEAD_READINGS // 2]
    number = calibrate(per_call, overhead, options.budget_share_s)
    samples: list[float] = []
    timed = 0.0
    while len(samples) < options.at_least(MIN_BLOCKS) or (len(samples) < MAX_BLOCKS and timed < options.budget_share_s):
        block = timer.timeit(number)
        samples.append(block / number)
        timed += block
    return {
        "repeats": len(samples),
        "number_per_run": number,
        "samples": samples,
        "wall_s": time.perf_counter() - started,
        "timed_s": timed,
    }


def time_naive(prepared: Prepared, device: Device, options: TimingOptions) -> dict[str, Any]:
    """The original article's measurement, unchanged: no warm-up, no synchronisation."""
    started = time.perf_counter()
    samples: list[float] = []
    spent = 0.0
    wanted, budget = (NAIVE_REPEATS, math.inf) if options.share == 1 else (NAIVE_PER_PROCESS, options.budget_share_s)
    while len(samples) < wanted and (not samples or spent < budget):
        run_started = time.perf_counter()
        samples.append(timeit.timeit(prepared.fn, number=options.number) / options.number)
        # Let the queued work drain so it cannot leak into the next run;
        # this wait is outside the timed region, as in the original.
        device.synchronize()
        spent += time.perf_counter() - run_started
    return {
        "repeats": len(samples),
        "number_per_run": options.number,
        "samples": samples,
        "wall_s": time.perf_counter() - started,
        "timed_s": sum(samples) * options.number,
    }


def time_events(prepared: Prepared, device: Device, options: TimingOptions) -> dict[str, Any]:
    """``number`` calls between two device events, repeated while the budget lasts.

    Each interval is read after synchronising the device, not the end event:
    on MPS, ``end.synchronize()`` followed by ``start.elapsed_time(end)`` can
    wait forever (the two calls share one completion flag that the first
    uses up, pytorch/pytorch#162872 and pytorch/pytorch#193578); a
    whole-device synchronisation registers no callback on the event, so the
    interval's own wait is not taken from it. MPS events timed by host
    callbacks can also come back in the wrong order, a short interval reading
    zero or less (pytorch/pytorch#196395): such an interval is rejected,
    counted in the point's
    ``events_rejected``, and the block measured again, up to
    :data:`EVENT_BLOCKS_MAX` rejections, after which the point is unsupported.
    """
    start, end = device.new_event(), device.new_event()
    if start is None or end is None:
        raise Unsupported(Reason.of("no_events", device=device.name))
    started = time.perf_counter()
    warm_up(prepared, device.synchronized_timer())
    samples: list[float] = []
    rejected = 0
    spent = 0.0
    while len(samples) < options.at_least(EVENT_BLOCKS_MIN) or spent < options.budget_share_s:
        block_started = time.perf_counter()
        start.record()
        for _ in range(options.number):
            prepared.fn()
            prepared.rotate()
        end.record()
        device.synchronize()
        elapsed = start.elapsed_time(end) / 1000.0  # elapsed_time is in ms
        spent += time.perf_counter() - block_started
        if not elapsed > 0:
            rejected += 1
            if rejected > EVENT_BLOCKS_MAX:
                raise Unsupported(Reason.of("events_reversed", device=device.name, rejected=rejected))
            continue
        samples.append(elapsed / options.number)
        if len(samples) >= EVENT_BLOCKS_MAX:
            break
    return {
        "repeats": len(samples),
        "number_per_run": options.number,
        "samples": samples,
        "wall_s": time.perf_counter() - started,
        "timed_s": sum(samples) * options.number,
        "events_rejected": rejected,
    }


METHOD_FUNCTIONS: dict[Method, Callable[[Prepared, Device, TimingOptions], dict[str, Any]]] = {
    "engine": time_engine,
    "naive": time_naive,
    "events": time_events,
}


def time_point(
    workload: Workload,
    device: Device,
    method: Method = "engine",
    options: TimingOptions | None = None,
    *,
    suite: str | None = None,
    check: bool = True,
    summarize: bool = True,
) -> Point:
    """Time ``workload`` on ``device`` by ``method``; never raises for a failed point.

    The returned :class:`Point` carries status ``ok``, ``unsupported`` (with
    why), ``out_of_memory`` or ``error`` (with the message), and for ``ok``
    points the relative error against a float64 CPU reference (``check``
    False: not checked, ``check`` stays ``skipped``; a later process of a
    point checked in its first, see :mod:`mpsarticle.measure.workers`).
    ``summarize`` False leaves the statistics to the caller: a measuring
    child's parent summarises each point from all its processes anyway, and
    the child then never imports scipy (about a second of every fresh
    process's start on a 2-core CPU).
    """
    options = options or TimingOptions()
    if method not in METHOD_FUNCTIONS:
        raise InputError(f"unknown method {method!r}: choose one of {', '.join(METHOD_FUNCTIONS)}")
    point = Point(
        device=device.name,
        workload=workload.kind,
        params=workload.params(),
        method=method,
        suite=suite,
        flops=workload.flops,
        bytes_moved=workload.bytes_moved,
        cold=options.cold,
    )
    prepared: Prepared | None = None
    try:
        # Before preparing, so a CPU "events" point allocates no inputs for
        # nothing, and a workload known not to run leaves the device untouched.
        if method == "events" and device.new_event() is None:
            raise Unsupported(Reason.of("no_events", device=device.name))
        reason = workload.unsupported_reason(device.kind)
        if reason:
            raise Unsupported(reason)
        device.start_memory_record()
        if is_mlx(device.name):
            # Imported here: mlx is loaded only where MLX is measured.
            from mpsarticle.measure import mlx_kernels

            prepared = mlx_kernels.prepare(workload, device, seed=options.seed)
        else:
            prepared = prepare(workload, device, seed=options.seed, rotations=rotations(workload, device, options))
        with _threads(options):
            # MLX's CPU build keeps its own threads, which PyTorch's count says nothing about.
            point.threads = None if is_mlx(device.name) else torch.get_num_threads()
            timing = METHOD_FUNCTIONS[method](prepared, device, options)
            rel_error = prepared.verify() if check else None
        timing.update(device.memory_record())
        point.detail = dict(prepared.detail)
        rejected = timing.pop("events_rejected", 0)
        if rejected:
            point.detail["events_rejected"] = rejected
        for key, value in timing.items():
            setattr(point, key, value)
        if summarize:
            point.summarize()
        if rel_error is None:
            return point
        point.rel_error = finite_or_none(rel_error)
        point.tolerance = prepared.tolerance
        point.check = "passed" if math.isfinite(rel_error) and rel_error <= prepared.tolerance else "failed"
        if point.check == "failed":
            point.reason = (Reason.of("check_not_finite", tolerance=prepared.tolerance) if point.rel_error is None
                            else Reason.of("check_failed", rel_error=rel_error, tolerance=prepared.tolerance))
    except Unsupported as exc:
        point.status, point.reason = "unsupported", exc.reason
    except Exception as exc:  # noqa: BLE001 - every failure becomes a status, the run goes on
        point.status, message = _classify(exc)
        point.reason = Reason.of("exception", message=message)
    finally:
        del prepared
        if point.status == "out_of_memory":
            device.release_memory()
    if point.status != "ok":
        point.median_s = point.iqr_s = point.q1_s = point.q3_s = point.ci_low_s = point.ci_high_s = None
        point.outliers = point.stable = None
        point.samples, point.repeats, point.number_per_run = [], 0, 0
    return point


def _threads(options: TimingOptions):
    """Nothing by default: the process keeps PyTorch's own thread count, and
    the naive method meets the thread pool exactly as a user's code does
    (changing the count right before a timed region rebuilds the pool inside
    it). An explicit ``threads`` is set for the point and restored after."""
    from contextlib import nullcontext

    if options.threads is None:
        return nullcontext()
    return torch_threads(options.threads)


def _classify(exc: BaseException) -> tuple[Status, str]:
    """The status of a point that raised ``exc``, and the message raised, verbatim on one line."""
    message = " ".join(str(exc).split()) or type(exc).__name__
    if len(message) > 300:
        message = message[:299] + "…"
    if is_out_of_memory(exc):
        return "out_of_memory", message
    # Only what means "this device or dtype cannot do it": PyTorch raises
    # NotImplementedError for an operator missing on a backend, and
    # RuntimeError/TypeError with these words for a dtype a backend lacks.
    # Any other TypeError is a bug (ours, most likely) and stays an error.
    lowered = message.lower()
    if isinstance(exc, NotImplementedError) or (
        isinstance(exc, (RuntimeError, TypeError)) and any(w in lowered for w in _UNSUPPORTED_WORDS)
    ):
        return "unsupported", f"{type(exc).__name__}: {message}"
    return "error", f"{type(exc).__name__}: {message}"


#: Phrases of PyTorch's errors for an operator or dtype a backend lacks.
_UNSUPPORTED_WORDS = (
    "not implemented for",
    "not supported on",
    "is not supported",
    "unsupported dtype",
    "not currently implemented for the mps device",
    "does not support",
    "does not have support",
)


def rotations(workload: Workload, device: Device, options: TimingOptions) -> int:
    """Input sets to cycle through: enough to exceed the device's largest cache when ``options.cold``, else one."""
    if not options.cold:
        return 1
    cache = device.describe().get("cache_bytes") or ASSUMED_CACHE_BYTES
    wanted = math.ceil(COLD_CACHE_FACTOR * cache / max(workload.input_bytes, 1))
    return max(1, min(wanted, MAX_ROTATIONS))
