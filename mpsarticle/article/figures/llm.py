"""The figure of the chapter on language models: tokens per second per device and mode, beside the bandwidth bound."""

from __future__ import annotations

from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from mpsarticle.analysis.findings.llm import decoding
from mpsarticle.article.figures.frame import Drawing, empty, label, log_x, new_figure
from mpsarticle.article.figures.style import (
    FIGSIZE,
    INK,
    LEGEND_EDGE,
    TICK_SIZE,
    device_color,
    words_in,
)
from mpsarticle.article.wording import Billions, Num, Text
from mpsarticle.results.model import ResultSet

__all__ = ["decode_bars"]

#: The hatching of a step replayed without per-call overhead.
REPLAY_HATCH = "///"
#: A replayed step's mode, by how it was replayed (``graph_how``; a file that does not say was a CUDA graph).
REPLAY_MODES = {"cuda_graph": "figure.decode_mode_cuda_graph", "torch_compile": "figure.decode_mode_torch_compile"}


def decode_bars(results: ResultSet, lang: str) -> Figure:
    """One bar per device and mode (eager, replayed): tokens per second on a log axis; a diamond marks each device's
    bound (its B @ a rate from memory over the bytes of one token)."""
    words = words_in(lang)
    title = words("figure.decode_title")
    found = [d for d in decoding(results) if d.eager is not None or d.graph is not None]
    if not found:
        return empty(words, title)
    rows = []  # (label, device, tokens per second, replayed, bound)
    devices = [d.device for d in found]
    for one in found:
        for step, replayed in ((one.eager, False), (one.graph, True)):
            if step is None:
                continue
            mode = words(REPLAY_MODES[one.graph_how or "cuda_graph"]) if replayed else \
                words("figure.decode_mode_eager")
            # Each device runs its profile's model: the label says which, or a small CPU model's bar would read as
            # the CPU outrunning the GPU.
            rows.append((words("figure.decode_row", device=words.device(one.device), mode=mode,
                               params=Billions(one.parameters, fraction_digits=1), dtype=Text(one.dtype)),
                         one.device, step.tokens_per_s, replayed, one.bound_tokens_per_s))
    figure, (ax,) = new_figure(height=min(FIGSIZE[1] * 1.3, 1.9 + 0.7 * len(rows)))
    values = [r[2] for r in rows] + [r[4] for r in rows if r[4]]
    for y, (_, device, tokens, replayed, bound) in enumerate(rows):
        color = device_color(device, devices)
        ax.barh(y, tokens, color=color, height=0.6, hatch=REPLAY_HATCH if replayed else None,
                edgecolor=INK if replayed else color, linewidth=0.6)
        # Inside the bar's end: beside it, the value would meet the bound's diamond when the two are close.
        ax.text(tokens / 1.08, y, words("figure.decode_value", value=Num(tokens)), va="center", ha="right",
                fontsize=TICK_SIZE, color="white", fontweight="bold")
        if bound:
            ax.plot([bound], [y], marker="D", markersize=7, color=INK, linestyle="none")
            ax.text(bound * 1.12, y, words("figure.decode_bound_value", value=Num(bound)), va="center",
                    fontsize=TICK_SIZE, color=INK)
    log_x(ax, words, Num)
    ax.set_xlim(min(values) / 4, max(values) * 6)
    ax.set_yticks(range(len(rows)), [r[0] for r in rows])
    ax.invert_yaxis()
    ax.grid(False, axis="y")
    label(ax, title=title, xlabel=words("figure.decode_axis"))
    handles: list[Patch | Line2D] = [Patch(facecolor="white", edgecolor=INK, label=words("figure.decode_eager_key"))]
    if any(r[3] for r in rows):
        handles.append(Patch(facecolor="white", edgecolor=INK, hatch=REPLAY_HATCH,
                             label=words("figure.decode_replay_key")))
    if any(r[4] for r in rows):
        handles.append(Line2D([], [], marker="D", color=INK, linestyle="none", label=words("figure.decode_bound_key")))
    figure.legend(handles=handles, loc="outside lower center", ncols=2, fontsize=TICK_SIZE,
                  edgecolor=LEGEND_EDGE, frameon=True)
    return figure


#: This module's figures by the names the chapters glue them by (mpsarticle.article.figures.files).
DRAWINGS = {
    "decode": Drawing(decode_bars, plotted=True),
}
