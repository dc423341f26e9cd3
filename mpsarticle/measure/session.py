"""A measuring session: a plan measured with every safeguard on.

The command line's ``run`` and ``record`` and the site build
(:func:`mpsarticle.measure.runner.measure_once`) all measure through
:func:`measure`, which puts the plan under

- :func:`~mpsarticle.measure.interrupt.signals_interrupt` and a
  :class:`~mpsarticle.measure.interrupt.Rescue`: SIGINT or SIGTERM saves the points
  so far to the rescue file and prints where;
- a :class:`~mpsarticle.measure.watchdog.Watchdog`: each point is held to the
  profile's time limit (or ``point_limit_s``);
- :mod:`mpsarticle.measure.resume`: a resumed run measures only what its file lacks.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import IO, TYPE_CHECKING

from mpsarticle import config
from mpsarticle.core.profiles import Task, get_profile, plan
from mpsarticle.measure.interrupt import Rescue, signals_interrupt, terminal
from mpsarticle.measure.loop import resolve_devices, run_tasks
from mpsarticle.measure.resume import check_resumable, in_plan_order, missing
from mpsarticle.measure.watchdog import Watchdog
from mpsarticle.results.model import ResultSet, load

if TYPE_CHECKING:
    from mpsarticle.measure.devices import Device

__all__ = ["FALLBACK_WARNING", "Request", "measure", "prepare"]

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

    def limit_s(self) -> float | None:
        chosen = get_profile(self.profile).point_limit_s if self.point_limit_s is None else self.point_limit_s
        return chosen or None


def prepare(request: Request, resume: Path | None = None) -> tuple[list[Task], list[Task], ResultSet]:
    """The whole plan, the tasks still to measure, and the results they are added to.

    With ``resume``, the results are that file's (refused with
    :class:`~mpsarticle.measure.resume.ResumeRefused` when they cannot be continued).
    """
    from mpsarticle.measure.environment import environment

    tasks = plan(request.suites, request.profile, resolve_devices(request.devices))
    if request.cold or request.threads:
        tasks = [replace(task, options=replace(task.options, cold=request.cold, threads=request.threads))
                 for task in tasks]
    here = environment()
    if resume is None:
        results = ResultSet(environment=here, profile=request.profile, label=request.label,
                            build_id=config.build_id())
        return tasks, tasks, results
    previous = load(resume)
    check_resumable(previous, str(resume), profile=request.profile, environment=here, cold=request.cold)
    if request.label:
        previous.label = request.label
    return tasks, missing(tasks, previous), previous


def measure(request: Request, rescue_to: Path, *, resume: Path | None = None,
            hint: str | None = "continue with --resume {path}", stream: IO[str] | None = None) -> ResultSet:
    """Measure ``request`` (what ``resume`` lacks); on SIGINT/SIGTERM save to ``rescue_to`` and re-raise."""
    from mpsarticle.measure.devices import mps_fallback_enabled

    out = stream or terminal()
    if mps_fallback_enabled():
        print(f"mpsarticle: {FALLBACK_WARNING}", file=out, flush=True)
    tasks, todo, results = prepare(request, resume)
    rescue = Rescue(results, rescue_to, planned=len(tasks), hint=hint)
    # The rescue outside the watchdog: a signal while the watchdog stops is rescued too.
    with signals_interrupt(), rescue.on_interrupt(out), Watchdog(request.limit_s(), rescue, stream=out) as guard:
        run_tasks(todo, progress=request.progress, results=results, guard=guard)
    in_plan_order(results, tasks)
    return results


