"""The messages between the parent and a measuring child: JSON, one line each.

A child first imports what it measures with (torch above all, most of its
start) and says :func:`ready`; then the parent writes one line to its stdin, :func:`request`: the tasks
as specs (:func:`task_spec`: the suite, the workload's kind and parameters,
the device, the method, the timing options, whether to check the result),
and any work after them (``{"selfcheck": {...}}``, see
:class:`mpsarticle.measure.pool.Extra`). The child reads the tasks back with
:func:`tasks_in` and answers on its stdout, one line per message, flushed:

- ``{"start": i}`` before measuring task ``i``, ``{"index": i, "point": {...}}``
  after (:func:`started`, :func:`measured`);
- ``{"start": "extra"}`` before the work after the tasks, ``{"step": k}`` after
  each of its steps and ``{"extra": ...}`` with its answer (:func:`extra_started`,
  :func:`stepped`, :func:`extra_done`).

A point is a line as :meth:`mpsarticle.results.model.Point.to_dict` writes it;
:func:`point_from` reads one back (the journal's lines hold points the same way).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Sequence
from typing import Any

from mpsarticle.core.profiles import Task
from mpsarticle.core.reasons import Reason
from mpsarticle.core.specs import WORKLOADS, TimingOptions, Workload
from mpsarticle.results.model import Point

__all__ = ["extra_done", "extra_started", "is_ready", "measured", "options_from", "point_from", "ready", "request",
           "started", "stepped", "task_spec", "tasks_in", "workload_from"]

#: What :meth:`Point.to_dict` adds that a :class:`Point` computes itself (its rates).
_DERIVED = ("gflop_s", "gb_s")


def task_spec(task: Task, processes: int, check: bool) -> dict[str, Any]:
    """What a child is told of ``task``, measured in one of ``processes`` processes (``check``: verify its result)."""
    options = dataclasses.replace(task.options, share=processes)
    return {"suite": task.suite, "kind": task.workload.kind, "params": task.workload.params(),
            "device": task.device.name, "method": task.method, "options": dataclasses.asdict(options),
            "check": check}


def request(specs: Sequence[dict[str, Any]], extra: dict[str, Any] | None = None) -> str:
    """The one line a child reads: its task specs, and the work after them."""
    return json.dumps({"tasks": list(specs), **(extra or {})}) + "\n"


def options_from(raw: dict[str, Any]) -> TimingOptions:
    return TimingOptions(**raw)


def workload_from(kind: str, params: dict[str, Any]) -> Workload:
    """The workload of that kind (:data:`mpsarticle.core.specs.WORKLOADS`) with those parameters."""
    return WORKLOADS[kind](**params)


def tasks_in(specs: Iterable[dict[str, Any]]) -> Iterable[tuple[dict[str, Any], Workload, TimingOptions]]:
    """Each spec of a request with its workload and timing options."""
    for spec in specs:
        yield spec, workload_from(spec["kind"], spec["params"]), options_from(spec["options"])


def point_from(raw: dict[str, Any]) -> Point:
    """The point a line holds: its reason read back from its JSON object, the rates it also holds left to the
    point to compute."""
    values = {k: v for k, v in raw.items() if k not in _DERIVED}
    if values.get("reason") is not None:
        values["reason"] = Reason.from_dict(values["reason"])
    return Point(**values)


def ready() -> str:
    return json.dumps({"ready": True}) + "\n"


def is_ready(line: str) -> bool:
    return json.loads(line).get("ready") is True


def started(index: int) -> str:
    return json.dumps({"start": index}) + "\n"


def measured(index: int, point: Point) -> str:
    return json.dumps({"index": index, "point": point.to_dict()}, allow_nan=False) + "\n"


def extra_started() -> str:
    return json.dumps({"start": "extra"}) + "\n"


def stepped(step: int) -> str:
    return json.dumps({"step": step}) + "\n"


def extra_done(answer: Any) -> str:
    return json.dumps({"extra": answer}) + "\n"
