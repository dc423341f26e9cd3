"""What every workload is, and the registry of kinds: each kind states its own facts, once; no torch.

A workload is a frozen dataclass that says what one call computes (its
parameters are the fields, :attr:`Workload.flops` and
:attr:`Workload.bytes_moved` what it does). Beside those, each kind states as
class attributes what the rest of the package asks of it, so that no other
module keeps a table by kind:

- ``kind``: its name, in results files, in the catalogs' keys and in the
  messages to a measuring child;
- ``size_key``: the parameter that is its size (the x axis of its figures,
  the sizes its sentences and gaps name, what a results file must hold as a
  whole number);
- ``rate``: :data:`BANDWIDTH` or :data:`COMPUTE`, the rate its speed is
  judged by from one size to the next (:mod:`mpsarticle.analysis.findings.drops`)
  and that a sustained run records (:attr:`Workload.memory_bound`); none: it is
  judged by its time;
- ``precisions``: the precisions its findings read one by one;
- ``in_verdict``: its speed-ups against the CPU are part of the article's
  answer (:mod:`mpsarticle.analysis.verdict`);
- ``modelled`` and ``ops_per_call``: the model of a call's time is fitted to
  its points (:mod:`mpsarticle.analysis.model`), counting this many operations
  per call where its points do not record them.

A subclass that names a ``kind`` of its own enters :data:`WORKLOADS` as it is
defined, in the order of definition: the order the verdict and the model's
table list the kinds. :mod:`mpsarticle.core.specs` defines the article's
kinds; read the registry through it, so that every kind is there.
"""

from __future__ import annotations

import platform
from abc import ABC, abstractmethod
from dataclasses import asdict, dataclass
from typing import Any, ClassVar

from mpsarticle.core.reasons import Reason

__all__ = ["BANDWIDTH", "COMPUTE", "WORKLOADS", "Rate", "Workload", "size_key"]


@dataclass(frozen=True)
class Rate:
    """A speed as what one call does over the time it takes: bytes (a bandwidth) or FLOPs (compute)."""

    #: The workload's (and the point's) attribute that holds what one call does: ``bytes_moved`` or ``flops``.
    amount: str
    #: The point's attribute that computes the rate from its time, in giga-units per second
    #: (:attr:`mpsarticle.results.model.Point.gb_s`, :attr:`~mpsarticle.results.model.Point.gflop_s`).
    attribute: str
    unit: str

    def of(self, point: Any) -> float | None:
        """``point``'s rate; ``None`` where it has none (not ok, or nothing of this amount)."""
        found: float | None = getattr(point, self.attribute)
        return found


BANDWIDTH = Rate("bytes_moved", "gb_s", "GB/s")
COMPUTE = Rate("flops", "gflop_s", "GFLOP/s")

#: Every kind of workload by its name, in the order the kinds were defined (see the module's notes).
WORKLOADS: dict[str, type[Workload]] = {}


@dataclass(frozen=True)
class Workload(ABC):
    """Something to time: its parameters are the dataclass fields, its facts the class attributes below."""

    kind: ClassVar[str]
    #: The parameter that is its size; ``None``: it has none.
    size_key: ClassVar[str | None] = None
    #: The rate its speed is judged by from size to size (:data:`BANDWIDTH` or :data:`COMPUTE`); ``None``: its time.
    rate: ClassVar[Rate | None] = None
    #: The precisions (``dtype`` values) its findings read one by one, in the order the article lists them.
    precisions: ClassVar[tuple[str, ...]] = ()
    #: Its speed-ups against the CPU are part of the article's answer: where the accelerator wins and loses.
    in_verdict: ClassVar[bool] = False
    #: The model of a call's time is fitted to its points.
    modelled: ClassVar[bool] = False
    #: Operations one call dispatches at PyTorch's level where the kind fixes it (attention: one fused kernel);
    #: ``None``: as each point records (``detail["ops_per_call"]``), and not modelled where it does not.
    ops_per_call: ClassVar[int | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "kind" in cls.__dict__:
            known = WORKLOADS.get(cls.kind)
            if known is not None and known.__qualname__ != cls.__qualname__:
                raise TypeError(f"workload kind {cls.kind!r} is {known.__qualname__} already, not {cls.__qualname__}")
            WORKLOADS[cls.kind] = cls

    @property
    @abstractmethod
    def flops(self) -> float:
        """Floating-point operations of one call."""

    @property
    @abstractmethod
    def bytes_moved(self) -> float:
        """Fewest bytes one call must move through device memory (each input read once, each output written once)."""

    @property
    def memory_bound(self) -> bool:
        """Its speed is the memory traffic it reaches (:attr:`rate` is :data:`BANDWIDTH`), not its arithmetic."""
        return self.rate is BANDWIDTH

    @property
    def label(self) -> str:
        inner = ", ".join(f"{k}={v}" for k, v in self.params().items())
        return f"{self.kind}({inner})"

    @property
    def input_bytes(self) -> int:
        """Bytes of one input set (to size cache-cold rotation and memory)."""
        return int(self.bytes_moved)

    def params(self) -> dict[str, Any]:
        return asdict(self)

    def unsupported_reason(self, device_kind: str) -> Reason | None:
        """Why this workload cannot run on a ``device_kind`` device, known before trying; ``None`` if it can."""
        dtype = getattr(self, "dtype", "float32")
        if device_kind == "mps" and dtype == "float64":
            return Reason.of("mps_float64")
        if device_kind == "mps" and dtype == "bfloat16":
            major = _macos_major()
            if major is not None and major < 14:
                return Reason.of("mps_bfloat16", macos=major)
        return None


def size_key(kind: str) -> str | None:
    """The size parameter of the workload called ``kind``; ``None`` for a kind that is unknown or has none."""
    found = WORKLOADS.get(kind)
    return found.size_key if found is not None else None


def _macos_major() -> int | None:
    version = platform.mac_ver()[0]
    return int(version.split(".")[0]) if version else None
