"""A selfcheck row's verdict: intervals apart are outside, narrow ones that meet agree, and ones too wide to have
shown a disagreement are unclear, neither agreeing nor failing the command."""

from __future__ import annotations

from mpsarticle.cli.selfcheck_table import table
from mpsarticle.results.selfcheck import Row


def _row(engine: tuple[float, float, float], theirs: tuple[float, float, float]) -> Row:
    return Row("cpu", "matvec", "matvec(m=4096, dtype=float32)", "blocked_autorange", *engine, *theirs,
               ratio=engine[0] / theirs[0], tolerance=0.05, engine_wall_s=1.0, engine_timed_s=0.9,
               reference_wall_s=1.0, processes=3)


#: The busy machine's row: intervals that span orders of magnitude overlap, and would overlap with anything.
WIDE = _row((905e-6, 2.15e-6, 0.381), (539e-6, 291e-9, 1.00))
NARROW = _row((1.00e-3, 0.99e-3, 1.01e-3), (1.01e-3, 1.00e-3, 1.02e-3))
APART = _row((1.20e-3, 1.19e-3, 1.21e-3), (1.00e-3, 0.99e-3, 1.01e-3))


def test_intervals_too_wide_to_have_shown_a_disagreement_are_unclear_not_agreeing() -> None:
    assert WIDE.gap == 0 and WIDE.verdict == "unclear"
    assert not WIDE.agrees and not WIDE.outside
    assert WIDE.to_dict()["verdict"] == "unclear" and WIDE.to_dict()["agrees"] is False
    assert Row.from_dict(WIDE.to_dict()) == WIDE


def test_narrow_intervals_that_meet_agree() -> None:
    assert NARROW.verdict == "agrees" and NARROW.agrees and not NARROW.outside


def test_narrow_intervals_apart_are_outside() -> None:
    assert APART.gap > APART.tolerance and APART.verdict == "outside" and APART.outside and not APART.agrees


def test_a_wide_pair_still_lies_outside_where_the_intervals_exclude_each_other() -> None:
    # An engine reading twice the reference stays outside however wide its own interval is.
    far = _row((2.0e-3, 1.5e-3, 9.0e-3), (1.00e-3, 0.99e-3, 1.01e-3))
    assert far.verdict == "outside"


def test_the_span_is_a_fifth_on_either_side() -> None:
    # Within a fifth on both sides agrees; just beyond it on either side is too wide to check.
    inside = _row((1.00e-3, 0.85e-3, 1.19e-3), (1.00e-3, 1.00e-3, 1.00e-3))
    above = _row((1.00e-3, 0.85e-3, 1.21e-3), (1.00e-3, 1.00e-3, 1.00e-3))
    below = _row((1.00e-3, 0.82e-3, 1.10e-3), (1.00e-3, 1.00e-3, 1.00e-3))
    assert (inside.verdict, above.verdict, below.verdict) == ("agrees", "unclear", "unclear")


def test_the_command_line_says_a_row_is_too_wide_to_check() -> None:
    text = table([NARROW, APART, WIDE])
    lines = text.splitlines()
    assert lines[1].endswith("ok") and "OUTSIDE" in lines[2] and "too wide to check" in lines[3]
    assert "1 of 3 rows too wide to check" in text
