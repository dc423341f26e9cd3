"""A measuring session: a plan measured with every safeguard on.

The command line's ``run`` and ``record`` and the site build
(:func:`mpsarticle.measure.runner.measure_once`) all measure through
:func:`run_request`, which puts the plan under

- :func:`~mpsarticle.measure.interrupt.signals_interrupt` and a
  :class:`~mpsarticle.measure.interrupt.Rescue`: SIGINT or SIGTERM saves the points
  so far to the rescue file and prints where;
- a :class:`~mpsarticle.measure.watchdog.Watchdog`: each point is held to the
  profile's time limit (or ``point_limit_s``);
- :mod:`mpsarticle.measure.resume`: a resumed run measures only what its file lacks;
- :mod:`mpsarticle.measure.workers`: every point measured in the profile's
  number of fresh processes (``processes``), each finished one appended to
  a journal beside the rescue file (:mod:`mpsarticle.measure.journal`)
  before the next starts, so that even
  ``kill -9`` loses at most one point. A point that a process measured while
  the machine was busy (or whose time lay far from its siblings') is measured
  again in a fresh process, and the run prints one line per such point and
  one for the run (:mod:`mpsarticle.measure.remeasure`). With one process the
  plan is measured in this process, under the watchdog; still journalled (and
  without readings of what else used the CPU: there is no fresh process to
  measure again in). A build's
  workers also measure the selfcheck after their points
  (``Request.selfcheck_to``), so that it costs no process of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, TYPE_CHECKING

from mpsarticle import config
from mpsarticle.core.profiles import SELFCHECK_TOLERANCE, Task, for_machine, get_profile, plan
from mpsarticle.measure.interrupt import Rescue, signals_interrupt, terminal
from mpsarticle.measure.journal import Journal, is_journal, journal_path, load_journal
from mpsarticle.measure.loop import resolve_devices, run_tasks
from mpsarticle.measure.pool import Extra, Spares
from mpsarticle.measure.resume import check_resumable, in_plan_order, missing, point_key, task_key
from mpsarticle.measure.watchdog import Watchdog
from mpsarticle.measure.workers import needs, run_rounds
from mpsarticle.results.model import ResultSet, load

if TYPE_CHECKING:
    from mpsarticle.measure.devices import Device

__all__ = ["FALLBACK_WARNING", "Request", "finished", "plan_request", "run_request"]

FALLBACK_WARNING = ("warning: PYTORCH_ENABLE_MPS_FALLBACK=1: operators MPS lacks run on the CPU, "
                    "so a time measured on MPS can include CPU work")


@dataclass(frozen=True)
class Request:
    """What to measure and how."""

    suites: tuple[str, ...]
    profile: str
    #: Devices or their names (``"cuda:1"``); ``None``: every usable device.
    devices: tuple[Device | str, ...] | None = None
    label: str | None = None
    cold: bool = False
    #: Seconds one point may take: ``None`` for the profile's limit, 0 for none.
    point_limit_s: float | None = None
    progress: bool = True
    #: CPU threads; ``None``: PyTorch's default (what a user's code gets).
    threads: int | None = None
    #: Fresh processes per point; ``None``: the profile's. 1: measure in this process.
    processes: int | None = None
    #: Where the selfcheck's rows go when the workers also measure it, after their points (a build's, see
    #: :func:`mpsarticle.measure.runner.selfcheck_once`); ``None``: no selfcheck.
    selfcheck_to: Path | None = None

    def process_count(self) -> int:
        return self.processes or get_profile(self.profile).processes

    def limit_s(self) -> float | None:
        chosen = get_profile(self.profile).point_limit_s if self.point_limit_s is None else self.point_limit_s
        return chosen or None


def plan_request(request: Request, resume: Path | None = None) -> tuple[list[Task], list[Task], ResultSet]:
    """The whole plan, the tasks still to measure, and the results they are added to.

    With ``resume``, the results are that file's (refused with
    :class:`~mpsarticle.measure.resume.ResumeRefused` when they cannot be continued).
    """
    from mpsarticle.measure.environment import environment
    from mpsarticle.measure.mlx import mlx_devices

    devices = resolve_devices(request.devices)
    if request.devices is None:
        # MLX's device where MLX is installed: only its own suite plans points on it (mpsarticle.core.profiles.plan).
        devices += mlx_devices()
    here = environment()
    tasks = plan(request.suites, for_machine(get_profile(request.profile), here), devices)
    if request.cold or request.threads:
        tasks = [replace(task, options=replace(task.options, cold=request.cold, threads=request.threads))
                 for task in tasks]
    if resume is None:
        results = ResultSet(environment=here, profile=request.profile, label=request.label,
                            build_id=config.build_id(), processes=request.process_count())
        return tasks, tasks, results
    previous = load_journal(resume) if is_journal(resume) else load(resume)
    check_resumable(previous, str(resume), profile=request.profile, environment=here, cold=request.cold)
    if request.label:
        previous.label = request.label
    return tasks, missing(tasks, previous), previous


def run_request(request: Request, rescue_to: Path, *, resume: Path | None = None,
            hint: str | None = "continue with --resume {path}", stream: IO[str] | None = None,
            keep_journal: bool = False) -> ResultSet:
    """Measure ``request`` (what ``resume`` lacks); on SIGINT/SIGTERM save to ``rescue_to`` and re-raise.

    The journal beside ``rescue_to`` is removed at the end, unless
    ``keep_journal`` (the caller removes it with :func:`finished` once it
    has saved the results).
    """
    from mpsarticle.measure.devices import mps_fallback_enabled

    out = stream or terminal()
    if mps_fallback_enabled():
        print(f"mpsarticle: {FALLBACK_WARNING}", file=out, flush=True)
    tasks, todo, results = plan_request(request, resume)
    processes = request.process_count()
    results.processes = processes
    rescue = Rescue(results, rescue_to, planned=len(tasks), hint=hint)
    journal = Journal(journal_path(rescue_to), results)
    if hint:
        print(f"mpsarticle: each point is saved to {journal.path} as it finishes; if the run is stopped, "
              + hint.format(path=journal.path), file=out, flush=True)
    # The rescue outside the watchdog: a signal while the watchdog stops is rescued too.
    with signals_interrupt(), rescue.on_interrupt(out):
        if processes == 1:
            rescue.journal = journal
            with Watchdog(request.limit_s(), rescue, stream=out) as guard:
                run_tasks(todo, progress=request.progress, results=results, guard=guard)
            in_plan_order(results, tasks)
        else:
            _in_workers(tasks, results, processes, request, rescue, journal, out)
    journal.close(remove=not keep_journal)
    return results


def _in_workers(tasks: list[Task], results: ResultSet, processes: int, request: Request, rescue: Rescue,
                journal: Journal, out: IO[str]) -> None:
    from tqdm import tqdm

    from mpsarticle.core.stats import load_libraries
    from mpsarticle.measure.loop import progress_stream, too_big_point
    from mpsarticle.measure.remeasure import lines

    # This process computes each point's statistics as its processes come in: scipy's import (a CPU-second on a
    # 2-core machine) beside the first worker's points would be contention of its own making. It runs while the
    # first workers import torch, before any of them measures.
    spares = Spares(processes)
    spares.start()
    load_libraries()
    known = {point_key(point): point for point in results.points}
    total = sum(needs(known.get(task_key(task)), r) for task in tasks for r in range(processes))
    bar = tqdm(total=total, desc="mpsarticle", unit="point", file=progress_stream(), disable=not request.progress,
               dynamic_ncols=True, mininterval=0.5)

    def progress(task: Task, round_: int) -> None:
        which = f"of {processes}" if round_ < processes else "measured again"
        bar.set_postfix_str(f"{task.suite}: {task.workload.label} on {task.device} (process {round_ + 1} "
                            f"{which})", refresh=False)
        bar.update()

    def again(count: int) -> None:
        bar.total += count
        bar.refresh()

    measured: list = []
    extra = None
    if request.selfcheck_to is not None:
        from mpsarticle.measure.selfcheck import selfcheck_spec

        spec = selfcheck_spec(resolve_devices(request.devices), processes)

        def extra(round_: int) -> Extra:
            return Extra.selfcheck(spec, round_, measured.append)

    try:
        run_rounds(tasks, results, processes=processes, add=journal.add, limit_s=request.limit_s(), progress=progress,
                   skip=lambda task: too_big_point(task, results.environment["devices"]), lock=rescue.lock,
                   extra=extra, again=again, spares=spares)
    finally:
        spares.close()
        bar.close()
    if results.contention is not None:
        for line in lines(results.points, processes, results.contention):
            print(line, file=out, flush=True)
    if measured and request.selfcheck_to is not None:
        from mpsarticle.results.selfcheck import rows_of, save_rows

        save_rows(rows_of(measured, SELFCHECK_TOLERANCE), request.selfcheck_to)


def finished(rescue_to: Path) -> None:
    """The run's results are saved: its journal (see :func:`run_request`'s ``keep_journal``) is not needed."""
    journal_path(rescue_to).unlink(missing_ok=True)
