"""The run loop: measure a list of tasks in order, with a progress bar, into one ResultSet.

:func:`run_tasks` is what every way of measuring ends in (:mod:`mpsarticle.measure.session`
for the command line and the site build, :func:`mpsarticle.measure.runner.run` for a
library caller); it imports nothing above it, so the modules that guard it
(the watchdog, the session) can import it without a cycle.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Iterable, Sequence
from typing import IO, TYPE_CHECKING

from mpsarticle import config
from mpsarticle.core.profiles import Task
from mpsarticle.core.reasons import Reason
from mpsarticle.measure.memory import too_big
from mpsarticle.results.model import Point, ResultSet, unmeasured_point

if TYPE_CHECKING:
    from mpsarticle.measure.devices import Device
    from mpsarticle.measure.watchdog import Watchdog

__all__ = ["progress_stream", "resolve_devices", "run_tasks", "too_big_point"]


def progress_stream() -> IO[str]:
    """Where progress goes: the process's real stderr, the terminal running the build.

    Inside a notebook kernel ``sys.stderr`` is captured into the page.
    """
    return sys.__stderr__ or sys.stderr


def resolve_devices(devices: Iterable[Device | str] | None) -> list[Device]:
    """Devices by name (or as given); ``None``: every usable device."""
    from mpsarticle.measure.devices import available_devices, get_device

    if devices is None:
        return available_devices()
    return [get_device(device) if isinstance(device, str) else device for device in devices]


def _too_big(task: Task, described: dict) -> Reason | None:
    # The run's environment block already describes every usable device.
    return too_big(task.workload, described.get(task.device.name) or task.device.describe())


def too_big_point(task: Task, described: dict) -> Point | None:
    """The ``out_of_memory`` point of a task too big for its device's memory, known before trying; else ``None``."""
    reason = _too_big(task, described)
    return unmeasured_point(task, "out_of_memory", reason) if reason else None


def run_tasks(tasks: Sequence[Task], *, progress: bool = True, label: str | None = None, profile: str | None = None,
              results: ResultSet | None = None, guard: Watchdog | None = None) -> ResultSet:
    """Measure every task in order and collect the points with the environment.

    ``results``: add to this set (a resumed run's) instead of a new one.
    ``guard``: hold each point to a time limit and add points under its lock
    (see :mod:`mpsarticle.measure.watchdog`).
    """
    from tqdm import tqdm  # not tqdm.auto: no widgets, the bar goes to the terminal

    from mpsarticle.core.stats import load_libraries
    from mpsarticle.measure.environment import environment
    from mpsarticle.measure.timing import time_point

    load_libraries()
    if results is None:
        results = ResultSet(environment=environment(), profile=profile, label=label,
                            build_id=config.build_id())
    bar = tqdm(tasks, desc="mpsarticle", unit="point", file=progress_stream(), disable=not progress,
               dynamic_ncols=True, mininterval=0.5)
    for task in bar:
        bar.set_postfix_str(f"{task.suite}: {task.workload.label} on {task.device} ({task.method})", refresh=False)
        reason = _too_big(task, results.environment["devices"])
        work = functools.partial(time_point, task.workload, task.device, task.method, task.options, suite=task.suite)
        if reason:
            point = unmeasured_point(task, "out_of_memory", reason)
        else:
            point = guard.measure(task, work) if guard else work()
        if guard:
            guard.rescue.add(point)
        else:
            results.points.append(point)
    bar.close()
    return results
