"""MLX beside PyTorch, where MLX is installed: its device, found and described; the kernels are
:mod:`mpsarticle.measure.mlx_kernels`.

MLX is imported only here and there, and only when asked: a machine without it plans nothing for it
(:func:`mlx_devices` is empty) and never pays its import. On a Mac whose MLX reaches Metal its device is the GPU
(``mlx-gpu``); elsewhere MLX's CPU build (``mlx-cpu``).

:class:`MlxDevice` offers what the timing code asks of a :class:`~mpsarticle.measure.devices.Device`: MLX evaluates
lazily, so every timed call evaluates its own output (``mx.eval``) and the synchronising clock also waits for MLX's
streams (``mx.synchronize``) before it reads the time, as the engine's clock waits for MPS or CUDA.
"""

from __future__ import annotations

import os
import timeit
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mpsarticle.core.frameworks import MLX_DEVICES, TF32_VARIABLE
from mpsarticle.core.host import cpu_model, total_memory_bytes
from mpsarticle.core.specs import DeviceUnavailable

__all__ = ["MlxDevice", "mlx_device", "mlx_devices", "mlx_environment", "tf32_setting"]


def _core() -> Any:
    """``mlx.core``, or ``None`` where MLX is not installed (or its build does not load here).

    Before the import, :data:`~mpsarticle.core.frameworks.TF32_VARIABLE` is set to ``0`` unless the user set it:
    MLX's default runs float32 matrix products at TF32-class precision on hardware with matrix units for them (the
    M5 generation's GPU from macOS 26.2 on; ml-explore/mlx#3860 and #3894), where PyTorch's float32 on MPS is full
    float32, and a comparison of the two must be at one precision. MLX's own tests pin the same value. Workers
    inherit it from the process that plans them, and every point records it.
    """
    os.environ.setdefault(TF32_VARIABLE, "0")
    try:
        import mlx.core as mx
    except ImportError:
        return None
    return mx


def tf32_setting() -> str:
    """:data:`~mpsarticle.core.frameworks.TF32_VARIABLE` as this process sees it (``unset`` where it is not set)."""
    value = os.environ.get(TF32_VARIABLE)
    return "unset" if value is None else value[:20]


@dataclass(frozen=True)
class MlxDevice:
    """MLX on one of its devices: ``mlx-cpu`` or ``mlx-gpu``."""

    kind: str
    index: int = 0
    framework = "mlx"

    def __post_init__(self) -> None:
        if self.kind not in MLX_DEVICES:
            raise DeviceUnavailable(f"unknown MLX device {self.kind!r}: choose one of {', '.join(MLX_DEVICES)}")

    @property
    def name(self) -> str:
        return self.kind

    @property
    def is_accelerator(self) -> bool:
        return self.kind == "mlx-gpu"

    @property
    def mx_device(self) -> Any:
        mx = _core()
        return mx.gpu if self.is_accelerator else mx.cpu

    def synchronize(self) -> None:
        """Wait for everything queued on MLX's default stream of this device."""
        _core().synchronize()

    def synchronized_timer(self) -> Callable[[], float]:
        def timer() -> float:
            self.synchronize()
            return timeit.default_timer()

        return timer

    def new_event(self) -> None:
        """MLX has no timing events: the ``events`` method is not planned for it."""
        return None

    def initialise(self) -> None:
        """Every array of this process is made and computed on this device from now on."""
        _core().set_default_device(self.mx_device)

    def start_runtime(self) -> None:
        """As :meth:`Device.start_runtime <mpsarticle.measure.devices.Device.start_runtime>`: one tiny product,
        evaluated, so that no point pays MLX's start."""
        mx = _core()
        self.initialise()
        tiny = mx.ones((8, 8))
        mx.eval((tiny @ tiny) @ mx.ones((8,)))
        self.synchronize()

    def start_memory_record(self) -> None:
        self.initialise()

    def memory_record(self) -> dict[str, int]:
        """Nothing: the points' memory fields are PyTorch's allocators' (MLX's peak would not be comparable)."""
        return {}

    def release_memory(self) -> None:
        import gc

        gc.collect()
        _core().clear_cache()

    def describe(self) -> dict[str, Any]:
        mx = _core()
        where = "Apple GPU (Metal)" if self.is_accelerator else "CPU"
        return {"kind": self.kind, "name": f"{cpu_model()} GPU" if self.is_accelerator else cpu_model(),
                "memory_bytes": total_memory_bytes(), "cache_bytes": None,
                "backend": f"MLX {mx.__version__}, {where}", "mlx_tf32": tf32_setting()}

    def __str__(self) -> str:
        return self.name


def mlx_devices() -> list[MlxDevice]:
    """MLX's device on this machine where MLX is installed: its GPU where it reaches Metal, else its CPU; none
    where it is not installed."""
    mx = _core()
    if mx is None:
        return []
    return [MlxDevice("mlx-gpu" if mx.metal.is_available() else "mlx-cpu")]


def mlx_device(name: str) -> MlxDevice:
    """The MLX device called ``name``, or a clear error where MLX is not installed or lacks it."""
    mx = _core()
    if mx is None:
        raise DeviceUnavailable(f"{name} is not usable here: MLX is not installed (make setup WITH_MLX=1 installs it)")
    device = MlxDevice(name)
    if device.is_accelerator and not mx.metal.is_available():
        raise DeviceUnavailable(f"{name} is not usable here: this MLX build does not reach Metal")
    return device


def mlx_environment() -> dict[str, Any] | None:
    """What a results file records of MLX: its version, the device it measures on, the TF32 switch; ``None`` where
    it is not installed."""
    mx = _core()
    if mx is None:
        return None
    return {"version": mx.__version__, "device": mlx_devices()[0].name, "tf32": tf32_setting()}
