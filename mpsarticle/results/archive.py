"""The archive of other machines: ResultSets recorded elsewhere, kept in ``docs/_data/machines``.

``python -m mpsarticle record --label NAME`` runs the article's suites on a
machine and writes one file here; the chapter "Results from other machines"
draws every file beside the build's own measurement.

Archive files come from strangers. Each is validated against the results
schema before use (:func:`mpsarticle.results.model.load`): an invalid file stops
the build with a message naming the file and the field, unless
``MPSARTICLE_SKIP_INVALID_ARCHIVE=1`` is set, in which case it is left out
with a warning on the terminal and on the page. Strings from the files are
escaped wherever they reach a page (HTML tables are built with
:func:`html.escape`, figure labels have matplotlib's math markup disabled).

The chapter lists every machine once. An archive file from the machine that
is building the site, with the same software (:func:`same_machine`: the same
CPU, core count, memory, architecture, operating system and release, devices
by name, and PyTorch version; and the same label where both have one), is
left out of the table and the figures in favour of the build's fresh run
(:func:`others`), and the table says which file that was.

Where the archive is, is the project's to say, not the package's (an
installed package lives far from any checkout): ``MPSARTICLE_ARCHIVE``, else
``archive`` under ``[tool.mpsarticle]`` in the first ``pyproject.toml`` found
from the current folder upwards, relative to that file. Finding neither is an
error (:class:`ArchiveNotFound`), never a silently empty archive.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from mpsarticle import config
from mpsarticle.config import SettingNotFound
from mpsarticle.errors import CANNOT_START, InputError, MpsarticleError
from mpsarticle.results.files import save_text
from mpsarticle.results.model import ResultSet, ResultsFileError, load

__all__ = ["Archive", "ArchiveNotFound", "archive_dir", "archive_path", "identity", "load_archive",
           "others", "record", "relabel", "same_machine", "translated_labels"]

#: More files than this is not an archive but an accident (or an attack on build time).
MAX_FILES = 200
MAX_FILE_BYTES = 20 << 20


class ArchiveNotFound(SettingNotFound):
    """No archive is configured for where this runs (the message says how to name one)."""


class EntryExists(MpsarticleError, FileExistsError):
    """The archive already has an entry of that label (the message says how to replace it)."""

    exit_status = CANNOT_START


def archive_dir(start: str | Path | None = None) -> Path:
    """The archive folder: ``MPSARTICLE_ARCHIVE``, else the project's ``[tool.mpsarticle] archive`` (see the module
    notes)."""
    return config.folder("archive", "archive of machines", start, ArchiveNotFound)


def slug(label: str) -> str:
    """A file name for a machine label: lower case letters, digits and dashes."""
    text = re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")
    if not text:
        raise InputError(f"label {label!r} has no letters or digits to name a file after")
    return text[:60]


def archive_path(label: str, folder: str | Path) -> Path:
    return Path(folder) / f"{slug(label)}.json"


def _label(text: str) -> str:
    label = " ".join(text.split())
    if not label or len(label) > 100:
        raise InputError("a label is 1 to 100 characters")
    return label


def _language(code: str) -> str:
    if not re.fullmatch(r"[a-z]{2}", code):
        raise InputError(f"language {code!r}: a two-letter code in lower case, e.g. id")
    return code


def translated_labels(pairs: Iterable[str]) -> dict[str, str]:
    """``LANG=TEXT`` pairs (``record --label-in``) as a mapping, each checked."""
    found = {}
    for pair in pairs:
        code, sep, text = pair.partition("=")
        if not sep:
            raise InputError(f"--label-in {pair!r}: give LANG=TEXT, e.g. id='CPU 2 inti'")
        found[_language(code.strip())] = _label(text)
    return found


def record(label: str, folder: str | Path, *, force: bool, measure: Callable[[], ResultSet],
           labels: Mapping[str, str] | None = None) -> Path:
    """Measure with ``measure()`` and write the result as the archive entry for ``label`` (and its ``labels`` in
    other languages).

    Refuses (before measuring, so no time is lost) to overwrite an entry
    unless ``force`` is true.
    """
    label = _label(label)
    translated = {_language(code): _label(text) for code, text in (labels or {}).items()}
    path = archive_path(label, folder)
    if path.exists() and not force:
        raise EntryExists(f"{path} exists already: choose another --label or pass --force to replace it")
    results = measure()
    results.label, results.labels = label, translated
    # A failed write leaves the results in a temporary file (SavedElsewhere names it).
    return save_text(results.to_json(), path)


def relabel(path: str | Path, lang: str, text: str) -> Path:
    """Give an existing results file its label in ``lang`` (the article shows it on that language's pages); its
    points and everything else stay as they were measured."""
    results = load(path)
    if not results.label:
        raise InputError(f"{path}: has no label to translate (record --label gives one)")
    results.labels[_language(lang)] = _label(text)
    return save_text(results.to_json(), Path(path))


@dataclass
class Archive:
    """The machines that loaded, by file name, and the warnings about those left out."""

    machines: dict[str, ResultSet] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)


def load_archive(folder: str | Path | None = None, *, skip_invalid: bool | None = None) -> Archive:
    """Every ``*.json`` in ``folder`` (default: :func:`archive_dir`), validated; see the module notes for invalid
    files."""
    folder = archive_dir() if folder is None else folder
    if not Path(folder).is_dir():
        raise ArchiveNotFound(f"{folder}: the archive of machines is not a folder here")
    if skip_invalid is None:
        skip_invalid = config.flag("skip_invalid_archive")
    archive = Archive()
    files = sorted(Path(folder).glob("*.json"))
    if len(files) > MAX_FILES:
        raise ResultsFileError(f"{folder}: {len(files)} files, more than the {MAX_FILES} an archive may hold")
    for path in files:
        try:
            if path.stat().st_size > MAX_FILE_BYTES:
                raise ResultsFileError(f"{path}: {path.stat().st_size} bytes, larger than {MAX_FILE_BYTES}")
            results = load(path)
            if not results.label:
                raise ResultsFileError(f"{path}: field label: an archive entry needs a label (record --label)")
        except ResultsFileError as exc:
            if not skip_invalid:
                raise
            archive.skipped.append(str(exc))
            print(f"mpsarticle: warning: skipped invalid archive file {exc}", file=sys.__stderr__ or sys.stderr)
            continue
        archive.machines[path.name] = results
    return archive


def identity(results: ResultSet) -> tuple:
    """What tells one machine and its software from another, read from a results file's environment block."""
    env = results.environment
    devices = tuple(sorted((str(kind), str(described.get("name", "")))
                           for kind, described in (env.get("devices") or {}).items()))
    return tuple(env.get(key) for key in ("cpu", "logical_cores", "memory_bytes", "arch", "os", "torch")) + (devices,)


def same_machine(first: ResultSet, second: ResultSet) -> bool:
    """Whether two results come from the same machine with the same software (see the module notes).

    Labels are free text, and a build often has none: they decide only when
    both files have one (two contributors' identical Macs, each labelled).
    """
    if first.label and second.label and " ".join(first.label.split()) != " ".join(second.label.split()):
        return False
    return identity(first) == identity(second)


def others(results: ResultSet, archive: Archive) -> tuple[dict[str, ResultSet], list[str]]:
    """The archived machines other than ``results``' own, by file name, and the names of the files left out."""
    kept = {name: found for name, found in archive.machines.items() if not same_machine(results, found)}
    return kept, [name for name in archive.machines if name not in kept]
