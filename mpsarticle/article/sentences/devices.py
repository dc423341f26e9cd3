"""The sentences of the chapter on devices: the machine, and the device a script's idiom picks on it."""

from __future__ import annotations

from mpsarticle.analysis import findings as f
from mpsarticle.article.formatting import reading_name
from mpsarticle.article.wording import Count, Phrase, Text, Words
from mpsarticle.results.model import ResultSet

__all__ = ["default_sentence", "hardware_sentence", "idiom_sentence", "sentences"]


def sentences(results: ResultSet, words: Words) -> dict[str, str]:
    machine = f.machine(results)
    return {
        "hardware_sentence": hardware_sentence(results, words),
        "idiom_sentence": idiom_sentence(machine, words),
        "default_sentence": default_sentence(machine, words),
    }


def _cpu(machine: f.Machine) -> Phrase:
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
        return label + words("hardware.failed" if nothing else "hardware.none", cpu=_cpu(machine))
    key = "hardware.accelerator" if found.measured else "hardware.accelerator_unmeasured"
    key = "hardware.failed_accelerator" if nothing else key
    return label + words(key, name=_name(found.name), api=words.api(found.kind), cpu=_cpu(machine))


def _name(name: str) -> Text | Phrase:
    """An accelerator's name in the reader's word order: the system calls an Apple GPU "Apple M3 Max GPU", which
    Indonesian writes "GPU Apple M3 Max"; other names (``NVIDIA H200``) are proper names and stay as they are."""
    chip = reading_name(name)
    if chip.endswith(" GPU"):
        return Phrase.of("device.gpu_of", chip=Text(chip.removesuffix(" GPU")))
    return Text(chip)


def idiom_sentence(machine: f.Machine, words: Words) -> str:
    """What the idiom ``"mps" if torch.backends.mps.is_available() else "cpu"`` picks on this machine."""
    return words("devices.idiom", device=Text(machine.idiom_device))


def default_sentence(machine: f.Machine, words: Words) -> str:
    """The device a script that prefers MPS, then CUDA, then the CPU picks here."""
    return words("devices.default", device=Text(machine.default_device))
