"""make's own refusals: one line saying what to do, and a failing exit status."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from ..running import ROOT

#: make's own lines: "make: *** [Makefile:141: publish] Error 1", or "make[1]: ..." when make runs
#: inside make (as under `make test`).
MAKE_OWN = re.compile(r"^make(?:\[\d+\])?: ")


def test_make_publish_refuses_an_unbuilt_site(tmp_path):
    if not shutil.which("make"):
        pytest.fail("make is needed")
    done = subprocess.run(["make", "-s", "publish", f"SITE_DIR={tmp_path / 'nothing'}"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode != 0
    ours = [line for line in done.stderr.splitlines() if line.strip() and not MAKE_OWN.match(line)]
    assert ours == [f"make publish: {tmp_path / 'nothing' / 'index.html'} is missing; run make html first"], (
        done.stderr)


def _setup_commands(tmp_path, system: str | None, *args: str) -> str:
    """The commands `make setup` would run (make -n, every target out of date), with `uname -s` answering
    ``system`` (None: this machine's own)."""
    import os

    env = dict(os.environ)
    if system:
        fake = tmp_path / "bin"
        fake.mkdir(parents=True)
        (fake / "uname").write_text(f"#!/bin/sh\necho {system}\n")
        (fake / "uname").chmod(0o755)
        env["PATH"] = f"{fake}{os.pathsep}{env['PATH']}"
    env.pop("TORCH_SPEC", None)
    done = subprocess.run(["make", "-n", "-B", "setup", *args], cwd=ROOT, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_make_setup_on_a_mac_installs_torch_from_its_own_lock_at_2_14_or_later(tmp_path):
    from packaging.version import Version

    said = _setup_commands(tmp_path, "Darwin")
    assert "pip install --require-hashes --no-deps -r requirements-macos-torch.txt" in said
    assert '"torch==2.13.0"' not in said
    pins = re.findall(r"^torch==(\S+) \\$", (ROOT / "requirements-macos-torch.txt").read_text(), re.M)
    assert len(pins) == 1 and Version(pins[0]) >= Version("2.14"), pins
    assert f'!= "{pins[0]}"' in said  # an older torch in .venv is replaced, not kept
    # A TORCH_SPEC given to make wins on a Mac too.
    assert '"torch==2.5.1"' in _setup_commands(tmp_path / "again", "Darwin", "TORCH_SPEC=torch==2.5.1")


def test_make_setup_on_linux_keeps_the_pin_whose_wheel_is_at_hand(tmp_path):
    said = _setup_commands(tmp_path, "Linux")
    assert 'pip install  "torch==2.13.0"' in said or 'pip install "torch==2.13.0"' in said
    assert "requirements-macos-torch.txt" not in said.replace("$(TORCH_LOCK_MACOS)", "")
