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

The checkers take ``(m, c)`` like those of :mod:`tests.oracle` (``c.text``: the key's whole English text;
``c.oracle.results``: the raw points; ``c.fail``). A sentence's parameters are read from the same text where it
has them (the fit's own sentence); where it does not, the oracle's own fit (:func:`own_fit`, scipy's
``least_squares`` from the envelope) stands in.

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

import numpy as np
from scipy.optimize import least_squares

from mpsarticle.article.wording import catalog
from mpsarticle.core.specs import Decode
from mpsarticle.results.model import Point, ResultSet

__all__ = ["Call", "Check", "Params", "Predictor", "Side", "assumptions", "calls_of", "errors", "envelope", "own_fit",
           "predictors", "rms", "sources_of"]

DATA = Path(__file__).resolve().parent.parent / "mpsarticle" / "data"
_EN = catalog("en")
DEVICE_NAMES = {_EN["device"][kind]: kind for kind in ("cpu", "cuda", "mps")}
#: Workloads of one operation per call where no count is recorded; those that need the recorded count.
ONE_OP = ("matvec", "matmul", "copy", "attention")
COUNTED = ("op_chain", "decode")
DTYPES = ("float32", "float16", "bfloat16")
ITEM = {"float32": 4, "float16": 2, "bfloat16": 2}
#: The code searches a grid of 2^(1/16) steps and prints two significant figures: a threshold is true within this.
GRID = 2 ** (1 / 16)
SLACK = 0.06
TIME_UNITS = {"s": 1.0, "ms": 1e-3, "µs": 1e-6, "ns": 1e-9}
RATE_UNITS = {"GB/s": 1e9, "GFLOP/s": 1e9, "TFLOP/s": 1e12}
BYTE_UNITS = {"B": 1.0, "kB": 1e3, "MB": 1e6, "GB": 1e9, "TB": 1e12}
#: Parameters of the decoders the cited decode rows name, and bytes per weight of their formats.
CITED_MODELS = (("llama 3 8b", 8.03e9), ("qwen-2.5-coder-0.5b", 0.49e9), ("qwen-2.5-0.5b", 0.49e9),
                ("gemma-3-1b", 999_885_952))
BYTES_PER_WEIGHT = {"bfloat16": 2.0, "f16": 2.0, "float16": 2.0, "q4_k_m": 0.5}


# -- reading printed numbers --------------------------------------------------------------------

def num(text: str) -> float:
    return float(text.replace(",", ""))


def resolution(text: str) -> float:
    """The unit of the last printed digit of a bare number."""
    text = text.replace(",", "")
    return 10.0 ** -len(text.partition(".")[2])


def rounds_to(printed: str, value: float) -> bool:
    """``value`` rounds to the bare number ``printed`` (half a unit of its last digit, and a hair for floats)."""
    return abs(num(printed) - value) <= resolution(printed) / 2 * (1 + 1e-6) + 1e-12 * abs(value)


def quantity(text: str, units: dict[str, float]) -> tuple[float, float]:
    """(value in base units, resolution in base units) of ``916 ns`` / ``79.2 GB/s`` / ``72.9 kB``."""
    value, unit = text.rsplit(" ", 1)
    return num(value) * units[unit], resolution(value) * units[unit]


def seconds(text: str) -> float:
    return quantity(text, TIME_UNITS)[0]


def rate(text: str) -> float:
    return quantity(text, RATE_UNITS)[0]


def matches(text: str, value: float, units: dict[str, float]) -> bool:
    printed, unit = quantity(text, units)
    return abs(printed - value) <= unit / 2 * (1 + 1e-6) + 1e-12 * abs(value)


def near(a: float, b: float, tolerance: float) -> bool:
    return abs(a - b) <= tolerance * max(abs(a), abs(b))


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


def errors(calls: list[Call], params: Params, combination: str) -> tuple[float, float]:
    """(the median over workloads of each workload's median |pred/t - 1|, the largest of any point)."""
    per: dict[str, list[float]] = {}
    for k in calls:
        per.setdefault(k.workload, []).append(abs(params.predict(k, combination) / k.seconds - 1))
    return statistics.median(statistics.median(v) for v in per.values()), max(max(v) for v in per.values())


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
    values["cpu_fp32_tflops"] = [float(r["value"]) for r in _rows("PyTorch CPU", "matmul", "TFLOP/s", "float32",
                                                                 leave_out)]
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
            if row["workload"] == "op":
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

    def extremes(self, name: str) -> tuple[tuple[float, str], tuple[float, str]] | None:
        """((least central, the first variant's chip at it), (largest, its chip)) over the variants."""
        found = [(r[0], s["chip"]) for s, v in self.variants if (r := v[name]) and r[0] is not None]
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


def sized(printed: str, value: float) -> bool:
    """``value`` printed to two significant figures (half a unit of the second either way), or as it is."""
    if rounds_to(printed, value):
        return True
    if value <= 0:
        return False
    unit = 10.0 ** (math.floor(math.log10(value)) - 1)
    return abs(num(printed) - value) <= unit / 2 * (1 + 1e-9)


# -- the sentences' patterns (the claim table of tests/oracle.py lists them) ----------------------

N = r"(?:\d{1,3}(?:,\d{3})*(?:\.\d+)?|\d+(?:\.\d+)?)"
TIME = rf"{N} (?:s|ms|µs|ns)"
RATE = rf"{N} (?:GB/s|GFLOP/s|TFLOP/s)"
DBYTES = rf"{N} (?:B|kB|MB|GB|TB)"
DTYPE = r"(?:float32|float16|bfloat16)"
CHIP = r"Apple M\d(?: Pro| Max| Ultra)?"
DEV = "(?:" + "|".join(re.escape(name) for name in DEVICE_NAMES) + ")"
END = r"(?=\.(?: [A-Z(]|$))"

FIT = (rf"On the (?P<dev>{DEV}) \((?P<points>{N}) points?\): (?P<op>{TIME}) per operation, (?P<bw>{RATE}), "
       rf"(?P<rates>.+?); the model reproduces its points within (?P<median>{N})% in the median, (?P<worst>{N})% at "
       rf"worst")
CHOICE = (rf"(?:(?P<sum>Adding) the three terms fits this build better than taking the largest: a typical point is "
          rf"(?P<chosen>{N})× off with the sum and (?P<other>{N})× off with the largest|Taking the largest of the "
          rf"three terms fits this build better than adding them: a typical point is (?P<chosen2>{N})× off with the "
          rf"largest and (?P<other2>{N})× off with the sum) \(the (?P<dev>{DEV})'s points\)")
REPLAYED = (rf"A decode step replayed without the host \(a CUDA graph or a compiled step\) is left out of the fit: on "
            rf"the (?P<dev>{DEV}), even without the fixed cost, the model misses it by (?P<error>{N})%")
FIT_NONE = r"No device of this build has enough measurements to fit the model"
THRESHOLD_MATVEC = (rf"On the (?P<dev>{DEV}), B @ a is limited by the fixed cost below m ≈ (?P<m>{N}), where its "
                    rf"(?P<bytes>{DBYTES}) take one call's (?P<op>{TIME}) at (?P<bw>{RATE}), and by bandwidth above")
THRESHOLD_MATMUL = (rf"(?P<dtype>{DTYPE}) A @ B on the (?P<dev>{DEV}) turns from fixed-cost-bound to "
                    rf"(?P<after>compute|bandwidth)-bound at m ≈ (?P<m>{N})(?:, then (?P<after2>compute|bandwidth)"
                    rf"-bound from m ≈ (?P<m2>{N}))?")
CONFLICTS_NONE = r"No cited figure is above what the spec sheet allows its chip"
CONFLICTS = rf"Above what the spec sheet allows, so the figure or the sheet is wrong: (?P<items>.+?){END}"
CONFLICT = (rf"(?P<value>{N}) (?P<unit>GB/s|TFLOP/s|tokens/s) on the (?P<chip>{CHIP}) \((?P<source>[^()]+)\), "
            rf"against a bound of (?P<bound>{N}) (?P<bunit>GB/s|TFLOP/s|tokens/s)")
CHECKS_NONE = r"No cited figure can be compared with a prediction in this build"
SOURCE = (rf"(?P<source>[\w.-]+/[\w.-]+): (?P<n>{N}) figures?, off by (?P<median>{N})% in the median and "
          rf"(?P<worst>{N})% at worst; (?:outside the predicted range on the (?P<misses>.+?)|each inside its "
          rf"predicted range)(?=\.(?: |$))")
ANSWER_ERROR = (rf"Against (?P<checks>{N}) published measurements of (?P<chips>{N}) chips? from (?P<sources>{N}) "
                rf"sources?, the predictions are off by (?P<median>{N})% in the median and by (?P<worst>{N})% at "
                rf"worst, and (?P<misses>{N}) of the measurements lies? outside the predicted range")
ANSWER_CROSSOVER = (rf"an Apple GPU beats its own CPU at B @ a only above a crossover that ranges from m ≈ "
                    rf"(?P<low>{N}) on the (?P<low_chip>{CHIP}) to m ≈ (?P<high>{N}) on the (?P<high_chip>{CHIP})\. "
                    rf"Below it, the GPU's fixed cost of about (?P<gpu_op>{TIME}) per operation, against "
                    rf"(?P<cpu_op>{TIME}) on the CPU, outweighs the work")
ANSWER_MATMUL = (rf"At float32 matrix products of m = (?P<m>{N}), (?:the GPU is predicted to (?:run "
                 rf"(?P<low>{N})× as fast as the CPU on the (?P<low_chip>{CHIP}) and (?P<high>{N})× as fast|be "
                 rf"(?P<glow>{N})× faster than "
                 rf"the CPU on the (?P<glow_chip>{CHIP}) and (?P<ghigh>{N})× faster)|the CPU is predicted to be "
                 rf"(?:(?P<mlow>{N})× faster than the GPU on the (?P<mlow_chip>{CHIP}), and the GPU (?P<mhigh>{N})× "
                 rf"faster|faster on every chip: (?P<clow>{N})× faster on the (?P<clow_chip>{CHIP}) to "
                 rf"(?P<chigh>{N})×)) "
                 rf"on the (?P<high_chip>{CHIP})")
ANSWER_DECODE = (rf"A 7-billion-parameter model in 16-bit weights, run eagerly in PyTorch, would generate "
                 rf"(?P<eager_low>{N}) to (?P<eager_high>{N}) tokens per second, against the (?P<bound_low>{N}) to "
                 rf"(?P<bound_high>{N}) that reading every weight once allows; the fixed cost per operation is the "
                 rf"larger part of a step on (?:(?P<limited>{N}) of the|one of the) (?P<variants>{N}) chip variants "
                 rf"whose memory holds it")
ANSWER_NONE = (r"The model has no predictions for Apple chips in this build: none of its devices had enough "
               r"measurements to fit it")
ANSWER_MAC = (rf"This build ran on the (?P<chip>{CHIP})(?: \((?P<cores>\d+)-core GPU\))?, and the model predicted "
              rf"this chip before it measured: ")
MAC_COPY = (rf"a plain copy on the GPU reached (?P<copy>{RATE}) \(predicted (?P<predicted>{RATE}), range "
            rf"(?P<low>{RATE}) to (?P<high>{RATE})\)")
MAC_RATE = (rf"float32 matrix products on the GPU reached (?P<rate>{RATE}) at best \(predicted (?P<predicted>{RATE}), "
            rf"range (?P<low>{RATE}) to (?P<high>{RATE})\)")
MAC_CROSS = (rf"B @ a on the GPU (?:beat the CPU from m = (?P<cross>{N}) on|(?P<never>was not shown to beat the "
             rf"CPU from any size on)) \(predicted from m ≈ (?P<predicted>{N}), range (?P<low>{N}) to (?P<high>{N})\)")
RULE_FIXED = (rf"First, the fixed cost: on this build's (?P<dev>{DEV}) every operation costs about (?P<op>{TIME}) "
              rf"whatever it does, so a call that moves fewer than (?P<bytes>{DBYTES}) \(what (?P<bw>{RATE}) moves in "
              rf"that time\) pays for the call, not for the work; B @ a crosses that line at m ≈ (?P<m>{N})\. On a "
              rf"Mac, by the model, the GPU pays (?P<gpu_op>{TIME}) per operation and the CPU (?P<cpu_op>{TIME})")
RULE_MEMORY = (rf"Second, unified memory: on a Mac the CPU and the GPU read the same memory, so work limited by "
               rf"bandwidth gains at most what the GPU reaches over what the CPU reaches: (?P<gpu_share>{N})% of the "
               rf"spec bandwidth against (?P<cpu_share>{N})% in the median of the published copies, (?P<ratio>{N})×")
RULE_MAC = (rf"Third, on a Mac: put work like B @ a on mps only from m ≈ (?P<cross>{N}) on \(the median chip variant; "
            rf"from (?P<low>{N}) on the (?P<low_chip>{CHIP}) to (?P<high>{N}) on the (?P<high_chip>{CHIP})\); batch "
            rf"small calls until each moves more than (?P<mac_bytes>{DBYTES}), what the median variant's GPU reads in "
            rf"one operation's fixed cost; and for text, eager PyTorch pays (?P<gpu_op>{TIME}) for each of about "
            rf"(?P<ops>{N}) operations per token \((?P<overhead>{TIME}) per token of a 7B model\)\. That is the "
            rf"larger part of a token on (?P<limited>{N}) of the (?P<variants>{N}) chip variants that hold such a "
            rf"model")
POST = (rf"For the post's M1 Pro, the model puts one B @ a at m = (?P<m>{N}) at no less than (?P<device_time>{TIME}) "
        rf"on the GPU \((?P<moved>{DBYTES}) at the (?P<bw>{RATE}) a copy reaches there\), while calling it costs the "
        rf"host (?P<host_low>{TIME}) to (?P<host_high>{TIME}) \(the per-call times published for that chip\)\. From "
        rf"m ≈ (?P<from_m>{N}) on, the device time exceeds even the larger of those, so naive timeit returns before "
        rf"the GPU has finished: there a total for (?P<calls>{N}) products under (?P<total>{TIME}) at m = (?P<m2>{N}) "
        rf"can only be the time to queue them")
POST_NONE = (r"The model cannot say how long the post's M1 Pro needs for B @ a: the spec sheet or the published copies "
             r"lack the chip")

#: (name, pattern, checker): the model's rows of tests.oracle.CLAIM_TABLE.
MODEL_CLAIM_TABLE: list[tuple[str, str, str]] = [
    ("model.fit.device", FIT, "check_model_fit"),
    ("model.fit.choice", CHOICE, "check_model_choice"),
    ("model.fit.replayed", REPLAYED, "check_model_replayed"),
    ("model.fit.none", FIT_NONE, "check_model_fit_none"),
    ("model.threshold.matvec", THRESHOLD_MATVEC, "check_model_threshold_matvec"),
    ("model.threshold.matmul", THRESHOLD_MATMUL, "check_model_threshold_matmul"),
    ("model.checks.conflicts.none", CONFLICTS_NONE, "check_model_conflicts_none"),
    ("model.checks.conflicts", CONFLICTS, "check_model_conflicts"),
    ("model.checks.none", CHECKS_NONE, "check_model_checks_none"),
    ("model.checks.source", SOURCE, "check_model_source"),
    ("model.answer.error", ANSWER_ERROR, "check_model_answer_error"),
    ("model.answer.crossover", ANSWER_CROSSOVER, "check_model_answer_crossover"),
    ("model.answer.matmul", ANSWER_MATMUL, "check_model_answer_matmul"),
    ("model.answer.decode", ANSWER_DECODE, "check_model_answer_decode"),
    ("model.answer.none", ANSWER_NONE, "check_model_answer_none"),
    ("model.answer.mac", ANSWER_MAC + rf"(?P<items>.+?){END}", "check_model_answer_mac"),
    ("model.rule.fixed", RULE_FIXED, "check_model_rule_fixed"),
    ("model.rule.memory", RULE_MEMORY, "check_model_rule_memory"),
    ("model.rule.mac", RULE_MAC, "check_model_rule_mac"),
    ("model.post", POST, "check_model_post"),
    ("model.post.none", POST_NONE, "check_model_post_none"),
]


# -- the checkers ----------------------------------------------------------------------------------

def _device(c, name: str) -> str:
    return DEVICE_NAMES[name]


def _rates_of(text: str) -> dict[str, float]:
    return {d: rate(r) for r, d in re.findall(rf"({RATE}) in ({DTYPE})", text)}


def printed_fits(text: str) -> dict[str, Params]:
    """device -> the parameters the fit sentence of ``text`` prints."""
    return {DEVICE_NAMES[m["dev"]]: Params(seconds(m["op"]), rate(m["bw"]), _rates_of(m["rates"]))
            for m in re.finditer(FIT, text)}


def _chosen(text: str) -> dict[str, str]:
    """device -> the combination the choice sentence of ``text`` names."""
    return {DEVICE_NAMES[m["dev"]]: "sum" if m["sum"] else "max" for m in re.finditer(CHOICE, text)}


def combinations(c, device: str) -> list[str]:
    """The combinations a device's sentences may use: the one the text names for it; else the better of the
    oracle's own two fits (both, where they are within 1 % of each other)."""
    named = _chosen(c.text).get(device)
    if named:
        return [named]
    fits = {k: own_fit(c.oracle.results, device, k) for k in ("sum", "max")}
    if not all(fits.values()):
        return ["sum"]
    best = min(fits, key=lambda k: fits[k][1])
    return [k for k in fits if fits[k][1] <= fits[best][1] * 1.01 + 1e-12]


def parameters(c, device: str) -> Params | None:
    """The device's parameters as printed in the same text, else the oracle's own fit."""
    printed = printed_fits(c.text).get(device)
    if printed:
        return printed
    own = own_fit(c.oracle.results, device, combinations(c, device)[0])
    return own[0] if own else None


def _percent_close(printed: str, value: float, points: float = 3.0, relative: float = 0.0) -> bool:
    return abs(num(printed) - 100 * value) <= max(points, relative * 100 * value) + resolution(printed) / 2


def check_model_fit(m: re.Match, c) -> None:
    device = _device(c, m["dev"])
    results = c.oracle.results
    calls = fitted(results, device)
    if int(num(m["points"])) != len(calls):
        c.fail(f"{m['points']} points on the {m['dev']}, but it has {len(calls)} modelled, non-replayed points")
    if len(calls) < 3:
        c.fail(f"a fit of the {m['dev']} from {len(calls)} points")
        return
    params = Params(seconds(m["op"]), rate(m["bw"]), _rates_of(m["rates"]))
    wanted = set(envelope(calls).F)
    if set(params.F) != wanted:
        c.fail(f"rates in {sorted(params.F)}, but the points have flops in {sorted(wanted)}")
        return
    tried = []
    for combination in combinations(c, device):
        median, worst = errors(calls, params, combination)
        tried.append(f"{combination}: median {100 * median:.3g}%, worst {100 * worst:.3g}%")
        if _percent_close(m["median"], median) and _percent_close(m["worst"], worst, relative=0.05):
            break
    else:
        c.fail(f"within {m['median']}% in the median, {m['worst']}% at worst, but the printed parameters give "
               + "; ".join(tried))
    combination = combinations(c, device)[0]
    mine = rms(calls, params, combination)
    start = rms(calls, envelope(calls), combination)
    if mine > start * 1.01 + 1e-9:
        c.fail(f"the printed parameters (RMS log error {mine:.4f}) fit worse than the envelope ({start:.4f})")
    own = own_fit(results, device, combination)
    if own and mine > own[1] * 1.02 + 1e-3:
        c.fail(f"the printed parameters (RMS log error {mine:.4f}) fit worse than the oracle's own {combination} "
               f"fit ({own[1]:.4f})")


def check_model_choice(m: re.Match, c) -> None:
    device = _device(c, m["dev"])
    chosen_combination = "sum" if m["sum"] else "max"
    other_combination = "max" if m["sum"] else "sum"
    chosen, other = (m["chosen"], m["other"]) if m["sum"] else (m["chosen2"], m["other2"])
    calls = fitted(c.oracle.results, device)
    if num(chosen) > num(other):
        c.fail(f"the {chosen_combination} is said to fit better, but its factor {chosen}× is the larger")
    params = printed_fits(c.text).get(device)
    if params is None:
        own = own_fit(c.oracle.results, device, chosen_combination)
        params = own[0] if own else None
    if params is None or len(calls) < 3:
        c.fail(f"no fit of the {m['dev']} to tie the factors to")
        return
    factor = math.exp(rms(calls, params, chosen_combination))
    if not near(num(chosen), factor, 0.03):
        c.fail(f"a typical point {chosen}× off with the {chosen_combination}, but the printed parameters give "
               f"{factor:.3f}×")
    mine = own_fit(c.oracle.results, device, other_combination)
    if mine and not near(num(other), math.exp(mine[1]), 0.03):
        c.fail(f"{other}× off with the {other_combination}, but the oracle's own fit of it gives "
               f"{math.exp(mine[1]):.3f}×")
    best = own_fit(c.oracle.results, device, chosen_combination)
    if best and mine and best[1] > mine[1] * 1.005 + 1e-9:
        c.fail(f"the {chosen_combination} is said to fit better, but the oracle's fits give "
               f"{math.exp(best[1]):.3f}× against {math.exp(mine[1]):.3f}× with the {other_combination}")


def check_model_replayed(m: re.Match, c) -> None:
    device = _device(c, m["dev"])
    replayed = [k for k in calls_of(c.oracle.results, device) if k.replayed]
    params = parameters(c, device)
    if not replayed or params is None:
        c.fail(f"a replayed step on the {m['dev']}, but it has none (or no fit)")
        return
    found = [abs(params.predict(k, combination, with_ops=False) / k.seconds - 1) for k in replayed
             for combination in combinations(c, device)]
    if not any(_percent_close(m["error"], e) for e in found):
        c.fail(f"the replayed step predicted {m['error']}% off, but the parameters give "
               + ", ".join(f"{100 * e:.3g}%" for e in found))


def check_model_fit_none(m: re.Match, c) -> None:
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


def _held(c, device: str, m: re.Match, params: Params) -> Params | None:
    """The sentence's fixed cost and bandwidth, with rates: those the same text prints (then the two must be its
    fit's), else the best for the two held as printed, which must fit within 2 % of the oracle's own fit."""
    op, bw = seconds(m["op"]), rate(m["bw"])
    if device in printed_fits(c.text):
        if not (matches(m["op"], params.c, TIME_UNITS) and matches(m["bw"], params.B, RATE_UNITS)):
            c.fail(f"{m['op']} at {m['bw']}, but the fit sentence prints {params.c:.4g} s at "
                   f"{params.B / 1e9:.4g} GB/s")
        return Params(op, bw, params.F)
    # Where the two combinations fit within 1 % of each other, the printed parameters may be either one's fit.
    tried = []
    for combination in combinations(c, device):
        own, held = own_fit(c.oracle.results, device, combination), with_fixed(c.oracle.results, device,
                                                                              combination, op, bw)
        if own is None or held is None:
            continue
        if held[1] <= own[1] * 1.02 + 1e-3:
            return held[0]
        tried.append(f"{combination}: at best an RMS log error of {held[1]:.4f}, against {own[1]:.4f} for the "
                     f"oracle's own ({own[0].c:.4g} s at {own[0].B / 1e9:.4g} GB/s)")
    if not tried:
        c.fail(f"no fit of the {m['dev']}")
        return None
    c.fail(f"{m['op']} at {m['bw']} is no fit of the {m['dev']}: " + "; ".join(tried))
    return None


def _about(printed: str, value: float) -> bool:
    """A size printed to two significant figures from the first size of a 2^(1/16) grid at or past ``value``."""
    return value * (1 - SLACK) <= num(printed) <= value * GRID * (1 + SLACK)


def check_model_threshold_matvec(m: re.Match, c) -> None:
    device = _device(c, m["dev"])
    params = parameters(c, device)
    if params is None:
        c.fail(f"no fit of the {m['dev']}")
        return
    printed = _held(c, device, m, params)
    if printed is None:
        return
    at = matvec_threshold(printed)
    if at is None:
        c.fail(f"B @ a on the {m['dev']} is never limited by bandwidth with these parameters")
        return
    if not _about(m["m"], at):
        c.fail(f"the fixed cost limits B @ a below m ≈ {m['m']}, but the parameters put the change at m = {at:.4g}")
    if device in printed_fits(c.text) and matvec_after(printed, at) != "bandwidth":
        c.fail(f"bandwidth limits B @ a above m ≈ {m['m']}, but the printed rate makes it compute-bound")
    moved, unit = quantity(m["bytes"], BYTE_UNITS)
    least = 4 * (at * at + 2 * at)
    if not least * 0.99 - unit <= moved <= 4 * ((at * GRID) ** 2 + 2 * at * GRID) * 1.01 + unit:
        c.fail(f"its {m['bytes']} at the threshold, but B @ a moves {least:.4g} bytes there")
    if not near(moved, 4 * (num(m["m"]) ** 2 + 2 * num(m["m"])), 0.13):
        c.fail(f"{m['bytes']} is not what B @ a moves at m ≈ {m['m']}")


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


def _matvec_printed(text: str) -> dict[str, tuple[float, float]]:
    return {DEVICE_NAMES[t["dev"]]: (seconds(t["op"]), rate(t["bw"])) for t in re.finditer(THRESHOLD_MATVEC, text)}


def check_model_threshold_matmul(m: re.Match, c) -> None:
    device, dtype = _device(c, m["dev"]), m["dtype"]
    params = parameters(c, device)
    if params is None or dtype not in params.F:
        c.fail(f"no fitted rate of the {m['dev']} in {dtype}")
        return
    if device in _matvec_printed(c.text) and device not in printed_fits(c.text):
        fixed, bandwidth = _matvec_printed(c.text)[device]
        held = with_fixed(c.oracle.results, device, combinations(c, device)[0], fixed, bandwidth)
        params = held[0] if held else Params(fixed, bandwidth, params.F)
    regimes = matmul_regimes(params, dtype)
    changes = regimes[1:]
    if regimes[0][1] != "fixed" or not changes:
        c.fail(f"{dtype} A @ B on the {m['dev']} is {regimes[0][1]}-bound from the start, never turning")
        return
    (at, after) = changes[0]
    if after != m["after"] or not _about(m["m"], at / GRID * 1.0000001):
        c.fail(f"turns to {m['after']}-bound at m ≈ {m['m']}, but the parameters turn it {after}-bound at "
               f"m = {at:.4g}")
    if m["after2"]:
        if len(changes) < 2:
            c.fail(f"then {m['after2']}-bound from m ≈ {m['m2']}, but it stays {after}-bound")
        elif changes[1][1] != m["after2"] or not _about(m["m2"], changes[1][0] / GRID * 1.0000001):
            c.fail(f"then {m['after2']}-bound from m ≈ {m['m2']}, but the parameters turn it {changes[1][1]}-bound "
                   f"at m = {changes[1][0]:.4g}")
    elif len(changes) > 1 and changes[1][0] < 65536:
        c.fail(f"a second change, to {changes[1][1]}-bound at m = {changes[1][0]:.4g}, is left out")


def _conflict_text(row: dict[str, str]) -> str:
    return f"{row['value']} {row['unit']} on the {row['chip']} ({source_of(row)})"


def check_model_conflicts_none(m: re.Match, c) -> None:
    found = conflicts()
    if found:
        c.fail("no cited figure above the spec sheet, but " + "; ".join(_conflict_text(r) for r in found))


def check_model_conflicts(m: re.Match, c) -> None:
    found = conflicts()
    listed = list(re.finditer(CONFLICT, m["items"]))
    if not listed:
        c.fail(f"conflicts listed in a form the oracle cannot read: {m['items']!r}")
    matched = set()
    for item in listed:
        hits = [i for i, r in enumerate(found) if r["chip"] == item["chip"] and r["unit"] == item["unit"] and
                near(float(r["value"]), num(item["value"]), 0.01) and item["unit"] == item["bunit"] and
                any(near(b, num(item["bound"]), 0.02) for b in bound_of(r)[2])]
        if not hits:
            c.fail(f"{item[0]!r} is not a cited figure above its bound")
        matched.update(hits)
    left = [r for i, r in enumerate(found) if i not in matched]
    if left:
        c.fail("conflicts left out: " + "; ".join(_conflict_text(r) for r in left))


def check_model_checks_none(m: re.Match, c) -> None:
    _exact(c, lambda p: [f"no cited figure can be compared, but {len(_with_error(p))} have a prediction"]
           if _with_error(p) else [])


def _exact(c, check) -> None:
    """``check(predictor)`` lists a sentence's problems against one of the build's predictors; the sentence is
    true where one of them (one combination of the three terms) gives none."""
    tried = [check(p) for p in predictors(c.oracle.results)]
    if all(tried):
        for problem in tried[0]:
            c.fail(problem)


def _percent(printed: str, value: float) -> bool:
    return rounds_to(printed, 100 * value)


def _with_error(p: Predictor) -> list[Check]:
    return [k for k in p.checks if k.error is not None]


def check_model_source(m: re.Match, c) -> None:
    if num(m["median"]) > num(m["worst"]):
        c.fail(f"a median error {m['median']}% above the worst {m['worst']}%")
    named = re.findall(CHIP, m["misses"]) if m["misses"] else []
    if m["misses"] and not named:
        c.fail(f"misses on {m['misses']!r}, which names no chip")

    def check(p: Predictor) -> list[str]:
        found = sources_of(p.checks).get(m["source"])
        if found is None:
            return [f"{m['source']}: no cited figure of that source has a prediction"]
        problems = []
        if int(num(m["n"])) != found["n"]:
            problems.append(f"{m['n']} figures from {m['source']}, but {found['n']} of its rows have a prediction")
        for key in ("median", "worst"):
            if not _percent(m[key], found[key]):
                problems.append(f"{m['source']} off by {m[key]}% ({key}), but the predictions are off by "
                                f"{100 * found[key]:.4g}%")
        if named != found["misses"]:
            problems.append(f"{m['source']}'s misses on {named or 'none'}, but the predictions miss on "
                            f"{found['misses'] or 'none'}")
        total = sum(int(num(s["n"])) for s in re.finditer(SOURCE, c.text))
        if total != len(_with_error(p)):
            problems.append(f"the sources' figures add up to {total}, but {len(_with_error(p))} rows have a "
                            f"prediction")
        return problems
    _exact(c, check)


def check_model_answer_error(m: re.Match, c) -> None:
    if num(m["median"]) > num(m["worst"]):
        c.fail(f"a median error {m['median']}% above the worst {m['worst']}%")

    def check(p: Predictor) -> list[str]:
        ks = _with_error(p)
        if not ks:
            return ["an error over published measurements, but none has a prediction"]
        found = {"checks": len(ks), "chips": len({k.row["chip"] for k in ks}),
                 "sources": len({source_of(k.row) for k in ks}), "misses": sum(k.miss for k in ks)}
        problems = [f"{m[key]} {key}, but the predictions give {value}" for key, value in found.items()
                    if int(num(m[key])) != value]
        errors_ = [abs(k.error) for k in ks]
        for key, value in (("median", statistics.median(errors_)), ("worst", max(errors_))):
            if not _percent(m[key], value):
                problems.append(f"off by {m[key]}% ({key}), but the predictions are off by {100 * value:.4g}%")
        return problems
    _exact(c, check)


def _op_medians(c, gpu: str, cpu: str | None) -> None:
    for name, printed, framework in (("the GPU's", gpu, "PyTorch MPS"), ("the CPU's", cpu, "PyTorch CPU")):
        if printed is None:
            continue
        rows = op_rows(framework)
        if not rows or not matches(printed, statistics.median(rows), TIME_UNITS):
            c.fail(f"{name} fixed cost {printed}, but the median of the cited {framework} operations is "
                   f"{statistics.median(rows) if rows else None}")


def _chips_of_sheet(c, *names: str) -> None:
    for name in names:
        if name not in chips():
            c.fail(f"the {name} is not a chip of the spec sheet")


def _extremes(p: Predictor, name: str, what: str, low: tuple[str, str], high: tuple[str, str],
              shown=sized) -> list[str]:
    """The printed (value, chip) of the least and the largest variant against the predictor's."""
    found = p.extremes(name)
    if found is None:
        return [f"{what}: no chip variant has a prediction"]
    problems = []
    for side, (printed, chip), (value, mine) in (("least", low, found[0]), ("largest", high, found[1])):
        if not shown(printed, value) or chip != mine:
            problems.append(f"{what}: the {side} is {printed} on the {chip}, but the predictions give {value:.4g} "
                            f"on the {mine}")
    return problems


def check_model_answer_crossover(m: re.Match, c) -> None:
    _chips_of_sheet(c, m["low_chip"], m["high_chip"])
    if num(m["low"]) > num(m["high"]):
        c.fail(f"the lowest crossover m ≈ {m['low']} is above the highest, m ≈ {m['high']}")
    _op_medians(c, m["gpu_op"], m["cpu_op"])
    _exact(c, lambda p: _extremes(p, "crossover", "B @ a's crossover", (m["low"], m["low_chip"]),
                                  (m["high"], m["high_chip"])))


def check_model_answer_matmul(m: re.Match, c) -> None:
    form = next(f for f in ("", "g", "m", "c") if m[f"{f}low"])
    low, high = m[f"{form}low"], m[f"{form}high"]
    _chips_of_sheet(c, m[f"{form}low_chip"], m["high_chip"])
    if form in ("", "g") and num(low) > num(high):
        c.fail(f"the least factor {low}× is above the largest {high}×")
    if form and "1.0" in (low, high):
        c.fail("a factor of 1.0× cannot say which side is faster")
    if form == "g" and num(low) < 1:
        c.fail(f"'{low}× faster' is a slowdown")
    at = int(num(m["m"]))
    if at not in (1024, 4096):
        c.fail(f"A @ B at m = {m['m']}, a size the model does not predict")
        return
    printed = (low, m[f"{form}low_chip"]), (high, m["high_chip"])

    def check(p: Predictor) -> list[str]:
        found = p.extremes(f"speedup_float32_{at}")
        if found is None:
            return [f"A @ B at m = {at}: no chip variant has a prediction"]
        (least, _), (most, _) = found
        what = f"A @ B's speed-up at m = {at}"
        if form in ("", "g"):
            problems = [] if least >= 1 else [f"{what}: the GPU faster on every chip, but the least is {least:.4g}×"]
            return problems + _extremes(p, f"speedup_float32_{at}", what, *printed, shown=rounds_to)
        if form == "m":
            if not least < 1 < most:
                return [f"{what}: the CPU faster on one chip and the GPU on another, but the predictions run "
                        f"{least:.4g}× to {most:.4g}×"]
            return _mixed(p, at, what, printed)
        if most >= 1:
            return [f"{what}: the CPU faster on every chip, but the GPU is {most:.4g}× as fast on one"]
        return _cpu_everywhere(found, what, printed)
    _exact(c, check)


def _mixed(p: Predictor, at: int, what: str, printed) -> list[str]:
    """'the CPU L× faster on the X, and the GPU H× faster on the Y': L of 1 / the least, H the largest."""
    (least, least_chip), (most, most_chip) = p.extremes(f"speedup_float32_{at}")
    (low, low_chip), (high, high_chip) = printed
    problems = []
    if not rounds_to(low, 1 / least) or low_chip != least_chip:
        problems.append(f"{what}: the CPU {low}× faster on the {low_chip}, but the predictions give "
                        f"{1 / least:.4g}× on the {least_chip}")
    if not rounds_to(high, most) or high_chip != most_chip:
        problems.append(f"{what}: the GPU {high}× faster on the {high_chip}, but the predictions give {most:.4g}× "
                        f"on the {most_chip}")
    return problems


def _cpu_everywhere(found, what: str, printed) -> list[str]:
    """'the CPU faster on every chip: L× on the X to H× on the Y': the CPU's factors (1 / the speed-up) at the two
    extremes, in either order."""
    ends = [(1 / value, chip) for value, chip in found]
    for order in (ends, ends[::-1]):
        if all(rounds_to(p, v) and chip == mine for (p, chip), (v, mine) in zip(printed, order, strict=True)):
            return []
    return [f"{what}: the CPU {printed[0][0]}× to {printed[1][0]}× faster, but the predictions give "
            + " and ".join(f"{v:.4g}× on the {chip}" for v, chip in ends)]


def check_model_answer_decode(m: re.Match, c) -> None:
    eager, bound = (num(m["eager_low"]), num(m["eager_high"])), (num(m["bound_low"]), num(m["bound_high"]))
    if eager[0] > eager[1] or bound[0] > bound[1] or eager[0] > bound[0] * 1.01 or eager[1] > bound[1] * 1.01:
        c.fail(f"eager {eager} against the bound {bound}: eager cannot pass the bound, nor low pass high")
    holding = sum(1 for s in spec() if _holds(s, 2 * ANSWER_7B_PARAMETERS))
    if int(num(m["variants"])) != holding:
        c.fail(f"{m['variants']} chip variants hold a 7B model in 16-bit weights, but by the spec sheet {holding} do")
    if m["limited"] and num(m["limited"]) > num(m["variants"]):
        c.fail(f"{m['limited']} of {m['variants']} variants")
    if not _eager_decoder(c.oracle.results):
        c.fail("an eager prediction, but the build's decoder recorded no count of operations")

    def shown(printed: str, value: float) -> bool:
        return rounds_to(printed, value) or sized(printed, value)

    def check(p: Predictor) -> list[str]:
        problems = []
        for name, what in (("eager_7B_16-bit", "eager"), ("bound_7B_16-bit", "bound")):
            found = p.extremes(name)
            if found is None:
                problems.append(f"the {what} tokens per second of a 7B model, but no variant has a prediction")
                continue
            for printed, (value, _) in zip((m[f"{what}_low"], m[f"{what}_high"]), found, strict=True):
                if not shown(printed, value):
                    problems.append(f"the {what} tokens per second {printed}, but the predictions give {value:.4g}")
        limited = 0
        for _, v in p.variants:
            e, b = v["eager_7B_16-bit"], v["bound_7B_16-bit"]
            if e and b and e[0] is not None and b[0] is not None:
                limited += (1 / e[0] > 2 / b[0]) if p.combination == "sum" else (e[0] < b[0])
        said = int(num(m["limited"])) if m["limited"] else 1
        if said != limited:
            problems.append(f"the fixed cost the larger part on {said} variants, but the predictions give {limited}")
        return problems
    _exact(c, check)


def check_model_answer_none(m: re.Match, c) -> None:
    check_model_fit_none(m, c)


def _best_rate(c, workload: str, amount: str, **params) -> float | None:
    rates = [getattr(p, amount) / p.median_s for p in c.oracle.results.points if p.device == "mps" and
             p.workload == workload and p.method == "engine" and p.ok and getattr(p, amount) and
             all(p.params.get(k) == v for k, v in params.items())]
    return max(rates, default=None)


#: What each item of a Mac's answer predicts: the variant's prediction, and how a printed one is read.
MAC_PREDICTED = {MAC_COPY: ("copy", "a plain copy", lambda printed, value: matches(printed, value, RATE_UNITS), 1e9,
                           " GB/s"),
                 MAC_RATE: ("fp32", "float32 products", lambda printed, value: matches(printed, value, RATE_UNITS),
                            1e12, " TFLOP/s"),
                 MAC_CROSS: ("crossover", "B @ a's crossover", sized, 1.0, "")}


def _mac_predicted(c, row: dict[str, str] | None, pattern: str, item: re.Match) -> None:
    """A Mac's predicted value and its range, against the oracle's predictions for its spec row."""
    if row is None:
        return
    name, what, shown, scale, unit = MAC_PREDICTED[pattern]

    def check(p: Predictor) -> list[str]:
        found = p.variant(row)[name]
        if found is None or found[0] is None:
            return [f"{what} predicted {item['predicted']}, but the model has no prediction for the chip"]
        return [f"{what} {key} {item[key]}, but the predictions give {value / scale:.4g}{unit}"
                for key, value in zip(("predicted", "low", "high"), found, strict=True) if not shown(item[key], value)]
    _exact(c, check)


def check_model_answer_mac(m: re.Match, c) -> None:
    mac = c.oracle.results.environment.get("mac") or {}
    chip = mac.get("chip") or c.oracle.results.environment.get("cpu")
    if m["chip"] != chip or (m["cores"] and int(m["cores"]) != mac.get("gpu_cores")):
        c.fail(f"ran on the {m['chip']} ({m['cores']} GPU cores), but the build's is {chip!r} "
               f"({mac.get('gpu_cores')})")
    rows = [s for s in spec() if s["chip"] == m["chip"] and (not m["cores"] or s["gpu_cores"] == m["cores"])]
    mac_row = rows[0] if len(rows) == 1 else None
    if mac_row is None:
        c.fail(f"the {m['chip']} ({m['cores']} GPU cores) is no one row of the spec sheet")
    read = 0
    for pattern in (MAC_COPY, MAC_RATE, MAC_CROSS):
        for item in re.finditer(pattern, m["items"]):
            read += 1
            value = rate if pattern != MAC_CROSS else num
            low, high, predicted = value(item["low"]), value(item["high"]), value(item["predicted"])
            if not low * (1 - 1e-9) <= predicted <= high * (1 + 1e-9):
                c.fail(f"a prediction {item['predicted']} outside its own range {item['low']} to {item['high']}")
            _mac_predicted(c, mac_row, pattern, item)
            if pattern == MAC_COPY:
                copies = [p for p in c.oracle.results.points if p.device == "mps" and p.workload == "copy" and
                          p.method == "engine" and p.ok and p.bytes_moved]
                largest = max((p.bytes_moved for p in copies), default=None)
                rates = [p.bytes_moved / p.median_s for p in copies if p.bytes_moved == largest]
                if not any(matches(item["copy"], r, RATE_UNITS) for r in rates):
                    c.fail(f"the copy reached {item['copy']}, but the build's largest copy reads "
                           f"{[f'{r / 1e9:.4g}' for r in rates]} GB/s")
            elif pattern == MAC_RATE:
                best = _best_rate(c, "matmul", "flops", dtype="float32")
                if best is None or not matches(item["rate"], best, RATE_UNITS):
                    c.fail(f"float32 products reached {item['rate']}, but the build's best is {best}")
            else:
                pairs = c.oracle.compare("matvec")
                common = pairs.common()
                if item["never"]:
                    if common and pairs.can_be("faster", common[-1]) and \
                            all(pairs.directions(s) == {"faster"} for s in common[-1:]):
                        c.fail("'not shown to beat the CPU from any size on', but it is faster at the largest size")
                else:
                    said = int(num(item["cross"]))
                    above = [s for s in common if s >= said]
                    if said not in common or not all(pairs.can_be("faster", s) for s in above):
                        c.fail(f"B @ a beat the CPU from m = {item['cross']} on, but the points do not show it "
                               f"faster at every measured size from there ({pairs.what})")
    if read != len(re.findall(r"\(predicted", m["items"])):
        c.fail(f"items the oracle cannot read: {m['items']!r}")


def check_model_rule_fixed(m: re.Match, c) -> None:
    device = _device(c, m["dev"])
    results = c.oracle.results
    devices = [d for d in dict.fromkeys(p.device for p in results.points) if len(fitted(results, d)) >= 3]
    accelerators = [d for d in devices if d != "cpu"]
    if device != (accelerators or devices or [None])[0]:
        c.fail(f"'this build's {m['dev']}', but the build's device is {(accelerators or devices or [None])[0]}")
    params = parameters(c, device)
    if params is None:
        c.fail(f"no fit of the {m['dev']}")
        return
    op, bw = seconds(m["op"]), rate(m["bw"])
    if _held(c, device, m, params) is None:
        return
    moved = quantity(m["bytes"], BYTE_UNITS)[0]
    if not near(moved, op * bw, 0.01):
        c.fail(f"{m['bytes']} is not {m['op']} × {m['bw']} = {op * bw:.4g} bytes")
    at = matvec_threshold(Params(op, bw, params.F))
    if at is None or not _about(m["m"], at):
        c.fail(f"B @ a crosses the line at m ≈ {m['m']}, but the parameters put it at {at}")
    _op_medians(c, m["gpu_op"], m["cpu_op"])


def _share_printed(printed: str, values: list[float]) -> bool:
    return bool(values) and rounds_to(printed, 100 * statistics.median(values))


def check_model_rule_memory(m: re.Match, c) -> None:
    for name, framework in (("gpu_share", "PyTorch MPS"), ("cpu_share", "PyTorch CPU")):
        shares = copy_shares(framework)
        if not _share_printed(m[name], shares):
            c.fail(f"{m[name]}% for {framework}, but the median cited copy over its spec bandwidth is "
                   f"{100 * statistics.median(shares) if shares else None}%")
    gpu, cpu = num(m["gpu_share"]), num(m["cpu_share"])
    half = resolution(m["gpu_share"]) / 2, resolution(m["cpu_share"]) / 2
    low, high = (gpu - half[0]) / (cpu + half[1]), (gpu + half[0]) / max(cpu - half[1], 1e-9)
    r = num(m["ratio"])
    if not (low - resolution(m["ratio"]) / 2 <= r <= high + resolution(m["ratio"]) / 2) or r == 1.0 and gpu != cpu:
        c.fail(f"{m['ratio']}× is not {m['gpu_share']}% over {m['cpu_share']}%")


def check_model_rule_mac(m: re.Match, c) -> None:
    _chips_of_sheet(c, m["low_chip"], m["high_chip"])
    holding = sum(1 for s in spec() if _holds(s, 2 * ANSWER_7B_PARAMETERS))
    if int(num(m["variants"])) != holding:
        c.fail(f"{m['variants']} chip variants hold a 7B model in 16-bit weights, but by the spec sheet {holding} do")
    if not num(m["low"]) <= num(m["cross"]) <= num(m["high"]):
        c.fail(f"the median variant's m ≈ {m['cross']} is not between {m['low']} and {m['high']}")
    _op_medians(c, m["gpu_op"], None)
    if not near(seconds(m["overhead"]), num(m["ops"]) * seconds(m["gpu_op"]), 0.01):
        c.fail(f"{m['ops']} operations at {m['gpu_op']} are not {m['overhead']}")
    moved = quantity(m["mac_bytes"], BYTE_UNITS)[0]
    gpu_op = statistics.median(op_rows("PyTorch MPS"))
    bandwidths = [float(s["bandwidth_gb_s"]) * 1e9 for s in spec()]
    if not gpu_op * min(bandwidths) * 0.5 <= moved <= gpu_op * max(bandwidths):
        c.fail(f"{m['mac_bytes']} is not one GPU operation's time at a Mac's bandwidth")
    if not _eager_decoder(c.oracle.results):
        c.fail("operations per token, but the build's decoder recorded no count of operations")
    everything = assumptions(None)
    if "gpu_op_us" in everything and "gpu_bandwidth_share" in everything:
        median_bw = statistics.median(float(s["bandwidth_gb_s"]) for s in spec()) * 1e9
        mac_bytes = everything["gpu_op_us"][0] * 1e-6 * median_bw * everything["gpu_bandwidth_share"][0]
        if not matches(m["mac_bytes"], mac_bytes, BYTE_UNITS):
            c.fail(f"batch until a call moves {m['mac_bytes']}, but one GPU operation at the median variant's "
                   f"bandwidth and the median copy's share moves {mac_bytes:.4g} bytes")
    per_layer = ops_per_layer(c.oracle.results)
    if per_layer is None or int(num(m["ops"])) != round(per_layer * 32):
        c.fail(f"about {m['ops']} operations per token of a 7B model, but the build's decoder gives "
               f"{per_layer and per_layer * 32}")
    elif gpu_op and not matches(m["overhead"], round(per_layer * 32) * gpu_op, TIME_UNITS):
        c.fail(f"{m['overhead']} per token, but {round(per_layer * 32)} operations at {gpu_op:.4g} s take "
               f"{round(per_layer * 32) * gpu_op:.4g} s")

    def check(p: Predictor) -> list[str]:
        crosses = [r[0] for _, v in p.variants if (r := v["crossover"]) and r[0] is not None]
        if not crosses:
            return ["a median crossover, but no chip variant has one"]
        problems = _extremes(p, "crossover", "B @ a's crossover on a Mac", (m["low"], m["low_chip"]),
                             (m["high"], m["high_chip"]))
        if not sized(m["cross"], statistics.median(crosses)):
            problems.append(f"the median variant's m ≈ {m['cross']}, but the predictions give "
                            f"{statistics.median(crosses):.4g}")
        limited = 0
        for _, v in p.variants:
            e, b = v["eager_7B_16-bit"], v["bound_7B_16-bit"]
            if e and b and e[0] is not None and b[0] is not None:
                limited += (1 / e[0] > 2 / b[0]) if p.combination == "sum" else (e[0] < b[0])
        if int(num(m["limited"])) != limited:
            problems.append(f"the fixed cost the larger part on {m['limited']} variants, but the predictions give "
                            f"{limited}")
        return problems
    _exact(c, check)


M1_PRO = "Apple M1 Pro"


def check_model_post(m: re.Match, c) -> None:
    at, bw = num(m["m"]), rate(m["bw"])
    if num(m["m2"]) != at:
        c.fail(f"the total is at m = {m['m2']}, the product at m = {m['m']}")
    moved = 4 * (at * at + 2 * at)
    if not matches(m["moved"], moved, BYTE_UNITS):
        c.fail(f"{m['moved']} moved, but B @ a at m = {m['m']} moves {moved:.4g} bytes")
    if not near(seconds(m["device_time"]), moved / bw, 0.01):
        c.fail(f"{m['device_time']} on the GPU, but {moved:.4g} bytes at {m['bw']} take {moved / bw:.4g} s")
    if not near(seconds(m["total"]), num(m["calls"]) * moved / bw, 0.01):
        c.fail(f"{m['calls']} products under {m['total']}, but they take {num(m['calls']) * moved / bw:.4g} s")
    mine = [float(r["value"]) * 1e-6 for r in cited() if r["chip"] == M1_PRO and r["workload"] == "op" and
            r["framework"] == "PyTorch MPS"]
    if not mine or not (matches(m["host_low"], min(mine), TIME_UNITS) and matches(m["host_high"], max(mine),
                                                                                   TIME_UNITS)):
        c.fail(f"the host's {m['host_low']} to {m['host_high']}, but the M1 Pro's cited GPU operations run "
               f"{min(mine, default=0):.3g} s to {max(mine, default=0):.3g} s")
    crossing = math.sqrt(seconds(m["host_high"]) * bw / 4)
    if not near(num(m["from_m"]), crossing, SLACK):
        c.fail(f"from m ≈ {m['from_m']}, but the device time passes {m['host_high']} at m ≈ {crossing:.4g}")
    sheet = [float(s["bandwidth_gb_s"]) * 1e9 for s in spec() if s["chip"] == M1_PRO]
    shares = copy_shares("PyTorch MPS", leave_out=M1_PRO)
    if not sheet or not shares or not matches(m["bw"], max(shares) * max(sheet), RATE_UNITS):
        c.fail(f"a copy reaches {m['bw']} on the M1 Pro, but the best share of the other chips' copies gives "
               f"{max(shares, default=0) * max(sheet, default=0) / 1e9:.4g} GB/s")


def check_model_post_none(m: re.Match, c) -> None:
    if any(s["chip"] == M1_PRO for s in spec()) and copy_shares("PyTorch MPS", leave_out=M1_PRO):
        c.fail("the spec sheet and the published copies have the M1 Pro, so the model can say it")
