"""MLX beside PyTorch, run for real with MLX's CPU build (skipped only where MLX cannot be imported; `make test`
installs it): the same numbers as PyTorch's, the same checks, the same timer, and nothing planned without it."""

from __future__ import annotations

from dataclasses import replace

import pytest
import torch

from mpsarticle.core.profiles import DECODERS, PROFILES, plan
from mpsarticle.core.specs import MatMul, MatVec, TimingOptions
from mpsarticle.measure import decoder
from mpsarticle.measure.devices import Device, get_device
from mpsarticle.measure.kernels import prepare
from mpsarticle.measure.timing import time_point

mx = pytest.importorskip("mlx.core")

from mpsarticle.measure import mlx_kernels  # noqa: E402 - needs mlx
from mpsarticle.measure.mlx import MlxDevice, mlx_devices, mlx_environment  # noqa: E402

TINY = replace(DECODERS["tiny"], dtype="float32")


@pytest.fixture(scope="module")
def device() -> MlxDevice:
    found = get_device("mlx-cpu")
    found.start_runtime()
    return found


def test_the_inputs_and_weights_are_pytorchs_own(device: MlxDevice) -> None:
    prepared = mlx_kernels.prepare(MatVec(64), device, seed=3)
    # X @ Y on PyTorch's CPU inputs of the same seed gives MLX's result.
    ours = prepare(MatVec(64), Device("cpu"), seed=3)
    assert torch.allclose(mlx_kernels.to_torch(prepared.fn()), ours.fn(), rtol=1e-5)
    weights = decoder.layer_weights(TINY, 0, 1)["wq"]
    assert torch.equal(mlx_kernels.to_torch(mlx_kernels.array(weights, "float32")), weights)
    rounded = mlx_kernels.to_torch(mlx_kernels.array(weights, "bfloat16"))
    assert torch.equal(rounded, weights.to(torch.bfloat16).float())


@pytest.mark.parametrize("workload", [MatVec(256), MatMul(128), TINY], ids=lambda w: w.kind)
def test_each_kernel_passes_the_float64_check_and_records_mlx(device: MlxDevice, workload) -> None:
    prepared = mlx_kernels.prepare(workload, device, seed=0)
    error = prepared.verify()
    assert 0 < error <= prepared.tolerance
    assert prepared.detail["mlx"] == mx.__version__ and prepared.detail["mlx_tf32"] in ("unset", "0", "1")


def test_a_spoiled_weight_fails_the_check(device: MlxDevice) -> None:
    prepared = mlx_kernels.prepare(TINY, device, seed=0)
    top, layers, _ = prepared.state
    layers[0]["wq"] = layers[0]["wq"] * 3
    assert prepared.verify() > prepared.tolerance


def test_the_decode_step_is_pytorchs_step(device: MlxDevice) -> None:
    ours = prepare(TINY, Device("cpu"), seed=0).fn()
    mine = mlx_kernels.to_torch(mlx_kernels.prepare(TINY, device, seed=0).fn())
    assert torch.allclose(mine, ours, rtol=1e-4, atol=1e-4)


def test_the_engine_times_mlx_with_its_own_synchronisation(device: MlxDevice) -> None:
    point = time_point(MatVec(256), device, "engine", TimingOptions(budget_s=0.05), suite="mlx")
    assert point.ok and point.device == "mlx-cpu" and point.check == "passed", point.reason
    assert point.repeats >= 10 and point.threads is None and point.detail["mlx"] == mx.__version__
    events = time_point(MatVec(256), device, "events", TimingOptions(budget_s=0.05), suite="mlx")
    assert events.status == "unsupported"


def test_mlx_is_found_described_and_planned_only_for_its_suite(device: MlxDevice) -> None:
    assert [d.name for d in mlx_devices()] == ["mlx-cpu"]  # no Metal here
    assert mlx_environment() == {"version": mx.__version__, "device": "mlx-cpu",
                                 "tf32": mlx_environment()["tf32"]}
    tasks = plan(["matvec", "mlx"], PROFILES["quick"], [Device("cpu"), device])
    assert {(t.suite, t.device.name) for t in tasks} == {("matvec", "cpu"), ("mlx", "mlx-cpu")}
    assert [t.workload.label for t in tasks if t.suite == "mlx"] == [
        "matvec(m=2048, dtype=float32)", "matmul(m=256, dtype=float32)", TINY.label]


def test_an_mlx_device_that_is_not_here_is_a_clear_error() -> None:
    from mpsarticle.core.specs import DeviceUnavailable

    with pytest.raises(DeviceUnavailable, match="mlx-gpu is not usable here"):
        get_device("mlx-gpu")
