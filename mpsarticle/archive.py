"""The archive of other machines: ResultSets recorded elsewhere, kept in ``docs/_data/machines``.

Archive files come from strangers, so every one is validated against the
schema before use (:func:`mpsarticle.results.load`); strings from them are
escaped wherever they reach a page.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

from .results import ResultSet

__all__ = ["archive_path", "record"]


def slug(label: str) -> str:
    """A file name for a machine label: lower case letters, digits and dashes."""
    text = re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")
    if not text:
        raise ValueError(f"label {label!r} has no letters or digits to name a file after")
    return text[:60]


def archive_path(label: str, folder: str | Path) -> Path:
    return Path(folder) / f"{slug(label)}.json"


def record(label: str, folder: str | Path, *, force: bool, measure: Callable[[], ResultSet]) -> Path:
    """Measure with ``measure()`` and write the result as the archive entry for ``label``.

    Refuses (before measuring, so no time is lost) to overwrite an entry
    unless ``force`` is true.
    """
    label = " ".join(label.split())
    if not label or len(label) > 100:
        raise ValueError("a label is 1 to 100 characters")
    path = archive_path(label, folder)
    if path.exists() and not force:
        raise FileExistsError(f"{path} exists already: choose another --label or pass --force to replace it")
    results = measure()
    results.label = label
    return results.save(path)
