"""Results: the versioned schema, environment metadata, JSON and CSV.

A :class:`ResultSet` is what one run produces: an environment block (the
machine, its devices, the software, the date, the git commit) beside a list
of :class:`Point` s, one per (device, workload, method). The layout follows
asv and pytest-benchmark: a machine block next to the measurements, a schema
version, and the raw samples kept with their summary.

Files are written atomically (a temporary file renamed over the target), and
loading validates every field against a JSON Schema, failing with
:class:`ResultsFileError` naming the file and the field.

Nothing here measures.
"""

from __future__ import annotations

import csv
import datetime as _dt
import io
import json
import math
import os
import subprocess
import tempfile
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Iterable, Iterator

__all__ = [
    "METHODS",
    "SCHEMA_VERSION",
    "STATUSES",
    "Point",
    "ResultSet",
    "ResultsFileError",
    "environment",
    "load",
]

SCHEMA_NAME = "mpsarticle.results"
#: Bump when a field changes meaning or a required field is added.
#: 2: per-point statistics (quartiles, 95 % interval of the median, Tukey
#: outliers, stable, wall time); version-1 files still load, their
#: statistics computed from the samples they kept.
SCHEMA_VERSION = 2

#: ``timeout``: stopped at the per-point time limit (mpsarticle.watchdog).
STATUSES = ("ok", "unsupported", "out_of_memory", "error", "timeout")
#: engine: synchronised, adaptive repeats; naive: the original ``timeit``
#: call; events: back-to-back calls between two device events.
METHODS = ("engine", "naive", "events")
CHECKS = ("passed", "failed", "skipped")

#: Upper bounds that no honest measurement reaches; a file beyond them is
#: refused rather than drawn on a log axis that spans 300 decades.
_MAX_SECONDS = 1e5
_MAX_COUNT = 1e18
_MAX_TEXT = 500
_MAX_SAMPLES = 100_000


class ResultsFileError(ValueError):
    """A results file that cannot be used; the message names the file and the field."""


@dataclass
class Point:
    """One measurement: a workload on a device by one method."""

    device: str
    workload: str
    params: dict[str, Any]
    method: str = "engine"
    status: str = "ok"
    reason: str | None = None
    suite: str | None = None
    #: Per-call times in seconds, from the samples (see mpsarticle.stats).
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
    #: Seconds the whole measurement took (warm-up and calibration included)
    #: and the part of it spent in timed blocks: the harness's own cost.
    wall_s: float | None = None
    timed_s: float | None = None
    #: CPU threads PyTorch used while this point ran (torch.get_num_threads()).
    threads: int | None = None
    flops: float = 0.0
    bytes: float = 0.0
    cold: bool = False
    rel_error: float | None = None
    tolerance: float | None = None
    check: str = "skipped"

    @property
    def ok(self) -> bool:
        """Measured and, where checked, correct: only such a point may be shown as a speed."""
        return self.status == "ok" and self.check != "failed" and self.median_s is not None

    @property
    def gflop_s(self) -> float | None:
        if not self.ok or not self.flops:
            return None
        return self.flops / self.median_s / 1e9

    @property
    def gb_s(self) -> float | None:
        if not self.ok or not self.bytes:
            return None
        return self.bytes / self.median_s / 1e9

    @property
    def half_width(self) -> float | None:
        """Half the 95 % interval as a share of the median."""
        if not self.median_s or self.ci_low_s is None or self.ci_high_s is None:
            return None
        return (self.ci_high_s - self.ci_low_s) / 2 / self.median_s

    def summarize(self) -> "Point":
        """Fill the statistics from ``samples`` (median, quartiles, interval, outliers, stable)."""
        from .stats import summarize

        if not self.samples:
            return self
        summary = summarize(self.samples)
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

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
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
    created: str = field(default_factory=lambda: _now())
    build_id: str | None = None
    schema_version: int = SCHEMA_VERSION
    #: One workload's rate over a long run (mpsarticle.sustained), where measured.
    sustained: dict[str, Any] | None = None

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

    @property
    def devices(self) -> list[str]:
        """Devices that have points, in the order first measured."""
        return list(dict.fromkeys(point.device for point in self.points))

    def merged(self, other: "ResultSet") -> "ResultSet":
        """This set with ``other``'s points appended (same environment assumed)."""
        return ResultSet(
            self.environment, self.points + other.points, self.profile, self.label, self.created, self.build_id,
            sustained=self.sustained or other.sustained,
        )

    # -- serialisation ---------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        optional = {"sustained": self.sustained} if self.sustained is not None else {}
        return {
            "schema": SCHEMA_NAME,
            "schema_version": self.schema_version,
            "created": self.created,
            "label": self.label,
            "profile": self.profile,
            "build_id": self.build_id,
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
        """One row per point, samples left out (they stay in the JSON)."""
        columns = [name for name in _POINT_FIELDS_ORDERED if name not in ("params", "samples")]
        param_names = sorted({key for point in self.points for key in point.params})
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(columns + param_names + list(_DERIVED))
        for point in self.points:
            row = [getattr(point, name) for name in columns]
            row += [point.params.get(name, "") for name in param_names]
            row += [point.gflop_s, point.gb_s]
            writer.writerow(["" if value is None else value for value in row])
        return buffer.getvalue()

    def save_csv(self, path: str | os.PathLike[str]) -> Path:
        return write_atomically(path, self.to_csv())

    @classmethod
    def from_dict(cls, data: Any, *, source: str = "<data>") -> "ResultSet":
        _validate(data, source)
        points = []
        for raw in data["points"]:
            values = {key: value for key, value in raw.items() if key not in _DERIVED}
            point = Point(**values)
            if data["schema_version"] < 2 and point.status == "ok":
                # Version 1 kept the samples but not their statistics.
                point.summarize()
            points.append(point)
        return cls(
            environment=data["environment"],
            points=points,
            profile=data.get("profile"),
            label=data.get("label"),
            created=data["created"],
            build_id=data.get("build_id"),
            schema_version=data["schema_version"],
            sustained=data.get("sustained"),
        )


_POINT_FIELDS_ORDERED = [f.name for f in fields(Point)]


def _jsonable(value: Any) -> Any:
    if hasattr(value, "item"):
        return value.item()
    raise TypeError(f"{type(value).__name__} is not JSON-serialisable")


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()


def write_atomically(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` to ``path`` through a temporary file in the same folder and a rename."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target


# -- environment ---------------------------------------------------------------

def git_commit(directory: str | os.PathLike[str] | None = None) -> str | None:
    """The commit of the checkout holding this package (``+dirty`` if changed), or ``None``."""
    if os.environ.get("MPSARTICLE_GIT_COMMIT"):
        # Set where the tree travels without its .git folder (e.g. a remote GPU machine).
        return os.environ["MPSARTICLE_GIT_COMMIT"]
    where = Path(directory) if directory else Path(__file__).resolve().parent
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=where, capture_output=True, text=True, timeout=5, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=where, capture_output=True, text=True, timeout=5, check=True,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return f"{commit}+dirty" if dirty else commit or None


def environment() -> dict[str, Any]:
    """The environment block of a new ResultSet: machine, devices, software, date, commit."""
    from . import __version__
    from .devices import describe_machine
    from .toolchain import toolchain_versions

    block = describe_machine()
    block["toolchain"] = toolchain_versions()
    block["mpsarticle"] = __version__
    block["git_commit"] = git_commit()
    block["date"] = _now()
    return block


# -- loading and validation ----------------------------------------------------

def load(path: str | os.PathLike[str]) -> ResultSet:
    """Read and validate a results file; :class:`ResultsFileError` names the file and field on any problem."""
    from .safejson import read_json  # size, depth and finite numbers, before the schema

    source = str(path)
    data = read_json(path, source)
    return ResultSet.from_dict(data, source=source)


def _number(maximum: float, minimum: float = 0) -> dict[str, Any]:
    return {"type": "number", "minimum": minimum, "maximum": maximum}


def _text() -> dict[str, Any]:
    return {"type": "string", "maxLength": _MAX_TEXT}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


_SCALAR = {"anyOf": [_text(), {"type": ["number", "boolean", "null"]}]}

#: The optional ``sustained`` block (mpsarticle.sustained): one workload, its rate per window.
SUSTAINED_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["device", "workload", "params", "unit", "windows", "burst_rate", "sustained_rate", "ratio"],
    "additionalProperties": False,
    "properties": {
        "suite": _nullable({"type": "string", "maxLength": 60}),
        "device": {"type": "string", "maxLength": 40},
        "workload": {"type": "string", "maxLength": 40},
        "params": {"type": "object", "additionalProperties": {"type": ["string", "integer"], "maxLength": 40}},
        "flops": _number(_MAX_COUNT * 1e6),
        "bytes": _number(_MAX_COUNT * 1e6),
        "unit": {"enum": ["GFLOP/s", "GB/s"]},
        "duration_s": _number(_MAX_SECONDS),
        "window_s": _number(_MAX_SECONDS),
        "threads": _nullable({"type": "integer", "minimum": 1, "maximum": 1_000_000}),
        "windows": {
            "type": "array", "minItems": 1, "maxItems": _MAX_SAMPLES,
            "items": {
                "type": "object", "required": ["t_s", "seconds", "calls", "rate"], "additionalProperties": False,
                "properties": {"t_s": _number(_MAX_SECONDS), "seconds": _number(_MAX_SECONDS),
                               "calls": {"type": "integer", "minimum": 1, "maximum": _MAX_COUNT},
                               "rate": _number(1e12)},
            },
        },
        "burst_rate": _number(1e12),
        "sustained_rate": _number(1e12),
        "ratio": _number(1e6),
        "rel_error": _nullable(_number(1e300)),
        "tolerance": _nullable(_number(1.0)),
        "check": {"enum": list(CHECKS)},
    },
}

#: The schema of version 1. Environment blocks vary by machine, so only their
#: shape is fixed: strings are bounded, nesting is shallow.
SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["schema", "schema_version", "created", "environment", "points"],
    "properties": {
        "schema": {"const": SCHEMA_NAME},
        "schema_version": {"type": "integer", "minimum": 1},
        "created": _text(),
        "label": _nullable({"type": "string", "maxLength": 100}),
        "profile": _nullable(_text()),
        "build_id": _nullable(_text()),
        "sustained": SUSTAINED_SCHEMA,
        "environment": {
            "type": "object",
            "required": ["torch", "python", "os", "cpu", "devices"],
            "properties": {
                "torch": _text(),
                "python": _text(),
                "os": _text(),
                "cpu": _text(),
                "devices": {
                    "type": "object",
                    "additionalProperties": {
                        "type": "object",
                        "required": ["kind", "name"],
                        "additionalProperties": _SCALAR,
                    },
                },
                "unavailable": {"type": "object", "additionalProperties": _text()},
                "toolchain": {"type": "object", "additionalProperties": _nullable(_text())},
                # A Mac's provenance (mpsarticle.macinfo) and the risky conditions (mpsarticle.conditions).
                "mac": {"type": "object", "additionalProperties": _SCALAR},
                "warnings": {"type": "array", "maxItems": 20, "items": {"type": "string", "maxLength": 40}},
            },
            "additionalProperties": _SCALAR,
        },
        "points": {
            "type": "array",
            "maxItems": 100_000,
            "items": {
                "type": "object",
                "required": ["device", "workload", "params", "method", "status"],
                "additionalProperties": False,
                "properties": {
                    "device": {"type": "string", "maxLength": 40},
                    "workload": {"type": "string", "maxLength": 40},
                    "params": {
                        "type": "object",
                        "additionalProperties": {"anyOf": [{"type": "string", "maxLength": 40}, {"type": "integer", "minimum": 0, "maximum": _MAX_COUNT}]},
                    },
                    "method": {"enum": list(METHODS)},
                    "status": {"enum": list(STATUSES)},
                    "reason": _nullable(_text()),
                    "suite": _nullable({"type": "string", "maxLength": 60}),
                    "median_s": _nullable(_number(_MAX_SECONDS)),
                    "iqr_s": _nullable(_number(_MAX_SECONDS)),
                    "q1_s": _nullable(_number(_MAX_SECONDS)),
                    "q3_s": _nullable(_number(_MAX_SECONDS)),
                    "ci_low_s": _nullable(_number(_MAX_SECONDS)),
                    "ci_high_s": _nullable(_number(_MAX_SECONDS)),
                    "outliers": _nullable({"type": "integer", "minimum": 0, "maximum": _MAX_SAMPLES}),
                    "stable": _nullable({"type": "boolean"}),
                    "wall_s": _nullable(_number(_MAX_SECONDS * 100)),
                    "timed_s": _nullable(_number(_MAX_SECONDS * 100)),
                    "repeats": {"type": "integer", "minimum": 0, "maximum": _MAX_COUNT},
                    "number_per_run": {"type": "integer", "minimum": 0, "maximum": _MAX_COUNT},
                    "samples": {"type": "array", "maxItems": _MAX_SAMPLES, "items": _number(_MAX_SECONDS)},
                    "threads": _nullable({"type": "integer", "minimum": 1, "maximum": 1_000_000}),
                    "flops": _number(_MAX_COUNT * 1e6),
                    "bytes": _number(_MAX_COUNT * 1e6),
                    "cold": {"type": "boolean"},
                    "rel_error": _nullable(_number(1e300)),
                    "tolerance": _nullable(_number(1.0)),
                    "check": {"enum": list(CHECKS)},
                    "gflop_s": _nullable(_number(1e12)),
                    "gb_s": _nullable(_number(1e12)),
                },
            },
        },
    },
}


def _validate(data: Any, source: str) -> None:
    # jsonschema is imported here, not at the top, so that measuring (which
    # only writes files) works where it is not installed.
    import jsonschema

    if isinstance(data, dict):
        version = data.get("schema_version")
        if isinstance(version, int) and not isinstance(version, bool) and version > SCHEMA_VERSION:
            raise ResultsFileError(
                f"{source}: field schema_version: {version} is newer than this mpsarticle reads "
                f"({SCHEMA_VERSION}); upgrade mpsarticle to load it"
            )
    validator = jsonschema.Draft202012Validator(SCHEMA)
    error = jsonschema.exceptions.best_match(validator.iter_errors(data))
    if error is not None:
        where = _field_path(error.absolute_path)
        raise ResultsFileError(f"{source}: field {where}: {_short(error.message)}")
    for index, raw in enumerate(data["points"]):
        if raw.get("status") == "ok" and raw.get("median_s") is None:
            raise ResultsFileError(f"{source}: field points[{index}].median_s: a point with status ok needs a time")
        if raw.get("status") != "ok" and not raw.get("reason"):
            raise ResultsFileError(f"{source}: field points[{index}].reason: a point with status {raw.get('status')} needs a reason")


def _field_path(parts: Iterable[Any]) -> str:
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(top level)"


def _short(message: str, limit: int = 160) -> str:
    message = " ".join(message.split())
    return message if len(message) <= limit else message[: limit - 1] + "…"


def finite_or_none(value: float | None) -> float | None:
    return value if value is not None and math.isfinite(value) else None
