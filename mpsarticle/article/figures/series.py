"""A device's series on an axes: good points as a line, gaps where a size was not measured, ✗ where a check failed.

Only points that are ``ok`` are drawn as a time or a speed. A point that ran
but failed its correctness check is marked ✗ at the foot of the axes;
unsupported, out-of-memory and failed runs are left out. A size that was not
measured (unsupported, out of memory, time limit, error) is a gap in its
line, never bridged by joining the neighbours (:func:`mpsarticle.analysis.series.unmeasured_sizes`
finds them; :mod:`mpsarticle.article.gaps` words the chapter's explanation).

:func:`draw_series` does this for every line figure; the bar figures ask
:func:`failed_sizes` and draw :func:`mark_failed` themselves.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from matplotlib.axes import Axes
from matplotlib.lines import Line2D

from mpsarticle.analysis import series as analysis
from mpsarticle.article.figures.style import FAILED_GID, INK
from mpsarticle.core.stats import Ratio
from mpsarticle.results.model import Point, ResultSet

__all__ = ["Drawn", "Line", "by_size", "devices_with_data", "draw_line", "draw_series", "draw_speedups",
           "failed_sizes", "mark_failed"]


@dataclass(frozen=True)
class Line:
    """How a series looks; ``band`` is ``(low, high)`` of a value (the 95 % interval), drawn as a shade.

    The values are the items of the pairs :func:`draw_line` draws: points, or ratios.
    """

    color: str
    label: str
    linestyle: str = "-"
    marker: str = "o"
    linewidth: float = 1.8
    band: Callable[[Any], tuple[float | None, float | None]] | None = None
    gid: str | None = None


@dataclass
class Drawn:
    """What a series drew: the sizes the x axis must show (good and failed), whether any ✗ was marked, its line."""

    sizes: list[int] = field(default_factory=list)
    failed: bool = False
    line: Line2D | None = None

    def add(self, other: Drawn) -> Drawn:
        self.sizes += other.sizes
        self.failed |= other.failed
        return self


def devices_with_data(results: ResultSet, **criteria: object) -> list[str]:
    """Devices with something to draw (a time, or a failed check) among the points matching ``criteria``.

    The CPU comes first: it is the baseline of every comparison.
    """
    wanted = {key: value for key, value in criteria.items() if not (key == "suite" and value is None)}  # every suite
    found = list(dict.fromkeys(p.device for p in results.select(**wanted) if p.status == "ok"))
    return sorted(found, key=lambda device: device != "cpu")


def gapped(xs: Sequence[float], ys: Sequence[float | None],
           missing: Iterable[float]) -> tuple[list[float], list[float]]:
    """The series with NaN at each size between its ends that was not measured (and for a value that is ``None``):
    matplotlib breaks the line there."""
    inside = {x for x in missing if xs and min(xs) < x < max(xs)} - set(xs)
    values = (math.nan if y is None else y for y in ys)
    merged = sorted([*zip(xs, values, strict=True), *((x, math.nan) for x in inside)])
    return [x for x, _ in merged], [y for _, y in merged]


def mark_failed(ax: Axes, xs: Sequence[float], color: str) -> bool:
    """✗ at the foot of the axes where a point ran but gave a wrong answer: no time is drawn for it."""
    if not xs:
        return False
    ax.plot(list(xs), [0.04] * len(xs), transform=ax.get_xaxis_transform(), linestyle="none", marker="X",
            markersize=10, markerfacecolor=color, markeredgecolor=INK, markeredgewidth=0.8, clip_on=False,
            zorder=5, gid=FAILED_GID, label="_nolegend_")
    return True


def failed_sizes(results: ResultSet, device: str, **criteria: Any) -> list[int]:
    """The sizes at which ``device`` failed its check, selected as :func:`mpsarticle.analysis.series.series` selects."""
    return [size for size, _ in analysis.failed_checks(results, device=device, **criteria)]


def by_size(results: ResultSet, device: str, **criteria: Any) -> dict[int, Point | None]:
    """Size -> good point, or ``None`` where the check failed: what a bar chart draws (a bar, or ✗)."""
    found: dict[int, Point | None] = dict(analysis.series(results, device=device, **criteria))
    return dict(sorted({**dict.fromkeys(failed_sizes(results, device, **criteria)), **found}.items()))


Item = TypeVar("Item")


def draw_line(ax: Axes, pairs: Sequence[tuple[int, Item]], value: Callable[[Item], float | None], line: Line,
              missing: Iterable[int] = ()) -> Line2D:
    """``(size, item)`` pairs as one line (and its band), with a gap at each ``missing`` size inside its range."""
    xs = [size for size, _ in pairs]
    missing = list(missing)
    if line.band is not None:
        low = gapped(xs, [line.band(item)[0] for _, item in pairs], missing)
        high = gapped(xs, [line.band(item)[1] for _, item in pairs], missing)
        ax.fill_between(low[0], low[1], high[1], color=line.color, alpha=0.2, linewidth=0)
    drawn, = ax.plot(*gapped(xs, [value(item) for _, item in pairs], missing), color=line.color,
                     linestyle=line.linestyle, marker=line.marker, markersize=5, linewidth=line.linewidth,
                     label=line.label, gid=line.gid)
    return drawn


def draw_series(ax: Axes, results: ResultSet, device: str, value: Callable[[Point], float | None], line: Line, *,
                workload: str, **criteria: Any) -> Drawn:
    """One device's measured series (``criteria`` as :func:`mpsarticle.analysis.series.series` takes them).

    The good points, through ``value`` (a point's time, bandwidth or rate), as
    a line broken where a size was not measured; ✗ in the line's colour where
    a check failed. Returns the sizes drawn or marked, for the size axis.
    """
    pairs = analysis.series(results, workload=workload, device=device, **criteria)
    drawn = None
    if pairs:
        missing = analysis.unmeasured_sizes(results, workload=workload, device=device, **criteria)
        drawn = draw_line(ax, pairs, value, line, missing)
    bad = failed_sizes(results, device, workload=workload, **criteria)
    return Drawn([size for size, _ in pairs] + bad, mark_failed(ax, bad, line.color), drawn)


def draw_speedups(ax: Axes, results: ResultSet, device: str, pairs: Sequence[tuple[int, Ratio]], line: Line, *,
                  cpu_color: str, workload: str, **criteria: Any) -> Drawn:
    """``device``'s speed-ups over the CPU (``pairs`` from :func:`mpsarticle.analysis.series.speedups`) as one line.

    A size missing on either device is a gap; a failed check of either is ✗,
    the CPU's in ``cpu_color``: a speed-up needs both times.
    """
    drawn = Drawn([size for size, _ in pairs])
    if pairs:
        missing = [size for both in (device, "cpu") for size in
                   analysis.unmeasured_sizes(results, workload=workload, device=both, **criteria)]
        drawn.line = draw_line(ax, pairs, lambda ratio: ratio.value, line, missing)
    for both, color in ((device, line.color), ("cpu", cpu_color)):
        bad = failed_sizes(results, both, workload=workload, **criteria)
        drawn.add(Drawn(bad, mark_failed(ax, bad, color)))
    return drawn
