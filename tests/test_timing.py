"""Timing: synchronisation, naive vs synchronised on a fake asynchronous device, threads, statuses."""

from __future__ import annotations

import timeit

import pytest
import torch

from mpsarticle import timing
from mpsarticle.devices import Device, logical_cpu_count
from mpsarticle.timing import TimingOptions, measure
from mpsarticle.workloads import MatVec, Prepared, Unsupported

from .fakes import FakeAsyncDevice, Scripted, Sleepy

QUICK = TimingOptions(budget_s=0.1, min_run_s=0.01)


def test_naive_measures_queueing_and_engine_measures_the_work():
    device = FakeAsyncDevice()
    work = Sleepy(seconds=0.002)
    naive = measure(work, device, "naive", QUICK)
    engine = measure(work, device, "engine", QUICK)
    events = measure(work, device, "events", TimingOptions(budget_s=0.1, number=10))
    # The naive call only queues: far below the 2 ms each call really takes.
    assert naive.median_s < 0.0005
    # The synchronised engine and the events see the real 2 ms.
    assert engine.median_s == pytest.approx(0.002, rel=0.25)
    assert events.median_s == pytest.approx(0.002, rel=0.25)
    assert all(p.status == "ok" for p in (naive, engine, events))


def test_engine_synchronises_the_measured_device_around_timed_blocks():
    device = FakeAsyncDevice()
    point = measure(Sleepy(seconds=0.0005), device, "engine", QUICK)
    # At least one synchronisation before and after every timed block.
    assert device.queue.synchronize_calls >= 2 * point.repeats
    assert point.repeats == len(point.samples) >= 1


def test_naive_is_the_original_timeit_call(monkeypatch):
    seen = {}
    original = timeit.timeit

    def spy(stmt, number):
        seen["number"] = number
        return original(stmt, number=number)

    monkeypatch.setattr(timing.timeit, "timeit", spy)
    point = measure(MatVec(64), Device("cpu"), "naive", QUICK)
    assert seen["number"] == 100 == point.number_per_run
    assert point.repeats == 1 and point.iqr_s is None


def test_engine_stops_when_iqr_is_small_or_budget_is_spent():
    device = FakeAsyncDevice()
    point = measure(Sleepy(seconds=0.001), device, "engine", TimingOptions(budget_s=0.3, min_run_s=0.01))
    spent = sum(point.samples) * point.number_per_run
    assert point.relative_iqr <= 0.05 or spent >= 0.3
    assert spent < 0.3 + 0.2  # the budget bounds the timed blocks (one block may overrun)


def test_cpu_is_timed_with_all_its_threads():
    observed = []

    def fn():
        observed.append(torch.get_num_threads())

    class Counting(Scripted):
        def _prepare(self, device, *, seed, rotations):
            return Prepared(fn, lambda: 0.0, 1e-3)

    previous = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        point = measure(Counting(), Device("cpu"), "engine", QUICK)
        assert point.threads == logical_cpu_count()
        # Warm-up, timed blocks and check alike.
        assert observed and set(observed) == {logical_cpu_count()}
        observed.clear()
        point = measure(Counting(), Device("cpu"), "naive", QUICK)
        assert set(observed) == {logical_cpu_count()}
        # The caller's setting is restored afterwards.
        assert torch.get_num_threads() == 1
        observed.clear()
        point = measure(Counting(), Device("cpu"), "engine", TimingOptions(budget_s=0.05, threads=1))
        assert point.threads == 1 and set(observed) == {1}
    finally:
        torch.set_num_threads(previous)


def test_ok_point_on_cpu_has_rates_and_check():
    point = measure(MatVec(256), Device("cpu"), "engine", QUICK)
    assert point.status == "ok" and point.check == "passed" and point.ok
    assert point.rel_error < 1e-5
    assert point.gflop_s == pytest.approx(2 * 256 * 256 / point.median_s / 1e9)
    assert point.gb_s == pytest.approx(4 * (256 * 256 + 2 * 256) / point.median_s / 1e9)
    assert point.median_s > 0 and point.iqr_s >= 0 and point.samples


def test_failed_check_is_flagged_and_never_a_speed():
    point = measure(Scripted(error=0.5), Device("cpu"), "engine", QUICK)
    assert point.status == "ok" and point.check == "failed" and not point.ok
    assert point.gflop_s is None and point.gb_s is None
    assert "relative error" in point.reason


def test_non_finite_result_fails_the_check():
    point = measure(Scripted(error=float("nan")), Device("cpu"), "engine", QUICK)
    assert point.check == "failed" and point.rel_error is None and "not finite" in point.reason


@pytest.mark.parametrize(
    ("raised", "status", "words"),
    [
        (Unsupported("bfloat16 needs macOS 14"), "unsupported", "macOS 14"),
        (TypeError("Trying to convert BFloat16 to the MPS backend but it does not have support"), "unsupported", "BFloat16"),
        (torch.OutOfMemoryError("CUDA out of memory. Tried to allocate 20.00 GiB"), "out_of_memory", "20.00 GiB"),
        (RuntimeError("MPS backend out of memory (MPS allocated: 1 GB)"), "out_of_memory", "MPS backend"),
        (RuntimeError("something broke\nsecond line"), "error", "RuntimeError: something broke second line"),
    ],
)
def test_every_failure_becomes_a_status_with_a_reason(raised, status, words):
    point = measure(Scripted(fail_with=raised), Device("cpu"), "engine", QUICK)
    assert point.status == status
    assert words in point.reason and "\n" not in point.reason
    assert point.median_s is None and point.samples == [] and not point.ok


def test_events_on_cpu_are_unsupported():
    point = measure(MatVec(32), Device("cpu"), "events", QUICK)
    assert point.status == "unsupported" and "no timing events" in point.reason


def test_unknown_method_is_refused():
    with pytest.raises(ValueError, match="unknown method"):
        measure(MatVec(32), Device("cpu"), "stopwatch", QUICK)


def test_cold_mode_rotates_input_sets():
    device = FakeAsyncDevice()  # reports a 1 MiB cache
    work = MatVec(128)  # 64 KiB per input set
    assert timing._rotations(work, device, TimingOptions(cold=True)) == timing.MAX_ROTATIONS // 2
    assert timing._rotations(work, device, TimingOptions(cold=False)) == 1
    assert timing._rotations(MatVec(4096), device, TimingOptions(cold=True)) == 1
    prepared = work.prepare(Device("cpu"), rotations=3)
    first = prepared.fn()
    prepared.rotate()
    second = prepared.fn()
    assert not torch.equal(first, second)
    point = measure(work, Device("cpu"), "engine", TimingOptions(budget_s=0.05, cold=True))
    assert point.cold and point.status == "ok"
