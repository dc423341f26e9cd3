"""Figures read at a glance: tick labels in their shortest exact form and one size, units that keep the numbers
short, legends that cover no data and keys that look like what they name.

Every figure of :data:`mpsarticle.article.figures.files.FIGURES` is drawn for every synthetic machine of
:mod:`tests.machines` (the archive's figures with a few of them) in both languages, and its tick labels are read.
"""

from __future__ import annotations

import re

import matplotlib

matplotlib.use("Agg")

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from mpsarticle.article.figures.files import ENTRIES, FIGURES
from mpsarticle.article.figures.llm import REPLAY_HATCH, decode_bars
from mpsarticle.article.figures.matmul import matmul
from mpsarticle.article.figures.matvec import original_bars
from mpsarticle.article.figures.style import (
    LogLabels,
    LogTicks,
    factor_tick,
    plain_number,
    seconds_tick,
    share_tick,
    tick_digits,
    words_in,
)
from mpsarticle.article.wording import LANGUAGES

from ..machines import MACHINES_SYNTHETIC, results_of
from .test_figure_numbers import numbers, tick_labels

#: A decimal part that ends in a zero: a digit the tick does not need ("1.00×", "10.0", "0,500").
NEEDLESS_ZERO = {"en": re.compile(r"\.\d*0$"), "id": re.compile(r",\d*0$")}
#: Machines whose figures are read: every synthetic one, and a real H200 build.
READ = (*MACHINES_SYNTHETIC, "nvidia-h200-workers")


def _drawn(name: str, lang: str) -> list[tuple[str, Figure]]:
    drawing = FIGURES[name]
    if drawing.reads == ENTRIES:
        return [("a few machines", drawing.draw([(m, results_of(m)) for m in READ[:4]], lang))]
    return [(machine, drawing.draw(results_of(machine), lang)) for machine in READ]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", FIGURES)
def test_tick_labels_are_short_and_of_one_size(name: str, lang: str) -> None:
    wrong, seen = [], 0
    for machine, figure in _drawn(name, lang):
        figure.canvas.draw()
        for ax in figure.axes:
            for axis in (ax.xaxis, ax.yaxis):
                shown = [label for label in tick_labels(axis) if label.get_visible() and label.get_text()]
                seen += len(shown)
                sizes = {label.get_fontsize() for label in shown}
                if len(sizes) > 1:
                    wrong.append(f"{machine}: {axis.axis_name} tick labels in {len(sizes)} sizes: "
                                 f"{[label.get_text() for label in shown]}")
                wrong += [f"{machine}: {label.get_text()!r}" for label in shown
                          for number in numbers(label.get_text()) if NEEDLESS_ZERO[lang].search(number)]
    assert seen, f"{name} ({lang}) drew no tick label: nothing was checked"
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(("lang", "value", "text"), [
    ("en", factor_tick(0.5), "0.5×"), ("id", factor_tick(0.5), "0,5×"), ("en", factor_tick(1.0), "1×"),
    ("en", factor_tick(10.0), "10×"), ("id", factor_tick(2.5), "2,5×"), ("en", seconds_tick(1e-5), "10 µs"),
    ("id", seconds_tick(2.5e-3), "2,5 ms"), ("en", seconds_tick(1.0), "1 s"), ("en", share_tick(0.05), "5%"),
    ("en", share_tick(2.0), "200%"), ("en", plain_number(5.0), "5"), ("en", plain_number(20.0), "20"),
    ("id", plain_number(1000.0), "1.000"), ("id", plain_number(0.05), "0,05"), ("en", plain_number(0.0), "0"),
])
def test_a_tick_is_written_in_its_shortest_exact_form(lang: str, value, text: str) -> None:
    assert words_in(lang).render(value) == text


def test_tick_digits_are_the_fewest_that_write_the_value() -> None:
    assert [tick_digits(v) for v in (0.5, 1.0, 10.0, 2000.0, 2.5, 0.125, 3e-6)] == [1, 1, 1, 1, 2, 3, 1]


@pytest.mark.parametrize(("low", "high", "expected"), [
    (0.05, 500.0, [0.1, 1.0, 10.0, 100.0]),  # four decades: decades only
    (0.3, 40.0, [0.5, 1.0, 2.0, 5.0, 10.0, 20.0]),  # two: 1, 2 and 5 of each
    (0.25, 0.9, [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]),  # half of one: every digit
    (1e-9, 1e9, [1e-9, 1e-6, 1e-3, 1.0, 1e3, 1e6, 1e9]),  # eighteen: every third decade, at most eight
])
def test_log_ticks_by_span(low: float, high: float, expected: list[float]) -> None:
    found = [tick for tick in LogTicks().tick_values(low, high) if low <= tick <= high]
    assert found == pytest.approx(expected)


def test_a_narrow_log_view_still_has_two_ticks() -> None:
    assert len([t for t in LogTicks().tick_values(1.1, 1.4) if 1.1 <= t <= 1.4]) >= 2


def test_log_labels_write_each_tick_the_languages_way() -> None:
    figure = Figure()
    ax = figure.add_subplot()
    ax.set_yscale("log")
    ax.set_ylim(0.2, 20)
    labels = LogLabels(words_in("id"), factor_tick)
    labels.set_axis(ax.yaxis)
    assert [labels(v) for v in (0.5, 1.0, 10.0)] == ["0,5×", "1×", "10×"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_fast_matrix_product_is_counted_in_tflops(lang: str) -> None:
    """An accelerator's A @ B passes 1,000 GFLOP/s: the axis counts TFLOP/s, its ticks stay under 10,000."""
    results = results_of("nvidia-h200-like")
    assert max(p.gflop_s or 0 for p in results.select(workload="matmul")) > 100_000
    figure = matmul(results, lang)
    figure.canvas.draw()
    ax = figure.axes[0]
    assert "(TFLOP/s)" in ax.get_ylabel()
    written = [label.get_text() for label in tick_labels(ax.yaxis) if label.get_text()]
    assert written and all(len(re.sub(r"\D", "", text)) <= 4 for text in written), written
    top = max(max(line.get_ydata()) for line in ax.lines if len(line.get_ydata()))
    assert 100 < top < 10_000  # TFLOP/s


def test_a_slow_matrix_product_stays_in_gflops() -> None:
    results = results_of("cuda-faulty")
    assert 100 < max(p.gflop_s or 0 for p in results.select(workload="matmul")) <= 1000
    assert matmul(results, "en").axes[0].get_ylabel() == "Computation rate (GFLOP/s)"


def _bars(figure: Figure) -> list[Rectangle]:
    return [patch for ax in figure.axes for patch in ax.patches if isinstance(patch, Rectangle)
            and patch.get_height() > 0]


@pytest.mark.parametrize("machine", READ)
@pytest.mark.parametrize("method", ["naive", "engine"])
def test_the_original_charts_legend_covers_no_bar(machine: str, method: str) -> None:
    figure = original_bars(results_of(machine), "en", method=method)
    bars = _bars(figure)
    if not bars:
        return
    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    legends = [*figure.legends, *(ax.get_legend() for ax in figure.axes if ax.get_legend())]
    assert legends
    for legend in legends:
        box = legend.get_window_extent(renderer)
        covered = [bar for bar in bars if bar.get_window_extent(renderer).overlaps(box)]
        assert not covered, f"{machine}: the legend covers {len(covered)} bars"


@pytest.mark.parametrize("machine", READ)
def test_the_original_charts_count_milliseconds_or_microseconds(machine: str) -> None:
    """Short numbers on the axis: its unit is the largest under which the tallest bar stays below 1,000."""
    results = results_of(machine)
    naive, engine = (original_bars(results, "en", method=method) for method in ("naive", "engine"))
    if not _bars(naive):
        return
    assert naive.axes[0].get_ylabel() == engine.axes[0].get_ylabel()
    assert naive.axes[0].get_ylim() == engine.axes[0].get_ylim()
    top = max(bar.get_height() for figure in (naive, engine) for bar in _bars(figure))
    unit = re.search(r"\((\w+),", naive.axes[0].get_ylabel()).group(1)
    assert unit in ("µs", "ms", "s")
    assert top < 1000 and (unit == "µs" or top >= 1), (unit, top)


@pytest.mark.parametrize("machine", ["nvidia-h200-like", "apple-m1-base", "nvidia-h200-workers"])
def test_the_decode_legend_keys_look_like_the_bars(machine: str) -> None:
    figure = decode_bars(results_of(machine), "en")
    bars = _bars(figure)
    assert bars
    keys = [patch for legend in figure.legends for patch in legend.get_patches()]
    assert keys
    white = to_rgba("white")
    for key in keys:
        assert key.get_fill() and to_rgba(key.get_facecolor()) != white, "an empty key beside solid bars"
    hatches = {bar.get_hatch() for bar in bars}
    assert {key.get_hatch() for key in keys} == hatches
    assert hatches <= {None, REPLAY_HATCH}


def test_a_decode_chart_with_no_replayed_bar_has_no_mode_keys() -> None:
    """Every bar is eager and its label says so: a grey key would match no bar's colour."""
    figure = decode_bars(results_of("ci-2core-workers"), "en")
    assert _bars(figure) and not any(bar.get_hatch() for bar in _bars(figure))
    assert not [patch for legend in figure.legends for patch in legend.get_patches()]
