"""Every figure of the article, in one style, labelled in English or Indonesian.

Each function takes a :class:`~mpsarticle.results.ResultSet` and a language
(``"en"`` or ``"id"``) and returns a :class:`matplotlib.figure.Figure`. The
figures are built on ``Figure`` objects directly, never through pyplot, so
drawing leaves no global state behind and works under any backend.

What the figures share, and why:

- Okabe–Ito colours, one fixed colour per device, so "CPU" is the same
  vermillion in every chart and colour-blind readers can tell devices apart.
- An opaque white background and dark text: the site has a dark theme, on
  which black labels of a transparent PNG would vanish.
- Every word comes from the ``figure.*`` entries of the catalogs
  (:mod:`mpsarticle.wording`); units (µs, ms, GB/s, GFLOP/s) are the
  same in both languages, decimal separators follow the language.
- Only points that are ``ok`` are drawn as a time or a speed. A point that ran
  but failed its correctness check is marked ✗ at the bottom of the axes;
  unsupported, out-of-memory and failed runs are left out.
- A figure whose data is missing shows a centred message instead of raising.
- A size that was not measured (unsupported, out of memory, time limit,
  error) is a gap in its line, never bridged by joining the neighbours; a
  series with no measured size at all keeps a legend entry saying why
  (:mod:`mpsarticle.gaps` words the chapter's explanation).

Numbers come from :mod:`mpsarticle.analysis`, as the prose's do. Nothing here measures.
"""

from __future__ import annotations

import functools
import io
import math
import textwrap
import unicodedata
from pathlib import Path
from typing import Callable, Iterable, Sequence

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.ticker import FixedLocator, Formatter, FuncFormatter, NullFormatter, NullLocator

from . import analysis, findings, formatting, gaps
from .results import ResultSet
from .wording import Words

__all__ = [
    "DEVICE_COLORS",
    "FIGURES",
    "MACHINE_COLORS",
    "MACHINE_FIGURES",
    "METHOD_COLORS",
    "bandwidth",
    "device_color",
    "device_label",
    "machine_name",
    "machines_efficiency",
    "machines_speedup",
    "machines_train",
    "matmul",
    "methods",
    "original_bars",
    "save_all",
    "speedup",
    "time_vs_size",
    "train",
]

# -- style -----------------------------------------------------------------------

#: Okabe & Ito (2008), a palette that stays distinct under every common colour-vision deficiency.
OKABE_ITO = {
    "orange": "#E69F00", "sky_blue": "#56B4E9", "bluish_green": "#009E73", "yellow": "#F0E442",
    "blue": "#0072B2", "vermillion": "#D55E00", "reddish_purple": "#CC79A7", "black": "#000000",
}
DEVICE_COLORS = {"cpu": OKABE_ITO["vermillion"], "mps": OKABE_ITO["blue"], "cuda": OKABE_ITO["bluish_green"]}
#: For devices beyond the three above (yellow is left out: too pale on white).
_SPARE_COLORS = (OKABE_ITO["reddish_purple"], OKABE_ITO["sky_blue"], OKABE_ITO["orange"], OKABE_ITO["black"])
METHOD_COLORS = {"naive": OKABE_ITO["orange"], "engine": OKABE_ITO["black"], "events": OKABE_ITO["reddish_purple"]}
METHOD_MARKERS = {"naive": "s", "engine": "o", "events": "^"}
#: Precision by line style and marker, so that colour stays free for the device.
DTYPE_STYLES = {"float32": ("-", "o"), "float16": ("--", "s"), "bfloat16": (":", "^")}

FIGSIZE = (7.0, 4.2)
DPI = 110
BACKGROUND = "white"
INK = "#222222"
GRID = "#DDDDDD"
#: The original article's ``timeit(..., number=100)``: its chart showed the total of 100 calls.
ORIGINAL_CALLS = 100
#: Gids that tests and :func:`save_all` recognise.
FAILED_GID = "failed-check"
MESSAGE_GID = "no-data-message"

# -- words -----------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _table(lang: str) -> dict[str, str]:
    return Words(lang).table("figure")


def _words(lang: str) -> dict[str, str]:
    """The figures' words in ``lang``: the ``figure.*`` entries of the language's catalog (:mod:`mpsarticle.wording`)."""
    return _table(lang)


def _number(value: float, lang: str) -> str:
    """A short number with the language's separators, as the prose writes it (en 4,312.5; id 4.312,5)."""
    return formatting.number(value, lang)


def _seconds(value: float, lang: str) -> str:
    return formatting.duration(value, lang)


def device_label(device: str) -> str:
    """How a device is named on a chart: the same in both languages."""
    return device.upper()


def device_color(device: str, devices: Sequence[str] = ()) -> str:
    """The device's fixed colour; devices without one take spare colours in order of appearance."""
    if device in DEVICE_COLORS:
        return DEVICE_COLORS[device]
    others = [d for d in devices if d not in DEVICE_COLORS]
    index = others.index(device) if device in others else len(others)
    return _SPARE_COLORS[index % len(_SPARE_COLORS)]


class _LogLabels(Formatter):
    """Log-axis labels in plain units: every decade, and 2 and 5 when the view spans under three decades.

    matplotlib's default would write 10^-4; readers of this article think in µs and ms.
    """

    def __init__(self, text: Callable[[float], str]) -> None:
        self.text = text

    def __call__(self, x: float, pos: int | None = None) -> str:
        if x <= 0 or self.axis is None:
            return ""
        low, high = sorted(self.axis.get_view_interval())
        span = math.log10(high / low) if low > 0 else math.inf
        lead = round(x / 10 ** math.floor(math.log10(x) + 1e-9), 6)
        if lead == 1 or span < 0.6 or (span < 3 and lead in (2, 5)):
            return self.text(x)
        return ""


# -- the common frame ----------------------------------------------------------------

class _Figure(Figure):
    """A Figure that shows itself as a PNG in a notebook cell.

    A figure made without pyplot has no display hook unless the kernel's inline
    backend happens to be loaded; this makes a chapter cell ending in
    ``plots.speedup(...)`` show the chart either way.
    """

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.savefig(buffer, format="png", dpi=DPI, facecolor=BACKGROUND)
        return buffer.getvalue()


def _figure(ncols: int = 1, *, width: float | None = None, height: float | None = None,
            sharey: bool = False) -> tuple[Figure, list[Axes]]:
    figure = _Figure(figsize=(width or FIGSIZE[0], height or FIGSIZE[1]), dpi=DPI, facecolor=BACKGROUND,
                    layout="constrained")
    axes = list(figure.subplots(1, ncols, sharey=sharey, squeeze=False)[0])
    if ncols > 1:
        figure.get_layout_engine().set(wspace=0.08)  # neighbouring panels' end tick labels must not touch
    for ax in axes:
        ax.set_facecolor(BACKGROUND)
        ax.grid(True, which="major", color=GRID, linewidth=0.7)
        ax.set_axisbelow(True)
        for side in ("top", "right"):
            ax.spines[side].set_visible(False)
        for side in ("left", "bottom"):
            ax.spines[side].set_color("#555555")
        ax.tick_params(colors=INK, labelsize=9)
    return figure, axes


def _label(ax: Axes, *, title: str | None = None, xlabel: str | None = None, ylabel: str | None = None) -> None:
    if title:
        ax.set_title(title, fontsize=11, color=INK)
    if xlabel:
        ax.set_xlabel(xlabel, fontsize=10, color=INK)
    if ylabel:
        ax.set_ylabel(ylabel, fontsize=10, color=INK)


def _size_axis(ax: Axes, sizes: Iterable[int]) -> None:
    """Log x with a tick at each measured size: the profiles step in powers of two."""
    ticks = sorted(set(sizes))
    ax.set_xscale("log", base=2)
    if ticks:
        ax.xaxis.set_major_locator(FixedLocator(ticks))
        ax.xaxis.set_minor_locator(NullLocator())
        ax.xaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:.0f}"))


def _log_y(ax: Axes, text: Callable[[float], str]) -> None:
    ax.set_yscale("log")
    ax.yaxis.set_major_formatter(_LogLabels(text))
    ax.yaxis.set_minor_formatter(_LogLabels(text))
    low, high = ax.dataLim.intervaly
    if not 0 < low <= high < math.inf:
        # Nothing but failed-check marks: a log axis without data cannot even place its ticks.
        ax.set_ylim(1, 10)
        ax.yaxis.set_major_locator(NullLocator())
        ax.yaxis.set_minor_locator(NullLocator())


def _speedup_y(ax: Axes, words: dict[str, str], lang: str) -> None:
    """A logarithmic speed-up axis, with which side of the line at 1 means what written beside it."""
    _log_y(ax, lambda v: _number(v, lang) + "×")
    ax.margins(y=0.15)
    for key, dy, va in (("acc_faster", 3, "bottom"), ("cpu_faster", -3, "top")):
        ax.annotate(words[key], (1.0, 1.0), xycoords=("axes fraction", "data"), xytext=(-3, dy),
                    textcoords="offset points", ha="right", va=va, fontsize=8.5, color="#555555")


def _gapped(xs: Sequence[float], ys: Sequence[float], missing: Iterable[float]) -> tuple[list[float], list[float]]:
    """The series with NaN at each size between its ends that was not measured: matplotlib breaks the line there."""
    inside = {x for x in missing if xs and min(xs) < x < max(xs)} - set(xs)
    merged = sorted([*zip(xs, ys), *((x, math.nan) for x in inside)])
    return [x for x, _ in merged], [y for _, y in merged]


def _mark_failed(ax: Axes, xs: Sequence[float], color: str) -> bool:
    """✗ at the foot of the axes where a point ran but gave a wrong answer: no time is drawn for it."""
    if not xs:
        return False
    ax.plot(list(xs), [0.04] * len(xs), transform=ax.get_xaxis_transform(), linestyle="none", marker="X",
            markersize=10, markerfacecolor=color, markeredgecolor=INK, markeredgewidth=0.8, clip_on=False,
            zorder=5, gid=FAILED_GID, label="_nolegend_")
    return True


def _legend(where: Axes | Figure, words: dict[str, str], *, failed: bool, passed: bool = False,
            axes: Sequence[Axes] = (), pairs: Sequence[tuple[object, str]] | None = None,
            **options: object) -> None:
    """One opaque legend; entries of several axes are merged by label, the ✓/✗ keys added last.

    ``pairs`` of (handle, label) replace the axes' own entries: matplotlib drops
    a label that starts with "_", which a machine's label may well do.
    """
    entries: dict[str, object] = {}
    if pairs is not None:
        for handle, label in pairs:
            entries.setdefault(label, handle)
    for ax in [] if pairs is not None else axes or [where]:
        for handle, label in zip(*ax.get_legend_handles_labels()):
            entries.setdefault(label, handle)
    if passed:
        entries[words["passed"]] = Line2D([], [], linestyle="none", marker="$✓$", markersize=9, color=INK)
    if failed:
        entries[words["failed"]] = Line2D([], [], linestyle="none", marker="X", markersize=9,
                                          markerfacecolor="#888888", markeredgecolor=INK)
    if entries:
        where.legend(list(entries.values()), list(entries), fontsize=8.5, frameon=True, facecolor=BACKGROUND,
                     edgecolor="#CCCCCC", framealpha=1.0, **options)


def _message(ax: Axes, text: str) -> None:
    """An empty axes that says why it is empty: a chapter's cell must never fail for lack of data."""
    ax.set_xticks([])
    ax.set_yticks([])
    ax.grid(False)
    ax.text(0.5, 0.5, text, transform=ax.transAxes, ha="center", va="center", fontsize=11, color=INK,
            wrap=True, gid=MESSAGE_GID)


def _empty(words: dict[str, str], title: str, key: str = "no_data") -> Figure:
    figure, (ax,) = _figure()
    _label(ax, title=title)
    _message(ax, words[key])
    return figure


def _devices(results: ResultSet, **criteria: object) -> list[str]:
    """Devices with something to draw (a time, or a failed check) among the points matching ``criteria``.

    The CPU comes first: it is the baseline of every comparison.
    """
    found = list(dict.fromkeys(p.device for p in results.select(**criteria) if p.status == "ok"))
    return sorted(found, key=lambda device: device != "cpu")


# -- the figures -----------------------------------------------------------------

def original_bars(results: ResultSet, lang: str, method: str = "naive") -> Figure:
    """The blog post's chart rebuilt: seconds for 100 calls of ``B @ a`` per m, one bar per device.

    With ``method="naive"`` these are the post's own numbers (``timeit``
    without synchronisation); with ``"engine"`` the same chart with honest times.
    """
    words = _words(lang)
    title = words["original_title"].format(method=words[f"method.{method}"])
    criteria = {"suite": "original", "workload": "matvec", "method": method}
    devices = _devices(results, **criteria)
    if not devices:
        return _empty(words, title)
    sizes = sorted({int(p.params["m"]) for p in results.select(**criteria)})
    position = {m: i for i, m in enumerate(sizes)}
    figure, (ax,) = _figure()
    width = 0.8 / len(devices)
    failed = False
    for index, device in enumerate(devices):
        offset = (index - (len(devices) - 1) / 2) * width
        color = device_color(device, devices)
        pairs = analysis.series(results, workload="matvec", device=device, method=method, suite="original")
        ax.bar([position[m] + offset for m, _ in pairs], [p.median_s * ORIGINAL_CALLS for _, p in pairs],
               width=width, color=color, label=device_label(device))
        bad = analysis.failed_checks(results, workload="matvec", device=device, method=method, suite="original")
        failed |= _mark_failed(ax, [position[m] + offset for m, _ in bad], color)
    ax.set_xticks(range(len(sizes)), [str(m) for m in sizes])
    ax.grid(False, axis="x")
    _label(ax, title=title, xlabel=words["dimension"], ylabel=words["elapsed_100"])
    # "best": a cold first call (no warm-up in timeit) can make the leftmost bar the tallest.
    _legend(ax, words, failed=failed, loc="best")
    return figure


def time_vs_size(results: ResultSet, lang: str, workload: str = "matvec", suite: str = "matvec",
                 method: str = "engine", **params: object) -> Figure:
    """Time per call against size on log-log axes, one line per device; the band spans the 95 % interval of each median."""
    words = _words(lang)
    title = words["time_title"].format(workload=words.get(f"workload.{workload}", workload),
                                       method=words[f"method.{method}"])
    devices = _devices(results, suite=suite, workload=workload, method=method, **params)
    if not devices:
        return _empty(words, title)
    figure, (ax,) = _figure()
    sizes: list[int] = []
    failed = False
    for device in devices:
        color = device_color(device, devices)
        pairs = analysis.series(results, workload=workload, device=device, method=method, suite=suite, **params)
        xs, medians = [s for s, _ in pairs], [p.median_s for _, p in pairs]
        if pairs:
            missing = gaps.unmeasured_sizes(results, workload=workload, device=device, method=method, suite=suite,
                                            **params)
            low = _gapped(xs, [p.ci_low_s for _, p in pairs], missing)
            high = _gapped(xs, [p.ci_high_s for _, p in pairs], missing)
            ax.fill_between(low[0], low[1], high[1], color=color, alpha=0.2, linewidth=0)
            ax.plot(*_gapped(xs, medians, missing), color=color, marker="o", markersize=5, linewidth=1.8,
                    label=device_label(device))
        bad = analysis.failed_checks(results, workload=workload, device=device, method=method, suite=suite, **params)
        failed |= _mark_failed(ax, [s for s, _ in bad], color)
        sizes += xs + [s for s, _ in bad]
    _size_axis(ax, sizes)
    _log_y(ax, lambda v: _seconds(v, lang))
    _label(ax, title=title, xlabel=words[f"size.{analysis.size_key(workload)}"], ylabel=words["time_per_call"])
    _legend(ax, words, failed=failed, loc="upper left")
    return figure


#: The corner note of the speed-up figure, by :func:`mpsarticle.findings.crossover_kind` (``from`` draws a line instead).
CROSSOVER_NOTES = {"always": "faster_always", "never": "faster_never", "mixed": "faster_some"}


def speedup(results: ResultSet, lang: str, workload: str = "matvec", suite: str = "matvec",
            **params: object) -> Figure:
    """CPU time / accelerator time against size; above 1 the accelerator wins, the dashed line marks where it starts to."""
    words = _words(lang)
    title = words["speedup_title"].format(workload=words.get(f"workload.{workload}", workload))
    accelerators = analysis.accelerators(results)
    if not accelerators:
        return _empty(words, title, "no_accelerator")
    curves = {device: analysis.speedups(results, device, workload=workload, suite=suite, **params)
              for device in accelerators}
    if not any(curves.values()):
        return _empty(words, title)
    figure, (ax,) = _figure()
    devices = ["cpu", *accelerators]
    ax.axhline(1.0, color="#666666", linewidth=1.0, label=words["same_speed"])
    sizes: list[int] = []
    failed = False
    corner_notes: list[str] = []
    crossings: dict[int, list[str]] = {}
    for device in accelerators:
        color = device_color(device, devices)
        pairs = curves[device]
        name = device_label(device)
        if pairs:
            missing = [size for both in (device, "cpu") for size in
                       gaps.unmeasured_sizes(results, workload=workload, device=both, suite=suite, **params)]
            xs = [s for s, _ in pairs]
            low = _gapped(xs, [r.low for _, r in pairs], missing)
            high = _gapped(xs, [r.high for _, r in pairs], missing)
            ax.fill_between(low[0], low[1], high[1], color=color, alpha=0.2, linewidth=0)
            ax.plot(*_gapped(xs, [r.value for _, r in pairs], missing), color=color, marker="o",
                    markersize=5, linewidth=1.8, label=name)
            sizes += [s for s, _ in pairs]
            where = analysis.crossover(pairs)
            kind = findings.crossover_kind(where)
            if kind == "from":
                ax.axvline(where.size, color=color, linestyle="--", linewidth=1.2, gid=f"crossover-{device}")
                crossings.setdefault(where.size, []).append(name)
            else:
                corner_notes.append(words[CROSSOVER_NOTES[kind]].format(device=name))
        for both in (device, "cpu"):
            bad = analysis.failed_checks(results, workload=workload, device=both, suite=suite, **params)
            failed |= _mark_failed(ax, [s for s, _ in bad], device_color(both, devices))
            sizes += [s for s, _ in bad]
    _size_axis(ax, sizes)
    _speedup_y(ax, words, lang)
    for size, names in crossings.items():
        # The note runs up its dashed line, one note for devices that cross at the same size.
        ax.annotate(words["faster_from"].format(device=", ".join(names), size=size), (size, 0.97),
                    xycoords=ax.get_xaxis_transform(), xytext=(-3, 0), textcoords="offset points", rotation=90,
                    ha="right", va="top", fontsize=8.5, color=INK,
                    bbox={"facecolor": BACKGROUND, "edgecolor": "none", "alpha": 0.85, "pad": 1.0})
    for row, note in enumerate(corner_notes):
        ax.text(0.02, 0.97 - 0.07 * row, note, transform=ax.transAxes, ha="left", va="top", fontsize=9, color=INK,
                bbox={"facecolor": BACKGROUND, "edgecolor": "none", "alpha": 0.9, "pad": 1.5})
    _label(ax, title=title, xlabel=words[f"size.{analysis.size_key(workload)}"], ylabel=words["speedup_axis"])
    _legend(ax, words, failed=failed, loc="best")
    return figure


def methods(results: ResultSet, lang: str, suite: str = "matvec") -> Figure:
    """Per device, time per call of ``B @ a`` by the three timing methods.

    On an accelerator the unsynchronised ``timeit`` only measures how fast
    work is queued, so its line lies below the two honest ones; on the CPU
    the three agree.
    """
    words = _words(lang)
    title = words["methods_title"]
    devices = _devices(results, suite=suite, workload="matvec")
    if not devices:
        return _empty(words, title)
    figure, axes = _figure(len(devices), width=FIGSIZE[0] if len(devices) < 3 else 3.2 * len(devices), sharey=True)
    figure.suptitle(title, fontsize=11, color=INK)
    failed = False
    for ax, device in zip(axes, devices):
        sizes: list[int] = []
        for method in ("naive", "engine", "events"):
            color = METHOD_COLORS[method]
            pairs = analysis.series(results, workload="matvec", device=device, method=method, suite=suite)
            if pairs:
                missing = gaps.unmeasured_sizes(results, workload="matvec", device=device, method=method, suite=suite)
                ax.plot(*_gapped([s for s, _ in pairs], [p.median_s for _, p in pairs], missing), color=color,
                        marker=METHOD_MARKERS[method], markersize=5, linewidth=1.6, label=words[f"method.{method}"])
            bad = analysis.failed_checks(results, workload="matvec", device=device, method=method, suite=suite)
            failed |= _mark_failed(ax, [s for s, _ in bad], color)
            sizes += [s for s, _ in pairs] + [s for s, _ in bad]
        ratios = [(s, r.value) for s, r in analysis.time_ratios(results, device, suite=suite) if r.low >= 2]
        if ratios:
            size, ratio = ratios[-1]
            shown = _number(round(ratio) if ratio >= 10 else round(ratio, 1), lang)
            ax.text(0.03, 0.97, words["under_reports"].format(size=size, ratio=shown + "×"),
                    transform=ax.transAxes, ha="left", va="top", fontsize=8.5, color=INK)
        _size_axis(ax, sizes)
        _log_y(ax, lambda v: _seconds(v, lang))
        _label(ax, title=device_label(device), xlabel=words["size.m"])
    _label(axes[0], ylabel=words["time_per_call"])
    # Below the panels: inside one it would cover that device's lines.
    _legend(figure, words, failed=failed, axes=axes, loc="outside lower center", ncols=4)
    return figure


def bandwidth(results: ResultSet, lang: str, suite: str = "matvec") -> Figure:
    """Memory bandwidth that ``B @ a`` achieves per device, under each device's measured copy ceiling (dashed)."""
    words = _words(lang)
    title = words["bandwidth_title"]
    devices = _devices(results, suite=suite, workload="matvec", method="engine")
    if not devices:
        return _empty(words, title)
    figure, (ax,) = _figure()
    sizes: list[int] = []
    failed = False
    for index, device in enumerate(devices):
        color = device_color(device, devices)
        pairs = analysis.series(results, workload="matvec", device=device, suite=suite)
        if pairs:
            missing = gaps.unmeasured_sizes(results, workload="matvec", device=device, suite=suite)
            ax.plot(*_gapped([s for s, _ in pairs], [p.gb_s for _, p in pairs], missing), color=color, marker="o",
                    markersize=5, linewidth=1.8, label=device_label(device))
        bad = analysis.failed_checks(results, workload="matvec", device=device, suite=suite)
        failed |= _mark_failed(ax, [s for s, _ in bad], color)
        sizes += [s for s, _ in pairs] + [s for s, _ in bad]
        ceiling = analysis.ceiling_gb_s(results, device)
        if ceiling:
            ax.axhline(ceiling, color=color, linestyle="--", linewidth=1.2, gid=f"ceiling-{device}")
            # Alternately above and below the line, so that close ceilings keep legible labels.
            above = index % 2 == 0
            ax.annotate(words["ceiling"].format(device=device_label(device), value=_number(ceiling, lang)),
                        (0.01, ceiling), xycoords=("axes fraction", "data"), xytext=(0, 3 if above else -3),
                        textcoords="offset points", ha="left", va="bottom" if above else "top", fontsize=8.5,
                        color=INK)
    _size_axis(ax, sizes)
    _log_y(ax, lambda v: _number(v, lang))
    ax.margins(y=0.15)
    _label(ax, title=title, xlabel=words["size.m"], ylabel=words["bandwidth_axis"])
    _legend(ax, words, failed=failed, loc="lower right")
    return figure


def matmul(results: ResultSet, lang: str) -> Figure:
    """Computation rate of ``A @ B`` against m: colour for the device, line style for the precision."""
    words = _words(lang)
    title = words["matmul_title"]
    devices = _devices(results, suite="matmul", workload="matmul")
    if not devices:
        return _empty(words, title)
    dtypes = sorted({str(p.params.get("dtype")) for p in results.select(suite="matmul", workload="matmul")},
                    key=lambda d: (list(DTYPE_STYLES).index(d) if d in DTYPE_STYLES else len(DTYPE_STYLES), d))
    figure, (ax,) = _figure()
    sizes: list[int] = []
    failed = False
    for device in devices:
        color = device_color(device, devices)
        for dtype in dtypes:
            linestyle, marker = DTYPE_STYLES.get(dtype, ("-.", "D"))
            pairs = analysis.series(results, workload="matmul", device=device, suite="matmul", dtype=dtype)
            missing = gaps.unmeasured(results, workload="matmul", device=device, suite="matmul", method="engine",
                                      dtype=dtype)
            if pairs:
                ax.plot(*_gapped([s for s, _ in pairs], [p.gflop_s for _, p in pairs],
                                 [int(p.params["m"]) for p in missing]), color=color, linestyle=linestyle,
                        marker=marker, markersize=5, linewidth=1.6, label=f"{device_label(device)} {dtype}")
            elif missing:
                # Nothing to draw: the legend still names the series and why it is absent.
                why = words[f"status.{missing[0].status}"]
                ax.plot([], [], color=color, linestyle=linestyle, marker=marker, markerfacecolor="none",
                        linewidth=1.6, label=f"{device_label(device)} {dtype}: {why}")
            bad = analysis.failed_checks(results, workload="matmul", device=device, suite="matmul", dtype=dtype)
            failed |= _mark_failed(ax, [s for s, _ in bad], color)
            sizes += [s for s, _ in pairs] + [s for s, _ in bad]
    _size_axis(ax, sizes)
    _log_y(ax, lambda v: _number(v, lang))
    _label(ax, title=title, xlabel=words["size.m"], ylabel=words["matmul_axis"])
    _legend(ax, words, failed=failed, loc="best", ncols=len(devices))
    return figure


def train(results: ResultSet, lang: str) -> Figure:
    """Time per training step per device and batch size, each bar labelled with its correctness check."""
    words = _words(lang)
    title = words["train_title"]
    criteria = {"suite": "train", "workload": "train_step"}
    devices = _devices(results, **criteria)
    rows = []  # (label, device, point or None when the check failed)
    for batch in sorted({int(p.params["batch"]) for p in results.select(**criteria)}):
        for device in devices:
            good = dict(analysis.series(results, workload="train_step", device=device, suite="train"))
            bad = dict(analysis.failed_checks(results, workload="train_step", device=device, suite="train"))
            if batch in good or batch in bad:
                label = words["train_row"].format(device=device_label(device), batch=batch)
                rows.append((label, device, good.get(batch)))
    if not rows:
        return _empty(words, title)
    figure, (ax,) = _figure(height=min(FIGSIZE[1], 1.9 + 0.45 * len(rows)))
    longest = max((p.median_s * 1e3 for _, _, p in rows if p), default=1.0)
    failed = False
    for y, (_, device, point) in enumerate(rows):
        color = device_color(device, devices)
        if point is None:
            failed = True
            ax.plot([0], [y], linestyle="none", marker="X", markersize=10, markerfacecolor=color,
                    markeredgecolor=INK, clip_on=False, gid=FAILED_GID)
            ax.text(longest * 0.03, y, f"✗ {words['failed']}", va="center", fontsize=9, color=INK)
            continue
        value = point.median_s * 1e3
        ax.barh(y, value, color=color, height=0.6)
        mark = {"passed": " ✓", "failed": " ✗"}.get(point.check, "")
        ax.text(value + longest * 0.01, y, f"{_number(value, lang)} ms{mark}", va="center", fontsize=9, color=INK)
    ax.set_yticks(range(len(rows)), [label for label, _, _ in rows])
    ax.invert_yaxis()
    ax.set_xlim(0, longest * 1.25)
    ax.grid(False, axis="y")
    _label(ax, title=title, xlabel=words["train_axis"])
    passed = any(p is not None and p.check == "passed" for _, _, p in rows)
    # Outside the axes: with one or two rows any corner inside would cover a bar.
    _legend(figure, words, failed=failed, passed=passed, axes=[ax], loc="outside lower center", ncols=2)
    return figure


# -- several machines ------------------------------------------------------------------
#
# The chapter "Results from other machines" sets this build's results beside an
# archive recorded elsewhere. Its figures take ``entries``: (machine label,
# results) pairs, this build first. Labels come from files anyone can write, so
# they pass through :func:`machine_name` before they reach a Text.

#: One colour per machine, in Okabe–Ito order (yellow left out: too pale on white).
MACHINE_COLORS = tuple(OKABE_ITO[name] for name in ("orange", "sky_blue", "bluish_green", "blue", "vermillion",
                                                    "reddish_purple", "black"))
#: Device kind by line style and marker: the CPU solid, accelerators dashed.
MACHINE_DEVICE_STYLES = {"cpu": ("-", "o"), "cuda": ("--", "^"), "mps": ("--", "s")}
_OTHER_DEVICE_STYLE = ("--", "D")
#: Machine labels longer than this are cut with "…" in figures.
LABEL_LIMIT = 40
#: The batch every profile measures the training step at.
TRAIN_BATCH = 32
_UNPRINTABLE = {"Cc", "Cf", "Cs", "Co", "Cn"}

Entries = Iterable[tuple[str, ResultSet]]


@functools.lru_cache(maxsize=1)
def _font_characters() -> frozenset[int] | None:
    """Code points the figures' font can draw; ``None`` where that cannot be told (then nothing is replaced)."""
    try:
        from matplotlib import font_manager
        from matplotlib.ft2font import FT2Font

        return frozenset(FT2Font(font_manager.findfont(font_manager.FontProperties())).get_charmap())
    except Exception:  # an odd font setup must not cost a figure
        return None


def _drawable(char: str) -> str:
    if char.isspace():
        return " "
    drawable = _font_characters()
    if unicodedata.category(char) in _UNPRINTABLE or (drawable is not None and ord(char) not in drawable):
        return "\ufffd"
    return char


def machine_name(label: object, lang: str = "en", limit: int = LABEL_LIMIT) -> str:
    r"""A machine label as a figure shows it: literal, on one line, at most ``limit`` characters.

    Control, format, private-use and unassigned characters, and those the
    font has no glyph for (emoji, say), become U+FFFD; whitespace runs one
    space, a long label is cut with "…", and every ``$`` is escaped:
    matplotlib draws ``\$`` as a dollar sign, and with no unescaped pair of
    ``$`` left it never enters math mode. Never raises.
    """
    words = _words(lang)
    text = "" if label is None else str(label)
    text = "".join(_drawable(char) for char in text)
    text = " ".join(text.split())
    if len(text) > limit:
        text = text[: max(limit - 1, 1)].rstrip() + "…"
    return text.replace("$", r"\$") or words["machines.unnamed"]


def _machines(entries: Entries, lang: str) -> list[tuple[str, ResultSet]]:
    """(shown name, results) per entry; equal names get " (2)", " (3)"… so that no legend entry hides another."""
    found: list[tuple[str, ResultSet]] = []
    for entry in entries or ():
        try:
            label, results = entry
        except (TypeError, ValueError):
            continue
        if not isinstance(results, ResultSet):
            continue
        base = name = machine_name(label, lang)
        count = 2
        while name in [shown for shown, _ in found]:
            name, count = f"{base} ({count})", count + 1
        found.append((name, results))
    return found


def _machine_color(index: int) -> str:
    return MACHINE_COLORS[index % len(MACHINE_COLORS)]


def _device_style(device: str) -> tuple[str, str]:
    return MACHINE_DEVICE_STYLES.get(device, _OTHER_DEVICE_STYLE)


def _cpu_first(results: ResultSet) -> list[str]:
    return sorted(results.devices, key=lambda device: device != "cpu")


def _percent(value: float, lang: str) -> str:
    return _number(value * 100, lang) + "%"


def _machine_size_axis(ax: Axes, sizes: Iterable[int], most: int = 9) -> None:
    """:func:`_size_axis` with ticks thinned to at most ``most`` labels.

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
    _size_axis(ax, labelled)
    if len(labelled) < len(kept):
        ax.xaxis.set_minor_locator(FixedLocator([size for size in kept if size not in labelled]))
        ax.xaxis.set_minor_formatter(NullFormatter())


def _proxy(color: str, device: str) -> Line2D:
    linestyle, marker = _device_style(device)
    return Line2D([], [], color=color, linestyle=linestyle, marker=marker, markersize=5, linewidth=1.6)


def _note_below(ax: Axes, text: str) -> None:
    """A small note under the x label, wrapped: it names machines, and there may be many."""
    ax.annotate("\n".join(textwrap.wrap(text, 110, break_on_hyphens=False)) or text, (0.0, 0.0),
                xycoords=("axes fraction", ax.xaxis.label), xytext=(0, -4), textcoords="offset points",
                ha="left", va="top", fontsize=8.5, color="#444444", gid="machines-note")


def machines_speedup(entries: Entries, lang: str, suite: str = "matvec") -> Figure:
    """CPU time / accelerator time of ``B @ a`` against m: one line per (machine, accelerator).

    Colour tells the machine, the marker the accelerator; machines without an
    accelerator are named in a note below the axes.
    """
    words = _words(lang)
    title = words["machines.speedup_title"]
    machines = _machines(entries, lang)
    curves = []  # (machine index, name, accelerator, pairs)
    cpu_only: list[str] = []
    no_pairs: list[str] = []
    for index, (name, results) in enumerate(machines):
        accelerators = analysis.accelerators(results)
        if not accelerators:
            cpu_only.append(name)
            continue
        found = [(index, name, device, analysis.speedups(results, device, suite=suite)) for device in accelerators]
        found = [curve for curve in found if curve[3]]
        if not found:
            no_pairs.append(name)
        curves += found
    if not curves:
        return _empty(words, title, "machines.no_accelerator" if not no_pairs else "no_data")
    figure, (ax,) = _figure(height=FIGSIZE[1] + 0.6)
    same = ax.axhline(1.0, color="#666666", linewidth=1.0)
    pairs: list[tuple[object, str]] = [(same, words["same_speed"])]
    sizes: list[int] = []
    failed = False
    for index, name, device, ratios in curves:
        color = _machine_color(index)
        label = words["machines.line"].format(machine=name, device=device_label(device))
        line, = ax.plot([s for s, _ in ratios], [r.value for _, r in ratios], color=color, linestyle="-",
                        marker=_device_style(device)[1], markersize=5, linewidth=1.8, label=label)
        pairs.append((line, label))
        sizes += [s for s, _ in ratios]
        results = machines[index][1]
        for both in (device, "cpu"):
            bad = analysis.failed_checks(results, workload="matvec", device=both, suite=suite)
            failed |= _mark_failed(ax, [s for s, _ in bad], color)
            sizes += [s for s, _ in bad]
    _machine_size_axis(ax, sizes)
    _speedup_y(ax, words, lang)
    _label(ax, title=title, xlabel=words["size.m"], ylabel=words["speedup_axis"])
    notes = [words[key].format(labels=", ".join(names))
             for key, names in (("machines.cpu_only", cpu_only), ("machines.no_pairs", no_pairs)) if names]
    if notes:
        _note_below(ax, " · ".join(notes))
    _legend(figure, words, failed=failed, pairs=pairs, loc="outside lower center", ncols=2)
    return figure


def machines_efficiency(entries: Entries, lang: str, suite: str = "matvec") -> Figure:
    """Each device against its own references, one line per (machine, device).

    Left: the bandwidth ``B @ a`` achieves as a share of the same device's
    copy bandwidth (a CPU can pass 100%: reading alone beats a copy, which also
    pays for write-allocate, and small matrices sit in cache). Right: float32
    ``A @ B`` as a share of the same device's best float32 rate. Colour tells
    the machine, line style the kind of device (CPU solid, accelerator dashed).
    """
    words = _words(lang)
    title = words["machines.efficiency_title"]
    machines = _machines(entries, lang)
    lines = []  # (panel, color, device, label, xs, ys)
    failures = []  # (panel, color, sizes)
    legend: list[tuple[object, str]] = []
    for index, (name, results) in enumerate(machines):
        color = _machine_color(index)
        for device in _cpu_first(results):
            label = words["machines.line"].format(machine=name, device=device_label(device))
            drawn = False
            ceiling = analysis.ceiling_gb_s(results, device)
            if ceiling:
                shares = [(m, p.gb_s / ceiling) for m, p in
                          analysis.series(results, workload="matvec", device=device, suite=suite) if p.gb_s]
                if shares:
                    lines.append((0, color, device, label, [m for m, _ in shares], [f for _, f in shares]))
                    drawn = True
            peak = analysis.peak_gflop_s(results, device, "float32")
            if peak:
                shares = [(m, p.gflop_s / peak) for m, p in analysis.series(
                    results, workload="matmul", device=device, suite="matmul", dtype="float32") if p.gflop_s]
                if shares:
                    lines.append((1, color, device, label, [m for m, _ in shares], [f for _, f in shares]))
                    drawn = True
            bad = [m for m, _ in analysis.failed_checks(results, workload="matvec", device=device, suite=suite)]
            failures.append((0, color, bad))
            bad_matmul = analysis.failed_checks(results, workload="matmul", device=device, suite="matmul",
                                                dtype="float32")
            failures.append((1, color, [m for m, _ in bad_matmul]))
            if drawn:
                legend.append((_proxy(color, device), label))
    if not lines:
        return _empty(words, title)
    figure, axes = _figure(2, height=FIGSIZE[1] + 0.8)
    figure.suptitle(title, fontsize=11, color=INK)
    sizes: list[list[int]] = [[], []]
    for panel, color, device, label, xs, ys in lines:
        linestyle, marker = _device_style(device)
        axes[panel].plot(xs, ys, color=color, linestyle=linestyle, marker=marker, markersize=5, linewidth=1.6,
                         label=label, gid=f"share-{device}")
        sizes[panel] += xs
    failed = False
    for panel, color, bad in failures:
        failed |= _mark_failed(axes[panel], bad, color)
        sizes[panel] += bad
    keys = (("machines.bandwidth_panel", "machines.bandwidth_axis"), ("machines.matmul_panel", "machines.matmul_axis"))
    for panel, (ax, (heading, axis)) in enumerate(zip(axes, keys)):
        _label(ax, title=words[heading], xlabel=words["size.m"], ylabel=words[axis])
        if not any(line[0] == panel for line in lines):
            _message(ax, words["no_data"])
            continue
        # Named in the legend, not beside the line: there it would cover the lines that cross 100%.
        ax.axhline(1.0, color="#666666", linestyle="--", linewidth=1.0, gid="own-limit")
        _machine_size_axis(ax, sizes[panel], most=5)
        _log_y(ax, lambda v: _percent(v, lang))
        ax.margins(y=0.12)
    legend.append((Line2D([], [], color="#666666", linestyle="--", linewidth=1.0), words["machines.own_limit"]))
    _legend(figure, words, failed=failed, pairs=legend, loc="outside lower center", ncols=2)
    return figure


def machines_train(entries: Entries, lang: str) -> Figure:
    """Time per training step at batch 32 per (machine, device), bars on a log axis in ms.

    A device without batch 32 shows its smallest batch, named in its label; a
    step that failed its correctness check is marked ✗, never drawn as a time.
    """
    words = _words(lang)
    title = words["machines.train_title"].format(batch=TRAIN_BATCH)
    rows = []  # (machine index, device name part, point or None when the check failed)
    names = []
    for index, (name, results) in enumerate(_machines(entries, lang)):
        names.append(name)
        for device in _cpu_first(results):
            good = dict(analysis.series(results, workload="train_step", device=device, suite="train"))
            bad = dict(analysis.failed_checks(results, workload="train_step", device=device, suite="train"))
            batches = sorted(good.keys() | bad.keys())
            if not batches:
                continue
            batch = TRAIN_BATCH if TRAIN_BATCH in batches else batches[0]
            part = device_label(device) if batch == TRAIN_BATCH else words["train_row"].format(
                device=device_label(device), batch=batch)
            rows.append((index, part, good.get(batch)))
    if not rows:
        return _empty(words, title)
    # Long names go on a line of their own, so that the bars keep their width.
    two_lines = max(len(names[index]) + len(part) for index, part, _ in rows) > 34
    labels = [f"{names[index]}\n{part}" if two_lines else words["machines.line"].format(machine=names[index],
                                                                                         device=part)
              for index, part, _ in rows]
    height = min(1.7 + (0.55 if two_lines else 0.4) * len(rows), 9.0)
    figure, (ax,) = _figure(height=max(height, 2.4))
    values = [p.median_s * 1e3 for _, _, p in rows if p is not None]
    low, high = (min(values), max(values)) if values else (1.0, 1.0)
    base = 10 ** math.floor(math.log10(low * 0.999))
    decades = max(math.log10(high / base), 0.3)
    failed = passed = False
    for y, (index, _, point) in enumerate(rows):
        color = _machine_color(index)
        if point is None:
            failed = True
            ax.plot([0.015], [y], transform=ax.get_yaxis_transform(), linestyle="none", marker="X", markersize=10,
                    markerfacecolor=color, markeredgecolor=INK, clip_on=False, gid=FAILED_GID)
            ax.annotate(f"✗ {words['failed']}", (0.015, y), xycoords=("axes fraction", "data"), xytext=(9, 0),
                        textcoords="offset points", va="center", fontsize=9, color=INK)
            continue
        value = point.median_s * 1e3
        ax.barh(y, value - base, left=base, color=color, height=0.6)
        mark = {"passed": " ✓", "failed": " ✗"}.get(point.check, "")
        passed |= point.check == "passed"
        ax.annotate(f"{_number(value, lang)} ms{mark}", (value, y), xytext=(3, 0), textcoords="offset points",
                    va="center", fontsize=9, color=INK)
    for y in range(1, len(rows)):
        if rows[y][0] != rows[y - 1][0]:
            ax.axhline(y - 0.5, color="#BBBBBB", linewidth=0.8)
    ax.set_yticks(range(len(rows)), labels, fontsize=9)
    ax.invert_yaxis()
    ax.set_xscale("log")
    # Room on the right for the value written after the longest bar.
    ax.set_xlim(base, base * 10 ** (decades / 0.8))
    ax.xaxis.set_major_formatter(_LogLabels(lambda v: _number(v, lang)))
    ax.xaxis.set_minor_formatter(_LogLabels(lambda v: _number(v, lang)))
    ax.grid(False, axis="y")
    ax.grid(True, axis="x", which="major", color=GRID, linewidth=0.7)
    # Over the whole figure, not the axes: long machine names push the axes right, and its title off the edge.
    figure.suptitle(title, fontsize=11, color=INK)
    _label(ax, xlabel=words["train_axis"])
    _legend(figure, words, failed=failed, passed=passed, pairs=[], loc="outside lower center", ncols=2)
    return figure


# -- files -------------------------------------------------------------------------

#: File stem -> figure function, in the order of the article's chapters.
FIGURES: dict[str, Callable[[ResultSet, str], Figure]] = {
    "original": original_bars,
    "time": time_vs_size,
    "speedup": speedup,
    "methods": methods,
    "bandwidth": bandwidth,
    "matmul": matmul,
    "train": train,
}

#: File stem -> figure function of the chapter "Results from other machines"; each takes (entries, lang).
MACHINE_FIGURES: dict[str, Callable[[Entries, str], Figure]] = {
    "machines-speedup": machines_speedup,
    "machines-efficiency": machines_efficiency,
    "machines-train": machines_train,
}


def _has_data(figure: Figure) -> bool:
    return not all(any(t.get_gid() == MESSAGE_GID for t in ax.texts) for ax in figure.axes)


def save_all(results: ResultSet, folder: str | Path, lang: str = "en") -> list[Path]:
    """Write every figure that has data as ``<name>.png`` in ``folder`` (created if missing); return the paths."""
    _words(lang)
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name, draw in FIGURES.items():
        figure = draw(results, lang)
        if _has_data(figure):
            path = target / f"{name}.png"
            figure.savefig(path, dpi=DPI, facecolor=BACKGROUND, transparent=False)
            written.append(path)
    return written
