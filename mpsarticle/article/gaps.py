"""Points that were not measured, and why, in the chapter's language.

A point that is ``unsupported``, ran ``out_of_memory``, hit the per-point
time limit (``timeout``) or failed with an ``error`` has no time. The figures
leave a gap where it would be (:func:`unmeasured_sizes`; a line is never
drawn straight across a missing size), and each measuring chapter glues one
sentence (:func:`gaps_sentence`) that names the gaps and says why. With
``PYTORCH_ENABLE_MPS_FALLBACK=1`` set and MPS measured, the same sentence
warns that an MPS time can include CPU work.

A results file holds each reason as a code (:mod:`mpsarticle.core.reasons`),
which the chapter says in its language (:mod:`mpsarticle.article.reasons`);
an exception's message from PyTorch is quoted as it came.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from babel.lists import format_list

from mpsarticle.analysis.series import size_key, unmeasured, unmeasured_sizes
from mpsarticle.article.formatting import whole
from mpsarticle.article.reasons import reason_text
from mpsarticle.results.model import Point, ResultSet

if TYPE_CHECKING:
    from mpsarticle.article.wording import Words

__all__ = ["gaps_sentence", "unmeasured", "unmeasured_sizes"]

def gaps_sentence(results: ResultSet, language: Words, suites: tuple[str, ...]) -> str:
    """One sentence naming the points of ``suites`` that were not measured, and why; none when every one was (a
    line saying so on every chapter would be boilerplate; the method chapter counts what was measured)."""
    lang = language.lang
    words = language.table("gaps")  # the words live in the catalogs (gaps.*)
    groups: dict[tuple[str, str, str, str], list[int]] = defaultdict(list)
    for point in results:
        if point.suite in suites and point.status != "ok":
            key = size_key(point.workload)
            what = _what(point, words)
            groups[(point.device, what, key, _why(point, words, language))].append(int(point.params.get(key, 0)))
    text = ""
    if groups:
        items = [words["item"].format(what=what, device=language.device(device), key=words.get(f"key.{key}", key),
                                      why=why,
                                      sizes=format_list([whole(size, lang) for size in sorted(set(sizes))],
                                                        locale=lang))
                 for (device, what, key, why), sizes in groups.items()]
        text = words["some"].format(items="; ".join(items))
    env = results.environment
    if env.get("mps_fallback_to_cpu") and any(point.device.startswith("mps") for point in results):
        text = f"{text} {words['fallback']}".strip()
    return text


def _what(point: Point, words: dict[str, str]) -> str:
    what = words.get(point.workload, point.workload).format(dtype=point.params.get("dtype", ""))
    return what if point.method == "engine" else f"{what} ({point.method})"


#: The codes of a point that was not tried for its size (mpsarticle.measure.memory).
NOT_TRIED = ("too_big", "too_big_working_set")


def _why(point: Point, words: dict[str, str], language: Words) -> str:
    reason = point.reason
    if point.status == "out_of_memory":
        return words["out_of_memory_not_tried" if _not_tried(point) else "out_of_memory"]
    if point.status in ("unsupported", "error"):
        return words[point.status].format(reason=reason_text(reason, language) if reason else "")
    return words.get(point.status, point.status)


def _not_tried(point: Point) -> bool:
    """Whether an out-of-memory point was not tried; an old file's unrecognised reason says so in its words."""
    reason = point.reason
    if reason is None:
        return False
    return reason.code in NOT_TRIED or (reason.code == "legacy" and str(reason.get("message")).startswith("not tried"))
