"""Risky conditions and the Mac block: recorded in the environment, printed as one line each, Rosetta named.

That `run` prints them before it measures is tests/commands/test_conditions.py's.
"""

from __future__ import annotations

import json

import pytest

from mpsarticle.cli import main as cli
from mpsarticle.core import conditions, macinfo
from mpsarticle.core.reasons import Reason
from mpsarticle.measure import devices
from mpsarticle.measure.environment import describe_machine, environment
from mpsarticle.results.model import ResultSet

from ..macs import fixture_block

#: The warnings each fixture Mac must raise (see tests/fixtures/README.md).
EXPECTED = {
    "m1-pro-macbook-pro-14": ["on_battery", "low_power_mode", "swap_in_use"],
    "m2-mac-mini": ["rosetta"],
    "m3-max-macbook-pro-16": ["cpu_speed_limited"],
}


@pytest.mark.parametrize("mac", sorted(EXPECTED))
def test_each_fixture_mac_raises_its_warnings(mac):
    assert fixture_block(mac)["warnings"] == EXPECTED[mac]


def test_fallback_and_thermal_warnings():
    block = {"mac": {"thermal_warning_level": 2}, "swap_used_bytes": 0}
    assert conditions.warning_codes(block, {"PYTORCH_ENABLE_MPS_FALLBACK": "1"}) == ["mps_fallback", "thermal_warning"]
    assert conditions.warning_codes({}, {}) == []


def test_every_warning_prints_as_one_line():
    lines = conditions.warning_lines({"warnings": list(conditions.WARNINGS) + ["from_the_future"]})
    assert len(lines) == len(conditions.WARNINGS) + 1
    assert all(line.startswith("mpsarticle: warning: ") and "\n" not in line for line in lines)


def test_the_mac_block_is_only_on_macos(monkeypatch):
    monkeypatch.setattr(conditions.sys, "platform", "linux")
    block = conditions.machine_conditions({})
    assert "mac" not in block and block["warnings"] == [] and "swap_used_bytes" in block
    mac = fixture_block("m1-pro-macbook-pro-14")["mac"]
    monkeypatch.setattr(conditions.sys, "platform", "darwin")
    monkeypatch.setattr(macinfo, "describe_mac", lambda environ=None: mac)
    monkeypatch.setattr(macinfo, "swap_usage", lambda: {"swap_total_bytes": 1 << 30, "swap_used_bytes": 1 << 20})
    block = conditions.machine_conditions({})
    assert block["mac"]["gpu_cores"] == 16 and block["warnings"] == ["on_battery", "low_power_mode", "swap_in_use"]


def test_an_environment_block_with_a_mac_is_saved_and_loaded(monkeypatch):
    block = environment()
    assert isinstance(block["warnings"], list) and "swap_used_bytes" in block
    block.update(fixture_block("m3-max-macbook-pro-16"))
    results = ResultSet(block)
    again = ResultSet.from_dict(json.loads(results.to_json()))
    assert again.environment["mac"]["cpu_speed_limit"] == 83 and again.environment["warnings"] == ["cpu_speed_limited"]


def test_mps_missing_under_rosetta_says_so(monkeypatch):
    monkeypatch.setattr(devices, "_mps_is_available", lambda: False)
    monkeypatch.setattr(devices, "python_translated", lambda: True)
    assert devices.unavailable_reasons()["mps"] == devices.NO_MPS_ROSETTA == Reason.of("no_mps_rosetta")
    monkeypatch.setattr(devices, "python_translated", lambda: None)
    assert devices.unavailable_reasons()["mps"] in (devices.NO_MPS_BUILD, devices.NO_MPS_HERE)


def test_info_shows_the_mac_its_spec_sheet_and_warnings(monkeypatch, capsys):
    machine = describe_machine()
    machine.update(fixture_block("m1-pro-macbook-pro-14"))
    machine["unavailable"] = {"mps": devices.NO_MPS_ROSETTA.to_dict()}
    monkeypatch.setattr("mpsarticle.measure.environment.describe_machine", lambda: machine)
    assert cli.main(["info"]) == 0
    out = capsys.readouterr().out
    assert "Mac: Apple M1 Pro (8 P + 2 E CPU cores, 16-core GPU), model MacBookPro18,3, macOS 14.2.1" in out
    assert "power: battery (81 %, discharging); Low Power Mode on" in out
    assert "Apple's spec sheet for the Apple M1 Pro (16-core GPU): 200 GB/s memory bandwidth (apple)" in out
    assert ("mps   unavailable: Python runs under Rosetta 2 (as an x86_64 program) on this Apple-silicon Mac; "
            "MPS needs a native arm64 Python") in out
    assert "mpsarticle: warning: the Mac runs on battery" in out
