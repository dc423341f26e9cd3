"""What the host is: its CPU model, logical cores, memory and largest cache; no torch.

Read from the operating system (``sysctl`` on macOS, ``/proc`` and ``/sys``
on Linux), each ``None`` or a fallback where it cannot be read. The devices
(:mod:`mpsarticle.measure.devices`) and the environment block of a results file
(:mod:`mpsarticle.measure.environment`) are built from these.
"""

from __future__ import annotations

import os
import platform
import re
import subprocess
import sys

__all__ = ["cpu_cache_bytes", "cpu_model", "logical_cpu_count", "run_quietly", "total_memory_bytes"]


def run_quietly(command: list[str]) -> str | None:
    """A command's output, or ``None`` where it fails, says nothing or takes over five seconds."""
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 and done.stdout.strip() else None


def cpu_model() -> str:
    """The CPU's marketing name (``Apple M1 Pro``, ``AMD EPYC 7B13``), as the OS reports it."""
    if sys.platform == "darwin":
        brand = run_quietly(["sysctl", "-n", "machdep.cpu.brand_string"])
        if brand:
            return brand
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as handle:
            for line in handle:
                if line.lower().startswith(("model name", "hardware", "cpu model")):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown CPU"


def total_memory_bytes() -> int | None:
    """The machine's physical memory (on a Mac the unified memory the GPU shares)."""
    if sys.platform == "darwin":
        text = run_quietly(["sysctl", "-n", "hw.memsize"])
        return int(text) if text and text.isdigit() else None
    try:
        return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (ValueError, OSError, AttributeError):
        return None


def logical_cpu_count() -> int:
    """The CPU threads this process may use (its affinity mask where the OS has one)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def cpu_cache_bytes() -> int | None:
    """The largest CPU cache, for sizing cache-cold runs (Linux and macOS)."""
    if sys.platform == "darwin":
        text = run_quietly(["sysctl", "-n", "hw.l2cachesize"])
        return int(text) if text and text.isdigit() else None
    sizes = []
    base = "/sys/devices/system/cpu/cpu0/cache"
    try:
        for entry in os.listdir(base):
            try:
                with open(os.path.join(base, entry, "size"), encoding="utf-8") as handle:
                    text = handle.read().strip()
            except OSError:
                continue
            match = re.fullmatch(r"(\d+)([KMG]?)", text)
            if match:
                scale = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}[match.group(2)]
                sizes.append(int(match.group(1)) * scale)
    except OSError:
        return None
    return max(sizes) if sizes else None
