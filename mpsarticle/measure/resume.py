"""Resuming: continue an interrupted run, measuring only the points it lacks.

``run --resume FILE`` (and ``record --resume FILE``) loads the points an
interrupted run saved and measures the rest of the plan. Points measured on
another machine, with another torch or another profile, would be drawn as
if they were one run, so such a file is refused with the difference named:

    mpsarticle: error: cannot resume r.json: it was measured with torch 2.1.2, this is torch 2.13.0; start a new file

A point counts as present whatever its status: an ``out_of_memory`` or
``timeout`` point was tried, and trying it again would take as long.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

from mpsarticle.errors import CANNOT_START, MpsarticleError

if TYPE_CHECKING:
    from mpsarticle.core.profiles import Task
    from mpsarticle.results.model import Point, ResultSet


__all__ = ["ResumeRefused", "check_resumable", "in_plan_order", "missing", "point_key", "task_key"]


class ResumeRefused(MpsarticleError, ValueError):
    """The file cannot be continued by this run; the message says what differs."""

    exit_status = CANNOT_START


def task_key(task: Task) -> Hashable:
    return _key(task.suite, task.device.name, task.workload.kind, task.method, task.workload.params(),
                task.options.cold)


def point_key(point: Point) -> Hashable:
    return _key(point.suite, point.device, point.workload, point.method, point.params, point.cold)


def _key(suite: str | None, device: str, workload: str, method: str, params: dict[str, Any], cold: bool) -> Hashable:
    # Parameters as JSON: a point read back from a file compares equal to the task it came from.
    return (suite, device, workload, method, json.dumps(params, sort_keys=True), bool(cold))


def missing(tasks: Sequence[Task], previous: ResultSet) -> list[Task]:
    """The tasks of the plan that have no point in ``previous``."""
    done = {point_key(point) for point in previous}
    return [task for task in tasks if task_key(task) not in done]


def in_plan_order(results: ResultSet, tasks: Sequence[Task]) -> None:
    """Reorder the points as a run from scratch would have them (points outside the plan last)."""
    order = {task_key(task): index for index, task in enumerate(tasks)}
    results.points.sort(key=lambda point: order.get(point_key(point), len(order)))


def machine(environment: dict[str, Any]) -> dict[str, Any]:
    """What must be the same for points to count as one machine's."""
    return {
        "CPU": environment.get("cpu"),
        "architecture": environment.get("arch"),
        "operating system": environment.get("os"),
        "CPU threads": environment.get("logical_cores"),
        "devices": {name: d.get("name") for name, d in (environment.get("devices") or {}).items()
                    if isinstance(d, dict)},
    }


def check_resumable(previous: ResultSet, source: str, *, profile: str, environment: dict[str, Any], cold: bool) -> None:
    """Raise :class:`ResumeRefused` unless this run may add points to ``previous``."""
    def refuse(what: str) -> ResumeRefused:
        return ResumeRefused(f"cannot resume {source}: {what}")

    if previous.profile != profile:
        raise refuse(f"it was measured with the {previous.profile} profile, this run asks for {profile}; "
                     f"pass --profile {previous.profile}")
    there, here = previous.environment.get("torch"), environment.get("torch")
    if there != here:
        raise refuse(f"it was measured with torch {there}, this is torch {here}; start a new file")
    old, new = machine(previous.environment), machine(environment)
    for what in old:
        if old[what] != new[what]:
            raise refuse(f"it was measured on another machine ({what}: {_show(old[what])} there, "
                         f"{_show(new[what])} here); start a new file")
    if bool(previous.environment.get("mps_fallback_to_cpu")) != bool(environment.get("mps_fallback_to_cpu")):
        raise refuse("PYTORCH_ENABLE_MPS_FALLBACK differs from when it was measured; set it as it was")
    if any(point.cold != cold for point in previous):
        raise refuse("it was measured with" + ("out" if cold else "") + " --cold; run with the same setting")


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}={v}" for k, v in value.items()) or "none"
    return str(value)
