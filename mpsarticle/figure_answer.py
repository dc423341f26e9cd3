"""The opening page's figure: every comparison of the accelerator with the CPU on one axis.

One bar per comparison (``B @ a`` at each size measured on both, ``A @ B``
best rate per precision, the training step per batch): CPU time over the
accelerator's, on a log axis centred on 1, with its 95 % interval. A bar to
the right of 1 is a win for the accelerator, to the left a win for the
CPU; its colour says which side the interval lies on (grey: within noise).
A build without an accelerator gets the bandwidth figure instead: what this
CPU reads per second is what its answer (and its bound on a language model)
rests on.

Kept apart from :mod:`mpsarticle.plots`, whose frame and style it uses.
"""

from __future__ import annotations

import math

from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from . import plots
from .formatting import ratio, whole
from .results import ResultSet
from .stats import FASTER, SLOWER
from .verdict import verdict
from .wording import Words

__all__ = ["answer"]

SAME_COLOR = "#999999"


def _rows(results: ResultSet, words: Words) -> list[tuple[str, object]]:
    """(label, Ratio) per comparison, in the order the answer names them."""
    found = verdict(results)
    rows = [(words("figure.answer.matvec", size=whole(c.size, words.lang)), c.speedup)
            for c in found.crossover.comparisons]
    rows += [(words("figure.answer.matmul", dtype=c.dtype), c.ratio) for c in found.matmul.comparisons]
    rows += [(words("figure.answer.train_step", size=whole(c.size, words.lang)), c.speedup)
             for c in found.training.comparisons]
    return rows


def answer(results: ResultSet, lang: str) -> Figure:
    words = Words(lang)
    found = verdict(results)
    rows = _rows(results, words)
    if not rows:
        return plots.bandwidth(results, lang)
    device = found.crossover.device or found.matmul.device or found.training.device
    name = plots.device_label(device)
    figure, (ax,) = plots._figure(height=min(1.9 + 0.34 * len(rows), 9.0))
    colors = {FASTER: plots.device_color(device), SLOWER: plots.DEVICE_COLORS["cpu"]}
    for y, (_, found_ratio) in enumerate(rows):
        color = colors.get(found_ratio.direction(), SAME_COLOR)
        ax.barh(y, abs(found_ratio.value - 1), left=min(1.0, found_ratio.value),
                color=color, height=0.6)
        ax.plot([found_ratio.low, found_ratio.high], [y, y], color=plots.INK, linewidth=1.2, solid_capstyle="butt")
    ax.axvline(1.0, color="#666666", linewidth=1.0)
    ax.set_yticks(range(len(rows)), [label for label, _ in rows], fontsize=9)
    ax.invert_yaxis()
    ax.set_xscale("log")
    low = min(min(r.low for _, r in rows), 1.0)
    high = max(max(r.high for _, r in rows), 1.0)
    span = math.log10(high / low) if low > 0 else 1.0
    ax.set_xlim(low / 10 ** (0.08 * span + 0.05), high * 10 ** (0.08 * span + 0.05))
    ax.xaxis.set_major_formatter(plots._LogLabels(lambda v: ratio(v, lang)))
    ax.xaxis.set_minor_formatter(plots._LogLabels(lambda v: ratio(v, lang)))
    ax.grid(False, axis="y")
    figure.suptitle(words("figure.answer_title", device=name), fontsize=11, color=plots.INK)
    plots._label(ax, xlabel=words("figure.answer_axis"))
    shown = {r.direction() for _, r in rows}
    legend = [(Patch(color=colors.get(d, SAME_COLOR)), text) for d, text in (
        (FASTER, words("figure.answer.faster", device=name)), (SLOWER, words("figure.answer.slower")),
        ("same", words("figure.answer.same"))) if d in shown]
    legend.append((Line2D([], [], color=plots.INK, linewidth=1.2), words("figure.answer.interval")))
    figure.legend([h for h, _ in legend], [t for _, t in legend], loc="outside lower center", ncols=4, fontsize=8.5,
                  frameon=True, facecolor=plots.BACKGROUND, edgecolor="#CCCCCC", framealpha=1.0)
    return figure
