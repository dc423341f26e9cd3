"""The figure of the chapter on timing: ``B @ a`` timed three ways, one panel per device."""

from __future__ import annotations

from matplotlib.figure import Figure

from mpsarticle.analysis import series as analysis
from mpsarticle.article.figures.frame import Drawing, empty, label, legend, log_y, new_figure, size_axis, title_over
from mpsarticle.article.figures.series import Drawn, Line, devices_with_data, draw_series
from mpsarticle.article.figures.style import (
    FIGSIZE,
    INK,
    METHOD_COLORS,
    METHOD_KEYS,
    METHOD_MARKERS,
    NOTE_SIZE,
    seconds_tick,
    size_label,
    words_in,
)
from mpsarticle.article.wording import Choice, Factor, Size
from mpsarticle.core.specs import Method
from mpsarticle.results.model import ResultSet

__all__ = ["METHODS", "methods"]

#: The methods in the order they are drawn (and listed in the legend).
METHODS: tuple[Method, ...] = ("naive", "engine", "events")


def methods(results: ResultSet, lang: str, suite: str = "matvec") -> Figure:
    """Per device, time per call of ``B @ a`` by the three timing methods.

    On an accelerator the unsynchronised ``timeit`` only measures how fast
    work is queued, so its line lies below the two honest ones; on the CPU
    the three agree.
    """
    words = words_in(lang)
    devices = devices_with_data(results, suite=suite, workload="matvec")
    # A CPU-only build has no device events: its title names the two ways drawn, not three.
    events = any(analysis.series(results, workload="matvec", device=device, method="events", suite=suite)
                 for device in devices)
    title = words("figure.methods_title", ways=Choice("three" if events else "two"))
    if not devices:
        return empty(words, title)
    figure, axes = new_figure(len(devices), width=FIGSIZE[0] if len(devices) < 3 else 3.2 * len(devices),
                              sharey=True)
    title_over(figure, title)
    failed = False
    for ax, device in zip(axes, devices, strict=True):
        drawn = Drawn()
        for method in METHODS:
            line = Line(METHOD_COLORS[method], words(METHOD_KEYS[method]), marker=METHOD_MARKERS[method],
                        linewidth=1.6)
            drawn.add(draw_series(ax, results, device, lambda p: p.median_s, line, workload="matvec",
                                  method=method, suite=suite))
        failed |= drawn.failed
        ratios = [(s, r.value) for s, r in analysis.time_ratios(results, device, suite=suite) if r.low >= 2]
        if ratios:
            size, ratio = ratios[-1]
            # The factor as the timing chapter's sentence writes it (sentences.gap_sentence): the two agree.
            ax.text(0.03, 0.97, words("figure.under_reports", size=Size(size), ratio=Factor(ratio)),
                    transform=ax.transAxes, ha="left", va="top", fontsize=NOTE_SIZE, color=INK)
        size_axis(ax, drawn.sizes, words)
        log_y(ax, words, seconds_tick)
        label(ax, title=words.device(device), xlabel=size_label(words, "m"))
    label(axes[0], ylabel=words("figure.time_per_call"))
    # Below the panels: inside one it would cover that device's lines.
    legend(figure, words, failed=failed, axes=axes, loc="outside lower center", ncols=4)
    return figure


#: This module's figures by the names the chapters glue them by (mpsarticle.article.figures.files).
DRAWINGS = {
    "methods": Drawing(methods, plotted=True),
}
