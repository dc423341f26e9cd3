"""Apple's spec sheet as reference data: memory bandwidth and GPU FP32 peak per chip.

``mpsarticle/data/apple_chips.csv`` holds one row per Apple-silicon chip
variant (chip name and GPU core count, as ``sysctl`` and ``system_profiler``
report them): the memory bandwidth and the GPU's float32 peak, each with
its source and whether the figure is Apple's own, derived, or Apple's as another
source reports it (``reported``: no Apple page was reachable when it was added).

Derived FP32 peaks follow the usual rule for Apple GPUs: each GPU core has
128 float32 ALUs, each doing one fused multiply-add (2 FLOP) per clock, so
``peak = cores x 128 x 2 x clock``. Where Apple gives no figure and the
clock is not confirmed, the peak is left empty rather than guessed.

These are bounds from a data sheet, never measurements: a chip reaches a
share of them. :func:`mpsarticle.analysis.macs.shares` says how large a share
a results file reached; :func:`spec_bounds` gives the least time a
matrix-vector product can take at the spec bandwidth (the article's
spec-sheet comparisons).
"""

from __future__ import annotations

import csv
import functools
import io
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from mpsarticle.core.specs import MatVec

__all__ = ["ALUS_PER_CORE", "FIT_SHARE", "Chip", "SpecBound", "chip_of", "chips", "fits", "match_chip", "memory_bound",
           "spec_bounds"]

#: float32 ALUs per Apple GPU core, and FLOP per ALU per clock (a fused multiply-add).
ALUS_PER_CORE = 128
FLOP_PER_ALU_CLOCK = 2
DATA_FILE = "apple_chips.csv"


@dataclass(frozen=True)
class Chip:
    """One row of the spec sheet."""

    name: str
    gpu_cores: int
    bandwidth_gb_s: float
    #: ``apple``: Apple's own figure; ``derived``: computed (see ``note``); ``reported``: Apple's figure as the
    #: source (a report or a third party's data) gives it, not read at Apple.
    bandwidth_kind: str
    bandwidth_source: str
    #: Apple's own FP32 figure, where Apple gives one.
    apple_fp32_tflops: float | None
    gpu_clock_ghz: float | None
    fp32_source: str
    note: str
    #: The most unified memory the chip is sold with, in GB (``None``: not known); ``apple`` or ``reported``, as
    #: for the bandwidth, and where it was read.
    max_memory_gb: int | None = None
    memory_kind: str = ""
    memory_source: str = ""
    #: Every figure of the row comes from one third-party source that no other source read confirms (the
    #: ``single_source`` column is ``yes``): the tables mark the row.
    single_source: bool = False

    @property
    def fp32_tflops(self) -> float | None:
        """Apple's figure if there is one, else cores x 128 x 2 x clock, else ``None``."""
        if self.apple_fp32_tflops is not None:
            return self.apple_fp32_tflops
        if self.gpu_clock_ghz is None:
            return None
        return self.gpu_cores * ALUS_PER_CORE * FLOP_PER_ALU_CLOCK * self.gpu_clock_ghz / 1000

    @property
    def fp32_kind(self) -> str:
        """``apple``, ``derived`` or ``unknown``."""
        if self.apple_fp32_tflops is not None:
            return "apple"
        return "derived" if self.gpu_clock_ghz is not None else "unknown"

    @property
    def fp32_formula(self) -> str | None:
        if self.fp32_kind != "derived":
            return None
        return f"{self.gpu_cores} cores x {ALUS_PER_CORE} ALUs x {FLOP_PER_ALU_CLOCK} FLOP x {self.gpu_clock_ghz} GHz"

    @property
    def label(self) -> str:
        return f"{self.name} ({self.gpu_cores}-core GPU)"


def _optional(text: str) -> float | None:
    return float(text) if text.strip() else None


@functools.lru_cache(maxsize=1)
def chips() -> tuple[Chip, ...]:
    """Every row of the spec sheet, in the file's order (the A18 Pro of the MacBook Neo, then M1 to M6, base to
    Ultra)."""
    text = (resources.files("mpsarticle") / "data" / DATA_FILE).read_text(encoding="utf-8")
    return tuple(
        Chip(name=row["chip"], gpu_cores=int(row["gpu_cores"]), bandwidth_gb_s=float(row["bandwidth_gb_s"]),
             bandwidth_kind=row["bandwidth_kind"], bandwidth_source=row["bandwidth_source"],
             apple_fp32_tflops=_optional(row["fp32_tflops"]), gpu_clock_ghz=_optional(row["gpu_clock_ghz"]),
             fp32_source=row["fp32_source"], note=row["note"],
             max_memory_gb=int(row["max_memory_gb"]) if row["max_memory_gb"] else None,
             memory_kind=row["memory_kind"], memory_source=row["memory_source"],
             single_source=row["single_source"] == "yes")
        for row in csv.DictReader(io.StringIO(text))
    )


def match_chip(cpu_brand: str | None, gpu_cores: int | None) -> Chip | None:
    """The row for a chip as macOS names it (``Apple M1 Pro``) with this many GPU cores.

    Without a core count a chip is recognised only where it comes in one
    variant: two variants of one name can differ in bandwidth (M3 Max, M4 Max).
    """
    name = " ".join((cpu_brand or "").split())
    found = [chip for chip in chips() if chip.name == name]
    if gpu_cores is not None:
        found = [chip for chip in found if chip.gpu_cores == gpu_cores]
    return found[0] if len(found) == 1 else None


def chip_of(environment: Mapping[str, Any]) -> Chip | None:
    """The spec-sheet row of the machine an environment block describes (a Mac's ``mac`` block), if known."""
    mac = environment.get("mac")
    if not isinstance(mac, Mapping):
        return None
    gpu_cores = mac.get("gpu_cores")
    return match_chip(mac.get("chip") or environment.get("cpu"), gpu_cores if isinstance(gpu_cores, int) else None)


#: The share of a Mac's memory a model's weights may take and still be said to fit: a quarter is left to macOS,
#: the programs beside it and the model's own cache (an assumption of this article, not a measurement).
FIT_SHARE = 0.75


def memory_bound(chip: Chip) -> tuple[int | None, bool]:
    """The most memory a chip variant can have, in GB, and whether that is the variant's own figure: where it is
    not known, the largest known figure of a variant of the same chip, an upper bound (``None``: none known)."""
    if chip.max_memory_gb is not None:
        return chip.max_memory_gb, True
    known = [c.max_memory_gb for c in chips() if c.name == chip.name and c.max_memory_gb is not None]
    return (max(known) if known else None), False


def fits(chip: Chip, weights_bytes: float) -> bool:
    """Whether weights of this many bytes can fit the chip's memory (:data:`FIT_SHARE` of it); a chip whose
    largest memory is not known is given the benefit of the doubt."""
    memory = memory_bound(chip)[0]
    return memory is None or weights_bytes <= FIT_SHARE * memory * 1e9


@dataclass(frozen=True)
class SpecBound:
    """The least time one matrix-vector product of size m can take on a chip, by its spec sheet."""

    chip: Chip
    m: int
    bytes_moved: float
    flops: float
    #: Moving the bytes at the spec bandwidth.
    memory_s: float
    #: Doing the FLOPs at the spec FP32 peak (``None`` where the peak is unknown).
    compute_s: float | None

    @property
    def least_s(self) -> float:
        return max(self.memory_s, self.compute_s or 0.0)


def spec_bounds(chip: Chip, m: int) -> SpecBound:
    """Bounds for ``B @ a`` with B m x m in float32: read B and a once, write the result once."""
    workload = MatVec(m)
    moved, flops = workload.bytes_moved, workload.flops
    peak = chip.fp32_tflops
    return SpecBound(chip, m, moved, flops, moved / (chip.bandwidth_gb_s * 1e9),
                     flops / (peak * 1e12) if peak else None)

