"""Which devices exist, how to synchronise them, and what they are.

A :class:`Device` wraps one PyTorch backend (``cpu``, ``cuda``, ``mps``) and
knows the few things the timing code needs from it: how to wait until the
work queued on it has finished (:meth:`Device.synchronize`), how to make a
timing event where the backend has them, what memory a point took, and a
JSON-able description of the hardware and software behind it.

Nothing here knows about workloads or timing statistics.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import os
import platform
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

import torch

from mpsarticle.core.frameworks import MLX_DEVICES, is_mlx
from mpsarticle.core.host import cpu_cache_bytes, cpu_model, logical_cpu_count, total_memory_bytes
from mpsarticle.core.macinfo import python_translated
from mpsarticle.core.reasons import Reason
from mpsarticle.core.specs import DEVICE_KINDS, DeviceUnavailable

__all__ = [
    "DEVICE_KINDS",
    "Device",
    "DeviceUnavailable",
    "available_devices",
    "default_device",
    "get_device",
    "mps_fallback_enabled",
    "torch_threads",
]

#: With this variable set to 1, operators MPS lacks run on the CPU with no
#: more than a one-time warning. A "GPU" timing could then be a CPU timing,
#: so it is recorded.
MPS_FALLBACK_VARIABLE = "PYTORCH_ENABLE_MPS_FALLBACK"


#: Why a device is missing, in the common cases: codes (mpsarticle.core.reasons), which the article words.
NO_CUDA = Reason.of("no_cuda")
NO_MPS_BUILD = Reason.of("no_mps_build")
NO_MPS_HERE = Reason.of("no_mps_here")
NO_MPS_ROSETTA = Reason.of("no_mps_rosetta")


class TimingEvent(Protocol):
    def record(self) -> None: ...
    def synchronize(self) -> None: ...
    def elapsed_time(self, end: TimingEvent) -> float: ...


def mps_fallback_enabled() -> bool:
    return os.environ.get(MPS_FALLBACK_VARIABLE, "") == "1"


@dataclass(frozen=True)
class Device:
    """One place PyTorch can run work: ``Device("cpu")``, ``Device("cuda")``, ``Device("mps")``."""

    kind: str
    index: int = 0

    def __post_init__(self) -> None:
        if self.kind not in DEVICE_KINDS:
            raise DeviceUnavailable(
                f"unknown device {self.kind!r}: choose one of {', '.join(DEVICE_KINDS)}"
            )

    # -- identity ----------------------------------------------------------
    @property
    def name(self) -> str:
        """The short name used in results and on charts (``cpu``, ``cuda``, ``mps``; ``cuda:1`` for a second GPU)."""
        return self.kind if self.index == 0 else f"{self.kind}:{self.index}"

    @property
    def torch_device(self) -> torch.device:
        if self.kind == "cpu":
            return torch.device("cpu")
        return torch.device(self.kind, self.index)

    @property
    def is_accelerator(self) -> bool:
        return self.kind != "cpu"

    # -- waiting and timing --------------------------------------------------
    def synchronize(self) -> None:
        """Block until every kernel queued on this device has finished.

        The CPU backend runs eagerly, so there is nothing to wait for.
        """
        if self.kind == "cuda":
            torch.cuda.synchronize(self.index)
        elif self.kind == "mps":
            torch.mps.synchronize()

    def synchronized_timer(self) -> Callable[[], float]:
        """A clock for ``torch.utils.benchmark.Timer(timer=...)`` that first waits for this device.

        ``Timer``'s own default synchronises whatever ``torch.accelerator``
        names (and older releases only CUDA), not necessarily the device
        being measured; passing this makes the choice explicit.
        """
        import timeit

        if not self.is_accelerator:
            return timeit.default_timer

        def timer() -> float:
            self.synchronize()
            return timeit.default_timer()

        return timer

    def new_event(self) -> TimingEvent | None:
        """A timing event recorded in this device's queue, or ``None`` where there are none (CPU)."""
        if self.kind == "cuda":
            return torch.cuda.Event(enable_timing=True)
        if self.kind == "mps":
            return torch.mps.Event(enable_timing=True)
        return None

    def initialise(self) -> None:
        """Bring up the device's runtime, as the first operation on it would.

        PyTorch starts CUDA lazily, at the first tensor on the device; its
        memory statistics exist only from then on, so reading them first (as
        :meth:`start_memory_record` does) in a fresh process failed with
        "Invalid device argument". Every worker process is a fresh process.
        """
        if self.kind == "cuda":
            torch.cuda.init()
        # MPS keeps no statistics that need it: torch.mps's calls start its runtime themselves.

    def start_runtime(self) -> None:
        """What a reader's session has done before its first timing: the runtime started and its matrix
        library loaded, by one tiny product of each kind (8 x 8), waited for.

        A fresh worker process (mpsarticle.measure.workers) does this once, before its first point: otherwise
        that point's first call would also pay the start of CUDA's cuBLAS or the CPU's thread pool (on the
        H200 one naive call of B @ a at m = 1,024 read 98 µs instead of 16). It is no warm-up of the point: no
        input of the point is touched, and its own kernels and sizes are not.
        """
        self.initialise()
        tiny = torch.ones((8, 8), device=self.torch_device)
        (tiny @ tiny) @ torch.ones(8, device=self.torch_device)
        self.synchronize()

    def start_memory_record(self) -> None:
        """Begin a point's memory record (see :meth:`memory_record`)."""
        self.initialise()
        if self.kind == "cuda":
            torch.cuda.reset_peak_memory_stats(self.index)
        elif self.kind == "mps":
            # Blocks cached by earlier points would count in the driver's
            # figure; given back, what it holds afterwards is this point's.
            torch.mps.empty_cache()

    def memory_record(self) -> dict[str, int]:
        """What a point took of this device's memory since :meth:`start_memory_record`, as Point fields.

        CUDA: ``peak_memory_bytes``, the most PyTorch's allocator held at
        once (``torch.cuda.max_memory_allocated``). MPS has no peak counter:
        ``driver_memory_bytes``, what the Metal driver holds for this process
        after the point (``torch.mps.driver_allocated_memory``): the point's
        allocations, which the allocator keeps cached, and the MPS runtime's
        own; not a peak. The CPU: nothing (PyTorch keeps no count there).
        """
        if self.kind == "cuda":
            return {"peak_memory_bytes": int(torch.cuda.max_memory_allocated(self.index))}
        if self.kind == "mps":
            return {"driver_memory_bytes": int(torch.mps.driver_allocated_memory())}
        return {}

    def release_memory(self) -> None:
        """Give cached blocks back, e.g. after an out-of-memory point."""
        # Tensors of a failed point can still be held by reference cycles
        # (a traceback's frames); collect them before emptying the caches.
        gc.collect()
        if self.kind == "cuda":
            torch.cuda.empty_cache()
        elif self.kind == "mps":
            torch.mps.empty_cache()

    def generator(self, seed: int) -> torch.Generator:
        """A seeded random generator that draws directly on this device."""
        return torch.Generator(device=self.torch_device).manual_seed(seed)

    # -- description -------------------------------------------------------
    def describe(self) -> dict[str, Any]:
        """What this device is, as JSON-able data."""
        if self.kind == "cuda":
            return _describe_cuda(self.index)
        if self.kind == "mps":
            return _describe_mps()
        return _describe_cpu()

    def __str__(self) -> str:
        return self.name


# -- discovery ---------------------------------------------------------------

def _mps_is_available() -> bool:
    backend = getattr(torch.backends, "mps", None)
    return bool(backend is not None and backend.is_available())


def _why_unavailable(kind: str) -> Reason | None:
    """``None`` when the device can be used, else why not."""
    if kind == "cpu":
        return None
    if kind == "cuda":
        if not torch.cuda.is_available():
            return NO_CUDA
        return None
    if not _mps_is_available():
        if python_translated():
            return NO_MPS_ROSETTA
        built = getattr(torch.backends.mps, "is_built", lambda: False)()
        if not built:
            return NO_MPS_BUILD
        return NO_MPS_HERE
    return _mps_probe()


def _mps_probe() -> Reason | None:
    """Run a tiny kernel on MPS: ``None`` if it works, else why not.

    Some virtual Macs (hosted CI runners among them) report MPS as available
    although no kernel can run on it.
    """
    try:
        value = torch.ones(4, device="mps").sum().item()
    except Exception as exc:  # noqa: BLE001 - any failure means "does not work"
        return Reason.of("mps_probe_failed", message=_one_line(exc))
    if value != 4.0:
        return Reason.of("mps_probe_wrong", value=float(value))
    return None


def get_device(name: str) -> Device:
    """The device called ``name`` (``cpu``, ``cuda``, ``cuda:1``, ``mps``; MLX's ``mlx-cpu`` or ``mlx-gpu``, an
    :class:`~mpsarticle.measure.mlx.MlxDevice`), or a clear error."""
    if is_mlx(name.strip().lower()):
        from mpsarticle.measure.mlx import mlx_device  # imports nothing of MLX until it is asked for

        return mlx_device(name.strip().lower())  # type: ignore[return-value]
    kind, _, index_text = name.strip().lower().partition(":")
    if kind not in DEVICE_KINDS:
        raise DeviceUnavailable(f"unknown device {name!r}: choose one of {', '.join(DEVICE_KINDS + MLX_DEVICES)}")
    index = 0
    if index_text:
        if not index_text.isdigit():
            raise DeviceUnavailable(f"device index in {name!r} must be a whole number")
        index = int(index_text)
    reason = _why_unavailable(kind)
    if reason is not None:
        raise DeviceUnavailable(f"{kind} is not usable here: {reason} (python -m mpsarticle info says why)")
    if kind == "cuda" and index >= torch.cuda.device_count():
        raise DeviceUnavailable(
            f"{name} does not exist: this machine has {torch.cuda.device_count()} CUDA device(s)"
        )
    return Device(kind, index)


def available_devices() -> list[Device]:
    """Every usable device, accelerators first (mps, cuda), the CPU last."""
    return [Device(kind) for kind in DEVICE_KINDS if _why_unavailable(kind) is None]


def unavailable_reasons() -> dict[str, Reason]:
    """For each known kind that cannot be used here, why not."""
    reasons = {kind: _why_unavailable(kind) for kind in DEVICE_KINDS}
    return {kind: why for kind, why in reasons.items() if why is not None}


def default_device() -> Device:
    """The article's idiom, extended: ``mps`` if it works, else ``cuda``, else ``cpu``."""
    return available_devices()[0]


# -- descriptions ------------------------------------------------------------

def _one_line(exc: BaseException, limit: int = 300) -> str:
    """The exception's type and the first line of its message, cut to ``limit`` characters (a reason's
    message must fit a results file: PyTorch's first line can list every backend)."""
    text = str(exc).strip().splitlines()
    line = f"{type(exc).__name__}: {text[0] if text else ''}".rstrip(": ")
    return line if len(line) <= limit else line[:limit - 1] + "…"


@functools.cache
def default_threads() -> int:
    """PyTorch's own CPU thread count, read once: what a user's code gets.

    Read on first use, before this package changes anything (PyTorch picks
    the physical cores it may use; ``torch.set_num_threads`` or
    ``OMP_NUM_THREADS`` by the user changes it, and then that is what their
    code gets).
    """
    return torch.get_num_threads()


@contextlib.contextmanager
def torch_threads(count: int) -> Iterator[None]:
    """PyTorch's CPU thread count set to ``count`` for the block, and the one before restored after.

    Written here on the public ``torch.get_num_threads``/``torch.set_num_threads``
    rather than imported from ``torch.utils.benchmark.utils.common.set_torch_threads``:
    that is the same five lines, in a module torch does not document, which its
    ``Timer`` uses for ``num_threads``; this package times with the standard
    library's ``timeit`` (see :mod:`mpsarticle.measure.timing`), not with ``Timer``.
    """
    before = torch.get_num_threads()
    torch.set_num_threads(count)
    try:
        yield
    finally:
        torch.set_num_threads(before)


def _cpu_backend() -> str:
    """ATen's CPU parallel backend (OpenMP, native), as torch reports it."""
    for line in torch.__config__.parallel_info().splitlines():
        if "parallel backend" in line.lower():
            return f"ATen CPU, {line.split(':', 1)[1].strip()}"
    return "ATen CPU"


def _describe_cpu() -> dict[str, Any]:
    return {
        "kind": "cpu",
        "name": cpu_model(),
        "logical_cores": logical_cpu_count(),
        # What the CPU points run with unless --threads overrides it; each
        # point records the count that actually ran.
        "threads_used": default_threads(),
        "memory_bytes": total_memory_bytes(),
        "cache_bytes": cpu_cache_bytes(),
        "backend": _cpu_backend(),
    }


def _describe_cuda(index: int) -> dict[str, Any]:
    props = torch.cuda.get_device_properties(index)
    return {
        "kind": "cuda",
        "name": props.name,
        "memory_bytes": int(props.total_memory),
        "multiprocessors": int(props.multi_processor_count),
        "compute_capability": f"{props.major}.{props.minor}",
        "cache_bytes": int(getattr(props, "L2_cache_size", 0)) or None,
        "backend": f"CUDA {torch.version.cuda}",
        "cudnn": torch.backends.cudnn.version() if torch.backends.cudnn.is_available() else None,
        # Whether float32 products and convolutions may use TF32 tensor cores.
        "matmul_allow_tf32": bool(torch.backends.cuda.matmul.allow_tf32),
        "cudnn_allow_tf32": bool(torch.backends.cudnn.allow_tf32),
    }


def _describe_mps() -> dict[str, Any]:
    mac_version = platform.mac_ver()[0] or None
    return {
        "kind": "mps",
        # The GPU is part of the Apple chip: its name is the chip's.
        "name": f"{cpu_model()} GPU",
        "memory_bytes": total_memory_bytes(),  # unified memory, shared with the CPU
        "recommended_max_bytes": _mps_recommended_max(),
        "cache_bytes": None,
        "backend": f"Metal Performance Shaders (macOS {mac_version})" if mac_version else "Metal Performance Shaders",
        "fallback_to_cpu": mps_fallback_enabled(),
    }


def _mps_recommended_max() -> int | None:
    """Metal's recommended working-set size (macOS 13+, torch 2.5+), if it can be read."""
    try:
        return int(torch.mps.recommended_max_memory())
    except (AttributeError, RuntimeError):
        return None
