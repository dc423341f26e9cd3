"""Findings of the chapter on language models: the cost of one operation, attention, a decode step against its bound.

- :func:`op_costs`: one small operation's cost per device, from the chain of additions (``op_chain``): the
  time of a call divided by its operations, with the interval divided the same way.
- :func:`attention`: each device's best attention rate per precision, beside its best matrix product in that
  precision; the backends PyTorch chose, counted over every attention point; and the accelerator against the CPU
  at every call both measured (same length, head size and precision).
- :func:`decoding`: per device, the decode step's tokens per second eager and replayed without per-call
  overhead, the bandwidth bound from the same build's ``B @ a`` (:class:`~.matvec.Bandwidth`), the share of the
  bound reached, and how much of the eager step its operations' fixed cost accounts for (:data:`LIMITS`).
- :func:`half_precisions`: per accelerator, float16 against bfloat16 at every attention call and for the eager
  decode step.
- :func:`prompts`: per device, a prompt read at once in each precision, beside the bound its best matrix product in
  that precision sets (arithmetic) and the one ``B @ a`` sets (reading the weights once), and which is tighter.
- :func:`step_ways`: per device, its decode step each way it was run (eager; replayed; compiled by
  ``torch.compile`` where the replay is a CUDA graph) with kernels and launches per token, beside the
  size-matched bound: the rate the step's own matrices reach read alone (``step_products``), over a token's bytes.
- :func:`contexts`: per accelerator measured at several contexts, the step eager and replayed at each, beside the
  share of a token's bytes that the cache's keys and values make up there.
- :func:`mlx_beside`: MLX's device (where MLX was installed) beside PyTorch's of the same class, workload by
  workload at the same parameters and precision: the decode step, ``B @ a``, the float32 matrix product;
  :func:`mlx_state` says whether MLX was measured, installed, or not recorded.

Every finding but :func:`contexts` is read at the shortest context a device measured (the profile's, where its
other points ran); the longer ones are :func:`contexts`'s alone.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Final, Literal, get_args

from mpsarticle.analysis import series as analysis
from mpsarticle.analysis.findings.common import Comparison, compare_series, rate_ratio
from mpsarticle.analysis.findings.matmul import Overall, summary
from mpsarticle.analysis.findings.matvec import Bandwidth, bandwidths, copy_beyond_cache
from mpsarticle.core.frameworks import torch_counterpart
from mpsarticle.core.profiles import emulates_bfloat16
from mpsarticle.core.specs import DTYPE_SIZES, Decode
from mpsarticle.core.stats import FASTER, Direction, Ratio
from mpsarticle.results.model import Point, ResultSet

__all__ = ["ATTENTION_COMPARED", "AttentionBest", "AttentionFinding", "BOUNDS_APART", "BOUND_SHARE", "ContextStep",
           "DecodeStep", "Decoding", "HalfPrecisions", "LIMITS", "Limit", "MLX_WORKLOADS", "MlxBeside", "MlxPair",
           "MlxState", "OVERHEAD_SHARE", "OpCost", "PromptLimit", "PromptRead",
           "StepWays", "WAYS", "Way", "attention", "context_slowdown", "contexts", "decoder_dtype", "decoding",
           "half_precisions", "mlx_beside", "mlx_state", "op_costs", "products_only_gain", "prompts",
           "replay_slowdown", "step_ways"]

#: What limits an eager decode step (:attr:`Decoding.limit`): ``above`` where even the slow end of its interval
#: beat the bound (its weights were read faster than ``B @ a`` read its matrices, as a cache allows, so the bound
#: limits nothing); ``bandwidth`` where it reached at least :data:`BOUND_SHARE` of the bound; ``overhead`` where it
#: did not and its calls' fixed cost is at least :data:`OVERHEAD_SHARE` of its time at every end of the intervals
#: that share rests on; ``neither`` where it is less at every end; ``unclear`` where those ends lie on both sides.
Limit = Literal["above", "bandwidth", "overhead", "neither", "unclear"]
LIMITS: tuple[Limit, ...] = get_args(Limit)
#: What limits a prompt read at once (:attr:`PromptRead.limit`): the arithmetic or the bytes where it reached at
#: least :data:`BOUND_SHARE` of the tighter bound (``both`` where the two bounds lie within :data:`BOUNDS_APART`
#: of each other); ``compute_likely`` or ``bandwidth_likely`` where its interval holds that line but the other
#: bound and the calls are each under half of its time; else as for a decode step; ``unclear`` where the time's
#: interval lies on both sides of a line.
PromptLimit = Literal["compute", "bandwidth", "both", "compute_likely", "bandwidth_likely", "overhead", "neither",
                      "unclear"]
BOUND_SHARE: Final = 0.5
OVERHEAD_SHARE: Final = 0.5
#: Two bounds closer than this factor both limit a prompt: which one is tighter is then a matter of a few percent,
#: and two precisions whose rows are alike would otherwise be given opposite limits.
BOUNDS_APART: Final = 1.25
#: The precision the accelerator and the CPU are both measured in for attention (mpsarticle.core.profiles).
ATTENTION_COMPARED: Final = "bfloat16"


@dataclass(frozen=True)
class OpCost:
    """One operation's cost on ``device``: the chain's time per call over its ``ops`` operations."""

    device: str
    ops: int
    per_op_s: float
    low_s: float
    high_s: float
    evidence: Point


def op_costs(results: ResultSet) -> tuple[OpCost, ...]:
    """Per device (in the order measured), the chain with the most operations measured well."""
    found = []
    for device in results.devices:
        chains = analysis.series(results, workload="op_chain", device=device)
        if chains:
            ops, point = chains[-1]
            low, high = point.ci_low_s or point.measured_s, point.ci_high_s or point.measured_s
            found.append(OpCost(device, ops, point.measured_s / ops, low / ops, high / ops, point))
    return tuple(found)


def op_cost(results: ResultSet, device: str) -> OpCost | None:
    return next((c for c in op_costs(results) if c.device == device), None)


@dataclass(frozen=True)
class AttentionBest:
    """One device's best attention rate in one precision, and its best matrix product in that precision."""

    device: str
    dtype: str
    gflop_s: float
    seq: int
    head_dim: int
    evidence: Point
    #: Its best ``A @ B`` rate in the same precision, and the size, where one was measured well.
    matmul_gflop_s: float | None = None
    matmul_size: int | None = None
    matmul_evidence: Point | None = None

    @property
    def share(self) -> float | None:
        """Attention's best rate over the best matrix product's in the same precision."""
        return self.gflop_s / self.matmul_gflop_s if self.matmul_gflop_s else None

    @property
    def below_shown(self) -> bool:
        """Attention shown slower than that product by the article's rule: attention's 95% interval of time lies
        wholly above the product's once both are turned into rates (its fastest end slower than the product's
        slowest end)."""
        att, mm = self.evidence, self.matmul_evidence
        fastest, slowest = att.ci_low_s, mm.ci_high_s if mm is not None else None
        if mm is None or not fastest or not slowest or not att.flops or not mm.flops:
            return False
        return att.flops / fastest < mm.flops / slowest


@dataclass(frozen=True)
class AttentionFinding:
    bests: tuple[AttentionBest, ...]
    #: Per device: (backend, number of points measured well with it), most used first.
    backends: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]
    #: The accelerator compared with the CPU, or None.
    device: str | None
    #: (head_dim, comparisons by length) in :data:`ATTENTION_COMPARED`: CPU time / accelerator time.
    comparisons: tuple[tuple[int, tuple[Comparison, ...]], ...]

    @property
    def compared(self) -> tuple[Comparison, ...]:
        return tuple(c for _, found in self.comparisons for c in found)

    @property
    def top_share(self) -> AttentionBest | None:
        """The device and precision whose attention came nearest its best matrix product in that precision (the
        highest share), among those where both were measured well."""
        both = [b for b in self.bests if b.share is not None]
        return max(both, key=lambda b: b.share or 0.0) if both else None

    @property
    def direction(self) -> Overall | None:
        """The accelerator against the CPU over every call both measured (see :func:`.matmul.summary`)."""
        return summary(self.compared) if self.compared else None


def _head_dims(results: ResultSet) -> list[int]:
    return sorted({int(p.params["head_dim"]) for p in results.select(workload="attention")})


def attention(results: ResultSet, device: str | None) -> AttentionFinding:
    """Attention on every device; ``device``: the accelerator compared with the CPU."""
    bests, backends = [], []
    for where in results.devices:
        points = [p for p in results.select(workload="attention", device=where, method="engine") if p.ok]
        if not points:
            continue
        counted = Counter(str(p.detail.get("backend", "unknown")) for p in points)
        backends.append((where, tuple(sorted(counted.items(), key=lambda item: (-item[1], item[0])))))
        for dtype in dict.fromkeys(str(p.params["dtype"]) for p in points):
            best = max((p for p in points if p.params["dtype"] == dtype), key=lambda p: p.gflop_s or 0.0)
            products = [(p.gflop_s, m, p) for m, p in analysis.series(results, workload="matmul", device=where,
                                                                    dtype=dtype) if p.gflop_s]
            top = max(products, key=lambda found: found[0]) if products else None
            bests.append(AttentionBest(where, dtype, best.gflop_s or 0.0, int(best.params["seq"]),
                                       int(best.params["head_dim"]), best, top[0] if top else None,
                                       top[1] if top else None, top[2] if top else None))
    comparisons = []
    if device is not None:
        for dim in _head_dims(results):
            found = compare_series(
                analysis.series(results, workload="attention", device="cpu", dtype=ATTENTION_COMPARED, head_dim=dim),
                analysis.series(results, workload="attention", device=device, dtype=ATTENTION_COMPARED, head_dim=dim))
            if found:
                comparisons.append((dim, found))
    return AttentionFinding(tuple(bests), tuple(backends), device, tuple(comparisons))


def products_only_gain(results: ResultSet, base: AttentionBest, other: AttentionBest) -> bool:
    """Whether ``other``'s precision speeds up matrix products on their device but not attention: its best
    product is faster than ``base``'s beyond noise (rate against rate, each at its own size), and at no call
    measured in both precisions is its attention shown faster than ``base``'s."""
    if base.device != other.device or base.matmul_evidence is None or other.matmul_evidence is None:
        return False
    if rate_ratio(other.matmul_evidence, base.matmul_evidence, "flops").direction() != FASTER:
        return False
    calls = [c for dim in _head_dims(results) for c in compare_series(
        analysis.series(results, workload="attention", device=base.device, dtype=base.dtype, head_dim=dim),
        analysis.series(results, workload="attention", device=base.device, dtype=other.dtype, head_dim=dim))]
    return bool(calls) and all(c.direction != FASTER for c in calls)


@dataclass(frozen=True)
class DecodeStep:
    """One decode step measured well: its time, tokens per second and the model it ran."""

    device: str
    mode: str
    point: Point

    @property
    def seconds(self) -> float:
        return self.point.measured_s

    @property
    def tokens_per_s(self) -> float:
        return 1.0 / self.seconds

    @property
    def tokens_interval(self) -> tuple[float, float]:
        return 1.0 / (self.point.ci_high_s or self.seconds), 1.0 / (self.point.ci_low_s or self.seconds)

    @property
    def ops(self) -> int | None:
        found = self.point.detail.get("ops_per_call")
        return int(found) if isinstance(found, int) else None


@dataclass(frozen=True)
class Decoding:
    """A device's decode step: eager, replayed without per-call overhead, the bound and what limits it."""

    device: str
    #: The model (every decode point of the device runs the same one: the profile's).
    parameters: int
    dtype: str
    context: int
    bytes_per_token: float
    #: Each mode's step measured well, and the point tried in that mode (good or not: its reason says why not),
    #: or ``None`` where the mode was not tried.
    eager: DecodeStep | None
    graph: DecodeStep | None
    eager_point: Point | None
    graph_point: Point | None
    band: Bandwidth | None
    cost: OpCost | None
    #: The step's own matrices read alone (``step_products``, measured well), whose rate is the size-matched
    #: bound's; ``None`` where they were not (the bound is then ``B @ a``'s from memory).
    products: Point | None = None
    #: The largest plain copy, where it moved more than the device's cache while every ``B @ a`` matrix fit in it:
    #: a model's weights do not fit, so the bound reads at the copy's rate, as the verdict's bound on a 7B model
    #: does (:func:`~mpsarticle.analysis.findings.matvec.copy_beyond_cache`).
    copy: Point | None = None

    @property
    def graph_how(self) -> str | None:
        """How the replay removed per-call overhead: ``cuda_graph`` or ``torch_compile``."""
        how = self.graph.point.detail.get("overhead_removed_by") if self.graph else None
        return str(how) if how else None

    @property
    def bound_basis(self) -> Literal["matched", "best", "copy"] | None:
        """What the bound's rate is: ``matched``, the step's own matrices read alone; ``best``, ``B @ a``'s from
        memory (where the matrices were not measured well); ``copy``, the largest plain copy (where every ``B @ a``
        matrix fit in the cache and the copy did not); ``None``, none of them."""
        if self.products is not None:
            return "matched"
        if self.copy is not None:
            return "copy"
        return "best" if self.band is not None else None

    @property
    def rate_gb_s(self) -> float | None:
        """The rate the bound is read at (:attr:`bound_basis`), in GB/s."""
        if self.products is not None:
            return self.products.gb_s
        if self.copy is not None:
            return self.copy.gb_s
        return self.band.memory_gb_s if self.band else None

    @property
    def bound_tokens_per_s(self) -> float | None:
        """The bandwidth bound: :attr:`rate_gb_s` over the bytes of one token."""
        rate = self.rate_gb_s
        return rate * 1e9 / self.bytes_per_token if rate else None

    def share(self, step: DecodeStep) -> tuple[float, float, float] | None:
        """(share of the bound, low, high) reached by ``step``."""
        bound = self.bound_tokens_per_s
        if bound is None:
            return None
        low, high = step.tokens_interval
        return step.tokens_per_s / bound, low / bound, high / bound

    @property
    def overhead_s(self) -> float | None:
        """The eager step's operations times one operation's cost on this device."""
        if self.eager is None or self.cost is None or self.eager.ops is None:
            return None
        return self.eager.ops * self.cost.per_op_s

    @property
    def host_s(self) -> float | None:
        """The host's part of the eager step's calls, measured directly: the eager time less the time of the same
        step replayed as a CUDA graph, which removes the host's part of every call and keeps every kernel; ``None``
        where no CUDA graph replayed it well or the replay saved nothing (a compiled replay also fuses kernels, so
        its saving is not the host's part alone)."""
        if self.eager is None or self.graph is None or self.graph_how != "cuda_graph":
            return None
        saved = self.eager.seconds - self.graph.seconds
        return saved if saved > 0 else None

    @property
    def accounting(self) -> Literal["replay", "ops"] | None:
        """How the calls' fixed cost is read: ``replay``, from a CUDA graph's saving (:attr:`host_s`); ``ops``, from
        the operations times one small operation's cost (:attr:`overhead_s`), which leaves unsaid whatever costs a
        call more than one tiny addition; ``None``, neither."""
        return "replay" if self.host_s is not None else "ops" if self.overhead_s is not None else None

    @property
    def limit(self) -> Limit | None:
        """What limits the eager step (:data:`LIMITS`): its share of the bound at the median (the sentence prints
        it), then the calls' fixed cost as :attr:`accounting` reads it, at the ends of its intervals
        (:attr:`calls_share`)."""
        if self.eager is None:
            return None
        share = self.share(self.eager)
        if share is not None and share[1] > 1:
            return "above"
        if share is not None and share[0] >= BOUND_SHARE:
            return "bandwidth"
        calls = self.calls_share
        if calls is None or share is None:
            return None
        # A median on one side of the line says nothing where the intervals reach across it: the eager step's
        # spread between fresh processes can be wide enough to hold both readings.
        if calls[0] >= OVERHEAD_SHARE:
            return "overhead"
        return "neither" if calls[1] < OVERHEAD_SHARE else "unclear"

    @property
    def calls_share(self) -> tuple[float, float] | None:
        """The calls' fixed cost as a share of the eager step, least and most, at the ends of the 95 % intervals it
        rests on: a CUDA graph's saving (:attr:`host_s`) from the eager step's and the graph's intervals, else the
        operations times one operation's typical cost (:attr:`overhead_s`) from the step's interval: that cost is the
        unit the calls are priced in, not a measurement of them, so its own scatter is not stacked on the step's."""
        step = self.eager
        if step is None:
            return None
        fast, slow = step.point.ci_low_s or step.seconds, step.point.ci_high_s or step.seconds
        if self.host_s is not None and self.graph is not None:
            graph = self.graph.point
            g_fast, g_slow = graph.ci_low_s or graph.measured_s, graph.ci_high_s or graph.measured_s
            return max(0.0, 1 - g_slow / fast), max(0.0, 1 - g_fast / slow)
        if self.overhead_s is None or self.cost is None or step.ops is None:
            return None
        return step.ops * self.cost.per_op_s / slow, step.ops * self.cost.per_op_s / fast

    @property
    def replay(self) -> Ratio | None:
        """Eager time / replayed time, with its interval (above 1: the replay is faster)."""
        if self.eager is None or self.graph is None:
            return None
        return analysis.compare(self.eager.point, self.graph.point)

    @property
    def replay_direction(self) -> Direction | None:
        found = self.replay
        return found.direction() if found else None


def _decode_points(results: ResultSet, device: str, context: int | None = None) -> list[Point]:
    """The device's decode points at ``context``, by default the shortest it measured."""
    points = results.select(workload="decode", device=device, method="engine")
    if context is None and points:
        context = min(int(p.params["context"]) for p in points)
    return [p for p in points if p.params["context"] == context]


def _step(results: ResultSet, device: str, mode: str, dtype: str,
          context: int | None = None) -> tuple[DecodeStep | None, Point | None]:
    """The step measured well in ``mode`` and ``dtype`` at ``context`` (by default the shortest measured), or
    ``None``, and the point tried (the good one, else the first)."""
    points = [p for p in _decode_points(results, device, context)
              if p.params["mode"] == mode and p.params["dtype"] == dtype]
    good = next((p for p in points if p.ok), None)
    return (DecodeStep(device, mode, good) if good else None), (good or next(iter(points), None))


def decoder_dtype(points: list[Point]) -> str:
    """The precision a device's decoder was judged in: the one measured replayed as well as eager (the profile's
    choice for the machine), else the only one measured."""
    replayed = [p for p in points if p.params.get("mode") == "graph"]
    return str((replayed or points)[0].params["dtype"])


def _products(results: ResultSet, device: str, step: Point) -> Point | None:
    """The matrices of ``step``'s decoder read alone on ``device`` in its precision, replayed without per-call
    overhead and measured well, or ``None`` (launched one by one, their rate would include each call's cost)."""
    return next((p for p in results.select(workload="step_products", device=device, method="engine")
                 if p.ok and p.detail.get("overhead_removed_by") and p.params["dtype"] == step.params["dtype"]
                 and p.params["d_model"] == step.params["d_model"] and p.params["layers"] == step.params["layers"]),
                None)


def decoding(results: ResultSet) -> tuple[Decoding, ...]:
    """Per device that tried a decode step (accelerators first, in the order measured, then the CPU)."""
    bands = {b.device: b for b in bandwidths(results)}
    order = [d for d in results.devices if d != "cpu"] + [d for d in results.devices if d == "cpu"]
    found = []
    for device in order:
        points = _decode_points(results, device)
        if not points:
            continue
        dtype = decoder_dtype(points)
        first = next(p for p in points if p.params["dtype"] == dtype)
        (eager, eager_point), (graph, graph_point) = (_step(results, device, mode, dtype)
                                                      for mode in ("eager", "graph"))
        params = first.params
        found.append(Decoding(device, _parameters(params), str(params["dtype"]), int(params["context"]),
                              first.bytes_moved, eager, graph, eager_point, graph_point, bands.get(device),
                              op_cost(results, device), _products(results, device, first),
                              copy_beyond_cache(results, bands[device]) if device in bands else None))
    return tuple(found)


@dataclass(frozen=True)
class HalfPrecisions:
    """float16 against bfloat16 on one accelerator: every attention call measured in both (bfloat16 time /
    float16 time: above 1, float16 is faster) and the eager decode step in both."""

    device: str
    #: The decoder's precision on this device (:func:`decoder_dtype`), or ``None`` where no decode step ran.
    decoder: str | None
    #: The machine's Apple GPU has no bfloat16 arithmetic (:func:`mpsarticle.core.profiles.emulates_bfloat16`).
    emulated: bool
    attention: tuple[Comparison, ...]
    decode: Comparison | None

    @property
    def attention_direction(self) -> Overall | None:
        """float16 against bfloat16 over every attention call (see :func:`.matmul.summary`)."""
        return summary(self.attention) if self.attention else None


def half_precisions(results: ResultSet) -> tuple[HalfPrecisions, ...]:
    """Per accelerator that measured anything in both half precisions, float16 against bfloat16."""
    found = []
    for device in (d for d in results.devices if d != "cpu"):
        calls: list[Comparison] = []
        for dim in _head_dims(results):
            calls += compare_series(
                analysis.series(results, workload="attention", device=device, dtype="bfloat16", head_dim=dim),
                analysis.series(results, workload="attention", device=device, dtype="float16", head_dim=dim))
        points = _decode_points(results, device)
        steps = [[(int(step.point.params["context"]), step.point)] if step else []
                 for step in (_step(results, device, "eager", dtype)[0] for dtype in ("bfloat16", "float16"))]
        decode = next(iter(compare_series(*steps)), None)
        if calls or decode is not None:
            found.append(HalfPrecisions(device, decoder_dtype(points) if points else None,
                                        emulates_bfloat16(results.environment), tuple(calls), decode))
    return tuple(found)


@dataclass(frozen=True)
class ContextStep:
    """The decoder at one context on one device, in its own precision: eager and replayed (measured well, or
    ``None``), and the share of a token's bytes that the cache's keys and values make up."""

    context: int
    eager: DecodeStep | None
    graph: DecodeStep | None
    cache_share: float
    #: The bandwidth bound at this context: the decode bound's rate (:attr:`Decoding.rate_gb_s`) over a token's
    #: bytes, the cache's included (``None`` without a rate).
    bound_tokens_per_s: float | None = None


def contexts(results: ResultSet) -> dict[str, tuple[ContextStep, ...]]:
    """Per accelerator whose decoder was measured at more than one context, each context in increasing order."""
    found = {}
    bands = {b.device: b for b in bandwidths(results)}
    for device in (d for d in results.devices if d != "cpu"):
        points = results.select(workload="decode", device=device, method="engine")
        if not points:
            continue
        band = bands.get(device)
        shortest = _decode_points(results, device)
        dtype = decoder_dtype(shortest)
        products = _products(results, device, next(p for p in shortest if p.params["dtype"] == dtype))
        rate = products.gb_s if products is not None else band.memory_gb_s if band else None
        measured = sorted({int(p.params["context"]) for p in points if p.params["dtype"] == dtype})
        if len(measured) < 2:
            continue
        ladder = []
        for context in measured:
            model = _decoder(next(p.params for p in points
                                  if p.params["dtype"] == dtype and p.params["context"] == context))
            cache = DTYPE_SIZES[dtype] * model.cache_values
            bound = rate * 1e9 / model.bytes_moved if rate else None
            ladder.append(ContextStep(context, _step(results, device, "eager", dtype, context)[0],
                                      _step(results, device, "graph", dtype, context)[0], cache / model.bytes_moved,
                                      bound))
        found[device] = tuple(ladder)
    return found


@dataclass(frozen=True)
class PromptRead:
    """A prompt read at once on one device in one precision, beside its two bounds.

    ``product``: the device's best matrix product in that precision (its rate bounds the arithmetic), ``band``:
    its ``B @ a`` from memory (reading every weight once at that rate bounds the bytes)."""

    device: str
    dtype: str
    tokens: int
    point: Point
    product: Point | None
    band: Bandwidth | None
    cost: OpCost | None = None

    @property
    def tokens_per_s(self) -> float:
        return self.tokens / self.point.measured_s

    @property
    def tokens_interval(self) -> tuple[float, float]:
        """Tokens per second at the ends of the time's 95 % interval."""
        seconds = self.point.measured_s
        return self.tokens / (self.point.ci_high_s or seconds), self.tokens / (self.point.ci_low_s or seconds)

    @property
    def compute_bound(self) -> float | None:
        """Tokens per second the arithmetic allows at the best product's rate."""
        rate = self.product.gflop_s if self.product else None
        return rate * 1e9 * self.tokens / self.point.flops if rate and self.point.flops else None

    @property
    def bytes_bound(self) -> float | None:
        """Tokens per second reading the weights once at the ``B @ a`` rate allows."""
        if self.band is None or not self.point.bytes_moved:
            return None
        return self.band.memory_gb_s * 1e9 * self.tokens / self.point.bytes_moved

    @property
    def regime(self) -> Literal["compute", "bandwidth"] | None:
        """Which bound is tighter: the arithmetic at the best product's rate, or the bytes at ``B @ a``'s."""
        compute, nbytes = self.compute_bound, self.bytes_bound
        if compute is None or nbytes is None:
            return None
        return "compute" if compute <= nbytes else "bandwidth"

    @property
    def share(self) -> float | None:
        """The share of the arithmetic's bound reached."""
        bound = self.compute_bound
        return self.tokens_per_s / bound if bound else None

    @property
    def ops(self) -> int | None:
        found = self.point.detail.get("ops_per_call")
        return int(found) if isinstance(found, int) else None

    @property
    def overhead_s(self) -> float | None:
        """The prompt's operations times one operation's cost on this device."""
        return self.ops * self.cost.per_op_s if self.ops is not None and self.cost is not None else None

    @property
    def limit(self) -> PromptLimit | None:
        """What limits the prompt, read from its time's 95 % interval (the sentence prints the numbers it rests
        on): the tighter bound where the whole interval reached at least :data:`BOUND_SHARE` of it (``both`` where
        the other bound is within :data:`BOUNDS_APART` of it); where the interval holds that line, the tighter
        bound all the same (``compute_likely``, ``bandwidth_likely``) if the two other candidates are ruled out
        (even the interval's fast end below that share of the other bound, and the calls under
        :data:`OVERHEAD_SHARE` of its time at every end) and its median stays under the bound; else the fixed
        cost of its calls where that is at least :data:`OVERHEAD_SHARE` of its time at every end of both intervals
        (the prompt's time and one operation's cost), ``neither`` where it is less at every end; ``unclear`` where
        an interval holds a line and nothing rules the others out (a median on one side of it says nothing)."""
        regime, compute, nbytes = self.regime, self.compute_bound, self.bytes_bound
        if regime is None or compute is None or nbytes is None:
            return None
        tighter = min(compute, nbytes)
        low, high = self.tokens_interval
        if low >= BOUND_SHARE * tighter:
            return "both" if max(compute, nbytes) < BOUNDS_APART * tighter else regime
        if high >= BOUND_SHARE * tighter:
            others_out = high < BOUND_SHARE * max(compute, nbytes) and self._calls_below_half()
            if not others_out or self.tokens_per_s >= tighter:
                return "unclear"
            return "compute_likely" if regime == "compute" else "bandwidth_likely"
        if self.ops is None or self.cost is None:
            return None
        # The calls' cost is read from both intervals: one operation's cost scatters as much as the prompt's time,
        # and a verdict from its median alone could flip with a rerun.
        seconds = self.point.measured_s
        if self.ops * self.cost.low_s >= OVERHEAD_SHARE * (self.point.ci_high_s or seconds):
            return "overhead"
        if self._calls_below_half():
            return "neither"
        return "unclear"

    def _calls_below_half(self) -> bool:
        """Whether the calls take less than :data:`OVERHEAD_SHARE` of the prompt's time at every end of both
        intervals: each operation at the dear end of one operation's cost, the prompt at its fast end."""
        if self.ops is None or self.cost is None:
            return False
        return self.ops * self.cost.high_s < OVERHEAD_SHARE * (self.point.ci_low_s or self.point.measured_s)


def prompts(results: ResultSet) -> tuple[tuple[PromptRead, ...], ...]:
    """Per device that read a prompt well (accelerators first, then the CPU), each precision in the order
    measured."""
    bands = {b.device: b for b in bandwidths(results)}
    order = [d for d in results.devices if d != "cpu"] + [d for d in results.devices if d == "cpu"]
    found = []
    for device in order:
        reads = []
        for point in results.select(workload="prefill", device=device, method="engine"):
            if not point.ok:
                continue
            dtype = str(point.params["dtype"])
            products = [p for _, p in analysis.series(results, workload="matmul", device=device, dtype=dtype)
                        if p.gflop_s]
            best = max(products, key=lambda p: p.gflop_s or 0.0) if products else None
            reads.append(PromptRead(device, dtype, int(point.params["tokens"]), point, best, bands.get(device),
                                    op_cost(results, device)))
        if reads:
            found.append(tuple(reads))
    return tuple(found)


def replay_slowdown(ladder: tuple[ContextStep, ...]) -> Ratio | None:
    """The replayed step's time at the longest context over its time at the shortest (above 1 beyond noise: the
    longer context is slower), or ``None`` where either was not replayed well."""
    first, last = ladder[0].graph, ladder[-1].graph
    return analysis.compare(last.point, first.point) if first and last and len(ladder) > 1 else None


def context_slowdown(ladder: tuple[ContextStep, ...]) -> tuple[Literal["graph", "eager"], Ratio] | None:
    """The step's time at the longest context over its time at the shortest, of those its eager step was measured
    well at: replayed where both ends were replayed well (the step with the host's part removed shows the bytes
    best), else eager; ``None`` where fewer than two contexts were measured well."""
    steps = [one for one in ladder if one.eager is not None]
    if len(steps) < 2:
        return None
    first, last = steps[0], steps[-1]
    if first.graph is not None and last.graph is not None:
        return "graph", analysis.compare(last.graph.point, first.graph.point)
    assert first.eager is not None and last.eager is not None  # (chosen for it)
    return "eager", analysis.compare(last.eager.point, first.eager.point)


def _parameters(params: dict) -> int:
    """Every weight of the decoder with ``params`` (as :class:`mpsarticle.core.specs.Decode` counts them)."""
    return _decoder(params).parameters


def _decoder(params: dict) -> Decode:
    return Decode(**params)


#: Ways of running a decode step, in the order the chapter lists them (mpsarticle.core.specs.DECODE_MODES).
WAYS: Final = ("eager", "graph", "compiled")


@dataclass(frozen=True)
class Way:
    """One way of running a device's decode step (eager, replayed, compiled), measured well or not (``step``)."""

    mode: str
    step: DecodeStep | None
    #: The point tried in this mode (good or not), ``None`` where the mode was not tried.
    point: Point | None

    @property
    def how(self) -> str | None:
        """``cuda_graph`` or ``torch_compile`` for a replay; ``torch_compile`` for the compiled mode."""
        if self.mode == "compiled":
            return "torch_compile"
        how = self.point.detail.get("overhead_removed_by") if self.point else None
        return str(how) if how else None

    @property
    def kernels(self) -> int | None:
        """The device kernels one token runs (PyTorch's profiler; CUDA only)."""
        found = self.point.detail.get("kernels_per_call") if self.point else None
        return int(found) if isinstance(found, int) else None

    @property
    def launches(self) -> int | None:
        """How many times the host launches work for one token: each kernel eager and compiled, once for a
        CUDA graph; unknown where the kernels are not counted."""
        if self.how == "cuda_graph" and self.mode == "graph":
            return 1
        return self.kernels

    @property
    def compile_s(self) -> float | None:
        """How long ``torch.compile`` took to compile the step, in its first process."""
        found = self.point.detail.get("compile_ms") if self.point else None
        return found / 1000 if isinstance(found, int) else None


@dataclass(frozen=True)
class StepWays:
    """A device's decode step (:class:`Decoding`) run each way it was tried, in its own precision at its shortest
    context, beside the size-matched bound: the rate its own matrices reached read alone and replayed
    (:attr:`Decoding.products`), over a token's bytes."""

    decoding: Decoding
    ways: tuple[Way, ...]

    @property
    def device(self) -> str:
        return self.decoding.device

    @property
    def bytes_per_token(self) -> float:
        return self.decoding.bytes_per_token

    @property
    def band(self) -> Bandwidth | None:
        return self.decoding.band

    @property
    def matched_gb_s(self) -> float | None:
        """The rate the step's matrices reached read alone, in GB/s (``None`` where they were not)."""
        return self.decoding.rate_gb_s if self.decoding.bound_basis == "matched" else None

    @property
    def bound_tokens_per_s(self) -> float | None:
        """The size-matched bound: :attr:`matched_gb_s` over a token's bytes (its cache's included)."""
        return self.decoding.bound_tokens_per_s if self.matched_gb_s else None

    def way(self, mode: str) -> Way | None:
        return next((way for way in self.ways if way.mode == mode), None)

    def share(self, way: Way) -> float | None:
        bound = self.bound_tokens_per_s
        return way.step.tokens_per_s / bound if bound and way.step else None

    def against(self, mode: str, other: str) -> Ratio | None:
        """``other``'s time over ``mode``'s (above 1: ``mode`` is faster), both measured well."""
        first, second = self.way(mode), self.way(other)
        if first is None or second is None or first.step is None or second.step is None:
            return None
        return analysis.compare(second.step.point, first.step.point)


def step_ways(results: ResultSet) -> tuple[StepWays, ...]:
    """Per device that tried a decode step (accelerators first, then the CPU), each way it tried."""
    found = []
    for one in decoding(results):
        tried = ((mode, *_step(results, one.device, mode, one.dtype)) for mode in WAYS)
        found.append(StepWays(one, tuple(Way(mode, step, point) for mode, step, point in tried if point is not None)))
    return tuple(found)


# -- MLX beside PyTorch ------------------------------------------------------------------------

#: What MLX's part of the chapter can say: ``measured`` (MLX's points are there), ``unmeasured`` (MLX was installed
#: but this run has no point of it), ``not_installed`` (the run recorded that MLX was not installed), ``unknown``
#: (the run predates MLX's record).
MlxState = Literal["measured", "unmeasured", "not_installed", "unknown"]
#: The workloads MLX is measured on, in the order the chapter names them (mpsarticle.core.profiles' mlx suite).
MLX_WORKLOADS: Final = ("decode", "matvec", "matmul")


@dataclass(frozen=True)
class MlxPair:
    """One workload run by MLX and by PyTorch on the same class of device with the same parameters (precision,
    size, decoder, context): MLX's point as tried, and PyTorch's measured well, where there is one."""

    workload: str
    mlx: Point
    torch: Point | None
    #: MLX may have run it at TF32-class precision (a float32 call on MLX's GPU with ``MLX_ENABLE_TF32`` not
    #: recorded as ``0``) where PyTorch ran full float32: then the two are not compared.
    tf32: bool = False

    @property
    def measured(self) -> bool:
        """Both measured well, at one precision: only then are they compared."""
        return self.mlx.ok and self.torch is not None and self.torch.ok and not self.tf32

    @property
    def ratio(self) -> Ratio | None:
        """PyTorch's time / MLX's, with its interval (above 1: MLX is faster)."""
        return analysis.compare(self.torch, self.mlx) if self.measured and self.torch is not None else None


@dataclass(frozen=True)
class MlxBeside:
    """MLX's device beside its PyTorch counterpart (mpsarticle.core.frameworks), workload by workload."""

    device: str
    counterpart: str
    version: str | None
    #: ``MLX_ENABLE_TF32`` as MLX's points recorded it (``unset`` where it was not set).
    tf32: str | None
    pairs: tuple[MlxPair, ...]


def mlx_state(results: ResultSet) -> MlxState:
    if results.mlx_devices:
        return "measured"
    if "mlx" not in results.environment:
        return "unknown"
    return "not_installed" if results.environment["mlx"] is None else "unmeasured"


def _same_run(results: ResultSet, point: Point, device: str) -> Point | None:
    """PyTorch's point on ``device`` with ``point``'s workload and parameters, measured well (any suite)."""
    return next((p for p in results.select(workload=point.workload, device=device, method="engine")
                 if p.ok and p.params == point.params), None)


def mlx_beside(results: ResultSet) -> tuple[MlxBeside, ...]:
    """Per MLX device measured, each of its points beside PyTorch's with the same parameters on its counterpart."""
    found = []
    for device in results.mlx_devices:
        counterpart = torch_counterpart(device)
        points = [p for kind in MLX_WORKLOADS for p in results.select(workload=kind, device=device, method="engine")]
        detail = next((p.detail for p in points if p.detail.get("mlx")), {})
        pairs = tuple(MlxPair(p.workload, p, _same_run(results, p, counterpart), tf32=_maybe_tf32(device, p))
                      for p in points)
        found.append(MlxBeside(device, counterpart, _text(detail.get("mlx")), _text(detail.get("mlx_tf32")), pairs))
    return tuple(found)


def _maybe_tf32(device: str, point: Point) -> bool:
    """Whether MLX may have run ``point`` at TF32-class precision: a float32 call on its GPU, whose switch was not
    recorded as off (MLX's default turns it on where the GPU has matrix units for it; its CPU has none)."""
    switch = str(point.detail.get("mlx_tf32", "unset")).strip()
    return device == "mlx-gpu" and point.params.get("dtype") == "float32" and switch != "0"


def _text(value: object) -> str | None:
    return str(value) if value is not None else None
