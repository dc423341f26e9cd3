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
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import torch
from torch import nn

from mpsarticle.core.reasons import Reason
from mpsarticle.core.routes import mps_attention_route
from mpsarticle.core.specs import (
    CHANNELS,
    CLASSES,
    IMAGE_SIDE,
    Attention,
    Copy,
    Decode,
    MatMul,
    MatVec,
    OpChain,
    Prefill,
    StepProducts,
    TrainStep,
    Unsupported,
    Workload,
)
from mpsarticle.measure import decoder
from mpsarticle.measure.devices import Device

__all__ = ["DTYPES", "TOLERANCE", "Prepared", "SmallCNN", "build", "prepare", "relative_error", "sample_rows"]

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
    #: What the point records about how it ran (mpsarticle.results.model.Point.detail): the attention backend
    #: PyTorch chose, the operations of one call, how per-call overhead was removed.
    detail: dict[str, str | int] = field(default_factory=dict)
    #: What the callable computes with (a decode step's weights), for tests that spoil one.
    state: Any = None


def prepare(workload: Workload, device: Device, *, seed: int = 0, rotations: int = 1) -> Prepared:
    """``workload``'s inputs on ``device`` (``rotations`` sets of them, for cache-cold timing) and its callable.

    Raises :class:`~mpsarticle.core.specs.Unsupported` for a workload known not to run there. MLX's devices have
    their own (:func:`mpsarticle.measure.mlx_kernels.prepare`).
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


def sample_rows(m: int, seed: int) -> torch.Tensor:
    """The rows of an m-row output that its check recomputes in float64: all of them up to :data:`_CHECK_ROWS`,
    else that many drawn from ``seed`` (the same rows for every framework that draws the same inputs)."""
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
        rows = sample_rows(workload.m, seed).to(X.device)
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


# -- operations one call dispatches ------------------------------------------------------------

def _is_view(op: Any) -> bool:
    """An operator whose output aliases an input without writing it (a view: no kernel runs)."""
    returns = getattr(getattr(op, "_schema", None), "returns", ())
    return any(r.alias_info is not None and not r.alias_info.is_write for r in returns)


def dispatched(fn: Callable[[], Any]) -> list[str]:
    """The ATen operators one call of ``fn`` dispatches, in order, views left out: each of the others runs a
    kernel of its own (on an accelerator, one launch)."""
    from torch.utils._python_dispatch import TorchDispatchMode

    names: list[str] = []

    class Recorder(TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            if not _is_view(func):
                names.append(func.__name__)
            return func(*args, **(kwargs or {}))

    with torch.no_grad(), Recorder():
        fn()
    return names


#: The fused attention kernels PyTorch's ``scaled_dot_product_attention`` may choose, by the operator it
#: dispatches (the backend's name as PyTorch's ``torch.nn.attention.SDPBackend`` has it); none of them: ``math``.
SDPA_BACKENDS = {
    "_scaled_dot_product_flash_attention": "flash",
    "_scaled_dot_product_flash_attention_for_cpu": "flash",
    "_scaled_dot_product_efficient_attention": "efficient",
    "_scaled_dot_product_cudnn_attention": "cudnn",
    "_scaled_dot_product_fused_attention_overrideable": "overrideable",
    "_scaled_dot_product_attention_math_for_mps": "mps",
}


def sdpa_backend(names: list[str]) -> str:
    """The attention backend of a call that dispatched ``names`` (:data:`SDPA_BACKENDS`)."""
    base = [name.split(".")[0] for name in names]
    return next((SDPA_BACKENDS[name] for name in base if name in SDPA_BACKENDS), "math")


# -- the cost of one operation, attention, a decode step --------------------------------------

@build.register
def _op_chain(workload: OpChain, device: Device, *, seed: int, rotations: int) -> Prepared:
    start = torch.zeros(workload.n, device=device.torch_device)

    def fn() -> torch.Tensor:
        x = start
        for _ in range(workload.ops):
            x = x + 1
        return x

    def verify() -> float:
        return 0.0 if torch.equal(fn().cpu(), torch.full((workload.n,), float(workload.ops))) else math.inf

    return Prepared(fn, verify, 0.0, detail={"ops_per_call": len(dispatched(fn))})


#: Query rows and heads of an attention call recomputed in float64 (a full reference at 8,192 positions would
#: cost far more than the measurement).
_ATTENTION_HEADS = 2


def _attention_reference(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, rows: torch.Tensor) -> torch.Tensor:
    """Causal softmax(q kᵀ / √d) v for the query ``rows``, in float64, written out."""
    q, k, v = (t.to("cpu", torch.float64) for t in (q, k, v))
    scores = q[..., rows, :] @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    later = torch.arange(k.shape[-2])[None, :] > rows[:, None]
    return torch.softmax(scores.masked_fill(later, -math.inf), dim=-1) @ v


@build.register
def _attention(workload: Attention, device: Device, *, seed: int, rotations: int) -> Prepared:
    generator = device.generator(seed)
    shape = (workload.batch, workload.heads, workload.seq, workload.head_dim)
    sets = [tuple(_rand(shape, workload.dtype, generator, device) * 2 - 1 for _ in range(3))
            for _ in range(rotations)]
    state = _Rotating(sets)

    def fn() -> torch.Tensor:
        q, k, v = state.current
        return nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)

    def verify() -> float:
        q, k, v = (t[:1, :_ATTENTION_HEADS] for t in state.current)
        rows = sample_rows(workload.seq, seed)
        out = fn()[:1, :_ATTENTION_HEADS, rows.to(q.device)]
        return relative_error(out, _attention_reference(q, k, v, rows))

    backend = sdpa_backend(dispatched(fn))
    if backend == "mps":
        # One operator holds every MPS kernel: the shape says which ran.
        backend += "_" + mps_attention_route(workload.seq, workload.seq, workload.head_dim, causal=True)
    return Prepared(fn, verify, TOLERANCE[workload.dtype], state.advance, detail={"backend": backend})


#: A decode step's logits against float64: a product's tolerance, but over every layer (rounding accumulates
#: through the residual stream; bfloat16 keeps 8 bits of mantissa).
DECODE_TOLERANCE: dict[str, float] = {"float32": 1e-3, "float16": 3e-2, "bfloat16": 8e-2, "float64": 1e-9}
#: Eager steps run before a CUDA graph is captured (on a side stream, as PyTorch's documentation asks).
_GRAPH_WARMUP = 3


def _replayed(fn: Callable[[], Any], device: Device) -> tuple[Callable[[], Any], Callable[[], Any], str]:
    """``fn`` without per-call overhead: the callable to time, one that returns what ``fn`` returns, and how."""
    if device.kind == "cuda":
        side = torch.cuda.Stream(device.torch_device)
        side.wait_stream(torch.cuda.current_stream(device.torch_device))
        with torch.cuda.stream(side):
            for _ in range(_GRAPH_WARMUP):
                fn()
        torch.cuda.current_stream(device.torch_device).wait_stream(side)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            logits = fn()

        def replayed() -> Any:
            graph.replay()
            return logits

        return graph.replay, replayed, "cuda_graph"
    compiled, _ = _compiled(fn)
    return compiled, compiled, "torch_compile"


#: The longest ``torch.compile`` may take for one point (its first call, which compiles): a compile past it is
#: measured no further and recorded as ``compile_slow`` with its time, as a reader would give up on it too.
COMPILE_LIMIT_S = 240.0


def _compiled(fn: Callable[[], Any]) -> tuple[Callable[[], Any], float]:
    """``fn`` compiled by ``torch.compile`` in its default mode (fusing operations, no CUDA graph), and the seconds
    its first call took to compile."""
    compiled = torch.compile(fn)
    return compiled, _first_call(compiled)


def _first_call(fn: Callable[[], Any]) -> float:
    """Call ``fn``, which compiles on its first call, here and not in the timed blocks: the seconds it took, or
    the point unsupported with why (the compiler failed, or took longer than :data:`COMPILE_LIMIT_S`)."""
    started = time.perf_counter()
    try:
        fn()
    except Exception as exc:
        message = " ".join(f"{type(exc).__name__}: {exc}".split())
        raise Unsupported(Reason.of("compile_failed", message=message[:300])) from exc
    seconds = time.perf_counter() - started
    if seconds > COMPILE_LIMIT_S:
        raise Unsupported(Reason.of("compile_slow", took_s=round(seconds, 1), limit_s=COMPILE_LIMIT_S))
    return seconds


def device_kernels(fn: Callable[[], Any], device: Device) -> int | None:
    """The kernels one call of ``fn`` runs on ``device``, as PyTorch's profiler sees them (a replayed CUDA graph's
    kernels included, copies and fills left out); ``None`` where the profiler sees no device kernels (a CPU, MPS)."""
    if device.kind != "cuda":
        return None
    from torch.autograd import DeviceType
    from torch.profiler import ProfilerActivity, profile

    fn()
    device.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as seen:
        fn()
        device.synchronize()
    return sum(1 for event in seen.events() if event.device_type == DeviceType.CUDA
               and not event.name.lower().startswith(("memcpy", "memset")))


@build.register
def _decode(workload: Decode, device: Device, *, seed: int, rotations: int) -> Prepared:
    # One model whatever ``rotations`` says: its weights are far larger than any cache already. Compiled, one
    # layer's function is compiled and every layer calls it with its own weights (the layers share their shapes):
    # one graph of some fifty operations to compile instead of the whole unrolled step (on the H200, 26 s for the
    # 1.1-billion-parameter step in its first process, and again in part in every later one).
    layer = torch.compile(decoder.layer_step) if workload.mode == "compiled" else decoder.layer_step
    built = decoder.build(workload, device.torch_device, DTYPES[workload.dtype], seed, layer=layer)
    detail: dict[str, str | int] = {"ops_per_call": len(dispatched(built.eager or built.fn))}
    if device.kind == "mps":
        # One new position over the cache and itself, no mask: the shape says which kernel runs.
        detail["attention_route"] = mps_attention_route(1, workload.context + 1, workload.head_dim, causal=False)
    fn: Callable[[], Any] = built.fn
    logits: Callable[[], torch.Tensor] = built.fn
    if workload.mode == "graph":
        fn, logits, detail["overhead_removed_by"] = _replayed(built.fn, device)
    elif workload.mode == "compiled":
        # A whole number: a results file's details are counts or text.
        detail["compile_ms"] = round(_first_call(built.fn) * 1000)
    kernels = device_kernels(fn, device)
    if kernels is not None:
        detail["kernels_per_call"] = kernels

    def verify() -> float:
        return relative_error(logits(), decoder.reference_logits(workload, seed))

    # No autograd to switch off: the weights are plain tensors, none of them requires a gradient.
    return Prepared(fn, verify, DECODE_TOLERANCE[workload.dtype], detail=detail, state=built)


@build.register
def _step_products(workload: StepProducts, device: Device, *, seed: int, rotations: int) -> Prepared:
    # The decoder's own weights (one model whatever ``rotations`` says), replayed where the device can, so that
    # the rate is what its matrices read, not what launching them costs.
    model = Decode(**{name: getattr(workload, name) for name in ("d_model", "layers", "heads", "kv_heads", "ffn",
                                                                   "vocab")}, dtype=workload.dtype)
    built = decoder.build_products(model, device.torch_device, DTYPES[workload.dtype], seed)
    detail: dict[str, str | int] = {"ops_per_call": len(dispatched(built.fn))}
    fn: Callable[[], Any] = built.fn
    outputs: Callable[[], Any] = built.fn
    if device.kind == "cuda":
        fn, outputs, detail["overhead_removed_by"] = _replayed(built.fn, device)
    kernels = device_kernels(fn, device)
    if kernels is not None:
        detail["kernels_per_call"] = kernels

    def verify() -> float:
        return relative_error(decoder.flat(outputs()), decoder.products_reference(model, seed))

    return Prepared(fn, verify, DECODE_TOLERANCE[workload.dtype], detail=detail, state=built)


@build.register
def _prefill(workload: Prefill, device: Device, *, seed: int, rotations: int) -> Prepared:
    # One model whatever ``rotations`` says, as for a decode step.
    built = decoder.build_prefill(workload, device.torch_device, DTYPES[workload.dtype], seed)
    detail: dict[str, str | int] = {"ops_per_call": len(dispatched(built.fn))}

    def verify() -> float:
        return relative_error(built.fn(), decoder.prefill_reference(workload, seed))

    return Prepared(built.fn, verify, DECODE_TOLERANCE[workload.dtype], detail=detail, state=built)
