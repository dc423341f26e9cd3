"""Timing: synchronisation, naive vs synchronised on a fake asynchronous device, threads, statuses."""

from __future__ import annotations

import timeit

import pytest
import torch

from mpsarticle.core.reasons import Reason
from mpsarticle.core.specs import MatVec, Unsupported
from mpsarticle.measure import timing
from mpsarticle.measure.devices import Device, default_threads
from mpsarticle.measure.kernels import Prepared, build, prepare
from mpsarticle.measure.timing import TimingOptions, time_point

from ..fakes import FakeAsyncDevice, FakeMpsDevice, Scripted, Sleepy

QUICK = TimingOptions(budget_s=0.1)


def test_naive_measures_queueing_and_engine_measures_the_work():
    device = FakeAsyncDevice()
    work = Sleepy(seconds=0.002)
    naive = time_point(work, device, "naive", QUICK)
    engine = time_point(work, device, "engine", QUICK)
    events = time_point(work, device, "events", TimingOptions(budget_s=0.1, number=10))
    # The naive call only queues: far below the 2 ms each call really takes.
    assert naive.median_s < 0.0005
    # The synchronised engine and the events see the real 2 ms.
    assert engine.median_s == pytest.approx(0.002, rel=0.25)
    assert events.median_s == pytest.approx(0.002, rel=0.25)
    assert all(p.status == "ok" for p in (naive, engine, events))


def test_events_on_an_mps_whose_event_synchronize_hangs_read_the_work_after_a_device_synchronisation():
    device = FakeMpsDevice(events="hang")
    point = time_point(Sleepy(seconds=0.002), device, "events", TimingOptions(budget_s=0.05, number=5))
    assert point.status == "ok", point.reason
    assert point.median_s == pytest.approx(0.002, rel=0.25)
    assert device.queue.synchronize_calls >= point.repeats  # the device, once per block
    assert "events_rejected" not in point.detail


def test_reversed_event_intervals_are_left_out_counted_and_measured_again():
    device = FakeMpsDevice(events="reversed", every=4)
    point = time_point(Sleepy(seconds=0.002), device, "events", TimingOptions(budget_s=0.05, number=5))
    assert point.status == "ok", point.reason
    assert min(point.samples) > 0 and point.median_s == pytest.approx(0.002, rel=0.25)
    # Of every four intervals one reads negative and the next zero: about half as many rejected as kept.
    assert point.detail["events_rejected"] == device.calls[0] - len(point.samples) >= len(point.samples) // 3
    assert len(point.samples) >= timing.EVENT_BLOCKS_MIN


def test_events_that_always_read_reversed_make_the_point_unsupported_with_how_many():
    device = FakeMpsDevice(events="reversed", every=1)
    point = time_point(Sleepy(seconds=1e-4), device, "events", TimingOptions(budget_s=0.01, number=2))
    assert point.status == "unsupported" and point.reason.code == "events_reversed"
    assert dict(point.reason.params)["rejected"] == timing.EVENT_BLOCKS_MAX + 1 and point.samples == []


def test_engine_synchronises_the_measured_device_around_timed_blocks():
    device = FakeAsyncDevice()
    point = time_point(Sleepy(seconds=0.0005), device, "engine", QUICK)
    # At least one synchronisation before and after every timed block.
    assert device.queue.synchronize_calls >= 2 * point.repeats
    assert point.repeats == len(point.samples) >= timing.MIN_BLOCKS


def test_naive_is_the_original_timeit_call(monkeypatch):
    seen = {}
    original = timeit.timeit

    def spy(stmt, number):
        seen["number"] = number
        return original(stmt, number=number)

    monkeypatch.setattr(timing.timeit, "timeit", spy)
    point = time_point(MatVec(64), Device("cpu"), "naive", QUICK)
    assert seen["number"] == 100 == point.number_per_run
    assert point.repeats == timing.NAIVE_REPEATS == len(point.samples)
    assert point.ci_low_s <= point.median_s <= point.ci_high_s


def test_naive_in_a_fresh_process_reruns_the_cell_while_its_budget_lasts():
    """One of several processes: the post's cell at least once, at most NAIVE_PER_PROCESS times, and no run
    started once the process's share of the budget is spent."""
    fast = time_point(Sleepy(seconds=0.00001), FakeAsyncDevice(), "naive", TimingOptions(budget_s=10.0, share=2))
    assert fast.repeats == timing.NAIVE_PER_PROCESS == len(fast.samples) > 1
    # 100 calls of 1 ms: 0.1 s a run, past a share of 0.05 s after the first.
    slow = time_point(Sleepy(seconds=0.001), FakeAsyncDevice(), "naive", TimingOptions(budget_s=0.1, share=2))
    assert slow.repeats == 1 == len(slow.samples)
    middle = time_point(Sleepy(seconds=0.001), FakeAsyncDevice(), "naive", TimingOptions(budget_s=0.5, share=2))
    assert 2 <= middle.repeats < timing.NAIVE_PER_PROCESS


def test_engine_times_at_least_ten_blocks_and_stops_at_the_budget():
    device = FakeAsyncDevice()
    point = time_point(Sleepy(seconds=0.001), device, "engine", TimingOptions(budget_s=0.3))
    assert timing.MIN_BLOCKS <= point.repeats <= timing.MAX_BLOCKS
    assert 0.3 <= point.timed_s < 0.3 + 0.05  # the budget bounds the timed blocks (one block may overrun)
    # A budget too short for ten blocks still gets ten.
    point = time_point(Sleepy(seconds=0.002), device, "engine", TimingOptions(budget_s=0.001))
    assert point.repeats == timing.MIN_BLOCKS


@pytest.mark.parametrize(
    ("per_call", "overhead", "budget", "at_least"),
    [
        (20e-6, 10e-6, 0.5, 50),     # a GPU launch-sized call: the clock's 10 us must be under 1 %
        (1e-3, 1e-7, 0.5, 5),        # a CPU call: a hundred blocks fill the budget
        (1.0, 1e-7, 0.5, 1),         # slower than the budget: one call a block
    ],
)
def test_blocks_keep_the_clock_under_one_percent(per_call, overhead, budget, at_least):
    number = timing.calibrate(per_call, overhead, budget)
    assert number >= at_least
    assert overhead / (number * per_call) <= timing.SYNC_SHARE
    assert budget / (number * per_call) <= timing.MAX_BLOCKS + 1


def test_cpu_runs_with_pytorchs_default_threads_and_records_what_ran():
    observed = []

    def fn():
        observed.append(torch.get_num_threads())

    class Counting(Scripted):
        pass

    build.register(Counting, lambda workload, device, *, seed, rotations: Prepared(fn, lambda: 0.0, 1e-3))

    default = default_threads()
    point = time_point(Counting(), Device("cpu"), "engine", QUICK)
    assert point.threads == default == torch.get_num_threads()
    # Warm-up, timed blocks and check alike.
    assert observed and set(observed) == {default}
    observed.clear()
    point = time_point(Counting(), Device("cpu"), "naive", QUICK)
    assert set(observed) == {default} and point.threads == default
    observed.clear()
    # An explicit count is what runs and what is recorded, and the default comes back after.
    point = time_point(Counting(), Device("cpu"), "engine", TimingOptions(budget_s=0.05, threads=1))
    assert point.threads == 1 and set(observed) == {1}
    assert torch.get_num_threads() == default


def test_naive_runs_without_any_thread_change_of_ours(monkeypatch):
    calls = []
    monkeypatch.setattr(torch, "set_num_threads", lambda n: calls.append(n))
    time_point(MatVec(64), Device("cpu"), "naive", QUICK)
    time_point(MatVec(64), Device("cpu"), "engine", QUICK)
    assert calls == []


def test_ok_point_on_cpu_has_rates_and_check():
    point = time_point(MatVec(256), Device("cpu"), "engine", QUICK)
    assert point.status == "ok" and point.check == "passed" and point.ok
    assert point.rel_error < 1e-5
    assert point.gflop_s == pytest.approx(2 * 256 * 256 / point.median_s / 1e9)
    assert point.gb_s == pytest.approx(4 * (256 * 256 + 2 * 256) / point.median_s / 1e9)
    assert point.median_s > 0 and point.iqr_s >= 0 and point.samples
    assert point.q1_s <= point.median_s <= point.q3_s
    assert point.ci_low_s <= point.median_s <= point.ci_high_s
    assert point.outliers >= 0 and isinstance(point.stable, bool)
    assert point.wall_s >= point.timed_s > 0


def test_failed_check_is_flagged_and_never_a_speed():
    point = time_point(Scripted(error=0.5), Device("cpu"), "engine", QUICK)
    assert point.status == "ok" and point.check == "failed" and not point.ok
    assert point.gflop_s is None and point.gb_s is None
    assert point.reason == Reason.of("check_failed", rel_error=point.rel_error, tolerance=point.tolerance)


def test_non_finite_result_fails_the_check():
    point = time_point(Scripted(error=float("nan")), Device("cpu"), "engine", QUICK)
    assert point.check == "failed" and point.rel_error is None
    assert point.reason == Reason.of("check_not_finite", tolerance=point.tolerance)


@pytest.mark.parametrize(
    ("raised", "status", "words"),
    [
        (Unsupported(Reason.of("mps_bfloat16", macos=13)), "unsupported", None),
        (TypeError("Trying to convert BFloat16 to the MPS backend but it does not have support for that dtype."),
         "unsupported", "BFloat16"),
        (NotImplementedError("The operator 'aten::foo' is not currently implemented for the MPS device"),
         "unsupported", "aten::foo"),
        (RuntimeError('"addmm_impl_cpu_" not implemented for \'Half\''), "unsupported", "Half"),
        # A TypeError of our own making is a bug, not a missing feature of the device.
        (TypeError("fn() missing 1 required positional argument: 'x'"), "error", "TypeError: fn() missing"),
        (torch.OutOfMemoryError("CUDA out of memory. Tried to allocate 20.00 GiB"), "out_of_memory", "20.00 GiB"),
        (RuntimeError("MPS backend out of memory (MPS allocated: 1 GB)"), "out_of_memory", "MPS backend"),
        (RuntimeError("something broke\nsecond line"), "error", "RuntimeError: something broke second line"),
    ],
)
def test_every_failure_becomes_a_status_with_a_reason(raised, status, words):
    point = time_point(Scripted(fail_with=raised), Device("cpu"), "engine", QUICK)
    assert point.status == status
    if words is None:  # our own reason: its code, as raised
        assert point.reason == raised.reason
    else:  # what PyTorch raised, verbatim on one line
        assert point.reason.code == "exception"
        assert words in point.reason.get("message") and "\n" not in point.reason.get("message")
    assert point.median_s is None and point.samples == [] and not point.ok


def test_events_on_cpu_are_unsupported():
    point = time_point(MatVec(32), Device("cpu"), "events", QUICK)
    assert point.status == "unsupported" and point.reason == Reason.of("no_events", device="cpu")


def test_unknown_method_is_refused():
    with pytest.raises(ValueError, match="unknown method"):
        time_point(MatVec(32), Device("cpu"), "stopwatch", QUICK)


def test_cold_mode_rotates_input_sets():
    device = FakeAsyncDevice()  # reports a 1 MiB cache
    work = MatVec(128)  # 64 KiB per input set
    assert timing.rotations(work, device, TimingOptions(cold=True)) == timing.MAX_ROTATIONS // 2
    assert timing.rotations(work, device, TimingOptions(cold=False)) == 1
    assert timing.rotations(MatVec(4096), device, TimingOptions(cold=True)) == 1
    prepared = prepare(work, Device("cpu"), rotations=3)
    first = prepared.fn()
    prepared.rotate()
    second = prepared.fn()
    assert not torch.equal(first, second)
    point = time_point(work, Device("cpu"), "engine", TimingOptions(budget_s=0.05, cold=True))
    assert point.cold and point.status == "ok"


def test_rejected_intervals_add_up_over_a_points_processes_and_the_run_prints_them():
    from mpsarticle.measure import remeasure, workers

    device = FakeMpsDevice(events="reversed", every=4)
    first, second = (time_point(Sleepy(seconds=0.001), device, "events", TimingOptions(budget_s=0.02, number=5))
                     for _ in range(2))
    point = workers.merge(workers.merge(None, first), second)
    assert point.detail["events_rejected"] == first.detail["events_rejected"] + second.detail["events_rejected"] > 0
    found = {"busy_points": 0, "remeasured_points": 0, "extra_processes": 0, "extra_limit": 1, "limit_reached": False,
             "outlier_points": 0, "unread_processes": 0}
    said = remeasure.lines([point], 2, found)
    assert said[0] == (f"mpsarticle: events: {point.detail['events_rejected']} intervals between device events read "
                       f"zero or less on mps, at 1 point; left out, their blocks timed again")
