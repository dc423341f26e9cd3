"""Points that were not measured, and why, in the chapter's language.

A point that is ``unsupported``, ran ``out_of_memory``, hit the per-point
time limit (``timeout``) or failed with an ``error`` has no time. The figures
leave a gap where it would be (:func:`unmeasured_sizes`; a line is never
drawn straight across a missing size), and each measuring chapter glues one
sentence (:func:`gaps_sentence`) that names the gaps and says why. With
``PYTORCH_ENABLE_MPS_FALLBACK=1`` set and MPS measured, the same sentence
warns that an MPS time can include CPU work.

Reasons this package writes itself (MPS and bfloat16 or float64) are
translated; an exception's message from PyTorch is quoted as it came.
"""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Callable

from .formatting import whole
from .results import Point, ResultSet

__all__ = ["gaps_sentence", "unmeasured", "unmeasured_sizes"]

#: The parameter that is "the size" of each workload (as in mpsarticle.analysis).
_SIZE_KEYS = {"matvec": "m", "matmul": "m", "copy": "n", "train_step": "batch"}

#: Reasons written by mpsarticle.specs, and their Indonesian.
_REASONS_ID: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = [
    (re.compile(r"MPS supports bfloat16 from macOS 14 on; this is macOS (\d+)"),
     lambda m: f"MPS mendukung bfloat16 mulai macOS 14; ini macOS {m.group(1)}"),
    (re.compile(r"MPS has no float64: Metal has no 64-bit floating-point type"),
     lambda m: "MPS tidak memiliki float64: Metal tidak punya tipe floating-point 64-bit"),
    (re.compile(r"(\S+) has no timing events"), lambda m: f"{m.group(1)} tidak memiliki event pengukur waktu"),
]


def unmeasured(results: ResultSet, **criteria: object) -> list[Point]:
    """Points matching ``criteria`` that have no time (not ``ok``)."""
    return [p for p in results.select(**criteria) if p.status != "ok"]


def unmeasured_sizes(results: ResultSet, *, workload: str, device: str, method: str = "engine",
                     suite: str | None = None, **params: object) -> list[int]:
    """The sizes of a series (as :func:`mpsarticle.analysis.series` selects it) that were not measured."""
    criteria: dict[str, object] = {"workload": workload, "device": device, "method": method, **params}
    if suite is not None:
        criteria["suite"] = suite
    key = _SIZE_KEYS.get(workload, "m")
    return sorted({int(p.params[key]) for p in unmeasured(results, **criteria) if key in p.params})


def gaps_sentence(results: ResultSet, lang: str, suites: tuple[str, ...],
                  device_label: Callable[[str, str], str]) -> str:
    """One sentence: every point of ``suites`` was measured, or which were not and why."""
    from .wording import Words

    words = Words(lang).table("gaps")  # the words live in the catalogs (gaps.*)
    groups: dict[tuple[str, str, str, str], list[int]] = defaultdict(list)
    for point in results:
        if point.suite in suites and point.status != "ok":
            key = _SIZE_KEYS.get(point.workload, "m")
            what = _what(point, words)
            groups[(point.device, what, key, _why(point, words, lang))].append(int(point.params.get(key, 0)))
    text = words["none"]
    if groups:
        items = [words["item"].format(what=what, device=device_label(device, lang), key=key, why=why,
                                      sizes=_join([whole(size, lang) for size in sorted(set(sizes))], words))
                 for (device, what, key, why), sizes in groups.items()]
        text = words["some"].format(items="; ".join(items))
    env = results.environment
    if env.get("mps_fallback_to_cpu") and any(point.device.startswith("mps") for point in results):
        text += " " + words["fallback"]
    return text


def _what(point: Point, words: dict[str, str]) -> str:
    what = words.get(point.workload, point.workload).format(dtype=point.params.get("dtype", ""))
    return what if point.method == "engine" else f"{what} ({point.method})"


def _why(point: Point, words: dict[str, str], lang: str) -> str:
    reason = point.reason or ""
    if point.status == "out_of_memory":
        return words["out_of_memory_not_tried" if reason.startswith("not tried") else "out_of_memory"]
    if point.status in ("unsupported", "error"):
        return words[point.status].format(reason=_translated(reason, lang))
    return words.get(point.status, point.status)


def _translated(reason: str, lang: str) -> str:
    if lang == "id":
        for pattern, say in _REASONS_ID:
            found = pattern.fullmatch(reason)
            if found:
                return say(found)
    return reason


def _join(parts: list[str], words: dict[str, str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + words["and"] + parts[-1]
