"""The sentences of the machines chapter: the archive's machines, the files skipped, and their rates that fell."""

from __future__ import annotations

from collections.abc import Sequence

from mpsarticle.analysis import findings as f
from mpsarticle.analysis.families import KINDS, LISTED, by_family, counts
from mpsarticle.analysis.series import series
from mpsarticle.article.sentences.common import drop_sizes, elements_sentence
from mpsarticle.article.wording import Choice, Count, Factor, Listing, Phrase, Rate, Seconds, Size, Text, Words
from mpsarticle.results.archive import identity
from mpsarticle.results.model import ResultSet

__all__ = ["LISTED", "drops_sentence_of_archive", "machines_sentence", "sentences", "twin_sentence"]


def sentences(results: ResultSet, words: Words, labels: Sequence[str], skipped: Sequence[str],
              archive: Sequence[tuple[str, ResultSet]] = ()) -> dict[str, str]:
    """The archive's machines; an archived machine the table shows as this one's twin; and, as in this build's own
    chapters, any rate of theirs that fell by more than half, under the figure that draws it."""
    return {"machines_sentence": machines_sentence(labels, skipped, archive, words),
            "machines_twin_sentence": twin_sentence(results, archive, words),
            "machines_drops_sentence": drops_sentence_of_archive(archive, words)}


#: What a twin may differ in, in the order said: each a key of the results' environment.
_TWIN_DIFFERENCES = ("os", "memory_bytes")


def twin_sentence(results: ResultSet, archive: Sequence[tuple[str, ResultSet]], words: Words) -> str:
    """An archived machine with this build's CPU, thread count, architecture, devices and PyTorch, which the table
    therefore shows in the same cells, whose file records another operating system release or memory size (so
    it was not left out as this one's own file): said, with what its file records, so that its times are not read
    as this build's. Empty where none is."""
    mine = identity(results)
    said = []
    for label, archived in archive:
        theirs = identity(archived)
        if theirs == mine:
            continue  # the same machine under another label: its row tells itself apart by that label
        differ = [key for key in _TWIN_DIFFERENCES
                  if archived.environment.get(key) != results.environment.get(key)]
        alike = all(archived.environment.get(key) == results.environment.get(key)
                    for key in ("cpu", "logical_cores", "arch", "torch")) and theirs[-1] == mine[-1]
        if not alike or not differ:
            continue
        theirs_mem, mine_mem = (r.environment.get("memory_bytes") for r in (archived, results))
        gap = (abs(theirs_mem - mine_mem) if isinstance(theirs_mem, int) and isinstance(mine_mem, int)
               and abs(theirs_mem - mine_mem) < 0.01 * max(theirs_mem, mine_mem) else None)
        if "memory_bytes" in differ and gap is None:
            continue  # memory far apart shows in the table's own cell
        # What tells the two files apart, named without its figures: a kernel's build tag does not prove another
        # computer, and the reader needs only that the times may differ. Memory a few KiB apart is not named: the
        # table's rounded sizes show the two alike.
        if "os" in differ:
            said.append(words("machines.twin", label=Text(label),
                              differences=Listing((Phrase.of("machines.twin.os"),))))
        else:
            said.append(words("machines.twin.alike", label=Text(label)))
        if moved := _twin_train(results, archived, words):
            said.append(moved)
    return " ".join(said)


#: The batch the training chart draws every machine at (figures.machines.TRAIN_BATCH, which the sentences do not
#: import: the figures load matplotlib).
TWIN_BATCH = 32


def _twin_train(results: ResultSet, archived: ResultSet, words: Words) -> str:
    """How far one figure the charts draw moved between the two runs: the training step at the chart's batch on the
    main chip (the accelerator, else the CPU), here and on the twin, where both measured it well."""
    device = next((d for d in sorted(results.devices) if d != "cpu"), "cpu")
    here, there = (dict(series(r, workload="train_step", device=device, suite="train")).get(TWIN_BATCH)
                   for r in (results, archived))
    if here is None or there is None:
        return ""
    slow, fast = max(here.measured_s, there.measured_s), min(here.measured_s, there.measured_s)
    # Three digits: the gap between two runs is often a few per cent, which two digits round up to 1.1×, twice it.
    return words("machines.twin.train", device=words.device(device), batch=Size(TWIN_BATCH),
                 here=Seconds(here.measured_s), there=Seconds(there.measured_s), factor=Factor(slow / fast, 3))


def _kinds(archive: Sequence[tuple[str, ResultSet]]) -> Listing:
    """How many machines of each kind, those with none left out."""
    found = counts(by_family(archive))
    return Listing(tuple(Phrase.of("machines.kind", kind=Choice(kind), count=Count(found[kind])) for kind in KINDS
                         if found[kind]))


def drops_sentence_of_archive(archive: Sequence[tuple[str, ResultSet]], words: Words) -> str:
    """Each archived machine's rates of B @ a or of the copy that fell by more than half from one size to the next,
    said under the figure that draws them, machine by machine up to :data:`LISTED` machines, counted beyond."""
    falling = [(label, falls) for label, archived in archive
               if (falls := f.drops(archived, ("matvec", "copy")))]
    if not falling:
        return ""
    if len(archive) > LISTED:
        return words("machines.drops.many", count=Count(len(falling)))
    # Each fall names its machine and that machine's device, never this build's device name alone, which every other
    # sentence of the site uses for this build's own device. The causes are not repeated: the chapter on B @ a lists
    # them whether or not this build's rates fall.
    said = []
    results_of = dict(archive)
    for label, falls in falling:
        for drop in falls:
            before, after = drop_sizes(drop)
            # A GPU that only one archived machine has names the machine better than its label does.
            gpu = _gpu_name(results_of[label], drop.device)
            alone = gpu and sum(_gpu_name(r, drop.device) == gpu for _, r in archive) == 1
            said.append(words("machines.drop", who=Choice("gpu" if alone else "machine"), gpu=Text(gpu),
                              label=Text(label), device=words.device(drop.device),
                              what=Phrase.of("machines.drop.what", workload=Choice(drop.workload)),
                              before=before, after=after,
                              high=Rate(drop.before_rate, drop.unit), low=Rate(drop.after_rate, drop.unit),
                              factor=Factor(drop.before_rate / drop.after_rate)))
            if elements := elements_sentence(drop, words, "machines.drop.elements"):
                said.append(elements)
        # A likely cause, where one is said, already carries its doubt: "no cause recorded" is for the others.
        if not any(elements_sentence(drop, words) for drop in falls):
            said.append(words("machines.drops.why", count=Count(len(falls))))
    return " ".join(said)


def _gpu_name(results: ResultSet, device: str) -> str:
    """The name a machine's environment records for its accelerator ``device``; empty for the CPU or none."""
    found = (results.environment.get("devices") or {}).get(device) if device != "cpu" else None
    return str(found.get("name", "")).strip() if isinstance(found, dict) else ""


def machines_sentence(labels: Sequence[str], skipped: Sequence[str], archive: Sequence[tuple[str, ResultSet]],
                      words: Words) -> str:
    """The archive's machines (or that there are none) and the files skipped: named machine by machine up to
    :data:`LISTED` machines, counted beyond."""
    if not labels:
        listing = words("machines.none")
    elif len(labels) <= LISTED:
        listing = words("machines.listing", count=Count(len(labels)),
                        labels=Listing(tuple(Text(label) for label in labels)), kinds=_kinds(archive))
    else:
        listing = words("machines.summary", count=Count(len(labels)), kinds=_kinds(archive))
    if labels and not counts(by_family(archive))["apple"]:
        # The chapter promises Macs beside NVIDIA cards: where the archive holds none, the reader is told at once.
        listing += " " + words("machines.no_mac")
    if skipped:
        listing += " " + words("machines.skipped", count=Count(len(skipped)), files=Text("; ".join(skipped)))
    return listing
