"""The figures of "Results from other machines": this build beside the archive, machine by machine.

Each takes ``entries``, (machine label, results) pairs with this build first
(see :mod:`mpsarticle.article.figures.names`), and a language. Colour tells the
machine; line style or marker the kind of device.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable, Iterable
from typing import Any

from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.ticker import FixedLocator, NullFormatter

from mpsarticle.analysis import series as analysis
from mpsarticle.analysis.families import LISTED
from mpsarticle.article.figures.frame import (
    ENTRIES,
    Drawing,
    empty,
    label,
    legend,
    log_y,
    message,
    new_figure,
    plain_axis,
    size_axis,
    speedup_y,
    title_over,
)
from mpsarticle.article.figures.names import Entries, machines
from mpsarticle.article.figures.series import (
    Drawn,
    Line,
    by_size,
    draw_series,
    draw_speedups,
    failed_sizes,
    mark_failed,
)
from mpsarticle.article.figures.style import (
    FAILED_GID,
    FIGSIZE,
    GRID,
    INK,
    NOTE_INK,
    NOTE_SIZE,
    REFERENCE,
    SEPARATOR,
    TICK_SIZE,
    machine_color,
    machine_device_style,
    share_tick,
    size_label,
    words_in,
)
from mpsarticle.article.figures.training import TRAIN_CRITERIA, failed_text, step_text
from mpsarticle.article.wording import Size, Words
from mpsarticle.results.model import Point, ResultSet

__all__ = ["TRAIN_BATCH", "machines_efficiency", "machines_speedup", "machines_train"]

#: The batch every profile measures the training step at.
TRAIN_BATCH = 32


def _cpu_first(results: ResultSet) -> list[str]:
    return sorted(results.devices, key=lambda device: device != "cpu")


def _line_name(name: str, device: str, words: Words) -> str:
    return words("figure.machines.line", machine=name, device=words.device(device))


def _size_axis(ax: Axes, sizes: Iterable[int], words: Words, most: int = 9) -> None:
    """:func:`~mpsarticle.article.figures.frame.size_axis` with ticks thinned to at most ``most`` labels.

    Machines measured at 1000 and 1024 must not print both, and a narrow panel
    spanning 2^7 to 2^16 labels every other size (the largest always); the
    others keep an unlabelled tick.
    """
    kept: list[int] = []
    for size in sorted(set(sizes)):
        if size > 0 and (not kept or size >= kept[-1] * 1.4):
            kept.append(size)
    step = max(1, math.ceil(len(kept) / max(most, 1)))
    labelled = kept[::-1][::step][::-1]
    size_axis(ax, labelled, words)
    if len(labelled) < len(kept):
        ax.xaxis.set_minor_locator(FixedLocator([size for size in kept if size not in labelled]))
        ax.xaxis.set_minor_formatter(NullFormatter())


def _legend_room(entries: int, ncols: int = 2, first_rows: int = 4) -> float:
    """Inches to add to a figure for a legend of ``entries`` beyond its first rows: without them, a long legend
    (an archive drawn family by family) squeezes the axes until their labels overlap the title."""
    return max(0, math.ceil(entries / ncols) - first_rows) * 0.2


def _proxy(color: str, device: str) -> Line2D:
    linestyle, marker = machine_device_style(device)
    return Line2D([], [], color=color, linestyle=linestyle, marker=marker, markersize=5, linewidth=1.6)


def _note_below(ax: Axes, text: str) -> None:
    """A small note under the x label, wrapped: it names machines, and there may be many."""
    # 85 characters fit from the axes' left edge to the figure's right one at this size, in either language.
    ax.annotate("\n".join(textwrap.wrap(text, 85, break_on_hyphens=False)) or text, (0.0, 0.0),
                xycoords=("axes fraction", ax.xaxis.label), xytext=(0, -4), textcoords="offset points",
                ha="left", va="top", fontsize=NOTE_SIZE, color=NOTE_INK, gid="machines-note")


def machines_speedup(entries: Entries, lang: str, suite: str = "matvec") -> Figure:
    """CPU time / accelerator time of ``B @ a`` against m: one line per (machine, accelerator).

    Colour tells the machine, the marker the accelerator; machines without an
    accelerator are named in a note below the axes.
    """
    words = words_in(lang)
    title = words("figure.machines.speedup_title")
    found = machines(entries, lang)
    curves = []  # (machine index, accelerator, pairs)
    cpu_only: list[str] = []
    no_pairs: list[str] = []
    for index, (name, results) in enumerate(found):
        accelerators = analysis.accelerators(results)
        if not accelerators:
            cpu_only.append(name)
            continue
        measured = [(index, device, analysis.speedups(results, device, suite=suite)) for device in accelerators]
        measured = [curve for curve in measured if curve[2]]
        if not measured:
            no_pairs.append(name)
        curves += measured
    if not curves:
        return empty(words, title, "figure.machines.no_accelerator" if not no_pairs else "figure.no_data")
    figure, (ax,) = new_figure(height=FIGSIZE[1] + 0.6 + _legend_room(len(curves) + 1))
    same = ax.axhline(1.0, color=REFERENCE, linewidth=1.0)
    pairs: list[tuple[Artist, str]] = [(same, words("figure.same_speed"))]
    drawn = Drawn()
    for index, device, ratios in curves:
        name, results = found[index]
        color = machine_color(index)
        line = Line(color, _line_name(name, device, words), marker=machine_device_style(device)[1])
        curve = draw_speedups(ax, results, device, ratios, line, cpu_color=color, workload="matvec", suite=suite)
        if curve.line is not None:  # (every curve has a pair)
            pairs.append((curve.line, line.label))
        drawn.add(curve)
    _size_axis(ax, drawn.sizes, words)
    speedup_y(ax, words)
    label(ax, title=title, xlabel=size_label(words, "m"), ylabel=words("figure.speedup_axis"))
    notes = [words(key, labels=", ".join(names))
             for key, names in (("figure.machines.cpu_only", cpu_only), ("figure.machines.no_pairs", no_pairs))
             if names]
    if notes:
        _note_below(ax, " · ".join(notes))
    legend(figure, words, failed=drawn.failed, pairs=pairs, loc="outside lower center", ncols=2)
    return figure


def _share(ax: Axes, results: ResultSet, device: str, reference: float | None,
           value: Callable[[Point], float | None], line: Line, **criteria: Any) -> Drawn:
    """``device``'s series as a share of its own ``reference`` (copy bandwidth, best rate); only ✗ without one."""
    if reference:
        return draw_series(ax, results, device, lambda p: (value(p) or math.nan) / reference, line, **criteria)
    bad = failed_sizes(results, device, **criteria)
    return Drawn(bad, mark_failed(ax, bad, line.color))


def machines_efficiency(entries: Entries, lang: str, suite: str = "matvec") -> Figure:
    """Each device against its own references, one line per (machine, device).

    Left: the bandwidth ``B @ a`` achieves as a share of the same device's
    copy bandwidth (a CPU can pass 100%: reading alone beats a copy, which also
    pays for write-allocate, and small matrices sit in cache). Right: float32
    ``A @ B`` as a share of the same device's best float32 rate. Colour tells
    the machine, line style the kind of device (CPU solid, accelerator dashed).
    """
    words = words_in(lang)
    title = words("figure.machines.efficiency_title")
    shown = machines(entries, lang)
    figure, axes = new_figure(2, height=FIGSIZE[1] + 0.8 + _legend_room(
        sum(len(results.devices) for _, results in shown) + 1))
    title_over(figure, title)
    panels = [Drawn(), Drawn()]
    lines = [0, 0]
    pairs: list[tuple[Artist, str]] = []
    for index, (name, results) in enumerate(shown):
        color = machine_color(index)
        for device in _cpu_first(results):
            linestyle, marker = machine_device_style(device)
            line = Line(color, _line_name(name, device, words), linestyle, marker, 1.6, gid=f"share-{device}")
            shares = (
                _share(axes[0], results, device, analysis.ceiling_gb_s(results, device), lambda p: p.gb_s, line,
                       workload="matvec", suite=suite),
                _share(axes[1], results, device, analysis.peak_gflop_s(results, device, "float32"),
                       lambda p: p.gflop_s, line, workload="matmul", suite="matmul", dtype="float32"))
            for panel, share in enumerate(shares):
                panels[panel].add(share)
                lines[panel] += share.line is not None
            if any(share.line is not None for share in shares):
                pairs.append((_proxy(color, device), line.label))
    if not any(lines):
        return empty(words, title)
    keys = (("figure.machines.bandwidth_panel", "figure.machines.bandwidth_axis"),
            ("figure.machines.matmul_panel", "figure.machines.matmul_axis"))
    for ax, (heading, axis), drawn, count in zip(axes, keys, panels, lines, strict=True):
        label(ax, title=words(heading), xlabel=size_label(words, "m"), ylabel=words(axis))
        if not count:
            message(ax, words("figure.no_data"))
            continue
        # Named in the legend, not beside the line: there it would cover the lines that cross 100%.
        ax.axhline(1.0, color=REFERENCE, linestyle="--", linewidth=1.0, gid="own-limit")
        _size_axis(ax, drawn.sizes, words, most=5)
        log_y(ax, words, share_tick)
        ax.margins(y=0.12)
    pairs.append((Line2D([], [], color=REFERENCE, linestyle="--", linewidth=1.0), words("figure.machines.own_limit")))
    legend(figure, words, failed=any(drawn.failed for drawn in panels), pairs=pairs, loc="outside lower center",
           ncols=2)
    return figure


def machines_train(entries: Entries, lang: str) -> Figure:
    """Time per training step at batch 32 per (machine, device), bars from zero on a linear axis in ms.

    A device without batch 32 shows its smallest batch, named in its label; a
    step that failed its correctness check is marked ✗, never drawn as a time.
    """
    words = words_in(lang)
    title = words("figure.machines.train_title", batch=Size(TRAIN_BATCH))
    rows = []  # (machine index, device name part, point or None when the check failed)
    names = []
    entries = list(entries or ())
    for index, (name, results) in enumerate(machines(entries, lang)):
        names.append(name)
        # A family of a large archive shows its main chip's step alone (its accelerator, else its CPU): two rows a
        # family would make the chart as long as a page.
        main = [device for device in _cpu_first(results) if device != "cpu"][-1:] or ["cpu"]
        family = index > 0 and len(entries) - 1 > LISTED
        for device in main if family else _cpu_first(results):
            steps = by_size(results, device, **TRAIN_CRITERIA)
            if not steps:
                continue
            batch = TRAIN_BATCH if TRAIN_BATCH in steps else min(steps)
            part = words.device(device) if batch == TRAIN_BATCH else words(
                "figure.train_row", device=words.device(device), batch=Size(batch))
            rows.append((index, part, steps[batch]))
    if not rows:
        return empty(words, title)
    # Long names go on a line of their own, so that the bars keep their width.
    two_lines = max(len(names[index]) + len(part) for index, part, _ in rows) > 34
    labels = [f"{names[index]}\n{part}" if two_lines else words("figure.machines.line", machine=names[index],
                                                                                   device=part)
              for index, part, _ in rows]
    height = min(1.7 + (0.55 if two_lines else 0.4) * len(rows), 9.0)
    figure, (ax,) = new_figure(height=max(height, 2.4))
    values = [p.measured_s * 1e3 for _, _, p in rows if p is not None]
    high = max(values) if values else 1.0
    failed = passed = False
    for y, (index, _, point) in enumerate(rows):
        color = machine_color(index)
        if point is None:
            failed = True
            ax.plot([0.015], [y], transform=ax.get_yaxis_transform(), linestyle="none", marker="X", markersize=10,
                    markerfacecolor=color, markeredgecolor=INK, clip_on=False, gid=FAILED_GID)
            ax.annotate(failed_text(lang), (0.015, y), xycoords=("axes fraction", "data"), xytext=(9, 0),
                        textcoords="offset points", va="center", fontsize=TICK_SIZE, color=INK)
            continue
        value = point.measured_s * 1e3
        # From zero on a linear axis: a bar twice as long is a step twice as slow.
        ax.barh(y, value, color=color, height=0.6)
        passed |= point.check == "passed"
        ax.annotate(step_text(point, lang), (value, y), xytext=(3, 0), textcoords="offset points",
                    va="center", fontsize=TICK_SIZE, color=INK)
    for y in range(1, len(rows)):
        if rows[y][0] != rows[y - 1][0]:
            ax.axhline(y - 0.5, color=SEPARATOR, linewidth=0.8)
    ax.set_yticks(range(len(rows)), labels, fontsize=TICK_SIZE)
    ax.invert_yaxis()
    # Each tick with the digits it has ("5", "2,5", not "5,00"), in the language's grouping.
    plain_axis(ax.xaxis, words)
    # Room on the right for the value written after the longest bar.
    ax.set_xlim(0, high * 1.35)
    ax.grid(True, axis="x", which="major", color=GRID, linewidth=0.7)
    # Over the whole figure, not the axes: long machine names push the axes right, and its title off the edge.
    title_over(figure, title)
    label(ax, xlabel=words("figure.train_axis"))
    legend(figure, words, failed=failed, passed=passed, pairs=[], loc="outside lower center", ncols=2)
    return figure


#: This module's figures by the names the chapters glue them by (mpsarticle.article.figures.files).
DRAWINGS = {
    "machines_speedup": Drawing(machines_speedup, reads=ENTRIES),
    "machines_efficiency": Drawing(machines_efficiency, reads=ENTRIES),
    "machines_train": Drawing(machines_train, reads=ENTRIES),
}
