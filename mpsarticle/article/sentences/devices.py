"""The sentences of the chapter on devices: what the machine's card above them cannot say (a label the build was
given, an accelerator that was found but gave no result). The devices the idioms pick are printed by the code
cells themselves."""

from __future__ import annotations

from mpsarticle.analysis import findings as f
from mpsarticle.article.formatting import reading_name
from mpsarticle.article.wording import Count, Phrase, Text, Words
from mpsarticle.results.model import ResultSet

__all__ = ["cpu_phrase", "hardware_sentence", "name_phrase", "sentences", "unified_sentence"]


def sentences(results: ResultSet, words: Words) -> dict[str, str]:
    return {"hardware_sentence": hardware_sentence(results, words),
            "unified_sentence": unified_sentence(results, words)}


def unified_sentence(results: ResultSet, words: Words) -> str:
    """Why the card's Apple GPU row gives the unified memory: said only where the card has such a row."""
    return words("card.unified") if "mps" in results.environment.get("devices", {}) else ""


def cpu_phrase(machine: f.Machine) -> Phrase:
    """The machine's CPU as this chapter names it (the verdict names the machine the same way)."""
    if machine.cpu_threads:
        return Phrase.of("cpu.threads", cpu=Text(reading_name(machine.cpu)), threads=Count(machine.cpu_threads))
    return Phrase.of("cpu.plain", cpu=Text(reading_name(machine.cpu)))


def hardware_sentence(results: ResultSet, words: Words) -> str:
    machine = f.machine(results)
    own = results.label_in(words.lang)
    label = words("hardware.label", label=Text(own)) + " " if own else ""
    found = machine.accelerator
    nothing = not any(p.ok for p in results)
    if found is None:
        return label + words("hardware.failed" if nothing else "hardware.none", cpu=cpu_phrase(machine))
    if found.measured and not nothing:  # (the card above names both devices)
        return label + words("hardware.both")
    key = "hardware.failed_accelerator" if nothing else "hardware.accelerator_unmeasured"
    return label + words(key, name=name_phrase(found.name), api=words.api(found.kind), cpu=cpu_phrase(machine))


def name_phrase(name: str) -> Text | Phrase:
    """An accelerator's name in the reader's word order: the system calls an Apple GPU "Apple M3 Max GPU", which
    Indonesian writes "GPU Apple M3 Max"; other names (``NVIDIA H200``) are proper names and stay as they are."""
    chip = reading_name(name)
    if chip.endswith(" GPU"):
        return Phrase.of("device.gpu_of", chip=Text(chip.removesuffix(" GPU")))
    return Text(chip)
