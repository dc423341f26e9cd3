"""Points that were not measured, and why, in the chapter's language.

A point that is ``unsupported``, ran ``out_of_memory``, hit the per-point
time limit (``timeout``) or failed with an ``error`` has no time. The figures
leave a gap where it would be (:func:`unmeasured_sizes`; a line is never
drawn straight across a missing size), and each measuring chapter glues one
sentence (:func:`gaps_sentence`) that names the gaps and says why. With
``PYTORCH_ENABLE_MPS_FALLBACK=1`` set and MPS measured, the same sentence
warns that an MPS time can include CPU work.

Reasons this package writes itself (MPS and bfloat16 or float64, a device
without timing events) are kept in English in the results file and said in the
chapter's language from the catalogs' ``gaps.reason.*`` templates; an
exception's message from PyTorch is quoted as it came.
"""

from __future__ import annotations

import functools
import re
import string
from collections import defaultdict
from typing import TYPE_CHECKING

from babel.lists import format_list

from mpsarticle.analysis.series import size_key, unmeasured, unmeasured_sizes
from mpsarticle.article.formatting import whole
from mpsarticle.results.model import Point, ResultSet

if TYPE_CHECKING:
    from mpsarticle.article.wording import Words

__all__ = ["gaps_sentence", "unmeasured", "unmeasured_sizes"]

def gaps_sentence(results: ResultSet, language: "Words", suites: tuple[str, ...]) -> str:
    """One sentence: every point of ``suites`` was measured, or which were not and why."""
    lang = language.lang
    words = language.table("gaps")  # the words live in the catalogs (gaps.*)
    groups: dict[tuple[str, str, str, str], list[int]] = defaultdict(list)
    for point in results:
        if point.suite in suites and point.status != "ok":
            key = size_key(point.workload)
            what = _what(point, words)
            groups[(point.device, what, key, _why(point, words))].append(int(point.params.get(key, 0)))
    text = words["none"]
    if groups:
        items = [words["item"].format(what=what, device=language.device(device), key=key, why=why,
                                      sizes=format_list([whole(size, lang) for size in sorted(set(sizes))], locale=lang))
                 for (device, what, key, why), sizes in groups.items()]
        text = words["some"].format(items="; ".join(items))
    env = results.environment
    if env.get("mps_fallback_to_cpu") and any(point.device.startswith("mps") for point in results):
        text += " " + words["fallback"]
    return text


def _what(point: Point, words: dict[str, str]) -> str:
    what = words.get(point.workload, point.workload).format(dtype=point.params.get("dtype", ""))
    return what if point.method == "engine" else f"{what} ({point.method})"


def _why(point: Point, words: dict[str, str]) -> str:
    reason = point.reason or ""
    if point.status == "out_of_memory":
        return words["out_of_memory_not_tried" if reason.startswith("not tried") else "out_of_memory"]
    if point.status in ("unsupported", "error"):
        return words[point.status].format(reason=_translated(reason, words))
    return words.get(point.status, point.status)


def _translated(reason: str, words: dict[str, str]) -> str:
    """``reason`` in the chapter's language where the catalogs have its template, else as it came."""
    for key, pattern in _english_reasons():
        found = pattern.fullmatch(reason)
        if found:
            return words[key].format(**found.groupdict())
    return reason


@functools.cache
def _english_reasons() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each ``gaps.reason.*`` English template as a pattern whose groups are its placeholders."""
    from mpsarticle.article.wording import Words

    found = []
    for key, template in Words("en").table("gaps").items():
        if key.startswith("reason."):
            parts = [re.escape(text) + (f"(?P<{name}>\\S+)" if name else "")
                     for text, name, _, _ in string.Formatter().parse(template)]
            found.append((key, re.compile("".join(parts))))
    return tuple(found)
