"""The figure of the chapter on language models: tokens per second per device and mode, beside the bandwidth bound."""

from __future__ import annotations

from babel.numbers import format_compact_decimal
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from mpsarticle.analysis.findings.llm import decoding
from mpsarticle.article.figures.frame import empty, label, log_x, new_figure
from mpsarticle.article.figures.style import (
    FIGSIZE,
    INK,
    LEGEND_EDGE,
    TICK_SIZE,
    device_color,
    device_name,
    number,
    words,
)
from mpsarticle.results.model import ResultSet

__all__ = ["decode_bars"]

#: The hatching of a step replayed without per-call overhead.
REPLAY_HATCH = "///"


def decode_bars(results: ResultSet, lang: str) -> Figure:
    """One bar per device and mode (eager, replayed): tokens per second on a log axis; a diamond marks each device's
    bound (its B @ a rate from memory over the bytes of one token)."""
    table = words(lang)
    title = table["decode_title"]
    found = [d for d in decoding(results) if d.eager is not None or d.graph is not None]
    if not found:
        return empty(table, title)
    rows = []  # (label, device, tokens per second, replayed, bound)
    devices = [d.device for d in found]
    for one in found:
        for step, replayed in ((one.eager, False), (one.graph, True)):
            if step is None:
                continue
            mode = table[f"decode_mode_{one.graph_how or 'cuda_graph'}"] if replayed else table["decode_mode_eager"]
            # Each device runs its profile's model: the label says which, or a small CPU model's bar would read as
            # the CPU outrunning the GPU.
            params = format_compact_decimal(one.parameters, format_type="long", locale=lang, fraction_digits=1)
            rows.append((table["decode_row"].format(device=device_name(one.device, lang), mode=mode, params=params,
                                                    dtype=one.dtype), one.device,
                         step.tokens_per_s, replayed, one.bound_tokens_per_s))
    figure, (ax,) = new_figure(height=min(FIGSIZE[1] * 1.3, 1.9 + 0.7 * len(rows)))
    values = [r[2] for r in rows] + [r[4] for r in rows if r[4]]
    for y, (_, device, tokens, replayed, bound) in enumerate(rows):
        color = device_color(device, devices)
        ax.barh(y, tokens, color=color, height=0.6, hatch=REPLAY_HATCH if replayed else None,
                edgecolor=INK if replayed else color, linewidth=0.6)
        # Inside the bar's end: beside it, the value would meet the bound's diamond when the two are close.
        ax.text(tokens / 1.08, y, table["decode_value"].format(value=number(tokens, lang)), va="center", ha="right",
                fontsize=TICK_SIZE, color="white", fontweight="bold")
        if bound:
            ax.plot([bound], [y], marker="D", markersize=7, color=INK, linestyle="none")
            ax.text(bound * 1.12, y, table["decode_bound_value"].format(value=number(bound, lang)), va="center",
                    fontsize=TICK_SIZE, color=INK)
    log_x(ax, lambda v: number(v, lang))
    ax.set_xlim(min(values) / 4, max(values) * 6)
    ax.set_yticks(range(len(rows)), [r[0] for r in rows])
    ax.invert_yaxis()
    ax.grid(False, axis="y")
    label(ax, title=title, xlabel=table["decode_axis"])
    handles: list[Patch | Line2D] = [Patch(facecolor="white", edgecolor=INK, label=table["decode_eager_key"])]
    if any(r[3] for r in rows):
        handles.append(Patch(facecolor="white", edgecolor=INK, hatch=REPLAY_HATCH, label=table["decode_replay_key"]))
    if any(r[4] for r in rows):
        handles.append(Line2D([], [], marker="D", color=INK, linestyle="none", label=table["decode_bound_key"]))
    figure.legend(handles=handles, loc="outside lower center", ncols=2, fontsize=TICK_SIZE,
                  edgecolor=LEGEND_EDGE, frameon=True)
    return figure
