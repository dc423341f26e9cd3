"""What the command line prints about a Mac: its provenance, its spec sheet, the share of it reached.

``info`` shows the ``mac`` block and, for a chip on Apple's spec sheet, the
bandwidth and FP32 peak Apple's figures allow; ``run`` and ``record`` end
with the share of those figures the run reached. (Terminal lines, English
only, like the rest of the command line; the article has its own wording.)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mpsarticle.analysis.macs import shares
from mpsarticle.core.specsheet import Chip, chip_of

__all__ = ["mac_lines", "memory_lines", "share_lines", "spec_lines", "sustained_summary"]

#: Each per-point memory field (mpsarticle.results.model.Point) and how a line names it.
MEMORY_FIELDS = (("peak_memory_bytes", "peak memory"),
                 ("driver_memory_bytes", "Metal driver memory after a point"))


def _known(value: Any) -> bool:
    return value is not None and value != ""


def mac_lines(machine: Mapping[str, Any]) -> list[str]:
    """The Mac's chip, cores, memory, macOS, Python architecture and power, as a few lines (none off macOS)."""
    mac = machine.get("mac")
    if not isinstance(mac, Mapping):
        return []
    cores = [f"{mac[key]} {name}" for key, name in (("performance_cores", "P"), ("efficiency_cores", "E"))
             if _known(mac.get(key))]
    gpu = f", {mac['gpu_cores']}-core GPU" if _known(mac.get("gpu_cores")) else ""
    lines = [f"Mac: {mac.get('chip') or '?'} ({' + '.join(cores) or '?'} CPU cores{gpu}), "
             f"model {mac.get('model') or '?'}, macOS {mac.get('macos') or '?'}"]
    python = {True: "under Rosetta 2 (x86_64)", False: "native"}.get(mac.get("python_translated"), "?")
    power = mac.get("power_source") or "?"
    if _known(mac.get("battery_percent")):
        power += f" ({mac['battery_percent']} %, {mac.get('battery_state') or '?'})"
    low = {True: "on", False: "off"}.get(mac.get("low_power_mode"), "?")
    lines.append(f"  Python {python}; power: {power}; Low Power Mode {low}")
    variables = [f"{name}={mac[name]}" for name in ("PYTORCH_MPS_HIGH_WATERMARK_RATIO",
                 "PYTORCH_MPS_LOW_WATERMARK_RATIO", "PYTORCH_ENABLE_MPS_FALLBACK") if _known(mac.get(name))]
    if variables:
        lines.append("  " + " ".join(variables))
    return lines


def _spec(chip: Chip) -> str:
    peak = chip.fp32_tflops
    fp32 = f"FP32 peak {peak:.2f} TFLOPS ({chip.fp32_kind})" if peak else "no FP32 peak on the sheet"
    return (f"Apple's spec sheet for the {chip.label}: {chip.bandwidth_gb_s:g} GB/s memory bandwidth "
            f"({chip.bandwidth_kind}), {fp32}")


def spec_lines(machine: Mapping[str, Any]) -> list[str]:
    """The spec-sheet figures of this machine's chip, where it is recognised."""
    chip = chip_of(machine)
    return [_spec(chip)] if chip else []


def share_lines(results: Any) -> list[str]:
    """How much of the spec sheet a run reached on the GPU, where the chip is recognised and was measured."""
    reached = shares(results)
    if not reached:
        return []
    chip = chip_of(results.environment)
    lines = [_spec(chip)]
    if reached["bandwidth"] is not None:
        lines.append(f"  copy on mps: {reached['copy_gb_s']:.1f} GB/s, {reached['bandwidth']:.0%} of the spec "
                     "bandwidth")
    if reached["fp32"] is not None:
        lines.append(f"  float32 matmul on mps: {reached['matmul_gflop_s'] / 1000:.2f} TFLOPS, "
                     f"{reached['fp32']:.0%} of the spec FP32 peak")
    return lines if len(lines) > 1 else []


def sustained_summary(block: Mapping[str, Any]) -> str:
    """``matmul(m=..., dtype=...) on mps: burst 3200 GFLOP/s, sustained 2900 GFLOP/s (91 % of the burst) ...``."""
    params = ", ".join(f"{key}={value}" for key, value in block["params"].items())
    check = "" if block.get("check") != "failed" else "; FAILED its correctness check: not a valid speed"
    return (f"{block['workload']}({params}) on {block['device']} for {block['duration_s']:g} s in "
            f"{len(block['windows'])} windows: burst {block['burst_rate']:.4g} {block['unit']}, sustained "
            f"{block['sustained_rate']:.4g} {block['unit']} ({block['ratio']:.0%} of the burst){check}")


def memory_lines(results: Any) -> list[str]:
    """Per device, the most memory one point took and which point, where the device reports it (not the CPU)."""
    lines = []
    for device in results.devices:
        for name, what in MEMORY_FIELDS:
            points = [p for p in results.select(device=device) if getattr(p, name) is not None]
            if points:
                top = max(points, key=lambda p: getattr(p, name))
                params = ", ".join(f"{key}={value}" for key, value in top.params.items())
                amount = getattr(top, name)
                size = f"{amount / 1e9:.2f} GB" if amount >= 1e9 else f"{amount / 1e6:.1f} MB"
                lines.append(f"  {device}: {what} up to {size} ({top.workload}({params}), {top.method})")
    return lines
