"""One writer per output: a run holds a lock beside its results file, a site build one on its measurements.

Two runs writing the same ``--out`` would replace each other's journal and
results, and two builds in one checkout would delete each other's
measurements. :func:`holding` takes an exclusive, non-blocking lock
(``fcntl.flock``) on a file beside the output, ``results.json.lock``, and
writes its process id there; a second run started meanwhile does not wait
and touches nothing: it raises :class:`Busy`, one line that names the other
process, which the command line ends with exit status 2.

The operating system releases the lock when its process ends, however it
ends (``kill -9`` included), so a lock file left behind never blocks the next
run; the file is kept, not removed, because removing it while another
process opens it would let two runs each hold a lock on a different file.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

from mpsarticle.errors import CANNOT_START, MpsarticleError
from mpsarticle.results.files import check_writable

__all__ = ["LOCK_SUFFIX", "Busy", "holding", "lock_path"]

#: A results file's lock is its name with this added: ``results.json.lock``.
LOCK_SUFFIX = ".lock"


class Busy(MpsarticleError, OSError):
    """Another process holds the lock of this output."""

    exit_status = CANNOT_START


def lock_path(output: str | os.PathLike[str]) -> Path:
    target = Path(output)
    return target.with_name(target.name + LOCK_SUFFIX)


def _holder(handle: int) -> str:
    os.lseek(handle, 0, os.SEEK_SET)
    text = os.read(handle, 64).decode("ascii", "replace").strip()
    return f"process {text}" if text.isdigit() else "another process"


@contextlib.contextmanager
def holding(output: str | os.PathLike[str], what: str = "run",
            hint: str = "wait for it to finish, or choose another output") -> Iterator[Path]:
    """Hold the lock of ``output`` for the block; :class:`Busy` at once if another process holds it (``what`` and
    ``hint`` are the message's words for the other process and for what to do)."""
    path = lock_path(output)
    if not path.exists():
        check_writable(path)  # a folder that cannot hold the lock cannot hold the output: one line, as for it
    handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise Busy(f"another {what} ({_holder(handle)}) is writing {output}; {hint}") from None
        os.ftruncate(handle, 0)
        os.write(handle, f"{os.getpid()}\n".encode("ascii"))
        yield path
    finally:
        os.close(handle)  # closing releases the lock
