"""The environment block of a results file: the machine, its devices, the software, the date, the commit.

Its layout follows asv and pytest-benchmark: a machine block beside the
measurements, so that every number can be traced to the hardware and the
software that produced it. Describing the devices needs torch; reading a
block back (:mod:`mpsarticle.results.model`) does not.
"""

from __future__ import annotations

import os
import platform
import subprocess
from pathlib import Path
from typing import Any

import torch

from mpsarticle import __version__, config
from mpsarticle.core.conditions import machine_conditions
from mpsarticle.core.host import cpu_model, logical_cpu_count, total_memory_bytes
from mpsarticle.measure.devices import available_devices, mps_fallback_enabled, unavailable_reasons
from mpsarticle.measure.mlx import mlx_environment
from mpsarticle.measure.toolchain import toolchain_versions
from mpsarticle.results.model import now

__all__ = ["describe_machine", "environment", "git_commit"]


def describe_machine() -> dict[str, Any]:
    """The machine and software every result was taken on, as JSON-able data."""
    uname = platform.uname()
    return {
        "os": f"{uname.system} {uname.release}",
        "os_version": platform.mac_ver()[0] or platform.version(),
        "arch": uname.machine,
        "cpu": cpu_model(),
        "logical_cores": logical_cpu_count(),
        "memory_bytes": total_memory_bytes(),
        "python": platform.python_version(),
        "torch": torch.__version__,
        "cuda_runtime": torch.version.cuda,
        "mps_built": bool(getattr(torch.backends.mps, "is_built", lambda: False)()),
        "mps_fallback_to_cpu": mps_fallback_enabled(),
        "devices": {device.name: device.describe() for device in available_devices()},
        "unavailable": {kind: reason.to_dict() for kind, reason in unavailable_reasons().items()},
        # MLX's version, device and float32 switch where it is installed (null where it is not).
        "mlx": mlx_environment(),
        # Swap, the Mac's provenance (macOS only) and the risky conditions.
        **machine_conditions(),
    }


def git_commit(directory: str | os.PathLike[str] | None = None) -> str | None:
    """The commit of the checkout holding this package, ``+dirty`` if a tracked file differs from it, or ``None``.

    Untracked files do not count, nor files whose timestamps alone changed
    (git compares their content). ``--no-optional-locks`` keeps the query from
    rewriting the checkout's index while a build runs, or failing on the lock
    of a git command running beside it. Which checkout that is, is the
    package's: conf.py makes the chapters' kernel import this checkout's.
    """
    if config.value("git_commit"):
        # Set where the tree travels without its .git folder (e.g. a remote GPU machine).
        return config.value("git_commit")
    where = Path(directory) if directory else Path(__file__).resolve().parent
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "HEAD"], cwd=where, capture_output=True, text=True, timeout=5, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "--no-optional-locks", "status", "--porcelain", "--untracked-files=no"],
            cwd=where, capture_output=True, text=True, timeout=5, check=True,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return f"{commit}+dirty" if dirty else commit or None


def environment() -> dict[str, Any]:
    """The environment block of a new ResultSet: machine, devices, software, date, commit."""
    block = describe_machine()
    block["toolchain"] = toolchain_versions()
    block["mpsarticle"] = __version__
    block["git_commit"] = git_commit()
    block["date"] = now()
    return block
