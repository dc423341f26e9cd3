"""How much of Apple's spec sheet a Mac reached: the measured ceilings over the sheet's bounds.

The spec sheet (:mod:`mpsarticle.core.specsheet`) holds bounds from a data
sheet, never measurements; this module sets this package's own measured
ceilings (:func:`mpsarticle.analysis.series.ceiling_gb_s`,
:func:`mpsarticle.analysis.series.peak_gflop_s`) against them.
"""

from __future__ import annotations

from mpsarticle.analysis.series import ceiling_gb_s, peak_gflop_s
from mpsarticle.core.specsheet import chip_of
from mpsarticle.results.model import ResultSet

__all__ = ["shares"]


def shares(results: ResultSet, device: str = "mps") -> dict[str, float | None] | None:
    """How much of its spec sheet the Mac of ``results`` reached, or ``None`` when the chip is not recognised.

    ``bandwidth``: the copy rate on ``device`` over the spec bandwidth (the
    copy at the largest size, the article's ceiling: smaller copies can be
    served from cache);
    ``fp32``: the best float32 matrix-product rate over the spec FP32 peak
    (``None`` where there is no measurement or no peak).
    """
    chip = chip_of(results.environment)
    if chip is None:
        return None
    copy = ceiling_gb_s(results, device)
    matmul = peak_gflop_s(results, device, "float32")
    peak = chip.fp32_tflops
    return {
        "bandwidth": copy / chip.bandwidth_gb_s if copy else None,
        "fp32": matmul / (peak * 1000) if matmul and peak else None,
        "copy_gb_s": copy,
        "matmul_gflop_s": matmul,
    }
