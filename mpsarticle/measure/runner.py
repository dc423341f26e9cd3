"""Runs: measure a plan of points with progress, and measure once per build.

:func:`run` measures workloads on devices and returns a
:class:`~mpsarticle.results.model.ResultSet`. :func:`measure_once` is what the
article's chapters call: within one ``make html`` the first chapter to ask
for a suite measures it and saves the ResultSet under the build's
identifier; every later chapter (the other language's too) loads that file.

How a build identifies itself: ``make html`` sets ``MPSARTICLE_BUILD_ID``
(the UTC time the build started plus the make process id) for both
``sphinx-build`` runs, and the notebook kernels inherit it. Results are kept
in ``$MPSARTICLE_CACHE_DIR/<build id>/`` (default: the project's ``_build/measurements``).
A new ``make html`` has a new identifier and so measures afresh. Without a
build identifier (an interactive session) every call measures.
"""

from __future__ import annotations

import functools
import json
import os
import sys
import time
from dataclasses import fields
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Sequence

from mpsarticle.measure.memory import too_big
from mpsarticle.config import folder
from mpsarticle.core.profiles import PROFILES, SUITES, Task, get_profile
from mpsarticle.core.reasons import Reason
from mpsarticle.results.model import Point, ResultSet, load, write_atomically
from mpsarticle.results.selfcheck import Row
from mpsarticle.core.specs import TimingOptions, Workload

if TYPE_CHECKING:
    from mpsarticle.measure.devices import Device
    from mpsarticle.measure.watchdog import Watchdog

# torch, and the modules that import it (devices, timing, session,
# selfcheck, environment), are imported where measuring starts: a chapter
# that only loads this build's measurements needs no torch, and starts in a
# fraction of the time (each chapter runs in a fresh kernel).

__all__ = ["BUILD_ID_VARIABLE", "CACHE_DIR_VARIABLE", "measure_once", "run", "run_tasks"]

BUILD_ID_VARIABLE = "MPSARTICLE_BUILD_ID"
CACHE_DIR_VARIABLE = "MPSARTICLE_CACHE_DIR"
PROFILE_VARIABLE = "MPSARTICLE_PROFILE"
#: A name for the machine of this build, shown with its numbers (the Pages
#: workflow says that they come from a hosted runner's CPU).
LABEL_VARIABLE = "MPSARTICLE_MACHINE_LABEL"


def _progress_stream():
    # Inside a notebook kernel sys.stderr is captured into the page; the
    # kernel process's real stderr is the terminal running the build.
    return sys.__stderr__ or sys.stderr


def _too_big(task: Task, described: dict) -> Reason | None:
    # The run's environment block already describes every usable device.
    return too_big(task.workload, described.get(task.device.name) or task.device.describe())


def unmeasured_point(task: Task, status: str, reason: Reason) -> Point:
    """The point of a task that was not (fully) measured: not tried, or stopped."""
    return Point(device=task.device.name, workload=task.workload.kind, params=task.workload.params(),
                 method=task.method, suite=task.suite, status=status, reason=reason,
                 flops=task.workload.flops, bytes_moved=task.workload.bytes_moved, cold=task.options.cold)


def run_tasks(tasks: Sequence[Task], *, progress: bool = True, label: str | None = None, profile: str | None = None,
              results: ResultSet | None = None, guard: Watchdog | None = None) -> ResultSet:
    """Measure every task in order and collect the points with the environment.

    ``results``: add to this set (a resumed run's) instead of a new one.
    ``guard``: hold each point to a time limit and add points under its lock
    (see :mod:`mpsarticle.measure.watchdog`).
    """
    from tqdm import tqdm  # not tqdm.auto: no widgets, the bar goes to the terminal

    from mpsarticle.measure.environment import environment
    from mpsarticle.measure.timing import measure

    if results is None:
        results = ResultSet(environment=environment(), profile=profile, label=label,
                            build_id=os.environ.get(BUILD_ID_VARIABLE))
    bar = tqdm(tasks, desc="mpsarticle", unit="point", file=_progress_stream(), disable=not progress,
               dynamic_ncols=True, mininterval=0.5)
    for task in bar:
        bar.set_postfix_str(f"{task.suite}: {task.workload.label} on {task.device} ({task.method})", refresh=False)
        reason = _too_big(task, results.environment["devices"])
        work = functools.partial(measure, task.workload, task.device, task.method, task.options, suite=task.suite)
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


def run(
    workloads: Iterable[Workload],
    devices: Iterable[Device | str] | None = None,
    *,
    methods: Sequence[str] = ("engine",),
    options: TimingOptions | None = None,
    progress: bool = True,
) -> ResultSet:
    """Measure each workload on each device (default: every usable one) by each method."""
    chosen = _devices(devices)
    options = options or TimingOptions()
    tasks = [
        Task("custom", workload, device, method, options)
        for workload in workloads
        for device in chosen
        for method in methods
    ]
    return run_tasks(tasks, progress=progress)


def run_suites(
    suites: Sequence[str] = tuple(SUITES),
    profile: str = "default",
    devices: Iterable[Device | str] | None = None,
    *,
    progress: bool = True,
    label: str | None = None,
    cold: bool = False,
    threads: int | None = None,
    rescue_to: Path | None = None,
    point_limit_s: float | None = None,
) -> ResultSet:
    """Measure the article's suites with a profile's sizes (``cold``: rotate inputs past the caches;
    ``threads``: CPU threads instead of PyTorch's default).

    Each point is held to the profile's time limit (``point_limit_s``
    overrides it, 0 for none); on SIGINT or SIGTERM the points so far are
    saved to ``rescue_to`` (default: ``interrupted/`` in the cache folder)
    before :class:`~mpsarticle.measure.interrupt.Interrupted` is raised.
    """
    from mpsarticle.measure.session import Request, measure

    get_profile(profile)
    request = Request(tuple(suites), profile, tuple(devices) if devices is not None else None, label, cold,
                      point_limit_s, progress, threads)
    target = rescue_to or interrupted_path(f"{_safe(_now_id())}-{profile}")
    return measure(request, target, hint=f"continue with python -m mpsarticle run --profile {profile} --resume {{path}}")


def interrupted_path(name: str) -> Path:
    """Where a site build's measuring saves its points when interrupted: never read by a later build."""
    return cache_dir() / "interrupted" / f"{name}.json"


def _now_id() -> str:
    return time.strftime("%Y%m%dT%H%M%S")


def _devices(devices: Iterable[Device | str] | None) -> list[Device]:
    from mpsarticle.measure.devices import Device, available_devices, get_device

    if devices is None:
        return available_devices()
    return [device if isinstance(device, Device) else get_device(device) for device in devices]


def current_profile(default: str = "default") -> str:
    """The profile a docs build asked for (``MPSARTICLE_PROFILE``), else ``default``."""
    name = os.environ.get(PROFILE_VARIABLE, default)
    if name not in PROFILES:
        raise ValueError(f"unknown profile {name!r} in {PROFILE_VARIABLE}: choose {', '.join(PROFILES)}")
    return name


def cache_dir() -> Path:
    """``$MPSARTICLE_CACHE_DIR``, else the project's ``[tool.mpsarticle] measurements`` (:mod:`mpsarticle.config`)."""
    return folder("measurements", CACHE_DIR_VARIABLE, "folder for the build's measurements")


def measure_once(suites: Sequence[str] = tuple(SUITES), profile: str | None = None, *, progress: bool = True) -> ResultSet:
    """The article's measurements for this build: measured by the first caller, loaded by the rest.

    Without a build identifier (see the module notes) it always measures.
    """
    profile = profile or current_profile()
    build_id = os.environ.get(BUILD_ID_VARIABLE)
    label = os.environ.get(LABEL_VARIABLE) or None
    # Points of an interrupted build go to their own file, never to ``path``:
    # a later chapter (or build) must not take a part for the whole.
    rescue_to = interrupted_path(f"{_safe(build_id or _now_id())}-{profile}-{'-'.join(suites)}")
    if not build_id:
        return run_suites(suites, profile, progress=progress, label=label, rescue_to=rescue_to)
    path = cache_dir() / _safe(build_id) / f"{profile}-{'-'.join(suites)}.json"
    if path.exists():
        return load(path)
    results = run_suites(suites, profile, progress=progress, label=label, rescue_to=rescue_to)
    results.save(path)
    return results


def selfcheck_once(*, progress: bool = True) -> list[Row]:
    """This build's ``selfcheck`` rows (every usable device), measured once per build like :func:`measure_once`."""
    build_id = os.environ.get(BUILD_ID_VARIABLE)
    path = cache_dir() / _safe(build_id) / "selfcheck.json" if build_id else None
    if path is not None and path.exists():
        names = {f.name for f in fields(Row)}
        return [Row(**{k: v for k, v in raw.items() if k in names}) for raw in json.loads(path.read_text())]
    from mpsarticle.measure.selfcheck import run_selfcheck

    rows = run_selfcheck(_devices(None), progress=progress)
    if path is not None:
        write_atomically(path, json.dumps([row.to_dict() for row in rows], indent=1) + "\n")
    return rows


def _safe(text: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in text)[:100] or "build"


def published_dir() -> Path:
    """Files the chapters publish with the site (raw data); conf.py adds it to html_extra_path."""
    build_id = os.environ.get(BUILD_ID_VARIABLE)
    return cache_dir() / (_safe(build_id) if build_id else "adhoc") / "published"
