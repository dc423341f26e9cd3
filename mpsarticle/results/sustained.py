"""A sustained record's arithmetic: what one call does, a window's rate, burst against sustained.

Shared by the measuring (:mod:`mpsarticle.measure.sustained`, which writes the
``sustained`` block) and by :mod:`mpsarticle.results.validate`, which checks
a block from elsewhere against the same arithmetic; no torch.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Any

from mpsarticle.errors import MpsarticleError

__all__ = ["SustainedError", "amount_per_call", "summarise", "window_rate"]


class SustainedError(MpsarticleError, ValueError):
    """The sustained run cannot start or cannot be trusted (the message says why)."""


def amount_per_call(block: dict[str, Any]) -> float:
    """What one call does in the block's unit: bytes for GB/s, FLOPs for GFLOP/s."""
    return float((block.get("bytes_moved") if block["unit"] == "GB/s" else block.get("flops")) or 0)


def window_rate(amount: float, calls: int, seconds: float) -> float:
    """Rate of one window: ``amount`` (FLOPs or bytes per call) x calls / seconds, in giga-units per second."""
    return amount * calls / seconds / 1e9


def summarise(rates: Sequence[float]) -> dict[str, float]:
    """Burst (first window), sustained (median of the last third) and their ratio."""
    if not rates:
        raise SustainedError("no window was measured")
    tail = rates[len(rates) - max(1, len(rates) // 3):]
    burst, sustained = rates[0], statistics.median(tail)
    return {"burst_rate": burst, "sustained_rate": sustained, "ratio": sustained / burst}
