"""What every finding is built from: the machine, the accelerator compared, comparisons with intervals.

The finding modules, one per chapter (:mod:`.matvec`, :mod:`.matmul`, :mod:`.training`, :mod:`.method`, ...) build on
:func:`compared_accelerator` and :func:`present_accelerator` (which device a
finding compares with the CPU), :func:`compare_with_cpu` and
:func:`compare_series` (a device against the CPU, size by size) and
:func:`missing_status` (why a series has no good point).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal, get_args

from mpsarticle.analysis import series as analysis
from mpsarticle.core.specs import MatMul
from mpsarticle.core.stats import Agreement, Direction, Ratio
from mpsarticle.results.model import Point, ResultSet

__all__ = ["DTYPES", "MISSING", "Accelerator", "Comparison", "Machine", "compare_series", "compare_with_cpu",
           "compared_accelerator", "machine", "missing_status", "present_accelerator", "rate_ratio"]

#: Precisions of the matrix product, in the order the article lists them.
DTYPES = MatMul.precisions
#: What a point that is not ``ok`` was instead, in the order a sentence names the first that applies: every
#: status of :data:`mpsarticle.results.schema.STATUSES` but ``ok``, and ``failed_check`` (ok, but a wrong result).
Missing = Literal["unsupported", "failed_check", "out_of_memory", "error", "timeout", "crashed"]
MISSING: tuple[Missing, ...] = get_args(Missing)
#: Why a series has no good point (:func:`missing_status`): a :data:`Missing`, or ``not_measured`` where none was tried.
Absent = Literal[Missing, "not_measured"]


# -- the machine -------------------------------------------------------------------

@dataclass(frozen=True)
class Accelerator:
    """The accelerator a build compares with its CPU."""

    kind: str
    name: str
    #: At least one of its points is ``ok``.
    measured: bool


@dataclass(frozen=True)
class Machine:
    """What the build ran on: the devices the chapters name, and what the idioms pick there."""

    cpu: str
    cpu_threads: int | None
    #: The accelerator the chapters compare with the CPU (the first one found), if any.
    accelerator: Accelerator | None
    torch: str


def machine(results: ResultSet) -> Machine:
    env = results.environment
    devices = env.get("devices", {})
    kinds = [d for d in results.devices if d != "cpu"] + [d for d in devices if d != "cpu"]
    accelerator = None
    if kinds:
        kind = kinds[0]
        described = devices.get(kind, {})
        accelerator = Accelerator(kind, str(described.get("name") or kind),
                                  measured=kind in analysis.accelerators(results))
    return Machine(
        cpu=str(env.get("cpu", "")), cpu_threads=analysis.cpu_threads(results),
        accelerator=accelerator, torch=str(env.get("torch", "")),
    )


def compared_accelerator(results: ResultSet) -> str | None:
    """The first accelerator with a good point: the one compared with the CPU."""
    found = analysis.accelerators(results)
    return found[0] if found else None


def present_accelerator(results: ResultSet) -> str | None:
    """The accelerator to compare, or else the first one present (whose points all failed), or ``None``."""
    found = machine(results).accelerator
    return compared_accelerator(results) or (found.kind if found else None)


# -- comparisons ---------------------------------------------------------------------

@dataclass(frozen=True)
class Comparison:
    """The accelerator against the CPU at one size: ``speedup`` is CPU time / accelerator time."""

    size: int
    cpu_s: float
    accelerator_s: float
    speedup: Ratio
    direction: Direction
    evidence: tuple[Point, Point]

    @property
    def reading(self) -> Agreement:
        """:attr:`direction`, with level told apart from too noisy to tell (:meth:`Ratio.reading`)."""
        return self.speedup.reading()

    @property
    def slowdown(self) -> float:
        """Accelerator time / CPU time: how many times longer the accelerator takes."""
        return 1.0 / self.speedup.value


def compare_with_cpu(results: ResultSet, device: str, **criteria: Any) -> tuple[Comparison, ...]:
    """``device`` against the CPU at every size both measured well, among the points matching ``criteria``
    (as :func:`mpsarticle.analysis.series.series` selects them): CPU time / ``device`` time."""
    cpu = analysis.series(results, device="cpu", **criteria)
    return compare_series(cpu, analysis.series(results, device=device, **criteria))


def compare_series(base: list[tuple[int, Point]], other: list[tuple[int, Point]]) -> tuple[Comparison, ...]:
    """``other`` against ``base`` at every size both have (base time / other time; ``cpu_s`` is the base's)."""
    slow, fast = dict(base), dict(other)
    found = []
    for size in sorted(slow.keys() & fast.keys()):
        speedup = analysis.compare(slow[size], fast[size])
        found.append(Comparison(size, slow[size].measured_s, fast[size].measured_s, speedup, speedup.direction(),
                                (slow[size], fast[size])))
    return tuple(found)


def rate_ratio(faster: Point, slower: Point, amount: str) -> Ratio:
    """``faster``'s rate / ``slower``'s rate (``amount``: ``"flops"`` or ``"bytes_moved"`` per call), with its interval.

    The two may be different sizes: the rate ratio is the amounts' ratio
    times the inverse ratio of times, whose interval :func:`analysis.compare` gives.
    """
    scale = getattr(faster, amount) / getattr(slower, amount)
    times = analysis.compare(slower, faster)
    return times.scaled(scale)




def missing_status(points: Iterable[Point]) -> Absent:
    """Why a series has no good point: the first of :data:`MISSING` that applies, else ``not_measured``."""
    statuses: set[str] = {"failed_check" if p.status == "ok" and p.check == "failed" else p.status for p in points}
    return next((status for status in MISSING if status in statuses), "error" if statuses else "not_measured")
