"""Results: points with their statistics, the set of one run, JSON and CSV.

A :class:`ResultSet` is what one run produces: an environment block (the
machine, its devices, the software, the date, the git commit; see
:mod:`mpsarticle.measure.environment`) beside a list of :class:`Point` s, one per
(device, workload, method), the raw samples kept with their summary.

Files are written atomically (a temporary file renamed over the target), and
loading validates every field against the JSON Schema of
:mod:`mpsarticle.results.schema`, failing with :class:`ResultsFileError` naming the
file and the field.

Nothing here measures, and nothing here imports torch.
"""

from __future__ import annotations

import csv
import datetime as _dt
import io
import json
import math
import os
import statistics
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mpsarticle.core.frameworks import is_mlx
from mpsarticle.core.reasons import Reason
from mpsarticle.results.files import write_atomically
from mpsarticle.results.safejson import read_json
from mpsarticle.results.schema import (
    CHECKS,
    METHODS,
    SCHEMA_NAME,
    SCHEMA_VERSION,
    STATUSES,
    Check,
    Method,
    ResultsFileError,
    Status,
    upgrade,
    validate,
)

if TYPE_CHECKING:
    from mpsarticle.core.profiles import Task

__all__ = [
    "unmeasured_point",
    "CHECKS",
    "METHODS",
    "SCHEMA_VERSION",
    "STATUSES",
    "Point",
    "ResultSet",
    "ResultsFileError",
    "load",
]


@dataclass
class Point:
    """One measurement: a workload on a device by one method."""

    device: str
    workload: str
    params: dict[str, Any]
    method: Method = "engine"
    status: Status = "ok"
    #: Why the point has no time, or failed its check: a code and its parameters, never prose
    #: (mpsarticle.core.reasons; PyTorch's message is the ``message`` of code ``exception``).
    reason: Reason | None = None
    suite: str | None = None
    #: Per-call times in seconds, from the samples (see mpsarticle.core.stats).
    median_s: float | None = None
    iqr_s: float | None = None
    q1_s: float | None = None
    q3_s: float | None = None
    #: The 95 % confidence interval of the median.
    ci_low_s: float | None = None
    ci_high_s: float | None = None
    #: Samples outside Tukey's fences (1.5 IQR beyond the quartiles).
    outliers: int | None = None
    #: The interval's half-width is within the target share of the median.
    stable: bool | None = None
    #: Timed blocks, and calls in each block; each sample is one block's time per call.
    repeats: int = 0
    number_per_run: int = 0
    samples: list[float] = field(default_factory=list)
    #: The samples of each fresh process that measured the point, in the order they ran; ``samples`` is all of
    #: them. With two or more the median and interval are across processes (mpsarticle.core.stats.across_processes).
    processes: list[list[float]] = field(default_factory=list)
    #: The share of one process's variance that is between processes (None: measured in one process).
    between_share: float | None = None
    #: Its between-process variance moderated by its family's in the run, and its degrees of freedom
    #: (mpsarticle.core.stats.moderated_pools; None: not pooled). Loading computes them again from the samples
    #: (ResultSet.from_dict), whatever a file holds here (some hold a device-wide floor).
    floor_var: float | None = None
    floor_df: int | None = None

    @property
    def pool(self) -> tuple[float, int] | None:
        """``(floor_var, floor_df)`` where the point was pooled with its family, else ``None``."""
        return (self.floor_var, self.floor_df) if self.floor_var is not None and self.floor_df else None
    #: Seconds the whole measurement took (warm-up and calibration included)
    #: and the part of it spent in timed blocks: the harness's own cost.
    wall_s: float | None = None
    timed_s: float | None = None
    #: CPU threads PyTorch used while this point ran (torch.get_num_threads()).
    threads: int | None = None
    flops: float = 0.0
    bytes_moved: float = 0.0
    cold: bool = False
    rel_error: float | None = None
    tolerance: float | None = None
    #: The correctness check's outcome (one of ``CHECKS``).
    check: Check = "skipped"
    #: Memory the point took on its device (see mpsarticle.measure.devices.Device.memory_record):
    #: CUDA's allocator peak; on MPS, the Metal driver's allocation after the point.
    peak_memory_bytes: int | None = None
    driver_memory_bytes: int | None = None
    #: How the point ran, where its kernel says (mpsarticle.measure.kernels.Prepared.detail): ``backend`` (the
    #: attention kernel PyTorch chose), ``ops_per_call`` (operators one call dispatched, views left out),
    #: ``overhead_removed_by`` (``cuda_graph`` or ``torch_compile``).
    detail: dict[str, Any] = field(default_factory=dict)
    #: What else used the CPU while each process in ``processes`` measured it (one reading per process, in the
    #: same order; a point measured in one process: its one reading; ``None`` where none was taken). The
    #: fields, and what makes a process contended, are mpsarticle.core.contention's.
    process_load: list[dict[str, Any] | None] = field(default_factory=list)
    #: Processes that measured it but are not in ``processes`` nor in its statistics, each
    #: ``{"samples": [...], "load": reading, "why": "contended" | "outlier", "factor": ...}`` (factor: an outlier's).
    set_aside: list[dict[str, Any]] = field(default_factory=list)
    #: Processes it was measured in beyond the run's planned number, because one was suspect.
    extra_processes: int = 0
    #: Why its statistics rest on fewer than two processes that are not suspect (``contended`` or ``outlier``: a
    #: limit on measuring again was reached first); ``None``: they do not.
    unresolved: str | None = None

    @property
    def ok(self) -> bool:
        """Measured and, where checked, correct: only such a point may be shown as a speed."""
        return self.status == "ok" and self.check != "failed" and self.median_s is not None

    @property
    def measured_s(self) -> float:
        """``median_s`` of a point that is :attr:`ok` (as every point of a series is); ``ValueError`` for any other."""
        if not self.ok or self.median_s is None:
            raise ValueError(f"a point of {self.workload} on {self.device} that is not ok ({self.status}) has no time")
        return self.median_s

    @property
    def gflop_s(self) -> float | None:
        if not self.ok or not self.flops:
            return None
        return self.flops / self.measured_s / 1e9

    @property
    def gb_s(self) -> float | None:
        if not self.ok or not self.bytes_moved:
            return None
        return self.bytes_moved / self.measured_s / 1e9

    @property
    def process_medians(self) -> list[float]:
        """The median time of each fresh process it was measured in; empty where it was measured in one."""
        found = [statistics.median(group) for group in self.processes if group]
        return found if len(found) >= 2 else []

    @property
    def half_width(self) -> float | None:
        """Half the 95 % interval as a share of the median."""
        if not self.median_s or self.ci_low_s is None or self.ci_high_s is None:
            return None
        return (self.ci_high_s - self.ci_low_s) / 2 / self.median_s

    def summarize(self) -> Point:
        """Fill the statistics from ``samples`` (median, quartiles, interval, outliers, stable)."""
        from mpsarticle.core.stats import summarize

        if not self.samples:
            return self
        groups = self.processes if len(self.processes) >= 2 or (self.processes and self.pool) else None
        summary = summarize(self.samples, groups=groups, pool=self.pool)
        if groups:
            self.between_share = summary.between_share
        self.median_s, self.q1_s, self.q3_s = summary.median, summary.q1, summary.q3
        self.iqr_s = summary.iqr
        self.ci_low_s, self.ci_high_s = summary.ci_low, summary.ci_high
        self.outliers, self.stable = summary.outliers, summary.stable
        return self

    def matches(self, **criteria: Any) -> bool:
        """True where every criterion holds; a criterion on a parameter checks ``params``."""
        for key, wanted in criteria.items():
            value = getattr(self, key) if key in _POINT_FIELDS else self.params.get(key)
            if value != wanted:
                return False
        return True

    def __post_init__(self) -> None:
        if self.reason is not None and not isinstance(self.reason, Reason):
            raise TypeError(f"Point.reason is a Reason (a code, mpsarticle.core.reasons), not {self.reason!r}")

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["reason"] = self.reason.to_dict() if self.reason is not None else None
        data["gflop_s"] = self.gflop_s
        data["gb_s"] = self.gb_s
        return data


_POINT_FIELDS = {f.name for f in fields(Point)}
_DERIVED = ("gflop_s", "gb_s")


@dataclass
class ResultSet:
    """The points of one run and the environment they were taken in."""

    environment: dict[str, Any]
    points: list[Point] = field(default_factory=list)
    profile: str | None = None
    label: str | None = None
    created: str = field(default_factory=lambda: now())
    build_id: str | None = None
    #: The version of the file it was loaded from; saving always writes this
    #: version's layout (loading brought it up to date), so that number.
    schema_version: int = SCHEMA_VERSION
    #: One workload's rate over a long run (mpsarticle.measure.sustained), where measured.
    sustained: dict[str, Any] | None = None
    #: Fresh processes each point is measured in (mpsarticle.measure.workers); 1: all in one process.
    processes: int = 1
    #: The label in other languages, by language code ({"id": "..."}): the article shows ``label_in(lang)``.
    labels: dict[str, str] = field(default_factory=dict)
    #: What else used the CPU during the run, counted over its points (mpsarticle.measure.remeasure.summary:
    #: points measured under contention, measured again, the limits and the thresholds); ``None``: not recorded.
    contention: dict[str, Any] | None = None

    # -- queries -------------------------------------------------------------
    def __iter__(self) -> Iterator[Point]:
        return iter(self.points)

    def __len__(self) -> int:
        return len(self.points)

    def select(self, **criteria: Any) -> list[Point]:
        """Points matching every criterion, e.g. ``select(workload="matvec", device="cpu", method="naive")``."""
        return [point for point in self.points if point.matches(**criteria)]

    def one(self, **criteria: Any) -> Point | None:
        """The single point matching, ``None`` if none; several is an error."""
        found = self.select(**criteria)
        if len(found) > 1:
            raise LookupError(f"{len(found)} points match {criteria}, expected at most one")
        return found[0] if found else None

    def label_in(self, lang: str) -> str | None:
        """The label in ``lang`` where the file gives one, else the label as recorded."""
        return self.labels.get(lang) or self.label

    @property
    def devices(self) -> list[str]:
        """PyTorch's devices that have points, in the order first measured: what every comparison of a device with
        another reads (MLX's devices are :attr:`mlx_devices`, compared only with their PyTorch counterparts)."""
        return [device for device in dict.fromkeys(point.device for point in self.points) if not is_mlx(device)]

    @property
    def mlx_devices(self) -> list[str]:
        """MLX's devices that have points (mpsarticle.core.frameworks), in the order first measured."""
        return [device for device in dict.fromkeys(point.device for point in self.points) if is_mlx(device)]

    def pool_processes(self) -> None:
        """Each good point measured in several processes takes its between-process variance moderated by those of
        the points of the same device and method (mpsarticle.core.stats.moderated_pools), and its statistics are
        computed again with it."""
        from mpsarticle.core.stats import Member, moderated_pools

        # A point left with one process (the others set aside) takes its family's: its samples show no process's shift.
        points = [p for p in self.points if p.ok and (len(p.processes) >= 2 or (len(p.processes) == 1 and p.set_aside))]
        pools = moderated_pools([Member((p.device, p.method), p.workload, p.processes) for p in points])
        for point, pool in zip(points, pools, strict=True):
            point.floor_var, point.floor_df = pool if pool else (None, None)
            point.summarize()

    # -- serialisation ---------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        optional: dict[str, Any] = {"sustained": self.sustained} if self.sustained is not None else {}
        if self.labels:
            optional["labels"] = dict(sorted(self.labels.items()))
        if self.contention is not None:
            optional["contention"] = self.contention
        return {
            "schema": SCHEMA_NAME,
            "schema_version": SCHEMA_VERSION,
            "created": self.created,
            "label": self.label,
            "profile": self.profile,
            "build_id": self.build_id,
            "processes": self.processes,
            "environment": self.environment,
            "points": [point.to_dict() for point in self.points],
            **optional,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, allow_nan=False, default=_jsonable) + "\n"

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write JSON atomically: readers see the old file or the new one, never half of one."""
        return write_atomically(path, self.to_json())

    def to_csv(self) -> str:
        """One row per point, samples left out (they stay in the JSON); the reason's code, and its
        parameters as JSON in ``reason_params``."""
        columns = [name for name in _POINT_FIELDS_ORDERED
                   if name not in ("params", "samples", "processes", "process_load", "set_aside")]
        columns.insert(columns.index("reason") + 1, "reason_params")
        param_names = sorted({key for point in self.points for key in point.params})
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(columns + param_names + list(_DERIVED))
        for point in self.points:
            cells = {"reason": point.reason.code if point.reason else None,
                     "reason_params": json.dumps(point.reason.args, allow_nan=False)
                     if point.reason and point.reason.params else None,
                     "detail": json.dumps(point.detail, sort_keys=True) if point.detail else None}
            row = [cells[name] if name in cells else getattr(point, name) for name in columns]
            row += [point.params.get(name, "") for name in param_names]
            row += [point.gflop_s, point.gb_s]
            writer.writerow(["" if value is None else value for value in row])
        return buffer.getvalue()

    def save_csv(self, path: str | os.PathLike[str]) -> Path:
        return write_atomically(path, self.to_csv())

    @classmethod
    def from_dict(cls, data: Any, *, source: str = "<data>") -> ResultSet:
        data = upgrade(data)
        validate(data, source)
        points = []
        for raw in data["points"]:
            values = {key: value for key, value in raw.items() if key not in _DERIVED}
            if values.get("reason") is not None:
                values["reason"] = Reason.from_dict(values["reason"])
            point = Point(**values)
            if data["schema_version"] < 2 and point.status == "ok":
                # Version 1 kept the samples but not their statistics.
                point.summarize()
            points.append(point)
        found = cls(
            environment=data["environment"],
            points=points,
            profile=data.get("profile"),
            label=data.get("label"),
            labels=dict(data.get("labels") or {}),
            created=data["created"],
            build_id=data.get("build_id"),
            processes=data.get("processes", 1),
            schema_version=data["schema_version"],
            sustained=data.get("sustained"),
            contention=data.get("contention"),
        )
        if any(len(point.processes) >= 2 for point in points):
            # The pools follow from the samples alone, so pooling again keeps what a file holds where it was
            # pooled as here, and gives a file that holds a device-wide floor these pools and their intervals.
            found.pool_processes()
        return found


_POINT_FIELDS_ORDERED = [f.name for f in fields(Point)]


def _jsonable(value: Any) -> Any:
    if hasattr(value, "item"):
        return value.item()
    raise TypeError(f"{type(value).__name__} is not JSON-serialisable")


def now() -> str:
    """This moment in UTC, to the second, as ISO 8601 text."""
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()


# -- loading ---------------------------------------------------------------------

def load(path: str | os.PathLike[str]) -> ResultSet:
    """Read and validate a results file; :class:`ResultsFileError` names the file and field on any problem."""
    source = str(path)
    data = read_json(path, source)  # size, depth and finite numbers, before the schema
    return ResultSet.from_dict(data, source=source)


def finite_or_none(value: float | None) -> float | None:
    return value if value is not None and math.isfinite(value) else None


def unmeasured_point(task: Task, status: Status, reason: Reason) -> Point:
    """The point of a task that was not (fully) measured: not tried, or stopped."""
    return Point(device=task.device.name, workload=task.workload.kind, params=task.workload.params(),
                 method=task.method, suite=task.suite, status=status, reason=reason,
                 flops=task.workload.flops, bytes_moved=task.workload.bytes_moved, cold=task.options.cold)
