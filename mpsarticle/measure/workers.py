"""Measuring in fresh worker processes: the parent plans and collects, each worker measures.

One process's samples say how steady that process was, not what a rerun
would find: a fresh process may get another kernel (MPSGraph picks among
several), another memory layout, another clock. As pyperf does, a run here
measures every point in ``processes`` fresh processes, one after another:

- **rounds**: in round ``r`` a fresh worker measures every point still
  wanted, in plan order in even rounds and in reverse order in odd ones, so
  that a drift over the run (a laptop warming up) falls on every point
  rather than on the last ones; each worker gets ``1 / processes`` of the
  profile's time budget per point, so a run takes about as long as one in a
  single process, plus a worker's start (importing torch) per round;
- **collecting**: each process's samples are kept apart in the point
  (``Point.processes``), and its value and 95 % interval are those of
  :func:`mpsarticle.core.stats.across_processes`;
- **nothing lost**: every finished (point, process) is appended to a journal
  beside the results file and flushed to the operating system before the next starts
  (:class:`Journal`), so ``kill -9``, a closed laptop lid or the
  out-of-memory killer loses at most the point being measured;
  ``python -m mpsarticle run --resume FILE.journal`` continues from it;
- **crashes**: a worker that dies (a signal, a crash inside a driver, an
  MPS assertion, the out-of-memory killer) leaves the point it was
  measuring ``crashed``, with the signal or exit status, and a fresh worker
  goes on with the rest; a point past the time limit is ``timeout`` and its
  worker is killed (the parent holds the limit, so even a kernel that never
  returns is stopped).

The correctness check against the float64 reference runs in the first
process that measures a point; later processes time the same code on the
same inputs, and checking again would only cost time.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Hashable, Iterable, Sequence
from pathlib import Path
from typing import IO, Any

from mpsarticle.core.profiles import Task
from mpsarticle.core.reasons import Reason
from mpsarticle.core.specs import Attention, Copy, Decode, MatMul, MatVec, OpChain, TimingOptions, TrainStep, Workload
from mpsarticle.measure.resume import point_key, task_key
from mpsarticle.measure.watchdog import timeout_reason
from mpsarticle.results.model import Point, ResultSet, ResultsFileError, unmeasured_point

__all__ = ["JOURNAL_SUFFIX", "Extra", "Journal", "crash_reason", "journal_path", "load_journal", "merge", "needs",
           "run_rounds", "selfcheck_in_workers"]

#: A journal is the results file's name with this added: ``results.json.journal``.
JOURNAL_SUFFIX = ".journal"
#: The journal's first line says what the file is.
JOURNAL_MARK = "mpsarticle_journal"
WORKLOADS: dict[str, type[Workload]] = {cls.kind: cls for cls in (MatVec, MatMul, Copy, TrainStep, OpChain, Attention,
                                                                    Decode)}
#: Seconds a worker is given to end after its last point (or to die after SIGKILL) before the parent moves on.
EXIT_WAIT_S = 10.0


def journal_path(results_path: str | os.PathLike[str]) -> Path:
    """The journal beside a results file."""
    path = Path(results_path)
    return path if path.name.endswith(JOURNAL_SUFFIX) else path.with_name(path.name + JOURNAL_SUFFIX)


class Journal:
    """An append-only record of a run: a header (the run's results without points), then one line per
    (point, process), each flushed to the operating system before the next point starts."""

    def __init__(self, path: Path, results: ResultSet) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        # The start is written beside and renamed over: a resumed run's journal is the file it resumes from,
        # which must not be empty even for an instant.
        fresh = path.with_name(path.name + ".new")
        self._file: IO[str] = open(fresh, "w", encoding="utf-8")
        header = {**results.to_dict(), "points": []}
        self._write({JOURNAL_MARK: 1, "results": header})
        for point in results.points:  # what a resumed run starts from
            self._write({"round": None, "point": point.to_dict()})
        os.replace(fresh, path)

    def _write(self, record: dict[str, Any]) -> None:
        self._file.write(json.dumps(record, allow_nan=False, default=str) + "\n")
        # Flushed to the operating system, which keeps it whatever becomes of this process (kill -9, a crash,
        # the out-of-memory killer); not fsync'ed to the disk, which only a power cut would need, at some ms a point.
        self._file.flush()

    def add(self, point: Point, round_: int) -> None:
        self._write({"round": round_, "point": point.to_dict()})

    def close(self, *, remove: bool = False) -> None:
        self._file.close()
        if remove:
            self.path.unlink(missing_ok=True)


def is_journal(path: Path) -> bool:
    try:
        with open(path, encoding="utf-8") as handle:
            return JOURNAL_MARK in handle.readline(200)
    except (OSError, UnicodeDecodeError):
        return False


def load_journal(path: Path) -> ResultSet:
    """The run a journal records, its points merged process by process (a last line cut short is dropped)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    records = []
    for number, line in enumerate(lines):
        try:
            records.append(json.loads(line))
        except json.JSONDecodeError:
            if number == len(lines) - 1:
                break  # the line being written when the run was killed
            raise
    if not records or JOURNAL_MARK not in records[0]:
        raise ResultsFileError(f"{path}: not a journal of mpsarticle (its first line is not a journal header)")
    results = ResultSet.from_dict(records[0]["results"], source=str(path))
    by_key: dict[Hashable, Point] = {}
    for record in records[1:]:
        raw = {k: v for k, v in record["point"].items() if k not in ("gflop_s", "gb_s")}
        point = Point(**raw)
        key = point_key(point)
        by_key[key] = point if record["round"] is None else merge(by_key.get(key), point)
    results.points = list(by_key.values())
    return results


def processes_of(point: Point) -> int:
    """How many processes have measured an ``ok`` point (an older file's point: one)."""
    return len(point.processes) or (1 if point.samples else 0)


def needs(point: Point | None, round_: int) -> bool:
    """Whether round ``round_`` still has to measure this point."""
    if point is None:
        return True
    if point.status != "ok" or point.check == "failed":
        return False  # not measurable, or wrong: measuring it again says nothing new
    return processes_of(point) <= round_


def merge(earlier: Point | None, new: Point) -> Point:
    """``earlier`` (this point's processes so far) with one more process's measurement."""
    if earlier is None or earlier.status != "ok":
        if new.status == "ok":
            new.processes = [list(new.samples)]
        return new
    if new.status != "ok":
        return new  # a process that crashed, timed out or failed makes the point that
    combined = dataclasses.replace(earlier)
    groups = [list(g) for g in earlier.processes] or [list(earlier.samples)]
    combined.processes = groups + [list(new.samples)]
    combined.samples = [s for group in combined.processes for s in group]
    combined.repeats = earlier.repeats + new.repeats
    combined.wall_s = (earlier.wall_s or 0) + (new.wall_s or 0)
    combined.timed_s = (earlier.timed_s or 0) + (new.timed_s or 0)
    for name in ("peak_memory_bytes", "driver_memory_bytes"):
        values = [v for v in (getattr(earlier, name), getattr(new, name)) if v is not None]
        setattr(combined, name, max(values) if values else None)
    if earlier.check == "skipped" and new.check != "skipped":
        combined.check, combined.rel_error, combined.tolerance = new.check, new.rel_error, new.tolerance
    return combined.summarize()


def crash_reason(returncode: int) -> Reason:
    """Why a worker ended: the signal that ended it (``SIGSEGV``, ``SIGKILL``), else its exit status."""
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = "unknown"
        return Reason.of("crashed_signal", signal=-returncode, name=name)
    return Reason.of("crashed_exit", status=returncode)


def _task_spec(task: Task, processes: int, check: bool) -> dict[str, Any]:
    options = dataclasses.replace(task.options, share=processes)
    return {"suite": task.suite, "kind": task.workload.kind, "params": task.workload.params(),
            "device": task.device.name, "method": task.method, "options": dataclasses.asdict(options),
            "check": check}


def _worker_command() -> list[str]:
    return [sys.executable, "-m", "mpsarticle.measure.worker"]


class _Worker:
    """One fresh process measuring a list of task specs, read line by line."""

    def __init__(self, specs: Sequence[dict[str, Any]], extra: dict[str, Any] | None = None) -> None:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        # The package this process runs, wherever it is (a checkout without an install included).
        package_root = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_root, env.get("PYTHONPATH")]))
        self.process = subprocess.Popen(_worker_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        env=env, text=True, bufsize=1)
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps({"tasks": list(specs), **(extra or {})}) + "\n")
        self.process.stdin.close()
        self._buffer = ""

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
        """The selfcheck (``spec``: see :mod:`mpsarticle.measure.worker`) for round ``round_``: in reverse order in
        odd rounds, as :func:`run_rounds` orders the points."""
        return cls({"selfcheck": {**spec, "reverse": round_ % 2 == 1}}, done, step or (lambda: None))


def run_rounds(tasks: Sequence[Task], results: ResultSet, *, processes: int,
               add: Callable[[Point, int], None], limit_s: float | None = None,
               progress: Callable[[Task, int], None] | None = None,
               skip: Callable[[Task], Point | None] | None = None, lock: Any = None,
               extra: Callable[[int], Extra] | None = None) -> None:
    """Measure ``tasks`` in ``processes`` rounds of fresh workers, merging into ``results`` as each finishes.

    ``add(point, round)`` is called with each process's point, before the
    next one starts (the journal writes it there); ``skip(task)`` may return
    a point instead of measuring (a workload too big for the device's
    memory); ``progress(task, round)`` after each. A point that already has
    the processes a round would add (a resumed run's) is left as it is.
    ``extra(round)``: work for the round's last worker after its points (see
    :class:`Extra`); a worker that dies in it is not replaced.
    """
    index = {task_key(task): i for i, task in enumerate(tasks)}
    by_key: dict[Hashable, Point] = {}
    for point in results.points:
        by_key[point_key(point)] = point

    def ordered() -> list[Point]:
        return sorted(by_key.values(), key=lambda p: index.get(point_key(p), len(index)))

    def record(task: Task, point: Point, round_: int) -> None:
        key = task_key(task)
        merged = merge(by_key.get(key), point)
        with lock or contextlib.nullcontext():
            add(point, round_)
            by_key[key] = merged
            results.points = ordered()  # what an interruption saves
        if progress:
            progress(task, round_)

    for round_ in range(processes):
        order = list(tasks) if round_ % 2 == 0 else list(reversed(tasks))
        todo = [task for task in order if needs(by_key.get(task_key(task)), round_)]
        if skip:
            measurable = []
            for task in todo:
                instead = skip(task) if round_ == 0 or task_key(task) not in by_key else None
                if instead is not None:
                    record(task, instead, round_)
                else:
                    measurable.append(task)
            todo = measurable
        pending = extra(round_) if extra else None
        while todo or pending:
            todo, reached = _one_worker(todo, round_, processes, limit_s, record, pending)
            pending = None if reached else pending
    results.points = ordered()  # in plan order, each point once
    results.pool_processes()


def selfcheck_in_workers(spec: dict[str, Any], processes: int, *, limit_s: float | None = None,
                         each: Callable[[], None] | None = None) -> list[Any]:
    """The selfcheck (``spec``: see :mod:`mpsarticle.measure.worker`) in ``processes`` fresh workers, in reverse
    order every other one: each worker's measurements (a worker that died is left out, with a line on stderr)."""
    measured: list[Any] = []
    for round_ in range(processes):
        work = Extra.selfcheck(spec, round_, measured.append, each)
        _one_worker([], round_, processes, limit_s, lambda *_: None, work)
    return measured


def _one_worker(todo: list[Task], round_: int, processes: int, limit_s: float | None,
                record: Callable[[Task, Point, int], None],
                extra: Extra | None = None) -> tuple[list[Task], bool]:
    """Measure ``todo`` in one fresh worker until it ends: the tasks it did not reach, and whether it reached
    ``extra`` (done, or died in it)."""
    worker = _Worker([_task_spec(task, processes, check=round_ == 0) for task in todo],
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
                raw = {k: v for k, v in message["point"].items() if k not in ("gflop_s", "gb_s")}
                last = int(message["index"])
                record(todo[last], Point(**raw), round_)
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


def options_from(raw: dict[str, Any]) -> TimingOptions:
    return TimingOptions(**raw)


def workload_from(kind: str, params: dict[str, Any]) -> Workload:
    return WORKLOADS[kind](**params)


def tasks_in(specs: Iterable[dict[str, Any]]) -> Iterable[tuple[dict[str, Any], Workload, TimingOptions]]:
    for spec in specs:
        yield spec, workload_from(spec["kind"], spec["params"]), options_from(spec["options"])
