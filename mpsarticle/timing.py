"""How to time one workload on one device.

Three methods, so the article can put them side by side:

``engine``
    ``torch.utils.benchmark.Timer`` with a clock that synchronises the
    measured device before every reading, all CPU threads, a warm-up, and
    ``adaptive_autorange``: timed blocks are added until IQR/median falls to
    5 % or the point's time budget is spent. Every block's time is kept.
``naive``
    The original article's ``timeit.timeit(lambda: B @ a, number=100)``,
    exactly: no warm-up and no synchronisation, so on an asynchronous device
    it measures how fast work can be *queued*.
``events``
    ``number`` back-to-back calls between two events recorded in the
    device's own queue (CUDA or MPS events), read after synchronising.

Nothing here plots or saves.
"""

from __future__ import annotations

import math
import time
import timeit
from dataclasses import dataclass
from typing import Any, Callable

import torch
from torch.utils.benchmark import Timer
from torch.utils.benchmark.utils.common import Measurement, TaskSpec, set_torch_threads

from .devices import Device, logical_cpu_count
from .memory import is_out_of_memory
from .results import Point, finite_or_none
from .workloads import Prepared, Unsupported, Workload

__all__ = ["TimingOptions", "cpu_threads", "measure", "time_engine", "time_events", "time_naive"]

#: Stop adding timed blocks once IQR/median is at most this.
TARGET_RELATIVE_IQR = 0.05
#: The original article's ``number=100``.
NAIVE_NUMBER = 100
#: Warm-up: at least this many calls, and at least this long.
WARMUP_CALLS = 3
WARMUP_SECONDS = 0.05
#: Blocks of ``number`` calls timed by events: at least, and at most.
EVENT_BLOCKS_MIN = 3
EVENT_BLOCKS_MAX = 50
#: Cache-cold mode rotates through enough input sets to exceed the largest
#: cache this many times over (capped by MAX_ROTATIONS and by memory).
COLD_CACHE_FACTOR = 2
MAX_ROTATIONS = 64
#: When a device does not report its cache size, assume this much.
ASSUMED_CACHE_BYTES = 64 << 20


@dataclass(frozen=True)
class TimingOptions:
    """How hard to try for one point."""

    #: Longest time spent in timed blocks of one point, in seconds.
    budget_s: float = 1.0
    #: Shortest time spent before the IQR target may stop the repeats.
    min_run_s: float = 0.05
    target_relative_iqr: float = TARGET_RELATIVE_IQR
    #: Calls between the two events for ``events``, and the ``number`` for ``naive``.
    number: int = NAIVE_NUMBER
    #: Rotate input sets so sizes that fit in cache are timed from memory.
    cold: bool = False
    #: CPU threads; ``None`` means every thread this process may use.
    threads: int | None = None
    seed: int = 0


def cpu_threads(options: TimingOptions) -> int:
    return options.threads or logical_cpu_count()


def warm_up(prepared: Prepared, device: Device) -> None:
    """Run until kernels are loaded, caches filled and allocators settled."""
    started = time.perf_counter()
    calls = 0
    while calls < WARMUP_CALLS or time.perf_counter() - started < WARMUP_SECONDS:
        prepared.fn()
        prepared.rotate()
        calls += 1
        if calls >= WARMUP_CALLS:
            device.synchronize()
    device.synchronize()


def time_engine(prepared: Prepared, device: Device, options: TimingOptions) -> dict[str, Any]:
    """Synchronised, adaptive timing through ``torch.utils.benchmark``."""
    warm_up(prepared, device)

    def step() -> None:
        prepared.fn()
        prepared.rotate()

    timer = Timer(
        stmt="step()",
        globals={"step": step},
        timer=device.synchronized_timer(),
        num_threads=cpu_threads(options),
        label="mpsarticle",
    )
    measurement = timer.adaptive_autorange(
        threshold=options.target_relative_iqr,
        min_run_time=options.min_run_s,
        max_run_time=options.budget_s,
    )
    samples = list(measurement.times)
    return {
        "median_s": float(measurement.median),
        "iqr_s": float(measurement.iqr),
        "repeats": len(samples),
        "number_per_run": int(measurement.number_per_run),
        "samples": samples,
    }


def time_naive(prepared: Prepared, device: Device, options: TimingOptions) -> dict[str, Any]:
    """The original article's measurement, unchanged: no warm-up, no synchronisation."""
    total = timeit.timeit(prepared.fn, number=options.number)
    # Let the queued work drain so it cannot leak into the next measurement;
    # this wait is deliberately outside the timed region, as in the original.
    device.synchronize()
    per_call = total / options.number
    return {
        "median_s": per_call,
        "iqr_s": None,
        "repeats": 1,
        "number_per_run": options.number,
        "samples": [per_call],
    }


def time_events(prepared: Prepared, device: Device, options: TimingOptions) -> dict[str, Any]:
    """``number`` calls between two device events, repeated while the budget lasts."""
    start, end = device.new_event(), device.new_event()
    if start is None or end is None:
        raise Unsupported(f"{device.name} has no timing events")
    warm_up(prepared, device)
    block_times: list[float] = []
    spent = 0.0
    while len(block_times) < EVENT_BLOCKS_MIN or spent < options.budget_s:
        started = time.perf_counter()
        start.record()
        for _ in range(options.number):
            prepared.fn()
            prepared.rotate()
        end.record()
        end.synchronize()
        block_times.append(start.elapsed_time(end) / 1000.0)  # elapsed_time is in ms
        spent += time.perf_counter() - started
        if len(block_times) >= EVENT_BLOCKS_MAX:
            break
    # The same statistics as the engine's, from torch's own Measurement.
    measurement = Measurement(
        number_per_run=options.number, raw_times=block_times, task_spec=TaskSpec("events", "")
    )
    return {
        "median_s": float(measurement.median),
        "iqr_s": float(measurement.iqr),
        "repeats": len(block_times),
        "number_per_run": options.number,
        "samples": list(measurement.times),
    }


METHOD_FUNCTIONS: dict[str, Callable[[Prepared, Device, TimingOptions], dict[str, Any]]] = {
    "engine": time_engine,
    "naive": time_naive,
    "events": time_events,
}


def measure(
    workload: Workload,
    device: Device,
    method: str = "engine",
    options: TimingOptions | None = None,
    *,
    suite: str | None = None,
) -> Point:
    """Time ``workload`` on ``device`` by ``method``; never raises for a failed point.

    The returned :class:`Point` carries status ``ok``, ``unsupported`` (with
    why), ``out_of_memory`` or ``error`` (with the message), and for ``ok``
    points the relative error against a float64 CPU reference.
    """
    options = options or TimingOptions()
    if method not in METHOD_FUNCTIONS:
        raise ValueError(f"unknown method {method!r}: choose one of {', '.join(METHOD_FUNCTIONS)}")
    point = Point(
        device=device.name,
        workload=workload.kind,
        params=workload.params(),
        method=method,
        suite=suite,
        threads=cpu_threads(options),
        flops=workload.flops,
        bytes=workload.bytes,
        cold=options.cold,
    )
    prepared: Prepared | None = None
    try:
        # Before preparing, so a CPU "events" point allocates no inputs for nothing.
        if method == "events" and device.new_event() is None:
            raise Unsupported(f"{device.name} has no timing events")
        prepared = workload.prepare(device, seed=options.seed, rotations=_rotations(workload, device, options))
        # Warm-up, timing and check all run with the thread count recorded.
        with set_torch_threads(cpu_threads(options)):
            timing = METHOD_FUNCTIONS[method](prepared, device, options)
            rel_error = prepared.check()
        for key, value in timing.items():
            setattr(point, key, value)
        point.rel_error = finite_or_none(rel_error)
        point.tolerance = prepared.tolerance
        point.check = "passed" if math.isfinite(rel_error) and rel_error <= prepared.tolerance else "failed"
        if point.check == "failed":
            point.reason = (
                f"result differs from the float64 CPU reference: relative error "
                f"{'not finite' if point.rel_error is None else f'{rel_error:.2e}'} > {prepared.tolerance:.0e}"
            )
    except Unsupported as exc:
        point.status, point.reason = "unsupported", str(exc)
    except Exception as exc:  # noqa: BLE001 - every failure becomes a status, the run goes on
        point.status, point.reason = _classify(exc)
    finally:
        del prepared
        if point.status == "out_of_memory":
            device.release_memory()
    if point.status != "ok":
        point.median_s = point.iqr_s = None
        point.samples, point.repeats, point.number_per_run = [], 0, 0
    return point


def _classify(exc: BaseException) -> tuple[str, str]:
    message = " ".join(str(exc).split()) or type(exc).__name__
    if len(message) > 300:
        message = message[:299] + "…"
    if is_out_of_memory(exc):
        return "out_of_memory", message
    dtype_words = ("not supported", "unsupported", "not implemented", "notimplemented")
    if isinstance(exc, (NotImplementedError, TypeError)) or any(w in message.lower() for w in dtype_words):
        return "unsupported", f"{type(exc).__name__}: {message}"
    return "error", f"{type(exc).__name__}: {message}"


def _rotations(workload: Workload, device: Device, options: TimingOptions) -> int:
    if not options.cold:
        return 1
    cache = device.describe().get("cache_bytes") or ASSUMED_CACHE_BYTES
    wanted = math.ceil(COLD_CACHE_FACTOR * cache / max(workload.input_bytes, 1))
    return max(1, min(wanted, MAX_ROTATIONS))
