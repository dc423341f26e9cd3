"""Numbers as the article writes them, in English or Indonesian.

Babel (the CLDR locale data Sphinx itself uses) does the work: separators
(``1,234.5`` in English, ``1.234,5`` in Indonesian), significant digits
(CLDR's ``@`` patterns), percentages, and the mantissa and exponent of
scientific notation. The prose and the figures both format through here, so
a chart and the sentence beside it agree.

Significant digits, not decimals: a time of 0.0004 s is ``400 µs`` and a
ratio of 0.0004 is ``0.000400``, never ``0.000``. Values of
``10 ** digits`` and more keep every whole unit (``4,097``, not ``4,100``).
"""

from __future__ import annotations

import math
import re
from decimal import Decimal

from babel import Locale
from babel.numbers import format_decimal, format_percent, format_scientific
from babel.units import get_unit_name

__all__ = ["as_decimal", "duration", "number", "percent", "rate", "ratio", "ratio_interval", "scientific",
           "whole", "with_interval"]

_SUPERSCRIPT = str.maketrans("0123456789-+", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺")


def _pattern(value: float, digits: int) -> str:
    """Whole units from ``10 ** (digits - 1)`` up, else ``digits`` significant digits."""
    return "#,##0" if abs(value) >= 10 ** (digits - 1) else "@" * digits


def number(value: float, lang: str, digits: int = 3) -> str:
    """``value`` with ``digits`` significant digits (and at least whole units), in the language's style."""
    if value == 0:
        return "0"
    return format_decimal(value, format=_pattern(value, digits), locale=lang)


def as_decimal(value: float, digits: int = 3) -> Decimal:
    """The number :func:`number` writes, as a Decimal: plural rules need its visible decimals (``1.0`` is not ``1``)."""
    if value == 0:
        return Decimal(0)
    return Decimal(format_decimal(value, format=_pattern(value, digits).replace(",", ""), locale="en"))


def _rounded(value: float, digits: int) -> float:
    """``value`` rounded to ``digits`` significant digits."""
    return float(f"{value:.{digits - 1}e}")


def whole(value: float, lang: str) -> str:
    return format_decimal(round(value), format="#,##0", locale=lang)


#: The units :func:`duration` writes, largest first: symbol, seconds, and CLDR's name for the word.
DURATION_UNITS = (("s", 1.0, "duration-second"), ("ms", 1e-3, "duration-millisecond"),
                  ("µs", 1e-6, "duration-microsecond"), ("ns", 1e-9, "duration-nanosecond"))


def duration(seconds: float, lang: str, digits: int = 3, spelled: bool = False) -> str:
    """A time in the unit that reads best: ``17.2 µs``, ``1.05 ms``, ``2.31 s`` (``10 µs`` with ``digits=1``);
    ``spelled``: the unit as a word, from CLDR's long unit names through Babel (running prose writes "26,3 detik"
    and "26.3 seconds", where tables and benchmark figures keep the symbol)."""
    seconds = _rounded(seconds, digits)  # 0.9996 ms is "1.00 ms", not "1,000 µs"
    for unit, scale, cldr in DURATION_UNITS:
        if seconds >= scale or unit == "ns":
            name = get_unit_name(cldr, length="long", locale=lang) if spelled else unit
            return f"{number(seconds / scale, lang, digits)} {name}"
    raise AssertionError("unreachable")


def scientific(value: float, lang: str, digits: int = 2) -> str:
    """``3.5 × 10⁻³``: Babel's mantissa and exponent, the exponent written as a superscript.

    Babel (CLDR) writes ``3.5E-3``; CLDR's own symbol for the superscripting
    form (``×``) joins the mantissa to the power of ten.
    """
    if value == 0:
        return "0"
    # Rounded first: Babel writes 9.96e-4 at two digits as "10.0E-4".
    text = format_scientific(_rounded(value, digits), format="0." + "0" * (digits - 1) + "E0", locale=lang)
    symbols = Locale.parse(lang).number_symbols["latn"]
    mantissa, _, exponent = text.partition(symbols["exponential"])
    exponent = exponent.replace(symbols["minusSign"], "-").replace(symbols["plusSign"], "")
    if int(exponent) == 0:
        return mantissa
    return f"{mantissa} {symbols['superscriptingExponent']} 10{exponent.translate(_SUPERSCRIPT)}"


#: The most significant digits a factor near 1 is given to show which side of 1 it is on.
RATIO_MAX_DIGITS = 5


def ratio_digits(value: float) -> int:
    """Significant digits for a factor: two below 10, three above, and as many more as it takes (up to
    :data:`RATIO_MAX_DIGITS`) for a factor that is not 1 not to read as 1: ``1.04×``, ``0.996×``, never ``1.0×``."""
    digits = 2 if value < 10 else 3
    while value != 1 and digits < RATIO_MAX_DIGITS and _rounded(value, digits) == 1:
        digits += 1
    return digits


def ratio(value: float, lang: str) -> str:
    """A factor: ``2.3×``, ``51.6×``, ``412×``; near 1, ``1.04×`` or ``1.003×``, so that its side of 1 shows."""
    return f"{number(value, lang, ratio_digits(value))}×"


def rate(value_per_s: float, unit: str, lang: str) -> str:
    """``4,103 GB/s``; rates over 10,000 GFLOP/s read as TFLOP/s."""
    if unit == "GFLOP/s" and value_per_s >= 10_000:
        return f"{number(value_per_s / 1000, lang)} TFLOP/s"
    return f"{number(value_per_s, lang)} {unit}"


def percent(fraction: float, lang: str, digits: int = 2) -> str:
    """A share, by Babel's percent pattern of the language: two significant digits (or ``digits``), whole percents
    from 10 % up."""
    if fraction == 0:
        return format_percent(0, locale=lang)
    pattern = "#,##0%" if abs(fraction) >= 0.1 else "@" * digits + "%"
    return format_percent(fraction, format=pattern, locale=lang)


#: The interval is written as ``± share`` only when its two sides, median to low and median to high, are
#: within this share of each other (the longer side at most 1.25 times the shorter); otherwise, and whenever
#: ``±`` would reach zero, it is written as its bounds, ``20.3 µs (18.0–93.0 µs)``: a skewed interval
#: written as ``± 180%`` would imply a negative time.
SYMMETRY_MARGIN = 0.25


def symmetric(median: float, low: float, high: float, margin: float = SYMMETRY_MARGIN) -> bool:
    """Whether ``median ± half-width`` describes the interval ``[low, high]`` (see :data:`SYMMETRY_MARGIN`)."""
    below, above = median - low, high - median
    if below < 0 or above < 0 or (high - low) / 2 >= median:
        return False
    shorter, longer = sorted((below, above))
    return longer <= (1 + margin) * shorter if shorter > 0 else longer == 0


def bounds(low_s: float, high_s: float, lang: str) -> str:
    """Two times joined by an en dash, the unit once where both share it: ``18.0–93.0 µs``, ``800 µs – 1.20 ms``."""
    low, high = duration(low_s, lang), duration(high_s, lang)
    low_number, _, low_unit = low.rpartition(" ")
    if low_unit == high.rpartition(" ")[2]:
        return f"{low_number}–{high}"
    return f"{low} – {high}"


def with_interval(point, lang: str) -> str:
    """A point's median with its 95 % interval: ``1.05 ms ± 1.2%`` where the interval is symmetric around the
    median, else its bounds, ``20.3 µs (18.0–93.0 µs)`` (see :data:`SYMMETRY_MARGIN`)."""
    text = duration(point.median_s, lang)
    half = point.half_width
    if half is None or not math.isfinite(half):
        return text
    if symmetric(point.median_s, point.ci_low_s, point.ci_high_s):
        return f"{text} ± {percent(half, lang)}"
    return f"{text} ({bounds(point.ci_low_s, point.ci_high_s, lang)})"


def digits_beside(value: float, limits: tuple[float, ...], least: int = 3, most: int = 6) -> int:
    """The fewest significant digits (from ``least``) at which ``value``, written, lies on the same side of
    every limit as ``value`` itself, and is not written like the limit: ``1.0516`` beside ``1.05`` needs four
    (``1.052``), where three would write ``1.05``."""
    for digits in range(least, most + 1):
        written = float(as_decimal(value, digits))  # as Babel writes it, not as Python rounds
        if all((written > limit) == (value > limit) and (written < limit) == (value < limit)
               and (written != float(as_decimal(limit, digits)) or value == limit) for limit in limits):
            return digits
    return most


def ratio_interval(value, lang: str) -> str:
    """A :class:`~mpsarticle.core.stats.Ratio` with its interval in square brackets, as the site writes every 95 %
    interval: ``3.7× [3.5–3.9×]``. Where the interval holds 1 the median has no side of 1 to show, so it takes two
    significant digits (``1.0× [0.81–1.2×]``); an end near the bounds of "level" (1 / 1.2 and 1.2) takes the digits
    that show its side of them, so that the reader can apply the rule (``0.826``, ``1.19``)."""
    digits, low_digits, high_digits = interval_digits(value)
    median = ratio(value.value, lang) if digits is None else f"{number(value.value, lang, digits)}×"
    low, high = number(value.low, lang, low_digits), number(value.high, lang, high_digits)
    return f"{median} [{low}–{high}×]"


def interval_digits(value) -> tuple[int | None, int, int]:
    """The digits :func:`ratio_interval` writes a ratio's median and its interval's ends with (``None``: the median
    has a side of 1 and takes :func:`ratio`'s own), for any place that prints the three apart."""
    ends = level_digits(value.low, value.high)
    if value.low <= 1 <= value.high:
        return apart(value.value, value.low, value.high, 2, *ends)
    return None, ends[0], ends[1]


def level_digits(low: float, high: float) -> list[int]:
    """The digits of an interval's two ends: each shows its side of 1, and of the bounds of "level" only as far as
    the reading needs. An interval inside the bounds is level because of both ends, so both show their side; one
    that leaves them needs one end seen outside: the end that does leave, or of two that do, the one that shows it
    in fewer digits (``[0.83–1.23×]``, not ``[0.8331–1.23×]``: the 1.23 alone already rules out level)."""
    full = [digits_beside(end, LEVEL_LIMITS, least=2) for end in (low, high)]
    outside = [low < LEVEL_LIMITS[0], high > LEVEL_LIMITS[2]]
    if not any(outside):
        return full
    shown = min((i for i in (0, 1) if outside[i]), key=lambda i: full[i])
    return [full[i] if i == shown else digits_beside(end, (1.0,), least=2) for i, end in enumerate((low, high))]


def apart(value: float, low: float, high: float, digits: int, low_digits: int, high_digits: int,
          most: int = 4) -> tuple[int, int, int]:
    """The digits of a median and of its interval's ends, more where the median would be written like an end it
    differs from (``1.1× [0.98–1.1×]`` reads as a typo): the two take a digit more until they are written apart."""
    while digits < most:
        same = [end != value and as_decimal(end, end_digits) == as_decimal(value, digits)
                for end, end_digits in ((low, low_digits), (high, high_digits))]
        if not any(same):
            break
        digits += 1
        low_digits = max(low_digits, digits) if same[0] else low_digits
        high_digits = max(high_digits, digits) if same[1] else high_digits
    return digits, low_digits, high_digits


# The bounds of "level" (a ratio's interval inside them calls two times level: analysis.series.AGREEMENT_MARGIN),
# and 1, whose side an interval's end decides whether one time is shown the longer.
LEVEL_LIMITS = (1 / 1.2, 1.0, 1.2)


__all__ += ["LEVEL_LIMITS", "apart", "level_digits", "bounds", "digits_beside", "interval_digits", "symmetric"]


def reading_name(name: str) -> str:
    """A device's or CPU's name as a reader writes it: the trademark marks a vendor's string carries left out, and
    a closing "Processor", which prose says in its own words (``Intel(R) Xeon(R) Processor`` → ``Intel Xeon``);
    the data files keep the raw string."""
    words = re.sub(r"\((?:R|TM)\)|®|™", " ", name, flags=re.IGNORECASE).split()
    if len(words) > 1 and words[-1].lower() == "processor":
        words = words[:-1]
    return " ".join(words)


def reading_date(iso: str, lang: str, *, time: bool = False) -> str:
    """An ISO timestamp of a results file as a reader reads it: "30 November 2026" (``time``: and "19:00 UTC");
    the text unchanged where it is not a timestamp (the file keeps the ISO string either way)."""
    from datetime import datetime, timezone

    from babel.dates import format_date, format_time

    try:
        when = datetime.fromisoformat(iso)
    except ValueError:
        return iso
    if when.tzinfo is not None:
        when = when.astimezone(timezone.utc)
    day = format_date(when.date(), format="long", locale=lang)
    return f"{day}, {format_time(when.time(), 'HH:mm', locale=lang)} UTC" if time and when.tzinfo else day


#: A number with a decimal comma (``1,5``): listed after another, a plain comma would split it.
_DECIMAL_COMMA = re.compile(r"\d,\d")


def list_separator(items: list[str], lang: str) -> str:
    """What separates ``items`` in a list: a comma, or a semicolon where the language writes decimals with a comma
    and an item holds one (``1,5; 2,3; 4,1``, never ``1,5, 2,3, 4,1``)."""
    comma = Locale.parse(lang).number_symbols.get("latn", {}).get("decimal", ".") == ","
    return "; " if comma and any(_DECIMAL_COMMA.search(item) for item in items) else ", "


__all__ += ["list_separator"]
