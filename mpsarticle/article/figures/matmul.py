"""The figure of the chapter on ``A @ B``: rate against m, colour for the device, line style for the precision."""

from __future__ import annotations

from matplotlib.figure import Figure

from mpsarticle.analysis import series as analysis
from mpsarticle.article.figures.frame import empty, label, legend, log_y, new_figure, size_axis
from mpsarticle.article.figures.series import Drawn, Line, devices_with_data, draw_series
from mpsarticle.article.figures.style import DTYPE_STYLES, OTHER_DTYPE_STYLE, device_color, device_name, number, words
from mpsarticle.results.model import ResultSet

__all__ = ["matmul"]


def _dtype_order(dtype: str) -> tuple[int, str]:
    return (list(DTYPE_STYLES).index(dtype) if dtype in DTYPE_STYLES else len(DTYPE_STYLES), dtype)


def matmul(results: ResultSet, lang: str) -> Figure:
    """Computation rate of ``A @ B`` against m: colour for the device, line style for the precision."""
    table = words(lang)
    title = table["matmul_title"]
    devices = devices_with_data(results, suite="matmul", workload="matmul")
    if not devices:
        return empty(table, title)
    dtypes = sorted({str(p.params.get("dtype")) for p in results.select(suite="matmul", workload="matmul")},
                    key=_dtype_order)
    figure, (ax,) = new_figure()
    drawn = Drawn()
    for device in devices:
        color = device_color(device, devices)
        for dtype in dtypes:
            linestyle, marker = DTYPE_STYLES.get(dtype, OTHER_DTYPE_STYLE)
            name = table["dtype_line"].format(device=device_name(device, lang), dtype=dtype)
            line = Line(color, name, linestyle=linestyle, marker=marker, linewidth=1.6)
            found = draw_series(ax, results, device, lambda p: p.gflop_s, line, workload="matmul", suite="matmul",
                                dtype=dtype)
            drawn.add(found)
            missing = analysis.unmeasured(results, workload="matmul", device=device, suite="matmul", method="engine",
                                          dtype=dtype)
            if found.line is None and missing:
                # Nothing to draw: the legend still names the series and why it is absent.
                why = table[f"status.{missing[0].status}"]
                ax.plot([], [], color=color, linestyle=linestyle, marker=marker, markerfacecolor="none",
                        linewidth=1.6, label=table["dtype_absent"].format(series=name, why=why))
    size_axis(ax, drawn.sizes)
    log_y(ax, lambda v: number(v, lang))
    label(ax, title=title, xlabel=table["size.m"], ylabel=table["matmul_axis"])
    legend(ax, table, failed=drawn.failed, loc="best", ncols=len(devices))
    return figure
