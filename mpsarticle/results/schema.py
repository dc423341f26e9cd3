"""The results file's JSON Schema, its versions, and validation with one-line errors naming the field.

Files are validated against :data:`SCHEMA` before use, and a problem is
raised as :class:`ResultsFileError` naming the file and the field. Files of
an older version are first brought up to this one by :func:`upgrade`, so
everything after loading sees one layout.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal, get_args

from mpsarticle.core.contention import SUSPECTS
from mpsarticle.core.frameworks import MLX_DEVICES
from mpsarticle.core.reasons import DEVICE_CODES, POINT_CODES, problem
from mpsarticle.core.specs import METHODS, Method, size_key
from mpsarticle.errors import MpsarticleError
from mpsarticle.results.legacy import device_reason, point_reason

__all__ = ["CHECKS", "METHODS", "SCHEMA", "SCHEMA_NAME", "SCHEMA_VERSION", "STATUSES", "Check", "Method",
           "ResultsFileError", "Status", "upgrade", "validate"]

SCHEMA_NAME = "mpsarticle.results"
#: Bump when a field changes meaning or name, or a required field is added.
#: 2: per-point statistics (quartiles, 95 % interval of the median, Tukey
#: outliers, stable, wall time); version-1 files still load, their
#: statistics computed from the samples they kept.
#: 3: ``bytes`` is named ``bytes_moved`` (points and the sustained block);
#: optional ``peak_memory_bytes`` (CUDA) and ``driver_memory_bytes`` (MPS) per point.
#: 4: reasons are codes, not English: a point's ``reason`` and each entry of
#: ``environment.unavailable`` is ``{"code": ..., **parameters}``
#: (mpsarticle.core.reasons), PyTorch's message the ``message`` of code
#: ``exception``; older files' English becomes codes on loading
#: (mpsarticle.results.legacy), a text that matches none ``legacy``, kept as written.
SCHEMA_VERSION = 4

#: A point's status. ``timeout``: stopped at the per-point time limit (mpsarticle.measure.watchdog);
#: ``crashed``: the worker process measuring it died (a signal, a crash in a driver, the out-of-memory killer).
Status = Literal["ok", "unsupported", "out_of_memory", "error", "timeout", "crashed"]
STATUSES: tuple[Status, ...] = get_args(Status)
#: A point's correctness check: its result against a float64 reference.
Check = Literal["passed", "failed", "skipped"]
CHECKS: tuple[Check, ...] = get_args(Check)
#: The timing methods (``Method``, ``METHODS``) are :mod:`mpsarticle.core.specs`' (a task names one).

#: Upper bounds that no honest measurement reaches; a file beyond them is
#: refused rather than drawn on a log axis that spans 300 decades.
_MAX_SECONDS = 1e5
#: The least time a point's value may be: no call takes under a picosecond, and a rate divides by it.
_MIN_SECONDS = 1e-12
_MAX_COUNT = 1e18
_MAX_TEXT = 500
_MAX_SAMPLES = 100_000
_MAX_PROCESSES = 64


class ResultsFileError(MpsarticleError, ValueError):
    """A results file that cannot be used; the message names the file and the field."""


def upgrade(data: Any) -> Any:
    """``data`` in this version's layout (a copy; the rest as it was): the field names of files before
    version 3 given their present names, and the English reasons of files before version 4 made codes.

    Anything that is not a results file of an older version is returned as
    it is, for :func:`validate` to name what is wrong; so is a reason that is
    not text, or longer than a file may hold.
    """
    version = data.get("schema_version") if isinstance(data, dict) else None
    if not isinstance(version, int) or isinstance(version, bool) or version >= SCHEMA_VERSION:
        return data
    upgraded = dict(data)
    if version < 3:
        upgraded = _renamed_bytes(upgraded)
    if version < 4:
        upgraded = _coded_reasons(upgraded)
    return upgraded


def _renamed_bytes(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3: ``bytes`` is ``bytes_moved``."""
    def renamed(block: Any) -> Any:
        if not isinstance(block, dict) or "bytes" not in block or "bytes_moved" in block:
            return block
        return {("bytes_moved" if key == "bytes" else key): value for key, value in block.items()}

    if isinstance(data.get("points"), list):
        data["points"] = [renamed(point) for point in data["points"]]
    if "sustained" in data:
        data["sustained"] = renamed(data["sustained"])
    return data


def _coded_reasons(data: dict[str, Any]) -> dict[str, Any]:
    """Version 4: each English reason (a point's, a missing device's) as its code (mpsarticle.results.legacy)."""
    def coded(text: Any, read: Any) -> Any:
        if text == "":
            return None  # no reason: refused where one is needed, as before
        return read(text).to_dict() if isinstance(text, str) and len(text) <= _MAX_TEXT else text

    if isinstance(data.get("points"), list):
        data["points"] = [dict(point, reason=coded(point["reason"], point_reason))
                          if isinstance(point, dict) and point.get("reason") is not None else point
                          for point in data["points"]]
    environment = data.get("environment")
    if isinstance(environment, dict) and isinstance(environment.get("unavailable"), dict):
        data["environment"] = dict(environment, unavailable={
            kind: coded(why, device_reason) for kind, why in environment["unavailable"].items()})
    return data


def _number(maximum: float, minimum: float = 0) -> dict[str, Any]:
    return {"type": "number", "minimum": minimum, "maximum": maximum}


def _text() -> dict[str, Any]:
    return {"type": "string", "maxLength": _MAX_TEXT}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


_SCALAR = {"anyOf": [_text(), {"type": ["number", "boolean", "null"]}]}

#: A reason (mpsarticle.core.reasons): its code and parameters; which code, and which parameters it
#: takes, :func:`validate` checks after the schema, to say so in words.
_REASON = {"type": "object", "required": ["code"], "properties": {"code": {"type": "string", "maxLength": 40}},
           "additionalProperties": _SCALAR}

#: What else used the CPU while one process measured a point (mpsarticle.core.contention): optional fields of
#: version 4, so a file without them loads as one measured before they were recorded. ``others_cpu_s`` may be
#: slightly negative: the counters tick.
_LOAD: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "window_s": _nullable(_number(_MAX_SECONDS)),
        "points": {"type": "integer", "minimum": 1, "maximum": _MAX_COUNT},
        "own_cpu_s": _nullable(_number(_MAX_SECONDS * 1000)),
        "others_cpu_s": _nullable(_number(_MAX_SECONDS * 1000, -_MAX_SECONDS)),
        "cpus": _nullable({"type": "integer", "minimum": 1, "maximum": 1_000_000}),
        "load_1m": _nullable(_number(1e6)),
        "tick_s": _nullable(_number(1.0)),
        "involuntary_switches": _nullable({"type": "integer", "minimum": 0, "maximum": _MAX_COUNT}),
        "contended": _nullable({"type": "boolean"}),
    },
}

#: A process of a point that its statistics do not use, kept in the file with why.
_SET_ASIDE: dict[str, Any] = {
    "type": "object",
    "required": ["samples", "why"],
    "additionalProperties": False,
    "properties": {
        "samples": {"type": "array", "maxItems": _MAX_SAMPLES, "items": _number(_MAX_SECONDS)},
        "load": _nullable(_LOAD),
        "why": {"enum": list(SUSPECTS)},
        "factor": _nullable(_number(1e12, 1.0)),
    },
}

#: The run's count of what else used the CPU (mpsarticle.measure.remeasure.summary), with the thresholds it used.
CONTENTION_SCHEMA: dict[str, Any] = {
    "type": "object",
    "maxProperties": 20,
    "properties": {"thresholds": {"type": "object", "maxProperties": 20,
                                  "additionalProperties": _number(1e6)}},
    "additionalProperties": {"anyOf": [{"type": "integer", "minimum": 0, "maximum": _MAX_COUNT},
                                       {"type": "boolean"}]},
}

#: The optional ``sustained`` block (mpsarticle.measure.sustained): one workload, its rate per window.
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
        "bytes_moved": _number(_MAX_COUNT * 1e6),
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

#: The schema. Environment blocks vary by machine, so only their
#: shape is fixed: strings are bounded, nesting is shallow.
SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["schema", "schema_version", "created", "environment", "points"],
    "properties": {
        "schema": {"const": SCHEMA_NAME},
        "schema_version": {"type": "integer", "minimum": 1},
        "created": _text(),
        "label": _nullable({"type": "string", "maxLength": 100}),
        # The label in other languages (record --label-in, the label command), by two-letter language code.
        "labels": {"type": "object", "maxProperties": 8, "propertyNames": {"pattern": "^[a-z]{2}$"},
                   "additionalProperties": {"type": "string", "minLength": 1, "maxLength": 100}},
        "profile": _nullable(_text()),
        "build_id": _nullable(_text()),
        "processes": {"type": "integer", "minimum": 1, "maximum": _MAX_PROCESSES},
        "sustained": SUSTAINED_SCHEMA,
        "contention": CONTENTION_SCHEMA,
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
                "unavailable": {"type": "object", "additionalProperties": _REASON},
                "toolchain": {"type": "object", "additionalProperties": _nullable(_text())},
                # A Mac's provenance (mpsarticle.core.macinfo) and the risky conditions (mpsarticle.core.conditions).
                "mac": {"type": "object", "additionalProperties": _SCALAR},
                "warnings": {"type": "array", "maxItems": 20, "items": {"type": "string", "maxLength": 40}},
                # MLX where it was installed (mpsarticle.measure.mlx): its version, device and float32 switch;
                # null where it was not; absent in a file written before MLX was measured (optional, so such files
                # load as they are).
                "mlx": _nullable({"type": "object", "required": ["version", "device", "tf32"],
                                  "additionalProperties": False,
                                  "properties": {"version": {"type": "string", "maxLength": 40},
                                                 "device": {"enum": list(MLX_DEVICES)},
                                                 "tf32": {"type": "string", "maxLength": 20}}}),
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
                        "additionalProperties": {"anyOf": [{"type": "string", "maxLength": 40},
                                                           {"type": "integer", "minimum": 0, "maximum": _MAX_COUNT}]},
                    },
                    "method": {"enum": list(METHODS)},
                    "status": {"enum": list(STATUSES)},
                    "reason": _nullable(_REASON),
                    "suite": _nullable({"type": "string", "maxLength": 60}),
                    "median_s": _nullable(_number(_MAX_SECONDS, _MIN_SECONDS)),
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
                    # The samples of each fresh process (mpsarticle.measure.workers); `samples` is all of them.
                    "processes": {"type": "array", "maxItems": _MAX_PROCESSES,
                                  "items": {"type": "array", "maxItems": _MAX_SAMPLES, "items": _number(_MAX_SECONDS)}},
                    "between_share": _nullable(_number(1.0)),
                    "floor_var": _nullable(_number(1e6)),
                    "floor_df": _nullable({"type": "integer", "minimum": 1, "maximum": _MAX_COUNT}),
                    "threads": _nullable({"type": "integer", "minimum": 1, "maximum": 1_000_000}),
                    "flops": _number(_MAX_COUNT * 1e6),
                    "bytes_moved": _number(_MAX_COUNT * 1e6),
                    "peak_memory_bytes": _nullable({"type": "integer", "minimum": 0, "maximum": _MAX_COUNT}),
                    "driver_memory_bytes": _nullable({"type": "integer", "minimum": 0, "maximum": _MAX_COUNT}),
                    "cold": {"type": "boolean"},
                    "rel_error": _nullable(_number(1e300)),
                    "tolerance": _nullable(_number(1.0)),
                    "check": {"enum": list(CHECKS)},
                    "detail": {"type": "object", "maxProperties": 20,
                               "additionalProperties": {"anyOf": [{"type": "string", "maxLength": 40},
                                                                  {"type": "integer", "minimum": 0,
                                                                   "maximum": _MAX_COUNT}]}},
                    "gflop_s": _nullable(_number(1e12)),
                    "gb_s": _nullable(_number(1e12)),
                    # What else used the CPU meanwhile, per process, and the processes set aside (optional).
                    "process_load": {"type": "array", "maxItems": _MAX_PROCESSES, "items": _nullable(_LOAD)},
                    "set_aside": {"type": "array", "maxItems": _MAX_PROCESSES, "items": _SET_ASIDE},
                    "extra_processes": {"type": "integer", "minimum": 0, "maximum": _MAX_PROCESSES},
                    "unresolved": _nullable({"enum": list(SUSPECTS)}),
                },
            },
        },
    },
}


def validate(data: Any, source: str) -> None:
    """Raise :class:`ResultsFileError` naming ``source`` and the first wrong field of ``data`` (a file's JSON,
    upgraded)."""
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
        where = field_path(error.absolute_path)
        raise ResultsFileError(f"{source}: field {where}: {_short(error.message)}")
    for kind, why in data["environment"].get("unavailable", {}).items():
        _check_reason(why, DEVICE_CODES, f"environment.unavailable.{kind}", source)
    for index, raw in enumerate(data["points"]):
        if raw.get("reason") is not None:
            _check_reason(raw["reason"], POINT_CODES, f"points[{index}].reason", source)
        if raw.get("status") == "ok" and raw.get("median_s") is None:
            raise ResultsFileError(f"{source}: field points[{index}].median_s: a point with status ok needs a time")
        if raw.get("status") != "ok" and not raw.get("reason"):
            raise ResultsFileError(f"{source}: field points[{index}].reason: a point with status {raw.get('status')} "
                                   "needs a reason")
        key = size_key(raw["workload"])
        if key is not None and not isinstance(raw["params"].get(key), int):
            raise ResultsFileError(f"{source}: field points[{index}].params.{key}: a {raw['workload']} point needs "
                                   f"its size {key} as a whole number")


def _check_reason(reason: Any, codes: Any, where: str, source: str) -> None:
    found = problem(reason, codes)
    if found is not None:
        name, what = found
        raise ResultsFileError(f"{source}: field {where}{'.' + name if name else ''}: {what}")


def field_path(parts: Iterable[Any]) -> str:
    """A JSON path as a message names it: ``points[3].median_s``."""
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(top level)"


def _short(message: str, limit: int = 160) -> str:
    message = " ".join(message.split())
    return message if len(message) <= limit else message[: limit - 1] + "…"
