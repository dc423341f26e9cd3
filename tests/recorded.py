"""A chapter as the oracle reads it: rendered as a build renders it, with its words recording what they said.

:func:`recorded` is tests/rendering.py's :func:`~tests.rendering.sentences` with the words recording
(:meth:`mpsarticle.article.wording.Words.recording`): the glued texts, and each message that reached them with its
typed values (:class:`tests.oracle_said.Recording`). :func:`substitute` and :func:`only` make the wrong or partial
recordings that the oracle's tests feed it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from mpsarticle.article.chapters import CHAPTERS, chapter_sentences
from mpsarticle.article.sentences.verdict import bound_rows
from mpsarticle.article.tables import memory_rows, selfcheck_table_rows
from mpsarticle.article.wording import Listing, Phrase, Said, Words
from mpsarticle.results.model import ResultSet
from mpsarticle.results.selfcheck import Row

from .machines import archive_entries, archive_labels, results_of, selfcheck_rows
from .oracle_said import Recording

__all__ = ["matrix_recording", "only", "recorded", "replaced", "substitute"]


def recorded(chapter: str, results: ResultSet | str, *, rows: Sequence[Row] | None = None) -> Recording:
    """What ``chapter`` glues for ``results`` (a set, or the name of a machine of tests/machines.py), in English,
    and the messages that reached it; the method chapter gets the selfcheck's rows of the set's own points, as a
    build's does (``rows`` replace them), and its recording holds the selfcheck table's rows and those raw rows; the
    closing chapter's holds its table of memory's rows."""
    if isinstance(results, str):
        results = results_of(results)
    entry = CHAPTERS[chapter]
    if rows is None:
        rows = selfcheck_rows(results) if entry.needs_selfcheck else ()
    labels = archive_labels(results) if entry.needs_archive else ()
    archive = archive_entries(results) if entry.needs_archive else ()
    words = Words("en")
    with words.recording() as said:
        texts = chapter_sentences(chapter, results, words, rows=rows, labels=labels, archive=archive)
    # The selfcheck's table stands beside its sentence, which counts its rows: both are read, with the raw rows.
    table = selfcheck_table_rows(rows, words) if entry.needs_selfcheck else ()
    # The closing chapter's conclusions about memory set against each other the rates its table quotes, and its table
    # of bounds on a language model gives what its sentences lead to and conclude: all read.
    if chapter == "verdict":
        table = (*table, *memory_rows(results, words), *bound_rows(results, words))
    return Recording.of(said, texts, chapter, rows=table, selfcheck=rows)


@functools.cache
def matrix_recording(machine: str, chapter: str) -> Recording:
    """A machine of the matrix's chapter, recorded once per session (a recording is immutable)."""
    return recorded(chapter, machine)


def only(recording: Recording, *keys: str) -> Recording:
    """The recording with only the messages of ``keys`` (the chapter's other sentences left out)."""
    return replace(recording, said=tuple(s for s in recording.said if s.key in keys))


def _with(value: Any, key: str, change: Callable[[dict], dict], found: list[int], index: int) -> Any:
    """``value`` with the ``index``-th phrase of ``key`` inside it changed (``found`` counts those seen)."""
    if isinstance(value, Phrase):
        inner = tuple((name, _with(v, key, change, found, index)) for name, v in value.values)
        if value.key == key:
            found[0] += 1
            if found[0] - 1 == index:
                return Phrase(value.key, tuple(change(dict(inner)).items()))
        return Phrase(value.key, inner)
    if isinstance(value, Listing):
        return replace(value, items=tuple(_with(item, key, change, found, index) for item in value.items))
    return value


def substitute(recording: Recording, key: str, index: int = 0, where: Callable[[dict], bool] | None = None,
               **values: Any) -> Recording:
    """The recording with the ``index``-th message of ``key`` (a message said on its own, or a phrase inside one:
    an area, a clause) of those whose values ``where`` accepts, given other ``values``: a wrong sentence, as the
    words would have recorded it. A value may be a function of the message's values, for a change that depends on
    them. Raises where there is no such message."""
    def change(old: dict) -> dict:
        return {**old, **{name: new(old) if callable(new) else new for name, new in values.items()}}

    if where is not None:
        wanted = [s for s in _candidates(recording, key) if where(s)]
        if len(wanted) <= index:
            raise LookupError(f"no message {key!r} number {index} with such values ({len(wanted)} found)")
        target = wanted[index]
        index = _candidates(recording, key).index(target)

    found = [0]
    said = []
    for s in recording.said:
        if s.key == key and not _is_part(s, recording):
            found[0] += 1
            if found[0] - 1 == index:
                s = Said(s.key, change(dict(s.values)))
        else:
            s = Said(s.key, {name: _with(v, key, change, found, index) for name, v in s.values.items()})
        said.append(s)
    if found[0] <= index:
        raise LookupError(f"no message {key!r} number {index} in the recording ({found[0]} found)")
    return replace(recording, said=tuple(said))


def _candidates(recording: Recording, key: str) -> list[dict]:
    """The values of every message of ``key`` that :func:`substitute` counts, in its order."""
    found = []
    for s in recording.said:
        if s.key == key and not _is_part(s, recording):
            found.append(dict(s.values))
        else:
            found += [dict(p.values) for p in _phrases(s.values.values()) if p.key == key]
    return found


def replaced(recording: Recording, key: str, new: Said, index: int = 0) -> Recording:
    """The recording with the ``index``-th message of ``key`` said on its own replaced by ``new`` (another form of
    the sentence, another key)."""
    at = [i for i, s in enumerate(recording.said) if s.key == key and not _is_part(s, recording)]
    if len(at) <= index:
        raise LookupError(f"no message {key!r} number {index} in the recording")
    said = list(recording.said)
    said[at[index]] = new
    return replace(recording, said=tuple(said))


def _is_part(s: Said, recording: Recording) -> bool:
    """A message recorded again as the phrase it stands in (its parent's copy is the one the oracle reads)."""
    phrase = Phrase(s.key, tuple(s.values.items()))
    return any(phrase is p or phrase == p for other in recording.said if other is not s
               for p in _phrases(other.values.values()))


def _phrases(values) -> list[Phrase]:
    found = []
    for value in values:
        if isinstance(value, Phrase):
            found.append(value)
            found += _phrases(v for _, v in value.values)
        elif isinstance(value, Listing):
            found += _phrases(value.items)
    return found
