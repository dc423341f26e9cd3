"""The fixture Macs of tests/fixtures/mac (see its README): their saved tool outputs, answered as macinfo asks."""

from __future__ import annotations

from pathlib import Path

from mpsarticle.core import conditions, macinfo

FIXTURES = Path(__file__).resolve().parent / "fixtures"
MACS = FIXTURES / "mac"
FILES = {
    ("system_profiler", "SPDisplaysDataType", "-json"): "system_profiler_displays.json",
    ("pmset", "-g", "batt"): "pmset_batt.txt",
    ("pmset", "-g"): "pmset_g.txt",
    ("pmset", "-g", "therm"): "pmset_therm.txt",
    ("sw_vers",): "sw_vers.txt",
}


def runner_for(folder: Path):
    """Answers each command with that Mac's saved output, as macinfo.run_tool would."""
    def run(command: list[str]) -> str | None:
        if command[0] == "sysctl":
            lines = [line for line in (folder / "sysctl.txt").read_text().splitlines()
                     if line.startswith(command[1] + ":")]
            return "\n".join(lines) + "\n" if lines else None
        name = FILES.get(tuple(command))
        return (folder / name).read_text() if name else None
    return run


def fixture_block(mac: str, environ: dict | None = None) -> dict:
    """The environment's Mac block of a fixture Mac: swap, the Mac's description, and its warnings."""
    run = runner_for(MACS / mac)
    block = dict(macinfo.parse_swapusage(run(["sysctl", "vm.swapusage"])))
    block["mac"] = macinfo.describe_mac(run, environ={})
    block["warnings"] = conditions.warning_codes(block, environ or {})
    return block
