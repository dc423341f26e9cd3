"""The opening page's chart for Macs: the model's GPU-over-CPU factor for a float32 A @ B per chip, with its range,
and the ratio of the best GPU and CPU rates others published for the same chip (cited, never this build's)."""

from __future__ import annotations

from matplotlib.figure import Figure

from mpsarticle.analysis.findings.model import ANSWER_MATMUL, model
from mpsarticle.article.figures.frame import Drawing, empty, label, legend, log_x, new_figure, title_over
from mpsarticle.article.figures.style import FIGSIZE, INK, OKABE_ITO, factor_tick, words_in
from mpsarticle.article.mac_model import cited_speedups, largest_variants
from mpsarticle.article.mac_tables import PREDICTION_MARK
from mpsarticle.article.wording import Size
from mpsarticle.results.model import ResultSet

__all__ = ["mac_model"]


def mac_model(results: ResultSet, lang: str) -> Figure:
    """One bar per chip (its variant with the most GPU cores): the predicted factor at m = 4,096, a line for its
    range, a dot for the cited ratio."""
    words = words_in(lang)
    title = words("figure.mac_model.title", m=Size(ANSWER_MATMUL))
    found = model(results)
    largest = largest_variants()
    shown = []
    marked = False
    for chip in largest.values():
        p = found.of_chip(chip, "matmul_speedup_float32", str(ANSWER_MATMUL))
        if p is not None and p.value is not None and p.low is not None and p.high is not None:
            # A prediction rests on the chip's bandwidth: where only a third party reports it, the row says so, as
            # the tables do, so that a chip no Apple page was read for does not stand like one Apple states.
            name = chip.name
            if chip.bandwidth_kind == "reported":
                name += PREDICTION_MARK
                marked = True
            shown.append((name, p.value, p.low, p.high))
    if not shown:
        return empty(words, title)
    published = cited_speedups()
    figure, (ax,) = new_figure(height=min(FIGSIZE[1] * 1.9, 1.6 + 0.3 * len(shown)))
    ys = list(range(len(shown)))
    # Points and lines, not bars: a bar on a logarithmic axis has no zero to start from.
    ax.hlines(ys, [lo for _, _, lo, _ in shown], [hi for _, _, _, hi in shown], color=OKABE_ITO["sky_blue"],
              linewidth=4, label=words("figure.mac_model.range"))
    ax.plot([v for _, v, _, _ in shown], ys, linestyle="none", marker="D", markersize=7, color=OKABE_ITO["blue"],
            markeredgecolor=INK, label=words("figure.mac_model.predicted"))
    dots = [(y, published[name.removesuffix(PREDICTION_MARK)]) for y, (name, *_rest) in enumerate(shown)
            if name.removesuffix(PREDICTION_MARK) in published]
    if dots:
        ax.plot([v for _, v in dots], [y for y, _ in dots], linestyle="none", marker="o", markersize=7,
                color=OKABE_ITO["vermillion"], markeredgecolor=INK, label=words("figure.mac_model.cited"))
    if marked:
        ax.plot([], [], linestyle="none", marker="$" + PREDICTION_MARK.strip() + "$", markersize=8, color=INK,
                label=words("figure.mac_model.reported"))
    ax.axvline(1.0, color=INK, linewidth=0.8, linestyle="--")
    log_x(ax, words, factor_tick)
    ax.set_yticks(ys, [name for name, *_rest in shown])
    ax.invert_yaxis()
    ax.grid(False, axis="y")
    label(ax, xlabel=words("figure.mac_model.axis"))
    title_over(figure, title)
    legend(figure, words, failed=False, axes=[ax], loc="outside lower center", ncols=2 if marked else 3)
    return figure


#: This module's figures by the names the chapters glue them by (mpsarticle.article.figures.files).
DRAWINGS = {
    "mac_model": Drawing(mac_model),
}
