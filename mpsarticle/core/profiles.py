"""Suites (what the article measures) and profiles (how big and how long).

A *suite* is one experiment of the article: a list of workloads and the
timing methods applied to them. A *profile* chooses the sizes and the time
budget per point:

``quick``   every measurement the article needs, under a minute on a 2-core CPU (CI);
``default`` the article's measurements in a few minutes on a 2-core CPU, larger sizes on an accelerator;
``full``    the largest sizes that fit in the accelerator's memory.

The original experiment's sizes (m = 100 ... 3000) are the same in every
profile: they are the article's starting point.

Nothing here needs torch: the names of the suites and profiles, and the
plan itself, are read by code that only loads results.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from mpsarticle import config
from mpsarticle.core.frameworks import MLX_SUITE, is_mlx
from mpsarticle.core.mps_issues import known_issues, status
from mpsarticle.core.specs import (
    Attention,
    Copy,
    Decode,
    MatMul,
    MatVec,
    Method,
    OpChain,
    Prefill,
    StepProducts,
    TimingOptions,
    TrainStep,
    Workload,
)
from mpsarticle.errors import InputError


class Target(Protocol):
    """What planning needs of a device; :class:`mpsarticle.measure.devices.Device` is one (the core imports no
    torch)."""

    @property
    def name(self) -> str: ...

    @property
    def is_accelerator(self) -> bool: ...

__all__ = ["ORIGINAL_SIZES", "PROFILES", "SUITES", "Profile", "SELFCHECK_BUDGET_S", "SELFCHECK_PROCESSES",
           "SELFCHECK_ROUNDS", "SELFCHECK_TOLERANCE", "OTHER_HALF", "Task", "current_profile", "emulates_bfloat16",
           "for_machine", "get_profile", "plan", "replays_graphs"]

#: The sizes of the blog post's chart.
ORIGINAL_SIZES = (100, 300, 500, 750, 1000, 1500, 2000, 2500, 3000)
#: Dependent additions per call of the cost-of-an-operation workload (mpsarticle.core.specs.OpChain), in every
#: profile.
OP_CHAIN = 100
#: Attention's precisions: half precisions on an accelerator; on a CPU float32 and bfloat16 (CPUs without
#: half-precision units emulate float16 far slower).
ATTENTION_DTYPES = {"accelerator": ("float16", "bfloat16"), "cpu": ("float32", "bfloat16")}

#: Attention's width (query heads × head size), on every device: a small language model's (TinyLlama's, say), so
#: that the CPU and the accelerator are compared on the same calls.
ATTENTION_WIDTH = 2048


@dataclass(frozen=True)
class AttentionSizes:
    """Attention's sequence lengths per device, and its head sizes (heads: :data:`ATTENTION_WIDTH` / head size)."""

    seq: Sizes
    head_dims: tuple[int, ...]

    def on(self, device: Target) -> list[tuple[int, int, int]]:
        """(seq, head_dim, heads) to measure on ``device``."""
        return [(seq, dim, ATTENTION_WIDTH // dim) for dim in self.head_dims for seq in self.seq.on(device)]


#: The decoders of the decode suite (mpsarticle.core.specs.Decode), by name: a few million parameters for a
#: small CPU, a small model for a quick look at an accelerator, and a 1.1-billion-parameter one shaped like
#: TinyLlama (22 layers, width 2,048, 32 query heads sharing 4 key/value heads, MLP 5,632, 32,000 tokens).
DECODERS: dict[str, Decode] = {
    "tiny": Decode(d_model=256, layers=4, heads=4, kv_heads=2, ffn=704, vocab=8192, context=256),
    "small": Decode(d_model=512, layers=8, heads=8, kv_heads=2, ffn=1408, vocab=32000, context=512),
    "medium": Decode(d_model=1024, layers=8, heads=16, kv_heads=4, ffn=2816, vocab=32000, context=512),
    "1.1b": Decode(d_model=2048, layers=22, heads=32, kv_heads=4, ffn=5632, vocab=32000, context=512),
}


@dataclass(frozen=True)
class DecoderChoice:
    """The decoder measured on a CPU and on an accelerator (names of :data:`DECODERS`), and in which precision."""

    cpu: str
    accelerator: str
    cpu_dtype: str = "float32"
    #: The accelerator's precision, measured eager and replayed; the other half precision is measured eager
    #: beside it, so that the chapter can say which of the two is faster on this machine.
    accelerator_dtype: str = "bfloat16"
    #: Longer contexts (earlier positions in the cache) the accelerator's decoder is also measured at, eager and
    #: replayed in its own precision: each position adds its keys and values to the bytes a token reads.
    contexts: tuple[int, ...] = ()
    #: Prompt lengths read at once (:class:`~mpsarticle.core.specs.Prefill`): on a CPU in its precision, on an
    #: accelerator in both half precisions (the decoder's first).
    cpu_prompt: int = 64
    accelerator_prompt: int = 512

    def prompts(self, device: Target) -> list[Prefill]:
        """The prompts to read at once on ``device``, with the decoder of :meth:`on`'s shape."""
        if device.is_accelerator:
            shape, tokens = DECODERS[self.accelerator], self.accelerator_prompt
            dtypes = [self.accelerator_dtype, OTHER_HALF[self.accelerator_dtype]]
        else:
            shape, tokens, dtypes = DECODERS[self.cpu], self.cpu_prompt, [self.cpu_dtype]
        return [Prefill(d_model=shape.d_model, layers=shape.layers, heads=shape.heads, kv_heads=shape.kv_heads,
                        ffn=shape.ffn, vocab=shape.vocab, tokens=tokens, dtype=dtype) for dtype in dtypes]

    def on(self, device: Target) -> list[Decode]:
        """The decode steps to measure on ``device``: eager everywhere; on an accelerator also replayed without
        per-call overhead (a CPU queues nothing: there is no such overhead to remove), compiled by
        ``torch.compile`` where the replay is a CUDA graph (on MPS the replay is that compiler already), eager
        and replayed at each longer context, and eager in the other half precision, last (so that the points of
        one precision follow each other and a process draws the model once for them)."""
        if device.is_accelerator:
            shape, dtype = DECODERS[self.accelerator], self.accelerator_dtype
            modes = ("eager", "graph", "compiled") if replays_graphs(device) else ("eager", "graph")
            longer = [replace(shape, dtype=dtype, mode=mode, context=context)
                      for context in self.contexts for mode in ("eager", "graph")]
            return [replace(shape, dtype=dtype, mode=mode) for mode in modes] + longer + [
                replace(shape, dtype=OTHER_HALF[dtype], mode="eager")]
        return [replace(DECODERS[self.cpu], dtype=self.cpu_dtype)]

    def products(self) -> StepProducts:
        """The accelerator's decoder's matrix products alone, in its precision: the size-matched bound of its step
        (measured only where a CUDA graph replays them, :func:`replays_graphs`)."""
        shape = DECODERS[self.accelerator]
        return StepProducts(d_model=shape.d_model, layers=shape.layers, heads=shape.heads, kv_heads=shape.kv_heads,
                            ffn=shape.ffn, vocab=shape.vocab, dtype=self.accelerator_dtype)

    def for_machine(self, environment: Mapping[str, Any]) -> DecoderChoice:
        """This choice on the machine of ``environment``: float16 where its Apple GPU emulates bfloat16 (about
        half float16's rate there), so that the step a reader's chip is judged by is the one it runs fast."""
        return replace(self, accelerator_dtype="float16") if emulates_bfloat16(environment) else self


#: Each half precision's counterpart, measured beside it.
OTHER_HALF = {"bfloat16": "float16", "float16": "bfloat16"}
#: The known-problems row (mpsarticle/data/mps_issues.csv) of the chips whose GPU has no bfloat16 arithmetic.
BFLOAT16_EMULATED = "bf16_emulated"


def emulates_bfloat16(environment: Mapping[str, Any]) -> bool:
    """Whether the Apple GPU of the machine of ``environment`` has no bfloat16 arithmetic."""
    emulated = next(issue for issue in known_issues() if issue.key == BFLOAT16_EMULATED)
    return status(emulated, environment) == "applies"


def for_machine(profile: Profile, environment: Mapping[str, Any]) -> Profile:
    """``profile`` with its decoder's precision chosen for the machine of ``environment``."""
    return replace(profile, decoder=profile.decoder.for_machine(environment))


@dataclass(frozen=True)
class Sizes:
    """Sizes for the CPU and for accelerators (which get larger ones)."""

    cpu: tuple[int, ...]
    accelerator: tuple[int, ...]

    @classmethod
    def everywhere(cls, *sizes: int) -> Sizes:
        """The same sizes on every device."""
        return cls(cpu=sizes, accelerator=sizes)

    def on(self, device: Target) -> tuple[int, ...]:
        return self.accelerator if device.is_accelerator else self.cpu


@dataclass(frozen=True)
class Profile:
    name: str
    help: str
    budget_s: float
    #: The sizes of each suite that measures one workload size by size, by suite: values of that workload's size
    #: parameter (:attr:`mpsarticle.core.workload.Workload.size_key`): ``B @ a``'s m, the copy's n, the matrix
    #: product's m, the training step's batch, the chain's dependent additions per call (``overhead``).
    sizes: Mapping[str, Sizes] = field(hash=False)
    attention: AttentionSizes
    decoder: DecoderChoice
    #: Largest half-precision (float16, bfloat16) matrix product on a CPU:
    #: CPUs without half-precision units emulate it a hundred times slower
    #: than float32, and every point needs at least ten timed calls.
    cpu_half_matmul_max: int = 512
    #: Engine budget for the original experiment's many small points.
    original_budget_s: float = field(default=0.2)
    #: Longest one point may take (preparing, timing, checking) before it is
    #: recorded as ``timeout``: far beyond any honest point, so only a hung
    #: one reaches it (see mpsarticle.measure.watchdog).
    point_limit_s: float = field(default=300.0)
    #: Fresh processes each point is measured in (mpsarticle.measure.workers), each with budget_s / processes.
    processes: int = field(default=3)

    def options(self, **overrides: Any) -> TimingOptions:
        return TimingOptions(budget_s=self.budget_s, **overrides)


#: selfcheck (mpsarticle.measure.selfcheck): engine/reference alternations per point.
SELFCHECK_ROUNDS = 2
#: selfcheck: seconds of timed blocks per method per round, shared among its processes.
SELFCHECK_BUDGET_S = 0.25
#: selfcheck: fresh processes that measure its points (as a default run's points are).
SELFCHECK_PROCESSES = 3
#: selfcheck: a row is outside when the engine's and the reference's intervals lie further apart than this
#: fraction, either way (the engine reading 5 % high or 5 % low is the same error).
SELFCHECK_TOLERANCE = 0.05

# The budgets are half those a run in one process would need: a run pays each worker's start (Python, torch's
# import, first use of torch.nn: some 4 s on a 2-core CPU) and each point's inputs once per process, and with
# half the budgets the whole takes about a fifth longer than one process with the full budgets.
PROFILES: dict[str, Profile] = {
    profile.name: profile
    for profile in (
        Profile(
            name="quick",
            help="every measurement the article needs, in under a minute on a 2-core CPU (for CI)",
            budget_s=0.12,
            original_budget_s=0.05,
            point_limit_s=120.0,
            # Two, not three: on a 2-core CPU a quick run of the original suite takes some 8 s in two processes
            # and 10 s in three (each process's start, even two at a time, and each point's inputs per process),
            # and CI runs many.
            processes=2,
            sizes={"matvec": Sizes(cpu=(1024, 2048, 4096), accelerator=(1024, 4096, 8192)),
                   "copy": Sizes(cpu=(1 << 18, 1 << 22, 1 << 24), accelerator=(1 << 20, 1 << 24, 1 << 26)),
                   "matmul": Sizes(cpu=(128, 256, 512), accelerator=(512, 1024, 2048)),
                   "train": Sizes.everywhere(32), "overhead": Sizes.everywhere(OP_CHAIN)},
            attention=AttentionSizes(seq=Sizes(cpu=(512,), accelerator=(512, 2048)), head_dims=(64,)),
            decoder=DecoderChoice(cpu="tiny", accelerator="medium", contexts=(2048,)),
            cpu_half_matmul_max=256,
        ),
        Profile(
            name="default",
            help="the article's measurements, a few minutes on a 2-core CPU; larger sizes on an accelerator",
            budget_s=0.25,
            original_budget_s=0.1,
            sizes={"matvec": Sizes(cpu=(1024, 2048, 4096, 8192), accelerator=(1024, 2048, 4096, 8192, 16384)),
                   "copy": Sizes(cpu=(1 << 18, 1 << 22, 1 << 24, 1 << 26),
                                 accelerator=(1 << 20, 1 << 24, 1 << 26, 1 << 28)),
                   "matmul": Sizes(cpu=(128, 256, 512, 1024), accelerator=(512, 1024, 2048, 4096, 8192)),
                   "train": Sizes.everywhere(32, 128), "overhead": Sizes.everywhere(OP_CHAIN)},
            attention=AttentionSizes(seq=Sizes(cpu=(512, 1024), accelerator=(512, 1024, 2048, 8192)),
                                     head_dims=(64, 128)),
            # 16,384 positions: the cache then weighs about a sixth of a token's bytes, and the decoder with it
            # fits a 16 GB Mac.
            decoder=DecoderChoice(cpu="small", accelerator="1.1b", contexts=(4096, 16384)),
        ),
        Profile(
            name="full",
            help="the largest sizes an accelerator's memory allows (minutes on a GPU)",
            budget_s=0.5,
            original_budget_s=0.1,
            point_limit_s=900.0,
            sizes={"matvec": Sizes(cpu=(1024, 2048, 4096, 8192, 16384),
                                   accelerator=(1024, 2048, 4096, 8192, 16384, 32768, 65536)),
                   "copy": Sizes(cpu=(1 << 18, 1 << 22, 1 << 24, 1 << 26, 1 << 28),
                                 accelerator=(1 << 20, 1 << 24, 1 << 26, 1 << 28, 1 << 30, 1 << 31)),
                   "matmul": Sizes(cpu=(128, 256, 512, 1024, 2048), accelerator=(1024, 2048, 4096, 8192, 16384)),
                   "train": Sizes.everywhere(32, 128, 512), "overhead": Sizes.everywhere(OP_CHAIN)},
            attention=AttentionSizes(seq=Sizes(cpu=(512, 1024, 2048), accelerator=(512, 1024, 2048, 8192, 16384)),
                                     head_dims=(64, 128)),
            decoder=DecoderChoice(cpu="small", accelerator="1.1b", contexts=(4096, 16384, 65536)),
            cpu_half_matmul_max=1024,
        ),
    )
}


@dataclass(frozen=True)
class Task:
    """One point to measure."""

    suite: str
    workload: Workload
    device: Target
    method: Method
    options: TimingOptions


def _methods(device: Target, *, naive: bool, events: bool) -> list[Method]:
    methods: list[Method] = ["naive"] if naive else []
    methods.append("engine")
    if events and device.is_accelerator:
        methods.append("events")
    return methods


#: How a suite plans its points: from its name, a profile and a device.
Planner = Callable[[str, Profile, Target], list[Task]]


def _size_by_size(kind: type[Workload], *, naive: bool = False, events: bool = False,
                  keep: Callable[[Profile, Target, int, str | None], bool] | None = None) -> Planner:
    """A suite that measures ``kind`` at each of the profile's sizes for it (:attr:`Profile.sizes`, values of the
    kind's size parameter), in each of the kind's precisions where it names them, timed by the
    engine (and the blog post's ``timeit`` where ``naive``, device events on an accelerator where ``events``);
    ``keep(profile, device, size, dtype)`` may leave a point out."""
    def tasks(suite: str, profile: Profile, device: Target) -> list[Task]:
        key = kind.size_key
        if key is None:
            raise InputError(f"suite {suite!r}: workload {kind.kind!r} has no size parameter")
        chosen = [(size, dtype) for dtype in kind.precisions or (None,) for size in profile.sizes[suite].on(device)
                  if keep is None or keep(profile, device, size, dtype)]
        return [Task(suite, kind(**{key: size, **({"dtype": dtype} if dtype else {})}), device, method,
                     profile.options())
                for size, dtype in chosen for method in _methods(device, naive=naive, events=events)]

    return tasks


def _suite_original(suite: str, profile: Profile, device: Target) -> list[Task]:
    options = TimingOptions(budget_s=profile.original_budget_s)
    return [
        Task(suite, MatVec(m), device, method, options)
        for m in ORIGINAL_SIZES
        for method in _methods(device, naive=True, events=False)
    ]


def _cpu_half_limit(profile: Profile, device: Target, m: int, dtype: str | None) -> bool:
    """Half-precision products on a CPU only up to :attr:`Profile.cpu_half_matmul_max`."""
    return device.is_accelerator or dtype == "float32" or m <= profile.cpu_half_matmul_max


def _suite_attention(suite: str, profile: Profile, device: Target) -> list[Task]:
    dtypes = ATTENTION_DTYPES["accelerator" if device.is_accelerator else "cpu"]
    return [Task(suite, Attention(seq, dim, heads, dtype), device, "engine", profile.options())
            for dtype in dtypes for seq, dim, heads in profile.attention.on(device)]


def replays_graphs(device: Target) -> bool:
    """Whether ``device`` replays a recorded graph of kernels (CUDA graphs); MPS has no such replay in PyTorch."""
    return device.name.split(":")[0] == "cuda"


def _suite_decode(suite: str, profile: Profile, device: Target) -> list[Task]:
    steps = profile.decoder.on(device)
    prompts = profile.decoder.prompts(device)
    # The points of the decoder's own precision first, then the other half precision's: a process holds one
    # model at a time (mpsarticle.measure.decoder.held). The step's matrices alone only where they can be
    # replayed: launched one by one, they would carry each call's cost, and their rate would bound no bytes.
    products = [profile.decoder.products()] if replays_graphs(device) else []
    judged = [s for s in steps if s.dtype == steps[0].dtype] + products + [
        p for p in prompts if p.dtype == steps[0].dtype]
    rest = [s for s in steps if s.dtype != steps[0].dtype] + [p for p in prompts if p.dtype != steps[0].dtype]
    return [Task(suite, step, device, "engine", profile.options()) for step in judged + rest]


def _suite_mlx(suite: str, profile: Profile, device: Target) -> list[Task]:
    """MLX beside PyTorch (on MLX's device: ``mlx-cpu`` or ``mlx-gpu``, mpsarticle.core.frameworks): ``B @ a`` and
    the float32 matrix product at the middle one of the sizes PyTorch measures on a device of its class, and the
    decode step PyTorch runs eagerly there (its decoder, precision and context), each timed by the engine.

    One size each, not the whole ladder: the comparison is at the same size and the same precision. The middle
    one, not the largest: MLX's CPU build reads B @ a at m = 4,096 some fourteen times slower than PyTorch (90 ms
    a call on the 2-core build machine), and every point needs at least ten calls, so that its points stay a
    small part of a build's time."""
    def middle(suite_sizes: Sizes) -> int:
        sizes = suite_sizes.on(device)
        return sizes[(len(sizes) - 1) // 2]

    steps = [step for step in profile.decoder.on(device) if step.mode == "eager"]
    return [Task(suite, workload, device, "engine", profile.options())
            for workload in (MatVec(middle(profile.sizes["matvec"])),
                             MatMul(middle(profile.sizes["matmul"]), dtype="float32"), steps[0])]


#: Every suite, in the order of the article's chapters.
SUITES: dict[str, Planner] = {
    "original": _suite_original,
    "matvec": _size_by_size(MatVec, naive=True, events=True),
    "copy": _size_by_size(Copy),
    "matmul": _size_by_size(MatMul, keep=_cpu_half_limit),
    "train": _size_by_size(TrainStep),
    "overhead": _size_by_size(OpChain),
    "attention": _suite_attention,
    "decode": _suite_decode,
    # Last: its points follow PyTorch's in a worker, which has drawn the same decoder's weights once already.
    MLX_SUITE: _suite_mlx,
}


def plan(suites: Sequence[str], profile: str | Profile, devices: Sequence[Target]) -> list[Task]:
    """The points to measure, suite by suite and device by device: MLX's suite on MLX's devices, every other suite
    on PyTorch's (mpsarticle.core.frameworks)."""
    chosen = profile if isinstance(profile, Profile) else get_profile(profile)
    unknown = [name for name in suites if name not in SUITES]
    if unknown:
        raise InputError(f"unknown suite {unknown[0]!r}: choose from {', '.join(SUITES)}")
    return [task for name in suites for device in devices if (name == MLX_SUITE) == is_mlx(device.name)
            for task in SUITES[name](name, chosen, device)]


def get_profile(name: str) -> Profile:
    if name not in PROFILES:
        raise InputError(f"unknown profile {name!r}: choose {', '.join(PROFILES)}")
    return PROFILES[name]


def current_profile() -> str:
    """The profile a site build asked for (``MPSARTICLE_PROFILE``, see :mod:`mpsarticle.config`), else ``default``."""
    name = config.value("profile") or "default"
    if name not in PROFILES:
        variable = config.SETTINGS["profile"].variable
        raise InputError(f"unknown profile {name!r} in {variable}: choose {', '.join(PROFILES)}")
    return name
