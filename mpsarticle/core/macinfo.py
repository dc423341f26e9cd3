"""What a Mac result depends on, read from macOS's own tools (no torch).

A number measured on a Mac depends on more than "Apple M2": how many GPU
cores the chip has, its performance and efficiency cores, its unified
memory, the macOS release, whether Python runs natively or under Rosetta 2,
whether the laptop is on battery or in Low Power Mode, whether it is
throttling, and the ``PYTORCH_MPS_*`` variables. This module reads them from

- ``sysctl`` (chip, P and E cores, memory, Rosetta, swap),
- ``system_profiler SPDisplaysDataType -json`` (GPU core count),
- ``pmset -g batt``, ``pmset -g`` and ``pmset -g therm`` (power source,
  battery, Low Power Mode, thermal warnings),
- ``sw_vers`` (macOS version).

Each parser takes a tool's printed text and returns plain fields; a tool
that is missing, fails or prints something unexpected leaves its fields
``None``. Nothing here raises for a strange machine. The parsers are tested
on outputs kept in ``tests/fixtures/mac``.
"""

from __future__ import annotations

import json
import os
import platform
import re
import subprocess
import sys
from collections.abc import Callable, Mapping
from typing import Any

__all__ = [
    "MPS_VARIABLES",
    "SYSCTL_NAMES",
    "describe_mac",
    "mps_variables",
    "parse_battery",
    "parse_displays",
    "parse_meminfo_swap",
    "parse_power_settings",
    "parse_swapusage",
    "parse_sw_vers",
    "parse_sysctl",
    "parse_thermal",
    "python_translated",
    "swap_usage",
]

#: The variables that change how PyTorch's MPS backend allocates memory or
#: falls back to the CPU.
MPS_VARIABLES = (
    "PYTORCH_MPS_HIGH_WATERMARK_RATIO",
    "PYTORCH_MPS_LOW_WATERMARK_RATIO",
    "PYTORCH_ENABLE_MPS_FALLBACK",
)

#: Read one by one: an Intel Mac or an old macOS lacks some of them, and a
#: name sysctl does not know must not cost the others.
SYSCTL_NAMES = (
    "machdep.cpu.brand_string",
    "hw.model",
    "hw.perflevel0.physicalcpu",
    "hw.perflevel1.physicalcpu",
    "hw.memsize",
    "sysctl.proc_translated",
    "hw.optional.arm64",
)

_TIMEOUT_S = 10
Runner = Callable[[list[str]], "str | None"]


def run_tool(command: list[str]) -> str | None:
    """A tool's standard output, or ``None`` when it is missing, hangs or prints nothing."""
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=_TIMEOUT_S, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.stdout.strip() else None


def _integer(text: str | None) -> int | None:
    text = (text or "").strip()
    return int(text) if text.isdigit() else None


# -- parsers -------------------------------------------------------------------

def parse_sysctl(text: str | None) -> dict[str, str]:
    """``name: value`` lines of ``sysctl NAME...`` as a dict (values stripped)."""
    values: dict[str, str] = {}
    for line in (text or "").splitlines():
        name, colon, value = line.partition(":")
        if colon and name.strip() and " " not in name.strip():
            values[name.strip()] = value.strip()
    return values


def chip_fields(values: Mapping[str, str]) -> dict[str, Any]:
    """The chip, its cores and memory, and Rosetta, from parsed ``sysctl`` values."""
    translated = values.get("sysctl.proc_translated")
    arm64 = values.get("hw.optional.arm64")
    return {
        "chip": values.get("machdep.cpu.brand_string") or None,
        "model": values.get("hw.model") or None,
        "performance_cores": _integer(values.get("hw.perflevel0.physicalcpu")),
        "efficiency_cores": _integer(values.get("hw.perflevel1.physicalcpu")),
        "memory_bytes": _integer(values.get("hw.memsize")),
        # 1: this process is translated by Rosetta 2; 0: native; absent: not Apple silicon.
        "python_translated": None if translated not in ("0", "1") else translated == "1",
        "apple_silicon": None if arm64 not in ("0", "1") else arm64 == "1",
    }


def parse_displays(text: str | None) -> dict[str, Any]:
    """The built-in GPU's name and core count from ``system_profiler SPDisplaysDataType -json``."""
    try:
        data = json.loads(text or "")
    except ValueError:
        return {"gpu": None, "gpu_cores": None}
    entries = data.get("SPDisplaysDataType") if isinstance(data, dict) else None
    for entry in entries if isinstance(entries, list) else []:
        if isinstance(entry, dict) and "sppci_cores" in entry:
            return {"gpu": entry.get("sppci_model") or entry.get("_name"),
                    "gpu_cores": _integer(str(entry.get("sppci_cores")))}
    return {"gpu": None, "gpu_cores": None}


_SOURCE = re.compile(r"Now drawing from '([^']+)'")
_BATTERY = re.compile(r"InternalBattery-\d+.*?\t?\s*(\d{1,3})%;\s*([^;]+);")
#: pmset's names for the power sources.
POWER_SOURCES = {"AC Power": "ac", "Battery Power": "battery", "UPS Power": "ups"}


def parse_battery(text: str | None) -> dict[str, Any]:
    """Power source (``ac``, ``battery``, ``ups``), battery charge and state from ``pmset -g batt``."""
    text = text or ""
    source = _SOURCE.search(text)
    battery = _BATTERY.search(text)
    return {
        "power_source": POWER_SOURCES.get(source.group(1), source.group(1)) if source else None,
        "battery_percent": int(battery.group(1)) if battery else None,
        "battery_state": battery.group(2).strip() if battery else None,
    }


def parse_power_settings(text: str | None) -> dict[str, Any]:
    """Low Power Mode from ``pmset -g``: ``lowpowermode 1``, or ``powermode 1`` on Macs with High Power Mode.

    ``powermode`` is 0 (automatic), 1 (low power) or 2 (high power).
    """
    settings: dict[str, str] = {}
    for line in (text or "").splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[0] in ("lowpowermode", "powermode"):
            settings[parts[0]] = parts[1]
    power_mode = _integer(settings.get("powermode"))
    if "lowpowermode" in settings:
        low = settings["lowpowermode"] == "1"
    elif power_mode is not None:
        low = power_mode == 1
    else:
        low = None
    return {"low_power_mode": low, "power_mode": power_mode}


_NO_THERMAL = "No thermal warning level has been recorded"
_THERMAL_LEVEL = re.compile(r"thermal warning level\D{0,20}(\d+)", re.IGNORECASE)
_SPEED_LIMIT = re.compile(r"CPU_Speed_Limit\s*=\s*(\d+)")


def parse_thermal(text: str | None) -> dict[str, Any]:
    """``pmset -g therm``: the thermal warning level (0 when none was recorded) and the CPU speed limit in %."""
    text = text or ""
    level = _THERMAL_LEVEL.search(text)
    limit = _SPEED_LIMIT.findall(text)
    if level:
        warning: int | None = int(level.group(1))
    elif _NO_THERMAL in text:
        warning = 0
    else:
        warning = None
    return {"thermal_warning_level": warning, "cpu_speed_limit": int(limit[-1]) if limit else None}


def parse_sw_vers(text: str | None) -> dict[str, Any]:
    """macOS version and build from ``sw_vers``."""
    values = {key: value.strip() for key, _, value in
              (line.partition(":") for line in (text or "").splitlines()) if value.strip()}
    return {"macos": values.get("ProductVersion"), "macos_build": values.get("BuildVersion")}


_SWAP = re.compile(r"(total|used|free)\s*=\s*([\d.]+)([KMGT]?)")
_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


def parse_swapusage(text: str | None) -> dict[str, int | None]:
    """Swap total and use from ``sysctl vm.swapusage`` (``total = 2048.00M  used = 1033.25M ...``)."""
    found = {name: int(float(value) * _UNITS[unit]) for name, value, unit in _SWAP.findall(text or "")}
    return {"swap_total_bytes": found.get("total"), "swap_used_bytes": found.get("used")}


def parse_meminfo_swap(text: str | None) -> dict[str, int | None]:
    """Swap total and use from Linux's ``/proc/meminfo`` (values in kB)."""
    values = {}
    for line in (text or "").splitlines():
        name, _, rest = line.partition(":")
        number = rest.split()[0] if rest.split() else ""
        if name in ("SwapTotal", "SwapFree") and number.isdigit():
            values[name] = int(number) * 1024
    if "SwapTotal" not in values:
        return {"swap_total_bytes": None, "swap_used_bytes": None}
    used = values["SwapTotal"] - values["SwapFree"] if "SwapFree" in values else None
    return {"swap_total_bytes": values["SwapTotal"], "swap_used_bytes": used}


def mps_variables(environ: Mapping[str, str] | None = None) -> dict[str, str | None]:
    """The MPS variables as set (``None`` where unset)."""
    environ = os.environ if environ is None else environ
    return {name: environ.get(name) for name in MPS_VARIABLES}


# -- collecting ------------------------------------------------------------------

def _sysctl(names: tuple[str, ...], run: Runner) -> dict[str, str]:
    values: dict[str, str] = {}
    for name in names:
        values.update(parse_sysctl(run(["sysctl", name])))
    return values


def python_translated(run: Runner = run_tool) -> bool | None:
    """Whether this Python runs under Rosetta 2 (``None`` off macOS or where macOS cannot say)."""
    if sys.platform != "darwin":
        return None
    return chip_fields(_sysctl(("sysctl.proc_translated",), run))["python_translated"]


def describe_mac(run: Runner = run_tool, environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Everything above for this Mac, as one flat JSON-able dict (missing tools leave ``None``)."""
    block: dict[str, Any] = chip_fields(_sysctl(SYSCTL_NAMES, run))
    block["python_arch"] = platform.machine() or None
    block.update(parse_displays(run(["system_profiler", "SPDisplaysDataType", "-json"])))
    block.update(parse_sw_vers(run(["sw_vers"])))
    if not block["macos"]:
        block["macos"] = platform.mac_ver()[0] or None
    block.update(parse_battery(run(["pmset", "-g", "batt"])))
    block.update(parse_power_settings(run(["pmset", "-g"])))
    block.update(parse_thermal(run(["pmset", "-g", "therm"])))
    block.update(mps_variables(environ))
    return block


def swap_usage(run: Runner = run_tool, meminfo: str = "/proc/meminfo") -> dict[str, int | None]:
    """Swap total and use on macOS (``sysctl vm.swapusage``) or Linux (``/proc/meminfo``); ``None`` elsewhere."""
    if sys.platform == "darwin":
        return parse_swapusage(run(["sysctl", "vm.swapusage"]))
    try:
        with open(meminfo, encoding="utf-8") as handle:
            return parse_meminfo_swap(handle.read())
    except OSError:
        return {"swap_total_bytes": None, "swap_used_bytes": None}
