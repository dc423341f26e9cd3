"""The journal of a run: every finished (point, process) on disk before the next one starts.

A journal sits beside the results file (``results.json.journal``,
:func:`journal_path`): a first line saying what the file is, with the run's
results less their points, then one line per (point, process) as
:meth:`mpsarticle.results.model.Point.to_dict` writes it, each flushed to
the operating system before the next point starts (:class:`Journal`). So
``kill -9``, a closed laptop lid or the out-of-memory killer loses at most
the point being measured, and ``python -m mpsarticle run --resume
FILE.journal`` continues from what :func:`load_journal` reads back.
"""

from __future__ import annotations

import json
import os
from collections.abc import Hashable
from pathlib import Path
from typing import IO, Any

from mpsarticle.measure import wire
from mpsarticle.measure.resume import point_key
from mpsarticle.measure.workers import merge
from mpsarticle.results.model import Point, ResultSet, ResultsFileError

__all__ = ["JOURNAL_MARK", "JOURNAL_SUFFIX", "Journal", "is_journal", "journal_path", "load_journal"]

#: A journal is the results file's name with this added: ``results.json.journal``.
JOURNAL_SUFFIX = ".journal"
#: The journal's first line says what the file is.
JOURNAL_MARK = "mpsarticle_journal"


def journal_path(results_path: str | os.PathLike[str]) -> Path:
    """The journal beside a results file."""
    path = Path(results_path)
    return path if path.name.endswith(JOURNAL_SUFFIX) else path.with_name(path.name + JOURNAL_SUFFIX)


class Journal:
    """An append-only record of a run: a header (the run's results without points), then one line per
    (point, process), each flushed to the operating system before the next point starts."""

    def __init__(self, path: Path, results: ResultSet) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        # The start is written beside and renamed over: a resumed run's journal is the file it resumes from,
        # which must not be empty even for an instant.
        fresh = path.with_name(path.name + ".new")
        self._file: IO[str] = open(fresh, "w", encoding="utf-8")
        header = {**results.to_dict(), "points": []}
        self._write({JOURNAL_MARK: 1, "results": header})
        for point in results.points:  # what a resumed run starts from
            self._write({"round": None, "point": point.to_dict()})
        os.replace(fresh, path)

    def _write(self, record: dict[str, Any]) -> None:
        self._file.write(json.dumps(record, allow_nan=False, default=str) + "\n")
        # Flushed to the operating system, which keeps it whatever becomes of this process (kill -9, a crash,
        # the out-of-memory killer); not fsync'ed to the disk, which only a power cut would need, at some ms a point.
        self._file.flush()

    def add(self, point: Point, round_: int) -> None:
        self._write({"round": round_, "point": point.to_dict()})

    def close(self, *, remove: bool = False) -> None:
        self._file.close()
        if remove:
            self.path.unlink(missing_ok=True)


def is_journal(path: Path) -> bool:
    try:
        with open(path, encoding="utf-8") as handle:
            return JOURNAL_MARK in handle.readline(200)
    except (OSError, UnicodeDecodeError):
        return False


def load_journal(path: Path) -> ResultSet:
    """The run a journal records, its points merged process by process (a last line cut short is dropped)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    records = []
    for number, line in enumerate(lines):
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:
            if number == len(lines) - 1:
                break  # the line being written when the run was killed
            raise
    if not records or JOURNAL_MARK not in records[0]:
        raise ResultsFileError(f"{path}: not a journal of mpsarticle (its first line is not a journal header)")
    results = ResultSet.from_dict(records[0]["results"], source=str(path))
    by_key: dict[Hashable, Point] = {}
    for record in records[1:]:
        point = wire.point_from(record["point"])
        key = point_key(point)
        if record["round"] is None:
            by_key[key] = point
        else:  # the same verdicts the run made as it merged: each process's reading is in its line
            by_key[key] = merge(by_key.get(key), point, planned=results.processes,
                                extra=record["round"] >= results.processes)
    results.points = list(by_key.values())
    return results
