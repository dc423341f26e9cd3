"""The one style of every figure: palette, type sizes, opaque backgrounds, and numbers in the page's language.

- Okabe–Ito colours, one fixed colour per device, so "CPU" is the same
  vermillion in every chart and colour-blind readers can tell devices apart;
  the machines chapter gives each machine a colour from the same palette.
- An opaque white background and dark text: the site has a dark theme, on
  which black labels of a transparent PNG would vanish.
- Every word comes from the ``figure.*`` entries of the catalogs
  (:mod:`mpsarticle.article.wording`); a device is named as the sentences name it
  (:meth:`mpsarticle.article.wording.Words.device`); units (µs, ms, GB/s, GFLOP/s)
  are the same in both languages, and numbers are written by
  :mod:`mpsarticle.article.formatting`, so a chart and the sentence beside it agree.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from typing import Literal

from matplotlib.ticker import Formatter

from mpsarticle.article import formatting
from mpsarticle.article.wording import Words
from mpsarticle.core.specs import Method

__all__ = ["BACKGROUND", "DEVICE_COLORS", "DPI", "DTYPE_STYLES", "FAILED_GID", "FIGSIZE", "GRID", "INK",
           "LogLabels", "MACHINE_COLORS", "MACHINE_DEVICE_STYLES", "MESSAGE_GID", "METHOD_COLORS", "METHOD_MARKERS",
           "OKABE_ITO", "device_color", "device_name", "machine_color", "machine_device_style", "number", "percent",
           "seconds", "times", "words"]

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
#: A comparison within noise (the opening page's figure): neither the device's colour nor the CPU's.
WITHIN_NOISE = "#999999"

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
def _words(lang: str) -> Words:
    return Words(lang)


@functools.cache
def words(lang: str) -> dict[str, str]:
    """The figures' words in ``lang``: the ``figure.*`` entries of the language's catalog, keyed without ``figure.``."""
    return _words(lang).table("figure")


def device_name(device: str, lang: str) -> str:
    """A device as the figures name it: as the sentences do (``CPU``, ``CUDA GPU``, ``Apple GPU (MPS)``)."""
    return _words(lang).device(device)


def number(value: float, lang: str) -> str:
    """A short number with the language's separators, as the prose writes it (en 4,312.5; id 4.312,5)."""
    return formatting.number(value, lang)


def seconds(value: float, lang: str) -> str:
    return formatting.duration(value, lang)


def times(value: float, lang: str) -> str:
    """A speed-up on an axis: three significant digits, so that a log axis's ticks read alike (1.00×, 2.00×)."""
    return number(value, lang) + "×"


def percent(fraction: float, lang: str) -> str:
    return number(fraction * 100, lang) + "%"


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


class LogLabels(Formatter):
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
