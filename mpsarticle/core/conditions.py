"""Conditions that change what a measurement means, checked before measuring.

A laptop on battery or in Low Power Mode runs slower clocks; a machine that
is swapping times the disk as much as the chip; with
``PYTORCH_ENABLE_MPS_FALLBACK=1`` an "MPS" number can be a CPU number; a
throttled CPU or a Python under Rosetta 2 measures another machine than the
label says. Such a run is still recorded (it is what the owner has), but the
environment block names the conditions (``warnings``) and the command line
prints one line for each before measuring, so that the owner can fix them.

:func:`machine_conditions` is the part of the environment block that this
module owns: swap on macOS and Linux, the ``mac`` block on macOS, and the
warning codes.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import Any

from mpsarticle.core import macinfo

__all__ = ["WARNINGS", "machine_conditions", "warning_codes", "warning_lines"]

#: One line per condition, printed before measuring (the codes are what results files record).
WARNINGS: dict[str, str] = {
    "on_battery": "the Mac runs on battery: macOS may lower the clocks; plug it in for numbers comparable with others",
    "low_power_mode": "Low Power Mode is on: the chip runs slower on purpose; turn it off in System Settings > Battery",
    "mps_fallback": "PYTORCH_ENABLE_MPS_FALLBACK=1: operators MPS lacks run on the CPU, and PyTorch warns about it "
                    "only once per process",
    "swap_in_use": "the machine is using swap: close other programs, or memory-bound numbers may time the disk",
    "thermal_warning": "macOS reports a thermal warning: the chip may be throttled; let it cool down first",
    "cpu_speed_limited": "macOS limits the CPU speed (pmset -g therm): the chip may be throttled",
    "rosetta": "Python runs under Rosetta 2: MPS is unavailable and CPU numbers are emulated; use a native arm64 "
               "Python",
}


def warning_codes(block: Mapping[str, Any], environ: Mapping[str, str] | None = None) -> list[str]:
    """The codes of :data:`WARNINGS` that hold for an environment block (``mac`` and swap fields)."""
    environ = os.environ if environ is None else environ
    mac = block.get("mac") or {}
    found = []
    if mac.get("power_source") == "battery":
        found.append("on_battery")
    if mac.get("low_power_mode"):
        found.append("low_power_mode")
    if environ.get("PYTORCH_ENABLE_MPS_FALLBACK") == "1":
        found.append("mps_fallback")
    if (block.get("swap_used_bytes") or 0) > 0:
        found.append("swap_in_use")
    if (mac.get("thermal_warning_level") or 0) > 0:
        found.append("thermal_warning")
    if mac.get("cpu_speed_limit") is not None and mac["cpu_speed_limit"] < 100:
        found.append("cpu_speed_limited")
    if mac.get("python_translated"):
        found.append("rosetta")
    return found


def machine_conditions(environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Swap, the ``mac`` block (macOS only) and ``warnings``: fields for the environment block."""
    block: dict[str, Any] = dict(macinfo.swap_usage())
    if sys.platform == "darwin":
        block["mac"] = macinfo.describe_mac(environ=environ)
    block["warnings"] = warning_codes(block, environ)
    return block


def warning_lines(block: Mapping[str, Any]) -> list[str]:
    """One printable line per recorded warning (unknown codes are shown as they are)."""
    return [f"mpsarticle: warning: {WARNINGS.get(code, code)}" for code in block.get("warnings") or ()]
