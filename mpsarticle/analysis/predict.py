"""What the model predicts for every Apple chip, and how far that is from what others measured; no torch.

Each chip variant of the spec sheet (:mod:`mpsarticle.core.specsheet`) gets
a model of its GPU and of its CPU (:mod:`mpsarticle.analysis.model`): a
fixed cost per operation, a bandwidth, a float32 and a float16 rate. The
spec sheet gives bandwidth and (for some chips) the GPU's float32 peak;
what it does not give is an *assumption*, each taken from the cited
measurements (:mod:`mpsarticle.core.cited`) and named with its rows:

- the share of the spec bandwidth a plain copy reaches, on the GPU and on
  the CPU (both read the same unified memory);
- the share of the spec float32 peak a float32 matrix product reaches on
  the GPU, or, for a chip without a published peak, the rate per GPU core;
- the float16 rate over the float32 rate on the GPU;
- the CPU's float32 matrix-product rate (no spec sheet gives it);
- the fixed cost of one small operation on the GPU and on the CPU.

Every assumption has a central value (the median of its rows) and a range
(their least and largest). An assumption for a chip never reads that chip's
own rows (leave one out), so that every comparison with a cited row is a
test of the model, not of the row against itself; the fixed costs come from
one chip's rows and are the same for every chip, and so is the CPU's float32
rate, so that chips sharing a CPU get the same rate (those rows are then no
test).

A prediction has a range: every assumption at the end that favours the GPU,
then at the end that favours the CPU. A cited value outside the range is a
*miss*; a cited value above what the spec sheet makes physically possible
(its bandwidth, its peak) is a *conflict*: the spec sheet or the source is
wrong, and it is named, never dropped.

The one number the spec sheet and the cited rows cannot give is how the
three terms combine; the predictions take the combination this build's own
fit chose (:attr:`mpsarticle.analysis.model.Fit.combination`).
"""

from __future__ import annotations

import functools
import math
import re
import statistics
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from mpsarticle.analysis.model import Call, first_true, predict_s
from mpsarticle.core.cited import Cited, cited
from mpsarticle.core.specs import DTYPE_SIZES, Decode, MatMul, MatVec
from mpsarticle.core.specsheet import Chip, chips, fits

__all__ = ["ASSUMPTIONS", "Assumption", "Check", "Device", "MODELS", "Prediction", "SourceError", "assumptions",
           "checks", "crossover_m", "decode_models", "gpu_model", "predictions", "scenarios", "source_errors"]

#: The assumptions, by name (see the module notes).
ASSUMPTIONS = ("gpu_bandwidth_share", "gpu_fp32_share", "gpu_fp32_per_core", "gpu_fp16_over_fp32",
               "cpu_bandwidth_share", "cpu_fp32_tflops", "gpu_op_us", "cpu_op_us")
#: Which end of each assumption's range favours the GPU over the CPU.
_GPU_FAVOURED = {"gpu_bandwidth_share": "high", "gpu_fp32_share": "high", "gpu_fp32_per_core": "high",
                 "gpu_fp16_over_fp32": "high", "cpu_bandwidth_share": "low", "cpu_fp32_tflops": "low",
                 "gpu_op_us": "low", "cpu_op_us": "high"}
#: No published measurement says how a Mac's CPU does float16 products against float32: taken as fast, within a
#: factor of two either way (a stated assumption, not a reading).
CPU_FP16_OVER_FP32 = (1.0, 0.5, 2.0)
#: The matrix sizes of the predicted speed-ups of A @ B.
MATMUL_SIZES = (1024, 4096)
#: The crossover of B @ a is searched up to this size (a larger matrix exceeds most Macs' memory).
CROSSOVER_MAX = 65536
SCENARIOS = ("central", "gpu_best", "gpu_worst")


@dataclass(frozen=True)
class Assumption:
    name: str
    central: float
    low: float
    high: float
    #: The cited rows it was taken from (empty: stated, with no rows).
    rows: tuple[Cited, ...] = ()

    def at(self, scenario: str) -> float:
        if scenario == "central":
            return self.central
        favoured = _GPU_FAVOURED.get(self.name, "high")
        best = self.high if favoured == "high" else self.low
        worst = self.low if favoured == "high" else self.high
        return best if scenario == "gpu_best" else worst


def variants(row: Cited) -> list[Chip]:
    """The spec-sheet rows a cited row can be of: its chip, with its GPU cores where the source says."""
    return [c for c in chips() if c.name == row.chip and (row.gpu_cores is None or c.gpu_cores == row.gpu_cores)]


def _one(values: Iterable[float]) -> float | None:
    """The value all of ``values`` share, else ``None`` (a cited row that may be of two chips that differ)."""
    found = set(values)
    return found.pop() if len(found) == 1 else None


def _spec_bandwidth(row: Cited) -> float | None:
    return _one(c.bandwidth_gb_s for c in variants(row))


def _spec_fp32(row: Cited) -> float | None:
    found = [c.fp32_tflops for c in variants(row)]
    known = [f for f in found if f is not None]
    return _one(known) if found and len(known) == len(found) else None


def _gpu_cores(row: Cited) -> int | None:
    if row.gpu_cores is not None:
        return row.gpu_cores
    found = _one(float(c.gpu_cores) for c in variants(row))
    return int(found) if found is not None else None


def _is(row: Cited, framework: str, workload: str, unit: str, dtype: str | None = None) -> bool:
    return (row.framework == framework and row.workload == workload and row.unit == unit
            and (dtype is None or row.dtype == dtype))


def _ratios(rows: Sequence[Cited], pick: Callable[[Cited], bool], ratio: Callable[[Cited], float | None]) -> list[
        tuple[float, Cited]]:
    found = []
    for row in rows:
        if pick(row):
            value = ratio(row)
            if value is not None:
                found.append((value, row))
    return found


def _assumption(name: str, found: Sequence[tuple[float, Cited]]) -> Assumption | None:
    if not found:
        return None
    values = [v for v, _ in found]
    return Assumption(name, statistics.median(values), min(values), max(values), tuple(r for _, r in found))


def _fp16_pairs(rows: Sequence[Cited]) -> list[tuple[float, Cited]]:
    found = []
    for half in rows:
        if _is(half, "PyTorch MPS", "matmul", "TFLOP/s", "float16"):
            single = [r for r in rows if _is(r, "PyTorch MPS", "matmul", "TFLOP/s", "float32")
                      and (r.chip, r.gpu_cores, r.source_url) == (half.chip, half.gpu_cores, half.source_url)]
            if single:
                found.append((half.value / single[0].value, half))
    return found


@functools.lru_cache(maxsize=64)
def assumptions(leave_out: str = "") -> dict[str, Assumption]:
    """Every assumption, from the cited rows of every chip but ``leave_out`` (a chip's name; empty: none left
    out). The fixed costs per operation and the CPU's float32 rate are read from all rows whatever is left out:
    one chip's rows set them, and chips with the same CPU must get the same rate."""
    every = cited()
    rows = [r for r in every if r.chip != leave_out]
    made = {
        "gpu_bandwidth_share": _assumption("gpu_bandwidth_share", _ratios(
            rows, lambda r: _is(r, "PyTorch MPS", "copy", "GB/s"),
            lambda r: r.value / b if (b := _spec_bandwidth(r)) else None)),
        "cpu_bandwidth_share": _assumption("cpu_bandwidth_share", _ratios(
            rows, lambda r: _is(r, "PyTorch CPU", "copy", "GB/s"),
            lambda r: r.value / b if (b := _spec_bandwidth(r)) else None)),
        "gpu_fp32_share": _assumption("gpu_fp32_share", _ratios(
            rows, lambda r: _is(r, "PyTorch MPS", "matmul", "TFLOP/s", "float32"),
            lambda r: r.value / f if (f := _spec_fp32(r)) else None)),
        "gpu_fp32_per_core": _assumption("gpu_fp32_per_core", _ratios(
            rows, lambda r: _is(r, "PyTorch MPS", "matmul", "TFLOP/s", "float32"),
            lambda r: r.value / n if (n := _gpu_cores(r)) else None)),
        "gpu_fp16_over_fp32": _assumption("gpu_fp16_over_fp32", _fp16_pairs(rows)),
        "cpu_fp32_tflops": _assumption("cpu_fp32_tflops", _ratios(
            every, lambda r: _is(r, "PyTorch CPU", "matmul", "TFLOP/s", "float32"), lambda r: r.value)),
        "gpu_op_us": _assumption("gpu_op_us", _ratios(every, lambda r: _is(r, "PyTorch MPS", "op", "µs"),
                                                      lambda r: r.value)),
        "cpu_op_us": _assumption("cpu_op_us", _ratios(every, lambda r: _is(r, "PyTorch CPU", "op", "µs"),
                                                      lambda r: r.value)),
    }
    return {name: found for name, found in made.items() if found is not None}


# -- one chip's two devices ---------------------------------------------------------------------

@dataclass(frozen=True)
class Device:
    """The model of one device of one chip: seconds per operation, bytes per second, FLOPs per second."""

    op_s: float
    bytes_per_s: float
    fp32: float | None
    fp16: float | None

    def rate(self, dtype: str) -> float | None:
        return self.fp32 if dtype == "float32" else self.fp16

    def time(self, call: Call, combination: str) -> float:
        return predict_s(call, self.op_s, self.bytes_per_s, self.rate(call.dtype), combination)


def gpu_model(chip: Chip, given: dict[str, Assumption], scenario: str) -> Device | None:
    if "gpu_bandwidth_share" not in given or "gpu_op_us" not in given:
        return None
    peak = chip.fp32_tflops
    if peak is not None and "gpu_fp32_share" in given:
        fp32: float | None = given["gpu_fp32_share"].at(scenario) * peak * 1e12
    elif "gpu_fp32_per_core" in given:
        fp32 = given["gpu_fp32_per_core"].at(scenario) * chip.gpu_cores * 1e12
    else:
        fp32 = None
    ratio = given.get("gpu_fp16_over_fp32")
    fp16 = fp32 * ratio.at(scenario) if fp32 is not None and ratio is not None else None
    return Device(given["gpu_op_us"].at(scenario) * 1e-6,
                  given["gpu_bandwidth_share"].at(scenario) * chip.bandwidth_gb_s * 1e9, fp32, fp16)


def _cpu(chip: Chip, given: dict[str, Assumption], scenario: str) -> Device | None:
    if "cpu_bandwidth_share" not in given or "cpu_op_us" not in given:
        return None
    fp32 = given["cpu_fp32_tflops"].at(scenario) * 1e12 if "cpu_fp32_tflops" in given else None
    half = {"central": CPU_FP16_OVER_FP32[0], "gpu_best": CPU_FP16_OVER_FP32[1],
            "gpu_worst": CPU_FP16_OVER_FP32[2]}[scenario]
    return Device(given["cpu_op_us"].at(scenario) * 1e-6,
                  given["cpu_bandwidth_share"].at(scenario) * chip.bandwidth_gb_s * 1e9, fp32,
                  fp32 * half if fp32 is not None else None)


def _matvec_call(m: int) -> Call:
    w = MatVec(m)
    return Call(1.0, w.bytes_moved, w.flops, "float32")


def crossover_m(gpu: Device, cpu: Device, combination: str) -> int | None:
    """The least m (a whole number) from which ``B @ a`` is faster on the GPU than on the CPU at every larger size
    up to :data:`CROSSOVER_MAX`; ``None`` where the GPU is not faster at the largest."""
    def gpu_wins(m: int) -> bool:
        call = _matvec_call(m)
        return gpu.time(call, combination) < cpu.time(call, combination)

    if not gpu_wins(CROSSOVER_MAX):
        return None
    if gpu_wins(1):
        return 1
    # Each device's time grows with m, and the GPU's fixed cost is the larger: one change of side, found by halving.
    return first_true(gpu_wins, 1, CROSSOVER_MAX)


# -- language models ------------------------------------------------------------------------------

@dataclass(frozen=True)
class LanguageModel:
    """A decoder the predictions generate tokens with: its weights and its layers (for the operations)."""

    name: str
    parameters: float
    layers: int
    #: Where the figures were read (a published configuration).
    source: str


def _decoder(d_model: int, layers: int, heads: int, kv_heads: int, ffn: int) -> Decode:
    return Decode(d_model=d_model, layers=layers, heads=heads, kv_heads=kv_heads, ffn=ffn, dtype="float16")


#: The shapes the predictions use for "1B" and "7B": TinyLlama-1.1B's and Llama 2 7B's published configurations
#: (the decoder of :mod:`mpsarticle.core.specs`, so the parameters are counted, not typed).
DECODERS = {"1B": _decoder(2048, 22, 32, 4, 5632), "7B": _decoder(4096, 32, 32, 32, 11008)}
#: The models of the cited decode and prompt rows, by a word of their description.
MODELS = {
    "Llama 3 8B": LanguageModel("Llama 3 8B", 8.03e9, 32, "https://huggingface.co/meta-llama/Meta-Llama-3-8B"),
    "qwen-2.5-0.5b": LanguageModel("Qwen2.5 0.5B", 0.49e9, 24, "https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct"),
    "qwen-2.5-coder-0.5b": LanguageModel("Qwen2.5-Coder 0.5B", 0.49e9, 24,
                                         "https://huggingface.co/Qwen/Qwen2.5-Coder-0.5B-Instruct"),
    "gemma-3-1b": LanguageModel("Gemma 3 1B", 999_885_952, 26, "https://github.com/keras-team/keras-hub/blob/master/"
                                "keras_hub/src/models/gemma3/gemma3_presets.py"),
}
#: Bytes per weight by the cited rows' precision; a 4-bit format's scales are left aside, so its bound is high.
WEIGHT_BYTES = {"bfloat16": 2.0, "float16": 2.0, "f16": 2.0, "q4_k_m": 0.5, "4": 0.5, "16": 2.0}


def decode_models() -> dict[str, tuple[float, int]]:
    """``1B`` and ``7B``: parameters and layers of the shapes the predictions use."""
    return {name: (float(d.parameters), d.layers) for name, d in DECODERS.items()}


def _decode_call(parameters: float, layers: int, weight_bytes: float, ops_per_layer: float) -> Call:
    return Call(ops_per_layer * layers, parameters * weight_bytes, 2.0 * parameters, "float16")


def _decode_tokens(device: Device, call: Call, combination: str) -> float:
    return 1.0 / device.time(call, combination)


def _bound_tokens(device: Device, call: Call) -> float:
    return device.bytes_per_s / call.bytes


# -- predictions, per chip --------------------------------------------------------------------------

@dataclass(frozen=True)
class Prediction:
    """One predicted number for one chip variant: its central value and its range."""

    chip: str
    gpu_cores: int
    quantity: str
    size: str
    unit: str
    value: float | None
    low: float | None
    high: float | None


def scenarios(chip: Chip) -> dict[str, tuple[Device | None, Device | None]]:
    """The chip's (GPU, CPU) in each scenario of :data:`SCENARIOS`, its own cited rows left out."""
    given = assumptions(chip.name)
    return {s: (gpu_model(chip, given, s), _cpu(chip, given, s)) for s in SCENARIOS}


def _ranged(chip: Chip, quantity: str, size: str, unit: str,
            of: Callable[[Device, Device], float | None], devices: dict[str, tuple[Device | None, Device | None]]
            ) -> Prediction:
    found = {}
    for scenario, (gpu, cpu) in devices.items():
        found[scenario] = of(gpu, cpu) if gpu is not None and cpu is not None else None
    known = [v for v in found.values() if v is not None]
    return Prediction(chip.name, chip.gpu_cores, quantity, size, unit, found["central"],
                      min(known) if known else None, max(known) if known else None)


def _speedup(m: int, dtype: str, combination: str) -> Callable[[Device, Device], float | None]:
    w = MatMul(m, dtype)
    call = Call(1.0, w.bytes_moved, w.flops, dtype)

    def of(gpu: Device, cpu: Device) -> float | None:
        if gpu.rate(dtype) is None or cpu.rate(dtype) is None:
            return None
        return cpu.time(call, combination) / gpu.time(call, combination)

    return of


def _eager_of(call: Call, combination: str) -> Callable[[Device, Device], float | None]:
    return lambda gpu, cpu: _decode_tokens(gpu, call, combination)


def _bound_of(call: Call) -> Callable[[Device, Device], float | None]:
    return lambda gpu, cpu: _bound_tokens(gpu, call)


def chip_predictions(chip: Chip, combination: str, ops_per_layer: float | None) -> list[Prediction]:
    """The published predictions of one chip variant (see :func:`predictions`)."""
    devices = scenarios(chip)
    found = [_ranged(chip, "matvec_crossover_m", "", "m",
                     lambda g, c: crossover_m(g, c, combination), devices)]
    for dtype in ("float32", "float16"):
        for m in MATMUL_SIZES:
            found.append(_ranged(chip, f"matmul_speedup_{dtype}", str(m), "×", _speedup(m, dtype, combination),
                                 devices))
    for name, (parameters, layers) in decode_models().items():
        for bits in ("16", "4"):
            call = _decode_call(parameters, layers, WEIGHT_BYTES[bits], ops_per_layer or 0.0)
            if not fits(chip, call.bytes):
                continue  # no rate for a model whose weights cannot fit the chip's memory
            if ops_per_layer:
                found.append(_ranged(chip, "decode_eager_tokens_s", f"{name}, {bits}-bit", "tokens/s",
                                     _eager_of(call, combination), devices))
            found.append(_ranged(chip, "decode_bound_tokens_s", f"{name}, {bits}-bit", "tokens/s",
                                 _bound_of(call), devices))
    return found


def predictions(combination: str, ops_per_layer: float | None) -> list[Prediction]:
    """Every chip variant's predictions: where ``B @ a`` on the GPU beats its CPU, the GPU-over-CPU factor of
    A @ B at :data:`MATMUL_SIZES` in float32 and float16, and tokens per second for the 1B and 7B decoders at
    16-bit and 4-bit weights, eager (``ops_per_layer`` operations per layer, each at the GPU's fixed cost; none:
    not predicted) and at the bandwidth the GPU reaches."""
    return [p for chip in chips() for p in chip_predictions(chip, combination, ops_per_layer)]


# -- checks against what others measured ------------------------------------------------------------

@dataclass(frozen=True)
class Check:
    """One cited value beside the model's prediction of it."""

    row: Cited
    quantity: str
    predicted: float | None
    low: float | None
    high: float | None
    #: The most the spec sheet allows (``None``: it gives no bound for this).
    bound: float | None

    @property
    def error(self) -> float | None:
        """Signed relative error of the prediction: predicted / cited - 1."""
        return self.predicted / self.row.value - 1 if self.predicted else None

    @property
    def miss(self) -> bool:
        """The cited value lies outside the predicted range. An engine other than PyTorch's eager mode is only set
        beside the bound, which predicts no engine's rate: it cannot miss."""
        if self.quantity == "decode_bound_tokens_s":
            return False
        return self.low is not None and self.high is not None and not self.low <= self.row.value <= self.high

    @property
    def conflict(self) -> bool:
        """The cited value is above what the spec sheet allows (times: below the least time)."""
        if self.bound is None:
            return False
        return self.row.value < self.bound if self.row.unit in ("ms", "s") else self.row.value > self.bound


_DIMS = re.compile(r"dim=(\d+)x(\d+)(?:x(\d+))?")


def _concat_bytes(row: Cited) -> float | None:
    dims = [tuple(int(x) for x in d if x) for d in _DIMS.findall(row.description)]
    if len(dims) != 2:
        return None
    out = sum(math.prod(d) for d in dims) * DTYPE_SIZES["float32"]
    return 2.0 * out  # every input read once, the output written once


def _batched_matmul(row: Cited) -> Call | None:
    dims = [tuple(int(x) for x in d if x) for d in _DIMS.findall(row.description)]
    if len(dims) != 2 or len(dims[0]) != 3 or len(dims[1]) != 3:
        return None
    (b, m, k), (_, _, n) = dims
    size = DTYPE_SIZES["float32"]
    return Call(1.0, size * b * (m * k + k * n + m * n), 2.0 * b * m * k * n, "float32")


def _model_of(row: Cited) -> LanguageModel | None:
    return next((model for key, model in MODELS.items() if row.description.startswith(key)), None)


def _each_variant(row: Cited, combination: str, of: Callable[[Chip, Device | None, Device | None], float | None]
                  ) -> tuple[float | None, float | None, float | None]:
    """A prediction for a cited row over every chip variant it can be of: the central value the geometric mean
    of the variants', the range the union of theirs."""
    centrals, lows, highs = [], [], []
    for chip in variants(row):
        values = []
        for scenario, (gpu, cpu) in scenarios(chip).items():
            value = of(chip, gpu, cpu)
            if value is not None:
                values.append(value)
                if scenario == "central":
                    centrals.append(value)
        if values:
            lows.append(min(values))
            highs.append(max(values))
    if not centrals:
        return None, None, None
    return math.exp(statistics.fmean(math.log(v) for v in centrals)), min(lows), max(highs)


def _check(row: Cited, combination: str, ops_per_layer: float | None) -> Check | None:
    gpu_side = row.framework != "PyTorch CPU"
    bandwidth = _spec_bandwidth(row)

    def side(gpu: Device | None, cpu: Device | None) -> Device | None:
        return gpu if gpu_side else cpu

    quantity, of, bound = "", None, None
    if row.workload == "copy" and row.unit == "GB/s":
        quantity, bound = "copy_gb_s", bandwidth

        def of(chip, gpu, cpu):
            device = side(gpu, cpu)
            return device.bytes_per_s / 1e9 if device else None
    elif row.workload == "concat" and row.unit == "ms" and (moved := _concat_bytes(row)):
        quantity, bound = "concat_ms", moved / (bandwidth * 1e9) * 1e3 if bandwidth else None
        call = Call(1.0, moved, 0.0, "float32")

        def of(chip, gpu, cpu):
            device = side(gpu, cpu)
            return device.time(call, combination) * 1e3 if device else None
    elif row.workload == "matmul" and row.unit == "TFLOP/s":
        quantity = f"matmul_tflops_{row.dtype}"
        peak = _spec_fp32(row) if gpu_side and row.dtype == "float32" else None
        bound = peak

        def of(chip, gpu, cpu):
            device = side(gpu, cpu)
            rate = device.rate(row.dtype) if device else None
            return rate / 1e12 if rate else None
    elif row.workload == "matmul" and row.unit == "ms" and (product := _batched_matmul(row)):
        quantity = "batched_matmul_ms"
        bound = product.bytes / (bandwidth * 1e9) * 1e3 if bandwidth else None

        def of(chip, gpu, cpu):
            device = side(gpu, cpu)
            return device.time(product, combination) * 1e3 if device and device.fp32 else None
    elif row.workload in ("decode", "prompt") and (model := _model_of(row)) and row.dtype in WEIGHT_BYTES:
        weights = model.parameters * WEIGHT_BYTES[row.dtype]
        call = Call((ops_per_layer or 0.0) * model.layers, weights, 2.0 * model.parameters, "float16")
        if row.workload == "prompt":
            quantity = "prompt_tokens_s"

            def of(chip, gpu, cpu):
                return gpu.fp16 / call.flops if gpu and gpu.fp16 else None
        elif row.framework == "PyTorch MPS":
            quantity, bound = "decode_eager_tokens_s", bandwidth * 1e9 / weights if bandwidth else None
            if not ops_per_layer:
                return None

            def of(chip, gpu, cpu):
                return _decode_tokens(gpu, call, combination) if gpu else None
        else:
            quantity, bound = "decode_bound_tokens_s", bandwidth * 1e9 / weights if bandwidth else None

            def of(chip, gpu, cpu):
                return _bound_tokens(gpu, call) if gpu else None
    if of is None:
        return None
    predicted, low, high = _each_variant(row, combination, of)
    return Check(row, quantity, predicted, low, high, bound)


def checks(combination: str, ops_per_layer: float | None) -> list[Check]:
    """Every cited row the model predicts, beside its prediction. The rows that set an assumption for every chip,
    the fixed costs and the CPU's float32 rate, are no check."""
    found = []
    for row in cited():
        if row.workload == "op" or _is(row, "PyTorch CPU", "matmul", "TFLOP/s", "float32"):
            continue
        made = _check(row, combination, ops_per_layer)
        if made is not None:
            found.append(made)
    return found


@dataclass(frozen=True)
class SourceError:
    """How far the predictions are from one source's figures."""

    source: str
    checks: int
    median: float
    worst: float
    #: The chips whose cited value lies outside the predicted range, and those that conflict with the spec sheet.
    misses: tuple[str, ...]
    conflicts: tuple[str, ...]


def source_errors(found: Sequence[Check]) -> list[SourceError]:
    """Per source: the median and worst |error| of its checks, and the chips it misses or conflicts with."""
    made = []
    for source in dict.fromkeys(c.row.source_name for c in found):
        mine = [c for c in found if c.row.source_name == source and c.error is not None]
        if not mine:
            continue
        sizes = [abs(c.error) for c in mine if c.error is not None]
        made.append(SourceError(source, len(mine), statistics.median(sizes), max(sizes),
                                tuple(dict.fromkeys(c.row.chip for c in mine if c.miss)),
                                tuple(dict.fromkeys(c.row.chip for c in mine if c.conflict))))
    return made




#: The columns of the published predictions file, one row per chip variant and predicted quantity, then one per
#: cited figure the model predicts (its chip, what it measured, its value and source beside the prediction).
CSV_COLUMNS = ("chip", "gpu_cores", "quantity", "size", "unit", "predicted", "low", "high", "cited_value",
               "cited_unit", "cited_framework", "cited_description", "cited_source", "error", "miss", "conflict",
               "bound")


def _g(value: float | None) -> str:
    return "" if value is None else f"{value:.6g}"


def to_csv(made: Sequence[Prediction], compared: Sequence[Check]) -> str:
    """The predictions and their checks as CSV (:data:`CSV_COLUMNS`): what a build publishes as
    ``predictions.csv`` beside its results."""
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for p in made:
        writer.writerow([p.chip, p.gpu_cores, p.quantity, p.size, p.unit, _g(p.value), _g(p.low), _g(p.high),
                         "", "", "", "", "", "", "", "", ""])
    for c in compared:
        row = c.row
        writer.writerow([row.chip, row.gpu_cores or "", c.quantity, "", row.unit, _g(c.predicted), _g(c.low),
                         _g(c.high), row.value_text, row.unit, row.framework, row.description, row.source_url,
                         _g(c.error), "yes" if c.miss else "no", "yes" if c.conflict else "no", _g(c.bound)])
    return out.getvalue()
