"""The sentences of the method chapter: what was measured, how much of the uncertainty lies between fresh
processes, what was measured again because the machine was busy, and the self-check against other timers."""

from __future__ import annotations

from collections.abc import Sequence

from mpsarticle.analysis import findings as f
from mpsarticle.analysis.verdict import Verdict, verdict
from mpsarticle.article.formatting import reading_date
from mpsarticle.article.selfcheck_words import point_words
from mpsarticle.article.sentences.index import CHART_LABEL
from mpsarticle.article.wording import Choice, Count, Factor, Listing, Phrase, Seconds, Share, Size, Text, Words
from mpsarticle.core.stats import UNCLEAR
from mpsarticle.results.model import ResultSet
from mpsarticle.results.selfcheck import Row

__all__ = ["duration_sentence", "measured_sentence", "noisy_gap_sentence", "processes_sentence", "rejected_sentence",
           "remeasured_sentence", "selfcheck_sentence", "sentences"]


def sentences(results: ResultSet, words: Words, rows: Sequence[Row]) -> dict[str, str]:
    return {"measured_sentence": measured_sentence(f.coverage(results), words),
            "duration_sentence": duration_sentence(results, words),
            "processes_sentence": " ".join(filter(None, (processes_sentence(f.processes(results), words),
                                                          noisy_gap_sentence(verdict(results), words)))),
            "remeasured_sentence": remeasured_sentence(f.remeasured(results), words),
            "rejected_sentence": rejected_sentence(f.rejected(results), words),
            "selfcheck_sentence": selfcheck_sentence(f.selfcheck(rows), words, rows)}


def measured_sentence(found: f.Coverage, words: Words) -> str:
    values = dict(points=Count(found.points), profile=Text(found.profile or "-"),
                  date=Text(reading_date(found.date, words.lang)))
    if not found.missing:
        return words("measured", **values)
    missing = tuple(Phrase.of("missing_count", status=Choice(status), count=Count(n)) for status, n in found.missing)
    return words("measured.missing", missing=Listing(missing), **values)


def duration_sentence(results: ResultSet, words: Words) -> str:
    """How long timing this build's points took, warm-up and calibration included, summed over the processes that
    measured them (each point's ``wall_s``): what a reader wants before starting a run, from this build itself;
    nothing where no point recorded it."""
    timed = [p.wall_s for p in results.points if p.wall_s]
    if not timed:
        return ""
    total = len(results.points)
    return words("duration", scope=Choice("all" if len(timed) == total else "some"),
                 seconds=Seconds(sum(timed), spelled=True), points=Count(len(timed)), total=Count(total))


# Processes a point's slowest took this many times as long as its fastest: worth a word on what it does to claims.
WIDE_SPREAD = 1.5


def processes_sentence(found: f.Processes, words: Words) -> str:
    """How many fresh processes measured each point, and how much of the uncertainty lies between them."""
    if found.processes < 2 or not found.points or found.median_share is None:
        # Points measured again where the machine was busy ran in more processes: the sentence counts them.
        return (words("processes.one_except", count=Count(found.several)) if found.several
                else words("processes.one"))
    values = dict(processes=Count(found.processes), share=Share(found.median_share), points=Count(found.points))
    if not found.most:
        return words("processes.steady", **values)
    # The points it mattered most for are rows of a table (tables.processes_rows): a list of them with two
    # numbers each makes a sentence no one reads through.
    # One count a reader needs: whether the processes mattered at every point, at most or at some (counted).
    many = ("all" if found.above == found.points else "most" if 2 * found.above > found.points else "some")
    text = words("processes.most", above=Count(found.above), many=Choice(many), **values)
    # A wide spread, said once, tells the reader why so many comparisons come out too noisy to tell.
    if found.widest is not None and found.widest[1] >= WIDE_SPREAD:
        text += " " + words("processes.widest", device=words.device(found.widest[0]), widest=Factor(found.widest[1]))
    return text


def noisy_gap_sentence(found: Verdict, words: Words) -> str:
    """The widest gap between an accelerator's and the CPU's times that the comparison rule still calls too noisy to
    tell, with where it lies: how strict the rule is, shown on this build's own chart rather than only asserted.
    Nothing where no comparison is too noisy to tell, or where the widest such gap is below :data:`WIDE_SPREAD`."""
    noisy = [(workload, dtype, c) for workload, dtype, comparisons in found.kinds for c in comparisons
             if c.reading == UNCLEAR]
    if not noisy:
        return ""
    workload, dtype, widest = max(noisy, key=lambda k: max(k[2].speedup.value, 1 / k[2].speedup.value))
    gap = max(widest.speedup.value, 1 / widest.speedup.value)
    if gap < WIDE_SPREAD:
        return ""
    device = found.crossover.device or found.matmul.device or found.training.device or ""
    what = Phrase.of(CHART_LABEL[workload], size=Size(widest.size), **({"dtype": Text(dtype)} if dtype else {}))
    return words("processes.noisy_gap", what=what, device=words.device(device), gap=Factor(gap))


def remeasured_sentence(found: f.Remeasured, words: Words) -> str:
    """How many points were measured again, and why: a process measured them while the machine was busy, or took
    a time far from its siblings' (zero is said too)."""
    if not found.read:
        return words("remeasured.unread")
    factor = Factor(found.factor, 1)
    if not (found.busy or found.outlying or found.again):
        return words("remeasured.none", factor=factor)
    said = words("remeasured.some",
                 busy=Phrase.of("remeasured.seen", what=Choice("busy"), count=Count(found.busy)),
                 outlying=Phrase.of("remeasured.seen", what=Choice("outlying"), count=Count(found.outlying),
                                    factor=factor),
                 again=Count(found.again), why=Choice(_why(found)),
                 extra=Phrase.of("remeasured.processes", count=Count(found.extra)))
    if not found.unresolved:
        return said
    return f"{said} {words('remeasured.unresolved', count=Count(found.unresolved))}"


def _why(found: f.Remeasured) -> str:
    """Which reasons for measuring again held: both, or only the one a reader needs to hear (a zero is no reason)."""
    if found.busy and not found.outlying:
        return "busy"
    if found.outlying and not found.busy:
        return "outlying"
    return "both"


def rejected_sentence(found: f.Rejected, words: Words) -> str:
    """How many device-event intervals read zero or less and were measured again; empty where none did (on most
    machines every interval is positive, and a sentence saying so would be boilerplate)."""
    if not found.intervals:
        return ""
    return words("rejected.some", intervals=Count(found.intervals),
                 points=Phrase.of("rejected.points", count=Count(found.points)),
                 devices=Listing(tuple(Text(words.device(d)) for d in found.devices)))


def selfcheck_sentence(found: f.Selfcheck, words: Words, rows: Sequence[Row] = ()) -> str:
    """How many of the table's comparisons agree (each row's ratio and gap are the table's, not the sentence's),
    then, where some do not, what the difference means, once for each reason they share, and how many were too
    wide to check (``rows``: the table's, named where some agree and the others are too wide to check)."""
    if not found.rows:
        return words("selfcheck.none")
    if found.unclear:
        verdict = _unclear_sentences(found, words, rows)
    elif found.outside:
        reasons = dict.fromkeys(f.outside_why(r) for r in found.outside)
        verdict = " ".join([words("selfcheck.differ", agree=Count(found.rows - len(found.outside)),
                                  rows=Count(found.rows), tolerance=Share(found.tolerance)),
                            *(words("selfcheck.why", why=Choice(why)) for why in reasons)])
    else:
        verdict = words("selfcheck.agree", rows=Count(found.rows), tolerance=Share(found.tolerance),
                        processes=Phrase.of("selfcheck.processes", processes=Count(found.processes)))
    return verdict


def _unclear_sentences(found: f.Selfcheck, words: Words, rows: Sequence[Row] = ()) -> str:
    """Where some rows are too wide to check: how many agree, how many lie outside (with why), how many could not
    be checked; where none could, that alone (a count of agreeing rows would read as a verdict). Where none lies
    outside, the rows are named instead of counted: those that agree, then those too wide to check."""
    span = Share(found.unclear[0].span - 1.0)
    if len(found.unclear) == found.rows:
        return words("selfcheck.unclear_all", rows=Count(found.rows), span=span)
    if not found.outside and len(rows) == found.rows:
        # How close the medians are comes first: a reader who sees only "too wide to check" takes the rows for
        # failures, when the timers read alike and only the intervals are too wide to prove it.
        several = len(found.devices) > 1
        agreeing = tuple(r for r in rows if r.verdict == "agrees")
        # A precision every row shares is said once, not after each point.
        dtype = _shared_precision(rows, words)
        precision = dict(precision=Choice("shared"), dtype=Text(dtype)) if dtype else dict(precision=Choice("each"))
        # Each side is named only where it has one or two rows, else counted: a longer list repeats the table.
        named = {side for side, members in (("agree", agreeing), ("unclear", found.unclear))
                 if len(members) <= NAMED_AT_MOST}
        form = "both" if len(named) == 2 else named.pop() if named else "none"
        return " ".join((words("selfcheck.close", within=Share(found.medians_within)),
                         words("selfcheck.named", named=Choice(form), span=span, rows=Count(found.rows),
                               checked=Count(len(agreeing)), wide=Count(len(found.unclear)),
                               agree=_named(agreeing, words, several, bare=bool(dtype)),
                               unclear=_named(found.unclear, words, several, bare=bool(dtype)), **precision)))
    parts = [] if found.outside else [words("selfcheck.close", within=Share(found.medians_within))]
    parts.append(words("selfcheck.count", agree=Count(found.agree), rows=Count(found.rows),
                       tolerance=Share(found.tolerance)))
    if found.outside:
        parts.append(words("selfcheck.outside", outside=Count(len(found.outside)), tolerance=Share(found.tolerance)))
        parts.extend(words("selfcheck.why", why=Choice(why)) for why in dict.fromkeys(map(f.outside_why,
                                                                                             found.outside)))
    # Where the rows too wide to check are all on one of several devices, the sentence names it: the reader
    # then sees which device's processes varied (the section on fresh processes says by how much).
    wide_on = tuple(dict.fromkeys(r.device for r in found.unclear))
    where = dict(where=Choice("device"), device=words.device(wide_on[0])) if (
        len(wide_on) == 1 and len(found.devices) > 1) else dict(where=Choice("any"))
    parts.append(words("selfcheck.unclear", unclear=Count(len(found.unclear)), span=span, **where))
    return " ".join(parts)


#: The most rows of one verdict (agree, too wide to check) the sentence under the self-check's table names.
NAMED_AT_MOST = 2


def _plain(row: Row, words: Words) -> bool:
    """Whether a row's point has a workload the prose names and a whole size (else its label is said as it is)."""
    found = row.params()
    return found is not None and words.names("selfcheck.prose", found[0]) and str(found[1].get("m", "")).isdigit()


def _shared_precision(rows: Sequence[Row], words: Words) -> str | None:
    """The precision of every row, where they all name one (and every point is said in words); else ``None``."""
    if not rows or not all(_plain(row, words) for row in rows):
        return None
    dtypes = {row.params()[1].get("dtype", "float32") for row in rows}  # type: ignore[index]
    return dtypes.pop() if len(dtypes) == 1 else None


def _named(rows: Sequence[Row], words: Words, several: bool, bare: bool = False) -> Listing:
    """Rows of the selfcheck's table by their point in words, those of one workload, precision and device said once
    with their sizes ("B @ a at m = 3,000 and 8,192 in float32"; ``bare``: without the precision, which the sentence
    says once for every row), with their device where the table has several (the table's own labels of the points go
    to the oracle unprinted, to find the rows)."""
    groups: dict[tuple, list[Row]] = {}
    for row in rows:
        found = row.params()
        key = (found[0], found[1].get("dtype", "float32"), found[2], row.device) if found and _plain(row, words) \
            else (row.label,)
        groups.setdefault(key, []).append(row)
    named = []
    for key, members in groups.items():
        if len(key) == 1:
            point = point_words(members[0], words, "prose")
        else:
            kind, dtype, cold, _ = key
            # Rows of one point that differ only by their reference share a size: it is said once.
            sizes = Listing(tuple(Size(m) for m in dict.fromkeys(int(r.params()[1]["m"]) for r in members)))  # type: ignore[index]
            point = words("selfcheck.bare", workload=Choice(kind), m=sizes) if bare else \
                words("selfcheck.prose", workload=Choice(kind), m=sizes, dtype=Text(dtype))
            point = words("selfcheck.cold", form=Choice("prose"), point=point) if cold else point
        named.append(Phrase.of("selfcheck.row", where=Choice("device" if several else "any"), point=Text(point),
                               labels=Listing(tuple(Text(point_words(r, words)) for r in members)),
                               device=words.device(members[0].device)))
    return Listing(tuple(named))
