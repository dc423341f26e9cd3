"""Output files: checked before the first point, and never lost at the end.

A run can take an hour; finding out at its end that ``--out`` names a folder
that cannot be created throws that hour away. :func:`check_writable` proves,
before anything is measured, that a file can be created where each output
will go (by creating and removing an empty one: ``os.access`` answers yes
for root on a read-only file system). Should writing still fail at the end
(a full disk, a folder removed meanwhile), :func:`save_text` writes the text
to a fresh file in the system's temporary folder instead and raises
:class:`SavedElsewhere` naming both, so the caller can print where the
results went. Every file is written whole or not at all
(:func:`write_atomically`).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from mpsarticle.errors import CANNOT_START, MpsarticleError

__all__ = ["OutputError", "SavedElsewhere", "check_writable", "save_text", "write_atomically"]


class OutputError(MpsarticleError, OSError):
    """An output file cannot be written; the message names it and says why."""

    exit_status = CANNOT_START


class SavedElsewhere(MpsarticleError, OSError):
    """The intended file could not be written; the text is in ``fallback``."""

    def __init__(self, target: Path, fallback: Path, reason: str) -> None:
        super().__init__(f"could not write {target} ({reason}); the results are in {fallback}")
        self.target, self.fallback, self.reason = target, fallback, reason


def _why(exc: OSError) -> str:
    where = f": {exc.filename}" if exc.filename else ""
    return f"{exc.strerror or type(exc).__name__}{where}"


def check_writable(path: str | os.PathLike[str]) -> Path:
    """Raise :class:`OutputError` unless a file can be written at ``path``.

    Creates the folder if needed (the save would create it anyway).
    """
    target = Path(path)
    if target.is_dir():
        raise OutputError(f"cannot write {target}: it is a folder")
    existing = next((folder for folder in target.parents if folder.exists()), None)
    if existing is not None and not existing.is_dir():
        raise OutputError(f"cannot write {target}: {existing} is a file, not a folder")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, probe = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".probe", dir=target.parent)
        os.close(handle)
        os.unlink(probe)
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {_why(exc)}") from None
    return target


def _open_mode() -> int:
    """The permissions ``open()`` gives a new file: 0666 less the process's umask."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def write_atomically(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` to ``path`` through a temporary file in the same folder and a rename."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        # mkstemp makes the file private (0600); the result is meant to be read like any file open() writes,
        # by a web server publishing the site or by another user of the machine.
        os.fchmod(handle, _open_mode())
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target


def save_text(text: str, path: str | os.PathLike[str]) -> Path:
    """Write ``text`` to ``path`` atomically; if that fails, to a temporary file (:class:`SavedElsewhere`)."""
    target = Path(path)
    try:
        return write_atomically(target, text)
    except OSError as exc:
        reason = _why(exc)
    handle, fallback = tempfile.mkstemp(prefix=f"mpsarticle-{target.stem}-", suffix=target.suffix or ".txt")
    with os.fdopen(handle, "w", encoding="utf-8") as stream:
        stream.write(text)
    raise SavedElsewhere(target, Path(fallback), reason)
