"""Per-point time limits, and what Python can and cannot interrupt.

Every point runs under a time limit (the profile's ``point_limit_s``, or
``--point-limit SECONDS``). A point that exceeds it is recorded with status
``timeout``, its reason naming the limit, and the run goes on.

What Python can interrupt, and what it cannot
----------------------------------------------
A signal handler written in Python runs in the main thread, between two
bytecodes. So it *can* stop:

- the timing loops of :mod:`mpsarticle.measure.timing` between two calls: each call
  to a torch operator returns to Python;
- ``time.sleep`` and the other waits that return early on a signal;
- short CPU operators, as soon as they return.

It *cannot* stop:

- one long ATen operator on the CPU (a huge matrix product): the handler
  runs when the operator returns, however long that takes;
- a wait for an accelerator: ``torch.cuda.synchronize()``,
  ``torch.mps.synchronize()``, an event's ``synchronize()``, ``.item()`` and
  ``.cpu()`` block inside C++ until the GPU has finished all it was given;
- a kernel already queued on a GPU: even after Python has moved on, the GPU
  runs it to its end, and the next wait waits for it.

How the limit is held
---------------------
A watchdog thread keeps the current point's deadline. At the limit it sends
SIGALRM to the main thread, whose handler raises :class:`PointTimeout` (a
``BaseException``: :func:`mpsarticle.measure.timing.time_point` turns every
``Exception`` into a status and must let this one through). The point is
recorded as ``timeout``; on an accelerator the run then waits, again under
the watchdog, for the device to finish what the point had queued, so that
leftover work cannot slow the next point down.

If the main thread has not come back a grace period after the limit (it is
in one of the waits above, or the device never drains), nothing in Python
can free it. The watchdog thread then saves every point measured before,
through the run's :class:`~mpsarticle.measure.interrupt.Rescue` (torch releases the
GIL while it waits, so this thread still runs), prints where, and ends the
process with :data:`EXIT_HUNG`. The same thread watches for SIGINT and
SIGTERM arriving while the main thread is stuck: Python's C-level handler
writes the signal's number to a socket (``signal.set_wakeup_fd``) that the
watchdog reads, and if the main thread has not saved within the grace
period, the watchdog saves and exits with 128 + the signal's number.
"""

from __future__ import annotations

import os
import select
import signal
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING

from mpsarticle.core.reasons import Reason
from mpsarticle.measure.interrupt import INTERRUPT_SIGNALS, Rescue, terminal
from mpsarticle.results.model import Point, unmeasured_point

if TYPE_CHECKING:
    from mpsarticle.core.profiles import Task

__all__ = ["EXIT_HUNG", "PointTimeout", "Watchdog", "timeout_reason"]

#: Exit status when a point could not be stopped: GNU ``timeout``'s.
EXIT_HUNG = 124
#: How long past its limit a point may take to stop before the run ends:
#: this share of the limit, and at least MIN_GRACE_S.
GRACE_SHARE = 0.25
MIN_GRACE_S = 10.0


class PointTimeout(BaseException):
    """The current point ran past its time limit (raised in the main thread by SIGALRM)."""


def timeout_reason(limit_s: float) -> Reason:
    return Reason.of("timeout", limit_s=limit_s)


@dataclass
class _Deadline:
    label: str
    #: When to send SIGALRM (``None``: never, only the hard deadline holds).
    soft: float | None
    #: When to give up on the main thread.
    hard: float
    alarmed: bool = False


class Watchdog:
    """Holds each point to ``limit_s`` (``None``: no limit) and rescues a stuck run; a context manager."""

    def __init__(self, limit_s: float | None, rescue: Rescue, *, grace_s: float | None = None,
                 stream: IO[str] | None = None) -> None:
        self.limit_s = limit_s if limit_s and limit_s > 0 else None
        self.grace_s = grace_s if grace_s is not None else max(MIN_GRACE_S, GRACE_SHARE * (self.limit_s or 0))
        self.rescue = rescue
        self.stream = stream
        self._deadline: _Deadline | None = None
        self._signalled: tuple[int, float] | None = None
        self._stopping = False

    # -- the main thread's side ---------------------------------------------------
    def __enter__(self) -> Watchdog:
        on_main = threading.current_thread() is threading.main_thread()
        self._main = threading.main_thread().ident
        # Without the main thread (or pthread_kill, on Windows) only the hard deadline holds.
        self._can_alarm = on_main and hasattr(signal, "pthread_kill")
        self._old_alarm = signal.signal(signal.SIGALRM, self._on_alarm) if self._can_alarm else None
        self._wake_r, self._wake_w = socket.socketpair()
        self._poke_r, self._poke_w = socket.socketpair()
        for end in (self._wake_r, self._wake_w, self._poke_r, self._poke_w):
            end.setblocking(False)
        self._old_wakeup = signal.set_wakeup_fd(self._wake_w.fileno(), warn_on_full_buffer=False) if on_main else None
        self._thread = threading.Thread(target=self._watch, name="mpsarticle-watchdog", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stopping = True
        self._poke()
        try:
            self._thread.join()
        finally:
            # A first SIGINT can cut the join short; signals_interrupt ignores
            # any further one, so this join completes.
            self._thread.join()
            # Only now that no alarm can be sent any more does the old handler come back.
            if self._old_wakeup is not None:
                signal.set_wakeup_fd(self._old_wakeup)
            if self._old_alarm is not None:
                signal.signal(signal.SIGALRM, self._old_alarm)
            for end in (self._wake_r, self._wake_w, self._poke_r, self._poke_w):
                end.close()

    def measure(self, task: Task, fn: Callable[[], Point]) -> Point:
        """``fn()`` under the time limit; a ``timeout`` point if it ran past it."""
        if self.limit_s is None:
            return fn()
        label = f"{task.workload.label} on {task.device}"
        try:
            try:
                # Armed inside the try: with a tiny limit the alarm can come before fn() starts.
                now = time.monotonic()
                self._set(_Deadline(label, now + self.limit_s, now + self.limit_s + self.grace_s))
                return fn()
            finally:
                self._deadline = None  # from here a late alarm is ignored
        except PointTimeout:
            pass
        # What the point queued on an accelerator is still running: wait for it,
        # under a hard deadline only (this wait cannot be interrupted).
        self._set(_Deadline(f"{label} (waiting for the device to finish it)", None, time.monotonic() + self.grace_s))
        try:
            task.device.synchronize()
            task.device.release_memory()
        finally:
            self._deadline = None
        return unmeasured_point(task, "timeout", timeout_reason(self.limit_s))

    def _on_alarm(self, signum: int, frame: object) -> None:
        deadline = self._deadline
        if deadline is not None and deadline.alarmed and deadline.soft is not None:
            raise PointTimeout(self.limit_s)

    def _set(self, deadline: _Deadline) -> None:
        self._deadline = deadline
        self._poke()

    def _poke(self) -> None:
        try:
            self._poke_w.send(b"!")
        except (BlockingIOError, OSError):
            pass  # the thread is awake already

    # -- the watchdog thread ------------------------------------------------------
    def _watch(self) -> None:
        while not self._stopping:
            ready, _, _ = select.select([self._wake_r, self._poke_r], [], [], self._wait())
            now = time.monotonic()
            for end in ready:
                try:
                    data = end.recv(256)
                except (BlockingIOError, OSError):
                    continue
                if end is self._wake_r and self._signalled is None:
                    caught = [n for n in data if n in INTERRUPT_SIGNALS]
                    if caught:
                        self._signalled = (caught[0], now)
            if not self._stopping:
                self._check(now)

    def _wait(self) -> float | None:
        times = []
        deadline = self._deadline
        if deadline is not None:
            times.append(deadline.hard)
            if deadline.soft is not None and not deadline.alarmed:
                times.append(deadline.soft)
        if self._signalled is not None:
            times.append(self._signalled[1] + self.grace_s)
        return max(0.0, min(times) - time.monotonic()) if times else None

    def _check(self, now: float) -> None:
        deadline = self._deadline
        if deadline is not None and deadline.soft is not None and not deadline.alarmed and now >= deadline.soft:
            deadline.alarmed = True
            if self._can_alarm:
                signal.pthread_kill(self._main, signal.SIGALRM)
        if deadline is not None and now >= deadline.hard:
            self._give_up(f"{deadline.label} ran past the time limit of {self.limit_s:g} s per point and "
                          f"cannot be interrupted from Python", EXIT_HUNG)
        if self._signalled is not None and now >= self._signalled[1] + self.grace_s and self.rescue.notice is None:
            signum = self._signalled[0]
            self._give_up(f"interrupted ({signal.Signals(signum).name}) while a point could not be interrupted",
                          128 + signum)

    def _give_up(self, why: str, status: int) -> None:
        notice = self.rescue.save(why, wait_s=self.grace_s)
        try:
            stream = self.stream or terminal()
            stream.write("\n" + notice + "\n")  # after the progress bar's line
            stream.flush()
        finally:
            os._exit(status)
