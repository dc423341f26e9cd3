"""Interruption: SIGINT and SIGTERM while measuring save the points so far.

A terminal's Ctrl-C sends SIGINT; ``kill``, a CI runner's cancel button and a
notebook kernel being shut down send SIGTERM. Inside :func:`signals_interrupt`
both raise :class:`Interrupted` in the main thread, so the stack unwinds as
for any exception (``finally`` blocks run, the progress bar closes, a point
half measured is dropped), and :class:`Rescue` saves the points already
measured, atomically, before the exception leaves the command. What a user
sees, for ``run`` (``record``, ``selfcheck`` and a site build say the same)::

    mpsarticle: interrupted (SIGINT): saved 12 of 40 points to results.json; continue with --resume results.json

and the exit status is 128 plus the signal's number: 130 for SIGINT, 143 for
SIGTERM, what a shell reports for a process that the signal ended.

Wrapping another measuring command (``selfcheck``, say) takes three lines::

    rescue = Rescue(results, Path("selfcheck.json"), planned=len(checks))
    with signals_interrupt(), rescue.on_interrupt():
        for check in checks:
            rescue.add(run_check(check))

and ``cli.main`` turns the :class:`Interrupted` that leaves the block into the
exit status. The handler only raises: Python runs it in the main thread
between two bytecodes, so a signal that arrives while torch is inside one
long C++ call takes effect when that call returns (see
:mod:`mpsarticle.measure.watchdog` for what happens when it never does).
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from mpsarticle.results.files import SavedElsewhere, save_text

if TYPE_CHECKING:
    from mpsarticle.results.model import Point, ResultSet

__all__ = ["INTERRUPT_SIGNALS", "Interrupted", "Rescue", "signals_interrupt", "terminal"]

INTERRUPT_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def terminal() -> IO[str]:
    """Where one-line notices go: the process's real stderr (a notebook
    kernel captures ``sys.stderr`` into the page; its real stderr is the
    terminal running the build)."""
    return sys.__stderr__ or sys.stderr


class Interrupted(KeyboardInterrupt):
    """SIGINT or SIGTERM arrived. A ``KeyboardInterrupt``, so code that already
    lets Ctrl-C through (a notebook kernel, pytest) treats SIGTERM the same."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum
        #: The one line printed when the points were saved (set by :class:`Rescue`).
        self.notice: str | None = None

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name

    @property
    def exit_status(self) -> int:
        return 128 + self.signum


@contextmanager
def signals_interrupt() -> Iterator[None]:
    """Within the block, SIGINT and SIGTERM raise :class:`Interrupted` (main thread only).

    After the first signal both are ignored until the block is left: the
    save that follows takes well under a second and must not itself be cut
    in half by an impatient second Ctrl-C. The previous handlers come back
    on leaving.
    """
    if threading.current_thread() is not threading.main_thread():
        yield  # signal handlers can only be set from the main thread
        return
    previous = {signum: signal.getsignal(signum) for signum in INTERRUPT_SIGNALS}

    def handler(signum: int, frame: object) -> None:
        for other in INTERRUPT_SIGNALS:
            signal.signal(other, signal.SIG_IGN)
        raise Interrupted(signum)

    for signum in INTERRUPT_SIGNALS:
        signal.signal(signum, handler)
    try:
        yield
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old if old is not None else signal.SIG_DFL)


@dataclass
class Rescue:
    """A run's results as they grow, and where to save them if it stops early.

    Points are added under a lock, so the watchdog thread
    (:mod:`mpsarticle.measure.watchdog`) can save a consistent set while the main
    thread is stuck; :meth:`save` runs once, whoever calls it first.
    """

    results: ResultSet
    target: Path
    #: How many points the whole run would have (for "12 of 40"); ``None`` if unknown.
    planned: int | None = None
    #: Appended to the notice, ``{path}`` filled with where the points went.
    hint: str | None = "continue with --resume {path}"
    lock: threading.RLock = field(default_factory=threading.RLock, repr=False)
    notice: str | None = None
    #: Where each point is also appended as it is added (mpsarticle.measure.journal.Journal), if anywhere.
    journal: Any = None

    def add(self, point: Point) -> None:
        with self.lock:
            self.results.points.append(point)
            if self.journal is not None:
                self.journal.add(point, 0)

    def save(self, why: str, *, wait_s: float | None = None) -> str:
        """Save the points so far (once) and return the one-line notice.

        ``wait_s`` bounds the wait for the lock (the watchdog must not block
        behind a main thread that is itself stuck).
        """
        if not self.lock.acquire(timeout=-1 if wait_s is None else wait_s):
            return f"mpsarticle: {why}: the points so far could not be saved (the run is stuck while saving)"
        try:
            if self.notice is None:
                self.notice = self._save(why)
            return self.notice
        finally:
            self.lock.release()

    def _save(self, why: str) -> str:
        count = len(self.results)
        if not count:
            return f"mpsarticle: {why}: no point was measured, nothing saved"
        of = f" of {self.planned}" if self.planned else ""
        points = "point" if count == 1 and not self.planned else "points"
        try:
            path = save_text(self.results.to_json(), self.target)
            lead = ""
        except SavedElsewhere as exc:
            path = exc.fallback
            lead = f"could not write {exc.target} ({exc.reason}); "
        hint = f"; {self.hint.format(path=path)}" if self.hint else ""
        return f"mpsarticle: {why}: {lead}saved {count}{of} {points} to {path}{hint}"

    @contextmanager
    def on_interrupt(self, stream: IO[str] | None = None) -> Iterator[Rescue]:
        """On :class:`Interrupted`: save, print the notice on ``stream`` (the terminal), re-raise."""
        try:
            yield self
        except Interrupted as exc:
            exc.notice = self.save(f"interrupted ({exc.name})")
            out = stream or terminal()
            print(exc.notice, file=out, flush=True)
            raise
