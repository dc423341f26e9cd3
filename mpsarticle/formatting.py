"""Numbers as the article writes them, in English or Indonesian.

Babel (the CLDR locale data Sphinx itself uses) supplies the separators:
``1,234.5`` in English, ``1.234,5`` in Indonesian. The prose and the figures
both format through here, so a chart and the sentence beside it agree.
"""

from __future__ import annotations

from babel.numbers import format_decimal, format_scientific

__all__ = ["duration", "number", "percent", "rate", "ratio", "ratio_interval", "scientific", "whole", "with_interval"]


def number(value: float, lang: str, digits: int = 3) -> str:
    """``value`` with ``digits`` significant digits (at least whole units), in the language's style."""
    if value == 0:
        return "0"
    magnitude = len(str(int(abs(value)))) if abs(value) >= 1 else 0
    decimals = max(0, digits - magnitude) if abs(value) >= 1 else digits
    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(round(value, decimals), format=pattern, locale=lang)


def whole(value: float, lang: str) -> str:
    return format_decimal(round(value), format="#,##0", locale=lang)


def duration(seconds: float, lang: str) -> str:
    """A time in the unit that reads best: ``17.2 µs``, ``1.05 ms``, ``2.31 s``."""
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)):
        if seconds >= scale or unit == "ns":
            return f"{number(seconds / scale, lang)} {unit}"
    raise AssertionError("unreachable")


def scientific(value: float, lang: str) -> str:
    """``3.5e-03`` style, with the language's decimal mark."""
    return format_scientific(value, format="0.0E00", locale=lang)


def ratio(value: float, lang: str) -> str:
    return f"{number(value, lang, 2 if value < 10 else 3)}×"


def rate(value_per_s: float, unit: str, lang: str) -> str:
    """``4,103 GB/s``; rates over 10,000 GFLOP/s read as TFLOP/s."""
    if unit == "GFLOP/s" and value_per_s >= 10_000:
        return f"{number(value_per_s / 1000, lang)} TFLOP/s"
    return f"{number(value_per_s, lang)} {unit}"


def percent(fraction: float, lang: str) -> str:
    return f"{number(100 * fraction, lang, 2)} %" if lang == "id" else f"{number(100 * fraction, lang, 2)}%"


def with_interval(point, lang: str) -> str:
    """A point's median with its 95 % interval as ± a share: ``1.05 ms ± 1.2%``."""
    text = duration(point.median_s, lang)
    half = point.half_width
    return text if half is None else f"{text} ± {percent(half, lang)}"


def ratio_interval(value, lang: str) -> str:
    """A :class:`~mpsarticle.stats.Ratio` with its interval: ``3.7× (3.5–3.9×)``."""
    return f"{ratio(value.value, lang)} ({number(value.low, lang, 2)}–{ratio(value.high, lang)})"
