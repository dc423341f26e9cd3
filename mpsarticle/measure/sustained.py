"""Sustained mode: one workload run without pause, its rate recorded over time.

A fanless laptop runs a short burst at full clock and then slows down as it
warms; a benchmark of a few seconds per point measures the burst, a training
run lives in the sustained part. ``python -m mpsarticle run --sustained
SECONDS --suite SUITE`` runs one workload for SECONDS and keeps its rate in
windows:

- the workload is the suite's largest (the one with the largest inputs, in
  the profile's sizes for the device; float32 for the matrix products) on
  the default device, or on ``--device``;
- a window is a fixed number of back-to-back calls, followed by a
  synchronisation of the device, so each window's time is work done, not
  work queued; the number of calls is chosen after the warm-up, and again
  after each window, so that a window lasts about :data:`WINDOW_S` (at most
  a twentieth of the run);
- the **burst** rate is the first window's, the **sustained** rate the
  median of the last third of the windows, and their ratio says how much of
  the burst survives (1 when nothing slows down).

The result is stored in the results file's optional ``sustained`` block; its
layout is :data:`mpsarticle.results.schema.SUSTAINED_SCHEMA`. The output is checked
against the float64 reference once at the end, as every point is.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

from mpsarticle.core.specs import BANDWIDTH, COMPUTE
from mpsarticle.results.model import ResultSet
from mpsarticle.results.sustained import SustainedError, amount_per_call, summarise, window_rate

if TYPE_CHECKING:
    from mpsarticle.core.profiles import Task
    from mpsarticle.measure.devices import Device

__all__ = ["WINDOW_S", "choose_task", "run_sustained"]

#: Length of one window, in seconds (short runs use shorter windows, see WINDOWS_AT_LEAST).
WINDOW_S = 1.0
#: Windows are shortened so that a short run still has this many.
WINDOWS_AT_LEAST = 20
#: With fewer windows than this (the machine stalled) a burst cannot be told from what follows.
MIN_WINDOWS = 3


def choose_task(suite: str, profile: str, device: Device) -> Task:
    """The suite's engine-timed task with the largest inputs on ``device`` (ties: the most FLOPs)."""
    from mpsarticle.core.profiles import plan

    tasks = [task for task in plan([suite], profile, [device]) if task.method == "engine"]
    if not tasks:
        raise SustainedError(f"suite {suite!r} has nothing to run on {device}")
    return max(tasks, key=lambda task: (task.workload.input_bytes, task.workload.flops))


def run_sustained(suite: str, seconds: float, *, profile: str = "default", device: str | None = None,
                  label: str | None = None) -> ResultSet:
    """Run the suite's largest workload for ``seconds`` and return a ResultSet holding only ``sustained``."""
    from mpsarticle.core.host import logical_cpu_count
    from mpsarticle.measure.devices import default_device, get_device, torch_threads
    from mpsarticle.measure.environment import environment
    from mpsarticle.measure.kernels import prepare
    from mpsarticle.measure.timing import warm_up

    if not seconds > 0:
        raise SustainedError(f"--sustained needs a positive number of seconds, not {seconds}")
    chosen = get_device(device) if device else default_device()
    task = choose_task(suite, profile, chosen)
    workload = task.workload
    window_s = min(WINDOW_S, seconds / WINDOWS_AT_LEAST)
    threads = logical_cpu_count()
    results = ResultSet(environment=environment(), profile=profile, label=label)
    try:
        prepared = prepare(workload, chosen, seed=task.options.seed)
        with torch_threads(threads):
            warm_up(prepared, chosen.synchronized_timer())
            calls = _calls_per_window(prepared.fn, chosen, window_s)
            windows = _windows(prepared.fn, chosen, calls, seconds, window_s)
            rel_error = prepared.verify()
    except Exception as exc:  # noqa: BLE001 - any failure is one line on the command line
        raise SustainedError(f"{workload.label} on {chosen}: {type(exc).__name__}: {exc}") from None
    if len(windows) < MIN_WINDOWS:
        raise SustainedError(f"only {len(windows)} windows in {seconds} s: run longer than one call takes")
    # A memory-bound workload is rated by its traffic, any other by its arithmetic (by its traffic if it has none).
    unit = BANDWIDTH.unit if workload.memory_bound or not workload.flops else COMPUTE.unit
    amount = amount_per_call({"unit": unit, "flops": workload.flops, "bytes_moved": workload.bytes_moved})
    for window in windows:
        window["rate"] = window_rate(amount, window["calls"], window["seconds"])
    passed = rel_error <= prepared.tolerance
    results.sustained = {
        "suite": suite, "device": chosen.name, "workload": workload.kind, "params": workload.params(),
        "flops": workload.flops, "bytes_moved": workload.bytes_moved, "unit": unit,
        "duration_s": seconds, "window_s": window_s, "threads": threads,
        "windows": windows, **summarise([window["rate"] for window in windows]),
        "rel_error": rel_error if math.isfinite(rel_error) else None,
        "tolerance": prepared.tolerance, "check": "passed" if passed else "failed",
    }
    return results


def _calls_per_window(fn: Any, device: Device, window_s: float) -> int:
    started = time.perf_counter()
    fn()
    device.synchronize()
    one = time.perf_counter() - started
    return max(1, int(window_s / max(one, 1e-9)))


def _windows(fn: Any, device: Device, calls: int, seconds: float, window_s: float) -> list[dict[str, Any]]:
    windows = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        opened = time.perf_counter()
        for _ in range(calls):
            fn()
        device.synchronize()
        closed = time.perf_counter()
        windows.append({"t_s": closed - start, "seconds": closed - opened, "calls": calls})
        # Keep windows near window_s as the rate drifts (or the first estimate was off).
        calls = max(1, round(calls * window_s / max(closed - opened, 1e-9)))
    return windows
