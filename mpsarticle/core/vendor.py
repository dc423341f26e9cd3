"""Peaks that a GPU's vendor publishes, as reference data beside what a build measured on that GPU.

``mpsarticle/data/vendor_peaks.csv`` holds one row per published figure: the
GPU as PyTorch names it, the quantity (memory bandwidth, or an arithmetic
rate in one precision), its value and unit, the conditions it holds under
(``sxm``: the SXM board; ``sxm_dense``: the SXM board without 2:4 structured
sparsity, which the vendor's headline figures include), whose figure it is
(``reported``: the vendor's figure as another source gives it, because no
vendor page was reachable when it was added; ``vendor_page`` names the page
to check), the source it was read at, its licence and the date. These are
bounds, never measurements, and the article shows them in a table of their
own, never in a column beside this build's numbers.
"""

from __future__ import annotations

import csv
import functools
import io
from dataclasses import dataclass
from importlib import resources

__all__ = ["CONDITIONS", "QUANTITIES", "Peak", "peaks", "peaks_for"]

DATA_FILE = "vendor_peaks.csv"
#: The quantities and conditions a row may name (the catalogs word each one).
QUANTITIES = ("bandwidth", "fp32", "tf32_tensor", "fp16_tensor", "bf16_tensor")
CONDITIONS = ("sxm", "sxm_dense")


@dataclass(frozen=True)
class Peak:
    """One published figure: ``value`` ``unit`` of ``quantity`` on ``gpu``, under ``conditions``."""

    gpu: str
    quantity: str
    value: float
    unit: str
    conditions: str
    kind: str
    source: str
    vendor_page: str
    licence: str
    read: str


@functools.cache
def peaks() -> tuple[Peak, ...]:
    """Every row of the data file, checked: a known quantity and conditions, a positive value, an https source and
    vendor page, a licence (a ``ValueError`` names the row otherwise)."""
    text = resources.files("mpsarticle.data").joinpath(DATA_FILE).read_text(encoding="utf-8")
    found = []
    for number, row in enumerate(csv.DictReader(io.StringIO(text)), start=2):
        peak = Peak(row["gpu"], row["quantity"], float(row["value"]), row["unit"], row["conditions"], row["kind"],
                    row["source"], row["vendor_page"], row["licence"], row["read"])
        problems = [what for what, bad in (
            ("quantity", peak.quantity not in QUANTITIES), ("conditions", peak.conditions not in CONDITIONS),
            ("value", not peak.value > 0), ("source", not peak.source.startswith("https://")),
            ("vendor_page", not peak.vendor_page.startswith("https://")), ("licence", not peak.licence.strip()),
            ("unit", peak.unit not in ("GB/s", "TFLOP/s")), ("kind", peak.kind not in ("vendor", "reported")))
            if bad]
        if problems:
            raise ValueError(f"{DATA_FILE}, row {number}: bad {', '.join(problems)}")
        found.append(peak)
    return tuple(found)


def peaks_for(device_name: str) -> tuple[Peak, ...]:
    """The rows of the GPU exactly as PyTorch names it (``NVIDIA H200``): another board of the same chip, named
    otherwise (``NVIDIA H200 NVL``), has other peaks and must be listed itself."""
    name = device_name.strip()
    return tuple(p for p in peaks() if name == p.gpu)
