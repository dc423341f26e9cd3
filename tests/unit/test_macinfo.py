"""Mac provenance: each parser on the outputs kept in tests/fixtures/mac (see its README), and missing tools."""

from __future__ import annotations

import pytest

from mpsarticle.core import macinfo

from ..macs import FIXTURES, MACS, runner_for

#: What each fixture Mac must yield (see tests/fixtures/README.md).
EXPECTED = {
    "m1-pro-macbook-pro-14": {
        "chip": "Apple M1 Pro", "model": "MacBookPro18,3", "performance_cores": 8, "efficiency_cores": 2,
        "memory_bytes": 16 << 30, "python_translated": False, "apple_silicon": True, "gpu": "Apple M1 Pro",
        "gpu_cores": 16, "macos": "14.2.1", "macos_build": "23C71", "power_source": "battery",
        "battery_percent": 81, "battery_state": "discharging", "low_power_mode": True, "power_mode": None,
        "thermal_warning_level": 0, "cpu_speed_limit": None,
    },
    "m2-mac-mini": {
        "chip": "Apple M2", "model": "Mac14,3", "performance_cores": 4, "efficiency_cores": 4,
        "memory_bytes": 8 << 30, "python_translated": True, "apple_silicon": True, "gpu": "Apple M2",
        "gpu_cores": 10, "macos": "13.6.3", "macos_build": "22G436", "power_source": "ac",
        "battery_percent": None, "battery_state": None, "low_power_mode": False, "power_mode": None,
        "thermal_warning_level": 0, "cpu_speed_limit": None,
    },
    "m3-max-macbook-pro-16": {
        "chip": "Apple M3 Max", "model": "Mac15,9", "performance_cores": 12, "efficiency_cores": 4,
        "memory_bytes": 48 << 30, "python_translated": False, "apple_silicon": True, "gpu": "Apple M3 Max",
        "gpu_cores": 40, "macos": "14.3.1", "macos_build": "23D60", "power_source": "ac",
        "battery_percent": 100, "battery_state": "charged", "low_power_mode": False, "power_mode": 2,
        "thermal_warning_level": 0, "cpu_speed_limit": 83,
    },
}
SWAP = {"m1-pro-macbook-pro-14": (2048 << 20, int(1033.25 * (1 << 20))), "m2-mac-mini": (0, 0),
        "m3-max-macbook-pro-16": (0, 0)}


@pytest.mark.parametrize("mac", sorted(EXPECTED))
def test_every_parser_reads_the_fixture_mac(mac):
    block = macinfo.describe_mac(runner_for(MACS / mac), environ={})
    for key, wanted in EXPECTED[mac].items():
        assert block[key] == wanted, f"{mac}: {key} is {block[key]!r}, expected {wanted!r}"
    assert all(block[name] is None for name in macinfo.MPS_VARIABLES)


@pytest.mark.parametrize("mac", sorted(SWAP))
def test_swap_usage_on_macos(mac):
    text = (MACS / mac / "sysctl.txt").read_text()
    found = macinfo.parse_swapusage(text)
    assert (found["swap_total_bytes"], found["swap_used_bytes"]) == SWAP[mac]


def test_swap_usage_on_linux():
    in_use = macinfo.parse_meminfo_swap((FIXTURES / "linux" / "meminfo_swap_in_use.txt").read_text())
    assert in_use == {"swap_total_bytes": 4194300 * 1024, "swap_used_bytes": (4194300 - 3145724) * 1024}
    none = macinfo.parse_meminfo_swap((FIXTURES / "linux" / "meminfo_no_swap.txt").read_text())
    assert none == {"swap_total_bytes": 0, "swap_used_bytes": 0}


def test_this_linux_machine_reports_its_swap(tmp_path, monkeypatch):
    monkeypatch.setattr(macinfo.sys, "platform", "linux")
    path = tmp_path / "meminfo"
    path.write_text((FIXTURES / "linux" / "meminfo_swap_in_use.txt").read_text())
    assert macinfo.swap_usage(meminfo=str(path))["swap_used_bytes"] == (4194300 - 3145724) * 1024
    assert macinfo.swap_usage(meminfo=str(tmp_path / "missing")) == {"swap_total_bytes": None, "swap_used_bytes": None}


def test_missing_tools_leave_every_field_empty():
    block = macinfo.describe_mac(lambda command: None, environ={})
    measured = [key for key in EXPECTED["m1-pro-macbook-pro-14"] if key != "macos"]
    assert all(block[key] is None for key in measured), {key: block[key] for key in measured}


@pytest.mark.parametrize("text", ["", "garbage", "{", "[]", '{"SPDisplaysDataType": "x"}',
                                  '{"SPDisplaysDataType": [{"sppci_cores": "many"}]}'])
def test_strange_tool_output_never_crashes(text):
    assert macinfo.parse_displays(text)["gpu_cores"] is None
    assert macinfo.parse_battery(text)["power_source"] is None
    assert macinfo.parse_power_settings(text)["low_power_mode"] is None
    assert macinfo.parse_thermal(text) == {"thermal_warning_level": None, "cpu_speed_limit": None}
    assert macinfo.parse_sw_vers(text)["macos"] is None
    assert macinfo.parse_swapusage(text)["swap_used_bytes"] is None


def test_a_tool_that_cannot_run_is_none():
    assert macinfo.run_tool(["/nonexistent/tool-for-mpsarticle"]) is None


def test_thermal_warning_levels_and_low_power_by_powermode():
    assert macinfo.parse_thermal("Thermal Warning Level = 2\n")["thermal_warning_level"] == 2
    assert macinfo.parse_power_settings(" powermode            1\n") == {"low_power_mode": True, "power_mode": 1}


def test_mps_variables_are_recorded_as_set():
    found = macinfo.mps_variables({"PYTORCH_MPS_HIGH_WATERMARK_RATIO": "0.0", "PYTORCH_ENABLE_MPS_FALLBACK": "1"})
    assert found == {"PYTORCH_MPS_HIGH_WATERMARK_RATIO": "0.0", "PYTORCH_MPS_LOW_WATERMARK_RATIO": None,
                     "PYTORCH_ENABLE_MPS_FALLBACK": "1"}


def test_rosetta_is_read_only_on_macos(monkeypatch):
    answers = {"sysctl.proc_translated": "sysctl.proc_translated: 1\n"}
    run = lambda command: answers.get(command[1]) if command[0] == "sysctl" else None  # noqa: E731
    monkeypatch.setattr(macinfo.sys, "platform", "linux")
    assert macinfo.python_translated(run) is None
    monkeypatch.setattr(macinfo.sys, "platform", "darwin")
    assert macinfo.python_translated(run) is True
    assert macinfo.python_translated(lambda command: None) is None
