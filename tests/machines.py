"""The matrix of machines the article's sentences are tested on.

Three are real: two archive files (this project's 2-core CPU build machine,
and an NVIDIA H200 host) and one build's results kept as a test fixture (a
default-profile build on that H200 host). The others are synthetic, built from the stated
assumptions below by a simple model of each device; nothing is measured.

The model of one call (times in seconds):

- ``B @ a`` at size m reads ``4 (m² + 2m)`` bytes: ``overhead + bytes / bw``,
  where ``bw`` is ``cache_gb_s`` when those bytes fit in ``cache_bytes`` and
  ``memory_gb_s`` otherwise;
- a copy of n float32 values moves ``8 n`` bytes the same way, at ``copy_gb_s``
  from memory;
- ``A @ B`` at size m does ``2 m³`` operations: ``overhead + flops / peak``,
  ``peak`` the device's rate in that precision (``None``: unsupported);
- a training step: ``kernels × overhead + batch × per_sample``;
- the chain of 100 small additions: ``100 × op_s``, ``op_s`` one operation's fixed cost (the overhead by
  default);
- causal attention at length s, head size d, 2,048 wide: ``overhead + 2 s (s + 1) × 2,048 / rate``, the rate
  ``attention_share`` of the device's matrix-product rate in that precision;
- a decode step of a model whose step runs ``46 × layers + 5`` operations and reads ``bytes`` per token:
  eager ``operations × op_s + bytes / memory_gb_s``; replayed (an accelerator's CUDA graph or torch.compile)
  ``graph_s + bytes / memory_gb_s``, both in the decoder's precision, and eager in the other half precision on
  an accelerator, and eager and replayed at the default profile's longer contexts there (more bytes: the cache's
  keys and values); a precision slower than float16 at products reads its bytes that much slower;
- naive ``timeit`` on an accelerator only queues the call: ``queue_s`` per
  call (or, where its queue fills and blocks, the real time times
  ``naive_scale``); on a CPU it is the real time plus 2 % (no warm-up); device events
  see the real time less a tenth of the overhead (the launch they hide).

Each point gets 15 samples: the modelled time times log-normal noise of
``NOISE`` (seeded per machine and point, so the files never change), and its
statistics come from :meth:`Point.summarize`, as a measured point's do.
"""

from __future__ import annotations

import functools
import zlib
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from mpsarticle.core import profiles
from mpsarticle.core.reasons import Reason
from mpsarticle.core.specs import Decode, StepProducts, TrainStep
from mpsarticle.measure.watchdog import timeout_reason
from mpsarticle.results.archive import load_archive, others
from mpsarticle.results.model import Point, ResultSet, load
from mpsarticle.results.schema import STATUSES
from mpsarticle.results.selfcheck import Row

ROOT = Path(__file__).resolve().parent.parent
ARCHIVE = ROOT / "docs" / "_data" / "machines"
#: Relative spread of the samples of a point (log-normal sigma).
NOISE = 0.03
SAMPLES = 15
#: The synthetic machines are measured as a default-profile build is: its suites' sizes, read from there.
DEFAULT = profiles.PROFILES["default"]
ORIGINAL = profiles.ORIGINAL_SIZES
TOLERANCE = {"float32": 1e-3, "float16": 1e-2, "bfloat16": 3e-2}
#: The small CNN's training step (width 32): FLOPs per example, as mpsarticle.core.specs.TrainStep counts them.
TRAIN_FLOPS_PER_EXAMPLE = TrainStep(batch=1).flops
TRAIN_TOLERANCE = 1e-2
#: Attention's precisions per device and its width (query heads × head size), as the profiles plan them.
ATTENTION_DTYPES = profiles.ATTENTION_DTYPES
ATTENTION_WIDTH = profiles.ATTENTION_WIDTH
DECODERS = {
    **profiles.DECODERS,
    # A 7-billion-parameter model shaped like Llama 2 7B with grouped-query attention: not in any profile, the
    # synthetic H200's, so that its decode step is bandwidth-bound.
    "7b": Decode(d_model=4096, layers=32, heads=32, kv_heads=8, ffn=11008, vocab=32000, context=512),
}
DECODE_TOLERANCE = {"float32": 1e-3, "float16": 3e-2, "bfloat16": 8e-2}


def sizes(suite: str, where: str) -> tuple[int, ...]:
    """The default profile's sizes of ``suite`` on ``where`` (``cpu`` or ``accelerator``)."""
    return getattr(DEFAULT.sizes[suite], where)


#: The reason a point of each status but ok records, one for every status the schema knows (so that a new one
#: cannot be left out of the matrix unnoticed).
REASONS = {"error": Reason.of("exception", message="RuntimeError: the device stopped responding (synthetic)"),
           "unsupported": Reason.of("mps_bfloat16", macos=13),
           "out_of_memory": Reason.of("too_big", need_bytes=8 << 30, memory_bytes=16 << 30, share=0.45),
           "timeout": timeout_reason(120.0),
           "crashed": Reason.of("crashed_signal", signal=11, name="SIGSEGV")}
assert set(REASONS) == set(STATUSES) - {"ok"}, f"tests/machines.py: REASONS {sorted(REASONS)}, statuses {STATUSES}"


@dataclass(frozen=True)
class DeviceModel:
    kind: str
    name: str
    overhead_s: float
    memory_gb_s: float
    copy_gb_s: float
    cache_bytes: int | None
    cache_gb_s: float
    #: Best matrix-product rate by precision, GFLOP/s; None: the precision is unsupported.
    gflop_s: dict[str, float | None]
    per_sample_s: float
    kernels: int = 60
    queue_s: float = 8e-6
    memory_bytes: int = 16 << 30
    #: (workload, size or dtype) -> status other than ok: "failed_check" or one of REASONS.
    broken: dict[tuple[str, object], str] = field(default_factory=dict)
    #: Sizes of B @ a whose matrix no longer fits the memory and swaps: read at this rate instead.
    swap_from: int | None = None
    swap_gb_s: float = 4.0
    #: Naive timeit on an accelerator whose queue fills and blocks: the real time times this, instead of ``queue_s``.
    naive_scale: float | None = None
    #: One small operation's fixed cost (None: the overhead), attention's share of the matrix-product rate, the
    #: decode step's model (a name of DECODERS) and precision, and a replayed step's fixed cost.
    op_s: float | None = None
    attention_share: float = 0.5
    decoder: str = "small"
    decode_dtype: str = "float32"
    graph_s: float = 5e-5
    #: Device-event intervals that read zero or less at each events point (MPS's events can come back reversed),
    #: left out by the timer and recorded in the point's detail.
    events_rejected: int = 0


@dataclass(frozen=True)
class MlxModel:
    """MLX beside PyTorch on one machine: its device (``mlx-gpu`` beside MPS, ``mlx-cpu`` beside the CPU), its
    version and float32 switch as recorded, and its time per call over PyTorch's at the same parameters, per
    workload (below 1: MLX is faster); ``broken``: a workload whose MLX point failed (one of REASONS)."""

    device: str
    speed: dict[str, float]
    version: str = "0.32.4"
    tf32: str = "unset"
    broken: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Machine:
    """A synthetic machine: its devices' models and what the environment block says."""

    name: str
    label: str
    cpu: DeviceModel
    accelerator: DeviceModel | None
    os: str = "Darwin 23.4.0"
    backend: str = "Metal Performance Shaders (macOS 14.4)"
    threads: int = 8
    #: Every point fails to run (a broken install): status error everywhere.
    all_error: bool = False
    #: Fresh processes each point is measured in (SAMPLES samples each), and how much a process moves all of its
    #: samples (log-normal sigma, drawn per point and process): what a fresh process gets (another clock,
    #: another kernel) on top of the noise inside it.
    processes: int = 1
    process_sigma: float = 0.0
    #: A Mac's GPU cores, as its ``mac`` block records them (with the chip, the CPU's name); ``None``: no block.
    gpu_cores: int | None = None
    #: MLX where it was installed (its points beside PyTorch's); ``None``: the run recorded MLX as not installed.
    mlx: MlxModel | None = None


def _noise(key: str) -> np.ndarray:
    rng = np.random.default_rng(zlib.crc32(key.encode()))
    return np.exp(rng.normal(0.0, NOISE, SAMPLES))


def _offset(machine: Machine, key: str, process: int) -> float:
    """How much process ``process`` moves every sample of the point ``key`` (the first process: not at all)."""
    if process == 0 or not machine.process_sigma:
        return 1.0
    rng = np.random.default_rng(zlib.crc32(f"{key}/process/{process}".encode()))
    return float(np.exp(rng.normal(0.0, machine.process_sigma)))


def _stream(model: DeviceModel, nbytes: float, rate: float) -> float:
    fits = model.cache_bytes is not None and nbytes <= model.cache_bytes
    return nbytes / ((model.cache_gb_s if fits else rate) * 1e9)


def _point(machine: Machine, model: DeviceModel, workload: str, params: dict, seconds: float, *, suite: str,
           method: str = "engine", flops: float = 0.0, nbytes: float = 0.0, tolerance: float = 1e-3,
           rel_error: float = 1e-7, status: str = "ok") -> Point:
    key = f"{machine.name}/{model.kind}/{suite}/{workload}/{method}/{sorted(params.items())}"
    if machine.all_error:
        status = "error"
    if status in REASONS:
        return Point(device=model.kind, workload=workload, params=params, method=method, suite=suite, status=status,
                     reason=REASONS[status], flops=flops, bytes_moved=nbytes)
    failed = status == "failed_check"
    groups = [[float(seconds * n * _offset(machine, key, p)) for n in _noise(key if p == 0 else f"{key}/{p}")]
              for p in range(machine.processes)]
    samples = [s for group in groups for s in group]
    point = Point(device=model.kind, workload=workload, params=params, method=method, suite=suite,
                  reason=Reason.of("check_failed", rel_error=tolerance * 3, tolerance=tolerance) if failed else None,
                  repeats=len(samples), processes=groups if machine.processes > 1 else [],
                  number_per_run=100 if method != "engine" else max(1, int(1e-3 / seconds)), samples=samples,
                  threads=machine.threads if model.kind == "cpu" else None, flops=flops, bytes_moved=nbytes,
                  rel_error=tolerance * 3 if failed else rel_error, tolerance=tolerance,
                  check="failed" if failed else "passed", wall_s=sum(samples) * 1.2, timed_s=sum(samples))
    return point.summarize()


def _matvec_points(machine: Machine, model: DeviceModel) -> list[Point]:
    points = []
    accelerator = model.kind != "cpu"
    where = "accelerator" if accelerator else "cpu"
    for suite, measured in (("original", ORIGINAL), ("matvec", sizes("matvec", where))):
        for m in measured:
            nbytes = 4.0 * (m * m + 2 * m)
            rate = model.swap_gb_s if model.swap_from and m >= model.swap_from else model.memory_gb_s
            real = model.overhead_s + _stream(model, nbytes, rate)
            status = model.broken.get(("matvec", m), "ok")
            queued = real * model.naive_scale if model.naive_scale else min(model.queue_s, real)
            methods = {"naive": real * 1.02 if not accelerator else queued, "engine": real}
            if accelerator and suite == "matvec":
                methods["events"] = real - model.overhead_s / 10
            for method, seconds in methods.items():
                points.append(_point(machine, model, "matvec", {"m": m, "dtype": "float32"}, seconds, suite=suite,
                                     method=method, flops=2.0 * m * m, nbytes=nbytes, status=status))
                if method == "events" and model.events_rejected and status == "ok":
                    points[-1].detail = {"events_rejected": model.events_rejected}
    return points


def _other_points(machine: Machine, model: DeviceModel) -> list[Point]:
    points = []
    accelerator = model.kind != "cpu"
    where = "accelerator" if accelerator else "cpu"
    for n in sizes("copy", where):
        nbytes = 8.0 * n
        seconds = model.overhead_s + _stream(model, nbytes, model.copy_gb_s)
        points.append(_point(machine, model, "copy", {"n": n}, seconds, suite="copy", nbytes=nbytes, tolerance=0.0,
                             rel_error=0.0, status=model.broken.get(("copy", n), "ok")))
    for dtype in ("float32", "float16", "bfloat16"):
        for m in sizes("matmul", where):
            if not accelerator and dtype != "float32" and m > DEFAULT.cpu_half_matmul_max:
                continue
            peak = model.gflop_s[dtype]
            size = 4 if dtype == "float32" else 2
            status = model.broken.get(("matmul", dtype), "ok") if peak else "unsupported"
            seconds = model.overhead_s + 2.0 * m**3 / ((peak or 1.0) * 1e9)
            points.append(_point(machine, model, "matmul", {"m": m, "dtype": dtype}, seconds, suite="matmul",
                                 flops=2.0 * m**3, nbytes=3.0 * size * m * m, tolerance=TOLERANCE[dtype],
                                 rel_error=TOLERANCE[dtype] / 50, status=status))
    for batch in sizes("train", where):
        seconds = model.kernels * model.overhead_s + batch * model.per_sample_s
        points.append(_point(machine, model, "train_step", {"batch": batch, "width": 32}, seconds, suite="train",
                             flops=float(TRAIN_FLOPS_PER_EXAMPLE * batch), nbytes=4.0 * 3 * 545_098,
                             tolerance=TRAIN_TOLERANCE, rel_error=3e-4 if accelerator else 2e-7,
                             status=model.broken.get(("train_step", batch), "ok")))
    points += _llm_points(machine, model)
    return points


def _llm_points(machine: Machine, model: DeviceModel) -> list[Point]:
    """The chain of small operations, attention and the decode step."""
    accelerator = model.kind != "cpu"
    where = "accelerator" if accelerator else "cpu"
    op_s = model.op_s if model.op_s is not None else model.overhead_s
    points = [_point(machine, model, "op_chain", {"ops": 100, "n": 256}, 100 * op_s, suite="overhead",
                     flops=25_600.0, nbytes=204_800.0, tolerance=0.0, rel_error=0.0,
                     status=model.broken.get(("op_chain", 100), "ok"))]
    points[-1].detail = {"ops_per_call": 100}
    for dtype in ATTENTION_DTYPES[where]:
        peak = model.gflop_s[dtype]
        for dim in DEFAULT.attention.head_dims:
            for seq in getattr(DEFAULT.attention.seq, where):
                flops = 2.0 * seq * (seq + 1) * ATTENTION_WIDTH
                seconds = model.overhead_s + flops / ((peak or 1.0) * model.attention_share * 1e9)
                status = model.broken.get(("attention", dtype), "ok") if peak else "unsupported"
                point = _point(machine, model, "attention", {"seq": seq, "head_dim": dim,
                                                             "heads": ATTENTION_WIDTH // dim, "dtype": dtype,
                                                             "batch": 1},
                               seconds, suite="attention", flops=flops, nbytes=8.0 * seq * ATTENTION_WIDTH,
                               tolerance=TOLERANCE[dtype], rel_error=TOLERANCE[dtype] / 20, status=status)
                point.detail = {"backend": "flash" if model.kind == "cpu" else
                                ("mps_general" if model.kind == "mps" else "cudnn")} if status == "ok" else {}
                points.append(point)
    base = replace(DECODERS[model.decoder], dtype=model.decode_dtype)
    ops = 46 * base.layers + 5
    # As the planner does: the decoder's precision eager and replayed, the other half precision eager, and the
    # decoder's precision eager and replayed at each longer context; a precision slower than float16 at products
    # (an emulated bfloat16) reads its bytes that much slower.
    # and, where the replay is a CUDA graph, compiled by torch.compile (its fused kernels a third of the operations).
    compiled = [(model.decode_dtype, "compiled", base.context)] if model.kind == "cuda" else []
    steps = [(model.decode_dtype, "eager", base.context), (model.decode_dtype, "graph", base.context), *compiled,
             (profiles.OTHER_HALF[model.decode_dtype], "eager", base.context)] + [
        (model.decode_dtype, mode, context) for context in DEFAULT.decoder.contexts for mode in ("eager", "graph")
    ] if accelerator else [(model.decode_dtype, "eager", base.context)]
    for dtype, mode, context in steps:
        decoder = replace(base, dtype=dtype, mode=mode, context=context)
        nbytes, flops = decoder.bytes_moved, decoder.flops
        stream = nbytes / (model.memory_gb_s * 1e9)
        slower = max(1.0, model.gflop_s["float16"] / (model.gflop_s[dtype] or 1.0)) if dtype != "float32" else 1.0
        fixed = {"eager": ops * op_s, "compiled": ops // 3 * op_s}.get(mode, model.graph_s)
        seconds = fixed + stream * slower
        unsupported = dtype == "bfloat16" and not model.gflop_s["bfloat16"]
        status = "unsupported" if unsupported else model.broken.get(("decode", mode), "ok")
        point = _point(machine, model, "decode", decoder.params(), seconds,
                       suite="decode", flops=flops, nbytes=nbytes, tolerance=DECODE_TOLERANCE[dtype],
                       rel_error=DECODE_TOLERANCE[dtype] / 4, status=status)
        if status == "ok":
            point.detail = {"ops_per_call": ops} | ({"overhead_removed_by": "cuda_graph" if model.kind == "cuda" else
                                                     "torch_compile"} if mode == "graph" else {}) | (
                {"kernels_per_call": ops // 3 if mode == "compiled" else ops} if model.kind == "cuda" else {}) | (
                {"attention_route": "vector" if decoder.context + 1 < 1024 else "vector_2pass"}
                if model.kind == "mps" else {})
        points.append(point)
    # The step's matrices read alone, in its precision, replayed (planned only where a CUDA graph replays them).
    if model.kind != "cuda":
        return points
    products = StepProducts(**{name: getattr(base, name) for name in ("d_model", "layers", "heads", "kv_heads", "ffn",
                                                                     "vocab")}, dtype=model.decode_dtype)
    launches = model.graph_s
    unsupported = model.decode_dtype == "bfloat16" and not model.gflop_s["bfloat16"]
    point = _point(machine, model, "step_products", products.params(),
                   launches + _stream(model, products.bytes_moved, model.memory_gb_s), suite="decode",
                   flops=products.flops, nbytes=products.bytes_moved, tolerance=DECODE_TOLERANCE[products.dtype],
                   rel_error=DECODE_TOLERANCE[products.dtype] / 4, status="unsupported" if unsupported else "ok")
    point.detail = {"ops_per_call": 7 * base.layers + 1, "overhead_removed_by": "cuda_graph"}
    points.append(point)
    return points


#: The workloads whose points this module models one by one (above); any other registered workload's points come
#: from :func:`_generic_points`, so that a new workload needs no edit here to appear on every synthetic machine.
MODELLED_HERE = frozenset({"matvec", "copy", "matmul", "train_step", "op_chain", "attention", "decode",
                           "step_products"})


@dataclass(frozen=True)
class _Target:
    """A device as planning sees it (mpsarticle.core.profiles.Target)."""

    name: str
    is_accelerator: bool


def _generic_points(machine: Machine, model: DeviceModel, suites=None) -> list[Point]:
    """Every point the default profile plans for a workload not modelled here: one fixed cost per call, then the
    slower of reading its bytes from memory and doing its arithmetic at the device's float32 rate (its own
    precision's, where it names one)."""
    points = []
    target = _Target(model.kind, model.kind != "cpu")
    for suite, planner in (suites or profiles.SUITES).items():
        for task in planner(suite, DEFAULT, target):
            workload = task.workload
            if workload.kind in MODELLED_HERE:
                continue
            # As the runner records them: the workload's own parameters, not its class-level description.
            params = workload.params()
            peak = model.gflop_s.get(params.get("dtype") or "float32") or model.gflop_s["float32"]
            seconds = model.overhead_s + max(_stream(model, workload.bytes_moved, model.memory_gb_s),
                                             workload.flops / (peak * 1e9))
            points.append(_point(machine, model, workload.kind, params, seconds, suite=suite, method=task.method,
                                 flops=float(workload.flops), nbytes=float(workload.bytes_moved)))
    return points


#: PyTorch's device of each MLX device's class (what the planner sets it beside).
MLX_COUNTERPARTS = {"mlx-gpu": "mps", "mlx-cpu": "cpu"}


def _mlx_points(machine: Machine, points: list[Point]) -> list[Point]:
    """MLX's points, as its suite plans them: B @ a and the float32 matrix product at the middle one of PyTorch's
    sizes for the device's class, and the eager decode step in the decoder's precision at its shortest context;
    each at ``speed`` times PyTorch's time at the same parameters, recording MLX's version and switch."""
    mlx = machine.mlx
    assert mlx is not None
    counterpart = MLX_COUNTERPARTS[mlx.device]
    model = next(d for d in (machine.cpu, machine.accelerator) if d is not None and d.kind == counterpart)
    where = "cpu" if counterpart == "cpu" else "accelerator"
    mine = replace(model, kind=mlx.device)

    def middle(suite: str) -> int:
        found = sizes(suite, where)
        return found[(len(found) - 1) // 2]

    steps = [p for p in points if p.device == counterpart and p.workload == "decode" and p.ok
             and p.params["mode"] == "eager" and p.params["dtype"] == model.decode_dtype]
    wanted = {"matvec": {"m": middle("matvec"), "dtype": "float32"}, "matmul": {"m": middle("matmul"),
                                                                             "dtype": "float32"},
              "decode": min((p.params for p in steps), key=lambda params: params["context"])}
    found = []
    for workload, params in wanted.items():
        theirs = next(p for p in points if p.device == counterpart and p.workload == workload and p.ok
                      and p.method == "engine" and p.params == params)
        point = _point(machine, mine, workload, dict(params), theirs.measured_s * mlx.speed[workload], suite="mlx",
                       flops=theirs.flops, nbytes=theirs.bytes_moved, tolerance=theirs.tolerance or 1e-3,
                       rel_error=theirs.rel_error or 1e-7, status=mlx.broken.get(workload, "ok"))
        if point.status == "ok":
            point.detail = {"mlx": mlx.version, "mlx_tf32": mlx.tf32}
        found.append(point)
    return found


def _describe(machine: Machine, model: DeviceModel) -> dict:
    found = {"kind": model.kind, "name": model.name, "memory_bytes": model.memory_bytes,
             "cache_bytes": model.cache_bytes,
             "backend": "ATen CPU, OpenMP" if model.kind == "cpu" else
             (machine.backend if model.kind == "mps" else "CUDA 12.4")}
    if model.kind == "cpu":
        found["threads_used"] = machine.threads
    return found


def synthetic(machine: Machine) -> ResultSet:
    devices = [machine.cpu] + ([machine.accelerator] if machine.accelerator else [])
    env = {
        "os": machine.os, "arch": "arm64" if machine.os.startswith("Darwin") else "x86_64", "cpu": machine.cpu.name,
        "logical_cores": machine.threads, "memory_bytes": machine.cpu.memory_bytes, "python": "3.11.7",
        "torch": "2.5.1", "mps_built": any(d.kind == "mps" for d in devices), "mps_fallback_to_cpu": False,
        "devices": {d.kind: _describe(machine, d) for d in devices},
        "unavailable": {} if machine.accelerator else {"mps": {"code": "no_mps_here"}},
        "git_commit": "0000000", "date": "2026-11-30T12:00:00+00:00",
        "mlx": {"version": machine.mlx.version, "device": machine.mlx.device, "tf32": machine.mlx.tf32}
        if machine.mlx else None,
    }
    if machine.gpu_cores is not None:
        env["mac"] = {"chip": machine.cpu.name, "gpu_cores": machine.gpu_cores}
    points = []
    for model in devices:
        points += _matvec_points(machine, model)
        points += _other_points(machine, model)
        points += _generic_points(machine, model)
    if machine.mlx is not None:
        points += _mlx_points(machine, points)
    results = ResultSet(environment=env, points=points, profile="default", label=machine.label,
                        created="2026-11-30T12:00:00+00:00", processes=machine.processes)
    results.pool_processes()
    return results


# -- the assumptions, machine by machine --------------------------------------------------

#: An Apple M1 (base chip, 8-core GPU, 16 GB): the CPU reads its 12 MiB cluster cache fast and memory at 50 GB/s,
#: with Accelerate's matrix units at 1.4 TFLOP/s in float32; the GPU pays 180 µs per synchronised call, reads
#: 68 GB/s, and runs float32 and float16 near 2 TFLOP/s and bfloat16, which it emulates, at half that (so its
#: decoder runs in float16). Small products and the small CNN's step (60 kernels) lose.
M1_CPU = DeviceModel("cpu", "Apple M1", overhead_s=3e-6, memory_gb_s=50, copy_gb_s=55, cache_bytes=12 << 20,
                     cache_gb_s=120, gflop_s={"float32": 1400, "float16": 30, "bfloat16": 20}, per_sample_s=2e-4,
                     kernels=60)
M1_GPU = DeviceModel("mps", "Apple M1 GPU", overhead_s=1.8e-4, memory_gb_s=68, copy_gb_s=60, cache_bytes=None,
                     cache_gb_s=68, gflop_s={"float32": 2000, "float16": 2200, "bfloat16": 1100}, per_sample_s=1.5e-4,
                     op_s=4e-5, decoder="1.1b", decode_dtype="float16", graph_s=2e-3)

#: An Apple M2 Ultra (24-core CPU, 76-core GPU, 192 GB): the CPU reads 120 GB/s from memory (300 GB/s from its
#: 64 MiB of cache), 2.5 TFLOP/s in float32; the GPU pays 6 µs per call, reads 650 GB/s and computes 20 TFLOP/s
#: (bfloat16, emulated, about half float16's rate: its decoder runs in float16).
ULTRA_CPU = DeviceModel("cpu", "Apple M2 Ultra", overhead_s=3e-6, memory_gb_s=120, copy_gb_s=130,
                        cache_bytes=64 << 20, cache_gb_s=300, gflop_s={"float32": 2500, "float16": 40, "bfloat16": 30},
                        per_sample_s=1e-4, memory_bytes=192 << 30)
ULTRA_GPU = DeviceModel("mps", "Apple M2 Ultra GPU", overhead_s=6e-6, memory_gb_s=650, copy_gb_s=600,
                        cache_bytes=None, cache_gb_s=650, gflop_s={"float32": 20000, "float16": 24000,
                                                                   "bfloat16": 12000},
                        per_sample_s=1e-5, kernels=40, memory_bytes=192 << 30, op_s=1.5e-5, decoder="1.1b",
                        decode_dtype="float16")

#: An Apple M3 Max (16-core CPU, 40-core GPU, 64 GB), a large chip whose GPU wins B @ a only from m ≈ 1,000: the
#: CPU pays 3 µs per call and reads its 32 MiB of cache at 250 GB/s (150 GB/s from memory), 2 TFLOP/s in float32;
#: the GPU pays 7.5 µs per synchronised call and reads 400 GB/s. So the CPU is faster up to m = 750 (12.0 µs
#: against 13.1 µs) and the GPU from m = 1,000 on (17.5 µs against 19.0 µs), ever more so as the matrix grows.
M3_MAX_CPU = DeviceModel("cpu", "Apple M3 Max", overhead_s=3e-6, memory_gb_s=150, copy_gb_s=160,
                         cache_bytes=32 << 20, cache_gb_s=250, gflop_s={"float32": 2000, "float16": 40,
                                                                        "bfloat16": 30},
                         per_sample_s=1e-4, memory_bytes=64 << 30)
M3_MAX_GPU = DeviceModel("mps", "Apple M3 Max GPU", overhead_s=7.5e-6, memory_gb_s=400, copy_gb_s=380,
                         cache_bytes=None, cache_gb_s=400, gflop_s={"float32": 14000, "float16": 16000,
                                                                    "bfloat16": 15000},
                         per_sample_s=1.5e-5, kernels=40, memory_bytes=64 << 30, op_s=2e-5, decoder="1.1b",
                         decode_dtype="bfloat16")

#: A laptop with a small NVIDIA card (2 GiB) whose float16 products come out wrong, whose bfloat16 products fail
#: with an error, whose batch-128 step fails its check, whose largest B @ a and copy do not fit in memory, and
#: whose copy of 2**26 values hangs until the per-point time limit stops it, and whose copy of 2**24 values
#: crashes the process measuring it.
LAPTOP_CPU = DeviceModel("cpu", "Intel(R) Core(TM) i7-8750H", overhead_s=4e-6, memory_gb_s=25, copy_gb_s=30,
                         cache_bytes=9 << 20, cache_gb_s=90, gflop_s={"float32": 400, "float16": 8, "bfloat16": 6},
                         per_sample_s=4e-4)
LAPTOP_GPU = DeviceModel("cuda", "NVIDIA GeForce MX250", overhead_s=1.5e-5, memory_gb_s=45, copy_gb_s=48,
                         cache_bytes=1 << 20, cache_gb_s=200, gflop_s={"float32": 900, "float16": 1000,
                                                                       "bfloat16": 800},
                         per_sample_s=5e-5, memory_bytes=2 << 30, decoder="1.1b", decode_dtype="bfloat16",
                         broken={("matmul", "float16"): "failed_check", ("matmul", "bfloat16"): "error",
                                 ("train_step", 128): "failed_check", ("matvec", 16384): "out_of_memory",
                                 ("copy", 1 << 24): "crashed", ("copy", 1 << 26): "timeout",
                                 ("copy", 1 << 28): "out_of_memory", ("decode", "eager"): "out_of_memory",
                                 ("decode", "graph"): "out_of_memory", ("attention", "float16"): "failed_check"})

#: An NVIDIA H200-like GPU decoding a 7-billion-parameter model: it reads 4,000 GB/s and its host dispatches an
#: operation in 1.5 µs, so the eager step (1,477 operations, 2.2 ms, against 13.5 GB read in 3.4 ms) is
#: bandwidth-bound, and a CUDA graph brings it within a few per cent of the bound. Its CPU: 32 cores.
H200_CPU = DeviceModel("cpu", "Intel(R) Xeon(R) Platinum 8480+", overhead_s=2e-6, memory_gb_s=200, copy_gb_s=180,
                       cache_bytes=105 << 20, cache_gb_s=500, gflop_s={"float32": 3000, "float16": 200,
                                                                      "bfloat16": 4000},
                       per_sample_s=5e-5, memory_bytes=512 << 30, op_s=2e-6)
H200_GPU = DeviceModel("cuda", "NVIDIA H200", overhead_s=8e-6, memory_gb_s=4000, copy_gb_s=3900,
                       cache_bytes=50 << 20, cache_gb_s=8000, gflop_s={"float32": 50000, "float16": 700000,
                                                                       "bfloat16": 700000},
                       per_sample_s=1e-6, kernels=40, memory_bytes=141 << 30, op_s=1.5e-6, decoder="7b",
                       decode_dtype="bfloat16", graph_s=1e-4)

MACHINES_SYNTHETIC: dict[str, Machine] = {
    # Measured in three fresh processes, as a default run is, each process moving its samples by some 5 %.
    "apple-m1-base": Machine("apple-m1-base", "MacBook Air M1 8-core GPU 16 GB (synthetic)", M1_CPU, M1_GPU,
                             processes=3, process_sigma=0.05, gpu_cores=8),
    "apple-m2-ultra": Machine("apple-m2-ultra", "Mac Studio M2 Ultra 192 GB (synthetic)", ULTRA_CPU, ULTRA_GPU,
                              threads=24, gpu_cores=76),
    # Three fresh processes, each moving its samples by some 2 %.
    # Its GPU's events read a reversed pair twice at each events point (the timer leaves those out).
    # MLX on its GPU beside MPS: the decode step in a third of PyTorch's time, B @ a level, the float32 product
    # slower, with MLX_ENABLE_TF32=0 (full float32, as a run asks for unless the user chose otherwise).
    "apple-m3-max": Machine("apple-m3-max", "MacBook Pro M3 Max 64 GB (synthetic)", M3_MAX_CPU,
                            replace(M3_MAX_GPU, events_rejected=2),
                            threads=16, processes=3, process_sigma=0.02, gpu_cores=40,
                            mlx=MlxModel("mlx-gpu", {"decode": 0.33, "matvec": 1.0, "matmul": 1.6}, tf32="0")),
    # macOS 13: MPS has no bfloat16, so those points are recorded as unsupported.
    "apple-m1-macos13": Machine("apple-m1-macos13", "MacBook Air M1 on macOS 13 (synthetic)", M1_CPU,
                                replace(M1_GPU, gflop_s={"float32": 2000, "float16": 2200, "bfloat16": None}),
                                os="Darwin 22.6.0", backend="Metal Performance Shaders (macOS 13.6)"),
    # An 8 GB M1 under memory pressure from other programs: from m = 8,192 on the GPU's matrices go to swap
    # (4 GB/s), so it wins at m = 4,096 and loses again at the largest size both devices measured.
    "apple-m1-swapping": Machine("apple-m1-swapping", "MacBook Air M1 8 GB, swapping (synthetic)", M1_CPU,
                                 replace(M1_GPU, swap_from=8192, memory_bytes=8 << 30)),
    # MLX's CPU build beside the CPU, asked for full float32: B @ a fourteen times slower, the decode step faster,
    # its matrix product failed.
    "cuda-faulty": Machine("cuda-faulty", "Laptop with a faulty small GPU (synthetic)", LAPTOP_CPU, LAPTOP_GPU,
                           os="Linux 6.8.0", backend="CUDA 12.4", threads=12,
                           mlx=MlxModel("mlx-cpu", {"decode": 0.5, "matvec": 14.0, "matmul": 1.0}, tf32="0",
                                        broken={"matmul": "error"})),
    "nvidia-h200-like": Machine("nvidia-h200-like", "NVIDIA H200-like host decoding a 7B model (synthetic)", H200_CPU,
                                H200_GPU, os="Linux 6.8.0", backend="CUDA 12.8", threads=32, processes=3,
                                process_sigma=0.02),
    "all-failed": Machine("all-failed", "Broken install: every point failed (synthetic)", M1_CPU, M1_GPU,
                          all_error=True),
}

#: Real result files of the matrix: archive files, and results of a build kept as a test fixture.
FIXTURE_RESULTS = ROOT / "tests" / "fixtures" / "results"
MACHINES_REAL: dict[str, Path] = {
    # The archive as it was on 30 November 2026: each point measured in one process.
    "ci-2core": FIXTURE_RESULTS / "ci-2core-one-process.json",
    "nvidia-h200": FIXTURE_RESULTS / "nvidia-h200-one-process.json",
    # The archive since 1 December 2026: each point measured in three fresh processes.
    "ci-2core-workers": ARCHIVE / "2-core-cpu-amd-epyc-ci-machine.json",
    "nvidia-h200-workers": ARCHIVE / "nvidia-h200-16-core-xeon-host.json",
    # A default-profile build on the H200 host, not in the archive (results of the schema before version 4).
    "nvidia-h200-build": FIXTURE_RESULTS / "nvidia-h200-default-build.json",
    # Another, of 3 December 2026: the prompt read at once and the decoder at longer contexts.
    "nvidia-h200-prompts": FIXTURE_RESULTS / "nvidia-h200-prompts-build.json",
}
MACHINES = (*MACHINES_REAL, *MACHINES_SYNTHETIC)


@functools.cache
def results_of(name: str) -> ResultSet:
    """The machine's results (built once per test session: callers must not change them)."""
    if name in MACHINES_REAL:
        return load(MACHINES_REAL[name])
    return synthetic(MACHINES_SYNTHETIC[name])


def selfcheck_rows(results: ResultSet) -> list[Row]:
    """Rows for the method chapter, from the set's own engine points measured in three processes: references
    agree within 1 to 3 %, except MPS events, which run 12 % slow (their timestamps are taken on the CPU when the
    GPU signals), their interval ±1 %."""
    rows = []
    wanted = {"cpu": ("blocked_autorange", (1024, 8192)), "mps": ("events", (4096, 8192)),
              "cuda": ("events", (4096, 8192))}
    for device, (name, sizes) in wanted.items():
        for m in sizes:
            point = results.one(workload="matvec", device=device, suite="matvec", method="engine", m=m)
            if point is None or not point.ok:
                continue
            ratio = 1.12 if device == "mps" else 1.0 + (m % 3) / 100
            theirs = point.median_s / ratio
            rows.append(Row(
                device=device, workload="matvec", label=f"matvec(m={m}, dtype=float32)", reference=name,
                engine_median_s=point.median_s, engine_ci_low_s=point.ci_low_s, engine_ci_high_s=point.ci_high_s,
                reference_median_s=theirs, reference_ci_low_s=theirs / 1.01, reference_ci_high_s=theirs * 1.01,
                ratio=ratio, tolerance=0.05, engine_wall_s=0.6, engine_timed_s=0.5, reference_wall_s=0.55,
                processes=3))
    return rows


@functools.lru_cache(maxsize=1)
def _archive():
    return load_archive(ARCHIVE)


def archive_labels(results: ResultSet | None = None) -> list[str]:
    """The real archive's labels, as the machines chapter lists them beside ``results`` (each machine once)."""
    found = others(results, _archive())[0] if results is not None else _archive().machines
    return [r.label for r in found.values()]


def archive_entries(results: ResultSet | None = None) -> list[tuple[str, ResultSet]]:
    """The real archive's machines beside ``results``, as :func:`archive_labels` lists them: (label, results)."""
    found = others(results, _archive())[0] if results is not None else _archive().machines
    return [(r.label, r) for r in found.values()]


__all__ = ["MACHINES", "archive_entries", "archive_labels", "results_of", "selfcheck_rows", "synthetic"]
