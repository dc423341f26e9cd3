"""Every figure reads whole and at a glance, in both languages, on every machine of the matrix and on large archives.

- **Nothing is cut**: every text a figure draws (titles, axis labels, tick labels in view, legend entries, notes,
  the value written after a bar) lies inside the figure's own canvas. The page shows each PNG whole, scaled to
  its column (tests/browser: at 1,280 and 390 px no figure is wider than its column), so a text inside the canvas
  is a text the reader sees; one outside it is cut at the PNG's edge at any width.
- **No bar on a log axis**: a bar's length is read from its base, and a log axis has no zero to start from.
- **One scale where bars are compared**: the panels of a figure that draw bars share their value axis.

The figures that read the archive (:data:`~mpsarticle.article.figures.files.ENTRIES`) are drawn for a few machines
(each drawn as itself) and for a large synthetic archive (drawn family by family: tests/archive_generator.py).
"""

from __future__ import annotations

import functools

import matplotlib

matplotlib.use("Agg")

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.container import BarContainer
from matplotlib.figure import Figure
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from mpsarticle.analysis.families import LISTED
from mpsarticle.article.figures.files import ENTRIES, FIGURES
from mpsarticle.article.wording import LANGUAGES, Words

from ..archive_generator import generate
from ..machines import MACHINES, results_of
from .test_figure_numbers import tick_labels

#: A text may touch the canvas's edge by this much (antialiasing, rounding of the layout).
SLACK_PX = 1.5
#: Machines of the large synthetic archive: enough that every kind and most families appear.
LARGE = 60


@functools.cache
def _large_archive() -> tuple:
    return tuple((results.label, results) for results in (generate(35, index) for index in range(LARGE)))


def inputs(name: str, lang: str) -> list[tuple[str, object]]:
    """What the figure is drawn from: every machine of the matrix, or (archive figures) this build beside a few
    machines, and beside a large archive."""
    if FIGURES[name].reads != ENTRIES:
        return [(machine, results_of(machine)) for machine in MACHINES]
    this = (Words(lang)("this_build"), results_of("nvidia-h200-build"))
    few = [(machine, results_of(machine)) for machine in ("apple-m1-base", "cuda-faulty", "ci-2core-workers")]
    assert len(few) <= LISTED < LARGE
    return [("a few machines", [this, *few]), ("a large archive", [this, *_large_archive()])]


def shown_texts(figure: Figure) -> list[Text]:
    """Every text the figure shows once drawn (by Agg, as the page's PNG is); of the tick labels, those of the ticks
    in view."""
    FigureCanvasAgg(figure).draw()
    axes = [axis for ax in figure.axes for axis in (ax.xaxis, ax.yaxis)]
    texts = [label for axis in axes for label in tick_labels(axis)]
    ticks = {id(label) for axis in axes for tick in [*axis.majorTicks, *axis.minorTicks]
             for label in (tick.label1, tick.label2)}
    texts += [t for t in figure.findobj(Text) if id(t) not in ticks]
    return [t for t in texts if t.get_visible() and t.get_text().strip()]


def cut_texts(figure: Figure) -> list[str]:
    """The texts that reach past the canvas's edge, each with how far."""
    shown = shown_texts(figure)
    renderer = figure.canvas.get_renderer()
    canvas = Bbox.from_bounds(0, 0, figure.bbox.width, figure.bbox.height).expanded(1, 1).padded(SLACK_PX)
    cut = []
    for text in shown:
        box = text.get_window_extent(renderer)
        if not canvas.contains(box.x0, box.y0) or not canvas.contains(box.x1, box.y1):
            cut.append(f"{text.get_text()!r}: x {box.x0:.0f}..{box.x1:.0f}, y {box.y0:.0f}..{box.y1:.0f} "
                       f"of {figure.bbox.width:.0f} x {figure.bbox.height:.0f}")
    return cut


def test_a_text_past_the_edge_is_found() -> None:
    """The check sees a cut text (a title pushed right) and passes a text inside."""
    figure = Figure(figsize=(4, 3), dpi=100)
    ax = figure.add_subplot()
    ax.set_title("inside")
    assert cut_texts(figure) == []
    figure.text(0.9, 0.5, "a long note that runs off the right-hand edge")
    assert [line for line in cut_texts(figure) if "runs off" in line]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", FIGURES)
def test_no_text_is_cut_at_the_figures_edge(name: str, lang: str) -> None:
    found, drawn = [], 0
    for machine, given in inputs(name, lang):
        figure = FIGURES[name].draw(given, lang)
        drawn += len(shown_texts(figure))
        found += [f"{machine}: {line}" for line in cut_texts(figure)]
    assert drawn, f"{name} ({lang}) showed no text at all: nothing was checked"
    assert not found, f"{name} ({lang}): texts cut at the figure's edge\n" + "\n".join(found)


def _bars(figure: Figure) -> list[tuple[object, BarContainer]]:
    return [(ax, container) for ax in figure.axes for container in ax.containers
            if isinstance(container, BarContainer)]


@pytest.mark.parametrize("name", FIGURES)
def test_no_bar_stands_on_a_log_axis_and_compared_bars_share_a_scale(name: str) -> None:
    lang = "en"
    for machine, given in inputs(name, lang):
        figure = FIGURES[name].draw(given, lang)
        bars = _bars(figure)
        for ax, container in bars:
            horizontal = container.orientation == "horizontal"
            scale = ax.get_xscale() if horizontal else ax.get_yscale()
            assert scale == "linear", f"{name} on {machine}: bars on a {scale} axis"
            low = min(ax.get_xlim() if horizontal else ax.get_ylim())
            assert low <= 0, f"{name} on {machine}: the value axis of its bars starts at {low}, not at zero"
        panels = {ax for ax, _ in bars}
        limits = {tuple(ax.get_xlim() if bars[0][1].orientation == "horizontal" else ax.get_ylim()) for ax in panels}
        assert len(limits) <= 1, f"{name} on {machine}: panels of bars on different scales {sorted(limits)}"


def test_the_bar_checks_see_a_bar_on_a_log_axis() -> None:
    figure = Figure()
    ax = figure.add_subplot()
    ax.bar([0, 1], [10, 1000])
    ax.set_yscale("log")
    (found, container), = _bars(figure)
    assert found.get_yscale() == "log" and container.orientation == "vertical"
