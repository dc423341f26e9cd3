"""The figure of the chapter on language models: per device and mode, the share of the bandwidth bound reached."""

from __future__ import annotations

from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.ticker import FuncFormatter

from mpsarticle.analysis.findings.llm import decoding
from mpsarticle.article.figures.frame import Drawing, empty, label, new_figure, plain_axis
from mpsarticle.article.figures.style import (
    BACKGROUND,
    FIGSIZE,
    INK,
    LEGEND_EDGE,
    TICK_SIZE,
    device_color,
    share_tick,
    words_in,
)
from mpsarticle.article.wording import Billions, Num, Text
from mpsarticle.results.model import ResultSet

__all__ = ["decode_bars"]

#: The fill of the legend's keys for eager and replayed bars: a bar takes its device's colour, a key none.
KEY_FILL = "#999999"
#: Behind a text the dashed bound runs through.
OPAQUE_BOX = {"facecolor": BACKGROUND, "edgecolor": "none", "pad": 1.0}
#: The hatching of a step replayed without the host's part of each call's fixed cost.
REPLAY_HATCH = "///"
#: A replayed step's mode, by how it was replayed (``graph_how``; a file that does not say was a CUDA graph).
REPLAY_MODES = {"cuda_graph": "figure.decode_mode_cuda_graph", "torch_compile": "figure.decode_mode_torch_compile"}


def decode_bars(results: ResultSet, lang: str) -> Figure:
    """One bar per device and mode (eager, replayed): the share of the device's bound it reached, on a linear axis
    from zero (the bound, its ``B @ a`` rate from memory over the bytes of one token, at 100 %), each bar labelled
    with its tokens per second. Devices of different models then compare by how close each came to its own
    ceiling, which a log axis of tokens per second hid (a small CPU model's bar outran a large GPU model's). Where
    no device has a bound, the bars are tokens per second, on a linear axis from zero too."""
    words = words_in(lang)
    title = words("figure.decode_title")
    found = [d for d in decoding(results) if d.eager is not None or d.graph is not None]
    if not found:
        return empty(words, title)
    shares = any(d.bound_tokens_per_s for d in found)
    rows = []  # (label, device, length of the bar, tokens per second, replayed)
    devices = [d.device for d in found]
    for one in found:
        bound = one.bound_tokens_per_s
        if shares and not bound:
            continue
        for step, replayed in ((one.eager, False), (one.graph, True)):
            if step is None:
                continue
            mode = words(REPLAY_MODES[one.graph_how or "cuda_graph"]) if replayed else \
                words("figure.decode_mode_eager")
            # Each device runs its profile's model: the label says which.
            rows.append((words("figure.decode_row", device=words.device(one.device), mode=mode,
                               params=Billions(one.parameters, fraction_digits=1), dtype=Text(one.dtype)),
                         one.device, step.tokens_per_s / bound if shares and bound else step.tokens_per_s,
                         step.tokens_per_s, replayed))
    figure, (ax,) = new_figure(height=min(FIGSIZE[1] * 1.3, 1.9 + 0.7 * len(rows)))
    longest = max(r[2] for r in rows)
    for y, (_, device, length, tokens, replayed) in enumerate(rows):
        color = device_color(device, devices)
        ax.barh(y, length, color=color, height=0.6, hatch=REPLAY_HATCH if replayed else None,
                edgecolor=INK if replayed else color, linewidth=0.6)
        # On the page's white: a bar that ends near the bound has its number over the bound's dashed line.
        ax.text(length + longest * 0.02, y, words("figure.decode_value", value=Num(tokens)), va="center",
                ha="left", fontsize=TICK_SIZE, color=INK, bbox=OPAQUE_BOX)
    if shares:
        ax.axvline(1.0, color=INK, linestyle="--", linewidth=1.0)
        ax.text(1.0, -0.6, words("figure.decode_bound_line"), ha="center", va="bottom", fontsize=TICK_SIZE,
                color=INK, bbox=OPAQUE_BOX)
        ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: words.render(share_tick(x))))
        # Room for the bound's own label past 100 %, and for the longest bar's number after it; no more, so that an
        # empty stretch past the bound does not suggest a value there.
        ax.set_xlim(0, max(1.12, longest * 1.3))
    else:
        plain_axis(ax.xaxis, words)
        ax.set_xlim(0, longest * 1.3)
    ax.set_yticks(range(len(rows)), [r[0] for r in rows])
    ax.set_ylim(len(rows) - 0.4, -1.0)
    ax.grid(False, axis="y")
    label(ax, title=title, xlabel=words("figure.decode_axis_share" if shares else "figure.decode_axis_tokens"))
    # Each bar's label names its mode, so the keys are drawn only where replayed bars stand beside eager ones:
    # filled and hatched as the bars are, in a grey that is no device's colour.
    handles: list[Patch | Line2D] = []
    if any(r[4] for r in rows):
        handles.append(Patch(facecolor=KEY_FILL, edgecolor=KEY_FILL, linewidth=0.6,
                             label=words("figure.decode_eager_key")))
        handles.append(Patch(facecolor=KEY_FILL, edgecolor=INK, hatch=REPLAY_HATCH, linewidth=0.6,
                             label=words("figure.decode_replay_key")))
    if shares:
        handles.append(Line2D([], [], color=INK, linestyle="--", label=words("figure.decode_bound_key")))
    # One key a line: two side by side are wider than the figure in a language whose keys are long (Indonesian).
    if handles:
        figure.legend(handles=handles, loc="outside lower center", ncols=1, fontsize=TICK_SIZE,
                      edgecolor=LEGEND_EDGE, frameon=True)
    return figure


#: This module's figures by the names the chapters glue them by (mpsarticle.article.figures.files).
DRAWINGS = {
    "decode": Drawing(decode_bars, plotted=True),
}
