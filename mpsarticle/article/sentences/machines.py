"""The sentences of the machines chapter: the archive's machines, the files skipped, and their rates that fell."""

from __future__ import annotations

from collections.abc import Sequence

from mpsarticle.analysis import findings as f
from mpsarticle.analysis.families import KINDS, LISTED, by_family, counts
from mpsarticle.article.sentences.common import drops_sentence
from mpsarticle.article.wording import Choice, Count, Listing, Phrase, Text, Words
from mpsarticle.results.model import ResultSet

__all__ = ["LISTED", "machines_sentence", "sentences"]


def sentences(results: ResultSet, words: Words, labels: Sequence[str], skipped: Sequence[str],
              archive: Sequence[tuple[str, ResultSet]] = ()) -> dict[str, str]:
    """The archive's machines; and, as in this build's own chapters, any rate of theirs that fell by more than half
    (the chapter's figures draw those curves too)."""
    return {"machines_sentence": machines_sentence(labels, skipped, archive, words)}


def _kinds(archive: Sequence[tuple[str, ResultSet]]) -> Listing:
    """How many machines of each kind, those with none left out."""
    found = counts(by_family(archive))
    return Listing(tuple(Phrase.of("machines.kind", kind=Choice(kind), count=Count(found[kind])) for kind in KINDS
                         if found[kind]))


def machines_sentence(labels: Sequence[str], skipped: Sequence[str], archive: Sequence[tuple[str, ResultSet]],
                      words: Words) -> str:
    """The archive's machines (or that there are none), the files skipped, and any rate of theirs that fell by
    more than half: named machine by machine up to :data:`LISTED` machines, counted beyond."""
    if not labels:
        listing = words("machines.none")
    elif len(labels) <= LISTED:
        listing = words("machines.listing", count=Count(len(labels)),
                        labels=Listing(tuple(Text(label) for label in labels)))
    else:
        listing = words("machines.summary", count=Count(len(labels)), kinds=_kinds(archive))
    if skipped:
        listing += " " + words("machines.skipped", count=Count(len(skipped)), files=Text("; ".join(skipped)))
    falling = [(label, falls) for label, archived in archive
               if (falls := f.drops(archived, ("matvec", "copy")))]
    if len(archive) > LISTED:
        if falling:
            listing += " " + words("machines.drops.many", count=Count(len(falling)))
        return listing
    for label, falls in falling:
        # The causes are not repeated: the chapter on B @ a lists them whether or not this build's rates fall.
        listing += " " + words("machines.drops", label=Text(label), count=Count(len(falls)),
                               drops=drops_sentence(falls, words, None))
    return listing
