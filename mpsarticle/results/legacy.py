"""The English reasons of files before schema version 4, and the codes they become on loading.

Up to version 3 a results file held a reason as English text: a sentence of
this package's (``MPS supports bfloat16 from macOS 14 on; this is macOS 13``)
or a message that PyTorch raised. :func:`point_reason` (and :func:`device_reason`
for a missing device) turns such a text into a
:class:`~mpsarticle.core.reasons.Reason`: the code of the first template in
:data:`POINT_TEXTS` (:data:`DEVICE_TEXTS`) that it matches, its placeholders
read back as the code's parameters; any other text (an exception's message, a
hand-written note) becomes ``legacy`` with the text kept as it was written,
which the article shows as it is.

The templates are the English that versions 1 to 3 wrote, kept here as
written then, not read from the article's catalog: the catalog may change its
words, the old files do not (and the results layer does not import the
article). Each template's pattern is derived from the template itself, each
placeholder matching what its parameter's kind can be written as; a test
holds that the English catalog says each displayed code exactly as its
template here did, so an old file's page reads as it did.
"""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Callable, Mapping
from typing import Any

from mpsarticle.core.reasons import DEVICE_CODES, POINT_CODES, Reason

__all__ = ["DEVICE_TEXTS", "POINT_TEXTS", "device_reason", "point_reason"]

_GB = 1e9


def _from_gb(found: Mapping[str, str]) -> dict[str, Any]:
    """The memory check's text wrote gigabytes to one decimal and a percentage; the code holds bytes and a share."""
    return {"need_bytes": round(float(found["need_gb"]) * _GB), "memory_bytes": round(float(found["memory_gb"]) * _GB),
            "share": float(found["share_percent"]) / 100}


#: (code, the English a version 1-3 file holds for it, how its placeholders become parameters: ``None`` for
#: one each, read by its kind). mpsarticle.core.specs, .measure.timing, .memory, .watchdog wrote these.
POINT_TEXTS: tuple[tuple[str, str, Callable[[Mapping[str, str]], dict[str, Any]] | None], ...] = (
    ("mps_float64", "MPS has no float64: Metal has no 64-bit floating-point type", None),
    ("mps_bfloat16", "MPS supports bfloat16 from macOS 14 on; this is macOS {macos}", None),
    ("no_events", "{device} has no timing events", None),
    ("too_big_working_set", "not tried: inputs need {need_gb} GB, more than {share_percent}% of Metal's recommended "
                            "working set of {memory_gb} GB", _from_gb),
    ("too_big", "not tried: inputs need {need_gb} GB, more than {share_percent}% of the device's {memory_gb} GB",
     _from_gb),
    ("timeout", "stopped at the time limit of {limit_s} s per point", None),
    ("check_not_finite", "result differs from the float64 CPU reference: relative error not finite > {tolerance}",
     None),
    ("check_failed", "result differs from the float64 CPU reference: relative error {rel_error} > {tolerance}", None),
)
#: The same for ``environment.unavailable`` (mpsarticle.measure.devices wrote these).
DEVICE_TEXTS: tuple[tuple[str, str, Callable[[Mapping[str, str]], dict[str, Any]] | None], ...] = (
    ("no_cuda", "no CUDA device is visible to PyTorch (CPU-only build or no NVIDIA GPU)", None),
    ("no_mps_build", "this PyTorch build has no MPS backend (MPS needs macOS on Apple silicon)", None),
    ("no_mps_here", "MPS is built into PyTorch but not available on this machine", None),
    ("no_mps_rosetta", "Python runs under Rosetta 2 (as an x86_64 program) on this Apple-silicon Mac; "
                       "MPS needs a native arm64 Python", None),
    ("mps_probe_failed", "MPS reports itself available but a test kernel failed: {message}", None),
    ("mps_probe_wrong", "MPS reports itself available but computed 1+1+1+1 = {value}", None),
)

#: What a placeholder of each kind matches, and how the text it matched is read.
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_KINDS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "int": (r"[-+]?\d+", int),
    "number": (_NUMBER, float),
    "text": (r".+", str),
}


def point_reason(text: str) -> Reason:
    """A point's reason as a version 1-3 file wrote it, as a code."""
    return _match(text, _patterns("point"))


def device_reason(text: str) -> Reason:
    """Why a device was unavailable, as a version 1-3 file wrote it, as a code."""
    return _match(text, _patterns("device"))


def _match(text: str, patterns: tuple[tuple[str, re.Pattern[str], Callable[..., dict[str, Any]]], ...]) -> Reason:
    for code, pattern, convert in patterns:
        found = pattern.fullmatch(text)
        if found:
            try:
                return Reason.of(code, **convert(found.groupdict()))
            except ValueError:  # a placeholder's text that its parameter cannot be: not this template
                continue
    return Reason.of("legacy", message=text)


@functools.cache
def _patterns(where: str) -> tuple[tuple[str, re.Pattern[str], Callable[..., dict[str, Any]]], ...]:
    """Each template as a pattern whose named groups are its placeholders, and what makes them parameters."""
    texts, codes = (POINT_TEXTS, POINT_CODES) if where == "point" else (DEVICE_TEXTS, DEVICE_CODES)
    found = []
    for code, template, convert in texts:
        kinds = codes[code]
        parts = []
        for literal, name, _, _ in string.Formatter().parse(template):
            parts.append(re.escape(literal))
            if name:
                parts.append(f"(?P<{name}>{_KINDS[kinds.get(name, 'number')][0]})")
        if convert is None:
            def convert(values: Mapping[str, str], kinds: Mapping[str, str] = kinds) -> dict[str, Any]:
                return {name: _KINDS[kinds[name]][1](value) for name, value in values.items()}
        found.append((code, re.compile("".join(parts), re.DOTALL), convert))
    return tuple(found)
