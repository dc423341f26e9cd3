"""scripts/measure_build.py, which the site recipe runs before Sphinx: every measurement the chapters read, taken
before any chapter runs, so that chapters can run side by side without taking the CPU from a measurement."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys

import pytest

from ..conftest import ROOT

SCRIPT = ROOT / "scripts" / "measure_build.py"


@pytest.fixture
def measure_build():
    spec = importlib.util.spec_from_file_location("measure_build", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_script_a_chapter_shows_is_found_once(measure_build):
    # Read independently of the script's pattern: every quoted path passed to script_output in any chapter.
    named = set()
    for chapter in (ROOT / "docs").glob("*/*.md"):
        for call in re.findall(r"script_output\((.*?)\)", chapter.read_text(encoding="utf-8")):
            named.add((chapter.parent / call.strip().strip("\"'")).resolve())
    found = measure_build.scripts_run_by_chapters()
    assert named and sorted(found) == sorted(named)
    assert all(path.is_file() for path in found)


def test_a_chapter_naming_a_script_twice_runs_it_once(measure_build, tmp_path):
    for lang in ("en", "id"):
        (tmp_path / lang).mkdir()
        (tmp_path / lang / "a.md").write_text('page.script_output("../scripts/x.py")\n'
                                             "page.script_output( '../scripts/y.py' )\n")
    found = measure_build.scripts_run_by_chapters(tmp_path)
    assert found == [(tmp_path / "scripts" / "x.py").resolve(), (tmp_path / "scripts" / "y.py").resolve()]


def test_without_a_build_it_says_so_in_one_line_and_measures_nothing(tmp_path):
    env = {key: value for key, value in os.environ.items() if not key.startswith("MPSARTICLE_")}
    env["MPSARTICLE_CACHE_DIR"] = str(tmp_path)
    done = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True, env=env, check=False,
                          timeout=120)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and "MPSARTICLE_BUILD_ID" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_site_recipe_measures_before_any_chapter_runs():
    dry = subprocess.run(["make", "-n", "site"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    assert dry.index("scripts/measure_build.py") < dry.index("sphinx-build")
    assert "-j " in dry[dry.index("sphinx-build"):]
