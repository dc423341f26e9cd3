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
