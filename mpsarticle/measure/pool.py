"""The measuring processes: a fresh child per list of points, read line by line, replaced when it dies.

A child (``python -m mpsarticle.measure.child``) imports what it measures
with, says it is ready, is sent its points in one request and reports on
each as it goes (:mod:`mpsarticle.measure.wire`); :class:`Spares` starts the
children of a run's rounds ahead, a batch at a time.
:func:`measure_in_workers` starts one, records every point it reports, and
when it dies records the point it was measuring as ``crashed`` (the signal
or exit status, :func:`crash_reason`) and starts a fresh one for the rest; a
point past the time limit is ``timeout`` and its child is killed (the parent
holds the limit, so even a kernel that never returns is stopped). Work after
the points (:class:`Extra`: the selfcheck's) runs in the last child, and a
child that dies in it is not replaced.
"""

from __future__ import annotations

import dataclasses
import json
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from mpsarticle.core.profiles import Task
from mpsarticle.core.reasons import Reason
from mpsarticle.measure import wire
from mpsarticle.measure.watchdog import timeout_reason
from mpsarticle.results.model import Point, unmeasured_point

__all__ = ["EXIT_WAIT_S", "START_LIMIT_S", "Extra", "Spares", "Worker", "crash_reason", "measure_in_one_worker",
           "measure_in_workers"]

#: Seconds a worker is given to end after its last point (or to die after SIGKILL) before the parent moves on.
EXIT_WAIT_S = 10.0

#: Seconds a batch of workers is given to import what they measure with before the first is used anyway.
START_LIMIT_S = 120.0

#: What the parent does with one process's point of a task in a round: merge it, journal it (see
#: :func:`mpsarticle.measure.workers.run_rounds`).
Record = Callable[[Task, Point, int], None]


def crash_reason(returncode: int) -> Reason:
    """Why a worker ended: the signal that ended it (``SIGSEGV``, ``SIGKILL``), else its exit status."""
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = "unknown"
        return Reason.of("crashed_signal", signal=-returncode, name=name)
    return Reason.of("crashed_exit", status=returncode)


def _worker_command() -> list[str]:
    return [sys.executable, "-m", "mpsarticle.measure.child"]


class Worker:
    """One fresh process measuring a list of task specs, read line by line.

    Started, it imports what it measures with and says it is ready
    (:func:`~mpsarticle.measure.wire.ready`); :meth:`send` then gives it its
    work. A worker never sent any ends by itself when its stdin closes.
    """

    def __init__(self) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        # The package this process runs, wherever it is (a checkout without an install included).
        package_root = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_root, env.get("PYTHONPATH")]))
        self.process = subprocess.Popen(_worker_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        env=env, text=True, bufsize=1)
        assert self.process.stdin is not None and self.process.stdout is not None
        self._buffer = ""
        self._ready = False

    def send(self, specs: Sequence[dict[str, Any]], extra: dict[str, Any] | None = None) -> None:
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(wire.request(specs, extra))
            self.process.stdin.close()
        except BrokenPipeError:
            pass  # it died while starting: its end of output says so, and the caller records it

    def wait_ready(self, deadline: float | None) -> bool:
        """Whether the worker said it was ready before ``deadline``: it imported what it measures with."""
        while not self._ready:
            line = self.next_line(deadline)
            if not line:
                return False
            self._ready = wire.is_ready(line)
        return True

    def next_line(self, deadline: float | None) -> str | None:
        """The next line, ``None`` at the end of the output, or ``""`` when ``deadline`` passed first."""
        stream = self.process.stdout
        assert stream is not None
        while "\n" not in self._buffer:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([stream], [], [], wait)
            if not ready:
                return ""
            chunk = os.read(stream.fileno(), 65536).decode("utf-8", errors="replace")
            if not chunk:
                return None if not self._buffer else self._take_all()
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition("\n")
        return line

    def _take_all(self) -> str:
        line, self._buffer = self._buffer, ""
        return line

    def stop(self) -> int:
        """End the worker (killed if still running) and return its exit status."""
        if self.process.poll() is None:
            self.process.kill()
        try:
            return self.process.wait(timeout=EXIT_WAIT_S)
        finally:
            if self.process.stdout is not None:
                self.process.stdout.close()

    def wait(self) -> int:
        try:
            return self.process.wait(timeout=EXIT_WAIT_S)
        except subprocess.TimeoutExpired:
            return self.stop()


class Spares:
    """The workers of a run's rounds, started ahead of them in batches of as many as the machine has cores.

    A worker's start is mostly torch's import, a few seconds on a 2-core
    CPU, and it uses one core: two start on two cores in the time of one.
    Each batch is started between rounds, when nothing is measured, and
    waited for until every worker in it is ready, so no import runs beside a
    measurement; a worker that is not ready in :data:`START_LIMIT_S` is
    handed out all the same, and its round records what became of it. Any
    not taken are ended by :meth:`close`.
    """

    def __init__(self, count: int, batch: int | None = None) -> None:
        self.left = count
        self.batch = max(1, batch or os.cpu_count() or 1)
        self.idle: list[Worker] = []

    def start(self) -> None:
        """Start the next batch now, if none is waiting (it is waited for when a worker is first taken)."""
        if not self.idle and self.left > 0:
            self.idle = [Worker() for _ in range(min(self.batch, self.left))]
            self.left -= len(self.idle)

    def take(self) -> Worker:
        """A started worker: a waiting one, else a new batch's first, else (all planned ones taken) a new one."""
        self.start()
        deadline = time.monotonic() + START_LIMIT_S
        for worker in self.idle:
            worker.wait_ready(deadline)
        return self.idle.pop(0) if self.idle else Worker()

    def close(self) -> None:
        for worker in self.idle:
            worker.stop()
        self.idle = []
        self.left = 0


@dataclasses.dataclass(frozen=True)
class Extra:
    """Work a worker does after its points, answered in one message: the selfcheck's
    (:mod:`mpsarticle.measure.selfcheck`), measured in the same fresh processes as a run's points.

    ``request`` is what the worker is sent (``{"selfcheck": {...}}``); ``done``
    gets its answer; ``step`` is called as the worker reports each step of it.
    """

    request: dict[str, Any]
    done: Callable[[Any], None]
    step: Callable[[], None] = lambda: None

    @classmethod
    def selfcheck(cls, spec: dict[str, Any], round_: int, done: Callable[[Any], None],
                  step: Callable[[], None] | None = None) -> Extra:
        """The selfcheck (``spec``: see :mod:`mpsarticle.measure.child`) for round ``round_``: in reverse order in
        odd rounds, as :func:`mpsarticle.measure.workers.run_rounds` orders the points."""
        return cls({"selfcheck": {**spec, "reverse": round_ % 2 == 1}}, done, step or (lambda: None))


def measure_in_workers(todo: list[Task], round_: int, processes: int, limit_s: float | None, record: Record,
                       extra: Extra | None = None, spares: Spares | None = None) -> None:
    """Measure ``todo`` for round ``round_`` in fresh workers, one after another, until every task is recorded
    (each worker's share: one of ``processes``), then ``extra``. The first worker comes from ``spares`` where
    given; one replacing a worker that died is started there and then."""
    pending = extra
    while todo or pending:
        todo, reached = measure_in_one_worker(todo, round_, processes, limit_s, record, pending, spares)
        pending = None if reached else pending
        spares = None


def measure_in_one_worker(todo: list[Task], round_: int, processes: int, limit_s: float | None, record: Record,
                          extra: Extra | None = None, spares: Spares | None = None) -> tuple[list[Task], bool]:
    """Measure ``todo`` in one fresh worker (from ``spares``, or started now) until it ends: the tasks it did not
    reach, and whether it reached ``extra`` (done, or died in it)."""
    worker = spares.take() if spares else Worker()
    worker.send([wire.task_spec(task, processes, check=round_ == 0) for task in todo],
                extra.request if extra else None)
    current: int | None = None
    last = -1  # the last point recorded
    deadline: float | None = None
    in_extra = False
    try:
        while True:
            line = worker.next_line(deadline)
            if line == "":  # past the time limit: the worker is stuck in this point
                worker.stop()
                if in_extra:
                    _lost(round_, f"ran past {limit_s:g} s")
                    return [], True
                assert current is not None
                record(todo[current], unmeasured_point(todo[current], "timeout", timeout_reason(limit_s or 0)),
                       round_)
                return todo[current + 1:], False
            if line is None:
                status = worker.wait()
                if in_extra:
                    if status != 0:
                        _lost(round_, _ended(status))
                    return [], True
                if current is None:  # between points, or at the end: nothing to blame a point for
                    if status != 0 and last < 0:
                        raise RuntimeError(f"a measuring worker could not start ({_ended(status)}); "
                                           f"its error is above")
                    return todo[last + 1:], False
                task = todo[current]
                record(task, unmeasured_point(task, "crashed", crash_reason(status)), round_)
                return todo[current + 1:], False
            message = json.loads(line)
            if message.get("start") == "extra":
                in_extra, current = True, None
                deadline = time.monotonic() + limit_s if limit_s else None
            elif "start" in message:
                current = int(message["start"])
                deadline = time.monotonic() + limit_s if limit_s else None
            elif "point" in message:
                last = int(message["index"])
                record(todo[last], wire.point_from(message["point"]), round_)
                current, deadline = None, None
            elif "step" in message and extra:
                extra.step()
            elif "extra" in message and extra:
                extra.done(message["extra"])
    finally:
        if worker.process.poll() is None:
            worker.stop()


def _ended(status: int) -> str:
    reason = dict(crash_reason(status).params)
    return f"was ended by {reason['name']}" if status < 0 else f"exited with status {status}"


def _lost(round_: int, why: str) -> None:
    print(f"mpsarticle: the selfcheck's process {round_ + 1} {why}; its rows have one process fewer",
          file=sys.stderr, flush=True)
