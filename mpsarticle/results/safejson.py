"""Reading a results file's JSON defensively, before the schema sees it.

Results files come from strangers (the archive of machines), so reading one
must fail with a one-line message naming the file and the field, never with a
traceback or after minutes of work. In order:

1. The size, before a byte is read: a file over :data:`MAX_FILE_BYTES` is
   refused (a results file of a full run is well under a megabyte).
2. Parsing. ``NaN`` and ``Infinity`` are read (so the field holding one can
   be named) and integers longer than 20 digits become floats instead of
   tripping Python's 4300-digit limit deep inside ``json``.
3. Nesting deeper than :data:`MAX_DEPTH` (valid files nest five deep) is
   refused with where it happens; nesting too deep for ``json``'s recursion
   is located by a scan of the text, as ``json`` gives up without a place.
4. Every number must be finite: ``1e400`` parses as infinity.

Hand-written because neither ``json`` nor ``jsonschema`` does these: the
first two have no size or depth limit, and JSON Schema's ``maximum`` lets
NaN through (every comparison with NaN is false).
"""

from __future__ import annotations

import json
import math
import os
import re
from pathlib import Path
from typing import Any

from mpsarticle.results.schema import ResultsFileError, field_path

__all__ = ["MAX_DEPTH", "MAX_FILE_BYTES", "read_json"]

MAX_FILE_BYTES = 64 << 20
MAX_DEPTH = 32
#: Integers with more digits than this are read as floats (then refused by the schema's bounds).
_MAX_INT_DIGITS = 20
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{},]')


def read_json(path: str | os.PathLike[str], source: str) -> Any:
    """The parsed JSON of ``path``, checked as the module notes say; :class:`ResultsFileError` otherwise."""
    try:
        size = Path(path).stat().st_size
        if size > MAX_FILE_BYTES:
            raise ResultsFileError(f"{source}: {size:,} bytes, more than the {MAX_FILE_BYTES:,} a results file may "
                                   "have")
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ResultsFileError(f"{source}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ResultsFileError(f"{source}: cannot be read ({exc})") from None
    try:
        data = json.loads(text, parse_constant=float, parse_int=_integer)
    except RecursionError:
        raise ResultsFileError(f"{source}: field {_deep_place(text)}: nested more than {MAX_DEPTH} levels "
                               "deep") from None
    except ValueError as exc:
        raise ResultsFileError(f"{source}: not valid JSON ({exc})") from None
    _check_tree(data, source)
    return data


def _integer(text: str) -> int | float:
    return int(text) if len(text.lstrip("-")) <= _MAX_INT_DIGITS else float(text)


def _where(path: tuple[Any, ...]) -> str:
    return " ".join(field_path(path).split())[:200]


def _check_tree(data: Any, source: str) -> None:
    # Iterative: a recursive walk would itself run out of stack on a deep file.
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if len(path) > MAX_DEPTH:
            raise ResultsFileError(f"{source}: field {_where(path[:MAX_DEPTH])}: nested more than {MAX_DEPTH} levels "
                                   "deep")
        if isinstance(value, float) and not math.isfinite(value):
            shown = "NaN" if math.isnan(value) else "an infinite number (or one too large for a float)"
            raise ResultsFileError(f"{source}: field {_where(path)}: {shown} is not allowed in a results file")
        if isinstance(value, dict):
            stack.extend((item, (*path, key)) for key, item in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((item, (*path, index)) for index, item in reversed(list(enumerate(value))))


def _deep_place(text: str) -> str:
    """Where nesting first passes MAX_DEPTH, from the text's brackets, keys and commas alone."""
    # Each open container: [index] for an array, [key] for an object (None until its key is read).
    open_: list[list[Any]] = []
    kinds: list[str] = []
    for token in _TOKENS.finditer(text):
        mark = token.group()
        if mark in "[{":
            if len(open_) >= MAX_DEPTH:
                break
            open_.append([0 if mark == "[" else None])
            kinds.append(mark)
        elif mark in "]}":
            if open_:
                open_.pop()
                kinds.pop()
        elif mark == ",":
            if open_:
                open_[-1][0] = open_[-1][0] + 1 if kinds[-1] == "[" else None
        elif open_ and kinds[-1] == "{" and open_[-1][0] is None:
            open_[-1][0] = json.loads(mark)
    return _where(tuple(entry[0] for entry in open_))
