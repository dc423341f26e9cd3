"""Memory: how much a device can give one point, and what running out looks like.

How large a profile's largest sizes may be is decided per device from its
memory, before anything is allocated: a point whose inputs would take more
than :data:`MEMORY_SHARE_LIMIT` of :func:`usable_bytes` is recorded as
``out_of_memory`` ("not tried") instead of being run. On a Mac that matters
twice over: the GPU shares the machine's memory with macOS and every
program, and an allocation beyond what Metal will keep resident does not
fail cleanly but swaps, for minutes. So for MPS the budget is Metal's
*recommended working set* (``torch.mps.recommended_max_memory()``, recorded
as ``recommended_max_bytes``), which on an 8 GB Mac is well below 8 GB; the
machine's total is used only where that cannot be read.

When an allocation fails anyway, each backend says so differently;
:func:`is_out_of_memory` knows all three, so the point is recorded as
``out_of_memory`` rather than ``error`` and the device's cached memory is
given back before the next point.
"""

from __future__ import annotations

from typing import Any

from mpsarticle.core.reasons import Reason
from mpsarticle.core.specs import Workload

__all__ = ["MEMORY_SHARE_LIMIT", "is_out_of_memory", "too_big", "usable_bytes"]

#: A point whose inputs would take more than this share of a device's usable
#: memory is not tried: the timed call, its output and the check need room
#: beside the inputs.
MEMORY_SHARE_LIMIT = 0.45

#: How each backend words a failed allocation (compared in lower case):
#: CUDA "CUDA out of memory. Tried to allocate ...", MPS "MPS backend out of
#: memory (MPS allocated: ...)", the CPU allocator "DefaultCPUAllocator:
#: can't allocate memory: you tried to allocate ..." (Linux, macOS) or
#: "... not enough memory: ..." (Windows).
OUT_OF_MEMORY_WORDS = ("out of memory", "can't allocate memory", "not enough memory")


def usable_bytes(described: dict[str, Any]) -> int | None:
    """The memory a device's points may plan with: Metal's recommended working set on MPS, else the total."""
    if described.get("kind") == "mps" and described.get("recommended_max_bytes"):
        return int(described["recommended_max_bytes"])
    memory = described.get("memory_bytes")
    return int(memory) if memory else None


def too_big(workload: Workload, described: dict[str, Any]) -> Reason | None:
    """Why ``workload`` is not tried on the device ``described``, or ``None`` if it fits."""
    memory = usable_bytes(described)
    need = workload.input_bytes
    if memory and need > MEMORY_SHARE_LIMIT * memory:
        working_set = described.get("kind") == "mps" and described.get("recommended_max_bytes")
        return Reason.of("too_big_working_set" if working_set else "too_big", need_bytes=int(need),
                         memory_bytes=int(memory), share=MEMORY_SHARE_LIMIT)
    return None


def is_out_of_memory(exc: BaseException) -> bool:
    """Whether ``exc`` is a failed allocation on any backend."""
    if isinstance(exc, MemoryError):
        return True
    import torch

    if isinstance(exc, torch.OutOfMemoryError):
        return True
    message = str(exc).lower()
    return any(words in message for words in OUT_OF_MEMORY_WORDS)
