"""scripts/check_python.py, which `make` runs before it creates or uses .venv: one line per problem."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

from ..conftest import ROOT

SCRIPT = ROOT / "scripts" / "check_python.py"


@pytest.fixture
def check():
    spec = importlib.util.spec_from_file_location("check_python", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_this_python_passes_silently():
    done = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


def test_an_old_python_is_named_with_what_to_do(check, monkeypatch):
    monkeypatch.setattr(check.sys, "version_info", (3, 9, 6, "final", 0))
    found = check.problem()
    assert "is too old: mpsarticle needs Python 3.10 or later" in found and "make PYTHON=" in found
    assert "\n" not in found


def test_a_python_under_rosetta_is_refused_on_apple_silicon(check, monkeypatch):
    monkeypatch.setattr(check.sys, "platform", "darwin")
    answers = {"sysctl.proc_translated": "1", "hw.optional.arm64": "1"}
    monkeypatch.setattr(check, "_sysctl", lambda name: answers.get(name, ""))
    found = check.problem()
    assert "runs under Rosetta 2" in found and "native arm64 Python" in found and "\n" not in found
    # Where proc_translated cannot be read, an x86_64 Python on arm64 hardware is still caught.
    answers["sysctl.proc_translated"] = ""
    monkeypatch.setattr(check.platform, "machine", lambda: "x86_64")
    assert "Rosetta 2" in check.problem()
    # A native Python on the same Mac passes.
    monkeypatch.setattr(check.platform, "machine", lambda: "arm64")
    assert check.problem() is None


def test_rosetta_is_not_looked_for_off_macos(check, monkeypatch):
    monkeypatch.setattr(check.sys, "platform", "linux")
    monkeypatch.setattr(check, "_sysctl", lambda name: "1")
    assert check.under_rosetta() is False


def test_a_python_without_venv_support_says_which_package(check, monkeypatch):
    monkeypatch.setitem(sys.modules, "ensurepip", None)  # as on Debian without python3-venv
    assert "apt-get install python3-venv" in check.problem()


@pytest.mark.parametrize(("version", "refused"), [("13.6.7", True), ("12.3", True), ("14.0", False),
                                                  ("15.4.1", False), ("26.1", False), ("", False)])
def test_a_mac_older_than_macos_14_is_refused_in_one_line(check, monkeypatch, version, refused):
    monkeypatch.setattr(check.sys, "platform", "darwin")
    monkeypatch.setattr(check, "_sysctl", lambda name: "")
    monkeypatch.setattr(check.platform, "machine", lambda: "arm64")
    monkeypatch.setattr(check.platform, "mac_ver", lambda: (version, ("", "", ""), "arm64"))
    found = check.problem()
    if refused:
        assert found.startswith(f"make: this Mac runs macOS {version}; PyTorch's MPS backend needs macOS 14.0")
        assert "\n" not in found
    else:
        assert found is None


def test_the_macos_version_is_not_read_off_macos(check, monkeypatch):
    monkeypatch.setattr(check.sys, "platform", "linux")
    monkeypatch.setattr(check.platform, "mac_ver", lambda: ("13.0", ("", "", ""), ""))
    assert check.macos_version() is None and check.problem() is None
