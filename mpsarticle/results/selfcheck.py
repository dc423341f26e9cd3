"""A selfcheck's rows: the engine against one reference at one point, across fresh processes; no torch.

Measured by :mod:`mpsarticle.measure.selfcheck`; read back from a build's cache by
the method chapter, whose sentences and table need no torch. A row keeps the
workload's label and the reference's name as the code writes them
(``matvec(m=4096, dtype=float32)``, ``do_bench_cudagraph``); the page says
them in words (:mod:`mpsarticle.article.selfcheck_words`), the command line
prints them as a table (:mod:`mpsarticle.cli.selfcheck_table`).

The verdict is judged by intervals, not by one run's ratio of medians: the
engine's value and the reference's each get the 95 % interval of
:func:`mpsarticle.core.stats.across_processes` over the processes that
measured them, and a row is outside only when those two intervals exclude
each other by more than the tolerance. A ratio of two medians from one
process crosses a fixed ±5 % on a noisy machine while both methods agree
(2 false alarms in 5 idle runs on a 2-core CPU); an
engine that reads 2x high still lands outside, however wide the intervals
of a few processes are. Unlike a speed-up (:meth:`mpsarticle.core.stats.Ratio.direction`,
decided by the ratio's own interval), a row is judged by its two intervals
lying apart because that is what its table prints: each method's interval
and how far apart the two lie, not an interval of their ratio.

Intervals that do not lie apart agree only where they are narrow enough to
have shown a disagreement: a row whose two intervals together allow the
engine to read more than :data:`~mpsarticle.core.stats.LEVEL_SPAN` (a fifth)
from the reference on either side is ``unclear``, too wide to check (on a busy
machine 905 µs [2.15 µs; 381 ms] against 539 µs [291 ns; 1.00 s] overlap, and
would overlap with anything). It is the article's own rule for two values
set side by side (:meth:`mpsarticle.core.stats.Ratio.reading`): level within
noise only where the range of their ratio, from the two published intervals,
lies within that span of 1.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal, get_args

import numpy as np

from mpsarticle.core.stats import LEVEL_SPAN, across_processes

__all__ = ["VERDICTS", "Row", "Verdict", "load_rows", "rows_of", "save_rows"]

#: A row's verdict: its two intervals lie within the tolerance of each other, further apart than it, or (not
#: apart, but too wide to have shown a disagreement) neither can be said.
Verdict = Literal["agrees", "outside", "unclear"]
VERDICTS: tuple[Verdict, ...] = get_args(Verdict)

#: A workload's label, as :attr:`mpsarticle.core.specs.Workload.label` writes it, and " cold" for a cache-cold point.
_LABEL = re.compile(r"(?P<kind>\w+)\((?P<params>[^()]*)\)(?P<cold> cold)?")


@dataclass(frozen=True)
class Row:
    device: str
    workload: str
    label: str
    reference: str
    #: The engine's value and its 95 % interval across the processes (one process: the median and its
    #: order-statistic interval).
    engine_median_s: float
    engine_ci_low_s: float
    engine_ci_high_s: float
    #: The same for the reference.
    reference_median_s: float
    reference_ci_low_s: float
    reference_ci_high_s: float
    #: engine_median_s / reference_median_s.
    ratio: float
    tolerance: float
    #: Seconds, summed over the processes: the engine's whole measurement, the part inside timed blocks,
    #: and the reference's whole measurement.
    engine_wall_s: float
    engine_timed_s: float
    reference_wall_s: float
    #: The fresh processes that measured the row, and each one's median (engine, reference).
    processes: int = 1
    engine_process_medians_s: tuple[float, ...] = ()
    reference_process_medians_s: tuple[float, ...] = ()

    @property
    def limits(self) -> tuple[float, float]:
        """The ratios within the tolerance, at either end: the engine reading ``tolerance`` low or high."""
        return 1.0 / (1.0 + self.tolerance), 1.0 + self.tolerance

    @property
    def gap(self) -> float:
        """How far apart the two intervals lie, as a fraction (0 when they overlap): the lower end of the higher
        interval over the upper end of the lower one, less 1."""
        apart = max(self.engine_ci_low_s / self.reference_ci_high_s, self.reference_ci_low_s / self.engine_ci_high_s)
        return max(0.0, apart - 1.0)

    @property
    def spread(self) -> tuple[float, float]:
        """The engine's reading over the reference's that the two intervals allow: the engine's low over the
        reference's high … the engine's high over the reference's low."""
        return (self.engine_ci_low_s / self.reference_ci_high_s, self.engine_ci_high_s / self.reference_ci_low_s)

    @property
    def span(self) -> float:
        """How far from 1, as a factor on either side, :attr:`spread` may reach for a row that is not apart to
        agree: :data:`~mpsarticle.core.stats.LEVEL_SPAN`, or ``1 + tolerance`` where that is wider."""
        return max(LEVEL_SPAN, 1.0 + self.tolerance)

    @property
    def verdict(self) -> Verdict:
        """``outside`` where the intervals lie further apart than the tolerance; else ``agrees`` where
        :attr:`spread` lies within :attr:`span` of 1 on both sides, and ``unclear`` (too wide to check) where it
        reaches beyond: such intervals would not lie apart even if the engine read a fifth off (see the module
        notes)."""
        if self.gap > self.tolerance:
            return "outside"
        low, high = self.spread
        return "agrees" if 1.0 / self.span <= low and high <= self.span else "unclear"

    @property
    def agrees(self) -> bool:
        """The intervals lie within the tolerance of each other, and are narrow enough to have shown otherwise."""
        return self.verdict == "agrees"

    @property
    def outside(self) -> bool:
        """The intervals lie further apart than the tolerance: the one verdict that fails the check."""
        return self.verdict == "outside"

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
        return {**asdict(self), "gap": self.gap, "agrees": self.agrees, "verdict": self.verdict}

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Row:
        """A row as :meth:`to_dict` wrote it (the derived ``gap``, ``agrees`` and ``verdict`` are computed
        again)."""
        known = set(cls.__dataclass_fields__)
        values = {k: v for k, v in raw.items() if k in known}
        for name in ("engine_process_medians_s", "reference_process_medians_s"):
            values[name] = tuple(values.get(name) or ())
        return cls(**values)


#: What one process measured for one row: the keys of :class:`Row` that name it, and its samples and seconds.
Measured = Mapping[str, Any]
_NAMES = ("device", "workload", "label", "reference")


def rows_of(processes: Iterable[Sequence[Measured]], tolerance: float) -> list[Row]:
    """Rows from each process's measurements (``engine`` and ``reference`` samples per row), in the order of
    their first appearance; a row gets the processes that measured it."""
    grouped: dict[tuple[str, str, str, str], list[Measured]] = {}
    for measured in processes:
        for one in measured:
            device, workload, label, reference = (str(one[k]) for k in _NAMES)
            grouped.setdefault((device, workload, label, reference), []).append(one)
    rows = []
    for (device, workload, label, reference), found in grouped.items():
        engine = across_processes([one["engine_samples"] for one in found])
        theirs = across_processes([one["reference_samples"] for one in found])
        rows.append(Row(
            device=device, workload=workload, label=label, reference=reference,
            engine_median_s=engine.value, engine_ci_low_s=engine.low, engine_ci_high_s=engine.high,
            reference_median_s=theirs.value, reference_ci_low_s=theirs.low, reference_ci_high_s=theirs.high,
            ratio=engine.value / theirs.value, tolerance=tolerance,
            engine_wall_s=_total(found, "engine_wall_s"), engine_timed_s=_total(found, "engine_timed_s"),
            reference_wall_s=_total(found, "reference_wall_s"), processes=len(found),
            engine_process_medians_s=tuple(float(np.median(one["engine_samples"])) for one in found),
            reference_process_medians_s=tuple(float(np.median(one["reference_samples"])) for one in found),
        ))
    return rows


def _total(found: Sequence[Measured], name: str) -> float:
    return float(sum(one[name] for one in found))


def save_rows(rows: Sequence[Row], path: Path) -> None:
    """The rows as JSON (a build's cache, ``selfcheck --json``), written whole or not at all."""
    from mpsarticle.results.files import write_atomically

    write_atomically(path, json.dumps([row.to_dict() for row in rows], indent=1) + "\n")


def load_rows(path: Path) -> list[Row]:
    return [Row.from_dict(raw) for raw in json.loads(path.read_text(encoding="utf-8"))]
