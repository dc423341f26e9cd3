"""The model of a call's time (mpsarticle.analysis.model) and its predictions for Apple chips
(mpsarticle.analysis.predict): a fit recovers the parameters a synthetic device was built from, chooses the
combination the points follow, and the predictions keep their ranges, leave each chip's own rows out, and name a
cited figure above the spec sheet."""

from __future__ import annotations

import dataclasses
import statistics

import pytest

from mpsarticle.analysis import predict
from mpsarticle.analysis.findings import model as findings
from mpsarticle.analysis.model import Call, fit, predict_s, thresholds
from mpsarticle.core import cited as cited_module
from mpsarticle.core.specs import Copy, MatMul, MatVec, OpChain
from mpsarticle.results.model import Point, ResultSet

OP_S, BYTES_PER_S, FP32 = 10e-6, 200e9, 5e12


def _point(workload, params, seconds, flops, nbytes, detail=None) -> Point:
    return Point(device="cuda", workload=workload, params=params, method="engine", status="ok", median_s=seconds,
                 samples=[seconds] * 5, flops=flops, bytes_moved=nbytes, check="passed", detail=detail or {})


def _device(combination: str) -> ResultSet:
    """Points of a device that follows the model exactly, with the given combination of its terms."""
    points = []
    for m in (256, 1024, 4096, 16384):
        w = MatVec(m)
        t = predict_s(Call(1, w.bytes_moved, w.flops, "float32"), OP_S, BYTES_PER_S, FP32, combination)
        points.append(_point("matvec", {"m": m, "dtype": "float32"}, t, w.flops, w.bytes_moved))
    for m in (128, 512, 2048, 4096):
        w = MatMul(m)
        t = predict_s(Call(1, w.bytes_moved, w.flops, "float32"), OP_S, BYTES_PER_S, FP32, combination)
        points.append(_point("matmul", {"m": m, "dtype": "float32"}, t, w.flops, w.bytes_moved))
    for n in (1 << 16, 1 << 24):
        w = Copy(n)
        t = predict_s(Call(1, w.bytes_moved, 0.0, "float32"), OP_S, BYTES_PER_S, FP32, combination)
        points.append(_point("copy", {"n": n}, t, 0.0, w.bytes_moved))
    chain = OpChain(100, 256)
    t = predict_s(Call(100, chain.bytes_moved, chain.flops, "float32"), OP_S, BYTES_PER_S, FP32, combination)
    points.append(_point("op_chain", {"ops": 100, "n": 256}, t, chain.flops, chain.bytes_moved, {"ops_per_call": 100}))
    return ResultSet(environment={"devices": {"cuda": {}}}, points=points)


@pytest.mark.parametrize("combination", ["max", "sum"])
def test_a_fit_recovers_the_parameters_and_the_combination_of_a_device_that_follows_the_model(combination):
    fitted = fit(_device(combination), "cuda")
    assert fitted is not None
    assert fitted.combination == combination
    assert fitted.op_s == pytest.approx(OP_S, rel=0.02)
    assert fitted.bytes_per_s == pytest.approx(BYTES_PER_S, rel=0.02)
    assert fitted.rate("float32") == pytest.approx(FP32, rel=0.02)
    assert all(e.worst < 0.02 for e in fitted.errors), fitted.errors


def test_a_point_the_model_does_not_follow_shows_as_that_workloads_error():
    results = _device("max")
    slow = results.one(workload="copy", params={"n": 1 << 24})
    assert slow is not None
    slow.median_s = slow.measured_s * 3
    fitted = fit(results, "cuda")
    assert fitted is not None
    copy = next(e for e in fitted.errors if e.workload == "copy")
    assert copy.worst_size == 1 << 24 and copy.worst > 0.3, copy


def test_the_training_step_and_points_without_an_operation_count_are_not_fitted():
    results = _device("max")
    results.points.append(_point("train_step", {"batch": 32, "width": 32}, 1e-3, 1e9, 1e6))
    results.points.append(_point("decode", {"d_model": 64, "layers": 2}, 1e-3, 1e6, 1e6))
    fitted = fit(results, "cuda")
    assert fitted is not None
    assert {e.workload for e in fitted.errors} == {"matvec", "matmul", "copy", "op_chain"}


def test_thresholds_put_the_fixed_cost_below_the_size_where_bytes_take_as_long():
    fitted = fit(_device("max"), "cuda")
    assert fitted is not None
    knee = next(t for t in thresholds(fitted) if t.workload == "matvec")
    assert (knee.before, knee.after) == ("fixed", "bandwidth")
    # 4 (m² + 2m) bytes at 200 GB/s take 10 µs at m ≈ 707.
    assert 680 <= knee.m <= 740


def test_fewer_than_three_points_give_no_fit():
    results = _device("max")
    results.points[:] = results.points[:2]
    assert fit(results, "cuda") is None


# -- predictions ------------------------------------------------------------------------------------

def test_every_chip_variant_has_predictions_whose_range_holds_the_central_value():
    made = predict.predictions("sum", 46.0)
    assert {(p.chip, p.gpu_cores) for p in made} == {(c.name, c.gpu_cores) for c in predict.chips()}
    valued = [p for p in made if p.value is not None]
    assert valued, "no chip variant has a predicted value"
    for p in valued:
        assert p.low is not None and p.high is not None
        assert p.low <= p.value * (1 + 1e-9) and p.value <= p.high * (1 + 1e-9), p


def test_an_assumption_for_a_chip_never_reads_that_chips_rows():
    given = predict.assumptions("Apple M1")
    # The fixed costs of an operation and the CPU's float32 rate are the same for every chip (the module's notes).
    read = {name: assumption for name, assumption in given.items()
            if name not in ("gpu_op_us", "cpu_op_us", "cpu_fp32_tflops")}
    assert "gpu_bandwidth_share" in read, sorted(given)
    for name, assumption in read.items():
        assert assumption.rows, f"{name} reads no row"
        assert all(row.chip != "Apple M1" for row in assumption.rows), name


def test_every_chip_gets_one_cpu_rate_the_median_published():
    """Chips that share a CPU (the M1 Pro and M1 Max) must get the same CPU rate: the median of every published one,
    whatever chip is predicted, so those rows set the rate and test nothing."""
    every = [r.value for r in cited_module.cited() if (r.framework, r.workload, r.unit, r.dtype) ==
             ("PyTorch CPU", "matmul", "TFLOP/s", "float32")]
    rates = {predict.assumptions(chip)["cpu_fp32_tflops"].central for chip in ("", "Apple M1 Pro", "Apple M1 Max")}
    assert rates == {statistics.median(every)}
    assert not [c for c in predict.checks("sum", 46.0) if (c.row.framework, c.row.workload, c.row.unit) ==
                ("PyTorch CPU", "matmul", "TFLOP/s")]


def test_a_cited_copy_above_the_spec_bandwidth_is_a_conflict_not_dropped(monkeypatch):
    rows = cited_module.cited()
    raised = tuple(dataclasses.replace(r, value=r.value * 20) if r.workload == "copy" and r.chip == "Apple M1"
                   and r.framework == "PyTorch MPS" else r for r in rows)
    monkeypatch.setattr(predict, "cited", lambda: raised)
    predict.assumptions.cache_clear()
    try:
        made = predict.checks("sum", 46.0)
        conflicts = [c for c in made if c.conflict]
        assert [(c.row.chip, c.quantity) for c in conflicts] == [("Apple M1", "copy_gb_s")]
        errors = predict.source_errors(made)
        assert any("Apple M1" in e.conflicts for e in errors)
    finally:
        predict.assumptions.cache_clear()


def test_the_crossover_is_where_the_gpu_starts_winning_for_good():
    gpu = predict.Device(20e-6, 100e9, 2e12, 2e12)
    cpu = predict.Device(1e-6, 50e9, 1e12, 1e12)
    m = predict.crossover_m(gpu, cpu, "max")
    assert m is not None

    def wins(size: int) -> bool:
        w = MatVec(size)
        call = Call(1, w.bytes_moved, w.flops, "float32")
        return gpu.time(call, "max") < cpu.time(call, "max")

    assert wins(m) and not wins(m - 1)
    assert predict.crossover_m(cpu, gpu, "max") is None  # a "GPU" with the CPU's costs never catches up


def test_the_published_predictions_file_has_a_row_per_prediction_and_per_check():
    found = findings.model(_device("sum"))
    text = predict.to_csv(found.predictions, found.checks)
    lines = text.strip().splitlines()
    assert lines[0].split(",")[:3] == ["chip", "gpu_cores", "quantity"]
    assert len(lines) == 1 + len(found.predictions) + len(found.checks)
