"""A selfcheck's rows: the engine against one reference at one point, and the terminal table; no torch.

Measured by :mod:`mpsarticle.selfcheck`; read back from a build's cache by
the method chapter, whose sentences and table need no torch.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Sequence

from .formatting import duration, number

__all__ = ["Row", "table"]


@dataclass(frozen=True)
class Row:
    device: str
    workload: str
    label: str
    reference: str
    engine_median_s: float
    engine_ci_low_s: float
    engine_ci_high_s: float
    reference_median_s: float
    ratio: float
    tolerance: float
    #: Seconds: the engine's whole measurement, the part inside timed blocks,
    #: and the reference's whole measurement.
    engine_wall_s: float
    engine_timed_s: float
    reference_wall_s: float

    @property
    def agrees(self) -> bool:
        return 1.0 / (1.0 + self.tolerance) <= self.ratio <= 1.0 + self.tolerance

    def to_dict(self) -> dict[str, object]:
        return {**asdict(self), "agrees": self.agrees}


def table(rows: Sequence[Row]) -> str:
    """The rows as a plain-text table for the terminal, then the engine's cost for the set."""
    head = ("device", "point", "reference", "engine median [95% interval]", "reference", "ratio", "verdict")
    lines = [head]
    for row in rows:
        interval = (f"{duration(row.engine_median_s, 'en')} [{duration(row.engine_ci_low_s, 'en')}, "
                    f"{duration(row.engine_ci_high_s, 'en')}]")
        verdict = "ok" if row.agrees else f"OUTSIDE ±{number(100 * row.tolerance, 'en', 2)}%"
        lines.append((row.device, row.label, row.reference, interval, duration(row.reference_median_s, "en"),
                      number(row.ratio, "en", 3), verdict))
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    text = "\n".join("  ".join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip() for line in lines)
    wall = sum(row.engine_wall_s for row in rows)
    timed = sum(row.engine_timed_s for row in rows)
    theirs = sum(row.reference_wall_s for row in rows)
    if rows:
        text += (f"\nengine: {wall:.2f} s wall for {timed:.2f} s in timed blocks ({wall / timed:.2f}x); "
                 f"references: {theirs:.2f} s wall; engine/reference wall {wall / theirs:.2f}x")
    return text
