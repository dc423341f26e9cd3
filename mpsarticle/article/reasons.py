"""A recorded reason in the page's language: the catalog's ``why`` in the form of its code, its parameters filled.

Results files hold reasons as codes (:mod:`mpsarticle.core.reasons`). Each
code has one form of ``why`` per language, whose placeholders are its
parameters; each parameter is formatted for the language as the kind of
value it is (:data:`VALUES`). A ``message`` (what PyTorch raised, or an old
file's reason that matched no code) is quoted as it came, never translated;
the tables escape it like every other value.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from mpsarticle.article.wording import Bytes, Choice, Count, Sci, Seconds, Share, Text, Value, Words
from mpsarticle.core.reasons import Reason

__all__ = ["VALUES", "reason_text"]

#: How each parameter of a code is written (mpsarticle.core.reasons lists which code takes which).
VALUES: dict[str, Callable[[Any], Value]] = {
    "macos": lambda major: Text(str(major)),  # a version, never grouped like a count
    "device": Text,
    "message": Text,
    "need_bytes": lambda n: Bytes(n, binary=False),  # "3.20 GB": the unit the memory check plans in
    "memory_bytes": lambda n: Bytes(n, binary=False),
    "share": Share,
    "limit_s": Seconds,
    "took_s": Seconds,
    "rel_error": Sci,
    "tolerance": Sci,
    "value": lambda value: Text(repr(float(value))),  # what 1+1+1+1 came to, as Python printed it
    "signal": lambda number: Text(str(number)),  # a signal's number, never grouped like a count
    "name": Text,  # the signal's name, SIGSEGV
    "status": lambda number: Text(str(number)),  # an exit status
    "rejected": Count,  # event intervals that read zero or less
}


def reason_text(reason: Reason | Mapping[str, Any], words: Words) -> str:
    """``reason`` (a :class:`Reason`, or its JSON object as an environment block holds it) in ``words``' language."""
    if not isinstance(reason, Reason):
        reason = Reason.from_dict(reason)
    return words("why", code=Choice(reason.code), **{name: VALUES[name](value) for name, value in reason.params})
