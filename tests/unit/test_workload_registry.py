"""Each workload states its facts once (mpsarticle.core.workload); the plan, a worker and the findings read them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from mpsarticle.core import profiles
from mpsarticle.core.specs import BANDWIDTH, COMPUTE, SIZE_KEYS, WORKLOADS, Copy, MatMul, MatVec, Workload, size_key
from mpsarticle.measure import wire
from mpsarticle.measure.devices import Device


def test_every_planned_workload_is_registered_and_a_worker_rebuilds_it_from_its_spec():
    for name in profiles.PROFILES:
        tasks = profiles.plan(list(profiles.SUITES), name, [Device("cpu"), Device("cuda")])
        for task, (spec, workload, options) in zip(tasks, wire.tasks_in(
                [wire.task_spec(task, 3, check=True) for task in tasks]), strict=True):
            assert WORKLOADS[task.workload.kind] is type(task.workload)
            assert workload == task.workload and spec["suite"] == task.suite and options.share == 3
            assert isinstance(workload.params()[size_key(workload.kind)], int)


def test_a_kind_states_its_rate_and_whether_it_is_memory_bound():
    assert MatVec.rate is Copy.rate is BANDWIDTH and MatMul.rate is COMPUTE
    assert MatVec(8).memory_bound and Copy(8).memory_bound and not MatMul(8).memory_bound
    assert MatMul.precisions[0] == "float32" and not MatVec.precisions
    assert SIZE_KEYS == {kind: declared.size_key for kind, declared in WORKLOADS.items() if declared.size_key}


def test_a_second_class_cannot_take_a_kind_already_registered():
    with pytest.raises(TypeError, match="'matvec' is MatVec already"):
        @dataclass(frozen=True)
        class Twice(Workload):
            kind: ClassVar[str] = "matvec"

            @property
            def flops(self) -> float:
                return 0.0

            @property
            def bytes_moved(self) -> float:
                return 0.0

    assert WORKLOADS["matvec"] is MatVec


def test_a_workload_the_synthetic_machines_do_not_model_still_gets_points():
    """A new workload appears on every synthetic machine without an edit to tests/machines.py: its points come
    from its own bytes and arithmetic."""
    from dataclasses import dataclass

    from mpsarticle.core import profiles

    from .. import machines

    @dataclass(frozen=True)
    class Scan:
        n: int
        kind = "scan"

        @property
        def bytes_moved(self) -> float:
            return 4.0 * self.n

        @property
        def flops(self) -> float:
            return float(self.n)

        def params(self) -> dict:
            return {"n": self.n}

    def planner(suite, profile, device):
        return [profiles.Task(suite, Scan(n), device, "engine", profile.options()) for n in (1 << 20, 1 << 26)]

    machine = next(m for m in machines.MACHINES_SYNTHETIC.values() if m.accelerator is not None)
    found = machines._generic_points(machine, machine.accelerator, {"scan": planner})
    assert [p.workload for p in found] == ["scan", "scan"] and all(p.status == "ok" for p in found)
    small, large = found
    assert large.median_s > small.median_s
    assert machines._generic_points(machine, machine.accelerator, {"copy": profiles.SUITES["copy"]}) == []
