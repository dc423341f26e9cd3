"""What ``python -m mpsarticle selfcheck`` prints: its rows as a plain-text table (English, like the rest of the
command line; the method chapter has its own table, :func:`mpsarticle.article.tables.selfcheck_table`)."""

from __future__ import annotations

from collections.abc import Sequence

from mpsarticle.article.formatting import duration, number
from mpsarticle.article.selfcheck_words import row_ratio_digits
from mpsarticle.results.selfcheck import Row

__all__ = ["table"]


def _interval(median: float, low: float, high: float) -> str:
    return f"{duration(median, 'en')} [{duration(low, 'en')}, {duration(high, 'en')}]"


def table(rows: Sequence[Row]) -> str:
    """The rows as a plain-text table for the terminal, then the engine's cost for the set."""
    head = ("device", "point", "reference", "processes", "engine [95% interval]", "reference [95% interval]",
            "ratio", "verdict")
    lines = [head]
    for row in rows:
        apart, tolerance = number(100 * row.gap, "en", 2), number(100 * row.tolerance, "en", 2)
        low, high = (number(value, "en", 3) for value in row.spread)
        verdict = {"agrees": "ok", "outside": f"OUTSIDE: {apart}% apart, more than {tolerance}%",
                   "unclear": f"too wide to check: the intervals allow {low}x to {high}x"}[row.verdict]
        lines.append((row.device, row.label, row.reference, str(row.processes),
                      _interval(row.engine_median_s, row.engine_ci_low_s, row.engine_ci_high_s),
                      _interval(row.reference_median_s, row.reference_ci_low_s, row.reference_ci_high_s),
                      number(row.ratio, "en", row_ratio_digits(row)), verdict))
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    text = "\n".join("  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip()
                     for line in lines)
    wall = sum(row.engine_wall_s for row in rows)
    timed = sum(row.engine_timed_s for row in rows)
    theirs = sum(row.reference_wall_s for row in rows)
    if rows:
        text += (f"\nengine: {wall:.2f} s wall for {timed:.2f} s in timed blocks ({wall / timed:.2f}x); "
                 f"references: {theirs:.2f} s wall; engine/reference wall {wall / theirs:.2f}x")
        text += ("\na row is outside when the two intervals, each across the processes, lie further apart than "
                 "the tolerance; too wide to check when they do not, but together allow the synchronised timer to "
                 f"read more than {number(100 * (rows[0].span - 1), 'en', 2)}% off the reference")
        unclear = sum(row.verdict == "unclear" for row in rows)
        if unclear:
            text += (f"\n{unclear} of {len(rows)} rows too wide to check: neither agreement nor disagreement is "
                     "shown; rerun on a quieter machine, or with more --processes or --budget")
    return text
