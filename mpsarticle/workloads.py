"""What to run: inputs, the callable to time, its cost, and a correctness check.

Each workload is a frozen dataclass. :meth:`Workload.prepare` draws fresh,
seeded random inputs on a device and returns a :class:`Prepared` holding the
callable to time; :meth:`Prepared.check` calls that same callable once more
and compares its output with a float64 reference computed on the CPU,
returning the relative error ``||out - ref|| / ||ref||``.

Large inputs are checked on a random sample of output rows, each recomputed
exactly in float64: a full float64 reference of a 32768 x 32768 product would
cost more than the measurement itself, and a wrong kernel is wrong on almost
every row.

Nothing here times anything.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, ClassVar

import torch
from torch import nn

from .devices import Device

__all__ = [
    "DTYPES",
    "Copy",
    "MatMul",
    "MatVec",
    "Prepared",
    "TrainStep",
    "Unsupported",
    "Workload",
    "relative_error",
    "workload_from_dict",
]

DTYPES: dict[str, torch.dtype] = {
    "float32": torch.float32,
    "float16": torch.float16,
    "bfloat16": torch.bfloat16,
    # Not in the article's suites; here so that the library can time it, and
    # so that MPS refuses it with a reason rather than a stack trace.
    "float64": torch.float64,
}

#: Largest relative error accepted per input precision (see the method
#: notes: float32 lands far below 1e-3, half precisions near 1e-3..1e-2).
TOLERANCE: dict[str, float] = {"float32": 1e-3, "float16": 1e-2, "bfloat16": 3e-2, "float64": 1e-9}

#: A whole forward and backward pass accumulates more rounding than one
#: product, and cuDNN runs float32 convolutions in TF32 by default
#: (``torch.backends.cudnn.allow_tf32``): on an H200 the gradients land a few
#: 1e-3 from float64, so the training step is held to 1e-2.
TRAIN_TOLERANCE = 1e-2

#: Rows recomputed in float64 to check a large output.
_CHECK_ROWS = 64


class Unsupported(Exception):
    """This workload cannot run on this device (the message says why)."""


def relative_error(out: torch.Tensor, ref: torch.Tensor) -> float:
    """``||out - ref|| / ||ref||`` in float64; NaN or inf in ``out`` gives ``inf``."""
    out64 = out.detach().to("cpu", torch.float64)
    ref64 = ref.detach().to("cpu", torch.float64)
    if not torch.isfinite(out64).all():
        return math.inf
    norm = torch.linalg.vector_norm(ref64).item()
    diff = torch.linalg.vector_norm(out64 - ref64).item()
    return diff / norm if norm else diff


@dataclass
class Prepared:
    """Inputs living on a device, the callable to time, and how to check its result."""

    fn: Callable[[], Any]
    check: Callable[[], float]
    tolerance: float
    #: Extra input sets for cache-cold timing: ``rotate()`` moves to the next.
    rotations: int = 1
    rotate: Callable[[], None] = field(default=lambda: None)


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
    def bytes(self) -> float:
        """Fewest bytes one call must move through device memory (each input read once, each output written once)."""

    @property
    def label(self) -> str:
        inner = ", ".join(f"{k}={v}" for k, v in self.params().items())
        return f"{self.kind}({inner})"

    @property
    def input_bytes(self) -> int:
        """Bytes of one input set (to size cache-cold rotation and memory)."""
        return int(self.bytes)

    def params(self) -> dict[str, Any]:
        return asdict(self)

    def unsupported_reason(self, device: Device) -> str | None:
        """Why this workload cannot run on ``device``, known before trying; ``None`` if it can."""
        dtype = getattr(self, "dtype", "float32")
        if dtype == "float64" and not device.supports_float64:
            return "MPS has no float64: Metal has no 64-bit floating-point type"
        if device.kind == "mps" and dtype == "bfloat16":
            major = _macos_major()
            if major is not None and major < 14:
                return f"MPS supports bfloat16 from macOS 14 on; this is macOS {major}"
        return None

    def prepare(self, device: Device, *, seed: int = 0, rotations: int = 1) -> Prepared:
        reason = self.unsupported_reason(device)
        if reason:
            raise Unsupported(reason)
        return self._prepare(device, seed=seed, rotations=max(1, rotations))

    @abstractmethod
    def _prepare(self, device: Device, *, seed: int, rotations: int) -> Prepared: ...


def _rand(shape: tuple[int, ...], dtype: str, generator: torch.Generator, device: Device) -> torch.Tensor:
    # Draw in float32 then cast: every backend can draw float32, and the
    # values are the same whatever the target precision.
    values = torch.rand(shape, generator=generator, device=device.torch_device, dtype=torch.float32)
    return values if dtype == "float32" else values.to(DTYPES[dtype])


def _sample_rows(m: int, seed: int) -> torch.Tensor:
    count = min(m, _CHECK_ROWS)
    return torch.randperm(m, generator=torch.Generator().manual_seed(seed + 1))[:count].sort().values


class _Rotating:
    """Cycles through several input sets so repeated calls do not hit a warm cache."""

    def __init__(self, sets: list[tuple[torch.Tensor, ...]]) -> None:
        self.sets = sets
        self.position = 0

    @property
    def current(self) -> tuple[torch.Tensor, ...]:
        return self.sets[self.position]

    def advance(self) -> None:
        self.position = (self.position + 1) % len(self.sets)


@dataclass(frozen=True)
class _Product(Workload):
    """``X @ Y`` with X m x m: the matrix-vector and matrix-matrix products share all but Y's shape."""

    m: int
    dtype: str = "float32"

    def __post_init__(self) -> None:
        _require_positive("m", self.m)
        _require_dtype(self.dtype)

    @property
    @abstractmethod
    def right_shape(self) -> tuple[int, ...]:
        """Shape of the right-hand operand Y."""

    @property
    def flops(self) -> float:
        return 2.0 * self.m * math.prod(self.right_shape)

    @property
    def bytes(self) -> float:
        # X and Y read once, the output (m values per column of Y) written once.
        size = torch.tensor([], dtype=DTYPES[self.dtype]).element_size()
        columns = math.prod(self.right_shape[1:])
        return float(size * (self.m * self.m + math.prod(self.right_shape) + self.m * columns))

    def _prepare(self, device: Device, *, seed: int, rotations: int) -> Prepared:
        generator = device.generator(seed)
        sets = [
            (_rand((self.m, self.m), self.dtype, generator, device), _rand(self.right_shape, self.dtype, generator, device))
            for _ in range(rotations)
        ]
        state = _Rotating(sets)

        def fn() -> torch.Tensor:
            X, Y = state.current
            return X @ Y

        def check() -> float:
            X, Y = state.current
            rows = _sample_rows(self.m, seed).to(X.device)
            out = fn()[rows]
            ref = X[rows].to("cpu", torch.float64) @ Y.to("cpu", torch.float64)
            return relative_error(out, ref)

        return Prepared(fn, check, TOLERANCE[self.dtype], rotations, state.advance)


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
    def bytes(self) -> float:
        return 2.0 * 4 * self.n  # read every source value once, write every destination value once

    def _prepare(self, device: Device, *, seed: int, rotations: int) -> Prepared:
        generator = device.generator(seed)
        sets = [
            (_rand((self.n,), "float32", generator, device), torch.empty(self.n, device=device.torch_device))
            for _ in range(rotations)
        ]
        state = _Rotating(sets)

        def fn() -> torch.Tensor:
            src, dst = state.current
            return dst.copy_(src)

        def check() -> float:
            src, dst = state.current
            dst.fill_(float("nan"))  # poison, so an unwritten element cannot pass
            fn()
            return 0.0 if torch.equal(dst, src) else math.inf

        return Prepared(fn, check, 0.0, rotations, state.advance)


class SmallCNN(nn.Module):
    """Two convolution blocks and a linear classifier for 3 x 32 x 32 images (CIFAR-sized)."""

    def __init__(self, width: int = 32, classes: int = 10) -> None:
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, width, 3, padding=1),
            nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(width, 2 * width, 3, padding=1),
            nn.ReLU(),
            nn.MaxPool2d(2),
        )
        self.classifier = nn.Linear(2 * width * 8 * 8, classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.classifier(self.features(x).flatten(1))


@dataclass(frozen=True)
class TrainStep(Workload):
    """One forward + backward + SGD step of :class:`SmallCNN` on a synthetic batch (no data download)."""

    batch: int = 64
    width: int = 32
    kind: ClassVar[str] = "train_step"

    def __post_init__(self) -> None:
        _require_positive("batch", self.batch)
        _require_positive("width", self.width)

    def _model(self, seed: int) -> SmallCNN:
        torch.manual_seed(seed)
        return SmallCNN(self.width)

    def _batch(self, seed: int) -> tuple[torch.Tensor, torch.Tensor]:
        generator = torch.Generator().manual_seed(seed + 7)
        images = torch.rand((self.batch, 3, 32, 32), generator=generator)
        labels = torch.randint(0, 10, (self.batch,), generator=generator)
        return images, labels

    @property
    def flops(self) -> float:
        # Counted by PyTorch's own FlopCounterMode on one CPU step (forward
        # and backward of the convolutions and the linear layer).
        from torch.utils.flop_counter import FlopCounterMode

        model = self._model(0)
        images, labels = self._batch(0)
        counter = FlopCounterMode(display=False)
        with counter:
            nn.functional.cross_entropy(model(images[:1]), labels[:1]).backward()
        return float(counter.get_total_flops() * self.batch)

    @property
    def bytes(self) -> float:
        params = sum(p.numel() for p in SmallCNN(self.width).parameters())
        # The batch is read once; every weight is read, its gradient written
        # and the weight written back by the optimiser step.
        return float(4 * (self.batch * 3 * 32 * 32 + self.batch) + 4 * 3 * params)

    def _prepare(self, device: Device, *, seed: int, rotations: int) -> Prepared:
        # One batch, whatever ``rotations`` says: the weights, updated by every
        # step, are the working set here, and a cold cache is not what training sees.
        model = self._model(seed).to(device.torch_device)
        optimiser = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
        images, labels = (t.to(device.torch_device) for t in self._batch(seed))

        def fn() -> torch.Tensor:
            optimiser.zero_grad(set_to_none=True)
            loss = nn.functional.cross_entropy(model(images), labels)
            loss.backward()
            optimiser.step()
            return loss

        initial = {name: value.detach().clone() for name, value in model.state_dict().items()}

        def check() -> float:
            # One more call of the very callable that was timed, with the
            # model put back to its initial weights: timing has trained it on
            # one batch for hundreds of steps, and at weights that fit the
            # batch the gradients shrink until TF32's rounding (cuDNN's
            # default for float32 convolutions) dominates them, which says
            # nothing about whether the step is computed right. Its gradients
            # are compared with a float64 CPU copy of the same weights.
            model.load_state_dict(initial)
            reference = self._model(seed).double()
            reference.load_state_dict({name: value.to("cpu", torch.float64) for name, value in initial.items()})
            fn()
            cpu_images, cpu_labels = self._batch(seed)
            nn.functional.cross_entropy(reference(cpu_images.double()), cpu_labels).backward()
            got = torch.cat([p.grad.flatten().to("cpu", torch.float64) for p in model.parameters()])
            want = torch.cat([p.grad.flatten() for p in reference.parameters()])
            return relative_error(got, want)

        return Prepared(fn, check, TRAIN_TOLERANCE, 1)


def _macos_major() -> int | None:
    import platform

    version = platform.mac_ver()[0]
    return int(version.split(".")[0]) if version else None


def _require_positive(name: str, value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise ValueError(f"{name} must be a positive whole number, got {value!r}")


def _require_dtype(dtype: str) -> None:
    if dtype not in DTYPES:
        raise ValueError(f"dtype must be one of {', '.join(DTYPES)}, got {dtype!r}")


WORKLOAD_TYPES: dict[str, type[Workload]] = {cls.kind: cls for cls in (MatVec, MatMul, Copy, TrainStep)}


def workload_from_dict(kind: str, params: dict[str, Any]) -> Workload:
    """Rebuild a workload from its ``kind`` and ``params`` as stored in a results file."""
    if kind not in WORKLOAD_TYPES:
        raise ValueError(f"unknown workload {kind!r}: known are {', '.join(WORKLOAD_TYPES)}")
    return WORKLOAD_TYPES[kind](**params)
