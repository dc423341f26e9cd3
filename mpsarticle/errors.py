"""The one error base: a problem the user can act on, said in one line.

Every error that the package raises for bad input, a missing file or device,
an unwritable output or a refused resume derives from :class:`MpsarticleError`
and carries its command-line exit status. The command line's ``main`` catches
this base once and prints ``mpsarticle: error: <message>``; anything else (a
bug of ours, a crash inside PyTorch) keeps its traceback, because turning it
into one line would hide where it came from.

The classes also derive from the built-in exception a library caller would
expect (``ValueError`` for bad input, ``OSError`` for files), so that code
written against those keeps working.
"""

from __future__ import annotations

__all__ = ["CANNOT_START", "FAILED", "InputError", "MpsarticleError"]

#: The command found a problem: an invalid file or value, a result written elsewhere, no archive configured.
FAILED = 1
#: The command cannot start here as asked: no such device, an entry that exists, an output that cannot be
#: written, a file that cannot be resumed. Nothing was measured.
CANNOT_START = 2


class MpsarticleError(Exception):
    """A problem said in one line (the message), with the exit status the command line ends with."""

    exit_status: int = FAILED


class InputError(MpsarticleError, ValueError):
    """A value given to the package or the command line that it cannot use (the message says what it accepts)."""

