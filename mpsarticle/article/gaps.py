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

from mpsarticle.analysis.series import size_key, unmeasured, unmeasured_sizes
from mpsarticle.article.reasons import reason_text
from mpsarticle.article.wording import Choice, Listing, Size, Text, Words
from mpsarticle.results.model import Point, ResultSet

__all__ = ["gaps_sentence", "unmeasured", "unmeasured_sizes"]

#: Why, by status (out of memory has two messages: see :func:`_why`); a status without an entry is named as it is.
STATUS_KEYS = {"unsupported": "gaps.unsupported", "error": "gaps.error", "timeout": "gaps.timeout",
               "crashed": "gaps.crashed"}


def gaps_sentence(results: ResultSet, language: Words, suites: tuple[str, ...]) -> str:
    """One sentence naming the points of ``suites`` that were not measured, and why; none when every one was (a
    line saying so on every chapter would be boilerplate; the method chapter counts what was measured)."""
    groups: dict[tuple[str, str, str, str], list[int]] = defaultdict(list)
    for point in results:
        if point.suite in suites and point.status != "ok":
            key = size_key(point.workload)
            groups[(point.device, _what(point, language), key, _why(point, language))].append(
                int(point.params.get(key, 0)))
    text = ""
    if groups:
        items = [language("gaps.item", what=what, device=language.device(device),
                          parameter=_parameter(key, language), why=why,
                          sizes=Listing(tuple(Size(size) for size in sorted(set(sizes)))))
                 for (device, what, key, why), sizes in groups.items()]
        text = language("gaps.some", items="; ".join(items))
    env = results.environment
    if env.get("mps_fallback_to_cpu") and any(point.device.startswith("mps") for point in results):
        text = f"{text} {language('gaps.fallback')}".strip()
    return text


def _what(point: Point, language: Words) -> str:
    """What was not measured: a form of ``gaps.workload`` (its ``dtype`` filled where the form has it); a workload
    without a form as the results file names it."""
    workload = point.workload
    what = language("gaps.workload", workload=Choice(workload), dtype=Text(str(point.params.get("dtype", "")))) \
        if language.names("gaps.workload", workload) else workload
    return what if point.method == "engine" else f"{what} ({point.method})"


#: The codes of a point that was not tried for its size (mpsarticle.measure.memory).
NOT_TRIED = ("too_big", "too_big_working_set")


def _parameter(key: str, language: Words) -> str:
    """The size a gap names: a form of ``gaps.key`` where the parameter's own name is not a word (m, n and batch
    are, and stay as they are)."""
    return language("gaps.key", parameter=Choice(key)) if language.names("gaps.key", key) else key


def _why(point: Point, language: Words) -> str:
    reason = point.reason
    if point.status == "out_of_memory":
        return language("gaps.out_of_memory_not_tried" if _not_tried(point) else "gaps.out_of_memory")
    if point.status in ("unsupported", "error"):
        return language(STATUS_KEYS[point.status], reason=reason_text(reason, language) if reason else "")
    return language(STATUS_KEYS[point.status]) if point.status in STATUS_KEYS else point.status


def _not_tried(point: Point) -> bool:
    """Whether an out-of-memory point was not tried; an old file's unrecognised reason says so in its words."""
    reason = point.reason
    if reason is None:
        return False
    return reason.code in NOT_TRIED or (reason.code == "legacy" and str(reason.get("message")).startswith("not tried"))
