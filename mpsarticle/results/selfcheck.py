"""A selfcheck's rows: the engine against one reference at one point, and the terminal table; no torch.

Measured by :mod:`mpsarticle.measure.selfcheck`; read back from a build's cache by
the method chapter, whose sentences and table need no torch. A row keeps the
workload's label and the reference's name as the code writes them
(``matvec(m=4096, dtype=float32)``, ``do_bench_cudagraph``); the page says
them in words (:func:`point_words`, :func:`reference_words`).
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Sequence

from mpsarticle.article.formatting import digits_beside, duration, number
from mpsarticle.article.wording import Size, Term, Text, Value, Words

__all__ = ["Row", "point_words", "reference_words", "table"]

#: A workload's label, as :attr:`mpsarticle.core.specs.Workload.label` writes it, and " cold" for a cache-cold point.
_LABEL = re.compile(r"(?P<kind>\w+)\((?P<params>[^()]*)\)(?P<cold> cold)?")


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
    def limits(self) -> tuple[float, float]:
        """The ratios that still agree, at either end: the engine reading ``tolerance`` low or high."""
        return 1.0 / (1.0 + self.tolerance), 1.0 + self.tolerance

    @property
    def agrees(self) -> bool:
        low, high = self.limits
        return low <= self.ratio <= high

    @property
    def ratio_digits(self) -> int:
        """Significant digits that show on which side of :attr:`limits` the ratio lies (``1.052``, not ``1.05``)."""
        return digits_beside(self.ratio, self.limits)

    def params(self) -> tuple[str, dict[str, str], bool] | None:
        """(workload, parameters, cache-cold) read back from the label; ``None`` for a label of another form."""
        found = _LABEL.fullmatch(self.label.strip())
        if not found:
            return None
        pairs = [part.partition("=") for part in found["params"].split(",") if part.strip()]
        if any(not sep for _, sep, _ in pairs):
            return None
        return found["kind"], {k.strip(): v.strip() for k, _, v in pairs}, bool(found["cold"])

    def to_dict(self) -> dict[str, object]:
        return {**asdict(self), "agrees": self.agrees}


def point_words(row: Row, words: Words, form: str = "point") -> str:
    """The row's workload and size in words: ``B @ a, m = 4,096, float32`` (``form="point"``, the table's) or
    ``B @ a at m = 4,096 in float32`` (``form="prose"``, a sentence's); a label of another form as it is."""
    found = row.params()
    key = f"selfcheck.{form}.{found[0]}" if found else ""
    if not found or key not in words.messages or not str(found[1].get("m", "")).isdigit():
        return row.label
    kind, params, cold = found
    text = words(key, m=Size(int(params["m"])), dtype=Text(params.get("dtype", "float32")))
    return words(f"selfcheck.{form}.cold", point=text) if cold else text


def reference_words(row: Row, words: Words) -> Value:
    """The reference by its name in the article (``device events``), or as the row has it if the catalog lacks it."""
    key = f"selfcheck.reference.{row.reference}"
    return Term(key) if key in words.messages else Text(row.reference)


def table(rows: Sequence[Row]) -> str:
    """The rows as a plain-text table for the terminal, then the engine's cost for the set."""
    head = ("device", "point", "reference", "engine median [95% interval]", "reference", "ratio", "verdict")
    lines = [head]
    for row in rows:
        interval = (f"{duration(row.engine_median_s, 'en')} [{duration(row.engine_ci_low_s, 'en')}, "
                    f"{duration(row.engine_ci_high_s, 'en')}]")
        verdict = "ok" if row.agrees else f"OUTSIDE ±{number(100 * row.tolerance, 'en', 2)}%"
        lines.append((row.device, row.label, row.reference, interval, duration(row.reference_median_s, "en"),
                      number(row.ratio, "en", row.ratio_digits), verdict))
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    text = "\n".join("  ".join(cell.ljust(width) for cell, width in zip(line, widths)).rstrip() for line in lines)
    wall = sum(row.engine_wall_s for row in rows)
    timed = sum(row.engine_timed_s for row in rows)
    theirs = sum(row.reference_wall_s for row in rows)
    if rows:
        text += (f"\nengine: {wall:.2f} s wall for {timed:.2f} s in timed blocks ({wall / timed:.2f}x); "
                 f"references: {theirs:.2f} s wall; engine/reference wall {wall / theirs:.2f}x")
    return text
