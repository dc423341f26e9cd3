"""The archive of other machines: ResultSets recorded elsewhere, kept in ``docs/_data/machines``.

``python -m mpsarticle record --label NAME`` runs the article's suites on a
machine and writes one file here; the chapter "Results from other machines"
draws every file beside the build's own measurement (a large archive family
by family), and the site publishes what it draws of them once, as one summary
(:func:`summary_csv`).

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

import csv
import io
import os
import pickle
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

__all__ = ["SUMMARY_SUITES", "Archive", "ArchiveNotFound", "archive_dir", "archive_path", "identity",
           "load_archive", "load_archive_once", "others", "record", "relabel", "repository_folder", "same_machine",
           "summary_csv", "translated_labels"]

#: More files than this is not an archive but an accident (or an attack on build time); the machines chapter is
#: tested with 500 (tests/archive_generator.py).
MAX_FILES = 1000
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
            raise InputError(f"--label-in {pair!r}: give LANG=TEXT, e.g. id='CPU 2 thread'")
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
    for path, found in zip(files, _load_all(files), strict=True):
        if isinstance(found, ResultsFileError):
            if not skip_invalid:
                raise found
            archive.skipped.append(str(found))
            print(f"mpsarticle: warning: skipped invalid archive file {found}", file=sys.__stderr__ or sys.stderr)
            continue
        archive.machines[path.name] = found
    return archive


#: From this many files on, they are validated in parallel (a second each, on a small machine, is mostly the schema).
PARALLEL_FROM = 32


def _load_entry(path: Path) -> ResultSet | ResultsFileError:
    """One archive file, validated, or what is wrong with it (returned, so that a worker process hands it back)."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise ResultsFileError(f"{path}: {path.stat().st_size} bytes, larger than {MAX_FILE_BYTES}")
        results = load(path)
        if not results.label:
            raise ResultsFileError(f"{path}: field label: an archive entry needs a label (record --label)")
    except ResultsFileError as exc:
        return exc
    return results


def _load_all(files: list[Path]) -> list[ResultSet | ResultsFileError]:
    """:func:`_load_entry` of every file, in order: in one worker process per CPU for a large archive."""
    workers = min(os.cpu_count() or 1, 8)
    if len(files) < PARALLEL_FROM or workers < 2:
        return [_load_entry(path) for path in files]
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(_load_entry, files, chunksize=max(1, len(files) // (4 * workers))))


def load_archive_once() -> Archive:
    """:func:`load_archive`, once per site build: the first chapter that asks validates every file and keeps what
    loaded beside the build's measurements, and the other language's chapter reads that back (validating a few
    hundred files takes minutes on a small machine). Outside a build, every call loads afresh."""
    if config.build_id() is None:
        return load_archive()
    kept = config.published_dir().parent / "archive.pickle"
    if kept.is_file():
        with kept.open("rb") as file:
            # Written by this same build, a moment ago (the folder is the build's own): never a stranger's file.
            return pickle.load(file)
    archive = load_archive()
    kept.parent.mkdir(parents=True, exist_ok=True)
    partial = kept.with_suffix(".partial")
    with partial.open("wb") as file:
        pickle.dump(archive, file, protocol=pickle.HIGHEST_PROTOCOL)
    partial.replace(kept)
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


def repository_folder() -> str | None:
    """Where the archive lives in the repository (``docs/_data/machines``), whatever ``MPSARTICLE_ARCHIVE`` says
    for this build; ``None`` outside a project."""
    try:
        return config.project_entry("archive", "archive of machines")[1].strip("/")
    except SettingNotFound:
        return None


#: The suites whose points the machines chapter draws: the summary the site publishes holds these alone (each
#: file whole would weigh hundreds of kilobytes a machine; the repository keeps them).
SUMMARY_SUITES = ("matvec", "copy", "matmul", "train")
_SUMMARY_COLUMNS = ("file", "label", "torch", "created", "device", "device_name", "workload", "suite", "size",
                    "dtype", "status", "check", "median_s", "ci_low_s", "ci_high_s", "gb_s", "gflop_s")


def summary_csv(machines: Mapping[str, ResultSet]) -> str:
    """One row per point that the machines chapter draws (synchronised timer, :data:`SUMMARY_SUITES`) of every
    machine, by file name: its median time with its 95 % interval and its rate; the samples stay in each file."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(_SUMMARY_COLUMNS)
    for name, results in machines.items():
        devices = results.environment.get("devices") or {}
        for point in results.points:
            if point.suite not in SUMMARY_SUITES or point.method != "engine":
                continue
            size = next((point.params[key] for key in ("m", "n", "batch") if key in point.params), "")
            # Four significant digits: finer than any interval here, and half the file of Python's full repr.
            numbers = [None if value is None else f"{value:.4g}" for value in
                       (point.median_s, point.ci_low_s, point.ci_high_s, point.gb_s, point.gflop_s)]
            row = [name, results.label or "", results.environment.get("torch"), results.created[:10], point.device,
                   (devices.get(point.device) or {}).get("name", ""), point.workload, point.suite, size,
                   point.params.get("dtype", ""), point.status, point.check, *numbers]
            writer.writerow(["" if value is None else value for value in row])
    return buffer.getvalue()
