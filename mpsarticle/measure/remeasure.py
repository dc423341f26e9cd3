"""Measuring again where the machine was busy: which processes of a point its value uses, and what the run says.

What counts as contended or an outlier, and the limits, are
:mod:`mpsarticle.core.contention`'s. Here they are applied to points:

- :func:`settle`: after each process is merged into its point
  (:func:`mpsarticle.measure.workers.merge`), the suspect processes move from
  ``processes`` to ``set_aside`` (with why) where enough others are left, and
  the statistics are those of the rest;
- :func:`wants_again`: whether a point is measured in one more fresh process
  (:func:`mpsarticle.measure.workers.run_rounds` does so after its rounds,
  within the limits per point and per run);
- :func:`summary` and :func:`lines`: what the results file records of the
  run and what the run prints, one line per affected point and one for the
  run.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any

from mpsarticle.core.contention import EXTRA_PER_POINT, OUTLIER_FACTOR, cpus_in_use, judge, thresholds
from mpsarticle.results.model import Point

__all__ = ["aligned", "busy", "lines", "settle", "summary", "wants_again"]


def aligned(loads: Sequence[dict[str, Any] | None], count: int) -> list[dict[str, Any] | None]:
    """``loads`` with one entry per process (``None`` for a process that took no reading: an older file's)."""
    found = list(loads)[:count]
    return found + [None] * (count - len(found))


def _median(samples: Sequence[float]) -> float:
    return statistics.median(samples) if samples else math.inf


def settle(point: Point, planned: int) -> Point:
    """Set aside the suspect processes of ``point`` where enough others are left (see
    :func:`mpsarticle.core.contention.judge`), and compute its statistics from those it keeps. Processes set
    aside before stay set aside."""
    groups = [list(group) for group in point.processes]
    loads = aligned(point.process_load, len(groups))
    verdict = judge([_median(group) for group in groups], [bool(load and load.get("contended")) for load in loads],
                    planned, by_spread=point.method == "engine")
    point.set_aside = list(point.set_aside) + [
        {"samples": groups[i], "load": loads[i], "why": why, "factor": factor} for i, why, factor in verdict.aside]
    point.processes = [groups[i] for i in verdict.keep]
    point.process_load = [loads[i] for i in verdict.keep]
    point.unresolved = verdict.unresolved
    point.samples = [sample for group in point.processes for sample in group]
    point.repeats = len(point.samples)
    return point.summarize()


def wants_again(point: Point | None, planned: int) -> bool:
    """Whether ``point`` is measured in one more fresh process: it is measured (and correct), it has a suspect
    process, fewer than ``planned`` of its processes are not suspect, and it has had fewer than
    :data:`~mpsarticle.core.contention.EXTRA_PER_POINT` extra ones."""
    if point is None or point.status != "ok" or point.check == "failed":
        return False
    if point.extra_processes >= EXTRA_PER_POINT:
        return False
    return point.unresolved is not None or bool(point.set_aside and len(point.processes) < planned)


def _readings(point: Point) -> list[dict[str, Any] | None]:
    return list(point.process_load) + [record.get("load") for record in point.set_aside]


def busy(point: Point) -> bool:
    """Whether any process measured ``point`` under contention (those set aside included)."""
    return any(reading and reading.get("contended") for reading in _readings(point))


def _outlying(point: Point) -> bool:
    """Whether a process of ``point`` lay far from its siblings (with :func:`busy` false: a point measured again
    that no busy process explains had two processes too far apart to say which was off)."""
    return (point.unresolved == "outlier" or point.extra_processes > 0
            or any(record.get("why") == "outlier" for record in point.set_aside))


def affected(point: Point) -> bool:
    return busy(point) or _outlying(point) or point.extra_processes > 0


def summary(points: Sequence[Point], *, limit: int, reached: bool) -> dict[str, Any]:
    """The run's count of what else used the CPU, as its results file records it (``limit``: extra processes the
    run could measure; ``reached``: a point that wanted one more did not get it for that limit)."""
    readings = [reading for point in points for reading in _readings(point)]
    return {
        "busy_points": sum(busy(p) for p in points),
        "outlier_points": sum(_outlying(p) and not busy(p) for p in points),
        "remeasured_points": sum(p.extra_processes > 0 for p in points),
        "extra_processes": sum(p.extra_processes for p in points),
        "set_aside_processes": sum(len(p.set_aside) for p in points),
        "unresolved_points": sum(p.unresolved is not None for p in points),
        "unread_processes": sum(not reading or reading.get("contended") is None for reading in readings),
        "extra_limit": limit,
        "limit_reached": reached,
        "thresholds": thresholds(),
    }


def _plural(count: int, noun: str) -> str:
    many = noun + "es" if noun.endswith("ss") else noun + "s"
    return f"{count} {noun if count == 1 else many}"


def _seen(point: Point) -> str:
    """What the readings and the spread of ``point``'s processes showed, in a few words."""
    parts = []
    contended = [r for r in _readings(point) if r and r.get("contended")]
    if contended:
        worst = max(contended, key=lambda r: (cpus_in_use(r) or (0.0, 0.0))[1])
        used = cpus_in_use(worst)
        detail = ""
        if used is not None:
            own, others = used
            detail = (f": other processes kept {max(others, 0):.2f} of {worst.get('cpus')} CPUs busy beside its "
                      f"{own:.2f}")
            if worst.get("load_1m") is not None:
                detail += f" (load average {worst['load_1m']:.1f})"
        parts.append(f"{_plural(len(contended), 'process')} measured it while the machine was busy{detail}")
    factors = [r["factor"] for r in point.set_aside if r.get("why") == "outlier" and r.get("factor")]
    if factors or point.unresolved == "outlier" or not contended:
        far = f" ({max(factors):.1f}x)" if factors else ""
        parts.append(f"a process took more than {OUTLIER_FACTOR:g}x or less than 1/{OUTLIER_FACTOR:g} of its "
                     f"siblings' time{far}")
    return "; ".join(parts)


def _done(point: Point, planned: int, limit: int) -> str:
    """Whether ``point`` was measured again, and what its value holds."""
    aside = f", {len(point.set_aside)} set aside" if point.set_aside else ""
    done = (f"measured again in {_plural(point.extra_processes, 'fresh process')}{aside}" if point.extra_processes
            else f"not measured again{aside}")
    if point.unresolved is None:
        return done
    if point.check == "failed":
        why = "its result failed its correctness check"
    elif point.extra_processes >= EXTRA_PER_POINT:
        why = f"at most {EXTRA_PER_POINT} extra per point"
    elif wants_again(point, planned):
        why = f"the run's limit of {limit} extra processes was reached"
    else:
        why = "no other process was left"
    clear = "while the machine was not busy" if point.unresolved == "contended" else "close to its siblings"
    return (f"{done}; its value rests on {_plural(len(point.processes), 'process')}: fewer than two were measured "
            f"{clear} ({why})")


def lines(points: Sequence[Point], planned: int, found: dict[str, Any]) -> list[str]:
    """What the run prints: one line per point that a busy machine or an outlier touched, then one for the run
    (``found``: :func:`summary`'s)."""
    from mpsarticle.measure.wire import workload_from

    said = []
    for point in points:
        if point.status != "ok" or not affected(point):
            continue
        label = workload_from(point.workload, point.params).label
        said.append(f"mpsarticle: busy: {point.suite}: {label} ({point.method}) on {point.device}: "
                    f"{_seen(point)}; {_done(point, planned, found['extra_limit'])}")
    total = sum(p.status == "ok" for p in points)
    limit = f", the run's limit of {found['extra_limit']} reached" if found["limit_reached"] else ""
    end = (f"mpsarticle: the machine was busy during {found['busy_points']} of {_plural(total, 'point')}; "
           f"{found['remeasured_points']} were measured again "
           f"({_plural(found['extra_processes'], 'extra process')}{limit})")
    if found["outlier_points"]:
        end += f"; {_plural(found['outlier_points'], 'point')} had a process far from its siblings"
    if found["unread_processes"]:
        end += f"; {_plural(found['unread_processes'], 'process')} could not tell"
    rejected = [(p, int(p.detail.get("events_rejected", 0))) for p in points if p.detail.get("events_rejected")]
    if rejected:
        # MPS events can return an interval that reads zero or less (mpsarticle.measure.timing.time_events).
        devices = ", ".join(dict.fromkeys(p.device for p, _ in rejected))
        said.append(f"mpsarticle: events: {_plural(sum(n for _, n in rejected), 'interval')} between device events "
                    f"read zero or less on {devices}, at {_plural(len(rejected), 'point')}; left out, their blocks "
                    f"timed again")
    return [*said, end]
