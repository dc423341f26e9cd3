"""How to run a workload: inputs on a device, the callable to time, and a check of its result.

:func:`prepare` draws fresh, seeded random inputs for a workload of
:mod:`mpsarticle.core.specs` on a device and returns a :class:`Prepared` holding
the callable to time; :meth:`Prepared.verify` calls that same callable once
more and compares its output with a float64 reference computed on the CPU,
returning the relative error ``||out - ref|| / ||ref||``.

Large inputs are checked on a random sample of output rows, each recomputed
exactly in float64: a full float64 reference of a 32768 x 32768 product would
cost more than the measurement itself, and a wrong kernel is wrong on almost
every row.

Each kind of workload gets its kernel from :func:`build` (a
``functools.singledispatch`` on the workload's class), so a new workload, a
test's fake among them, registers its own. Nothing here times anything.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import torch
from torch import nn

from mpsarticle.core.specs import CHANNELS, CLASSES, IMAGE_SIDE, Copy, MatMul, MatVec, TrainStep, Unsupported, Workload
from mpsarticle.measure.devices import Device

__all__ = ["DTYPES", "TOLERANCE", "Prepared", "SmallCNN", "build", "prepare", "relative_error"]

DTYPES: dict[str, torch.dtype] = {
    "float32": torch.float32,
    "float16": torch.float16,
    "bfloat16": torch.bfloat16,
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
    """Inputs living on a device, the callable to time, and how to verify its result."""

    fn: Callable[[], Any]
    #: Calls ``fn`` once more and returns its relative error against a float64 CPU reference.
    verify: Callable[[], float]
    tolerance: float
    #: Moves to the next input set (cache-cold timing); nothing where there is one set.
    rotate: Callable[[], None] = field(default=lambda: None)


def prepare(workload: Workload, device: Device, *, seed: int = 0, rotations: int = 1) -> Prepared:
    """``workload``'s inputs on ``device`` (``rotations`` sets of them, for cache-cold timing) and its callable.

    Raises :class:`~mpsarticle.core.specs.Unsupported` for a workload known not to run there.
    """
    reason = workload.unsupported_reason(device.kind)
    if reason:
        raise Unsupported(reason)
    return build(workload, device, seed=seed, rotations=max(1, rotations))


@functools.singledispatch
def build(workload: Workload, device: Device, *, seed: int, rotations: int) -> Prepared:
    """The kernel of ``workload`` on ``device``; each workload class registers its own."""
    raise TypeError(f"no kernel for workload {workload.kind!r}")


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


@build.register(MatVec)
@build.register(MatMul)
def _product(workload: MatVec | MatMul, device: Device, *, seed: int, rotations: int) -> Prepared:
    generator = device.generator(seed)
    sets = [
        (_rand((workload.m, workload.m), workload.dtype, generator, device),
         _rand(workload.right_shape, workload.dtype, generator, device))
        for _ in range(rotations)
    ]
    state = _Rotating(sets)

    def fn() -> torch.Tensor:
        X, Y = state.current
        return X @ Y

    def verify() -> float:
        X, Y = state.current
        rows = _sample_rows(workload.m, seed).to(X.device)
        out = fn()[rows]
        ref = X[rows].to("cpu", torch.float64) @ Y.to("cpu", torch.float64)
        return relative_error(out, ref)

    return Prepared(fn, verify, TOLERANCE[workload.dtype], state.advance)


@build.register
def _copy(workload: Copy, device: Device, *, seed: int, rotations: int) -> Prepared:
    generator = device.generator(seed)
    sets = [
        (_rand((workload.n,), "float32", generator, device), torch.empty(workload.n, device=device.torch_device))
        for _ in range(rotations)
    ]
    state = _Rotating(sets)

    def fn() -> torch.Tensor:
        src, dst = state.current
        return dst.copy_(src)

    def verify() -> float:
        src, dst = state.current
        dst.fill_(float("nan"))  # poison, so an unwritten element cannot pass
        fn()
        return 0.0 if torch.equal(dst, src) else math.inf

    return Prepared(fn, verify, 0.0, state.advance)


class SmallCNN(nn.Module):
    """Two convolution blocks and a linear classifier for 3 x 32 x 32 images (CIFAR-sized)."""

    def __init__(self, width: int = 32, classes: int = CLASSES) -> None:
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(CHANNELS, width, 3, padding=1),
            nn.ReLU(),
            nn.MaxPool2d(2),
            nn.Conv2d(width, 2 * width, 3, padding=1),
            nn.ReLU(),
            nn.MaxPool2d(2),
        )
        self.classifier = nn.Linear(2 * width * (IMAGE_SIDE // 4) ** 2, classes)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.classifier(self.features(x).flatten(1))


def small_cnn(workload: TrainStep, seed: int) -> SmallCNN:
    torch.manual_seed(seed)
    return SmallCNN(workload.width)


def train_batch(workload: TrainStep, seed: int) -> tuple[torch.Tensor, torch.Tensor]:
    generator = torch.Generator().manual_seed(seed + 7)
    images = torch.rand((workload.batch, CHANNELS, IMAGE_SIDE, IMAGE_SIDE), generator=generator)
    labels = torch.randint(0, CLASSES, (workload.batch,), generator=generator)
    return images, labels


@build.register
def _train_step(workload: TrainStep, device: Device, *, seed: int, rotations: int) -> Prepared:
    # One batch, whatever ``rotations`` says: the weights, updated by every
    # step, are the working set here, and a cold cache is not what training sees.
    model = small_cnn(workload, seed).to(device.torch_device)
    optimiser = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    images, labels = (t.to(device.torch_device) for t in train_batch(workload, seed))

    def fn() -> torch.Tensor:
        optimiser.zero_grad(set_to_none=True)
        loss = nn.functional.cross_entropy(model(images), labels)
        loss.backward()
        optimiser.step()
        return loss

    initial = {name: value.detach().clone() for name, value in model.state_dict().items()}

    def verify() -> float:
        # One more call of the very callable that was timed, with the
        # model put back to its initial weights: timing has trained it on
        # one batch for hundreds of steps, and at weights that fit the
        # batch the gradients shrink until TF32's rounding (cuDNN's
        # default for float32 convolutions) dominates them, which says
        # nothing about whether the step is computed right. Its gradients
        # are compared with a float64 CPU copy of the same weights.
        model.load_state_dict(initial)
        reference = small_cnn(workload, seed).double()
        reference.load_state_dict({name: value.to("cpu", torch.float64) for name, value in initial.items()})
        fn()
        cpu_images, cpu_labels = train_batch(workload, seed)
        nn.functional.cross_entropy(reference(cpu_images.double()), cpu_labels).backward()
        got = torch.cat([p.grad.flatten().to("cpu", torch.float64) for p in model.parameters()])
        want = torch.cat([p.grad.flatten() for p in reference.parameters()])
        return relative_error(got, want)

    return Prepared(fn, verify, TRAIN_TOLERANCE)
