"""What to run: each workload's parameters, FLOPs and bytes moved, and how hard to try; no torch.

A workload here is a frozen dataclass that says *what* one call computes:
its parameters, its floating-point operations and the fewest bytes it must
move through device memory. Building its inputs on a device and checking
its output is :mod:`mpsarticle.measure.kernels`' job, the only part that needs
torch. Everything that only reads results (the article's text, tables and
figures, ``python -m mpsarticle plot``) uses this module and never imports
torch.
"""

from __future__ import annotations

import math
import platform
from abc import ABC, abstractmethod
from dataclasses import asdict, dataclass
from typing import Any, ClassVar, Literal, get_args

from mpsarticle.core.reasons import Reason
from mpsarticle.errors import CANNOT_START, InputError, MpsarticleError

__all__ = [
    "SIZE_KEYS",
    "DEVICE_KINDS",
    "DTYPE_SIZES",
    "METHODS",
    "Copy",
    "DeviceUnavailable",
    "MatMul",
    "MatVec",
    "Method",
    "TimingOptions",
    "TrainStep",
    "Unsupported",
    "Workload",
]

#: The device kinds this package knows, in the order the article prefers them.
DEVICE_KINDS = ("mps", "cuda", "cpu")

#: Bytes per element of each input precision a workload may ask for. float64
#: is not in the article's suites; it is here so that the library can time
#: it, and so that MPS refuses it with a reason rather than a stack trace.
#: The parameter that is "the size" of each workload: the x axis of its figures, the sizes its sentences name.
SIZE_KEYS: dict[str, str] = {"matvec": "m", "matmul": "m", "copy": "n", "train_step": "batch"}

DTYPE_SIZES: dict[str, int] = {"float32": 4, "float16": 2, "bfloat16": 2, "float64": 8}

#: The original article's ``timeit(..., number=100)``.
NAIVE_NUMBER = 100

#: How a point is timed (mpsarticle.measure.timing): engine: synchronised, adaptive repeats; naive: the
#: original ``timeit`` call; events: back-to-back calls between two device events.
Method = Literal["engine", "naive", "events"]
METHODS: tuple[Method, ...] = get_args(Method)


class DeviceUnavailable(MpsarticleError, RuntimeError):
    """The device asked for does not exist or does not work on this machine."""

    exit_status = CANNOT_START


class Unsupported(Exception):
    """This workload cannot run on this device; ``reason`` says why (a :class:`~mpsarticle.core.reasons.Reason`)."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(str(reason))
        self.reason = reason


@dataclass(frozen=True)
class TimingOptions:
    """How hard to try for one point (see :mod:`mpsarticle.measure.timing`)."""

    #: Time to spend in timed blocks of one point, in seconds (at least
    #: ``MIN_BLOCKS`` blocks are timed even when they take longer).
    budget_s: float = 1.0
    #: Calls between the two events for ``events``, and the ``number`` for ``naive``.
    number: int = NAIVE_NUMBER
    #: Rotate input sets so sizes that fit in cache are timed from memory.
    cold: bool = False
    #: CPU threads; ``None`` means PyTorch's default (what a user's code gets).
    threads: int | None = None
    seed: int = 0
    #: Fresh processes that measure this point (mpsarticle.measure.workers): each spends its share of the
    #: budget and of the least number of blocks or naive repeats, so that a point costs the same in all.
    share: int = 1

    @property
    def budget_share_s(self) -> float:
        """The budget of the process measuring now."""
        return self.budget_s / self.share

    def at_least(self, count: int, minimum: int = 3) -> int:
        """This process's share of a least count of blocks or repeats (never fewer than ``minimum``)."""
        return max(minimum, count // self.share)


@dataclass(frozen=True)
class Workload(ABC):
    """Something to time: its parameters are the dataclass fields."""

    kind: ClassVar[str]

    @property
    @abstractmethod
    def flops(self) -> float:
        """Floating-point operations of one call."""

    @property
    @abstractmethod
    def bytes_moved(self) -> float:
        """Fewest bytes one call must move through device memory (each input read once, each output written once)."""

    @property
    def label(self) -> str:
        inner = ", ".join(f"{k}={v}" for k, v in self.params().items())
        return f"{self.kind}({inner})"

    @property
    def input_bytes(self) -> int:
        """Bytes of one input set (to size cache-cold rotation and memory)."""
        return int(self.bytes_moved)

    def params(self) -> dict[str, Any]:
        return asdict(self)

    def unsupported_reason(self, device_kind: str) -> Reason | None:
        """Why this workload cannot run on a ``device_kind`` device, known before trying; ``None`` if it can."""
        dtype = getattr(self, "dtype", "float32")
        if device_kind == "mps" and dtype == "float64":
            return Reason.of("mps_float64")
        if device_kind == "mps" and dtype == "bfloat16":
            major = _macos_major()
            if major is not None and major < 14:
                return Reason.of("mps_bfloat16", macos=major)
        return None


@dataclass(frozen=True)
class _Product(Workload):
    """``X @ Y`` with X m x m: the matrix-vector and matrix-matrix products share all but Y's shape."""

    m: int
    dtype: str = "float32"

    def __post_init__(self) -> None:
        _require_positive("m", self.m)
        if self.dtype not in DTYPE_SIZES:
            raise InputError(f"dtype must be one of {', '.join(DTYPE_SIZES)}, got {self.dtype!r}")

    @property
    @abstractmethod
    def right_shape(self) -> tuple[int, ...]:
        """Shape of the right-hand operand Y."""

    @property
    def flops(self) -> float:
        return 2.0 * self.m * math.prod(self.right_shape)

    @property
    def bytes_moved(self) -> float:
        # X and Y read once, the output (m values per column of Y) written once.
        columns = math.prod(self.right_shape[1:])
        return float(DTYPE_SIZES[self.dtype] * (self.m * self.m + math.prod(self.right_shape) + self.m * columns))


@dataclass(frozen=True)
class MatVec(_Product):
    """``B @ a`` with ``B`` m x m and ``a`` of length m: the original article's experiment."""

    kind: ClassVar[str] = "matvec"

    @property
    def right_shape(self) -> tuple[int, ...]:
        return (self.m,)


@dataclass(frozen=True)
class MatMul(_Product):
    """``A @ B`` with both m x m, in float32, float16 or bfloat16."""

    kind: ClassVar[str] = "matmul"

    @property
    def right_shape(self) -> tuple[int, ...]:
        return (self.m, self.m)


@dataclass(frozen=True)
class Copy(Workload):
    """``dst.copy_(src)`` of n float32 values: the device's practical memory-bandwidth ceiling."""

    n: int
    kind: ClassVar[str] = "copy"

    def __post_init__(self) -> None:
        _require_positive("n", self.n)

    @property
    def flops(self) -> float:
        return 0.0

    @property
    def bytes_moved(self) -> float:
        return 2.0 * DTYPE_SIZES["float32"] * self.n  # read every source value once, write every destination value once


#: The small CNN of :class:`TrainStep` (built by :class:`mpsarticle.measure.kernels.SmallCNN`):
#: 3 x 32 x 32 images, two 3 x 3 convolutions (``width`` and ``2 * width``
#: channels, each followed by a 2 x 2 max-pool), a linear layer to 10 classes.
IMAGE_SIDE = 32
CHANNELS = 3
CLASSES = 10
KERNEL_AREA = 3 * 3


@dataclass(frozen=True)
class TrainStep(Workload):
    """One forward + backward + SGD step of the small CNN on a synthetic batch (no data download)."""

    batch: int = 64
    width: int = 32
    kind: ClassVar[str] = "train_step"

    def __post_init__(self) -> None:
        _require_positive("batch", self.batch)
        _require_positive("width", self.width)

    @property
    def _layers(self) -> tuple[tuple[int, int, int], ...]:
        """(inputs, outputs, output positions) of conv1, conv2 and the linear layer, per image."""
        features = 2 * self.width * (IMAGE_SIDE // 4) ** 2
        return ((CHANNELS * KERNEL_AREA, self.width, IMAGE_SIDE**2),
                (self.width * KERNEL_AREA, 2 * self.width, (IMAGE_SIDE // 2) ** 2),
                (features, CLASSES, 1))

    @property
    def flops(self) -> float:
        # As PyTorch's FlopCounterMode counts them (a test holds the two
        # equal): 2 x inputs x outputs per position for each convolution and
        # the linear layer forward; backward computes the weights' gradient
        # (as much again) and the layer input's gradient (as much again),
        # except for the first layer, whose input (the images) needs none.
        forward = [2 * inputs * outputs * positions for inputs, outputs, positions in self._layers]
        return float(self.batch * (2 * forward[0] + 3 * sum(forward[1:])))

    @property
    def parameters(self) -> int:
        """Weights and biases of the small CNN."""
        return sum(inputs * outputs + outputs for inputs, outputs, _ in self._layers)

    @property
    def bytes_moved(self) -> float:
        # The batch (float32 images, one label each) is read once; every
        # weight is read, its gradient written and the weight written back
        # by the optimiser step.
        size = DTYPE_SIZES["float32"]
        return float(size * (self.batch * CHANNELS * IMAGE_SIDE**2 + self.batch) + size * 3 * self.parameters)


def _macos_major() -> int | None:
    version = platform.mac_ver()[0]
    return int(version.split(".")[0]) if version else None


def _require_positive(name: str, value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise InputError(f"{name} must be a positive whole number, got {value!r}")
