"""A selfcheck row in the reader's words: its point, its reference, and the digits its ratio is written with.

A :class:`~mpsarticle.results.selfcheck.Row` keeps the workload's label and the
reference's name as the code writes them (``matvec(m=4096, dtype=float32)``,
``do_bench_cudagraph``); the method chapter's sentence and table say them in
words (:func:`point_words`, :func:`reference_words`), and write the ratio with
as many digits as it takes to see on which side of the tolerance it lies
(:func:`row_ratio_digits`).
"""

from __future__ import annotations

from mpsarticle.article.formatting import digits_beside
from mpsarticle.article.wording import Choice, Num, Phrase, Size, Text, Value, Words
from mpsarticle.results.selfcheck import Row

__all__ = ["point_words", "reference_words", "row_gap_percent", "row_ratio_digits"]


def point_words(row: Row, words: Words, form: str = "point") -> str:
    """The row's workload and size in words: ``B @ a, m = 4,096, float32`` (``form="point"``, the table's) or
    ``B @ a at m = 4,096 in float32`` (``form="prose"``, a sentence's); a label of another form as it is."""
    found = row.params()
    key = "selfcheck.prose" if form == "prose" else "selfcheck.point"
    if not found or not words.names(key, found[0]) or not str(found[1].get("m", "")).isdigit():
        return row.label
    kind, params, cold = found
    text = words(key, workload=Choice(kind), m=Size(int(params["m"])), dtype=Text(params.get("dtype", "float32")))
    return words("selfcheck.cold", form=Choice(form), point=text) if cold else text


def reference_words(row: Row, words: Words) -> Value:
    """The reference by its name in the article (``device events``), or as the row has it if the catalog lacks it."""
    if words.names("selfcheck.reference", row.reference):
        return Phrase.of("selfcheck.reference", reference=Choice(row.reference))
    return Text(row.reference)


def row_ratio_digits(row: Row) -> int:
    """Significant digits that show on which side of :attr:`~mpsarticle.results.selfcheck.Row.limits` the row's
    ratio lies (``1.052``, not ``1.05``)."""
    return digits_beside(row.ratio, row.limits)


def row_gap_percent(row: Row) -> Num:
    """How far apart the row's intervals lie, in percent, with the digits that show on which side of the
    tolerance it lies (``5.3``, not ``5``, beside 5 %)."""
    gap, limit = 100 * row.gap, 100 * row.tolerance
    return Num(gap, digits_beside(gap, (limit,), least=2))
