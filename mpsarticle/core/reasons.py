"""Why a point has no time, or a device cannot be used: a code and its parameters, never prose; no torch.

A results file stores a reason as a JSON object, its ``code`` beside the
parameters that code takes::

    {"code": "mps_bfloat16", "macos": 13}
    {"code": "exception", "message": "RuntimeError: MPS backend out of memory ..."}

The article says it in the page's language from the catalogs' ``reason.CODE``
entries (:mod:`mpsarticle.article.reasons`). A message that PyTorch (or
Python) raised is the ``message`` parameter of the ``exception`` code, kept
verbatim and never translated. ``legacy`` holds the reason of a file written
before codes (schema version 4) that matched none of the texts this package
wrote then (:mod:`mpsarticle.results.legacy`), as it was written.

:data:`CODES` is the one list of codes and their parameters: the schema
refuses a file with any other (:func:`problem`), and a test holds both
catalogs to an entry for each.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["CODES", "DEVICE_CODES", "POINT_CODES", "Reason", "problem"]

#: The longest ``text`` parameter (an exception's message is cut to 300 characters by mpsarticle.measure.timing).
MAX_TEXT = 500

#: Each code a point's ``reason`` may hold, with its parameters and their kinds.
POINT_CODES: dict[str, dict[str, str]] = {
    # unsupported, known before trying (mpsarticle.core.specs, mpsarticle.measure.timing)
    "mps_float64": {},
    "mps_bfloat16": {"macos": "int"},
    "no_events": {"device": "text"},
    # device events whose intervals kept reading zero or less (mpsarticle.measure.timing.time_events)
    "events_reversed": {"device": "text", "rejected": "int"},
    # a decode step without per-call overhead (mpsarticle.core.specs.Decode, mode graph): none on a CPU, whose
    # operations are not queued; torch.compile failed on MPS, with what it raised
    "no_graph_cpu": {},
    "compile_failed": {"message": "text"},
    # torch.compile took longer than the stated limit (mpsarticle.measure.kernels.COMPILE_LIMIT_S)
    "compile_slow": {"took_s": "number", "limit_s": "number"},
    # out_of_memory, not tried (mpsarticle.measure.memory): inputs of need_bytes, more than share of memory_bytes,
    # the device's memory or Metal's recommended working set.
    "too_big": {"need_bytes": "int", "memory_bytes": "int", "share": "number"},
    "too_big_working_set": {"need_bytes": "int", "memory_bytes": "int", "share": "number"},
    # timeout (mpsarticle.measure.watchdog)
    "timeout": {"limit_s": "number"},
    # crashed: the worker process measuring the point died (mpsarticle.measure.workers)
    "crashed_signal": {"signal": "int", "name": "text"},
    "crashed_exit": {"status": "int"},
    # a correctness check that failed (status ok, check failed)
    "check_failed": {"rel_error": "number", "tolerance": "number"},
    "check_not_finite": {"tolerance": "number"},
    # what was raised, verbatim: PyTorch's message (status unsupported, out_of_memory or error)
    "exception": {"message": "text"},
    "legacy": {"message": "text"},
}
#: Each code an ``environment.unavailable`` entry may hold (mpsarticle.measure.devices).
DEVICE_CODES: dict[str, dict[str, str]] = {
    "no_cuda": {},
    "no_mps_build": {},
    "no_mps_here": {},
    "no_mps_rosetta": {},
    "mps_probe_failed": {"message": "text"},
    "mps_probe_wrong": {"value": "number"},
    "legacy": {"message": "text"},
}
#: Every code, with its parameters.
CODES: dict[str, dict[str, str]] = {**POINT_CODES, **DEVICE_CODES}


@dataclass(frozen=True)
class Reason:
    """A code and its parameters: ``Reason.of("mps_bfloat16", macos=13)``."""

    code: str
    params: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, code: str, **params: Any) -> Reason:
        """The reason ``code`` with ``params``; a code or parameter this module does not list is a ``ValueError``."""
        reason = cls(code, tuple(sorted(params.items())))
        found = problem(reason.to_dict(), CODES)
        if found:
            raise ValueError(f"Reason {code!r}: {found[1]}")
        return reason

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Reason:
        """A reason from its JSON object (checked by the schema before)."""
        return cls(str(data["code"]), tuple(sorted((k, v) for k, v in data.items() if k != "code")))

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, **dict(self.params)}

    @property
    def args(self) -> dict[str, Any]:
        return dict(self.params)

    def get(self, name: str, default: Any = None) -> Any:
        return self.args.get(name, default)

    def __str__(self) -> str:
        """The code and its parameters, for a terminal message (the article words it: mpsarticle.article.reasons)."""
        message = self.get("message")
        if message is not None and len(self.params) == 1:
            return f"{self.code}: {message}"
        inner = ", ".join(f"{k}={v}" for k, v in self.params)
        return f"{self.code} ({inner})" if inner else self.code


def problem(data: Any, codes: Mapping[str, Mapping[str, str]]) -> tuple[str, str] | None:
    """What is wrong with the reason object ``data`` given the allowed ``codes``: (field under the reason, what), or
    ``None``."""
    if not isinstance(data, Mapping):
        return "", f"a reason is an object with a code, not {type(data).__name__}"
    code = data.get("code")
    if not isinstance(code, str):
        return "code", "a reason needs its code as text"
    if code not in codes:
        return "code", f"unknown reason code {code!r} (known: {', '.join(codes)})"
    wanted = codes[code]
    for name in data:
        if name != "code" and name not in wanted:
            return str(name), f"reason {code} takes no parameter {name!r}" + (
                f" (it takes {', '.join(wanted)})" if wanted else "")
    for name, kind in wanted.items():
        if name not in data:
            return name, f"reason {code} needs its parameter {name}"
        if not _is(kind, data[name]):
            return name, f"reason {code}: {name} must be {_WORDS[kind]}, not {data[name]!r:.60}"
    return None


_WORDS = {"int": "a whole number", "number": "a finite number", "text": f"text of at most {MAX_TEXT} characters"}


def _is(kind: str, value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if kind == "int":
        return isinstance(value, int)
    if kind == "number":
        return isinstance(value, (int, float)) and math.isfinite(value)
    return isinstance(value, str) and len(value) <= MAX_TEXT
