"""Workloads: FLOP and byte counts (specs, no torch), seeded inputs and the float64 reference check (kernels)."""

from __future__ import annotations

import math

import pytest
import torch

from mpsarticle.core import workload
from mpsarticle.core.reasons import Reason
from mpsarticle.core.specs import Copy, MatMul, MatVec, TrainStep, Unsupported
from mpsarticle.measure.devices import Device
from mpsarticle.measure.kernels import SmallCNN, prepare, relative_error, small_cnn, train_batch

CPU = Device("cpu")


def test_flop_and_byte_counts():
    assert MatVec(100).flops == 2 * 100 * 100
    assert MatVec(100).bytes_moved == 4 * (100 * 100 + 2 * 100)
    assert MatMul(64, "float32").flops == 2 * 64**3
    assert MatMul(64, "float32").bytes_moved == 4 * 3 * 64 * 64
    assert MatMul(64, "float16").bytes_moved == 2 * 3 * 64 * 64
    assert MatMul(64, "bfloat16").bytes_moved == 2 * 3 * 64 * 64
    assert Copy(1000).bytes_moved == 2 * 4 * 1000 and Copy(1000).flops == 0


def test_training_step_flops_match_the_layers():
    # Forward per image: conv1 2*27*32*32*32, conv2 2*288*64*16*16, linear 2*4096*10.
    forward = 2 * 27 * 32 * 1024 + 2 * 288 * 64 * 256 + 2 * 4096 * 10
    conv1 = 2 * 27 * 32 * 1024
    # Backward doubles the forward, except that the input image needs no gradient.
    assert TrainStep(batch=2).flops == 2 * (3 * forward - conv1)


@pytest.mark.parametrize("width", [8, 32])
def test_training_step_counts_match_pytorchs_own(width):
    # The spec counts without torch; PyTorch's FlopCounterMode and the
    # model's own parameters are the reference it must agree with.
    from torch.utils.flop_counter import FlopCounterMode

    workload = TrainStep(batch=3, width=width)
    model = small_cnn(workload, 0)
    images, labels = train_batch(workload, 0)
    counter = FlopCounterMode(display=False)
    with counter:
        torch.nn.functional.cross_entropy(model(images), labels).backward()
    assert workload.flops == counter.get_total_flops()
    assert workload.parameters == sum(p.numel() for p in SmallCNN(width).parameters())


def test_inputs_are_seeded_random_not_zeros():
    a = prepare(MatVec(64), CPU, seed=1).fn()
    b = prepare(MatVec(64), CPU, seed=1).fn()
    c = prepare(MatVec(64), CPU, seed=2).fn()
    assert torch.equal(a, b) and not torch.equal(a, c)
    assert a.abs().sum() > 0


@pytest.mark.parametrize("workload", [MatVec(200), MatMul(96, "float32"), MatMul(96, "float16"),
                                      MatMul(96, "bfloat16"), Copy(5000), TrainStep(batch=4, width=8)])
def test_checks_pass_on_the_cpu(workload):
    prepared = prepare(workload, CPU)
    prepared.fn()
    error = prepared.verify()
    assert 0 <= error <= prepared.tolerance


def test_half_precision_errors_are_larger_than_float32():
    errors = {dtype: prepare(MatMul(128, dtype), CPU).verify() for dtype in ("float32", "float16", "bfloat16")}
    assert errors["float32"] < errors["float16"] < errors["bfloat16"]


def test_relative_error_catches_wrong_and_non_finite_results():
    ref = torch.arange(1.0, 5.0)
    assert relative_error(ref.clone(), ref) == 0
    assert relative_error(ref * 1.1, ref) == pytest.approx(0.1)
    assert math.isinf(relative_error(torch.tensor([1.0, float("nan"), 3, 4]), ref))


def test_a_wrong_kernel_is_caught_by_the_check(monkeypatch):
    prepared = prepare(MatVec(128), CPU)
    real_matmul = torch.Tensor.__matmul__
    # A "device kernel" 1 % off; the float64 reference still computes right.
    wrong = lambda a, b: real_matmul(a, b) * (1.0 if a.dtype == torch.float64 else 1.01)  # noqa: E731
    monkeypatch.setattr(torch.Tensor, "__matmul__", wrong)
    assert prepared.verify() > prepared.tolerance


def test_copy_check_detects_an_unwritten_destination(monkeypatch):
    prepared = prepare(Copy(100), CPU)
    monkeypatch.setattr(torch.Tensor, "copy_", lambda self, src: self)
    assert math.isinf(prepared.verify())


def test_bad_parameters_are_refused_with_a_message():
    for bad in (lambda: MatVec(0), lambda: MatVec(-3), lambda: MatVec(2.5), lambda: Copy(True)):
        with pytest.raises(ValueError, match="positive whole number"):
            bad()
    with pytest.raises(ValueError, match="dtype must be one of"):
        MatMul(8, "int8")


def test_bfloat16_on_old_macos_is_known_unsupported(monkeypatch):
    monkeypatch.setattr(workload, "_macos_major", lambda: 13)
    assert MatMul(8, "bfloat16").unsupported_reason("mps") == Reason.of("mps_bfloat16", macos=13)
    assert MatMul(8, "float16").unsupported_reason("mps") is None
    assert MatMul(8, "bfloat16").unsupported_reason("cpu") is None


def test_mps_has_no_float64():
    assert MatMul(8, "float64").unsupported_reason("mps") == Reason.of("mps_float64")
    assert MatMul(8, "float64").unsupported_reason("cuda") is None
    assert MatMul(8, "float64").unsupported_reason("cpu") is None
    with pytest.raises(Unsupported, match="mps_float64") as info:
        prepare(MatMul(8, "float64"), Device("mps"))
    assert info.value.reason == Reason.of("mps_float64")


def test_training_check_runs_the_timed_callable():
    prepared = prepare(TrainStep(batch=4, width=8), CPU)
    for _ in range(20):  # as timing would: the model moves on
        prepared.fn()
    assert prepared.verify() <= prepared.tolerance
    # Spoil the inputs the timed callable holds: a check of a fresh model
    # on a fresh batch would still pass; a check of the timed callable cannot.
    cells = dict(zip(prepared.fn.__code__.co_freevars, (c.cell_contents for c in prepared.fn.__closure__), strict=True))
    cells["images"].mul_(0.5)
    assert prepared.verify() > prepared.tolerance
