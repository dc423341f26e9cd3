"""Out of memory: CUDA, MPS and CPU failures recorded and released; sizes chosen from the device's memory."""

from __future__ import annotations

import gc
import weakref
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest
import torch

from mpsarticle.article.reasons import reason_text
from mpsarticle.article.wording import Words
from mpsarticle.core import profiles
from mpsarticle.core.profiles import Task
from mpsarticle.core.reasons import Reason
from mpsarticle.core.specs import MatVec
from mpsarticle.measure import loop, timing
from mpsarticle.measure.devices import Device
from mpsarticle.measure.kernels import Prepared, build
from mpsarticle.measure.memory import MEMORY_SHARE_LIMIT, usable_bytes
from mpsarticle.measure.timing import TimingOptions
from mpsarticle.results.model import Point

from ..fakes import Cheap, FakeAsyncDevice

QUICK = TimingOptions(budget_s=0.05)
GIB = 1 << 30
#: An 8 GB Mac: Metal recommends a working set well under the 8 GB it shares with macOS.
EIGHT_GB_MAC = {"kind": "mps", "name": "Apple M2 GPU", "memory_bytes": 8 * GIB, "recommended_max_bytes": 5_500_000_000}


@dataclass(frozen=True)
class SmallMac(Device):
    """An 8 GB Mac's GPU, as far as planning is concerned (nothing runs on it)."""

    kind: str = "mps"

    def describe(self) -> dict[str, Any]:
        return dict(EIGHT_GB_MAC)


def _tried(monkeypatch, tasks) -> tuple[list[Task], list[Point]]:
    tried = []

    def measure(workload, device, method="engine", options=None, *, suite=None):
        tried.append(workload)
        return Point(device.name, workload.kind, workload.params(), method, suite=suite, median_s=1.0)

    monkeypatch.setattr(timing, "time_point", measure)
    return tried, loop.run_tasks(tasks, progress=False).points


def test_an_8_gb_mac_plans_with_metals_working_set_not_its_total_memory(monkeypatch):
    assert usable_bytes(EIGHT_GB_MAC) == 5_500_000_000
    assert usable_bytes({"kind": "cuda", "memory_bytes": 80 * GIB}) == 80 * GIB
    mac = SmallMac()
    budget = MEMORY_SHARE_LIMIT * EIGHT_GB_MAC["recommended_max_bytes"]
    # The default profile fits entirely: every point is tried.
    tried, points = _tried(monkeypatch, profiles.plan(list(profiles.SUITES), "default", [mac]))
    assert len(tried) == len(points) and all(w.input_bytes <= budget for w in tried)
    # The full profile's largest sizes do not: they are recorded, not tried.
    tried, points = _tried(monkeypatch, profiles.plan(list(profiles.SUITES), "full", [mac]))
    assert tried and all(w.input_bytes <= budget for w in tried)
    skipped = [p for p in points if p.status == "out_of_memory"]
    assert {(p.workload, p.params.get("m") or p.params.get("n")) for p in skipped} >= {
        ("matmul", 16384), ("matvec", 32768), ("matvec", 65536), ("copy", 1 << 30), ("copy", 1 << 31)}
    # float32 at m = 16384 needs 3.2 GB: under 45 % of 8 GB, over 45 % of the working set.
    big = next(p for p in skipped if p.workload == "matmul" and p.params == {"m": 16384, "dtype": "float32"})
    assert big.reason == Reason.of("too_big_working_set", need_bytes=3_221_225_472, memory_bytes=5_500_000_000,
                                   share=MEMORY_SHARE_LIMIT)
    assert reason_text(big.reason, Words("en")) == (
        "not tried: inputs need 3.22 GB, more than 45% of Metal's recommended working set of 5.50 GB")


class Counting(FakeAsyncDevice):
    released: list = []

    def release_memory(self) -> None:
        self.released.append(True)
        Device.release_memory(self)  # the real release (the fake's own does nothing)


@dataclass(frozen=True)
class Allocating(Cheap):
    """Holds a tensor in a reference cycle (as a traceback's frames do), then fails to allocate."""

    backend: str = "cpu"
    kind: ClassVar[str] = "allocating"
    held: ClassVar[list] = []



@build.register
def _allocating(workload: Allocating, device: Device, *, seed: int, rotations: int) -> Prepared:
    cycle: dict[str, Any] = {"tensor": torch.empty(1 << 16)}
    cycle["self"] = cycle
    workload.held.append(weakref.ref(cycle["tensor"]))
    raise {
        "cuda": torch.OutOfMemoryError("CUDA out of memory. Tried to allocate 20.00 GiB"),
        "mps": RuntimeError("MPS backend out of memory (MPS allocated: 5.1 GB, other allocations: 0 bytes, "
                            "max allowed: 5.5 GB). Tried to allocate 2.0 GB on private pool."),
        "cpu": RuntimeError("[enforce fail at alloc_cpu.cpp:127] err == 0. DefaultCPUAllocator: can't allocate "
                            "memory: you tried to allocate 1600000000 bytes. Error code 12 (Cannot allocate memory)"),
    }[workload.backend]


@pytest.mark.parametrize("backend", ["cuda", "mps", "cpu"])
def test_out_of_memory_is_recorded_memory_released_and_the_run_goes_on(backend):
    device = Counting()
    Counting.released.clear()
    Allocating.held.clear()
    tasks = [Task("t", Allocating(backend), device, "engine", QUICK), Task("t", MatVec(16), device, "engine", QUICK)]
    gc.disable()  # only an explicit collection may free the cycle
    try:
        points = loop.run_tasks(tasks, progress=False).points
        freed = Allocating.held[0]() is None
    finally:
        gc.enable()
    assert [p.status for p in points] == ["out_of_memory", "ok"]
    assert points[0].reason.code == "exception" and "allocate" in points[0].reason.get("message")
    assert Counting.released and freed
