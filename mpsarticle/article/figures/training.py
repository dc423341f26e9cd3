"""The figure of the chapter on training: time per step per device and batch, each bar with its correctness check."""

from __future__ import annotations

from matplotlib.figure import Figure

from mpsarticle.article.figures.frame import Drawing, empty, label, legend, new_figure, plain_axis
from mpsarticle.article.figures.series import by_size, devices_with_data
from mpsarticle.article.figures.style import (
    FAILED_GID,
    FIGSIZE,
    INK,
    TICK_SIZE,
    device_color,
    words_in,
)
from mpsarticle.article.wording import Num, Size
from mpsarticle.results.model import Point, ResultSet

__all__ = ["CHECK_MARKS", "step_text", "train"]

#: Written after a step's time: the check it passed or failed.
CHECK_MARKS = {"passed": " ✓", "failed": " ✗"}
TRAIN_CRITERIA = {"workload": "train_step", "suite": "train"}


def step_text(point: Point, lang: str) -> str:
    """A step's time as written after its bar: ``12.3 ms ✓``."""
    time = words_in(lang)("figure.step_time", value=Num(point.measured_s * 1e3))
    return time + CHECK_MARKS.get(point.check, "")


def failed_text(lang: str) -> str:
    """Written where a step's bar would be, had its check not failed."""
    return "✗ " + words_in(lang)("figure.failed")


def train(results: ResultSet, lang: str) -> Figure:
    """Time per training step per device and batch size, each bar labelled with its correctness check."""
    words = words_in(lang)
    title = words("figure.train_title")
    devices = devices_with_data(results, **TRAIN_CRITERIA)
    steps = {device: by_size(results, device, **TRAIN_CRITERIA) for device in devices}
    rows = []  # (label, device, point or None when the check failed)
    for batch in sorted({int(p.params["batch"]) for p in results.select(**TRAIN_CRITERIA)}):
        for device in devices:
            if batch in steps[device]:
                name = words("figure.train_row", device=words.device(device), batch=Size(batch))
                rows.append((name, device, steps[device][batch]))
    if not rows:
        return empty(words, title)
    figure, (ax,) = new_figure(height=min(FIGSIZE[1], 1.9 + 0.45 * len(rows)))
    longest = max((p.measured_s * 1e3 for _, _, p in rows if p), default=1.0)
    failed = False
    for y, (_, device, point) in enumerate(rows):
        color = device_color(device, devices)
        if point is None:
            failed = True
            ax.plot([0], [y], linestyle="none", marker="X", markersize=10, markerfacecolor=color,
                    markeredgecolor=INK, clip_on=False, gid=FAILED_GID)
            ax.text(longest * 0.03, y, failed_text(lang), va="center", fontsize=TICK_SIZE, color=INK)
            continue
        value = point.measured_s * 1e3
        ax.barh(y, value, color=color, height=0.6)
        ax.text(value + longest * 0.01, y, step_text(point, lang), va="center", fontsize=TICK_SIZE, color=INK)
    ax.set_yticks(range(len(rows)), [name for name, _, _ in rows])
    ax.invert_yaxis()
    ax.set_xlim(0, longest * 1.25)
    plain_axis(ax.xaxis, words)
    ax.grid(False, axis="y")
    label(ax, title=title, xlabel=words("figure.train_axis"))
    passed = any(p is not None and p.check == "passed" for _, _, p in rows)
    # Outside the axes: with one or two rows any corner inside would cover a bar.
    legend(figure, words, failed=failed, passed=passed, axes=[ax], loc="outside lower center", ncols=2)
    return figure


#: This module's figures by the names the chapters glue them by (mpsarticle.article.figures.files).
DRAWINGS = {
    "train": Drawing(train, plotted=True),
}
