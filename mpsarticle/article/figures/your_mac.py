"""The figure of "Your Mac": each chip's memory bandwidth by Apple's spec sheet beside the best copy others
measured with PyTorch on its GPU (cited, :mod:`mpsarticle.core.cited`), for the chips with such a figure."""

from __future__ import annotations

from matplotlib.figure import Figure

from mpsarticle.article.figures.frame import Drawing, empty, label, legend, new_figure, plain_axis, title_over
from mpsarticle.article.figures.style import FIGSIZE, INK, OKABE_ITO, TICK_SIZE, words_in
from mpsarticle.article.wording import Count, Share
from mpsarticle.core.cited import cited
from mpsarticle.core.specsheet import chips
from mpsarticle.results.model import ResultSet

__all__ = ["your_mac_bandwidth"]


def your_mac_bandwidth(results: ResultSet, lang: str) -> Figure:
    """Spec-sheet bandwidth (bars) against the best cited PyTorch MPS copy (dots), chip by chip; ``results`` is not
    read (every number here is Apple's or cited)."""
    words = words_in(lang)
    title = words("figure.your_mac.title")
    copies: dict[tuple[str, int | None], float] = {}
    for row in cited():
        if row.framework == "PyTorch MPS" and row.workload == "copy" and row.unit == "GB/s":
            key = (row.chip, row.gpu_cores)
            copies[key] = max(copies.get(key, 0.0), row.value)
    shown = []  # (label, spec GB/s, best cited GB/s)
    for chip in chips():
        variants = [c for c in chips() if c.name == chip.name]
        one_figure = len({c.bandwidth_gb_s for c in variants}) == 1
        if copies.get((chip.name, chip.gpu_cores)):
            name = words("figure.your_mac.row", chip=chip.name, cores=Count(chip.gpu_cores))
            shown.append((name, chip.bandwidth_gb_s, copies[(chip.name, chip.gpu_cores)]))
        elif copies.get((chip.name, None)) and one_figure and chip is variants[0]:
            shown.append((chip.name, chip.bandwidth_gb_s, copies[(chip.name, None)]))
    if not shown:
        return empty(words, title)
    figure, (ax,) = new_figure(height=min(FIGSIZE[1] * 1.6, 1.6 + 0.4 * len(shown)))
    ys = range(len(shown))
    ax.barh(list(ys), [spec for _, spec, _ in shown], color=OKABE_ITO["sky_blue"], height=0.6,
            label=words("figure.your_mac.spec"))
    ax.plot([best for _, _, best in shown], list(ys), linestyle="none", marker="o", markersize=7,
            color=OKABE_ITO["vermillion"], markeredgecolor=INK, label=words("figure.your_mac.cited"))
    for y, (_, spec, best) in enumerate(shown):
        ax.text(max(spec, best) * 1.02, y, words.render(Share(best / spec)), va="center", fontsize=TICK_SIZE,
                color=INK)
    ax.set_yticks(list(ys), [name for name, _, _ in shown])
    ax.invert_yaxis()
    ax.set_xlim(0, max(max(spec, best) for _, spec, best in shown) * 1.18)
    plain_axis(ax.xaxis, words)
    ax.grid(False, axis="y")
    label(ax, xlabel=words("figure.your_mac.axis"))
    title_over(figure, title)
    legend(figure, words, failed=False, axes=[ax], loc="outside lower center", ncols=2)
    return figure


#: This module's figures by the names the chapters glue them by (mpsarticle.article.figures.files).
DRAWINGS = {
    "your_mac_bandwidth": Drawing(your_mac_bandwidth),
}
