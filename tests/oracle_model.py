"""The oracle's reading of the model's sentences (the fit, its thresholds, its checks against cited rows, its rules).

A second, deliberately plain implementation of what :mod:`mpsarticle.analysis.model` and
:mod:`mpsarticle.analysis.predict` specify, from the raw points of a result set and the package's two CSV files; it
must import neither of them, nor anything the article derived (see :data:`tests.oracle.FORBIDDEN_IMPORTS`).

The model, as specified: on one device a call takes ``max`` or ``sum`` of ``ops × c``, ``bytes / B`` and
``flops / F[dtype]``. ``ops`` is the point's ``detail['ops_per_call']`` where recorded, else 1 for B @ a, A @ B, the
copy and attention; a chain of operations and a decode step need the recorded count; the training step is not
modelled; a point whose ``detail`` names ``overhead_removed_by`` is replayed (no host) and not fitted. Points used:
method ``engine``, ``ok``, a positive median. The fit minimises the squared error of ``log t``, each workload
weighing the same (weight ``1 / sqrt(n)`` for its ``n`` points); its typical factor is ``exp`` of that weighted RMS.

The checkers take ``(s, c)`` like those of :mod:`tests.oracle`: ``s`` is the recorded message (its key and typed
values, :mod:`tests.oracle_said`), ``c.oracle.results`` the raw points, ``c.every`` the chapter's other messages,
``c.fail`` a problem. :data:`MODEL_CHECKS` maps the model's keys to them (``tests.oracle.CHECKS`` takes them in),
:data:`MODEL_PARTS` names the phrases read inside the message they stand in. A sentence's parameters are read from
the fit the same chapter prints (the rows of its table, ``table.model_fit``) where it has one; where it does not,
the oracle's own fit (:func:`own_fit`, scipy's ``least_squares`` from the envelope) stands in.

The predictions for every Apple chip (:class:`Predictor`) are a second implementation of what
:mod:`mpsarticle.analysis.predict` specifies, written from that specification and not from its code: the spec sheet's
bandwidth and float32 peak per chip variant, the assumptions from the cited rows of every other chip (median, least,
largest), three scenarios (central, each end favouring the GPU, each favouring the CPU), the combination of the terms
the oracle's own fit chooses for the build's accelerator (else its CPU; both where the two fit within 1 %), and the
checks against every cited row. Only :mod:`mpsarticle.core.specs` is read from the package, for a decoder's count of
parameters. A sentence's numbers are then exact: each printed one is a rounding of the oracle's value (a size, of its
two significant figures).
"""

from __future__ import annotations

import csv
import functools
import math
import re
import statistics
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from scipy.optimize import least_squares

from mpsarticle.article.wording import Phrase, Said, Text
from mpsarticle.core.specs import Decode
from mpsarticle.results.model import Point, ResultSet

from .oracle_said import EN, choice, kind_of, parts, render, shown, text_of, values_of

__all__ = ["MODEL_CHECKS", "MODEL_PARTS", "Call", "Check", "Params", "Predictor", "Side", "assumptions", "calls_of",
           "errors", "envelope", "own_fit", "predictors", "rms", "sources_of"]

DATA = Path(__file__).resolve().parent.parent / "mpsarticle" / "data"
#: Workloads of one operation per call where no count is recorded; those that need the recorded count.
ONE_OP = ("matvec", "matmul", "copy", "attention")
COUNTED = ("op_chain", "decode")
DTYPES = ("float32", "float16", "bfloat16")
ITEM = {"float32": 4, "float16": 2, "bfloat16": 2}
#: The code searches a grid of 2^(1/16) steps and prints two significant figures: a threshold is true within this.
GRID = 2 ** (1 / 16)
SLACK = 0.06
#: The cited rows' units of time.
TIME_UNITS = {"s": 1.0, "ms": 1e-3, "µs": 1e-6, "ns": 1e-9}
#: Parameters of the decoders the cited decode rows name, and bytes per weight of their formats.
CITED_MODELS = (("llama 3 8b", 8.03e9), ("qwen-2.5-coder-0.5b", 0.49e9), ("qwen-2.5-0.5b", 0.49e9),
                ("gemma-3-1b", 999_885_952))
BYTES_PER_WEIGHT = {"bfloat16": 2.0, "f16": 2.0, "float16": 2.0, "q4_k_m": 0.5}


# -- reading printed numbers --------------------------------------------------------------------

def num(value: Any) -> float:
    """A typed value's number as printed, in base units (seconds, bytes per second, bytes; a share as a fraction)."""
    return shown(value).value


def rounds_to(printed: Any, value: float) -> bool:
    """``value`` rounds to the number ``printed`` (half a unit of its last digit, and a hair for floats)."""
    found = shown(printed)
    return abs(found.value - value) <= found.unit / 2 * (1 + 1e-6) + 1e-12 * abs(value)


#: A printed time, rate or amount of bytes against a value in base units: the same reading.
matches = rounds_to


def near(a: float, b: float, tolerance: float) -> bool:
    return abs(a - b) <= tolerance * max(abs(a), abs(b))


def _amount(text: Any) -> tuple[float, str]:
    """(number, unit) of a cited figure quoted as text, ``56 GB/s`` or ``14.6 tokens/s``: the file's own unit."""
    number, _, unit = text_of(text).partition(" ")
    return float(number.replace(",", "")), unit


# -- the model, from the raw points --------------------------------------------------------------

@dataclass(frozen=True)
class Call:
    workload: str
    ops: float
    bytes: float
    flops: float
    dtype: str | None
    seconds: float
    replayed: bool
    point: Point


@dataclass(frozen=True)
class Params:
    c: float
    B: float
    F: dict

    def terms(self, call: Call, with_ops: bool = True) -> list[float]:
        found = [call.ops * self.c] if with_ops else []
        found.append(call.bytes / self.B)
        if call.flops and call.dtype in self.F:
            found.append(call.flops / self.F[call.dtype])
        return found

    def predict(self, call: Call, combination: str, with_ops: bool = True) -> float:
        terms = self.terms(call, with_ops)
        return sum(terms) if combination == "sum" else max(terms)


def calls_of(results: ResultSet, device: str) -> list[Call]:
    """Every modelled point of ``device`` (replayed ones included, marked)."""
    found = []
    for p in results.points:
        if p.device != device or p.method != "engine" or not p.ok or not p.median_s or p.median_s <= 0:
            continue
        ops = (p.detail or {}).get("ops_per_call")
        if ops is None:
            if p.workload not in ONE_OP:
                continue
            ops = 1
        elif p.workload not in ONE_OP + COUNTED:
            continue
        dtype = p.params.get("dtype")
        found.append(Call(p.workload, float(ops), float(p.bytes_moved or 0.0), float(p.flops or 0.0),
                          dtype if dtype in DTYPES else None, float(p.median_s),
                          "overhead_removed_by" in (p.detail or {}), p))
    return found


def fitted(results: ResultSet, device: str) -> list[Call]:
    return [k for k in calls_of(results, device) if not k.replayed]


def _weights(calls: list[Call]) -> np.ndarray:
    counts: dict[str, int] = {}
    for k in calls:
        counts[k.workload] = counts.get(k.workload, 0) + 1
    return np.array([1 / math.sqrt(counts[k.workload]) for k in calls])


def residuals(calls: list[Call], params: Params, combination: str) -> np.ndarray:
    logs = np.array([math.log(params.predict(k, combination)) - math.log(k.seconds) for k in calls])
    return _weights(calls) * logs


def rms(calls: list[Call], params: Params, combination: str) -> float:
    """The weighted RMS of the log error (each workload weighing the same)."""
    workloads = len({k.workload for k in calls})
    return math.sqrt(float(np.sum(residuals(calls, params, combination) ** 2)) / workloads)


def envelope(calls: list[Call]) -> Params:
    """The least time per operation, the largest bandwidth, the largest rate per precision."""
    c = min(k.seconds / k.ops for k in calls)
    B = max(k.bytes / k.seconds for k in calls if k.bytes)
    F = {}
    for k in calls:
        if k.flops and k.dtype:
            F[k.dtype] = max(F.get(k.dtype, 0.0), k.flops / k.seconds)
    return Params(c, B, F)


def _fit_from(calls: list[Call], start: Params, combination: str) -> Params:
    dtypes = sorted(start.F)

    def unpack(x: np.ndarray) -> Params:
        return Params(math.exp(x[0]), math.exp(x[1]), {d: math.exp(v) for d, v in zip(dtypes, x[2:], strict=True)})

    x0 = np.log([start.c, start.B] + [start.F[d] for d in dtypes])
    best = least_squares(lambda x: residuals(calls, unpack(x), combination), x0, method="trf", x_scale=1.0,
                         diff_step=1e-6, max_nfev=4000)
    return unpack(best.x)


_FITS: dict = {}


def _own_fit(device: str, combination: str, results: ResultSet) -> tuple[Params, float] | None:
    calls = fitted(results, device)
    if len(calls) < 3 or not any(k.bytes for k in calls):
        return None
    start = envelope(calls)
    found = _fit_from(calls, start, combination)
    # A second start from the other combination's optimum: the max's residuals are not smooth.
    other = _fit_from(calls, _fit_from(calls, start, "sum" if combination == "max" else "max"), combination)
    best = min((found, other, start), key=lambda p: rms(calls, p, combination))
    return best, rms(calls, best, combination)


def own_fit(results: ResultSet, device: str, combination: str) -> tuple[Params, float] | None:
    """The oracle's own fit of ``device`` (its parameters and weighted RMS log error), or None."""
    key = (id(results), device, combination)
    if key not in _FITS or _FITS[key][0] is not results:
        if len(_FITS) > 64:
            _FITS.clear()
        _FITS[key] = (results, _own_fit(device, combination, results))
    return _FITS[key][1]


def with_fixed(results: ResultSet, device: str, combination: str, c: float, B: float) -> tuple[Params, float] | None:
    """The best rates (and their weighted RMS log error) for a fixed cost ``c`` and a bandwidth ``B`` held as
    printed: whether two printed parameters belong to a fit, where the sentence does not print the rates."""
    own = own_fit(results, device, combination)
    if own is None:
        return None
    calls, dtypes = fitted(results, device), sorted(own[0].F)
    if not dtypes:
        params = Params(c, B, {})
        return params, rms(calls, params, combination)

    def unpack(x: np.ndarray) -> Params:
        return Params(c, B, {d: math.exp(v) for d, v in zip(dtypes, x, strict=True)})

    best = least_squares(lambda x: residuals(calls, unpack(x), combination),
                         np.log([own[0].F[d] for d in dtypes]), method="trf", diff_step=1e-6, max_nfev=2000)
    params = unpack(best.x)
    return params, rms(calls, params, combination)


def render_value(value: Any) -> str:
    return EN.render(value)


def errors(calls: list[Call], params: Params, combination: str) -> tuple[float, float]:
    """(the median over workloads of each workload's median |pred/t - 1|, the largest of any point)."""
    per: dict[str, list[float]] = {}
    for k in calls:
        per.setdefault(k.workload, []).append(abs(params.predict(k, combination) / k.seconds - 1))
    return statistics.median(statistics.median(v) for v in per.values()), max(max(v) for v in per.values())


#: A group is "mostly" missed one way where at least this share of it is.
MOSTLY = 0.75


def way_of(fast: list[bool]) -> str:
    """fast / slow (every one), mostly_fast / mostly_slow (three in four or more), else both."""
    n, k = len(fast), sum(fast)
    if k == n:
        return "fast"
    if k == 0:
        return "slow"
    return "mostly_fast" if k >= MOSTLY * n else "mostly_slow" if n - k >= MOSTLY * n else "both"


def factor_errors(calls: list[Call], params: Params, combination: str) -> tuple[float, str, float, str]:
    """The typical and the largest miss as factors (the larger of predicted and measured time over the smaller):
    (the median over workloads of each one's median factor, the way of all points, the largest factor, its way)."""
    per: dict[str, list[float]] = {}
    ratios = []
    for k in calls:
        r = params.predict(k, combination) / k.seconds
        per.setdefault(k.workload, []).append(max(r, 1 / r))
        ratios.append(r)
    worst = max(ratios, key=lambda r: max(r, 1 / r))
    return (statistics.median(statistics.median(v) for v in per.values()), way_of([r < 1 for r in ratios]),
            max(worst, 1 / worst), "fast" if worst < 1 else "slow")


def factor_said(printed: Any, factor: float, way: str) -> bool:
    """A printed miss (a phrase of a factor and a way) is ``factor`` (within 3 % and its rounding) and ``way``."""
    said = dict(printed.values)
    found = shown(said["factor"])
    return text_of(said["way"]) == way and abs(found.value - factor) <= 0.03 * factor + found.unit / 2


# -- the two data files ---------------------------------------------------------------------------

@functools.cache
def _csv(name: str) -> tuple[dict[str, str], ...]:
    with open(DATA / name, encoding="utf-8", newline="") as handle:
        return tuple(csv.DictReader(handle))


def cited() -> tuple[dict[str, str], ...]:
    """The cited rows (a function, so that a test may give the oracle other rows)."""
    return _csv("cited_measurements.csv")


def spec() -> tuple[dict[str, str], ...]:
    return _csv("apple_chips.csv")


def source_of(row: dict[str, str]) -> str:
    return "/".join(row["source_url"].split("/")[3:5])


def variants(row: dict[str, str]) -> list[dict[str, str]]:
    """The spec-sheet rows a cited row can be of: its chip, and its GPU cores where given."""
    return [s for s in spec() if s["chip"] == row["chip"] and (not row.get("gpu_cores") or
                                                              s["gpu_cores"] == row["gpu_cores"])]


def fp32_peak(s: dict[str, str]) -> float | None:
    """TFLOP/s: the sheet's peak, else cores × 128 × 2 × clock."""
    if s["fp32_tflops"]:
        return float(s["fp32_tflops"])
    if s["gpu_clock_ghz"] and s["gpu_cores"]:
        return int(s["gpu_cores"]) * 128 * 2 * float(s["gpu_clock_ghz"]) / 1000
    return None


def _weights_of(description: str) -> float | None:
    text = description.lower()
    return next((n for name, n in CITED_MODELS if name in text), None)


def bound_of(row: dict[str, str]) -> tuple[float, str, list[float]] | None:
    """(value, unit, the bound of each variant) for a row the spec sheet bounds; None for any other."""
    found = variants(row)
    if not found:
        return None
    value = float(row["value"])
    if row["workload"] == "copy" and row["unit"] == "GB/s":
        return value, "GB/s", [float(s["bandwidth_gb_s"]) for s in found]
    if row["workload"] == "matmul" and row["unit"] == "TFLOP/s" and row["framework"] == "PyTorch MPS" and \
            row["dtype"] == "float32":
        peaks = [fp32_peak(s) for s in found]
        return (value, "TFLOP/s", [p for p in peaks if p]) if all(peaks) else None
    if row["workload"] == "decode" and row["unit"] == "tokens/s":
        weights, per = _weights_of(row["description"]), BYTES_PER_WEIGHT.get(row["dtype"].lower())
        if weights and per:
            return value, "tokens/s", [float(s["bandwidth_gb_s"]) * 1e9 / (weights * per) for s in found]
    return None


def conflicts(rows: Iterable[dict[str, str]] | None = None) -> list[dict[str, str]]:
    """Cited rows above the bound of every variant they can be of."""
    found = []
    for row in cited() if rows is None else rows:
        bounded = bound_of(row)
        if bounded and bounded[2] and bounded[0] > max(bounded[2]):
            found.append(row)
    return found


def _eager_decoder(results: ResultSet) -> bool:
    """The build recorded an eager decode step's count of operations (what predicting PyTorch's tokens needs; a
    failed step's count too: it is recorded before the step runs)."""
    return any(p.workload == "decode" and p.method == "engine" and "ops_per_call" in (p.detail or {})
               and "overhead_removed_by" not in (p.detail or {}) for p in results.points)


def op_rows(framework: str) -> list[float]:
    """The cited costs of one small operation (seconds)."""
    return [float(r["value"]) * TIME_UNITS[r["unit"].replace("us", "µs")] for r in cited()
            if r["workload"] == "op" and r["framework"] == framework]


def _one(values: list[float]) -> float | None:
    return values[0] if values and all(v == values[0] for v in values) else None


def copy_shares(framework: str, leave_out: str = "") -> list[float]:
    """A copy's rate over its chip's spec bandwidth, per cited row whose variants share one bandwidth."""
    found = []
    for r in cited():
        if r["workload"] == "copy" and r["unit"] == "GB/s" and r["framework"] == framework and r["chip"] != leave_out:
            bw = _one([float(s["bandwidth_gb_s"]) for s in variants(r)])
            if bw:
                found.append(float(r["value"]) / bw)
    return found


def chips() -> set[str]:
    return {s["chip"] for s in spec()}


# -- predictions for every Apple chip (a second reading of what mpsarticle.analysis.predict specifies) -------

#: The assumptions whose high end favours the GPU; the others favour it at their low end.
GPU_HIGH = ("gpu_bandwidth_share", "gpu_fp32_share", "gpu_fp32_per_core", "gpu_fp16_over_fp32", "cpu_op_us")
SCENARIOS = ("central", "gpu_best", "gpu_worst")
#: The CPU's float16 rate over its float32 rate, a stated assumption (no row gives it).
CPU_HALF = {"central": 1.0, "gpu_best": 0.5, "gpu_worst": 2.0}
MATVEC_TOP = 65536
#: The two decoders of the answer: (parameters, layers).
ANSWER_DECODERS = {"1B": (2048, 22, 32, 4, 5632), "7B": (4096, 32, 32, 32, 11008)}
PRECISIONS = {"16-bit": 2.0, "4-bit": 0.5}
#: Layers of the decoders the cited decode rows name (parameters: CITED_MODELS).
CITED_LAYERS = {"llama 3 8b": 32, "qwen-2.5-coder-0.5b": 24, "qwen-2.5-0.5b": 24, "gemma-3-1b": 26}


def row_bandwidth(row: dict[str, str]) -> float | None:
    """A cited row's spec bandwidth (GB/s): defined where all its variants share one."""
    return _one([float(s["bandwidth_gb_s"]) for s in variants(row)])


def row_fp32(row: dict[str, str]) -> float | None:
    peaks = [fp32_peak(s) for s in variants(row)]
    return _one(peaks) if peaks and all(p is not None for p in peaks) else None


def row_cores(row: dict[str, str]) -> int | None:
    if row.get("gpu_cores"):
        return int(row["gpu_cores"])
    return _one([int(s["gpu_cores"]) for s in variants(row) if s["gpu_cores"]])


def _rows(framework: str, workload: str, unit: str, dtype: str | None = None, leave_out: str | None = None):
    return [r for r in cited() if r["framework"] == framework and r["workload"] == workload and r["unit"] == unit
            and (dtype is None or r["dtype"] == dtype) and (leave_out is None or r["chip"] != leave_out)]


def assumptions(leave_out: str | None) -> dict[str, tuple[float, float, float]]:
    """name -> (central, low, high), from the cited rows of every chip but ``leave_out`` (the fixed costs from
    every chip's)."""
    values: dict[str, list[float]] = {}
    for name, framework in (("gpu_bandwidth_share", "PyTorch MPS"), ("cpu_bandwidth_share", "PyTorch CPU")):
        values[name] = [float(r["value"]) / bw for r in _rows(framework, "copy", "GB/s", leave_out=leave_out)
                        if (bw := row_bandwidth(r))]
    f32 = _rows("PyTorch MPS", "matmul", "TFLOP/s", "float32", leave_out)
    values["gpu_fp32_share"] = [float(r["value"]) / peak for r in f32 if (peak := row_fp32(r))]
    values["gpu_fp32_per_core"] = [float(r["value"]) / cores for r in f32 if (cores := row_cores(r))]
    ratios = []
    for r in _rows("PyTorch MPS", "matmul", "TFLOP/s", "float16", leave_out):
        same = [k for k in f32 if (k["chip"], k["gpu_cores"], k["source_url"]) ==
                (r["chip"], r["gpu_cores"], r["source_url"])]
        if same:
            ratios.append(float(r["value"]) / float(same[0]["value"]))
    values["gpu_fp16_over_fp32"] = ratios
    # One CPU rate for every chip: the median of all published CPU rates, whatever chip is predicted.
    values["cpu_fp32_tflops"] = [float(r["value"]) for r in _rows("PyTorch CPU", "matmul", "TFLOP/s", "float32")]
    for name, framework in (("gpu_op_us", "PyTorch MPS"), ("cpu_op_us", "PyTorch CPU")):
        values[name] = [float(r["value"]) for r in _rows(framework, "op", "µs")]
    return {k: (statistics.median(v), min(v), max(v)) for k, v in values.items() if v}


def _pick(found: dict[str, tuple[float, float, float]], name: str, scenario: str) -> float | None:
    if name not in found:
        return None
    central, low, high = found[name]
    if scenario == "central":
        return central
    best, worst = (high, low) if name in GPU_HIGH else (low, high)
    return best if scenario == "gpu_best" else worst


@dataclass(frozen=True)
class Side:
    """One device of one chip variant in one scenario: seconds per operation, bytes per second, FLOP/s."""

    op_s: float
    bytes_s: float
    fp32: float | None
    fp16: float | None

    def rate(self, dtype: str) -> float | None:
        return self.fp32 if dtype == "float32" else self.fp16

    def time(self, ops: float, moved: float, flops: float, dtype: str, combination: str) -> float:
        r = self.rate(dtype)
        terms = (ops * self.op_s, moved / self.bytes_s, flops / r if flops and r else 0.0)
        return sum(terms) if combination == "sum" else max(terms)


def sides(s: dict[str, str], scenario: str, found: dict) -> tuple[Side | None, Side | None]:
    """(GPU, CPU) of the spec row ``s`` in ``scenario``, from the assumptions ``found``."""
    def pick(name: str) -> float | None:
        return _pick(found, name, scenario)

    bandwidth, peak = float(s["bandwidth_gb_s"]), fp32_peak(s)
    gpu = cpu = None
    if pick("gpu_bandwidth_share") is not None and pick("gpu_op_us") is not None:
        if peak and pick("gpu_fp32_share") is not None:
            fp32 = pick("gpu_fp32_share") * peak * 1e12
        elif pick("gpu_fp32_per_core") is not None and s["gpu_cores"]:
            fp32 = pick("gpu_fp32_per_core") * int(s["gpu_cores"]) * 1e12
        else:
            fp32 = None
        ratio = pick("gpu_fp16_over_fp32")
        gpu = Side(pick("gpu_op_us") * 1e-6, pick("gpu_bandwidth_share") * bandwidth * 1e9, fp32,
                   fp32 * ratio if fp32 is not None and ratio is not None else None)
    if pick("cpu_bandwidth_share") is not None and pick("cpu_op_us") is not None:
        fp32 = pick("cpu_fp32_tflops") * 1e12 if pick("cpu_fp32_tflops") is not None else None
        cpu = Side(pick("cpu_op_us") * 1e-6, pick("cpu_bandwidth_share") * bandwidth * 1e9, fp32,
                   fp32 * CPU_HALF[scenario] if fp32 is not None else None)
    return gpu, cpu


def ops_per_layer(results: ResultSet) -> float | None:
    found = [p for p in results.points if p.workload == "decode" and isinstance((p.detail or {}).get("ops_per_call"),
                                                                              int)
             and isinstance(p.params.get("layers"), int) and not isinstance(p.params.get("layers"), bool)]
    if not found:
        return None
    best = max(found, key=lambda p: p.params["layers"])
    return best.detail["ops_per_call"] / best.params["layers"]


def build_combinations(results: ResultSet) -> list[str]:
    """The combinations the predictions may take: the oracle's own choice for the build's accelerator, else its
    CPU (both where the two fits are within 1 % of each other); 'sum' where nothing is fitted."""
    devices = [d for d in dict.fromkeys(p.device for p in results.points) if own_fit(results, d, "sum")]
    device = next((d for d in devices if d in ("cuda", "mps")), "cpu" if "cpu" in devices else None)
    if device is None:
        return ["sum"]
    fits = {k: own_fit(results, device, k)[1] for k in ("sum", "max")}
    best = min(fits, key=fits.get)
    return [best] + [k for k in fits if k != best and fits[k] <= fits[best] * 1.01 + 1e-12]


#: (the central value or None, the least, the largest) of a prediction over the scenarios.
Ranged = tuple


@dataclass(frozen=True)
class Check:
    row: dict
    predicted: float | None
    low: float | None
    high: float | None

    @property
    def error(self) -> float | None:
        return None if self.predicted is None else self.predicted / float(self.row["value"]) - 1

    @property
    def miss(self) -> bool:
        # A decode step outside PyTorch MPS (llama.cpp, MLX) is only set beside the bound: nothing is predicted to miss.
        if self.row["workload"] == "decode" and self.row["framework"] != "PyTorch MPS":
            return False
        value = float(self.row["value"])
        return self.low is not None and not self.low <= value <= self.high


def _dims(description: str) -> list[list[int]]:
    return [[int(x) for x in d.split("x")] for d in re.findall(r"dim=(\d+(?:x\d+)+)", description)]


def _cited_decoder(row: dict[str, str]) -> tuple[float, int] | None:
    text = row["description"].lower()
    for name, params in CITED_MODELS:
        if text.startswith(name):
            return params, CITED_LAYERS[name]
    return None


#: The 7B decoder's parameters (the answer's model).
ANSWER_7B_PARAMETERS = Decode(d_model=4096, layers=32, heads=32, kv_heads=32, ffn=11008, dtype="float16").parameters
#: A model fits a Mac when its weights take at most this share of its memory (the article's stated assumption).
HOLDS_SHARE = 0.75


def _holds(s: dict[str, str], weights: float) -> bool:
    """The variant's memory (its own figure, else the largest of its chip's variants; unknown: it holds) takes the
    weights within :data:`HOLDS_SHARE`."""
    own = s.get("max_memory_gb") or ""
    known = [int(r["max_memory_gb"]) for r in spec() if r["chip"] == s["chip"] and r.get("max_memory_gb")]
    memory = int(own) if own else (max(known) if known else None)
    return memory is None or weights <= HOLDS_SHARE * memory * 1e9


class Predictor:
    """Every prediction of one build, with one combination of the three terms."""

    def __init__(self, results: ResultSet, combination: str) -> None:
        self.combination = combination
        self.per_layer = ops_per_layer(results)
        self._assumed: dict = {}
        self._sides: dict = {}

    def assumed(self, chip: str | None) -> dict:
        if chip not in self._assumed:
            self._assumed[chip] = assumptions(chip)
        return self._assumed[chip]

    def scenarios(self, s: dict[str, str]) -> dict[str, tuple[Side | None, Side | None]]:
        key = (s["chip"], s["gpu_cores"])
        if key not in self._sides:
            self._sides[key] = {k: sides(s, k, self.assumed(s["chip"])) for k in SCENARIOS}
        return self._sides[key]

    def ranged(self, s: dict[str, str], f) -> Ranged | None:
        """f(gpu, cpu) -> value or None in each scenario: (central, low, high), or None where none is defined."""
        found = {k: f(*pair) for k, pair in self.scenarios(s).items()}
        defined = [v for v in found.values() if v is not None]
        return (found["central"], min(defined), max(defined)) if defined else None

    # -- the quantities
    def time(self, side: Side, ops: float, moved: float, flops: float, dtype: str) -> float:
        return side.time(ops, moved, flops, dtype, self.combination)

    def crossover(self, gpu: Side | None, cpu: Side | None) -> float | None:
        if gpu is None or cpu is None:
            return None

        def wins(m: int) -> bool:
            call = (1, 4 * (m * m + 2 * m), 2 * m * m, "float32")
            return self.time(gpu, *call) < self.time(cpu, *call)
        if not wins(MATVEC_TOP):
            return None
        if wins(1):
            return 1
        low, high = 1, MATVEC_TOP
        while high - low > 1:
            mid = (low + high) // 2
            low, high = (low, mid) if wins(mid) else (mid, high)
        return high

    def speedup(self, gpu: Side | None, cpu: Side | None, dtype: str, m: int) -> float | None:
        if gpu is None or cpu is None or gpu.rate(dtype) is None or cpu.rate(dtype) is None:
            return None
        call = (1, ITEM[dtype] * 3 * m * m, 2 * m ** 3, dtype)
        return self.time(cpu, *call) / self.time(gpu, *call)

    def decoder_call(self, parameters: float, per_weight: float, layers: int) -> tuple:
        return ((self.per_layer or 0) * layers, parameters * per_weight, 2 * parameters, "float16")

    def eager(self, gpu: Side | None, call: tuple) -> float | None:
        return None if gpu is None or not self.per_layer else 1 / self.time(gpu, *call)

    @staticmethod
    def bound(gpu: Side | None, call: tuple) -> float | None:
        return None if gpu is None else gpu.bytes_s / call[1]

    def decode(self, s: dict[str, str], size: str, precision: str) -> tuple[Ranged | None, Ranged | None]:
        d, layers, heads, kv, ffn = ANSWER_DECODERS[size]
        parameters = Decode(d_model=d, layers=layers, heads=heads, kv_heads=kv, ffn=ffn,
                            dtype="float16").parameters
        call = self.decoder_call(parameters, PRECISIONS[precision], layers)
        if not _holds(s, call[1]):
            return None, None
        return (self.ranged(s, lambda g, _: self.eager(g, call)), self.ranged(s, lambda g, _: self.bound(g, call)))

    def variant(self, s: dict[str, str]) -> dict[str, Ranged | None]:
        found = {"crossover": self.ranged(s, self.crossover)}
        for dtype in ("float32", "float16"):
            for m in (1024, 4096):
                found[f"speedup_{dtype}_{m}"] = self.ranged(s, lambda g, c, d=dtype, m=m: self.speedup(g, c, d, m))
        for size in ANSWER_DECODERS:
            for precision in PRECISIONS:
                found[f"eager_{size}_{precision}"], found[f"bound_{size}_{precision}"] = self.decode(s, size,
                                                                                                    precision)
        found["copy"] = self.ranged(s, lambda g, _: g.bytes_s if g else None)
        found["fp32"] = self.ranged(s, lambda g, _: g.fp32 if g else None)
        return found

    # -- the checks against the cited rows
    def _of_row(self, row: dict[str, str]):
        """f(gpu, cpu) -> the row's prediction in its unit, or None where the row has no check."""
        workload, unit, framework = row["workload"], row["unit"], row["framework"]

        def device(g: Side | None, c: Side | None) -> Side | None:
            return c if framework == "PyTorch CPU" else g
        if workload == "copy" and unit == "GB/s":
            return lambda g, c: device(g, c).bytes_s / 1e9 if device(g, c) else None
        if workload == "concat" and unit == "ms":
            dims = _dims(row["description"])
            if len(dims) < 2:
                return None
            moved = 2 * 4 * (dims[0][0] * dims[0][1] + dims[1][0] * dims[1][1])
            return lambda g, c: self.time(device(g, c), 1, moved, 0, "float32") * 1e3 if device(g, c) else None
        if workload == "matmul" and unit == "TFLOP/s":
            return lambda g, c: (device(g, c).rate(row["dtype"]) / 1e12 if device(g, c) and
                                 device(g, c).rate(row["dtype"]) is not None else None)
        if workload == "matmul" and unit == "ms":
            dims = _dims(row["description"])
            if len(dims) < 2:
                return None
            (b, m, k), (_, _, n) = dims[0], dims[1]
            call = (1, 4 * b * (m * k + k * n + m * n), 2 * b * m * k * n, "float32")
            return lambda g, c: (self.time(device(g, c), *call) * 1e3 if device(g, c) and device(g, c).fp32
                                 else None)
        if workload in ("decode", "prompt"):
            decoder, per = _cited_decoder(row), BYTES_PER_WEIGHT.get(row["dtype"].lower())
            if decoder is None or per is None:
                return None
            params, layers = decoder
            call = self.decoder_call(params, per, layers)
            if workload == "prompt":
                return lambda g, _: g.fp16 / (2 * params) if g and g.fp16 else None
            if framework == "PyTorch MPS":
                return (lambda g, _: self.eager(g, call)) if self.per_layer else None
            return lambda g, _: self.bound(g, call)
        return None

    @functools.cached_property
    def checks(self) -> list[Check]:
        found = []
        for row in cited():
            # The fixed costs and the CPU's float32 rates set the model for every chip, so they check nothing.
            if row["workload"] == "op" or (row["framework"], row["workload"], row["unit"], row["dtype"]) == (
                    "PyTorch CPU", "matmul", "TFLOP/s", "float32"):
                continue
            f, rows = self._of_row(row), variants(row)
            per = [self.ranged(s, f) for s in rows] if f else []
            centrals = [r[0] for r in per if r and r[0] is not None]
            ends = [v for r in per if r for v in r[1:]]
            central = math.exp(statistics.fmean(math.log(v) for v in centrals)) if centrals else None
            found.append(Check(row, central, min(ends, default=None), max(ends, default=None)))
        return found

    @functools.cached_property
    def variants(self) -> list[tuple[dict[str, str], dict]]:
        return [(s, self.variant(s)) for s in spec()]

    def extremes(self, name: str, stated: bool = False) -> tuple[tuple[float, str], tuple[float, str]] | None:
        """((least central, the first variant's chip at it), (largest, its chip)) over the variants; ``stated``:
        over those whose bandwidth Apple gives or its memory specifications imply (the sheet's kind is not
        ``reported``)."""
        found = [(r[0], s["chip"]) for s, v in self.variants if (r := v[name]) and r[0] is not None
                 and (not stated or s["bandwidth_kind"] != "reported")]
        if not found:
            return None
        low, high = min(v for v, _ in found), max(v for v, _ in found)
        return next(x for x in found if x[0] == low), next(x for x in found if x[0] == high)


_PREDICTORS: list = []


def predictors(results: ResultSet) -> list[Predictor]:
    """The build's predictors, one per combination it may take (the first the oracle's own choice)."""
    rows = cited()
    if not _PREDICTORS or _PREDICTORS[0] is not results or _PREDICTORS[1] != rows:
        _PREDICTORS[:] = [results, rows, [Predictor(results, k) for k in build_combinations(results)]]
    return _PREDICTORS[2]


def sources_of(checks: list[Check]) -> dict[str, dict]:
    """source -> n, median and worst |error|, missed chips (in order of first appearance)."""
    found: dict[str, list[Check]] = {}
    for k in checks:
        if k.error is not None:
            found.setdefault(source_of(k.row), []).append(k)
    return {name: {"n": len(ks), "median": statistics.median(abs(k.error) for k in ks),
                   "worst": max(abs(k.error) for k in ks),
                   "misses": list(dict.fromkeys(k.row["chip"] for k in ks if k.miss))} for name, ks in found.items()}


def sized(printed: Any, value: float) -> bool:
    """``value`` printed to two significant figures (half a unit of the second either way), or as it is."""
    if rounds_to(printed, value):
        return True
    if value <= 0:
        return False
    unit = 10.0 ** (math.floor(math.log10(value)) - 1)
    return abs(num(printed) - value) <= unit / 2 * (1 + 1e-9)


# -- the model's keys (tests/oracle.py's CHECKS takes them in) ------------------------------------

#: Each key of the model's sentences and the name of its checker below.
MODEL_CHECKS: dict[str, str] = {
    "table.model_fit": "check_model_fit",
    "model.fit.choice": "check_model_choice",
    "model.fit.choice_max": "check_model_choice",
    "model.fit.choice_eager": "check_model_choice",
    "model.fit.replayed": "check_model_replayed",
    "model.fit.none": "check_model_fit_none",
    "model.fit.cpu_form": "check_model_cpu_form",
    "model.fit.effect": "check_model_fit_effect",
    "model.threshold.matvec": "check_model_threshold_matvec",
    "table.model_threshold": "check_model_threshold_row",
    "model.checks.conflicts.none": "check_model_conflicts_none",
    "model.checks.conflicts": "check_model_conflicts",
    "model.checks.none": "check_model_checks_none",
    "model.answer.error": "check_model_answer_error",
    "model.answer.note": "check_model_answer_error",
    "model.trust.conclusion": "check_model_trust_conclusion",
    "table.model_trust": "check_model_trust_row",
    "model.checks.gpu": "check_model_checks_gpu",
    "model.checks.cpu": "check_model_checks_cpu",
    "model.answer.mac_more": "check_model_answer_mac",
    "model.checks.accounting": "check_model_answer_error",
    "model.answer.crossover": "check_model_answer_crossover",
    "model.answer.rows": "check_model_answer_rows",
    "table.mac_answer": "check_model_answer_row",
    "model.answer.none": "check_model_answer_none",
    "model.answer.mac": "check_model_answer_mac",
    "model.rule.memory": "check_model_rule_memory",
    "model.rule.memory_up_to": "check_model_rule_memory",
    "model.rule.mac": "check_model_rule_mac",
    "model.rule.batch": "check_model_rule_batch",
    "model.rule.text": "check_model_rule_text",
    "model.decode.chips": "check_model_rule_text",
    "model.batch": "check_model_batch",
    "model.decode.ops": "check_model_decode_ops",
    "model.post": "check_model_post",
    "model.post.none": "check_model_post_none",
    "model.gpu_over_cpu": "check_model_speedup_checked",
    "model.cpu_half": "check_model_cpu_half",
    "model.fit.note": "check_model_fit_note",
}
#: The model's phrases, read inside the message they stand in.
MODEL_PARTS = frozenset({"model.op.basis", "model.fit.rate", "model.miss.way", "model.miss.factor", "model.miss.times",
                         "model.answer.outside", "model.answer.eager", "model.miss.span",
                         "model.answer.form", "model.answer.left", "model.kind", "model.fit.above",
                         "model.rule.text.extent",
                         "model.chips.tier",
                         "model.regime",
                         "model.checks.conflict", "model.mac.copy", "model.mac.rate", "model.mac.cross.from",
                         "model.mac.cross.none"})


# -- the checkers ----------------------------------------------------------------------------------

def _rates_of(rates: Any) -> dict[str, float]:
    return {text_of(r.values["dtype"]): num(r.values["rate"]) for r in parts(rates)}


def _params_of(s: Said) -> Params:
    """The parameters a row of the table of fitted parameters prints."""
    return Params(num(s.values["op"]), num(s.values["bw"]), _rates_of(s.values["rates"]))


def printed_fits(c) -> dict[str, Params]:
    """device -> the parameters the chapter's fit sentences print."""
    return {kind_of(s.values["device"]): _params_of(s) for s in c.every("table.model_fit")}


def _chosen(c) -> dict[str, str]:
    """device -> the combination the chapter's choice sentence names."""
    return {kind_of(s.values["device"]): "sum" if s.key == "model.fit.choice" else "max"
            for s in c.every("model.fit.choice", "model.fit.choice_max")}


def combinations(c, device: str) -> list[str]:
    """The combinations a device's sentences may use: the one the chapter names for it; else the better of the
    oracle's own two fits (both, where they are within 1 % of each other)."""
    named = _chosen(c).get(device)
    if named:
        return [named]
    fits = {k: own_fit(c.oracle.results, device, k) for k in ("sum", "max")}
    if not all(fits.values()):
        return ["sum"]
    best = min(fits, key=lambda k: fits[k][1])
    return [k for k in fits if fits[k][1] <= fits[best][1] * 1.01 + 1e-12]


def parameters(c, device: str) -> Params | None:
    """The device's parameters as the chapter prints them, else the oracle's own fit."""
    printed = printed_fits(c).get(device)
    if printed:
        return printed
    own = own_fit(c.oracle.results, device, combinations(c, device)[0])
    return own[0] if own else None


def _percent_close(printed: Any, value: float, points: float = 3.0, relative: float = 0.0) -> bool:
    """A printed share within ``points`` percentage points (or ``relative`` of itself) of ``value``."""
    found = shown(printed)
    return 100 * abs(found.value - value) <= max(points, relative * 100 * value) + 100 * found.unit / 2


def check_model_fit(s: Said, c) -> None:
    v = s.values
    device = kind_of(v["device"])
    results = c.oracle.results
    calls = fitted(results, device)
    if v["points"].n != len(calls):
        c.fail(f"{v['points'].n} points on the {device}, but it has {len(calls)} modelled, non-replayed points")
    if len(calls) < 3:
        c.fail(f"a fit of the {device} from {len(calls)} points")
        return
    params = _params_of(s)
    wanted = set(envelope(calls).F)
    if set(params.F) != wanted:
        c.fail(f"rates in {sorted(params.F)}, but the points have flops in {sorted(wanted)}")
        return
    tried = []
    for combination in combinations(c, device):
        median, way, worst, worst_way = factor_errors(calls, params, combination)
        tried.append(f"{combination}: typically {median:.3g}× {way}, at worst {worst:.3g}× {worst_way}")
        if factor_said(v["median"], median, way) and factor_said(v["worst"], worst, worst_way):
            break
    else:
        c.fail(f"typically {render_value(v['median'])}, at worst {render_value(v['worst'])}, but the printed "
               f"parameters give " + "; ".join(tried))
    combination = combinations(c, device)[0]
    mine = rms(calls, params, combination)
    start = rms(calls, envelope(calls), combination)
    if mine > start * 1.01 + 1e-9:
        c.fail(f"the printed parameters (RMS log error {mine:.4f}) fit worse than the envelope ({start:.4f})")
    own = own_fit(results, device, combination)
    if own and mine > own[1] * 1.02 + 1e-3:
        c.fail(f"the printed parameters (RMS log error {mine:.4f}) fit worse than the oracle's own {combination} "
               f"fit ({own[1]:.4f})")


def check_model_choice(s: Said, c) -> None:
    device = kind_of(s.values["device"])
    chosen_combination = "sum" if s.key in ("model.fit.choice", "model.fit.choice_eager") else "max"
    other_combination = "max" if chosen_combination == "sum" else "sum"
    if len(fitted(c.oracle.results, device)) < 3:
        c.fail(f"no fit of the {device} to choose a combination by")
        return
    mine = own_fit(c.oracle.results, device, other_combination)
    best = own_fit(c.oracle.results, device, chosen_combination)
    if best and mine and best[1] > mine[1] * 1.005 + 1e-9:
        c.fail(f"the {chosen_combination} is said to fit better, but the oracle's fits give "
               f"{math.exp(best[1]):.3f}× against {math.exp(mine[1]):.3f}× with the {other_combination}")
    # The typical error: the median error of the device's points under the parameters its table row prints.
    params = parameters(c, device)
    if "error" in s.values and params is not None:
        median, way, _, _ = factor_errors(fitted(c.oracle.results, device), params, chosen_combination)
        if not factor_said(s.values["error"], median, way):
            c.fail(f"typically {render_value(s.values['error'])}, but the printed parameters give {median:.3g}× "
                   f"{way}")
        # "Neither fits well" where even the better form typically misses by 1.5× or more (a hair either side of
        # the threshold goes either way).
        if "fit" in s.values and abs(median - 1.5) > 0.01:
            if (choice(s, "fit") == "poor") != (median >= 1.5):
                c.fail(f"the fit is said {choice(s, 'fit')}, but the better form typically misses by {median:.3g}×")
    if "figures" in s.values:
        _exact(c, lambda p: eager_backs(p, s.values["figures"].n))


def _eager_runs(p: Predictor) -> list[Check]:
    """The published eager text generation runs on a Mac's GPU that have a prediction."""
    return [k for k in _with_error(p) if k.row["framework"] == SIDES["gpu"] and k.row["workload"] == "decode"]


def eager_backs(p: Predictor, figures: int | None = None) -> list[str]:
    """The published eager runs on a Mac back the sum: this predictor adds the costs, and every run (``figures`` of
    them, where said) came out slower than it predicts (the largest alone is never slower)."""
    eager = _eager_runs(p)
    problems = [] if p.combination == "sum" else [f"the sum said chosen, but this predictor takes the "
                                                  f"{p.combination}"]
    if figures is not None and figures != len(eager):
        problems.append(f"{figures} eager runs, but {len(eager)} have a prediction")
    if not eager or not all(_quicker(k) is True for k in eager):
        problems.append(f"every eager run said slower than the sum predicts, but "
                        f"{sum(_quicker(k) is True for k in eager)} of {len(eager)} are")
    return problems


def _backing_said(c, backs: bool, figures: int | None = None, chips: list[str] | None = None) -> None:
    """Whether the published eager runs on a Mac are said to back the sum, and, where they are, how many and on which
    chips: said only where they do, and not left unsaid where they do under every combination the build may take."""
    fitted_any = any(own_fit(c.oracle.results, d, "sum") for d in {p.device for p in c.oracle.results.points})
    if backs:
        def check(p: Predictor) -> list[str]:
            # Where nothing was fitted the sum is only a default: no run backs a choice that was not made.
            problems = eager_backs(p, figures) + ([] if fitted_any else ["the eager runs said to back a fit, but "
                                                                         "no device was fitted"])
            if chips is not None:
                on = list(dict.fromkeys(_full(k.row["chip"]) for k in _eager_runs(p)))
                if chips != on:
                    problems.append(f"the eager runs said to be on {chips}, but they are on {on}")
            return problems
        _exact(c, check)
    elif fitted_any and all(not eager_backs(p) for p in predictors(c.oracle.results)):
        c.fail("the eager runs on a Mac are not said to back the sum, but every one came out slower than it predicts")


def check_model_fit_note(s: Said, c) -> None:
    """The note under the table of fitted parameters: each device named has a fitted bandwidth, as its row prints it,
    above the rate its B @ a read a matrix too big for its cache (the rate a bound is read at), and a fitted B @ a or
    copy point whose bytes fit in that cache; "no" where no device has both."""
    from .oracle import _memory_points, _memory_rates

    def qualifies(device: str) -> tuple[bool, float | None, float | None]:
        cache = c.oracle.cache.get(device)
        rates = _memory_rates(c, device)
        fit = parameters(c, device)
        if fit is None or not rates or not isinstance(cache, int) or cache <= 0:
            return False, fit.B if fit else None, max(rates, default=None)
        memory = max(rates)
        cached = any(k.workload in ("matvec", "copy") and 0 < k.bytes <= cache for k in fitted(c.oracle.results,
                                                                                                device))
        # A rate from memory only where B @ a read a matrix larger than the cache.
        beyond = all(t.point.bytes_moved and t.point.bytes_moved > cache for t in _memory_points(c, device))
        return beyond and cached and fit.B > memory * 1.01, fit.B, memory
    said = set()
    for item in parts(s.values.get("items", ())):
        device = kind_of(item.values["device"])
        said.add(device)
        ok, fit, memory = qualifies(device)
        if not ok:
            c.fail(f"the {device}'s fitted bandwidth said above its B @ a's rate from memory, with points in its "
                   f"cache, but the fit prints {fit} B/s against {memory}")
            continue
        # Exact against the row the chapter prints; against the oracle's own fit, where no row is at hand, within the
        # spread of two least-squares fits of one set of points.
        printed = device in printed_fits(c)
        if not (matches(item.values["fitted"], fit) if printed else abs(num(item.values["fitted"]) / fit - 1) < 0.1):
            c.fail(f"the {device}'s fitted bandwidth {shown(item.values['fitted'])}, but the fit gives {fit:.4g} B/s")
        if not matches(item.values["memory"], memory):
            c.fail(f"the {device}'s B @ a rate from memory {shown(item.values['memory'])}, but its points give "
                   f"{memory}")
    if choice(s, "above") == "no":
        missed = [d for d in {p.device for p in c.oracle.results.points} if qualifies(d)[0]]
        if missed:
            c.fail(f"no fitted bandwidth said above the memory rate, but the {missed[0]}'s is")


def check_model_replayed(s: Said, c) -> None:
    device = kind_of(s.values["device"])
    replayed = [k for k in calls_of(c.oracle.results, device) if k.replayed]
    params = parameters(c, device)
    if not replayed or params is None:
        c.fail(f"a replayed step on the {device}, but it has none (or no fit)")
        return
    # How the step was replayed, as its points record it: a CUDA graph, or torch.compile.
    hows = {"graph" if k.point.detail["overhead_removed_by"] == "cuda_graph" else "compiled" for k in replayed}
    if hows != {choice(s, "how")}:
        c.fail(f"the replayed step is said {choice(s, 'how')}, but its points were replayed by {sorted(hows)}")
    said = dict(s.values["error"].values)
    way = text_of(said["way"])
    if choice(s, "way") != way:
        c.fail(f"the sentence's form is for '{choice(s, 'way')}', but its error is '{way}'")
    # Each replayed point's predicted over measured time under each combination: below 1, predicted too fast.
    found = [params.predict(k, combination, with_ops=False) / k.seconds for k in replayed
             for combination in combinations(c, device)]
    if not any(factor_said(s.values["error"], max(r, 1 / r), way) and (way == "both" or (r < 1) == (way == "fast"))
               for r in found):
        c.fail(f"the replayed step predicted {render_value(s.values['error'])}, but the parameters give "
               + ", ".join(f"{r:.3g}× the measured time" for r in found))


def check_model_cpu_form(s: Said, c) -> None:
    """The CPU chose the form of the predictions: no other device of the build has three points to fit."""
    others = [d for d in {p.device for p in c.oracle.results.points}
              if d != "cpu" and len(fitted(c.oracle.results, d)) >= 3]
    if others or len(fitted(c.oracle.results, "cpu")) < 3:
        c.fail(f"the CPU chose the form, but {sorted(others) or 'the CPU has no fit'} could")
    # The form the Macs' predictions take, and so which way it moves them: the CPU's better combination.
    named = choice(s, "combination") if "combination" in s.values else None
    if named is not None and named not in combinations(c, "cpu"):
        c.fail(f"the predictions for Macs take the {named}, but the CPU's fit takes {combinations(c, 'cpu')}")


def check_model_fit_effect(s: Said, c) -> None:
    """Which way the form the predictions take moves them: the form the oracle's own fit picks for this build."""
    if choice(s, "combination") not in build_combinations(c.oracle.results):
        c.fail(f"the predictions are said to take the {choice(s, 'combination')}, but this build's fit takes "
               f"{build_combinations(c.oracle.results)}")
    # An assumption for a Mac unless an Apple GPU of this build has a fit to choose the form by.
    if "on" in s.values:
        mps = len(fitted(c.oracle.results, "mps")) >= 3 and own_fit(c.oracle.results, "mps", "sum")
        if (choice(s, "on") == "mac") != bool(mps):
            c.fail(f"the form is said chosen on {choice(s, 'on')}, but this build's Apple GPU "
                   f"{'has' if mps else 'has no'} fit")


def check_model_fit_none(s: Said, c) -> None:
    devices = {p.device for p in c.oracle.results.points}
    fittable = [d for d in devices if len(fitted(c.oracle.results, d)) >= 3]
    if fittable:
        c.fail(f"no device can be fitted, but {sorted(fittable)} have three points or more")


def _matvec_terms(m: float, params: Params) -> tuple[float, float, float]:
    f32 = params.F.get("float32")
    return params.c, 4 * (m * m + 2 * m) / params.B, (2 * m * m / f32 if f32 else 0.0)


def _first(test, low: float = 1.0, high: float = 1e8) -> float | None:
    """The least m in [low, high] where ``test`` (monotone: false, then true) holds, by bisection."""
    if not test(high):
        return None
    if test(low):
        return low
    for _ in range(200):
        mid = math.sqrt(low * high)
        low, high = (low, mid) if test(mid) else (mid, high)
    return high


def matvec_threshold(params: Params) -> float | None:
    """Where B @ a's fixed cost stops being its largest term (to its bytes over the bandwidth, nearly always: see
    :func:`matvec_after`)."""
    def past(m: float) -> bool:
        fixed, moved, flops = _matvec_terms(m, params)
        return max(moved, flops) > fixed
    return _first(past)


def matvec_after(params: Params, at: float) -> str:
    fixed, moved, flops = _matvec_terms(at * 1.0001, params)
    return "bandwidth" if moved >= flops else "compute"


def _held(c, device: str, s: Said, params: Params) -> Params | None:
    """The sentence's fixed cost and bandwidth, with rates: those the chapter prints (then the two must be its
    fit's), else the best for the two held as printed, which must fit within 2 % of the oracle's own fit."""
    op, bw = num(s.values["op"]), num(s.values["bw"])
    if device in printed_fits(c):
        if not (matches(s.values["op"], params.c) and matches(s.values["bw"], params.B)):
            c.fail(f"{shown(s.values['op'])} at {shown(s.values['bw'])}, but the fit sentence prints "
                   f"{params.c:.4g} s at {params.B / 1e9:.4g} GB/s")
        return Params(op, bw, params.F)
    # Where the two combinations fit within 1 % of each other, the printed parameters may be either one's fit.
    held, why = _fit_held(c, device, op, bw)
    if held is not None:
        return held
    c.fail(why if why.startswith("no fit") else f"{shown(s.values['op'])} at {shown(s.values['bw'])} is no fit of "
           f"the {device}: {why}")
    return None


def _about(printed: Any, value: float) -> bool:
    """A size printed to two significant figures from the first size of a 2^(1/16) grid at or past ``value``."""
    return value * (1 - SLACK) <= num(printed) <= value * GRID * (1 + SLACK)


def check_model_threshold_matvec(s: Said, c) -> None:
    v = s.values
    device = kind_of(v["device"])
    params = parameters(c, device)
    if params is None:
        c.fail(f"no fit of the {device}")
        return
    printed = _held(c, device, s, params)
    if printed is None:
        return
    at = matvec_threshold(printed)
    if at is None:
        c.fail(f"B @ a on the {device} is never limited by bandwidth with these parameters")
        return
    # The size itself stands in the table of regimes under the sentence (check_model_threshold_row).
    m = v["m"].n if "m" in v else round(at)
    if "m" in v and not _about(v["m"], at):
        c.fail(f"the fixed cost limits B @ a below m ≈ {m:,}, but the parameters put the change at m = {at:.4g}")
    if device in printed_fits(c) and matvec_after(printed, at) != "bandwidth":
        c.fail(f"bandwidth limits B @ a above m ≈ {m:,}, but the printed rate makes it compute-bound")
    moved, unit = shown(v["bytes"]).value, shown(v["bytes"]).unit
    least = 4 * (at * at + 2 * at)
    if not least * 0.99 - unit <= moved <= 4 * ((at * GRID) ** 2 + 2 * at * GRID) * 1.01 + unit:
        c.fail(f"its {shown(v['bytes'])} at the threshold, but B @ a moves {least:.4g} bytes there")
    if "m" in v and not near(moved, 4 * (m ** 2 + 2 * m), 0.13):
        c.fail(f"{shown(v['bytes'])} is not what B @ a moves at m ≈ {m:,}")
    # The bytes are those one call's fixed cost buys, the figure the closing chapter's rule prints too.
    if not near(num(v["bytes"]), num(v["op"]) * num(v["bw"]), 0.01):
        c.fail(f"{shown(v['bytes'])} is not {shown(v['op'])} × {shown(v['bw'])} = "
               f"{num(v['op']) * num(v['bw']):.4g} bytes")


def matmul_regimes(params: Params, dtype: str, top: float = 2 ** 20) -> list[tuple[float, str]]:
    """(size, regime) at each change of A @ B's largest term, over a fine grid (2^(1/256)) from m = 1."""
    found, last, k = [], None, 0
    item = ITEM[dtype]
    while (m := 2 ** (k / 256)) <= top:
        terms = {"fixed": params.c, "bandwidth": item * 3 * m * m / params.B, "compute": 2 * m ** 3 / params.F[dtype]}
        regime = max(terms, key=terms.get)
        if regime != last:
            found.append((m, regime))
            last = regime
        k += 1
    return found


def _regime(phrase: Any) -> str:
    [regime] = parts(phrase)
    return choice(regime, "regime")


def check_model_threshold_matmul(s: Said, c) -> None:
    v = s.values
    device, dtype = kind_of(v["device"]), text_of(v["dtype"])
    params = parameters(c, device)
    if params is None or dtype not in params.F:
        c.fail(f"no fitted rate of the {device} in {dtype}")
        return
    matvec = {kind_of(t.values["device"]): (num(t.values["op"]), num(t.values["bw"]))
              for t in c.every("model.threshold.matvec")}
    if device in matvec and device not in printed_fits(c):
        fixed, bandwidth = matvec[device]
        held = with_fixed(c.oracle.results, device, combinations(c, device)[0], fixed, bandwidth)
        params = held[0] if held else Params(fixed, bandwidth, params.F)
    regimes = matmul_regimes(params, dtype)
    changes = regimes[1:]
    if regimes[0][1] != "fixed" or not changes:
        c.fail(f"{dtype} A @ B on the {device} is {regimes[0][1]}-bound from the start, never turning")
        return
    (at, after), said = changes[0], _regime(v["after"])
    if after != said or not _about(v["m"], at / GRID * 1.0000001):
        c.fail(f"turns to {said}-bound at m ≈ {v['m'].n:,}, but the parameters turn it {after}-bound at "
               f"m = {at:.4g}")
    if "after2" in v:
        said2 = _regime(v["after2"])
        if len(changes) < 2:
            c.fail(f"then {said2}-bound from m ≈ {v['m2'].n:,}, but it stays {after}-bound")
        elif changes[1][1] != said2 or not _about(v["m2"], changes[1][0] / GRID * 1.0000001):
            c.fail(f"then {said2}-bound from m ≈ {v['m2'].n:,}, but the parameters turn it {changes[1][1]}-bound "
                   f"at m = {changes[1][0]:.4g}")
    elif len(changes) > 1 and changes[1][0] < 65536:
        c.fail(f"a second change, to {changes[1][1]}-bound at m = {changes[1][0]:.4g}, is left out")


def check_model_threshold_row(s: Said, c) -> None:
    """A row of the table of regimes: B @ a read as the threshold sentence's size and regime are (with the fixed
    cost and bandwidth the chapter prints, else the oracle's own fit), A @ B as a matrix product's turns."""
    v = s.values
    device = kind_of(v["device"])
    if text_of(v["workload"]) == "matmul":
        check_model_threshold_matmul(s, c)
        return
    params = parameters(c, device)
    if params is None:
        c.fail(f"no fit of the {device}")
        return
    at = matvec_threshold(params)
    if at is None:
        c.fail(f"B @ a on the {device} is never limited by bandwidth with these parameters")
        return
    if not _about(v["m"], at):
        c.fail(f"the fixed cost limits B @ a up to m ≈ {v['m'].n:,}, but the parameters put the change at "
               f"m = {at:.4g}")
    after, said = matvec_after(params, at), _regime(v["after"])
    if after != said:
        c.fail(f"B @ a is {said}-bound past m ≈ {v['m'].n:,}, but the parameters make it {after}-bound")


def _conflict_text(row: dict[str, str]) -> str:
    return f"{row['value']} {row['unit']} on the {row['chip']} ({source_of(row)})"


def check_model_conflicts_none(s: Said, c) -> None:
    found = conflicts()
    if found:
        c.fail("no cited figure above the spec sheet, but " + "; ".join(_conflict_text(r) for r in found))


def check_model_conflicts(s: Said, c) -> None:
    found = conflicts()
    listed = parts(s.values["items"])
    if not listed:
        c.fail("conflicts listed, but none named")
    matched = set()
    for item in listed:
        (value, unit), (bound, bound_unit) = _amount(item.values["value"]), _amount(item.values["bound"])
        chip = text_of(item.values["chip"])
        hits = [i for i, r in enumerate(found) if r["chip"] == chip and r["unit"] == unit and
                near(float(r["value"]), value, 0.01) and unit == bound_unit and
                any(near(b, bound, 0.02) for b in bound_of(r)[2])]
        if not hits:
            c.fail(f"{render(item)!r} is not a cited figure above its bound")
        matched.update(hits)
    left = [r for i, r in enumerate(found) if i not in matched]
    if left:
        c.fail("conflicts left out: " + "; ".join(_conflict_text(r) for r in left))


def check_model_checks_none(s: Said, c) -> None:
    _exact(c, lambda p: [f"no cited figure can be compared, but {len(_with_error(p))} have a prediction"]
           if _with_error(p) else [])


def _exact(c, check) -> None:
    """``check(predictor)`` lists a sentence's problems against one of the build's predictors; the sentence is
    true where one of them (one combination of the three terms) gives none."""
    tried = [check(p) for p in predictors(c.oracle.results)]
    if all(tried):
        for problem in tried[0]:
            c.fail(problem)


def _with_error(p: Predictor) -> list[Check]:
    return [k for k in p.checks if k.error is not None]


def check_model_answer_error(s: Said, c) -> None:
    """The model's error (the opening page) and which cited rows test it (the chapter "Your Mac"): the cited rows
    it predicts (their sources and misses; on Macs' CPUs, their median factor off; on mps, the median error of the
    copies and concatenations, and of the small matrix products and eager text generation, with the way they miss),
    and the rest of the cited rows: the
    times of one small operation (which set the fixed costs) and the rows it predicts nothing for; each count read
    where printed."""
    v = s.values
    if "form" in v:
        # The note's choice of adding the costs or taking the largest, and which device's fit made it.
        form = dict(v["form"].values)
        _form_fits(c, text_of(form["combination"]), text_of(form["by"]))
        if "backed" in form:
            _backing_said(c, text_of(form["backed"]) == "eager", form["figures"].n if "figures" in form else None,
                          [_full(t.value) for t in form["text_chips"].items] if "text_chips" in form else None)
    if "eager" in v:
        # The eager runs back the choice to add the costs: their row below is then no independent test.
        _backing_said(c, choice(s, "eager") == "backs")
    if "left" in v:
        # "The span above": only where the page opened with the crossover's span over every chip.
        span = c.before("model.answer.crossover") is not None
        if (text_of(dict(v["left"].values)["scope"]) == "span") != span:
            c.fail(f"the note leaves chips out of {text_of(dict(v['left'].values)['scope'])}, but the page "
                   f"{'opens' if span else 'does not open'} with the crossover's span")
    every = cited()
    ops = [r for r in every if r["workload"] == "op" or (r["framework"], r["workload"], r["unit"], r["dtype"]) == (
        "PyTorch CPU", "matmul", "TFLOP/s", "float32")]
    for name, value in (("cited", len(every)), ("assumed", len(ops)),
                        ("all_sources", len({source_of(r) for r in every}))):
        if name in v and v[name].n != value:
            c.fail(f"{v[name].n} {name} rows, but the cited file has {value}")

    def check(p: Predictor) -> list[str]:
        ks = _with_error(p)
        if not ks:
            return ["an error over published measurements, but none has a prediction"]
        found = {"checks": len(ks), "chips": len({k.row["chip"] for k in ks}),
                 "sources": len({source_of(k.row) for k in ks}), "misses": sum(k.miss for k in ks),
                 # The figures that have a predicted range: an engine's generation is set only beside the bound.
                 "ranged": sum(1 for k in ks if k.low is not None and not (
                     k.row["workload"] == "decode" and k.row["framework"] != "PyTorch MPS")),
                 "rest": len(every) - len(ks), "unpredicted": len(every) - len(ks) - len(ops)}
        problems = [f"{v[key].n} {key}, but the predictions give {value}" for key, value in found.items()
                    if key in v and v[key].n != value]
        if "outside" in v:
            # "Most", "some" or none of the figures that have a range fall outside it, read from the counts above.
            share = "most" if 2 * found["misses"] > found["ranged"] else "some" if found["misses"] else "none"
            if text_of(dict(v["outside"].values)["share"]) != share:
                problems.append(f"{text_of(dict(v['outside'].values)['share'])} figures outside their range, but "
                                f"{found['misses']} of {found['ranged']} are")
        on_mps = [k for k in ks if k.row["framework"] == "PyTorch MPS"]
        # The plain copies told apart ("some"): the kinds and the factor before them are then the other CPU figures.
        apart = "copies" in v and text_of(dict(v["copies"].values)["has"]) == "some"
        cpu_copies = [k for k in ks if k.row["framework"] == "PyTorch CPU" and k.predicted
                      and (k.row["workload"], k.row["unit"]) == ("copy", "GB/s")]
        if "copies" in v:
            if apart:
                problems += _missed(dict(v["copies"].values)["miss"], cpu_copies, "the plain copies on Macs' CPUs")
            elif cpu_copies and any(k.row["framework"] == "PyTorch CPU" and k.predicted and k not in cpu_copies
                                    for k in ks):
                problems.append(f"no plain copies told apart, but {len(cpu_copies)} have a prediction")
        if "kinds" in v:
            # The kinds of work the published CPU figures with a prediction time, in the cited file's order.
            kind = {("concat", "ms"): "concat_ms", ("matmul", "ms"): "batched_matmul_ms", ("copy", "GB/s"): "copy_gb_s"}
            timed = list(dict.fromkeys(kind.get((k.row["workload"], k.row["unit"]), k.row["workload"]) for k in ks
                                       if k.row["framework"] == "PyTorch CPU" and k.predicted
                                       and not (apart and k in cpu_copies)))
            named = [text_of(dict(item.values)["quantity"]) for item in values_of(v["kinds"])]
            if named != timed:
                problems.append(f"published CPU figures of {named}, but those with a prediction time {timed}")
        if "cpu" in v and isinstance(v["cpu"], Phrase):
            # On Macs' CPUs, as a factor with its way.
            problems += _missed(v["cpu"], [k for k in ks if k.row["framework"] == "PyTorch CPU" and k.predicted
                                           and not (apart and k in cpu_copies)], "Macs' CPUs")
            # What it means for the B @ a column is said for the way those figures miss, no other.
            if "meaning" in v and text_of(dict(v["meaning"].values)["way"]) != text_of(
                    dict(v["cpu"].values)["way"]):
                problems.append(f"the column said to move as if the CPU figures missed "
                                f"{text_of(dict(v['meaning'].values)['way'])}, but they are said to miss "
                                f"{text_of(dict(v['cpu'].values)['way'])}")
        elif "cpu" in v:
            # On Macs' CPUs: the median over their figures of the larger of predicted and published over the other.
            cpu = [max(k.predicted / float(k.row["value"]), float(k.row["value"]) / k.predicted) for k in ks
                   if k.row["framework"] == "PyTorch CPU" and k.predicted]
            if not cpu or not rounds_to(v["cpu"], statistics.median(cpu)):
                problems.append(f"about {shown(v['cpu'])} off on Macs' CPUs, but the predictions are off "
                                f"{statistics.median(cpu) if cpu else None}×")
        # Where the model is close: the copies and concatenations on mps, their median error without its sign.
        if "memory" in v:
            close = [abs(k.error) for k in on_mps if k.row["workload"] in ("copy", "concat")]
            if not close or not rounds_to(v["memory"], statistics.median(close)):
                problems.append(f"within {shown(v['memory'])} on copies and concatenations, but the predictions "
                                f"are off by {100 * statistics.median(close) if close else None}")
            if "worst" in v and (not close or not rounds_to(v["worst"], max(close))):
                problems.append(f"at worst {shown(v['worst'])} on copies and concatenations, but the worst is "
                                f"{100 * max(close) if close else None}%")
        # Where it is far off: small matrix products timed in ms, and eager text generation (decode rows).
        for what, mine in (("batch", [k for k in on_mps if k.row["workload"] == "matmul" and k.row["unit"] == "ms"]),
                           ("text", [k for k in on_mps if k.row["workload"] == "decode"])):
            if what in v:
                problems += _missed(v[what], mine, f"the {what} figures")
            if what == "text" and "timed" in v:
                # "Timed without synchronising": every eager figure with a prediction says it was not synchronised.
                unsynced = bool(mine) and all(k.row["synchronised"] == "no" for k in mine)
                if (choice(s, "timed") == "unsynced") != unsynced:
                    problems.append(f"the eager check said {choice(s, 'timed')}, but of {len(mine)} eager figures "
                                    f"{sum(1 for k in mine if k.row['synchronised'] == 'no')} say they were not "
                                    f"synchronised")
            # The eager column's evidence, said beside the sentence's values or inside its phrase of the check.
            said = {**v, **(dict(v["text"].values) if what == "text" and isinstance(v.get("text"), Phrase) else {})}
            if what == "text" and "text_chips" in said:
                # The eager column's evidence: how many figures, and on which chips, in the cited file's order.
                if "figures" in said and said["figures"].n != len(mine):
                    problems.append(f"{said['figures'].n} eager figures, but {len(mine)} have a prediction")
                chips = list(dict.fromkeys(k.row["chip"] for k in mine))
                named = [_full(t.value) for t in said["text_chips"].items]
                if named != chips:
                    problems.append(f"eager figures on {named}, but they are on {chips}")
        return problems
    _exact(c, check)


#: Each side of a Mac, by the framework of its published figures.
SIDES = {"gpu": "PyTorch MPS", "cpu": "PyTorch CPU"}


def side_kinds(p: Predictor) -> dict[tuple, float]:
    """(side, workload, unit, precision) -> the typical factor of that kind of figure published for PyTorch on a Mac's
    side (the median over the kind's figures of the larger of predicted and published over the other); eager text
    generation counts on the GPU's side."""
    kinds: dict[tuple, list[float]] = {}
    for k in _with_error(p):
        side = next((name for name, framework in SIDES.items() if k.row["framework"] == framework), None)
        if side is None or not k.predicted:
            continue
        value = float(k.row["value"])
        kinds.setdefault((side, k.row["workload"], k.row["unit"], k.row["dtype"]), []).append(
            max(k.predicted / value, value / k.predicted))
    return {kind: statistics.median(factors) for kind, factors in kinds.items()}


#: A kind of figure published for PyTorch on a Mac's CPU, (workload, unit) -> the name the sentences give it.
CPU_KIND = {("concat", "ms"): "concat_ms", ("matmul", "ms"): "batched_matmul_ms", ("copy", "GB/s"): "copy_gb_s"}


def side_factors(p: Predictor) -> dict[str, list[float]]:
    """side -> the typical factor of each kind of figure published for PyTorch on it (:func:`side_kinds`)."""
    found: dict[str, list[float]] = {side: [] for side in SIDES}
    for (side, *_), factor in side_kinds(p).items():
        found[side].append(factor)
    return found


def check_model_sides(s: Said, c) -> None:
    """"The predictions typically miss by N× to M×": on each side of a Mac, the least and the largest typical factor of
    its kinds of figures; "eager text generation the most": the GPU's largest kind, of several, is generating text;
    "the furthest off" (the CPU's): its largest above that of every other kind compared."""
    v = s.values

    def check(p: Predictor) -> list[str]:
        found, problems = side_factors(p), []
        if "furthest" in v:
            gpu = {kind: factor for kind, factor in side_kinds(p).items() if kind[0] == "gpu"}
            text = [factor for kind, factor in gpu.items() if kind[1] == "decode"]
            furthest = len(gpu) > 1 and bool(text) and max(text) == max(gpu.values())
            if (choice(s, "furthest") == "text") != furthest:
                kinds = sorted((k[1], round(f, 4)) for k, f in gpu.items())
                problems.append(f"eager text generation said {'' if furthest else 'not '}to miss the most on the GPU "
                                f"wrongly: the GPU's kinds miss by {kinds}")
        # Every kind of figure compared other than the CPU's: the GPU's, eager text generation, the engines'.
        kinds: dict[tuple, list[float]] = {}
        for k in _with_error(p):
            if k.row["framework"] != SIDES["cpu"] and k.predicted:
                value = float(k.row["value"])
                kinds.setdefault((k.row["framework"], k.row["workload"], k.row["unit"], k.row["dtype"]),
                                 []).append(max(k.predicted / value, value / k.predicted))
        others = [statistics.median(factors) for factors in kinds.values()]
        if "kinds" in v:
            # The CPU's kinds named as missing most: exactly those further than every other kind compared.
            cpu_kinds = {CPU_KIND.get((kind[1], kind[2]), kind[1]): factor for kind, factor in side_kinds(p).items()
                         if kind[0] == "cpu"}
            furthest = {name for name, factor in cpu_kinds.items() if all(factor > o for o in others)}
            named = {text_of(dict(item.values)["quantity"]) for item in values_of(v["kinds"])}
            if named != furthest:
                problems.append(f"the CPU's {sorted(named)} said to miss more than any other kind, but those that "
                                f"do are {sorted(furthest)} (the CPU's kinds miss by {cpu_kinds}, the others by "
                                f"{sorted(round(o, 4) for o in others)})")
            found = {**found, "cpu": [factor for name, factor in cpu_kinds.items() if name in named]}
        for side in SIDES:
            if side not in v:
                continue
            span = dict(v[side].values)
            if not found[side]:
                problems.append(f"the {side} said to miss, but none of its figures has a prediction")
                continue
            low, high = min(found[side]), max(found[side])
            if not rounds_to(span["low"], low) or not rounds_to(span["high"], high):
                problems.append(f"the {side} said to miss by {shown(span['low'])} to {shown(span['high'])}, but its "
                                f"kinds miss by {sorted(round(f, 4) for f in found[side])}")
            if (text_of(span["span"]) == "one") != (shown(span["low"]).value == shown(span["high"]).value):
                problems.append(f"the {side}'s span said {text_of(span['span'])}, but it prints "
                                f"{shown(span['low'])} and {shown(span['high'])}")
        if "worst" in v:
            worst = bool(found["cpu"]) and all(max(found["cpu"]) > other for other in others)
            if (choice(s, "worst") == "cpu") != worst:
                problems.append(f"the CPU said {'' if choice(s, 'worst') == 'cpu' else 'not '}to miss the most, but "
                                f"its worst kind misses by {max(found['cpu'], default=0):.4g}× against "
                                f"{sorted(round(o, 4) for o in others)}")
        return problems
    _exact(c, check)


def check_model_checks_gpu(s: Said, c) -> None:
    """"Eager text generation is the furthest off: it ran about N× slower than predicted": the GPU's furthest kind
    (:func:`check_model_sides`), then the factor and way of PyTorch's eager generation on a Mac's GPU."""
    check_model_sides(s, c)
    _exact(c, lambda p: _missed(s.values["text"], [k for k in _with_error(p) if k.row["framework"] == SIDES["gpu"]
                                                    and k.row["workload"] == "decode"], "eager text generation"))


def check_model_checks_cpu(s: Said, c) -> None:
    """"The predictions for a Mac's CPU typically miss by N× to M×, and by up to W×": the span and whether it is the
    furthest (:func:`check_model_sides`), then the furthest single figure published for PyTorch on a Mac's CPU."""
    check_model_sides(s, c)
    if "most" in s.values:
        def check(p: Predictor) -> list[str]:
            every = [factor for factors in trust_kinds(p).get("cpu", {}).values() for factor in factors]
            if not every or not rounds_to(s.values["most"], max(every)):
                return [f"the CPU said to miss by up to {shown(s.values['most'])}, but its figures miss by up to "
                        f"{max(every, default=0):.4g}×"]
            return []
        _exact(c, check)


#: The rows of the opening page's table of misses: eager text generation (PyTorch's decode figures on a Mac's GPU) apart
#: from the GPU's other figures.
TRUST_ROWS = ("gpu", "text", "cpu")


def trust_kinds(p: Predictor) -> dict[str, dict[tuple, list[float]]]:
    """row of :data:`TRUST_ROWS` -> (workload, unit, precision) -> each figure's factor off (the larger of predicted
    and published over the other), for the figures published for PyTorch on a Mac that have a prediction."""
    found: dict[str, dict[tuple, list[float]]] = {}
    for k in _with_error(p):
        side = next((name for name, framework in SIDES.items() if k.row["framework"] == framework), None)
        if side is None or not k.predicted:
            continue
        row = "text" if side == "gpu" and k.row["workload"] == "decode" else side
        value = float(k.row["value"])
        found.setdefault(row, {}).setdefault((k.row["workload"], k.row["unit"], k.row["dtype"]), []).append(
            max(k.predicted / value, value / k.predicted))
    return found


def _trust_ends(*rows: dict[tuple, list[float]]) -> tuple[float, float]:
    """Rows' furthest kind (its median) and their furthest figure."""
    kinds = [factors for row in rows for factors in row.values()]
    return max(statistics.median(factors) for factors in kinds), max(factor for factors in kinds for factor in factors)


def check_model_trust_row(s: Said, c) -> None:
    """A row of the opening page's table of misses: the least and largest typical factor of its kinds, its furthest
    figure and how many figures; the table has a row for each side with a compared figure, eager text generation
    apart where it has one."""
    v = s.values
    row = text_of(v["what"])
    rows = {text_of(r.values["what"]) for r in c.every("table.model_trust")}

    def check(p: Predictor) -> list[str]:
        found = trust_kinds(p)
        if row not in found:
            return [f"a row for {row}, but none of its figures has a prediction"]
        problems = []
        if rows != set(found):
            problems.append(f"rows for {sorted(rows)}, but figures with a prediction for {sorted(found)}")
        kinds = found[row]
        typical = [statistics.median(factors) for factors in kinds.values()]
        every = [factor for factors in kinds.values() for factor in factors]
        if not rounds_to(v["low"], min(typical)) or not rounds_to(v["high"], max(typical)):
            problems.append(f"{row} typically off by {shown(v['low'])} to {shown(v['high'])}, but its kinds are off by "
                            f"{sorted(round(t, 4) for t in typical)}")
        if (text_of(v["span"]) == "one") != (shown(v["low"]).value == shown(v["high"]).value):
            problems.append(f"{row}'s span said {text_of(v['span'])}, but it prints {shown(v['low'])} and "
                            f"{shown(v['high'])}")
        if not rounds_to(v["worst"], max(every)):
            problems.append(f"{row} off by {shown(v['worst'])} at worst, but its furthest figure is {max(every):.4g}×")
        if v["figures"].n != len(every):
            problems.append(f"{v['figures'].n} figures for {row}, but {len(every)} have a prediction")
        if (text_of(v["apart"]) == "apart") != ("text" in found):
            problems.append(f"eager text generation said {text_of(v['apart'])}, but "
                            f"{'it has' if 'text' in found else 'it has no'} figures with a prediction")
        return problems
    _exact(c, check)


def check_model_trust_conclusion(s: Said, c) -> None:
    """"The GPU predictions are closer than the CPU's": the GPU's rows (eager text generation among them) nearer both
    at their furthest kind and at their furthest figure; "the eager tokens/s are likely too optimistic": every eager
    figure came out slower than predicted."""

    def check(p: Predictor) -> list[str]:
        found, problems = trust_kinds(p), []
        # Every GPU figure, eager text generation's among them, against the CPU's.
        closer = "gpu" in found and "cpu" in found and all(
            g < u for g, u in zip(_trust_ends(found["gpu"], found.get("text", {})), _trust_ends(found["cpu"]),
                                  strict=True))
        if (choice(s, "closer") == "yes") != closer:
            problems.append(f"the GPU said {'' if choice(s, 'closer') == 'yes' else 'not '}closer than the CPU, but "
                            f"their furthest kind and figure are "
                            f"{[_trust_ends(found[r]) for r in ('gpu', 'cpu') if r in found]}")
        eager = [k for k in _with_error(p) if k.row["framework"] == SIDES["gpu"] and k.row["workload"] == "decode"]
        slower = bool(eager) and all(_quicker(k) is True for k in eager)
        if (choice(s, "text") == "fast") != slower:
            problems.append(f"eager tokens/s said {'' if choice(s, 'text') == 'fast' else 'not '}too optimistic, "
                            f"but {sum(_quicker(k) is True for k in eager)} of {len(eager)} came out slower")
        return problems
    _exact(c, check)


def _cpu_row(row: dict) -> bool:
    """A published figure of a Mac's CPU (told apart: contributors' CPUs vary widely)."""
    return row["framework"] == "PyTorch CPU"


def _quicker(k: Check) -> bool | None:
    """Whether the prediction is faster than the published figure (a shorter time, a higher rate); ``None``:
    equal."""
    value = float(k.row["value"])
    if k.predicted is None or k.predicted == value:
        return None
    return k.predicted < value if k.row["unit"] in ("ms", "s") else k.predicted > value


def _missed(phrase: Any, ks: list[Check], what: str) -> list[str]:
    """"By N%, predicting every one too fast" (too slow, mostly one way, in both directions): the median error of
    these figures, and which way the predictions miss them; "mostly" at three in four or more."""
    if not ks:
        return [f"an error on {what}, but none has a prediction"]
    v = dict(phrase.values)
    problems = []
    if "factor" in v:
        # As a factor: the median over the figures of the larger of predicted and published over the other.
        factor = statistics.median(max(k.predicted / float(k.row["value"]), float(k.row["value"]) / k.predicted)
                                   for k in ks)
        if not rounds_to(v["factor"], factor):
            problems.append(f"off by {shown(v['factor'])} on {what}, but the predictions are off {factor:.4g}×")
    else:
        median = statistics.median(abs(k.error) for k in ks)
        if not rounds_to(v["error"], median):
            problems.append(f"off by {shown(v['error'])} on {what}, but the predictions are off by "
                            f"{100 * median:.4g}%")
    ways = [_quicker(k) for k in ks]
    fast, slow, way = ways.count(True), ways.count(False), text_of(v["way"])
    held = {"fast": slow == 0 and fast > 0, "slow": fast == 0 and slow > 0, "mostly_fast": fast >= 0.75 * len(ks),
            "mostly_slow": slow >= 0.75 * len(ks), "both": fast > 0 and slow > 0}[way]
    if not held:
        problems.append(f"{what} predicted '{way}', but {fast} are predicted too fast and {slow} too slow")
    return problems


def check_op_basis(c, basis: Any) -> None:
    """"The median of N times published by one source, all on the X": the cited GPU operation rows, their sources
    and chips (how much evidence the GPU's fixed cost rests on)."""
    rows = [r for r in cited() if r["workload"] == "op" and r["framework"] == "PyTorch MPS"]
    v = dict(basis.values)
    sources = list(dict.fromkeys(source_of(r) for r in rows))
    if v["rows"].n != len(rows) or v["sources"].n != len(sources):
        c.fail(f"the GPU's fixed cost from {v['rows'].n} times of {v['sources'].n} sources, but the cited file has "
               f"{len(rows)} of {len(sources)}")
    if len(sources) == 1 and text_of(v["source"]) != sources[0]:
        c.fail(f"the GPU's fixed cost from {text_of(v['source'])}, but its rows come from {sources[0]}")
    said = [_full(text_of(chip)) for chip in values_of(v["chips"])]
    if said != list(dict.fromkeys(r["chip"] for r in rows)):
        c.fail(f"the GPU's fixed cost measured on {said}, but its rows are of {sorted({r['chip'] for r in rows})}")
    # Whether those times were synchronised, as the cited file records each row's source stating it.
    stated = sorted({r["synchronised"] for r in rows})
    timed = stated[0].replace(" ", "_") if len(stated) == 1 else "mixed"
    if "timed" in v and text_of(v["timed"]) != timed:
        c.fail(f"the GPU's fixed cost is said timed '{text_of(v['timed'])}', but its rows say {stated}")


def check_model_answer_row(s: Said, c) -> None:
    """A row of the opening table: a chip variant of the spec sheet and its central predictions, a dash where the
    model has none; the rows include, of the variants whose bandwidth Apple gives, those at either end of each
    quantity."""
    v = s.values
    chip, cores = text_of(v["chip"]), v["cores"].n
    variant = [r for r in spec() if r["chip"] == chip and int(r["gpu_cores"]) == cores]
    if not variant:
        c.fail(f"the {chip} with {cores} GPU cores is not a variant of the spec sheet")
        return
    shown_as = {"cross": ("crossover", sized), "eager": ("eager_7B_16-bit", matches),
                "bound": ("bound_7B_16-bit", matches)}
    rows = [(text_of(r.values["chip"]), r.values["cores"].n) for r in c.every("table.mac_answer")]

    def check(p: Predictor) -> list[str]:
        found = next(pv for sv, pv in p.variants if sv == variant[0])
        problems = []
        for name, (quantity, same) in shown_as.items():
            ranged = found[quantity]
            value = ranged[0] if ranged else None
            if name in v and (value is None or not same(v[name], value)):
                problems.append(f"{name} {shown(v[name])} on the {chip} ({cores}), but the predictions give {value}")
            if name not in v and value:
                problems.append(f"no {name} on the {chip} ({cores}), but the predictions give {value:.4g}")
            # The ends among the variants whose bandwidth Apple gives, as the sentence above the table takes them.
            ends = [(pv[quantity][0], (sv["chip"], int(sv["gpu_cores"]))) for sv, pv in p.variants
                    if pv[quantity] and pv[quantity][0] and sv["bandwidth_kind"] != "reported"]
            if ends and rows and name != "bound":  # the rows are chosen by the other three columns' ends
                low, high = min(e for e, _ in ends), max(e for e, _ in ends)
                # The eager column prints two figures: a row that prints as the end stands for it.
                def at(e: float, end: float, two: bool = name == "eager") -> bool:
                    return e == end or (two and f"{e:.2g}" == f"{end:.2g}")
                if not any(key in rows for e, key in ends if at(e, low)) or \
                        not any(key in rows for e, key in ends if at(e, high)):
                    problems.append(f"no row at either end of {quantity}")
        return problems
    _exact(c, check)


def _op_medians(c, gpu: Any, cpu: Any) -> None:
    for name, printed, framework in (("the GPU's", gpu, "PyTorch MPS"), ("the CPU's", cpu, "PyTorch CPU")):
        if printed is None:
            continue
        rows = op_rows(framework)
        if not rows or not matches(printed, statistics.median(rows)):
            c.fail(f"{name} fixed cost {shown(printed)}, but the median of the cited {framework} operations is "
                   f"{statistics.median(rows) if rows else None}")


def _full(name: str) -> str:
    """A chip as the spec sheet names it: running text may drop the maker ("the M1 Ultra")."""
    return name if name.startswith("Apple ") else "Apple " + name


def _chips_of_sheet(c, *names: Any) -> None:
    for name in names:
        if _full(text_of(name)) not in chips():
            c.fail(f"the {text_of(name)} is not a chip of the spec sheet")


def _extremes(p: Predictor, name: str, what: str, low: tuple[Any, Any], high: tuple[Any, Any],
              shown_as=sized, stated: bool = False) -> list[str]:
    """The printed (value, chip) of the least and the largest variant against the predictor's."""
    found = p.extremes(name, stated)
    if found is None:
        return [f"{what}: no chip variant has a prediction"]
    problems = []
    for side, (printed, chip), (value, mine) in (("least", low, found[0]), ("largest", high, found[1])):
        if not shown_as(printed, value) or _full(text_of(chip)) != mine:
            problems.append(f"{what}: the {side} is {shown(printed)} on the {text_of(chip)}, but the predictions "
                            f"give {value:.4g} on the {mine}")
    return problems


def check_model_answer_rows(s: Said, c) -> None:
    """What the opening table's rows are there for: the ends of the crossover, and of a 7B model's eager tokens per
    second where a variant whose bandwidth Apple gives has that prediction ("yes", or "joint" where the same chips
    end both at the top); each end named as exactly the chips some variant of which prints as that end, to the two
    figures both columns print ("tie": some end names several). That the rows hold those ends is
    :func:`check_model_answer_row`'s."""
    eager = choice(s, "eager")

    def named(name: str) -> list[str]:
        return [_full(text_of(chip)) for chip in values_of(s.values[name])] if name in s.values else []

    def check(p: Predictor) -> list[str]:
        def has(quantity: str) -> bool:
            return any(pv[quantity] and pv[quantity][0] for sv, pv in p.variants if sv["bandwidth_kind"] != "reported")
        problems = [] if has("crossover") else ["the rows said to hold the crossover's ends, but no chip has one"]
        if (eager in ("yes", "joint")) != has("eager_7B_16-bit"):
            problems.append(f"the rows said {'' if eager != 'no' else 'not '}to hold the ends of the eager column, "
                            f"but {'some' if has('eager_7B_16-bit') else 'no'} chip has that prediction")

        def same(a: float, b: float) -> bool:
            return f"{a:.2g}" == f"{b:.2g}"
        groups = []
        for quantity, least, largest in (("crossover", "soonest", "latest"), ("eager_7B_16-bit", "fewest", "most")):
            ends = [(pv[quantity][0], sv["chip"]) for sv, pv in p.variants
                    if pv[quantity] and pv[quantity][0] and sv["bandwidth_kind"] != "reported"]
            for name, pick in ((least, min), (largest, max)):
                if name not in s.values or not ends:
                    continue
                end = pick(e for e, _ in ends)
                at_end = {mine for e, mine in ends if same(e, end)}
                said = named(name)
                groups.append(said)
                if set(said) != at_end or len(said) != len(at_end):
                    problems.append(f"the {said} named the {name} of {quantity}, but the chips that print as its "
                                    f"end, {end:.4g}, are {sorted(at_end)}")
        if (eager == "joint") != (bool(named("most")) and set(named("latest")) == set(named("most"))):
            problems.append(f"the rows said {'' if eager == 'joint' else 'not '}to end both columns at the top with "
                            f"the same chips, but the latest are {named('latest')} and the fastest {named('most')}")
        if (choice(s, "tie") == "yes") != any(len(group) > 1 for group in groups):
            problems.append(f"the ends said {'' if choice(s, 'tie') == 'yes' else 'not '}to tie, but they name "
                            f"{groups}")
        return problems
    _exact(c, check)
    # The chips named are rows of the table under the sentence.
    rows = {text_of(r.values["chip"]) for r in c.every("table.mac_answer")}
    for name in ("soonest", "latest", "fewest", "most"):
        for chip in named(name):
            if rows and chip not in rows:
                c.fail(f"the {chip} named as the {name}, but the table has no row for that chip")


def check_model_answer_crossover(s: Said, c) -> None:
    v = s.values
    _chips_of_sheet(c, v["low_chip"], v["high_chip"])
    if v["low"].n > v["high"].n:
        c.fail(f"the lowest crossover m ≈ {v['low'].n:,} is above the highest, m ≈ {v['high'].n:,}")
    # "The top chip reads memory faster": every spec row of the top chip reads memory faster than every
    # row of the bottom one.
    sheet = {end: [float(r["bandwidth_gb_s"]) for r in spec() if r["chip"] == _full(text_of(v[end]))]
             for end in ("low_chip", "high_chip")}
    if sheet["low_chip"] and sheet["high_chip"] and not min(sheet["high_chip"]) > max(sheet["low_chip"]):
        c.fail(f"the {text_of(v['high_chip'])} said to have the faster memory, but the spec sheet gives "
               f"{sheet['high_chip']} GB/s against the {text_of(v['low_chip'])}'s {sheet['low_chip']}")
    _op_medians(c, v["gpu_op"], v.get("cpu_op"))
    # "The GPU reads it only N× to M× as fast as the CPU": the least and the largest of one chip's GPU copy over its
    # own CPU's, over the chips the cited file has both for.
    gains = copy_gains()
    for end, pick in (("least", min), ("most", max)):
        if end in v and (not gains or not rounds_to(v[end], pick(gains.values()))):
            c.fail(f"the GPU's copy gain said to reach {shown(v[end])} at its {end}, but the chips' gains are "
                   f"{sorted(gains.values())}")
    if "basis" in v:
        check_op_basis(c, v["basis"])
    if "op_chips" in v:
        rows = [r for r in cited() if r["workload"] == "op" and r["framework"] == "PyTorch MPS"]
        said = [_full(text_of(chip)) for chip in values_of(v["op_chips"])]
        if said != list(dict.fromkeys(r["chip"] for r in rows)):
            c.fail(f"the GPU's fixed cost published for {said}, but its rows are of "
                   f"{sorted({r['chip'] for r in rows})}")
    _exact(c, lambda p: _extremes(p, "crossover", "B @ a's crossover", (v["low"], v["low_chip"]),
                                  (v["high"], v["high_chip"]), stated=True))
    # The chips that end the range are rows of the table under the sentence.
    rows = {text_of(r.values["chip"]) for r in c.every("table.mac_answer")}
    for end in ("low_chip", "high_chip"):
        if rows and _full(text_of(v[end])) not in rows:
            c.fail(f"the range ends on the {text_of(v[end])}, but the table under it has no row for that chip")


def check_model_answer_none(s: Said, c) -> None:
    check_model_fit_none(s, c)


def _best_rate(c, workload: str, amount: str, **params) -> float | None:
    rates = [getattr(p, amount) / p.median_s for p in c.oracle.results.points if p.device == "mps" and
             p.workload == workload and p.method == "engine" and p.ok and getattr(p, amount) and
             all(p.params.get(k) == v for k, v in params.items())]
    return max(rates, default=None)


#: What each item of a Mac's answer predicts: the variant's prediction, and how a printed one is read.
MAC_PREDICTED = {"model.mac.copy": ("copy", "a plain copy", matches),
                 "model.mac.rate": ("fp32", "float32 products", matches),
                 "model.mac.cross.from": ("crossover", "B @ a's crossover", sized),
                 "model.mac.cross.none": ("crossover", "B @ a's crossover", sized)}


def _mac_predicted(c, row: dict[str, str] | None, item: Said) -> None:
    """A Mac's predicted value and its range, against the oracle's predictions for its spec row."""
    if row is None:
        return
    name, what, shown_as = MAC_PREDICTED[item.key]

    def check(p: Predictor) -> list[str]:
        found = p.variant(row)[name]
        if found is None or found[0] is None:
            return [f"{what} predicted {shown(item.values['predicted'])}, but the model has no prediction for the "
                    f"chip"]
        return [f"{what} {key} {shown(item.values[key])}, but the predictions give {value:.4g}"
                for key, value in zip(("predicted", "low", "high"), found, strict=True)
                if not shown_as(item.values[key], value)]
    _exact(c, check)


def check_model_answer_mac(s: Said, c) -> None:
    mac = c.oracle.results.environment.get("mac") or {}
    chip, cores = mac.get("chip") or c.oracle.results.environment.get("cpu"), mac.get("gpu_cores")
    # The chip as the words name it: its GPU's cores beside it where the build recorded them.
    named = f"{chip} ({EN('your_mac.cores', cores=Text(f'{cores:,}'))})" if isinstance(cores, int) else chip
    if text_of(s.values["chip"]) != named:
        c.fail(f"ran on the {text_of(s.values['chip'])}, but the build's is the {named}")
    rows = [row for row in spec() if row["chip"] == chip and (cores is None or row["gpu_cores"] == str(cores))]
    mac_row = rows[0] if len(rows) == 1 else None
    if mac_row is None:
        c.fail(f"the {chip} ({cores} GPU cores) is no one row of the spec sheet")
    items = parts(s.values["items"])
    if not items:
        c.fail("a Mac's predictions, but none stated")
    for item in items:
        v = item.values
        if item.key not in MAC_PREDICTED:
            c.fail(f"an item the oracle does not know: {item.key}")
            continue
        low, high, predicted = num(v["low"]), num(v["high"]), num(v["predicted"])
        if not low * (1 - 1e-9) <= predicted <= high * (1 + 1e-9):
            c.fail(f"a prediction {shown(v['predicted'])} outside its own range {shown(v['low'])} to "
                   f"{shown(v['high'])}")
        _mac_predicted(c, mac_row, item)
        if "held" in v:
            # Where the measured value lies against the range (its ends, unprinted, are the item's values).
            measured, held = num(v["measured"]), text_of(v["held"])
            lies = {"inside": low * 0.99 <= measured <= high * 1.01, "above": measured > high * 0.99,
                    "below": measured < low * 1.01}
            if not lies.get(held, False):
                c.fail(f"{shown(v['measured'])} is '{held}' the range, but the range is {shown(v['low'])} to "
                       f"{shown(v['high'])}")
        if item.key == "model.mac.copy":
            copies = [p for p in c.oracle.results.points if p.device == "mps" and p.workload == "copy" and
                      p.method == "engine" and p.ok and p.bytes_moved]
            largest = max((p.bytes_moved for p in copies), default=None)
            rates = [p.bytes_moved / p.median_s for p in copies if p.bytes_moved == largest]
            if not any(matches(v["measured"], r) for r in rates):
                c.fail(f"the copy reached {shown(v['measured'])}, but the build's largest copy reads "
                       f"{[f'{r / 1e9:.4g}' for r in rates]} GB/s")
        elif item.key == "model.mac.rate":
            best = _best_rate(c, "matmul", "flops", dtype="float32")
            if best is None or not matches(v["measured"], best):
                c.fail(f"float32 products reached {shown(v['measured'])}, but the build's best is {best}")
        else:
            pairs = c.oracle.compare("matvec")
            common = pairs.common()
            if item.key == "model.mac.cross.none":
                if common and pairs.can_be("faster", common[-1]) and \
                        all(pairs.directions(size) == {"faster"} for size in common[-1:]):
                    c.fail("'not shown to beat the CPU from any size on', but it is faster at the largest size")
            else:
                said = v["measured"].n
                above = [size for size in common if size >= said]
                if said not in common or not all(pairs.can_be("faster", size) for size in above):
                    c.fail(f"B @ a beat the CPU from m = {said:,} on, but the points do not show it faster at every "
                           f"measured size from there ({pairs.what})")


def _fit_held(c, device: str, op: float, bw: float) -> tuple[Params | None, str]:
    """The best rates for a fixed cost ``op`` and a bandwidth ``bw`` held, where they fit within 2 % of the
    oracle's own fit (its weighted RMS log error) for some combination, else ``None`` and why not."""
    tried = []
    for combination in combinations(c, device):
        own, held = own_fit(c.oracle.results, device, combination), with_fixed(c.oracle.results, device,
                                                                              combination, op, bw)
        if own is None or held is None:
            continue
        if held[1] <= own[1] * 1.02 + 1e-3:
            return held[0], ""
        tried.append(f"{combination}: at best an RMS log error of {held[1]:.4f}, against {own[1]:.4f} for the "
                     f"oracle's own ({own[0].c:.4g} s at {own[0].B / 1e9:.4g} GB/s)")
    return None, "; ".join(tried) or f"no fit of the {device}"


def _no_fit(c, device: str, op: float, bw: float) -> str | None:
    """Why a fixed cost ``op`` and a bandwidth ``bw`` are no fit of the device (None where they are one), as
    :func:`_held` reads a sentence that prints both."""
    held, why = _fit_held(c, device, op, bw)
    return None if held is not None else why


def _share_printed(printed: Any, values: list[float]) -> bool:
    return bool(values) and rounds_to(printed, statistics.median(values))


def copy_gains() -> dict[str, float]:
    """chip -> its GPU's median cited copy over its CPU's, each as a share of the chip's spec bandwidth, for the chips
    the cited file has both for."""
    per_chip = {}
    for framework in ("PyTorch MPS", "PyTorch CPU"):
        shares: dict[str, list[float]] = {}
        for r in cited():
            if r["workload"] == "copy" and r["unit"] == "GB/s" and r["framework"] == framework:
                bw = _one([float(s["bandwidth_gb_s"]) for s in variants(r)])
                if bw:
                    shares.setdefault(r["chip"], []).append(float(r["value"]) / bw)
        per_chip[framework] = {chip: statistics.median(values) for chip, values in shares.items()}
    return {chip: per_chip["PyTorch MPS"][chip] / per_chip["PyTorch CPU"][chip]
            for chip in per_chip["PyTorch MPS"].keys() & per_chip["PyTorch CPU"].keys()}


def check_model_rule_memory(s: Said, c) -> None:
    v = s.values
    ratio = shown(v["ratio"])
    if "gpu_share" in v:  # the two medians' shares, where the sentence prints them
        for name, framework in (("gpu_share", "PyTorch MPS"), ("cpu_share", "PyTorch CPU")):
            shares = copy_shares(framework)
            if not _share_printed(v[name], shares):
                c.fail(f"{shown(v[name])} for {framework}, but the median cited copy over its spec bandwidth is "
                       f"{100 * statistics.median(shares) if shares else None}%")
    # The typical gain: the median over the chips of one chip's GPU copy over its own CPU's (a ratio of the medians
    # over every chip would mix chips: no Mac was measured at it).
    gains = copy_gains()
    if not gains or not rounds_to(v["ratio"], statistics.median(gains.values())):
        c.fail(f"work limited by bandwidth gains typically {ratio}, but the chips' gains are "
               f"{sorted(gains.values())}")
    if "most" in v:
        chip = _full(v["chip"].value if isinstance(v["chip"], Text) else str(v["chip"]))
        widest = max(gains, key=gains.get) if gains else None
        if widest is None or not rounds_to(v["most"], gains[widest]):
            c.fail(f"up to {shown(v['most'])}, but the largest gain of one chip is "
                   f"{gains.get(widest) if widest else None}")
        if widest is not None and widest not in chip:
            c.fail(f"the largest gain is named for {chip}, but it is the {widest}'s")
    elif gains and max(gains.values()) > ratio.value + ratio.unit / 2:
        c.fail(f"{ratio} is said with no upper end, but one chip gains {max(gains.values()):.3g}")


def _mac_bytes(c, printed: Any) -> None:
    """What a call on a Mac's GPU must move to outweigh one operation's fixed cost: the median cited GPU operation
    at the median variant's spec bandwidth times the median copy's share of it."""
    moved = num(printed)
    gpu_op = statistics.median(op_rows("PyTorch MPS"))
    bandwidths = [float(row["bandwidth_gb_s"]) * 1e9 for row in spec()]
    if not gpu_op * min(bandwidths) * 0.5 <= moved <= gpu_op * max(bandwidths):
        c.fail(f"{shown(printed)} is not one GPU operation's time at a Mac's bandwidth")
    everything = assumptions(None)
    if "gpu_op_us" in everything and "gpu_bandwidth_share" in everything:
        median_bw = statistics.median(float(row["bandwidth_gb_s"]) for row in spec()) * 1e9
        mac_bytes = everything["gpu_op_us"][0] * 1e-6 * median_bw * everything["gpu_bandwidth_share"][0]
        if not matches(printed, mac_bytes):
            c.fail(f"a call moves {shown(printed)} during the fixed cost, but one GPU operation at the median "
                   f"variant's bandwidth and the median copy's share moves {mac_bytes:.4g} bytes")


def check_model_rule_mac(s: Said, c) -> None:
    """The median chip variant's crossover of B @ a, and the two chips named beside it: the least and the largest
    over the variants whose bandwidth Apple states."""
    v = s.values
    ends = "low" in v
    if ends:
        _chips_of_sheet(c, v["low_chip"], v["high_chip"])
        if "cross" in v and not v["low"].n <= v["cross"].n <= v["high"].n:
            c.fail(f"the median variant's m ≈ {v['cross'].n:,} is not between {v['low'].n:,} and {v['high'].n:,}")

    def check(p: Predictor) -> list[str]:
        crosses = [r[0] for _, variant in p.variants if (r := variant["crossover"]) and r[0] is not None]
        if not crosses:
            return ["a median crossover, but no chip variant has one"]
        problems = _extremes(p, "crossover", "B @ a's crossover on a Mac", (v["low"], v["low_chip"]),
                             (v["high"], v["high_chip"]), stated=True) if ends else []
        if "error" in v:
            errors_ = [abs(k.error) for k in _with_error(p)]
            if not errors_ or not rounds_to(v["error"], statistics.median(errors_)):
                problems.append(f"the model off by {shown(v['error'])} at the median, but the predictions are off "
                                f"by {100 * statistics.median(errors_ or [0]):.4g}%")
        if "cross" in v and not sized(v["cross"], statistics.median(crosses)):
            problems.append(f"the median variant's m ≈ {v['cross'].n:,}, but the predictions give "
                            f"{statistics.median(crosses):.4g}")
        return problems
    _exact(c, check)


def check_model_rule_batch(s: Said, c) -> None:
    """Batch small calls on a Mac until each moves what the GPU reads during one operation's fixed cost: at the
    median variant's bandwidth, or on the variants of least and most bandwidth Apple states, each named."""
    v = s.values
    if "gpu_op" in v:
        _op_medians(c, v["gpu_op"], None)
    if "mac_bytes" in v:
        _mac_bytes(c, v["mac_bytes"])
    if "low" in v:
        everything = assumptions(None)
        stated = [row for row in spec() if row["bandwidth_kind"] != "reported"]
        per_op = everything["gpu_op_us"][0] * 1e-6 * everything["gpu_bandwidth_share"][0]
        for end, pick in (("low", min), ("high", max)):
            row = pick(stated, key=lambda r: float(r["bandwidth_gb_s"]))
            moved = per_op * float(row["bandwidth_gb_s"]) * 1e9
            if not sized(v[end], moved):
                c.fail(f"{shown(v[end])} at the {end} end, but one GPU operation on the {row['chip']} moves "
                       f"{moved:.4g} bytes")
            named = v[f"{end}_chip"]
            named = named.value if isinstance(named, Text) else str(named)
            if _full(named) != row["chip"]:
                c.fail(f"the {end} end is named for {named}, but it is the {row['chip']}")


def check_model_batch(s: Said, c) -> None:
    """The same line as the rule, with the published times the GPU's fixed cost rests on."""
    check_model_rule_batch(s, c)
    check_op_basis(c, s.values["basis"])


def _ops_per_token(c) -> int | None:
    """Eager operations per token of a 7B model: the build's decoder's count per layer, times its 32 layers."""
    per_layer = ops_per_layer(c.oracle.results)
    return round(per_layer * 32) if per_layer is not None else None


def check_model_decode_ops(s: Said, c) -> None:
    """The operations per token of a 7B model, each at the median cited GPU operation: the fixed cost per token."""
    v = s.values
    if not _eager_decoder(c.oracle.results):
        c.fail("operations per token, but the build's decoder recorded no count of operations")
    ops = _ops_per_token(c)
    # "about 1,500 operations": the count to two significant digits.
    if ops is None or v["ops"].n != int(float(f"{ops:.2g}")):
        c.fail(f"about {v['ops'].n:,} operations per token of a 7B model, but the build's decoder gives {ops}")
        return
    _op_medians(c, v["gpu_op"], None)
    gpu_op = statistics.median(op_rows("PyTorch MPS"))
    if not matches(v["overhead"], ops * gpu_op):
        c.fail(f"{shown(v['overhead'])} per token, but {ops:,} operations at {gpu_op:.4g} s take "
               f"{ops * gpu_op:.4g} s")
    _combination_fits(s, c)


def _combination_fits(s: Said, c) -> None:
    """The eager columns add the fixed cost to the time to read the weights ("sum") or take the larger ("max"): the
    combination that fits this build's own points better, on its accelerator where it has one."""
    if "combination" in s.values:
        _form_fits(c, choice(s, "combination"))


def _form_fits(c, said: str, by: str | None = None) -> None:
    """The combination ``said`` fits this build's own points better, on its accelerator where it has one; ``by``:
    the device kind the sentence says chose it ("cpu" only where no accelerator has enough points)."""
    other = "max" if said == "sum" else "sum"
    fittable = sorted((d for d in {p.device for p in c.oracle.results.points}
                       if len(fitted(c.oracle.results, d)) >= 3), key=lambda d: d == "cpu")
    if by is not None and fittable and ((by == "cpu") != (fittable[0] == "cpu")
                                         or (by == "mps") != (fittable[0] == "mps")):
        c.fail(f"the note says a {by} chose the combination, but the {fittable[0]} did")
    if fittable:
        mine = own_fit(c.oracle.results, fittable[0], said)
        theirs = own_fit(c.oracle.results, fittable[0], other)
        if mine and theirs and mine[1] > theirs[1] * 1.005 + 1e-9:
            c.fail(f"the eager columns take the {said}, but on the {fittable[0]} the {other} fits better")


#: How near the fixed cost per token and the time to read the weights count as "about as long" where a sentence
#: prints no margin (the verdict's rule): the article's own margin, 10 %.
ABOUT = 0.10


def check_model_rule_text(s: Said, c) -> None:
    """Eager PyTorch's fixed cost per token of a 7B model on a Mac's GPU, against each chip's time to read the
    weights. Where chips are named (the chapter "Your Mac"): those on which that cost is more than the time to read
    the weights by over the printed margin, and those within it: each named chip has a variant on its side, and
    every variant above or within the margin has its chip named. Where they are not (the verdict's rule): "some"
    says the cost is about as long or longer on the variants with the most bandwidth (some variant is, and every
    variant holding the model with at least that bandwidth is too), "none" that reading the weights takes longer on
    every variant."""
    v = s.values
    _combination_fits(s, c)
    holding = sum(1 for row in spec() if _holds(row, 2 * ANSWER_7B_PARAMETERS))
    if "variants" in v and v["variants"].n != holding:
        c.fail(f"{v['variants'].n} chip variants hold a 7B model in 16-bit weights, but by the spec sheet {holding} "
               f"do")
    if not _eager_decoder(c.oracle.results):
        c.fail("a fixed cost per token, but the build's decoder recorded no count of operations")
    gpu_op = statistics.median(op_rows("PyTorch MPS"))
    ops = _ops_per_token(c)
    if "overhead" in v and (ops is None or not matches(v["overhead"], ops * gpu_op)):
        c.fail(f"{shown(v['overhead'])} of fixed cost per token, but the build's decoder gives {ops} operations "
               f"at {gpu_op:.4g} s")
    if ops is None:
        return
    case = choice(s, "case")
    named = "above" in v
    margin = shown(v["margin"]).value if named else ABOUT
    above = _chip_names(v["above"]) if named and case in ("both", "above", "tier") else set()
    near = _chip_names(v["near"]) if named and case in ("both", "near") else set()
    if named and case == "tier":
        # "On the Ultra chips": every variant of that tier that holds the model, the named ones above the rest.
        tier = text_of(v["tier"])
        near = {row["chip"] for row in spec() if row["chip"].endswith(" " + tier)
                and _holds(row, 2 * ANSWER_7B_PARAMETERS)} - above
    overhead = shown(v["overhead"]).value if "overhead" in v else ops * gpu_op

    def check(p: Predictor) -> list[str]:
        problems, seen_above, seen_near = [], set(), set()
        within: list[float] = []  # the bandwidths of the variants where the cost is about as long or longer
        held: list[float] = []
        for row, got in p.variants:
            bound = got["bound_7B_16-bit"]
            if not bound or bound[0] is None:
                continue
            if not named and row["bandwidth_kind"] == "reported":
                continue  # the verdict's rules cover the chips whose bandwidth Apple states or its figures give
            ratio = overhead * bound[0]  # the fixed cost over the time to read the weights
            held.append(float(row["bandwidth_gb_s"]))
            if ratio >= 1 / (1 + margin):
                within.append(float(row["bandwidth_gb_s"]))
            (seen_above if ratio > 1 + margin else seen_near if ratio >= 1 / (1 + margin) else set()).add(row["chip"])
        seen_near -= seen_above
        if named:
            if above != seen_above:
                problems.append(f"the fixed cost over {shown(v['margin'])} above reading the weights on "
                                f"{sorted(above)}, but the predictions give {sorted(seen_above)}")
            if near != seen_near:
                problems.append(f"within {shown(v['margin'])} on {sorted(near)}, but the predictions give "
                                f"{sorted(seen_near)}")
        elif case == "some":
            if "extent" in v:
                # "Or longer": on some chip the rules cover the cost is longer than the reading by over the margin.
                longer = bool(seen_above)
                if (text_of(dict(v["extent"].values)["extent"]) == "longer") != longer:
                    problems.append(f"said {text_of(dict(v['extent'].values)['extent'])}, but the cost is longer "
                                    f"than the reading by over {ABOUT:.0%} on {sorted(seen_above) or 'no chip'}")
            if not within:
                problems.append("about as long as reading the weights on some chips, but on none by the predictions")
            elif sum(1 for b in held if b >= min(within)) != len(within):
                problems.append("the chips where the fixed cost is about as long or longer are not those with the "
                                "most bandwidth")
        elif within:
            problems.append("reading the weights takes longer on every chip, but not on "
                            f"{sorted(seen_above | seen_near)}")
        if "text_chips" in v and choice(s, "checked") == "slower":
            # The chips that check ran on, in the cited file's order: those of the eager figures with a prediction.
            eager = [k for k in _with_error(p) if k.row["framework"] == "PyTorch MPS" and k.row["workload"] == "decode"]
            on = [_full(t.value) for t in v["text_chips"].items]
            if on != list(dict.fromkeys(k.row["chip"] for k in eager)):
                problems.append(f"the eager check named on {on}, but its figures are on "
                                f"{list(dict.fromkeys(k.row['chip'] for k in eager))}")
        if "checked" in v:
            # "Its only check was slower than predicted": every eager generation figure published for a Mac's GPU with
            # a prediction was slower than predicted (a lower rate); "unknown" where none is, or some is not.
            eager = [k for k in _with_error(p) if k.row["framework"] == "PyTorch MPS" and k.row["workload"] == "decode"]
            slower = bool(eager) and all(_quicker(k) for k in eager)
            if (choice(s, "checked") == "slower") != slower:
                problems.append(f"the eager check said {choice(s, 'checked')}, but of {len(eager)} eager figures "
                                f"{sum(1 for k in eager if _quicker(k))} came out slower than predicted")
            if slower and "factor" in v and choice(s, "checked") == "slower":
                # "About N× slower than predicted": the median over those figures of predicted over published.
                factor = statistics.median(k.predicted / float(k.row["value"]) for k in eager)
                if not rounds_to(v["factor"], factor):
                    problems.append(f"the eager check {shown(v['factor'])} slower, but the figures are typically "
                                    f"{factor:.4g}× slower than predicted")
        return problems
    _exact(c, check)


def _chip_names(listing: Any) -> set[str]:
    """The spec sheet's names of chips said as "M1, M2 and M3 Ultra" (one tier's generations together)."""
    names = set()
    for item in values_of(listing):
        v = dict(item.values)
        tier = text_of(v["tier"])
        names |= {" ".join(filter(None, ("Apple", text_of(g), tier))) for g in values_of(v["generations"])}
    return names


M1_PRO = "Apple M1 Pro"


def check_model_post(s: Said, c) -> None:
    """The least GPU time of one B @ a on the M1 Pro, at its spec sheet's bandwidth, against the most its cited
    GPU operations cost the host."""
    v = s.values
    sheet = [float(row["bandwidth_gb_s"]) * 1e9 for row in spec() if row["chip"] == M1_PRO]
    if not sheet:
        c.fail("the M1 Pro's GPU time said, but the spec sheet lacks the chip")
        return
    bw = max(sheet)
    mine = [float(r["value"]) * 1e-6 for r in cited() if r["chip"] == M1_PRO and r["workload"] == "op" and
            r["framework"] == "PyTorch MPS"]
    if not mine or not matches(v["host_high"], max(mine)):
        c.fail(f"the host's {shown(v['host_high'])} at most, but the M1 Pro's cited GPU operations run up to "
               f"{max(mine, default=0):.3g} s")
    crossing = math.sqrt(num(v["host_high"]) * bw / 4)
    if not near(v["from_m"].n, crossing, SLACK):
        c.fail(f"from m ≈ {v['from_m'].n:,}, but the device time passes {shown(v['host_high'])} at m ≈ "
               f"{crossing:.4g}")


def check_model_post_none(s: Said, c) -> None:
    if any(row["chip"] == M1_PRO for row in spec()) and any(
            r["chip"] == M1_PRO and r["workload"] == "op" and r["framework"] == "PyTorch MPS" for r in cited()):
        c.fail("the spec sheet and the published operation costs have the M1 Pro, so the model can say it")


def published_speedups() -> dict[str, float]:
    """chip -> one source's best float32 A @ B rate on the GPU over its best on the CPU, where one source gives
    both."""
    best: dict[tuple[str, str, str], float] = {}
    for r in cited():
        if r["workload"] == "matmul" and r["unit"] == "TFLOP/s" and r["dtype"] == "float32":
            key = (r["chip"], source_of(r), r["framework"])
            best[key] = max(best.get(key, 0.0), float(r["value"]))
    return {chip: value / best[(chip, source, "PyTorch CPU")] for (chip, source, framework), value in best.items()
            if framework == "PyTorch MPS" and best.get((chip, source, "PyTorch CPU"))}


def check_model_speedup_checked(s: Said, c) -> None:
    """The predicted float32 speed-up at m = 4,096 of each chip's variant with the most GPU cores against the published
    ratio for the chip: the furthest below (published over predicted) and above (predicted over published), each on
    its chip, and whether the predictions miss both ways or one."""
    v, published = s.values, published_speedups()

    def check(p: Predictor) -> list[str]:
        most: dict[str, tuple[int, dict]] = {}
        for row, got in p.variants:
            cores = int(row["gpu_cores"])
            if row["chip"] not in most or cores >= most[row["chip"]][0]:
                most[row["chip"]] = (cores, got)
        misses = sorted((got["speedup_float32_4096"][0] / published[chip], chip) for chip, (_, got) in most.items()
                        if chip in published and got["speedup_float32_4096"] and got["speedup_float32_4096"][0])
        if not misses:
            return ["the predicted speed-ups compared with published ones, but no chip has both"]
        (low, low_chip), (high, high_chip) = misses[0], misses[-1]
        way = "both" if low < 1 < high else "low" if high < 1 else "high"
        problems = [] if choice(s, "way") == way else [f"the speed-ups said to miss {choice(s, 'way')}, but they "
                                                       f"miss {way}: {misses}"]
        for name, value, chip, end in (("under", 1 / low, low_chip, "under_chip"),
                                       ("over", high, high_chip, "over_chip")):
            if name in v and choice(s, "way") in ("both", "low" if name == "under" else "high"):
                if not rounds_to(v[name], value) or _full(text_of(v[end])) != chip:
                    problems.append(f"{shown(v[name])} {name} on the {text_of(v[end])}, but the furthest is "
                                    f"{value:.4g}× on the {chip}")
        return problems
    _exact(c, check)


def check_model_cpu_half(s: Said, c) -> None:
    """A Mac's CPU's best float16 matrix-product rate over its best float32 one, and where it lies against the range
    guessed for a Mac's CPU; said only on a Mac's build (another maker's CPU is no evidence of an Apple chip's)."""
    v = s.values
    mac = any(p.device == "mps" and p.ok for p in c.oracle.results.points) and bool(
        c.oracle.results.environment.get("mac"))
    if not mac:
        c.fail("the CPU's float16 share said of a Mac's CPU, but this build's CPU is not a Mac's")

    def best(dtype: str) -> float | None:
        rates = [p.flops / p.median_s for p in c.oracle.results.points if p.device == "cpu" and p.workload == "matmul"
                 and p.method == "engine" and p.ok and p.flops and p.params.get("dtype") == dtype]
        return max(rates, default=None)
    half, full = best("float16"), best("float32")
    if not half or not full:
        c.fail("the CPU's float16 rate against its float32 one, but the build lacks one of them")
        return
    ratio = half / full
    if not rounds_to(v["share"], ratio):
        c.fail(f"float16 at {shown(v['share'])} of float32 on the CPU, but the best rates give {100 * ratio:.4g}%")
    held = "below" if ratio < CPU_HALF["gpu_best"] else "above" if ratio > CPU_HALF["gpu_worst"] else "inside"
    if choice(s, "held") != held:
        c.fail(f"the CPU's float16 share said {choice(s, 'held')} the guessed range, but it is {held}")
