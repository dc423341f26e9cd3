"""The figures of the chapter on ``B @ a``: the original chart, time against size, speed-up, bandwidth.

Each takes a :class:`~mpsarticle.results.model.ResultSet` and a language (``"en"``
or ``"id"``) and returns a :class:`matplotlib.figure.Figure`; a figure whose
data is missing shows a centred message instead of raising. Numbers come from
:mod:`mpsarticle.analysis.series`, as the prose's do.
"""

from __future__ import annotations

import functools
from typing import Any

from matplotlib.figure import Figure

from mpsarticle.analysis import findings
from mpsarticle.analysis import series as analysis
from mpsarticle.article.figures.frame import (
    Drawing,
    empty,
    label,
    label_levels,
    legend,
    log_y,
    new_figure,
    plain_axis,
    size_axis,
    speedup_y,
)
from mpsarticle.article.figures.series import (
    Drawn,
    Line,
    by_size,
    devices_with_data,
    draw_series,
    draw_speedups,
    mark_failed,
)
from mpsarticle.article.figures.style import (
    BACKGROUND,
    INK,
    METHOD_KEYS,
    NOTE_SIZE,
    REFERENCE,
    TICK_SIZE,
    device_color,
    plain_number,
    seconds_tick,
    size_label,
    words_in,
    workload_name,
)
from mpsarticle.article.wording import Num, Size, Text
from mpsarticle.core.specs import Method
from mpsarticle.results.model import ResultSet

__all__ = ["CROSSOVER_NOTES", "ORIGINAL_CALLS", "bandwidth", "original_bars", "speedup", "time_vs_size"]

#: The original article's ``timeit(..., number=100)``: its chart showed the total of 100 calls.
ORIGINAL_CALLS = 100
#: The corner note of the speed-up figure, by :func:`mpsarticle.analysis.findings.crossover_kind` (``from`` draws a
#: line instead).
CROSSOVER_NOTES = {"always": "figure.faster_always", "never": "figure.faster_never", "mixed": "figure.faster_some"}


def original_bars(results: ResultSet, lang: str, method: Method = "naive") -> Figure:
    """The blog post's chart rebuilt: seconds for 100 calls of ``B @ a`` per m, one bar per device.

    With ``method="naive"`` these are the post's own numbers (``timeit``
    without synchronisation); with ``"engine"`` the same chart with honest times.
    """
    words = words_in(lang)
    # The title already says the experiment is the original: the method's name leaves out "(original)".
    title = words("figure.original_title",
                  method=words("figure.method.naive.bare" if method == "naive" else METHOD_KEYS[method]))
    criteria = {"suite": "original", "workload": "matvec", "method": method}
    devices = devices_with_data(results, **criteria)
    if not devices:
        return empty(words, title)
    sizes = sorted({int(p.params["m"]) for p in results.select(**criteria)})
    position = {m: i for i, m in enumerate(sizes)}
    # One vertical scale (and unit) for the naive chart and the synchronised one, so that the two compare bar by
    # bar.
    tallest = [p.measured_s * ORIGINAL_CALLS for other in ("naive", "engine") for device in devices
               for p in by_size(results, device, **{**criteria, "method": other}).values() if p is not None]
    unit, scale = total_unit(max(tallest, default=1.0))
    figure, (ax,) = new_figure()
    width = 0.8 / len(devices)
    failed = False
    for index, device in enumerate(devices):
        offset = (index - (len(devices) - 1) / 2) * width
        color = device_color(device, devices)
        bars = by_size(results, device, **criteria)
        good = [(m, p) for m, p in bars.items() if p is not None]
        ax.bar([position[m] + offset for m, _ in good], [p.measured_s * ORIGINAL_CALLS / scale for _, p in good],
               width=width, color=color, label=words.device(device))
        failed |= mark_failed(ax, [position[m] + offset for m, p in bars.items() if p is None], color)
    ax.set_xticks(range(len(sizes)), [words.render(Size(m)) for m in sizes])
    if tallest:
        ax.set_ylim(0, max(tallest) * 1.08 / scale)
    # The unit's numbers on a linear axis, written as the language writes them (id: 2,5), not matplotlib's.
    plain_axis(ax.yaxis, words)
    ax.grid(False, axis="x")
    label(ax, title=title, xlabel=words("figure.dimension"), ylabel=words("figure.elapsed_100", unit=Text(unit)))
    # Under the axes, not in them: a cold first call (no warm-up in timeit) or a slow CPU at the largest size makes
    # a tall bar in any corner.
    legend(figure, words, failed=failed, axes=[ax], loc="outside lower center", ncols=len(devices) + int(failed))
    return figure


#: The unit of the original charts' axis by the tallest bar's seconds: the first whose numbers stay under 1,000.
TOTAL_UNITS = (("µs", 1e-6), ("ms", 1e-3), ("s", 1.0))


def total_unit(seconds: float) -> tuple[str, float]:
    """(unit, seconds per unit) for an axis up to ``seconds``: ``ms`` for 0.02 s, ``µs`` for 0.0005 s."""
    for unit, scale in TOTAL_UNITS:
        if seconds < 1000 * scale:
            return unit, scale
    return TOTAL_UNITS[-1]


def time_vs_size(results: ResultSet, lang: str, workload: str = "matvec", suite: str | None = None,
                 method: Method = "engine", **params: Any) -> Figure:
    """Time per call against size on log-log axes, one line per device; the band spans the 95 % interval of each
    median."""
    words = words_in(lang)
    title = words("figure.time_title", workload=workload_name(words, workload), method=words(METHOD_KEYS[method]))
    devices = devices_with_data(results, suite=suite, workload=workload, method=method, **params)
    if not devices:
        return empty(words, title)
    figure, (ax,) = new_figure()
    drawn = Drawn()
    for device in devices:
        line = Line(device_color(device, devices), words.device(device), band=lambda p: (p.ci_low_s, p.ci_high_s))
        drawn.add(draw_series(ax, results, device, lambda p: p.median_s, line, workload=workload, method=method,
                              suite=suite, **params))
    size_axis(ax, drawn.sizes, words)
    log_y(ax, words, seconds_tick)
    label(ax, title=title, xlabel=size_label(words, analysis.size_key(workload)),
          ylabel=words("figure.time_per_call"))
    legend(ax, words, failed=drawn.failed, loc="upper left")
    return figure


def speedup(results: ResultSet, lang: str, workload: str = "matvec", suite: str | None = None,
            **params: Any) -> Figure:
    """CPU time / accelerator time against size; above 1 the accelerator wins, the dashed line marks where it starts
    to."""
    words = words_in(lang)
    title = words("figure.speedup_title", workload=workload_name(words, workload))
    accelerators = analysis.accelerators(results)
    if not accelerators:
        return empty(words, title, "figure.no_accelerator")
    curves = {device: analysis.speedups(results, device, workload=workload, suite=suite, **params)
              for device in accelerators}
    if not any(curves.values()):
        return empty(words, title)
    figure, (ax,) = new_figure()
    devices = ["cpu", *accelerators]
    ax.axhline(1.0, color=REFERENCE, linewidth=1.0, label=words("figure.same_speed"))
    drawn = Drawn()
    corner_notes: list[str] = []
    crossings: dict[int, list[str]] = {}
    for device in accelerators:
        color = device_color(device, devices)
        pairs = curves[device]
        name = words.device(device)
        line = Line(color, name, band=lambda r: (r.low, r.high))
        drawn.add(draw_speedups(ax, results, device, pairs, line, cpu_color=device_color("cpu", devices),
                                workload=workload, suite=suite, **params))
        if pairs:
            where = analysis.crossover(pairs)
            kind = findings.crossover_kind(where)
            if kind == "from" and where.size is not None:
                ax.axvline(where.size, color=color, linestyle="--", linewidth=1.2, gid=f"crossover-{device}")
                crossings.setdefault(where.size, []).append(name)
            else:
                corner_notes.append(words(CROSSOVER_NOTES[kind], device=name))
    size_axis(ax, drawn.sizes, words)
    speedup_y(ax, words)
    for size, names in crossings.items():
        # The note runs up its dashed line, one note for devices that cross at the same size.
        ax.annotate(words("figure.faster_from", device=", ".join(names), size=Size(size)), (size, 0.97),
                    xycoords=ax.get_xaxis_transform(), xytext=(-3, 0), textcoords="offset points", rotation=90,
                    ha="right", va="top", fontsize=NOTE_SIZE, color=INK,
                    bbox={"facecolor": BACKGROUND, "edgecolor": "none", "alpha": 0.85, "pad": 1.0})
    for row, note in enumerate(corner_notes):
        ax.text(0.02, 0.97 - 0.07 * row, note, transform=ax.transAxes, ha="left", va="top", fontsize=TICK_SIZE,
                color=INK, bbox={"facecolor": BACKGROUND, "edgecolor": "none", "alpha": 0.9, "pad": 1.5})
    label(ax, title=title, xlabel=size_label(words, analysis.size_key(workload)),
          ylabel=words("figure.speedup_axis"))
    legend(ax, words, failed=drawn.failed, loc="best")
    return figure


def bandwidth(results: ResultSet, lang: str, suite: str | None = None) -> Figure:
    """Memory bandwidth that ``B @ a`` achieves per device, under each device's measured copy ceiling (dashed)."""
    words = words_in(lang)
    title = words("figure.bandwidth_title")
    devices = devices_with_data(results, suite=suite, workload="matvec", method="engine")
    if not devices:
        return empty(words, title)
    figure, (ax,) = new_figure()
    drawn = Drawn()
    levels = []
    for device in devices:
        color = device_color(device, devices)
        line = Line(color, words.device(device))
        drawn.add(draw_series(ax, results, device, lambda p: p.gb_s, line, workload="matvec", suite=suite))
        ceiling = analysis.ceiling_gb_s(results, device)
        if ceiling:
            dashed = ax.axhline(ceiling, color=color, linestyle="--", linewidth=1.2, gid=f"ceiling-{device}")
            levels.append((words("figure.ceiling", device=words.device(device), value=Num(ceiling)), ceiling, dashed))
    size_axis(ax, drawn.sizes, words)
    log_y(ax, words, plain_number)
    ax.margins(y=0.15)
    label(ax, title=title, xlabel=size_label(words, "m"), ylabel=words("figure.bandwidth_axis"))
    legend(ax, words, failed=drawn.failed, loc="lower right")
    # Each ceiling's label where no measured line crosses it: where that is depends on this build's data.
    label_levels(figure, ax, levels)
    return figure


#: This module's figures by the names the chapters glue them by (mpsarticle.article.figures.files).
DRAWINGS = {
    "original": Drawing(original_bars, plotted=True),
    "original_engine": Drawing(functools.partial(original_bars, method="engine")),
    "time": Drawing(time_vs_size, plotted=True),
    "speedup": Drawing(speedup, plotted=True),
    "bandwidth": Drawing(bandwidth, plotted=True),
}
