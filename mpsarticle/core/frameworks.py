"""Which framework measured a point: PyTorch, or MLX beside it where MLX is installed; no torch, no mlx.

MLX's points name their device ``mlx-cpu`` or ``mlx-gpu``: a device of their own, so that no finding about
PyTorch's devices (the CPU against its accelerator, a device's fit, its falls) reads them by mistake, and each is
compared only with the PyTorch device of its class (:func:`torch_counterpart`): MLX's CPU with PyTorch's, MLX's
Apple GPU with MPS.
"""

from __future__ import annotations

from typing import Final, Literal, get_args

__all__ = ["Framework", "FRAMEWORKS", "MLX_DEVICES", "MLX_SUITE", "TF32_VARIABLE", "framework_of", "is_mlx",
           "mlx_device_of", "torch_counterpart"]

Framework = Literal["torch", "mlx"]
FRAMEWORKS: tuple[Framework, ...] = get_args(Framework)
#: MLX's devices: its Apple GPU (Metal) on a Mac, its CPU build elsewhere.
MLX_DEVICES: Final = ("mlx-gpu", "mlx-cpu")
#: The suite that measures MLX beside PyTorch (mpsarticle.core.profiles); it plans MLX's devices only.
MLX_SUITE: Final = "mlx"
#: MLX's switch for float32 matrix products: unset or 1, TF32-class precision where the hardware has matrix units
#: for it (an M5's GPU, a CUDA GPU); 0, full float32. Recorded with every MLX point.
TF32_VARIABLE: Final = "MLX_ENABLE_TF32"
#: Each MLX device's PyTorch counterpart: the device of the same class.
_COUNTERPARTS: Final = {"mlx-cpu": "cpu", "mlx-gpu": "mps"}


def is_mlx(device: str) -> bool:
    """Whether a point's ``device`` is one of MLX's."""
    return device in MLX_DEVICES


def framework_of(device: str) -> Framework:
    return "mlx" if is_mlx(device) else "torch"


def torch_counterpart(device: str) -> str:
    """The PyTorch device an MLX device is compared with (``mlx-cpu``: ``cpu``; ``mlx-gpu``: ``mps``)."""
    return _COUNTERPARTS[device]


def mlx_device_of(device: str) -> str | None:
    """The MLX device compared with the PyTorch device ``device``, or ``None`` (CUDA has none here)."""
    return next((mlx for mlx, torch in _COUNTERPARTS.items() if torch == device), None)
