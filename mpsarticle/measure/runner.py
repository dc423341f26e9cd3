"""Runs: measure workloads or the article's suites, and measure once per build.

:func:`run` measures workloads on devices and returns a
:class:`~mpsarticle.results.model.ResultSet`. :func:`measure_once` is what the
article's chapters call: within one ``make html`` the first chapter to ask
for a suite measures it and saves the ResultSet under the build's
identifier (:func:`mpsarticle.config.build_id`); every later chapter (the
other language's too) loads that file. A new ``make html`` has a new
identifier and so measures afresh. Without a build identifier (an
interactive session) every call measures.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from mpsarticle import config
from mpsarticle.core.profiles import SUITES, Task, current_profile, get_profile
from mpsarticle.core.specs import TimingOptions, Workload
from mpsarticle.errors import MpsarticleError
from mpsarticle.measure.loop import resolve_devices, run_tasks
from mpsarticle.measure.session import finished
from mpsarticle.results.files import write_atomically
from mpsarticle.results.model import ResultSet, load
from mpsarticle.results.selfcheck import Row, load_rows, save_rows

if TYPE_CHECKING:
    from mpsarticle.measure.devices import Device

# torch, and the modules that import it (devices, timing, session,
# selfcheck, environment), are imported where measuring starts.

__all__ = ["measure_once", "run", "run_suites", "script_output_once", "selfcheck_once"]


def run(
    workloads: Iterable[Workload],
    devices: Iterable[Device | str] | None = None,
    *,
    methods: Sequence[str] = ("engine",),
    options: TimingOptions | None = None,
    progress: bool = True,
) -> ResultSet:
    """Measure each workload on each device (default: every usable one) by each method."""
    chosen = resolve_devices(devices)
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
    keep_journal: bool = False,
    selfcheck_to: Path | None = None,
) -> ResultSet:
    """Measure the article's suites with a profile's sizes (``cold``: rotate inputs past the caches;
    ``threads``: CPU threads instead of PyTorch's default).

    Each point is held to the profile's time limit (``point_limit_s``
    overrides it, 0 for none); on SIGINT or SIGTERM the points so far are
    saved to ``rescue_to`` (default: ``interrupted/`` in the cache folder)
    before :class:`~mpsarticle.measure.interrupt.Interrupted` is raised.
    With ``selfcheck_to``, the workers also measure the selfcheck and save its
    rows there (see :func:`selfcheck_once`).
    """
    from mpsarticle.measure.session import Request, run_request

    get_profile(profile)
    request = Request(tuple(suites), profile, tuple(devices) if devices is not None else None, label, cold,
                      point_limit_s, progress, threads, selfcheck_to=selfcheck_to)
    target = rescue_to or config.interrupted_path(f"{config.safe_name(_now_id())}-{profile}")
    return run_request(request, target,
                   hint=f"continue with python -m mpsarticle run --profile {profile} --resume {{path}}",
                   keep_journal=keep_journal)


def _now_id() -> str:
    return time.strftime("%Y%m%dT%H%M%S")


def measure_once(suites: Sequence[str] = tuple(SUITES), profile: str | None = None, *,
                 progress: bool = True) -> ResultSet:
    """The article's measurements for this build: measured by the first caller, loaded by the rest.

    Without a build identifier (see the module notes) it always measures.
    """
    profile = profile or current_profile()
    build_id = config.build_id()
    label = config.value("machine_label")
    # Points of an interrupted build go to their own file, never to ``path``:
    # a later chapter (or build) must not take a part for the whole.
    rescue_to = config.interrupted_path(f"{config.safe_name(build_id or _now_id())}-{profile}-{'-'.join(suites)}")
    if not build_id:
        return run_suites(suites, profile, progress=progress, label=label, rescue_to=rescue_to)
    path = config.cache_dir() / config.safe_name(build_id) / f"{profile}-{'-'.join(suites)}.json"
    if path.exists():
        return load(path)
    selfcheck_to = _selfcheck_path()
    results = run_suites(suites, profile, progress=progress, label=label, rescue_to=rescue_to, keep_journal=True,
                         selfcheck_to=None if selfcheck_to is None or selfcheck_to.exists() else selfcheck_to)
    results.save(path)
    finished(rescue_to)
    return results


def selfcheck_once(*, progress: bool = True) -> list[Row]:
    """This build's ``selfcheck`` rows (every usable device), measured once per build like :func:`measure_once`.

    A build's measuring workers measure the selfcheck too, after their points
    (see :func:`measure_once`); only where they did not (one process, or
    every worker's selfcheck lost) is it measured here, in the profile's
    number of fresh processes.
    """
    path = _selfcheck_path()
    if path is not None and not path.exists():
        measure_once(progress=progress)  # the suites' workers measure the selfcheck as well
    if path is not None and path.exists():
        return load_rows(path)
    from mpsarticle.measure.selfcheck import run_selfcheck

    rows = run_selfcheck(resolve_devices(None), processes=get_profile(current_profile()).processes, progress=progress)
    if path is not None:
        save_rows(rows, path)
    return rows


#: The longest a chapter's script may run (a reader's script: seconds on any machine).
SCRIPT_LIMIT_S = 300


def script_output_once(script: Path) -> str:
    """What ``script`` prints when run as a reader runs it (a fresh Python, nothing of this package imported),
    once per build: both languages show the same run. A script that fails stops the build with one line."""
    text = script.read_text(encoding="utf-8")
    build_id = config.build_id()
    digest = hashlib.sha256(text.encode()).hexdigest()[:12]
    path = (config.cache_dir() / config.safe_name(build_id) / f"script-{script.stem}-{digest}.txt"
            if build_id else None)
    if path is not None and path.exists():
        return path.read_text(encoding="utf-8")
    try:
        done = subprocess.run([sys.executable, script.name], cwd=script.parent, capture_output=True, text=True,
                              timeout=SCRIPT_LIMIT_S, check=False)
    except subprocess.TimeoutExpired:
        raise MpsarticleError(f"{script.name} ran longer than {SCRIPT_LIMIT_S} s") from None
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(nothing on stderr)"])[-1]
        raise MpsarticleError(f"{script.name} exited with status {done.returncode}: {last}")
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, done.stdout)
    return done.stdout


def _selfcheck_path() -> Path | None:
    build_id = config.build_id()
    return config.cache_dir() / config.safe_name(build_id) / "selfcheck.json" if build_id else None
