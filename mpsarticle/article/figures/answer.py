"""The opening page's figure: every comparison of the accelerator with the CPU on one axis.

One dot per comparison (``B @ a`` at each size measured on both, ``A @ B``
best rate per precision, the training step per batch): CPU time over the
accelerator's, on a log axis centred on 1, with its 95 % interval. A dot to
the right of 1 is a win for the accelerator, to the left a win for the
CPU; its colour says which side the interval lies on (grey: level within noise;
hollow: too noisy to tell which is faster, :meth:`~mpsarticle.core.stats.Ratio.reading`).
Dots, not bars: a log axis has no zero for a bar to start from, and a bar
from 1 would make 10× look twice as large as 3×.
A build without an accelerator gets the bandwidth figure instead: what this
CPU reads per second is what its answer (and its bound on a language model)
rests on.
"""

from __future__ import annotations

import math

from matplotlib.artist import Artist
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from mpsarticle.analysis.verdict import verdict
from mpsarticle.article.figures.frame import Drawing, label, legend, log_x, new_figure, title_over
from mpsarticle.article.figures.matvec import bandwidth
from mpsarticle.article.figures.style import (
    DEVICE_COLORS,
    INK,
    REFERENCE,
    TICK_SIZE,
    TOO_NOISY,
    WITHIN_NOISE,
    device_color,
    factor_tick,
    words_in,
)
from mpsarticle.article.wording import Size, Text, Words
from mpsarticle.core.stats import FASTER, SAME, SLOWER, UNCLEAR, Ratio
from mpsarticle.results.model import ResultSet

__all__ = ["answer"]

def _rows(results: ResultSet, words: Words) -> list[tuple[str, Ratio]]:
    """(label, Ratio) per comparison, in the order the answer names them."""
    found = verdict(results)
    rows = [(words("figure.answer.matvec", size=Size(c.size)), c.speedup) for c in found.crossover.comparisons]
    rows += [(words("figure.answer.matmul", dtype=Text(precision.dtype), size=Size(c.size)), c.speedup)
             for precision in found.matmul.compared for c in precision.comparisons]
    rows += [(words("figure.answer.train_step", size=Size(c.size)), c.speedup) for c in found.training.comparisons]
    return rows


def _dot(color: str) -> Line2D:
    return Line2D([], [], linestyle="none", marker="o", markersize=8, markerfacecolor=color, markeredgecolor=INK,
                  markeredgewidth=0.8)


def answer(results: ResultSet, lang: str) -> Figure:
    words = words_in(lang)
    found = verdict(results)
    rows = _rows(results, words)
    if not rows:
        return bandwidth(results, lang)
    device = found.crossover.device or found.matmul.device or found.training.device or ""  # (rows: one compared)
    name = words.device(device)
    figure, (ax,) = new_figure(height=min(1.9 + 0.34 * len(rows), 9.0))
    colors = {FASTER: device_color(device), SLOWER: DEVICE_COLORS["cpu"], SAME: WITHIN_NOISE, UNCLEAR: TOO_NOISY}
    for y, (_, found_ratio) in enumerate(rows):
        color = colors[_told(found_ratio)]
        ax.plot([found_ratio.low, found_ratio.high], [y, y], color=INK, linewidth=1.2, solid_capstyle="butt")
        ax.plot([found_ratio.value], [y], linestyle="none", marker="o", markersize=8, markerfacecolor=color,
                markeredgecolor=INK, markeredgewidth=0.8)
    ax.axvline(1.0, color=REFERENCE, linewidth=1.0)
    ax.set_yticks(range(len(rows)), [text for text, _ in rows], fontsize=TICK_SIZE)
    ax.invert_yaxis()
    log_x(ax, words, factor_tick)
    low = min(min(r.low for _, r in rows), 1.0)
    high = max(max(r.high for _, r in rows), 1.0)
    span = math.log10(high / low) if low > 0 else 1.0
    ax.set_xlim(low / 10 ** (0.08 * span + 0.05), high * 10 ** (0.08 * span + 0.05))
    title_over(figure, words("figure.answer_title", device=name))
    label(ax, xlabel=words("figure.answer_axis"))
    shown = {_told(r) for _, r in rows}
    pairs: list[tuple[Artist, str]] = [(_dot(colors[d]), text) for d, text in (
        (FASTER, words("figure.answer.faster", device=name)), (SLOWER, words("figure.answer.slower")),
        (SAME, words("figure.answer.same")), (UNCLEAR, words("figure.answer.unclear"))) if d in shown]
    pairs.append((Line2D([], [], color=INK, linewidth=1.2), words("figure.answer.interval")))
    # Two columns: four entries in one row reach the figure's edges in Indonesian.
    legend(figure, words, failed=False, pairs=pairs, loc="outside lower center", ncols=2)
    return figure


#: This module's figures by the names the chapters glue them by (mpsarticle.article.figures.files).
DRAWINGS = {
    "answer": Drawing(answer),
}


def _told(ratio: Ratio) -> str:
    """A dot's colour: faster, slower, level within noise or too noisy to tell (the interval drawn through it)."""
    return ratio.reading()
