"""What to run: each workload's parameters, FLOPs and bytes moved, and how hard to try; no torch.

A workload here is a frozen dataclass that says *what* one call computes:
its parameters, its floating-point operations and the fewest bytes it must
move through device memory. Building its inputs on a device and checking
its output is :mod:`mpsarticle.measure.kernels`' job, the only part that needs
torch. Everything that only reads results (the article's text, tables and
figures, ``python -m mpsarticle plot``) uses this module and never imports
torch.

Each kind also states its facts (size parameter, rate, precisions, whether
the verdict and the model read it) as class attributes, and enters the
registry :data:`WORKLOADS` as it is defined (:mod:`mpsarticle.core.workload`
says what each fact means). Importing this module defines every kind of the
article, so the registry is read from here.
"""

from __future__ import annotations

import math
from abc import abstractmethod
from dataclasses import dataclass
from typing import ClassVar, Literal, get_args

from mpsarticle.core.reasons import Reason
from mpsarticle.core.workload import BANDWIDTH, COMPUTE, WORKLOADS, Rate, Workload, size_key
from mpsarticle.errors import CANNOT_START, InputError, MpsarticleError

__all__ = [
    "SIZE_KEYS",
    "BANDWIDTH",
    "COMPUTE",
    "DEVICE_KINDS",
    "DTYPE_SIZES",
    "METHODS",
    "Attention",
    "Copy",
    "Decode",
    "DeviceUnavailable",
    "MatMul",
    "MatVec",
    "Method",
    "OpChain",
    "Prefill",
    "StepProducts",
    "Rate",
    "TimingOptions",
    "TrainStep",
    "Unsupported",
    "WORKLOADS",
    "Workload",
    "size_key",
]

#: The device kinds this package knows, in the order the article prefers them.
DEVICE_KINDS = ("mps", "cuda", "cpu")

#: Bytes per element of each input precision a workload may ask for. float64
#: is not in the article's suites; it is here so that the library can time
#: it, and so that MPS refuses it with a reason rather than a stack trace.
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
class _Product(Workload):
    """``X @ Y`` with X m x m: the matrix-vector and matrix-matrix products share all but Y's shape."""

    m: int
    dtype: str = "float32"
    size_key = "m"
    in_verdict = True
    modelled = True
    ops_per_call = 1

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
    rate = BANDWIDTH

    @property
    def right_shape(self) -> tuple[int, ...]:
        return (self.m,)


@dataclass(frozen=True)
class MatMul(_Product):
    """``A @ B`` with both m x m, in float32, float16 or bfloat16."""

    kind: ClassVar[str] = "matmul"
    rate = COMPUTE
    precisions = ("float32", "float16", "bfloat16")

    @property
    def right_shape(self) -> tuple[int, ...]:
        return (self.m, self.m)


@dataclass(frozen=True)
class Copy(Workload):
    """``dst.copy_(src)`` of n float32 values: the device's practical memory-bandwidth ceiling."""

    n: int
    kind: ClassVar[str] = "copy"
    size_key = "n"
    rate = BANDWIDTH
    modelled = True
    ops_per_call = 1

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
    size_key = "batch"
    in_verdict = True

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


@dataclass(frozen=True)
class Attention(Workload):
    """Causal ``scaled_dot_product_attention`` of one sequence: ``heads`` heads of ``head_dim``, ``seq`` positions.

    Query, key and value are ``batch x heads x seq x head_dim``. FLOPs are those a causal kernel must do: the
    query-key products and the weighted sum of values over the ``seq (seq + 1) / 2`` pairs of the lower
    triangle, two operations per multiply-add (the softmax is not counted).
    """

    seq: int
    head_dim: int = 64
    heads: int = 16
    dtype: str = "bfloat16"
    batch: int = 1
    kind: ClassVar[str] = "attention"
    size_key = "seq"
    modelled = True
    ops_per_call = 1

    def __post_init__(self) -> None:
        for name in ("seq", "head_dim", "heads", "batch"):
            _require_positive(name, getattr(self, name))
        if self.dtype not in DTYPE_SIZES:
            raise InputError(f"dtype must be one of {', '.join(DTYPE_SIZES)}, got {self.dtype!r}")

    @property
    def flops(self) -> float:
        pairs = self.seq * (self.seq + 1) / 2
        return 2.0 * 2.0 * pairs * self.head_dim * self.heads * self.batch

    @property
    def bytes_moved(self) -> float:
        # query, key and value read once, the output written once
        return float(4 * self.batch * self.heads * self.seq * self.head_dim * DTYPE_SIZES[self.dtype])


@dataclass(frozen=True)
class OpChain(Workload):
    """``ops`` dependent additions (``x = x + 1``, each waiting for the one before) on ``n`` float32 values.

    The values are so few that the arithmetic and the bytes cost next to nothing: what a call takes is the
    fixed cost of ``ops`` operations (PyTorch's dispatch, and on an accelerator the kernel's launch), so
    time / ``ops`` is the cost of one operation.
    """

    ops: int = 100
    n: int = 256
    kind: ClassVar[str] = "op_chain"
    size_key = "ops"
    modelled = True

    def __post_init__(self) -> None:
        _require_positive("ops", self.ops)
        _require_positive("n", self.n)

    @property
    def flops(self) -> float:
        return float(self.ops * self.n)

    @property
    def bytes_moved(self) -> float:
        return float(self.ops * 2 * DTYPE_SIZES["float32"] * self.n)  # each addition reads x and writes the new x


#: Ways of running a decode step: ``eager`` (each operation dispatched from Python, as a user's code runs it),
#: ``graph`` (the step replayed without per-call overhead: a CUDA graph on CUDA, every kernel kept and launched at
#: once; ``torch.compile`` on MPS, which has no graph replay) and ``compiled`` (``torch.compile``'s default mode,
#: which fuses operations into fewer kernels and launches each from the host; where a CUDA graph is the replay).
DECODE_MODES = ("eager", "graph", "compiled")


@dataclass(frozen=True)
class _DecoderShape(Workload):
    """The shape of the Llama-like decoder that :class:`Decode` and :class:`Prefill` run: RMSNorm, rotary position
    embeddings, grouped-query attention (``heads`` query heads sharing ``kv_heads`` key/value heads), a SwiGLU
    MLP of width ``ffn``, an untied output layer over ``vocab`` tokens. Each kind adds its precision (and what
    else it needs) after these fields."""

    d_model: int
    layers: int
    heads: int
    kv_heads: int
    ffn: int
    vocab: int = 32000

    def _check_shape(self, dtype: str, *more: str) -> None:
        """Refuse a shape that cannot be built, with the name of what is wrong (``dtype``: the kind's precision,
        ``more``: the names of its own whole numbers)."""
        for name in ("d_model", "layers", "heads", "kv_heads", "ffn", "vocab", *more):
            _require_positive(name, getattr(self, name))
        if dtype not in DTYPE_SIZES:
            raise InputError(f"dtype must be one of {', '.join(DTYPE_SIZES)}, got {dtype!r}")
        if self.d_model % self.heads or self.heads % self.kv_heads or (self.d_model // self.heads) % 2:
            raise InputError(f"d_model ({self.d_model}) must split into {self.heads} heads of an even size, and the "
                             f"heads into {self.kv_heads} groups")

    @property
    def head_dim(self) -> int:
        return self.d_model // self.heads

    @property
    def layer_parameters(self) -> int:
        kv = self.kv_heads * self.head_dim
        return 2 * self.d_model * self.d_model + 2 * self.d_model * kv + 3 * self.d_model * self.ffn + 2 * self.d_model

    @property
    def parameters(self) -> int:
        """Every weight: the embedding table, the layers, the final norm, the output layer."""
        return 2 * self.vocab * self.d_model + self.layers * self.layer_parameters + self.d_model


@dataclass(frozen=True)
class Decode(_DecoderShape):
    """One generated token of the decoder (:class:`_DecoderShape`) with random weights (no download), at a fixed
    context: attention over a key/value cache holding ``context`` earlier positions. Built by
    :mod:`mpsarticle.measure.decoder`.

    ``bytes_moved`` is what one token must read and write: every weight once (of the embedding table only the
    token's row), the cache's keys and values, and the new position's. A device reading ``B`` bytes per second
    can therefore produce at most ``B / bytes_moved`` tokens per second: the bandwidth bound.
    """

    context: int = 512
    dtype: str = "bfloat16"
    mode: str = "eager"
    kind: ClassVar[str] = "decode"
    size_key = "d_model"
    modelled = True

    def __post_init__(self) -> None:
        if self.mode not in DECODE_MODES:
            raise InputError(f"mode must be one of {', '.join(DECODE_MODES)}, got {self.mode!r}")
        self._check_shape(self.dtype, "context")

    @property
    def cache_values(self) -> int:
        """Keys and values the cache holds for the ``context`` positions and the new one."""
        return self.layers * 2 * self.kv_heads * self.head_dim * (self.context + 1)

    @property
    def flops(self) -> float:
        products = self.layers * (self.layer_parameters - 2 * self.d_model) + self.vocab * self.d_model
        attention = self.layers * 2 * 2 * self.heads * self.head_dim * (self.context + 1)
        return 2.0 * products + attention

    @property
    def bytes_moved(self) -> float:
        read = self.parameters - (self.vocab - 1) * self.d_model  # one row of the embedding table
        written = self.layers * 2 * self.kv_heads * self.head_dim
        return float(DTYPE_SIZES[self.dtype] * (read + self.cache_values + written))

    def unsupported_reason(self, device_kind: str) -> Reason | None:
        if self.mode == "graph" and device_kind == "cpu":
            return Reason.of("no_graph_cpu")
        return super().unsupported_reason(device_kind)


@dataclass(frozen=True)
class StepProducts(_DecoderShape):
    """The decode step's matrix products alone (:class:`Decode`'s weights for the same seed, each matrix times one
    vector, in the step's order, nothing between them), replayed without per-call overhead where the device can
    (a CUDA graph). Built by :mod:`mpsarticle.measure.decoder`.

    Its rate is what the step's own matrices, at their own sizes, read from memory on this device: the bound a
    decode step is held to, where the best ``B @ a`` (one large square matrix) may read faster than matrices
    2,048 wide can.
    """

    dtype: str = "bfloat16"
    kind: ClassVar[str] = "step_products"
    size_key = "d_model"
    rate = BANDWIDTH

    def __post_init__(self) -> None:
        self._check_shape(self.dtype)

    @property
    def weights(self) -> int:
        """The weights the products read: every layer's matrices and the output layer."""
        return self.layers * (self.layer_parameters - 2 * self.d_model) + self.vocab * self.d_model

    @property
    def flops(self) -> float:
        return 2.0 * self.weights

    @property
    def bytes_moved(self) -> float:
        return float(DTYPE_SIZES[self.dtype] * self.weights)


@dataclass(frozen=True)
class Prefill(_DecoderShape):
    """A prompt of ``tokens`` positions read at once by the decoder (:class:`_DecoderShape`): the same weights as
    :class:`Decode`'s for the same seed (:attr:`shape`), every layer's products matrix products over the prompt,
    its attention causal over the prompt, and the logits of the prompt's last position as its result (what
    llama.cpp reports as prompt processing, ``pp512``). Built by :mod:`mpsarticle.measure.decoder`.

    Each weight is read once for all the prompt's positions, so the arithmetic grows with the prompt and the
    bytes do not: a long enough prompt is bound by the device's arithmetic, where generating one token is bound
    by its bytes or by the cost of its calls.
    """

    tokens: int = 512
    dtype: str = "bfloat16"
    kind: ClassVar[str] = "prefill"
    size_key = "tokens"
    rate = COMPUTE

    def __post_init__(self) -> None:
        self._check_shape(self.dtype, "tokens")

    @property
    def shape(self) -> Decode:
        """The decode step whose weights the prompt runs through (its cache of one position is never read)."""
        return Decode(d_model=self.d_model, layers=self.layers, heads=self.heads, kv_heads=self.kv_heads,
                      ffn=self.ffn, vocab=self.vocab, context=1, dtype=self.dtype)

    @property
    def flops(self) -> float:
        """Every layer's products for every position, the output layer for the last one, and causal attention:
        each position's scores and weighted values over itself and the positions before it."""
        products = self.layers * (self.layer_parameters - 2 * self.d_model) * self.tokens
        attention = self.layers * 2 * 2 * self.heads * self.head_dim * self.tokens * (self.tokens + 1) // 2
        return 2.0 * (products + self.vocab * self.d_model) + attention

    @property
    def bytes_moved(self) -> float:
        """Every weight once (of the embedding table only the prompt's rows), and the keys and values written."""
        read = self.parameters - (self.vocab - min(self.tokens, self.vocab)) * self.d_model
        written = self.layers * 2 * self.kv_heads * self.head_dim * self.tokens
        return float(DTYPE_SIZES[self.dtype] * (read + written))


def _require_positive(name: str, value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise InputError(f"{name} must be a positive whole number, got {value!r}")


#: Each kind's size parameter, as the registry holds it (:func:`size_key` reads one kind's, a later kind's too).
SIZE_KEYS: dict[str, str] = {kind: declared.size_key for kind, declared in WORKLOADS.items() if declared.size_key}
