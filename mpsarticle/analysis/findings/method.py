"""Findings about the build itself: failed checks, what was not measured and why, the selfcheck."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from mpsarticle.analysis.findings.common import MISSING, Absent, missing_status
from mpsarticle.core.contention import OUTLIER_FACTOR
from mpsarticle.results.model import Point, ResultSet
from mpsarticle.results.selfcheck import Row

# -- checks and coverage -----------------------------------------------------------------

@dataclass(frozen=True)
class Checks:
    """Points that ran but gave a wrong result, the worst gradient error among good training steps, and how many
    devices those steps ran on."""

    failed: tuple[Point, ...]
    worst_training: Point | None
    training_devices: int = 0


def checks(results: ResultSet) -> Checks:
    failed = tuple(p for p in results if p.status == "ok" and p.check == "failed")
    trained = [(p.rel_error, p) for p in results.select(workload="train_step") if p.ok and p.rel_error is not None]
    worst = max(trained, key=lambda found: found[0], default=None)
    return Checks(failed, worst[1] if worst else None, len({p.device for _, p in trained}))


@dataclass(frozen=True)
class Coverage:
    """How many points this build has, and how many of them are not speeds, by reason."""

    points: int
    ok: int
    #: (status, count) for each of :data:`~mpsarticle.analysis.findings.MISSING`; zero counts left out.
    missing: tuple[tuple[Absent, int], ...]
    profile: str | None
    date: str


def coverage(results: ResultSet) -> Coverage:
    counts: dict[Absent, int] = {status: 0 for status in MISSING}
    for point in results:
        if not point.ok:
            counts[missing_status([point])] += 1
    missing = tuple((status, count) for status, count in counts.items() if count)
    return Coverage(len(results), sum(p.ok for p in results), missing, results.profile, results.created[:10])


# -- between processes -------------------------------------------------------------------

#: How many of the points most affected by the process they ran in the method chapter names.
MOST_AFFECTED = 3


@dataclass(frozen=True)
class Processes:
    """How much of this build's uncertainty is between fresh processes (mpsarticle.core.stats.across_processes).

    ``points``: the synchronised timer's ``ok`` points measured in two or more processes (not naive timeit's
    or device events', which show how other ways of timing read, not the article's values);
    ``median_share``: the median of their between-process shares;
    ``most``: of the points whose share is above a half, those whose slowest process was slowest against their
    fastest (largest first, at most :data:`MOST_AFFECTED`), each with its share and that ratio;
    ``above``: how many points have a share above a half;
    ``widest``: the device and slowest-over-fastest ratio of the point whose processes lay furthest apart;
    ``several``: every ``ok`` point, of any method, measured in two or more processes (a build of one process per
    point measures a point again in more where the machine was busy).
    """

    processes: int
    points: int
    median_share: float | None
    most: tuple[tuple[Point, float, float], ...]
    above: int = 0
    widest: tuple[str, float] | None = None
    several: int = 0


def processes(results: ResultSet) -> Processes:
    measured = [(p, p.between_share) for p in results
                if p.ok and p.method == "engine" and len(p.processes) >= 2 and p.between_share is not None]
    shares = sorted(share for _, share in measured)
    median = statistics.median(shares) if shares else None

    def spread(point: Point) -> float:
        medians = point.process_medians
        return max(medians) / min(medians)

    ranked = sorted(((p, share, spread(p)) for p, share in measured if share > 0.5), key=lambda r: (-r[2], -r[1]))
    widest = max(((p.device, spread(p)) for p, _ in measured), key=lambda r: r[1], default=None)
    several = sum(1 for p in results if p.ok and len([g for g in p.processes if g]) >= 2)
    return Processes(results.processes, len(measured), median, tuple(ranked[:MOST_AFFECTED]), len(ranked), widest,
                     several)


# -- device events that read zero or less -----------------------------------------------------

@dataclass(frozen=True)
class Rejected:
    """Device-event intervals that read zero or less and were measured again (``intervals``), over how many
    points, on which devices (in the order first measured)."""

    intervals: int
    points: int
    devices: tuple[str, ...]


def rejected(results: ResultSet) -> Rejected:
    counts = [(p.device, int(p.detail.get("events_rejected", 0))) for p in results]
    hit = [(device, n) for device, n in counts if n > 0]
    return Rejected(intervals=sum(n for _, n in hit), points=len(hit),
                    devices=tuple(dict.fromkeys(device for device, _ in hit)))


# -- a busy machine ------------------------------------------------------------------------

@dataclass(frozen=True)
class Remeasured:
    """What else used the CPU while this build measured, and what it measured again
    (mpsarticle.core.contention says what counts and why).

    ``read``: its processes recorded what else used the CPU (a build measured in one process, or a file
    written before they did, did not); ``busy``: points a process measured under contention; ``outlying``: the
    other points with a process far from its siblings (measured again, or set aside); ``again``: points
    measured in extra fresh processes, ``extra`` of those in all; ``set_aside``: processes its values leave
    out; ``unresolved``: points whose values still hold a suspect process, a limit on measuring again having
    been reached; ``factor``: how far from its siblings a process lies to be an outlier.
    """

    read: bool
    busy: int
    outlying: int
    again: int
    extra: int
    set_aside: int
    unresolved: int
    factor: float


def remeasured(results: ResultSet) -> Remeasured:
    def readings(point: Point) -> list:
        return [r for r in [*point.process_load, *(s.get("load") for s in point.set_aside)] if r]

    def busy(point: Point) -> bool:
        return any(r.get("contended") for r in readings(point))

    def outlying(point: Point) -> bool:
        # A point measured again that no busy process explains had two processes too far apart to say which
        # was off, whatever the process measured again then showed.
        return (point.unresolved == "outlier" or point.extra_processes > 0
                or any(s.get("why") == "outlier" for s in point.set_aside))

    points = list(results)
    return Remeasured(
        read=any(readings(p) for p in points),
        busy=sum(busy(p) for p in points),
        outlying=sum(outlying(p) and not busy(p) for p in points),
        again=sum(p.extra_processes > 0 for p in points),
        extra=sum(p.extra_processes for p in points),
        set_aside=sum(len(p.set_aside) for p in points),
        unresolved=sum(p.unresolved is not None for p in points),
        factor=OUTLIER_FACTOR,
    )


# -- the method chapter's selfcheck -------------------------------------------------------

@dataclass(frozen=True)
class Selfcheck:
    """The engine against independent references (rows of :mod:`mpsarticle.measure.selfcheck`)."""

    rows: int
    outside: tuple[Row, ...]
    tolerance: float
    engine_wall_s: float
    engine_timed_s: float
    reference_wall_s: float
    #: The fewest processes any row was measured in.
    processes: int = 1
    #: The rows whose intervals are too wide to check (neither agreeing nor outside).
    unclear: tuple[Row, ...] = ()
    #: How far apart the two medians lie in the row where they lie furthest apart, as a fraction (the larger over
    #: the smaller, less 1): a row too wide to check may still have medians that agree closely.
    medians_within: float = 0.0
    #: The devices the rows were measured on, in table order.
    devices: tuple[str, ...] = ()

    @property
    def agree(self) -> int:
        return self.rows - len(self.outside) - len(self.unclear)


#: Why a row lies outside: ``launch`` (the timer read more than a CUDA graph, which launches every call at once, so
#: the difference is each eager launch's cost), ``queue`` (it read more than device events, which time only the work
#: in the device's queue, so the difference is time the device waited for the host), ``higher`` or ``lower`` (it read
#: more than a reference whose way of measuring explains no difference, or less than any: nothing in the methods
#: accounts for it).
OutsideWhy = Literal["launch", "queue", "higher", "lower"]


def outside_why(row: Row) -> OutsideWhy:
    """Why an outside row's two methods differ, as far as how each measures can say (see :data:`OutsideWhy`)."""
    if row.engine_ci_low_s < row.reference_ci_high_s:
        return "lower"
    return {"do_bench_cudagraph": "launch", "events": "queue"}.get(row.reference, "higher")  # type: ignore[return-value]


def selfcheck(rows: Sequence[Row]) -> Selfcheck:
    return Selfcheck(
        len(rows), tuple(r for r in rows if r.outside), max((r.tolerance for r in rows), default=0.0),
        sum(r.engine_wall_s for r in rows), sum(r.engine_timed_s for r in rows),
        sum(r.reference_wall_s for r in rows), min((r.processes for r in rows), default=1),
        tuple(r for r in rows if r.verdict == "unclear"),
        max((max(r.ratio, 1.0 / r.ratio) - 1.0 for r in rows if r.ratio > 0), default=0.0),
        tuple(dict.fromkeys(r.device for r in rows)),
    )
