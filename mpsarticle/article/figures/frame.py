"""The frame every figure is drawn in: figure and axes, size and log axes, legend, and the empty-figure message.

Figures are built on ``Figure`` objects directly, never through pyplot, so
drawing leaves no global state behind and works under any backend.
"""

from __future__ import annotations

import io
import math
import textwrap
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.axis import Axis
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.layout_engine import ConstrainedLayoutEngine
from matplotlib.lines import Line2D
from matplotlib.ticker import FixedLocator, FuncFormatter, LogLocator, NullFormatter, NullLocator
from matplotlib.transforms import Bbox

from mpsarticle.article.figures.style import (
    BACKGROUND,
    DPI,
    FAILED_KEY,
    FIGSIZE,
    GRID,
    INK,
    LABEL_SIZE,
    LEGEND_EDGE,
    MESSAGE_GID,
    NOTE_SIZE,
    QUIET,
    SPINE,
    TICK_SIZE,
    TITLE_SIZE,
    LogLabels,
    LogTicks,
    factor_tick,
    plain_number,
)
from mpsarticle.article.wording import Size, Value, Words

__all__ = ["PngFigure", "empty", "has_data", "label", "label_levels", "legend", "log_x", "log_y", "message",
           "new_figure", "plain_axis", "size_axis", "speedup_y", "title_over"]


class PngFigure(Figure):
    """A Figure that shows itself as a PNG in a notebook cell.

    A figure made without pyplot has no display hook unless the kernel's inline
    backend happens to be loaded; this makes a chapter cell ending in
    ``figures.speedup(...)`` show the chart either way.
    """

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.savefig(buffer, format="png", dpi=DPI, facecolor=BACKGROUND)
        return buffer.getvalue()


def new_figure(ncols: int = 1, *, width: float | None = None, height: float | None = None,
               sharey: bool = False) -> tuple[Figure, list[Axes]]:
    figure = PngFigure(figsize=(width or FIGSIZE[0], height or FIGSIZE[1]), dpi=DPI, facecolor=BACKGROUND,
                       layout="constrained")
    axes = list(figure.subplots(1, ncols, sharey=sharey, squeeze=False)[0])
    engine = figure.get_layout_engine()
    if ncols > 1 and isinstance(engine, ConstrainedLayoutEngine):
        engine.set(wspace=0.08)  # neighbouring panels' end tick labels must not touch
    for ax in axes:
        ax.set_facecolor(BACKGROUND)
        ax.grid(True, which="major", color=GRID, linewidth=0.7)
        ax.set_axisbelow(True)
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
        for side in ("left", "bottom"):
            ax.spines[side].set_color(SPINE)
        # Majors and minors alike, so that every labelled tick has the one size (a minor is 10 pt by default).
        ax.tick_params(which="both", colors=INK, labelsize=TICK_SIZE)
    return figure, axes


#: The longest title line that fits a figure's width at TITLE_SIZE: a longer title wraps (the Indonesian title of
#: the chart of cited bandwidths was cut at both edges).
TITLE_CHARACTERS = 72


def _wrapped(title: str) -> str:
    return "\n".join(textwrap.wrap(title, TITLE_CHARACTERS)) if len(title) > TITLE_CHARACTERS else title


def label(ax: Axes, *, title: str | None = None, xlabel: str | None = None, ylabel: str | None = None) -> None:
    if title:
        ax.set_title(_wrapped(title), fontsize=TITLE_SIZE, color=INK)
    if xlabel:
        ax.set_xlabel(xlabel, fontsize=LABEL_SIZE, color=INK)
    if ylabel:
        ax.set_ylabel(ylabel, fontsize=LABEL_SIZE, color=INK)


def title_over(figure: Figure, title: str) -> None:
    """A title over the whole figure: over several panels, or where long tick labels push the axes aside."""
    figure.suptitle(_wrapped(title), fontsize=TITLE_SIZE, color=INK)


#: A size gets a tick only if it is at least this many times the last size ticked: the blog post's sizes (750, 1000,
#: 1500, …) and the profiles' powers of two (1024, 2048, …) on one axis would print over each other, and their
#: gridlines would stand in pairs.
LABEL_RATIO = 1.45


def labelled_sizes(ticks: Sequence[int]) -> set[int]:
    """The sizes of ``ticks`` (sorted) whose numbers are written: the first, then each far enough from the last."""
    written: list[int] = []
    for tick in ticks:
        if not written or tick >= LABEL_RATIO * written[-1]:
            written.append(tick)
    return set(written)


def size_axis(ax: Axes, sizes: Iterable[int], words: Words) -> None:
    """Log x with a numbered tick and a gridline at each measured size that fits (the profiles step in powers of
    two), as the prose writes a size (``1,024``; ``1.024`` in Indonesian); a size too close to the last one numbered
    has its marker on the line and no tick of its own."""
    ticks = sorted(set(sizes))
    ax.set_xscale("log", base=2)
    if ticks:
        written = sorted(labelled_sizes(ticks))
        ax.xaxis.set_major_locator(FixedLocator(written))
        ax.xaxis.set_minor_locator(NullLocator())
        ax.xaxis.set_major_formatter(FuncFormatter(lambda value, _: words.render(Size(round(value)))))


def plain_axis(axis: Axis, words: Words) -> None:
    """A linear axis whose ticks are written with the language's separators (``1.000``, ``2,5``), not matplotlib's."""
    axis.set_major_formatter(FuncFormatter(lambda value, _: words.render(plain_number(value))))


def _log_ticks(axis: Axis, words: Words, value: Callable[[float], Value]) -> None:
    """Labelled, gridded major ticks (:class:`LogTicks`) and short unlabelled minor marks between them."""
    axis.set_major_locator(LogTicks())
    axis.set_major_formatter(LogLabels(words, value))
    axis.set_minor_locator(LogLocator(subs=MINOR_SUBS))
    axis.set_minor_formatter(NullFormatter())


#: Where the minor marks of a log axis fall in each decade.
MINOR_SUBS = tuple(float(lead) for lead in range(2, 10))


def log_y(ax: Axes, words: Words, value: Callable[[float], Value]) -> None:
    """A log y axis, each labelled tick the typed value ``value`` makes of it (``Seconds``, ``Num``, ...)."""
    ax.set_yscale("log")
    _log_ticks(ax.yaxis, words, value)
    low, high = ax.dataLim.intervaly
    if not 0 < low <= high < math.inf:
        # Nothing but failed-check marks: a log axis without data cannot even place its ticks.
        ax.set_ylim(1, 10)
        ax.yaxis.set_major_locator(NullLocator())
        ax.yaxis.set_minor_locator(NullLocator())


def log_x(ax: Axes, words: Words, value: Callable[[float], Value]) -> None:
    """A log x axis of values (the bar charts), labelled as :func:`log_y` labels its axis."""
    ax.set_xscale("log")
    _log_ticks(ax.xaxis, words, value)
    ax.grid(False, axis="y")


def speedup_y(ax: Axes, words: Words) -> None:
    """A logarithmic speed-up axis, with which side of the line at 1 means what written beside it."""
    log_y(ax, words, factor_tick)
    ax.margins(y=0.15)
    for key, dy, va in (("figure.acc_faster", 3, "bottom"), ("figure.cpu_faster", -3, "top")):
        ax.annotate(words(key), (1.0, 1.0), xycoords=("axes fraction", "data"), xytext=(-3, dy),
                    textcoords="offset points", ha="right", va=va, fontsize=NOTE_SIZE, color=QUIET)


def legend(where: Axes | Figure, words: Words, *, failed: bool, passed: bool = False,
           axes: Sequence[Axes] = (), pairs: Sequence[tuple[Artist, str]] | None = None,
           **options: Any) -> None:
    """One opaque legend; entries of several axes are merged by label, the ✓/✗ keys added last.

    ``pairs`` of (handle, label) replace the axes' own entries: matplotlib drops
    a label that starts with "_", which a machine's label may well do.
    """
    entries: dict[str, Artist] = {}
    if pairs is not None:
        for handle, text in pairs:
            entries.setdefault(text, handle)
    # A figure has no entries of its own: its axes are named in ``axes``.
    for ax in [] if pairs is not None else axes or ([where] if isinstance(where, Axes) else []):
        for handle, text in zip(*ax.get_legend_handles_labels(), strict=True):
            entries.setdefault(text, handle)
    if passed:
        entries[words("figure.passed")] = Line2D([], [], linestyle="none", marker="$✓$", markersize=9, color=INK)
    if failed:
        entries[words("figure.failed")] = Line2D([], [], linestyle="none", marker="X", markersize=9,
                                          markerfacecolor=FAILED_KEY, markeredgecolor=INK)
    if entries:
        where.legend(list(entries.values()), list(entries), fontsize=NOTE_SIZE, frameon=True, facecolor=BACKGROUND,
                     edgecolor=LEGEND_EDGE, framealpha=1.0, **options)


#: Where a level line's label may sit along it (a fraction of the axes' width, and the label's end that sits there),
#: in the order tried: its left end first, where the reader starts, then its right end, then between.
LEVEL_SPOTS = ((0.01, "left"), (0.99, "right"), (0.25, "left"), (0.5, "center"), (0.75, "right"))
#: How far a label sits from its line, and the room it keeps from every other mark (points).
LEVEL_GAP_PT = 3.0


def _near(line: Line2D, box: Bbox, figure: Figure) -> bool:
    """Whether ``line`` (its segments, and its markers at its points) passes through ``box`` (display pixels)."""
    xy = line.get_transform().transform(np.column_stack([line.get_xdata(orig=False), line.get_ydata(orig=False)]))
    reach = (max(line.get_linewidth(), line.get_markersize() if line.get_marker() not in (None, "None", "none", "")
                 else 0) / 2 + LEVEL_GAP_PT) * figure.dpi / 72
    grown = Bbox.from_extents(box.x0 - reach, box.y0 - reach, box.x1 + reach, box.y1 + reach)
    points = [xy]
    if line.get_linestyle() not in ("None", "none", ""):
        # Each segment walked in steps of one pixel (a gap, a NaN, draws nothing).
        for (x0, y0), (x1, y1) in zip(xy[:-1], xy[1:], strict=True):
            if np.isfinite([x0, y0, x1, y1]).all():
                steps = int(min(max(abs(x1 - x0), abs(y1 - y0)), 10_000)) + 2
                points.append(np.column_stack([np.linspace(x0, x1, steps), np.linspace(y0, y1, steps)]))
    every = np.concatenate(points)
    every = every[np.isfinite(every).all(axis=1)]
    return bool(((every[:, 0] >= grown.x0) & (every[:, 0] <= grown.x1)
                 & (every[:, 1] >= grown.y0) & (every[:, 1] <= grown.y1)).any())


def label_levels(figure: Figure, ax: Axes, levels: Sequence[tuple[str, float, Line2D]]) -> None:
    """Each ``(text, y, line)``: ``text`` beside its horizontal ``line`` at ``y`` (data, on ``ax`` of ``figure``), at
    the first spot of LEVEL_SPOTS where it lies inside the axes and no other line or marker, no label placed before
    it and no legend touches it. The first label tries above its line first, the next below, and so on alternately
    (close levels keep legible labels); where no spot is free, the spot that touches fewest, on a backing.

    Call it last: the spots are judged in the figure's final layout, from the lines as drawn, so that a label
    clears whatever data a build measured.
    """
    # Judged as Agg draws it (the page's PNG); a figure made without pyplot has no canvas that measures text.
    canvas = figure.canvas if isinstance(figure.canvas, FigureCanvasAgg) else FigureCanvasAgg(figure)
    figure.draw_without_rendering()
    renderer = canvas.get_renderer()
    frame = ax.get_window_extent(renderer)
    legend = ax.get_legend()
    taken = [legend.get_window_extent(renderer)] if legend is not None else []
    for index, (text, y, own) in enumerate(levels):
        sides = (True, False) if index % 2 == 0 else (False, True)
        best: tuple[int, Any, Bbox] | None = None
        for (x, ha), above in ((spot, side) for spot in LEVEL_SPOTS for side in sides):
            note = ax.annotate(text, (x, y), xycoords=("axes fraction", "data"),
                               xytext=(0, LEVEL_GAP_PT if above else -LEVEL_GAP_PT), textcoords="offset points",
                               ha=ha, va="bottom" if above else "top", fontsize=NOTE_SIZE, color=INK)
            box = note.get_window_extent(renderer)
            inside = frame.x0 <= box.x0 and box.x1 <= frame.x1 and frame.y0 <= box.y0 and box.y1 <= frame.y1
            touches = (sum(_near(line, box, figure) for line in ax.get_lines() if line is not own)
                       + sum(box.overlaps(other) for other in taken) + (0 if inside else len(LEVEL_SPOTS) * 100))
            if best is not None and touches >= best[0]:
                note.remove()
                continue
            if best is not None:
                best[1].remove()
            best = (touches, note, box)
            if not touches:
                break
        assert best is not None
        if best[0]:
            # Crossed wherever it goes: a backing keeps its words readable over the lines.
            best[1].set_bbox({"facecolor": BACKGROUND, "edgecolor": "none", "alpha": 0.85, "pad": 1.0})
        taken.append(best[2])


def message(ax: Axes, text: str) -> None:
    """An empty axes that says why it is empty: a chapter's cell must never fail for lack of data."""
    ax.set_xticks([])
    ax.set_yticks([])
    ax.grid(False)
    # From the left edge: on a phone a wide figure scrolls sideways, and a centred message would start off-screen.
    ax.text(0.03, 0.5, text, transform=ax.transAxes, ha="left", va="center", fontsize=TITLE_SIZE, color=INK,
            wrap=True, gid=MESSAGE_GID)


def empty(words: Words, title: str, key: str = "figure.no_data") -> Figure:
    """A figure of one axes that says, by the catalog's message ``key``, why there is nothing to draw."""
    figure, (ax,) = new_figure()
    label(ax, title=title)
    message(ax, words(key))
    return figure


def has_data(figure: Figure) -> bool:
    """False for a figure whose every axes holds only the message of :func:`empty`."""
    return not all(any(t.get_gid() == MESSAGE_GID for t in ax.texts) for ax in figure.axes)


# -- a figure as the chapters name it ---------------------------------------------

#: What a figure is drawn from: this build's :class:`~mpsarticle.results.model.ResultSet`, or the machines'
#: ``entries`` (``(label, results)`` per machine, this build first; see :mod:`.names`).
RESULTS, ENTRIES = "results", "entries"


@dataclass(frozen=True)
class Drawing:
    """One figure: the function that draws it (from its input and a language), what it reads, whether plot writes it."""

    draw: Callable[[Any, str], Figure]
    #: :data:`RESULTS` or :data:`ENTRIES`.
    reads: str = RESULTS
    #: ``python -m mpsarticle plot`` writes it as ``<name>.png``.
    plotted: bool = False
