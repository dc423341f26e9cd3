"""Every number on every figure is written as its language writes it, as the prose beside it is.

English groups thousands with "," and marks decimals with "." (``1,024``, ``2.31 ms``); Indonesian the other way
round (``1.024``, ``2,31 ms``). Each figure of :data:`mpsarticle.article.figures.files.FIGURES` is drawn for every
synthetic machine of :mod:`tests.machines` in both languages, and every text it draws is read: titles, axis labels,
tick labels, legend entries, notes and annotations.
"""

from __future__ import annotations

import re

import matplotlib

matplotlib.use("Agg")

import pytest
from matplotlib.axis import Axis
from matplotlib.figure import Figure
from matplotlib.text import Text

from mpsarticle.article.figures.files import ENTRIES, FIGURES
from mpsarticle.article.wording import LANGUAGES
from mpsarticle.results.model import ResultSet

from ..machines import MACHINES_SYNTHETIC, results_of
from .test_figures import ENVIRONMENT, _point

#: A number as each language writes it: thousands grouped in threes, then the decimals.
WRITTEN = {"en": re.compile(r"\d{1,3}(?:,\d{3})*(?:\.\d+)?"), "id": re.compile(r"\d{1,3}(?:\.\d{3})*(?:,\d+)?")}
#: A run of a text that may be a number; a run with a letter in it is a name (float32, H200, M1, 8B) and not one.
RUN = re.compile(r"[\w.,]+")
NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def numbers(text: str) -> list[str]:
    """The numbers of ``text``, as written; a "." or "," after one is punctuation (``m = 512, 1,024``)."""
    runs = (run.rstrip(".,") for run in RUN.findall(text))
    return [run for run in runs if NUMBER.fullmatch(run)]


def test_numbers_are_read_as_written() -> None:
    assert numbers("m = 1,024, 2,048, and 4.5×") == ["1,024", "2,048", "4.5"]
    assert numbers("GPU (MPS) float32, Apple M1, 10⁻³ s.") == ["10"]
    assert [bool(WRITTEN["id"].fullmatch(n)) for n in ("4.096", "4096", "0.5", "2,31", "1.024,5")] == [
        True, False, False, True, True]
    assert [bool(WRITTEN["en"].fullmatch(n)) for n in ("4,096", "4096", "0,5", "2.31", "1,024.5")] == [
        True, False, False, True, True]


def tick_labels(axis: Axis) -> list[Text]:
    """The labels of the ticks in view: a locator also places one past each end, which is never drawn."""
    low, high = sorted(axis.get_view_interval())
    inside = (low - 1e-9 * abs(low), high + 1e-9 * abs(high))
    found = []
    for locations, labels in ((axis.get_majorticklocs(), axis.get_majorticklabels()),
                              (axis.get_minorticklocs(), axis.get_minorticklabels())):
        found += [label for location, label in zip(locations, labels, strict=False)
                  if inside[0] <= location <= inside[1]]
    return found


def drawn_texts(figure: Figure) -> list[str]:
    """Every text the figure shows once drawn; of the tick labels, those of the ticks in view."""
    figure.canvas.draw()
    axes = [axis for ax in figure.axes for axis in (ax.xaxis, ax.yaxis)]
    texts = [label for axis in axes for label in tick_labels(axis)]
    # Asked after the labels: matplotlib makes an axis's ticks as it labels them.
    ticks = {id(label) for axis in axes for tick in [*axis.majorTicks, *axis.minorTicks]
             for label in (tick.label1, tick.label2)}
    texts += [t for t in figure.findobj(Text) if id(t) not in ticks]
    return [t.get_text() for t in texts if t.get_visible() and t.get_text()]


def entries() -> list[tuple[str, object]]:
    return [(name, results_of(name)) for name in MACHINES_SYNTHETIC]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", FIGURES)
def test_every_number_on_every_figure_is_written_the_languages_way(name: str, lang: str) -> None:
    drawing = FIGURES[name]
    # Both ways the archive figures draw: machine by machine (a few), and family by family (every machine).
    inputs = [("a few machines", entries()[:4]), ("every machine", entries())] if drawing.reads == ENTRIES else \
        [(machine, results_of(machine)) for machine in MACHINES_SYNTHETIC]
    seen, wrong = [], []
    for machine, given in inputs:
        for text in drawn_texts(drawing.draw(given, lang)):
            for number in numbers(text):
                seen.append(number)
                if not WRITTEN[lang].fullmatch(number):
                    wrong.append(f"{machine}: {number!r} in {text!r}")
    assert seen, f"{name} ({lang}) drew no number on any machine: nothing was checked"
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("lang, tick", [("en", "0.05"), ("id", "0,05")])
def test_a_linear_axis_writes_its_decimals_the_languages_way(lang: str, tick: str) -> None:
    """Steps under a millisecond: the time axis of the training figure is numbered in hundredths."""
    points = [_point(device, "train_step", {"batch": 32, "width": 32}, seconds, suite="train")
              for device, seconds in (("cpu", 2e-4), ("mps", 1e-4))]
    figure = FIGURES["train"].draw(ResultSet(environment=dict(ENVIRONMENT), points=points), lang)
    texts = drawn_texts(figure)
    assert tick in texts, texts
    assert not [number for text in texts for number in numbers(text) if not WRITTEN[lang].fullmatch(number)]
