"""Known MPS problems from PyTorch's tracker, and which of them apply to a build's own torch, chip and macOS.

``mpsarticle/data/mps_issues.csv`` holds one row per problem: the issues
that report it, the Apple chips it affects (name prefixes; empty: every
chip), the first macOS it appears on (empty: any), the torch release that
fixes it (empty: none known) and a note of what the reports say. The words
of each problem live in the article's catalogs; :func:`status` says, from a
results file's environment block alone, whether a problem applies there.
"""

from __future__ import annotations

import csv
import functools
import io
import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

__all__ = ["KnownIssue", "STATUSES", "known_issues", "macos_major", "status"]

#: What :func:`status` answers: no Apple GPU was measured; the chip is not affected; the macOS is older than the
#: first affected one; this torch has the fix; the problem applies.
STATUSES = ("no_apple_gpu", "other_chip", "older_macos", "fixed", "partly_fixed", "applies")


@dataclass(frozen=True)
class KnownIssue:
    key: str
    #: ``owner/repo#number`` of each report, the first the main one.
    issues: tuple[str, ...]
    #: Chip name prefixes as ``sysctl`` gives them ("Apple M1" covers Pro, Max and Ultra); empty: every chip.
    chips: tuple[str, ...]
    macos_from: int | None
    #: The first torch release (major.minor) without the problem; ``None``: no release is known to fix it.
    fixed_in: tuple[int, int] | None
    note: str
    #: The release in ``fixed_in`` fixes some of the problem's cases, not all (``2.14 partly`` in the data file).
    partly: bool = False


def _version(text: str) -> tuple[int, int] | None:
    found = re.match(r"(\d+)\.(\d+)", text or "")
    return (int(found[1]), int(found[2])) if found else None


@functools.lru_cache(maxsize=1)
def known_issues() -> tuple[KnownIssue, ...]:
    text = (resources.files("mpsarticle") / "data" / "mps_issues.csv").read_text(encoding="utf-8")
    return tuple(KnownIssue(key=row["key"], issues=tuple(row["issues"].split(";")),
                            chips=tuple(filter(None, row["chips"].split(";"))),
                            macos_from=int(row["macos_from"]) if row["macos_from"] else None,
                            fixed_in=_version(row["fixed_in"]), note=row["source_note"],
                            partly=row["fixed_in"].strip().endswith("partly"))
                 for row in csv.DictReader(io.StringIO(text)))


def macos_major(environment: Mapping[str, Any]) -> int | None:
    """The macOS major version of a Mac's results (its ``os_version``, else its MPS backend's description)."""
    if str(environment.get("os", "")).startswith("Darwin"):
        found = re.match(r"(\d+)\.", str(environment.get("os_version", "")) + ".")
        if found and int(found[1]) >= 11:
            return int(found[1])
    mps = (environment.get("devices") or {}).get("mps") or {}
    found = re.search(r"macOS (\d+)", str(mps.get("backend", "")))
    return int(found[1]) if found else None


def status(issue: KnownIssue, environment: Mapping[str, Any]) -> str:
    """Whether ``issue`` applies to the machine and torch of ``environment`` (one of :data:`STATUSES`)."""
    if "mps" not in (environment.get("devices") or {}):
        return "no_apple_gpu"
    chip = str((environment.get("mac") or {}).get("chip") or environment.get("cpu") or "")
    if issue.chips and not any(chip == p or chip.startswith(p + " ") for p in issue.chips):
        return "other_chip"
    macos = macos_major(environment)
    if issue.macos_from is not None and macos is not None and macos < issue.macos_from:
        return "older_macos"
    torch = _version(str(environment.get("torch", "")))
    if issue.fixed_in is not None and torch is not None and torch >= issue.fixed_in:
        return "partly_fixed" if issue.partly else "fixed"
    return "applies"
