"""The CPU's counters read around each point a measuring child measures: what else used the CPU meanwhile.

:class:`Window` keeps, for the points one child measures, the counters at
the start of each; :meth:`Window.reading` reads them again at a point's end
and returns the reading a point keeps (its fields, and what makes one
contended, are :mod:`mpsarticle.core.contention`'s). psutil reads the
counters on Linux and macOS alike. A counter that cannot be read (psutil
itself missing included) is recorded as ``null``, and reading never fails a
point.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from mpsarticle.core.contention import MIN_WINDOW_S, contended

__all__ = ["Snapshot", "Window", "snapshot"]


def _psutil() -> ModuleType | None:
    try:
        import psutil
    except ImportError:
        return None
    return psutil


@dataclass(frozen=True)
class Snapshot:
    """The counters at one moment: the wall clock, this process's CPU time, the busy time of its CPUs, and how
    often the system has taken a CPU from this process."""

    at: float
    own_s: float | None
    busy_s: float | None
    preempted: int | None = None


def _busy(times: Any, linux: bool) -> float:
    """Busy seconds of one CPU's times, as psutil's own ``cpu_percent`` counts them: all but idle and waiting for
    I/O; on Linux a guest's time is already in user and nice, so it is not counted twice."""
    total = sum(times)
    if linux:
        total -= getattr(times, "guest", 0.0) + getattr(times, "guest_nice", 0.0)
    return total - times.idle - getattr(times, "iowait", 0.0)


def _allowed_cpus() -> list[int] | None:
    """The CPUs this process may run on, where the system says (Linux); ``None``: all of them."""
    psutil = _psutil()
    if psutil is None:
        return None
    try:
        return sorted(psutil.Process().cpu_affinity())
    except (AttributeError, OSError, psutil.Error):
        return None  # macOS has no affinity: every CPU


def _cpu_busy_s(allowed: list[int] | None) -> float | None:
    """Busy seconds so far of the CPUs this process may run on (others' work on CPUs it cannot use is no
    contention: a container pinned to two CPUs of a large host)."""
    psutil = _psutil()
    if psutil is None:
        return None
    try:
        if allowed is None:
            return _busy(psutil.cpu_times(), psutil.LINUX)
        per_cpu = psutil.cpu_times(percpu=True)
        if len(allowed) == len(per_cpu) or max(allowed) >= len(per_cpu):
            return _busy(psutil.cpu_times(), psutil.LINUX)
        return sum(_busy(per_cpu[i], psutil.LINUX) for i in allowed)
    except (OSError, psutil.Error, AttributeError, ValueError):
        return None


def _own_s() -> float | None:
    psutil = _psutil()
    if psutil is None:
        return None
    try:
        times = psutil.Process().cpu_times()
        return float(times.user + times.system)
    except (OSError, psutil.Error):
        return None


def _preempted() -> int | None:
    psutil = _psutil()
    if psutil is None:
        return None
    try:
        return int(psutil.Process().num_ctx_switches().involuntary)
    except (OSError, psutil.Error, AttributeError):
        return None


def snapshot(allowed: list[int] | None = None) -> Snapshot:
    return Snapshot(time.perf_counter(), _own_s(), _cpu_busy_s(allowed), _preempted())


def _load_1m() -> float | None:
    psutil = _psutil()
    if psutil is None:
        return None
    try:
        return float(psutil.getloadavg()[0])
    except (OSError, psutil.Error, AttributeError):
        return None


def _tick_s() -> float | None:
    try:
        return 1.0 / os.sysconf("SC_CLK_TCK")
    except (AttributeError, OSError, ValueError, ZeroDivisionError):
        return None


def _cpu_count(allowed: list[int] | None) -> int | None:
    if allowed:
        return len(allowed)
    psutil = _psutil()
    if psutil is None:
        return os.cpu_count()
    try:
        return psutil.cpu_count(logical=True)
    except (OSError, psutil.Error):
        return None


class Window:
    """The counters around each point of one measuring child, in the order it measures them."""

    def __init__(self) -> None:
        self._allowed = _allowed_cpus()
        self._cpus = _cpu_count(self._allowed)
        self._tick = _tick_s()
        #: (device, counters at its start) of each point so far.
        self._starts: list[tuple[str, Snapshot]] = []

    def start(self, device: str) -> None:
        """A point on ``device`` starts now (after its device's runtime has started)."""
        self._starts.append((device, snapshot(self._allowed)))

    def reading(self, cpu_point: bool) -> dict[str, Any]:
        """The reading of the point started last, its window widened back over the points just before it on
        its device until it spans :data:`~mpsarticle.core.contention.MIN_WINDOW_S` (where there are such)."""
        end = snapshot(self._allowed)
        device = self._starts[-1][0]
        first = len(self._starts) - 1
        while (first > 0 and self._starts[first - 1][0] == device
               and end.at - self._starts[first][1].at < MIN_WINDOW_S):
            first -= 1
        begin = self._starts[first][1]
        own = end.own_s - begin.own_s if end.own_s is not None and begin.own_s is not None else None
        busy = end.busy_s - begin.busy_s if end.busy_s is not None and begin.busy_s is not None else None
        preempted = (end.preempted - begin.preempted
                     if end.preempted is not None and begin.preempted is not None else None)
        found: dict[str, Any] = {
            "window_s": end.at - begin.at,
            "points": len(self._starts) - first,
            "own_cpu_s": own,
            "others_cpu_s": busy - own if busy is not None and own is not None else None,
            "cpus": self._cpus,
            "load_1m": _load_1m(),
            "tick_s": self._tick,
            "involuntary_switches": preempted,
        }
        found["contended"] = contended(found, cpu_point)
        return found
