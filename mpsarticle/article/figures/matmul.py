"""The figure of the chapter on ``A @ B``: rate against m, colour for the device, line style for the precision."""

from __future__ import annotations

from matplotlib.figure import Figure

from mpsarticle.analysis import series as analysis
from mpsarticle.article.figures.frame import Drawing, empty, label, legend, log_y, new_figure, size_axis
from mpsarticle.article.figures.series import Drawn, Line, devices_with_data, draw_series
from mpsarticle.article.figures.style import (
    DTYPE_STYLES,
    OTHER_DTYPE_STYLE,
    STATUS_KEYS,
    device_color,
    plain_number,
    size_label,
    words_in,
)
from mpsarticle.article.wording import Text
from mpsarticle.results.model import ResultSet

__all__ = ["TERA", "matmul"]

#: Above this many GFLOP/s the axis counts TFLOP/s.
TERA = 1_000


def _dtype_order(dtype: str) -> tuple[int, str]:
    return (list(DTYPE_STYLES).index(dtype) if dtype in DTYPE_STYLES else len(DTYPE_STYLES), dtype)


def matmul(results: ResultSet, lang: str) -> Figure:
    """Computation rate of ``A @ B`` against m: colour for the device, line style for the precision."""
    words = words_in(lang)
    title = words("figure.matmul_title")
    devices = devices_with_data(results, suite="matmul", workload="matmul")
    if not devices:
        return empty(words, title)
    dtypes = sorted({str(p.params.get("dtype")) for p in results.select(suite="matmul", workload="matmul")},
                    key=_dtype_order)
    # TFLOP/s once a rate passes 1,000 GFLOP/s: an accelerator's ticks would otherwise run to "1,000,000".
    fastest = max((p.gflop_s or 0.0 for p in results.select(suite="matmul", workload="matmul")), default=0.0)
    unit, scale = ("TFLOP/s", 1e3) if fastest > TERA else ("GFLOP/s", 1.0)
    figure, (ax,) = new_figure()
    drawn = Drawn()
    for device in devices:
        color = device_color(device, devices)
        for dtype in dtypes:
            linestyle, marker = DTYPE_STYLES.get(dtype, OTHER_DTYPE_STYLE)
            name = words("figure.dtype_line", device=words.device(device), dtype=Text(dtype))
            line = Line(color, name, linestyle=linestyle, marker=marker, linewidth=1.6)
            found = draw_series(ax, results, device, lambda p: None if p.gflop_s is None else p.gflop_s / scale,
                                line, workload="matmul", suite="matmul", dtype=dtype)
            drawn.add(found)
            missing = analysis.unmeasured(results, workload="matmul", device=device, suite="matmul", method="engine",
                                          dtype=dtype)
            if found.line is None and missing:
                # Nothing to draw: the legend still names the series and why it is absent.
                why = words(STATUS_KEYS[missing[0].status])
                ax.plot([], [], color=color, linestyle=linestyle, marker=marker, markerfacecolor="none",
                        linewidth=1.6, label=words("figure.dtype_absent", series=name, why=why))
    size_axis(ax, drawn.sizes, words)
    log_y(ax, words, plain_number)
    label(ax, title=title, xlabel=size_label(words, "m"), ylabel=words("figure.matmul_axis", unit=Text(unit)))
    legend(ax, words, failed=drawn.failed, loc="best", ncols=len(devices))
    return figure


#: This module's figures by the names the chapters glue them by (mpsarticle.article.figures.files).
DRAWINGS = {
    "matmul": Drawing(matmul, plotted=True),
}
