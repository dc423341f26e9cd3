"""``selfcheck``: the engine measured against independent references.

For a fixed set of points, the engine and one or more references time the
same prepared inputs in the same process, interleaved (engine, reference,
engine, reference, ...), so drift in the machine's state (clock speed, other
load) falls on both. As a run's points are, the set is measured in several
fresh processes (``python -m mpsarticle.measure.child``, through
:func:`mpsarticle.measure.workers.selfcheck_in_workers`; in reverse order
every other process), each with its share of the budget. Each row gives the
engine's and the reference's value with a 95 % interval across those
processes, their ratio, and a verdict: outside only when the two intervals
exclude each other by more than the tolerance, too wide to check when they
do not but are too wide to have shown it
(:class:`~mpsarticle.results.selfcheck.Row`).

References, chosen per device to share nothing with the engine's clock:

``blocked_autorange`` (CPU)
    ``torch.utils.benchmark.Timer.blocked_autorange`` with an explicit
    synchronise in the timed statement, at the same thread count.
``events`` (CUDA, MPS)
    Device events around back-to-back calls. On CUDA the events are
    timestamps written by the GPU itself. On MPS, ``torch.mps.Event``'s
    elapsed time comes from CPU-side timestamps taken when the GPU signals a
    shared event, so it shares the host clock, though not our
    synchronisation path.
``do_bench_cudagraph`` (CUDA, where triton is installed)
    ``triton.testing.do_bench_cudagraph``: the calls captured in a CUDA
    graph and replayed, with the cache as warm as the engine's (see
    ``_do_bench`` for why not ``do_bench``).

The engine's own cost is reported too: its wall time per point against the
time spent inside timed blocks.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import torch

from mpsarticle.core.profiles import SELFCHECK_BUDGET_S, SELFCHECK_PROCESSES, SELFCHECK_ROUNDS, SELFCHECK_TOLERANCE
from mpsarticle.core.specs import MatMul, MatVec, TimingOptions, Workload
from mpsarticle.measure.devices import Device
from mpsarticle.measure.kernels import Prepared, prepare
from mpsarticle.measure.timing import rotations, step, time_engine, time_events
from mpsarticle.results.selfcheck import Row, rows_of

__all__ = ["CPU_POINTS", "ACCELERATOR_POINTS", "check_point", "points_of", "run_selfcheck", "sample_all",
           "selfcheck_spec"]

#: The fixed points: on the CPU, sizes a 2-core machine times in seconds.
CPU_POINTS: tuple[Workload, ...] = (MatVec(1000), MatVec(3000), MatVec(8192), MatMul(1024))
#: On an accelerator, sizes where the work (not the launch) dominates.
ACCELERATOR_POINTS: tuple[Workload, ...] = (
    MatVec(4096), MatVec(8192), MatVec(16384), MatMul(4096), MatMul(4096, "bfloat16"),
)
#: The defaults, shared with the command line (mpsarticle.core.profiles).
ROUNDS, BUDGET_S, TOLERANCE, PROCESSES = SELFCHECK_ROUNDS, SELFCHECK_BUDGET_S, SELFCHECK_TOLERANCE, SELFCHECK_PROCESSES


Reference = Callable[[Prepared, Device, TimingOptions], tuple[list[float], float]]


def _blocked_autorange(prepared: Prepared, device: Device, options: TimingOptions) -> tuple[list[float], float]:
    from torch.utils.benchmark import Timer

    started = time.perf_counter()
    timer = Timer(stmt="step(); sync()", globals={"step": step(prepared), "sync": device.synchronize},
                  num_threads=torch.get_num_threads())
    measurement = timer.blocked_autorange(min_run_time=options.budget_share_s)
    return list(measurement.times), time.perf_counter() - started


def _events(prepared: Prepared, device: Device, options: TimingOptions) -> tuple[list[float], float]:
    found = time_events(prepared, device, options)
    return found["samples"], found["wall_s"]


def _do_bench(prepared: Prepared, device: Device, options: TimingOptions) -> tuple[list[float], float]:
    # do_bench_cudagraph, not do_bench: do_bench empties the L2 cache before
    # every call by writing a 256 MB buffer, which leaves the cache full of
    # dirty lines that the timed call must write back first: a state no
    # measurement here is taken in (on an H200 it adds about 10 us to a
    # 24 us matrix-vector product). Replayed from a CUDA graph, the calls run
    # back to back with a warm cache, as the synchronised timer's do.
    from triton.testing import do_bench_cudagraph

    started = time.perf_counter()
    rep_ms = max(1, int(options.budget_share_s * 1000))
    with torch.cuda.stream(torch.cuda.Stream(device.torch_device)):
        try:
            times_ms = do_bench_cudagraph(step(prepared), rep=rep_ms, return_mode="all")
        except TypeError:  # triton releases before return_mode give the mean only
            times_ms = [do_bench_cudagraph(step(prepared), rep=rep_ms)]
    return [t / 1000.0 for t in times_ms], time.perf_counter() - started


def references(device: Device) -> dict[str, tuple[Reference, bool]]:
    """The references for ``device``: name → (function, whether it runs cache-cold)."""
    if device.kind == "cpu":
        return {"blocked_autorange": (_blocked_autorange, False)}
    found: dict[str, tuple[Reference, bool]] = {"events": (_events, False)}
    if device.kind == "cuda":
        try:
            import triton.testing  # noqa: F401
        except ImportError:
            pass
        else:
            found["do_bench_cudagraph"] = (_do_bench, False)
    return found


def _engine(prepared: Prepared, device: Device, options: TimingOptions) -> tuple[list[float], float, float]:
    found = time_engine(prepared, device, options)
    return found["samples"], found["wall_s"], found["timed_s"]


def sample_point(workload: Workload, device: Device, *, rounds: int = ROUNDS, budget_s: float = BUDGET_S,
                 share: int = 1) -> list[dict[str, Any]]:
    """What this process measures of one point: per reference, the engine's and the reference's samples,
    interleaved over ``rounds``, each with ``1 / share`` of ``budget_s`` per round (see :func:`rows_of`)."""
    measured = []
    for name, (reference, cold) in references(device).items():
        options = TimingOptions(budget_s=budget_s, cold=cold, share=share)
        prepared = prepare(workload, device, rotations=rotations(workload, device, options))
        engine: list[float] = []
        theirs: list[float] = []
        engine_wall = engine_timed = reference_wall = 0.0
        for _ in range(rounds):
            samples, wall, timed = _engine(prepared, device, options)
            engine += samples
            engine_wall += wall
            engine_timed += timed
            # The reference gets as long in timed blocks as the engine just
            # spent (the engine's least number of blocks can exceed the
            # budget), so the two walls differ by each method's own overhead alone.
            given = replace(options, budget_s=max(options.budget_share_s, timed) * share)
            samples, wall = reference(prepared, device, given)
            theirs += samples
            reference_wall += wall
        del prepared
        measured.append({"device": device.name, "workload": workload.kind,
                         "label": workload.label + (" cold" if cold else ""), "reference": name,
                         "engine_samples": engine, "reference_samples": theirs, "engine_wall_s": engine_wall,
                         "engine_timed_s": engine_timed, "reference_wall_s": reference_wall})
    return measured


def points_of(devices: Sequence[Device]) -> list[tuple[Workload, Device]]:
    """Every device's fixed points (see ``CPU_POINTS`` and ``ACCELERATOR_POINTS``), in order."""
    return [(w, d) for d in devices for w in (ACCELERATOR_POINTS if d.is_accelerator else CPU_POINTS)]


def sample_all(plan: Sequence[tuple[Workload, Device]], *, reverse: bool = False, rounds: int = ROUNDS,
               budget_s: float = BUDGET_S, share: int = 1,
               each: Callable[[], None] | None = None) -> list[dict[str, Any]]:
    """What this process measures of every point of ``plan`` (in reverse order when ``reverse``, so that a
    drift over the processes falls on every point), each point's rows in plan order."""
    order = list(reversed(plan)) if reverse else list(plan)
    found: dict[int, list[dict[str, Any]]] = {}
    for workload, device in order:
        found[plan.index((workload, device))] = sample_point(workload, device, rounds=rounds, budget_s=budget_s,
                                                             share=share)
        if each:
            each()
    return [one for index in sorted(found) for one in found[index]]


def check_point(workload: Workload, device: Device, *, rounds: int = ROUNDS, budget_s: float = BUDGET_S,
                tolerance: float = TOLERANCE) -> list[Row]:
    """Rows for one point, measured in this process: the engine against each of the device's references."""
    return rows_of([sample_point(workload, device, rounds=rounds, budget_s=budget_s)], tolerance)


def selfcheck_spec(devices: Sequence[Device], processes: int, *, rounds: int = ROUNDS,
                   budget_s: float = BUDGET_S) -> dict[str, Any]:
    """What a worker is sent to measure the selfcheck (:mod:`mpsarticle.measure.child`), less the order."""
    return {"devices": [d.name for d in devices], "rounds": rounds, "budget_s": budget_s, "share": processes}


def run_selfcheck(devices: Sequence[Device], *, processes: int = PROCESSES, rounds: int = ROUNDS,
                  budget_s: float = BUDGET_S, tolerance: float = TOLERANCE, progress: bool = True) -> list[Row]:
    """Every device's fixed points, in ``processes`` fresh worker processes (1: in this process), each
    process with ``1 / processes`` of the budget."""
    from tqdm import tqdm

    from mpsarticle.measure.loop import progress_stream

    plan = points_of(devices)
    bar = tqdm(total=len(plan) * processes, desc="selfcheck", unit="point", file=progress_stream(),
               disable=not progress, mininterval=0.5)
    try:
        if processes == 1:
            measured = [sample_all(plan, rounds=rounds, budget_s=budget_s, each=bar.update)]
        else:
            from mpsarticle.measure.workers import selfcheck_in_workers

            spec = selfcheck_spec(devices, processes, rounds=rounds, budget_s=budget_s)
            measured = selfcheck_in_workers(spec, processes, each=bar.update)
    finally:
        bar.close()
    return rows_of(measured, tolerance)
