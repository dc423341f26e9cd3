"""The one style of every figure: palette, type sizes, opaque backgrounds, and numbers in the page's language.

- Okabe–Ito colours, one fixed colour per device, so "CPU" is the same
  vermillion in every chart and colour-blind readers can tell devices apart;
  the machines chapter gives each machine a colour from the same palette.
- An opaque white background and dark text: the site has a dark theme, on
  which black labels of a transparent PNG would vanish.
- Every word comes from the ``figure.*`` entries of the catalogs, rendered by
  the same :class:`~mpsarticle.article.wording.Words` as the prose, each number a
  typed value (``Size``, ``Seconds``, ``Factor``, ...): titles, legends, notes
  and tick labels alike, so a chart and the sentence beside it agree (``1.024``
  and ``2,31 ms`` in Indonesian); a device is named as the sentences name it
  (:meth:`mpsarticle.article.wording.Words.device`); units (µs, ms, GB/s,
  GFLOP/s) are the same in both languages.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Literal

from matplotlib.ticker import Formatter, Locator, MaxNLocator

from mpsarticle.article.wording import Choice, Factor, Num, Seconds, Share, Value, Words
from mpsarticle.core.specs import Method

__all__ = ["BACKGROUND", "DEVICE_COLORS", "DPI", "DTYPE_STYLES", "FAILED_GID", "FIGSIZE", "GRID", "INK",
           "LogLabels", "LogTicks", "MACHINE_COLORS", "MACHINE_DEVICE_STYLES", "MESSAGE_GID", "METHOD_COLORS",
           "METHOD_MARKERS", "METHOD_KEYS", "OKABE_ITO", "STATUS_KEYS", "device_color", "device_name", "factor_tick",
           "machine_color", "machine_device_style", "plain_number", "seconds_tick", "share_tick", "size_label",
           "tick_digits", "workload_name", "words_in"]

# -- palette -----------------------------------------------------------------------

#: Okabe & Ito (2008), a palette that stays distinct under every common colour-vision deficiency.
OKABE_ITO = {
    "orange": "#E69F00", "sky_blue": "#56B4E9", "bluish_green": "#009E73", "yellow": "#F0E442",
    "blue": "#0072B2", "vermillion": "#D55E00", "reddish_purple": "#CC79A7", "black": "#000000",
}
DEVICE_COLORS = {"cpu": OKABE_ITO["vermillion"], "mps": OKABE_ITO["blue"], "cuda": OKABE_ITO["bluish_green"]}
#: For devices beyond the three above (yellow is left out: too pale on white).
SPARE_COLORS = (OKABE_ITO["reddish_purple"], OKABE_ITO["sky_blue"], OKABE_ITO["orange"], OKABE_ITO["black"])
METHOD_COLORS: dict[Method, str] = {"naive": OKABE_ITO["orange"], "engine": OKABE_ITO["black"],
                                    "events": OKABE_ITO["reddish_purple"]}
METHOD_MARKERS: dict[Method, str] = {"naive": "s", "engine": "o", "events": "^"}
#: The line styles the figures use (matplotlib's names).
LineStyle = Literal["-", "--", ":", "-."]
#: Precision by line style and marker, so that colour stays free for the device.
DTYPE_STYLES: dict[str, tuple[LineStyle, str]] = {"float32": ("-", "o"), "float16": ("--", "s"), "bfloat16": (":", "^")}
OTHER_DTYPE_STYLE: tuple[LineStyle, str] = ("-.", "D")
#: Several machines: one colour per machine, in Okabe–Ito order (yellow left out: too pale on white).
MACHINE_COLORS = tuple(OKABE_ITO[name] for name in ("orange", "sky_blue", "bluish_green", "blue", "vermillion",
                                                    "reddish_purple", "black"))
#: Several machines: the device kind by line style and marker, the CPU solid, accelerators dashed.
MACHINE_DEVICE_STYLES: dict[str, tuple[LineStyle, str]] = {"cpu": ("-", "o"), "cuda": ("--", "^"), "mps": ("--", "s")}
OTHER_DEVICE_STYLE: tuple[LineStyle, str] = ("--", "D")

# -- page ----------------------------------------------------------------------------

FIGSIZE = (7.0, 4.2)
DPI = 110
BACKGROUND = "white"
INK = "#222222"
GRID = "#DDDDDD"
SPINE = "#555555"
#: Notes beside the data (which side of a line means what) and reference lines: quieter than the ink.
QUIET = "#555555"
REFERENCE = "#666666"
LEGEND_EDGE = "#CCCCCC"
#: The ✗ key of a legend: grey, since a mark takes the colour of its series.
FAILED_KEY = "#888888"
#: A note below the axes (the machines chapter's), and the rule between one machine's bars and the next.
NOTE_INK = "#444444"
SEPARATOR = "#BBBBBB"
#: A comparison level within noise (the opening page's figure): neither the device's colour nor the CPU's.
WITHIN_NOISE = "#999999"
#: A comparison too noisy to tell which side is faster: a hollow dot, told apart from a level one without colour.
TOO_NOISY = BACKGROUND

# -- type sizes (points) ---------------------------------------------------------------

TITLE_SIZE = 11
LABEL_SIZE = 10
TICK_SIZE = 9
NOTE_SIZE = 8.5

#: Gids that tests and :func:`mpsarticle.article.figures.files.save_all` recognise.
FAILED_GID = "failed-check"
MESSAGE_GID = "no-data-message"

# -- words and numbers -----------------------------------------------------------------


@functools.cache
def words_in(lang: str) -> Words:
    """The words of ``lang``, the prose's own: every label is a catalog message, every number in it a typed value
    (:mod:`mpsarticle.article.wording`), so that a chart writes ``m = 4.096`` where the sentence beside it does."""
    return Words(lang)


def device_name(device: str, lang: str) -> str:
    """A device as the figures name it: as the sentences do (``CPU``, ``NVIDIA GPU``, ``Apple GPU (MPS)``)."""
    return words_in(lang).device(device)


#: Each timing method's name in the figures.
METHOD_KEYS: dict[Method, str] = {"naive": "figure.method.naive", "engine": "method.engine",
                                  "events": "method.events"}
#: Why a series has no point at all, by the status of its first unmeasured point.
STATUS_KEYS = {"error": "figure.status.error", "timeout": "figure.status.timeout",
               "crashed": "figure.status.crashed", "out_of_memory": "figure.status.out_of_memory",
               "unsupported": "figure.status.unsupported"}


def workload_name(words: Words, workload: str) -> str:
    """A workload as a figure's title names it (a form of ``figure.workload``); one without a form as the results
    file names it."""
    return words("figure.workload", workload=Choice(workload)) if words.names("figure.workload", workload) \
        else workload


def size_label(words: Words, parameter: str) -> str:
    """The x label of a size axis, by the parameter that is the size (:func:`mpsarticle.analysis.series.size_key`)."""
    return words("figure.size", parameter=Choice(parameter)) if words.names("figure.size", parameter) else parameter


#: The most significant digits a tick is written with.
TICK_DIGITS = 6


def tick_digits(value: float) -> int:
    """The fewest significant digits that write ``value`` exactly: 1 for 0.5, 10 and 2,000; 2 for 2.5."""
    for digits in range(1, TICK_DIGITS):
        if math.isclose(float(f"{value:.{digits - 1}e}"), value, rel_tol=1e-9, abs_tol=1e-12):
            return digits
    return TICK_DIGITS


def plain_number(value: float) -> Num:
    """A tick of a linear axis with the digits it has and no more (``0``, ``2.5``, ``1,000``), as matplotlib's own
    labels would have it, but with the language's separators."""
    return Num(value, tick_digits(value))


def factor_tick(value: float) -> Factor:
    """A speed-up tick in its shortest exact form: ``0.5×``, ``1×``, ``20×`` (id ``0,5×``)."""
    return Factor(value, digits=tick_digits(value))


def seconds_tick(value: float) -> Seconds:
    """A time tick in the unit that reads best, with the digits it has: ``10 µs``, ``1 ms``, ``2,5 ms``."""
    return Seconds(value, digits=tick_digits(value))


def share_tick(value: float) -> Share:
    """A share tick with the digits it has: ``5%``, ``20%``, ``100%``."""
    return Share(value, digits=tick_digits(value))


# -- colours -----------------------------------------------------------------------------


def device_color(device: str, devices: Sequence[str] = ()) -> str:
    """The device's fixed colour; devices without one take spare colours in order of appearance."""
    if device in DEVICE_COLORS:
        return DEVICE_COLORS[device]
    others = [d for d in devices if d not in DEVICE_COLORS]
    index = others.index(device) if device in others else len(others)
    return SPARE_COLORS[index % len(SPARE_COLORS)]


def machine_color(index: int) -> str:
    return MACHINE_COLORS[index % len(MACHINE_COLORS)]


def machine_device_style(device: str) -> tuple[LineStyle, str]:
    """(line style, marker) of a device kind in the machines chapter."""
    return MACHINE_DEVICE_STYLES.get(device, OTHER_DEVICE_STYLE)


# -- ticks ---------------------------------------------------------------------------------


class LogTicks(Locator):
    """The major ticks of a log axis: every decade; 1, 2 and 5 of each decade when the view spans under three
    decades, and every digit under :data:`FINE_SPAN`; where even those leave fewer than two ticks in view, evenly
    spaced round numbers. Only these are labelled and gridded: the minor ticks are short marks without a number."""

    #: Below this many decades, every digit of a decade is a major tick (1, 2, 3, ... 9).
    FINE_SPAN = 0.6
    #: Below this many decades, 1, 2 and 5 of each decade are.
    MEDIUM_SPAN = 3.0
    #: At most this many decades are labelled; a wider view labels every second (or third ...) decade.
    MOST_DECADES = 8

    def __call__(self) -> Sequence[float]:
        if self.axis is None:
            return []
        return self.tick_values(*self.axis.get_view_interval())

    def tick_values(self, vmin: float, vmax: float) -> Sequence[float]:
        low, high = sorted((vmin, vmax))
        if not (0 < low < high < math.inf):
            return []
        span = math.log10(high / low)
        leads = (1,) if span >= self.MEDIUM_SPAN else (1, 2, 5) if span >= self.FINE_SPAN else range(1, 10)
        stride = max(1, math.ceil(span / self.MOST_DECADES))
        first, last = math.floor(math.log10(low)), math.ceil(math.log10(high))
        ticks = [lead * 10.0 ** exponent for exponent in range(first - first % stride, last + 1, stride)
                 for lead in leads]
        inside = [tick for tick in ticks if low <= tick <= high]
        if len(inside) < 2:
            inside = [tick for tick in MaxNLocator(nbins=4, steps=[1, 2, 2.5, 5, 10]).tick_values(low, high)
                      if tick > 0]
        return self.raise_if_exceeds(inside)


class LogLabels(Formatter):
    """Log-axis labels in plain units, each the shortest exact form of its tick (``0.5×``, ``10 µs``, ``20``).

    matplotlib's default would write 10^-4; readers of this article think in µs and ms. Each label is the typed
    value ``value`` makes of the tick, written by ``words``; :class:`LogTicks` places the ticks.
    """

    def __init__(self, words: Words, value: Callable[[float], Value]) -> None:
        self.words = words
        self.value = value

    def __call__(self, x: float, pos: int | None = None) -> str:
        return self.words.render(self.value(x)) if x > 0 else ""
