"""Machines by chip family and kind: how the machines chapter summarises an archive too large to list.

A machine's *family* is its main chip: the accelerator where it has one (an
Apple GPU through MPS, an NVIDIA GPU through CUDA), else its CPU. Apple chips
are grouped by generation (an M2 Pro and an M2 Ultra are both "Apple M2"),
NVIDIA cards by model (the memory variant dropped: "NVIDIA A100"), CPUs by
vendor and line (Intel Xeon, AMD EPYC, ...; an unknown one by its instruction
set). The *kind* says which of the three a family is. Everything is read from
the results file's environment block, never from its label (free text).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from mpsarticle.results.model import ResultSet

__all__ = ["KINDS", "LISTED", "Family", "by_family", "counts", "family_of", "kind_of", "median_member"]

#: Up to this many archived machines the chapter shows each one; beyond, it summarises them by family (a longer list
#: of names, or legend of lines, is too long to read).
LISTED = 4
#: The kinds of machine, in the order the chapter names them: a Mac's GPU, an NVIDIA GPU, a CPU alone.
KINDS = ("apple", "nvidia", "cpu")

#: CPU lines by a word of the name the OS reports; the first that matches names the family.
_CPU_LINES = (("Xeon", "Intel Xeon"), ("Core(TM)", "Intel Core"), ("Intel", "Intel"), ("EPYC", "AMD EPYC"),
              ("Ryzen", "AMD Ryzen"), ("Threadripper", "AMD Ryzen"), ("Graviton", "AWS Graviton"),
              ("Neoverse", "Arm Neoverse"), ("Ampere", "Ampere"))
_APPLE = re.compile(r"\bApple (M\d+)\b")
#: What follows an NVIDIA model's name when the driver names a variant: form factor, memory, interconnect.
_VARIANT = re.compile(r"[- ](?:SXM\d*|PCIe|PCIE|NVL|HBM\d*e?|\d+\s?GB)\b.*$")

T = TypeVar("T")


@dataclass(frozen=True, order=True)
class Family:
    """A chip family (``name``, e.g. "Apple M2", "NVIDIA H100", "AMD EPYC") of one ``kind`` of :data:`KINDS`."""

    kind: str
    name: str


def kind_of(results: ResultSet) -> str:
    """``apple`` (a GPU through MPS), ``nvidia`` (through CUDA) or ``cpu`` (no accelerator) from the devices
    recorded in the environment block."""
    devices = results.environment.get("devices") or {}
    if "mps" in devices:
        return "apple"
    if "cuda" in devices:
        return "nvidia"
    return "cpu"


def _cpu_family(environment: Mapping[str, Any]) -> str:
    name = str(environment.get("cpu") or "")
    apple = _APPLE.search(name)
    if apple:
        return f"Apple {apple.group(1)}"
    for word, line in _CPU_LINES:
        if word in name:
            return line
    arch = str(environment.get("arch") or "").lower()
    return "Arm" if arch in ("arm64", "aarch64") else ("x86-64" if arch in ("x86_64", "amd64") else "?")


def _nvidia_family(name: str) -> str:
    model = " ".join(name.replace("NVIDIA", " ").replace("GeForce", " ").replace("Tesla", " ").split())
    model = _VARIANT.sub("", model).strip() or name
    return f"NVIDIA {model}"


def family_of(results: ResultSet) -> Family:
    """The machine's family (see the module notes)."""
    env = results.environment
    kind = kind_of(results)
    devices = env.get("devices") or {}
    if kind == "nvidia":
        return Family(kind, _nvidia_family(str(devices["cuda"].get("name") or "")))
    if kind == "apple":
        chip = (env.get("mac") or {}).get("chip") or devices["mps"].get("name") or env.get("cpu")
        found = _APPLE.search(str(chip or ""))
        return Family(kind, f"Apple {found.group(1)}" if found else "Apple")
    return Family(kind, _cpu_family(env))


def by_family(entries: Iterable[tuple[str, ResultSet]]) -> dict[Family, list[tuple[str, ResultSet]]]:
    """``entries`` (label, results) grouped by family: the kinds in :data:`KINDS`' order, each kind's families
    from the most machines to the fewest (then by name); within a family, the entries' own order."""
    groups: dict[Family, list[tuple[str, ResultSet]]] = {}
    for label, results in entries:
        groups.setdefault(family_of(results), []).append((label, results))
    return dict(sorted(groups.items(), key=lambda item: (KINDS.index(item[0].kind), -len(item[1]), item[0].name)))


def counts(groups: Mapping[Family, Sequence[T]]) -> dict[str, int]:
    """Machines per kind (every kind of :data:`KINDS`, zero where there are none)."""
    found = dict.fromkeys(KINDS, 0)
    for family, members in groups.items():
        found[family.kind] += len(members)
    return found


def _main_device(results: ResultSet) -> str:
    devices = results.environment.get("devices") or {}
    return next((kind for kind in ("mps", "cuda") if kind in devices), "cpu")


def _bandwidth_at_largest(results: ResultSet) -> float | None:
    """B @ a's bandwidth on the machine's main device at the largest matrix it measured well."""
    device = _main_device(results)
    good = [p for p in results.points if p.workload == "matvec" and p.device == device and p.method == "engine"
            and p.ok and p.gb_s]
    return max(good, key=lambda p: p.params.get("m", 0)).gb_s if good else None


def median_member(members: Sequence[tuple[str, ResultSet]]) -> tuple[str, ResultSet]:
    """The family's machine whose B @ a bandwidth on its main device, at the largest matrix it measured, is the
    median of the family's (the lower of the two middle ones for an even count); the first member where none
    measured it."""
    measured = sorted((value, index) for index, (_, results) in enumerate(members)
                      if (value := _bandwidth_at_largest(results)) is not None)
    if not measured:
        return members[0]
    return members[measured[(len(measured) - 1) // 2][1]]
