"""Stand-ins for accelerators, so the code paths for CUDA and MPS run on a CPU-only machine.

:class:`FakeAsyncDevice` behaves like a GPU in the one way that matters for
timing: a call returns at once and the work finishes later. It keeps a clock
of when its queue will be empty; ``synchronize`` sleeps until then, and its
events read that clock, as a CUDA event reads the GPU's.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, ClassVar

import torch

from mpsarticle.core.specs import Workload
from mpsarticle.measure.devices import Device
from mpsarticle.measure.kernels import Prepared, build


class FakeQueue:
    def __init__(self) -> None:
        self.busy_until = time.perf_counter()
        self.synchronize_calls = 0
        #: Bytes "allocated" on the fake device at most since its memory record started.
        self.peak_bytes = 0

    def enqueue(self, seconds: float) -> None:
        self.busy_until = max(time.perf_counter(), self.busy_until) + seconds

    def synchronize(self) -> None:
        self.synchronize_calls += 1
        delay = self.busy_until - time.perf_counter()
        if delay > 0:
            time.sleep(delay)


class FakeEvent:
    """Records when the queue will have finished everything before it, like a device event."""

    def __init__(self, queue: FakeQueue) -> None:
        self.queue = queue
        self.at: float | None = None

    def record(self) -> None:
        self.at = max(time.perf_counter(), self.queue.busy_until)

    def synchronize(self) -> None:
        delay = (self.at or 0) - time.perf_counter()
        if delay > 0:
            time.sleep(delay)

    def elapsed_time(self, end: FakeEvent) -> float:
        return (end.at - self.at) * 1000.0  # milliseconds, as torch's events report


@dataclass(frozen=True)
class FakeAsyncDevice(Device):
    """An "accelerator" whose work runs after the call has returned."""

    kind: str = "cuda"
    queue: FakeQueue = field(default_factory=FakeQueue, compare=False)

    @property
    def name(self) -> str:
        return "fake"

    @property
    def torch_device(self) -> torch.device:
        return torch.device("cpu")

    def synchronize(self) -> None:
        self.queue.synchronize()

    def new_event(self) -> FakeEvent:
        return FakeEvent(self.queue)

    def start_memory_record(self) -> None:
        self.queue.peak_bytes = 0

    def memory_record(self) -> dict[str, int]:
        # What a CUDA device reports: the allocator's peak during the point.
        return {"peak_memory_bytes": self.queue.peak_bytes}

    def release_memory(self) -> None:
        pass

    def describe(self) -> dict[str, Any]:
        return {"kind": "cuda", "name": "Fake asynchronous GPU", "memory_bytes": 1 << 30, "cache_bytes": 1 << 20}


class HangingEvent(FakeEvent):
    """An MPS event as pytorch/pytorch#162872 reports it: ``synchronize()`` then ``elapsed_time()`` waits forever
    (here: fails the test after a few seconds instead of hanging it)."""

    synchronized = False

    def synchronize(self) -> None:
        self.synchronized = True

    def elapsed_time(self, end: FakeEvent) -> float:
        if getattr(end, "synchronized", False) or self.synchronized:
            time.sleep(2.0)
            raise AssertionError("elapsed_time after Event.synchronize(): this sequence hangs on MPS")
        return super().elapsed_time(end)


class ReversedEvent(FakeEvent):
    """An MPS event whose host-side timestamps come back out of order (pytorch/pytorch#196395): every
    ``every``-th interval reads the negative of its length, and the next one zero."""

    def __init__(self, queue: FakeQueue, counter: list[int], every: int) -> None:
        super().__init__(queue)
        self.counter, self.every = counter, every

    def elapsed_time(self, end: FakeEvent) -> float:
        self.counter[0] += 1
        found = super().elapsed_time(end)
        if self.every and self.counter[0] % self.every == 0:
            return -found
        if self.every and self.counter[0] % self.every == 1 and self.counter[0] > 1:
            return 0.0
        return found


@dataclass(frozen=True)
class FakeMpsDevice(FakeAsyncDevice):
    """An Apple GPU as the timer meets it: asynchronous, with events that hang after their own ``synchronize()``
    (``events="hang"``) or read reversed intervals (``events="reversed"``: every ``every``-th; 1: all of them)."""

    kind: str = "mps"
    events: str = "hang"
    every: int = 4
    calls: list[int] = field(default_factory=lambda: [0], compare=False)

    @property
    def name(self) -> str:
        return "mps"

    def new_event(self) -> FakeEvent:
        if self.events == "hang":
            return HangingEvent(self.queue)
        return ReversedEvent(self.queue, self.calls, self.every)


@dataclass(frozen=True)
class Sleepy(Workload):
    """A call that queues ``seconds`` of work on a fake device and returns at once."""

    seconds: float = 0.002
    kind: ClassVar[str] = "sleepy"

    @property
    def flops(self) -> float:
        return 1e6

    @property
    def bytes_moved(self) -> float:
        return 1e6


@build.register
def _sleepy(workload: Sleepy, device: Device, *, seed: int, rotations: int) -> Prepared:
    if isinstance(device, FakeAsyncDevice):
        device.queue.peak_bytes = max(device.queue.peak_bytes, int(workload.bytes_moved))

    def fn() -> None:
        device.queue.enqueue(workload.seconds)

    return Prepared(fn, lambda: 0.0, 1e-3)


@dataclass(frozen=True)
class Scripted(Workload):
    """A workload whose preparation, call or check behaves as a test needs."""

    fail_with: Any = None
    error: float = 0.0
    kind: ClassVar[str] = "scripted"

    @property
    def flops(self) -> float:
        return 1e3

    @property
    def bytes_moved(self) -> float:
        return 1e3


@build.register
def _scripted(workload: Scripted, device: Device, *, seed: int, rotations: int) -> Prepared:
    if workload.fail_with is not None:
        raise workload.fail_with
    return Prepared(lambda: torch.ones(3).sum(), lambda: workload.error, 1e-3)


@dataclass(frozen=True)
class Cheap(Workload):
    """A workload whose cost does not matter to the test: one flop, one byte."""

    @property
    def flops(self) -> float:
        return 1.0

    @property
    def bytes_moved(self) -> float:
        return 1.0


@dataclass(frozen=True)
class Sleeping(Cheap):
    """A call that takes ``seconds`` in a sleep, which a signal interrupts (as any wait in Python)."""

    seconds: float = 5.0
    kind: ClassVar[str] = "sleeping"


@build.register
def _sleeping(workload: Sleeping, device: Device, *, seed: int, rotations: int) -> Prepared:
    return Prepared(lambda: time.sleep(workload.seconds), lambda: 0.0, 1e-3)


@dataclass(frozen=True)
class StuckDevice(FakeAsyncDevice):
    """A GPU whose wait never returns and cannot be interrupted, as ``torch.cuda.synchronize()``
    behind a kernel that never ends: the wait blocks every signal in the main thread
    (the Python handler cannot run) and releases the GIL (so other threads can)."""

    def hang(self) -> None:
        import signal
        import sys

        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM, signal.SIGINT, signal.SIGTERM})
        print("hanging in the device's wait", file=sys.stderr, flush=True)
        time.sleep(3600)


@dataclass(frozen=True)
class Hang(Cheap):
    """A call that waits on a :class:`StuckDevice` forever."""

    kind: ClassVar[str] = "hang"


@build.register
def _hang(workload: Hang, device: Device, *, seed: int, rotations: int) -> Prepared:
    return Prepared(device.hang, lambda: 0.0, 1e-3)
