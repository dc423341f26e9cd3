"""Measuring in rounds of fresh worker processes, each process's measurement merged into its point.

One process's samples say how steady that process was, not what a rerun
would find: a fresh process may get another kernel (MPSGraph picks among
several), another memory layout, another clock. As pyperf does, a run here
measures every point in ``processes`` fresh processes, one after another:

- **rounds**: in round ``r`` a fresh worker measures every point still
  wanted, in plan order in even rounds and in reverse order in odd ones, so
  that a drift over the run (a laptop warming up) falls on every point
  rather than on the last ones; each worker gets ``1 / processes`` of the
  profile's time budget per point, so a run takes about as long as one in a
  single process, plus the workers' starts (importing torch): these are
  started ahead of their rounds, as many at once as the machine has cores,
  and waited for before anything is measured (:class:`~mpsarticle.measure.pool.Spares`);
- **collecting**: each process's samples are kept apart in the point
  (``Point.processes``), and its value and 95 % interval are those of
  :func:`mpsarticle.core.stats.across_processes`;
- **nothing lost**: every finished (point, process) is handed to ``add``
  before the next starts, which appends it to the run's journal
  (:mod:`mpsarticle.measure.journal`), so ``kill -9``, a closed laptop lid
  or the out-of-memory killer loses at most the point being measured;
  ``python -m mpsarticle run --resume FILE.journal`` continues from it;
- **a busy machine**: each process records what else used the CPU while it
  measured a point; a process measured under contention, or whose time lies
  far from its siblings', is set aside and the point measured again in a
  fresh process after the rounds, within limits per point and per run
  (:mod:`mpsarticle.core.contention` says what counts and why,
  :mod:`mpsarticle.measure.remeasure` applies it);
- **crashes**: a worker that dies (a signal, a crash inside a driver, an
  MPS assertion, the out-of-memory killer) leaves the point it was
  measuring ``crashed``, with the signal or exit status, and a fresh worker
  goes on with the rest; a point past the time limit is ``timeout`` and its
  worker is killed (:mod:`mpsarticle.measure.pool` runs the processes;
  :mod:`mpsarticle.measure.wire` is what they say to each other).

The correctness check against the float64 reference runs in the first
process that measures a point; later processes time the same code on the
same inputs, and checking again would only cost time.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from mpsarticle.core.contention import EXTRA_PER_POINT, extra_limit
from mpsarticle.core.profiles import Task
from mpsarticle.measure.pool import Extra, Spares, measure_in_one_worker, measure_in_workers
from mpsarticle.measure.remeasure import aligned, settle, summary, wants_again
from mpsarticle.measure.resume import point_key, task_key
from mpsarticle.results.model import Point, ResultSet

__all__ = ["merge", "needs", "processes_of", "run_rounds", "selfcheck_in_workers"]


def processes_of(point: Point) -> int:
    """How many processes have measured an ``ok`` point, those set aside included (an older file's point: one)."""
    return (len(point.processes) or (1 if point.samples else 0)) + len(point.set_aside)


def needs(point: Point | None, round_: int) -> bool:
    """Whether round ``round_`` still has to measure this point."""
    if point is None:
        return True
    if point.status != "ok" or point.check == "failed":
        return False  # not measurable, or wrong: measuring it again says nothing new
    return processes_of(point) <= round_


def merge(earlier: Point | None, new: Point, *, planned: int | None = None, extra: bool = False) -> Point:
    """``earlier`` (this point's processes so far) with one more process's measurement.

    ``planned``: the processes the run measures each point in; with it, the
    suspect processes are set aside (:func:`mpsarticle.measure.remeasure.settle`).
    ``extra``: the process is one measured again, beyond the planned ones.
    """
    if earlier is None or earlier.status != "ok":
        if new.status == "ok":
            new.processes = [list(new.samples)]
            new.process_load = aligned(new.process_load, 1)
            new.extra_processes = int(extra)
            if planned:
                settle(new, planned)
        return new
    if new.status != "ok":
        return new  # a process that crashed, timed out or failed makes the point that
    combined = dataclasses.replace(earlier)
    groups = [list(g) for g in earlier.processes] or [list(earlier.samples)]
    combined.processes = groups + [list(new.samples)]
    combined.process_load = aligned(earlier.process_load, len(groups)) + aligned(new.process_load, 1)
    combined.set_aside = list(earlier.set_aside)
    combined.extra_processes = earlier.extra_processes + int(extra)
    combined.samples = [s for group in combined.processes for s in group]
    combined.repeats = earlier.repeats + new.repeats
    combined.wall_s = (earlier.wall_s or 0) + (new.wall_s or 0)
    combined.timed_s = (earlier.timed_s or 0) + (new.timed_s or 0)
    for name in ("peak_memory_bytes", "driver_memory_bytes"):
        values = [v for v in (getattr(earlier, name), getattr(new, name)) if v is not None]
        setattr(combined, name, max(values) if values else None)
    rejected = earlier.detail.get("events_rejected", 0) + new.detail.get("events_rejected", 0)
    if rejected:
        # Device-event intervals that read zero or less, over all its processes (mpsarticle.measure.timing).
        combined.detail = {**earlier.detail, "events_rejected": rejected}
    if earlier.check == "skipped" and new.check != "skipped":
        combined.check, combined.rel_error, combined.tolerance = new.check, new.rel_error, new.tolerance
    return settle(combined, planned) if planned else combined.summarize()


def run_rounds(tasks: Sequence[Task], results: ResultSet, *, processes: int,
               add: Callable[[Point, int], None], limit_s: float | None = None,
               progress: Callable[[Task, int], None] | None = None,
               skip: Callable[[Task], Point | None] | None = None, lock: Any = None,
               extra: Callable[[int], Extra] | None = None, again: Callable[[int], None] | None = None,
               spares: Spares | None = None) -> None:
    """Measure ``tasks`` in ``processes`` rounds of fresh workers, merging into ``results`` as each finishes,
    then measure again the points with a suspect process (:mod:`mpsarticle.measure.remeasure`).

    ``add(point, round)`` is called with each process's point, before the
    next one starts (the journal writes it there); ``skip(task)`` may return
    a point instead of measuring (a workload too big for the device's
    memory); ``progress(task, round)`` after each. A point that already has
    the processes a round would add (a resumed run's) is left as it is.
    ``extra(round)``: work for the round's last worker after its points (see
    :class:`~mpsarticle.measure.pool.Extra`); a worker that dies in it is not
    replaced.

    After the rounds, up to :data:`~mpsarticle.core.contention.EXTRA_PER_POINT`
    more rounds measure again, each in a fresh worker, the points that
    :func:`~mpsarticle.measure.remeasure.wants_again`, in plan order (reversed
    every other round), as long as the run's limit
    (:func:`~mpsarticle.core.contention.extra_limit` of its planned
    measurements, those a resumed file already holds counted) lasts; at the
    limit the rest keep what they have, marked ``unresolved``, and
    ``results.contention`` records that the limit was reached. ``again(n)``
    is told before each such round how many it measures. ``spares``: the
    rounds' workers, if the caller started them already (see
    :class:`~mpsarticle.measure.pool.Spares`).
    """
    index = {task_key(task): i for i, task in enumerate(tasks)}
    by_key: dict[Hashable, Point] = {}
    for point in results.points:
        by_key[point_key(point)] = point

    def ordered() -> list[Point]:
        return sorted(by_key.values(), key=lambda p: index.get(point_key(p), len(index)))

    def record(task: Task, point: Point, round_: int) -> None:
        key = task_key(task)
        merged = merge(by_key.get(key), point, planned=processes, extra=round_ >= processes)
        with lock or contextlib.nullcontext():
            add(point, round_)
            by_key[key] = merged
            results.points = ordered()  # what an interruption saves
        if progress:
            progress(task, round_)

    spares = spares or Spares(processes)
    try:
        for round_ in range(processes):
            order = list(tasks) if round_ % 2 == 0 else list(reversed(tasks))
            todo = [task for task in order if needs(by_key.get(task_key(task)), round_)]
            if skip:
                measurable = []
                for task in todo:
                    instead = skip(task) if round_ == 0 or task_key(task) not in by_key else None
                    if instead is not None:
                        record(task, instead, round_)
                    else:
                        measurable.append(task)
                todo = measurable
            measure_in_workers(todo, round_, processes, limit_s, record, extra(round_) if extra else None,
                               spares)
    finally:
        spares.close()
    limit = extra_limit(len(tasks) * processes)
    used = sum(point.extra_processes for point in by_key.values())
    reached = False
    for round_ in range(processes, processes + EXTRA_PER_POINT):
        order = list(tasks) if round_ % 2 == 0 else list(reversed(tasks))
        wanted = [task for task in order if wants_again(by_key.get(task_key(task)), processes)]
        todo = wanted[:max(limit - used, 0)]
        reached = reached or len(todo) < len(wanted)
        if not todo:
            break
        used += len(todo)
        if again:
            again(len(todo))
        measure_in_workers(todo, round_, processes, limit_s, record)
    results.points = ordered()  # in plan order, each point once
    results.pool_processes()
    results.contention = summary(results.points, limit=limit, reached=reached)


def selfcheck_in_workers(spec: dict[str, Any], processes: int, *, limit_s: float | None = None,
                         each: Callable[[], None] | None = None) -> list[Any]:
    """The selfcheck (``spec``: see :mod:`mpsarticle.measure.child`) in ``processes`` fresh workers, in reverse
    order every other one: each worker's measurements (a worker that died is left out, with a line on stderr)."""
    measured: list[Any] = []
    spares = Spares(processes)
    try:
        for round_ in range(processes):
            work = Extra.selfcheck(spec, round_, measured.append, each)
            measure_in_one_worker([], round_, processes, limit_s, lambda *_: None, work, spares)
    finally:
        spares.close()
    return measured
