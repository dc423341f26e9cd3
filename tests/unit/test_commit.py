"""The published commit: ``+dirty`` only for uncommitted changes to tracked files, of the checkout being built."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mpsarticle.article.tables import device_card
from mpsarticle.article.wording import Words
from mpsarticle.measure.environment import git_commit
from mpsarticle.results.model import ResultSet

from ..running import ROOT

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=repo, check=True,
                          capture_output=True, text=True).stdout.strip()


@pytest.fixture
def repo(tmp_path, monkeypatch):
    monkeypatch.delenv("MPSARTICLE_GIT_COMMIT", raising=False)
    path = tmp_path / "checkout"
    (path / "pkg").mkdir(parents=True)
    (path / "pkg" / "code.py").write_text("x = 1\n")
    (path / ".gitignore").write_text("/_build/\n")
    git(path, "init", "-q")
    git(path, "add", ".")
    git(path, "commit", "-q", "-m", "first")
    return path


def test_a_clean_checkout_is_its_commit(repo):
    assert git_commit(repo / "pkg") == git(repo, "rev-parse", "HEAD")


def test_what_a_build_leaves_untracked_or_only_touched_is_not_a_change(repo):
    head = git(repo, "rev-parse", "HEAD")
    (repo / "_build").mkdir()
    (repo / "_build" / "page.html").write_text("built")   # ignored
    (repo / "stray.txt").write_text("untracked")          # untracked
    later = time.time() + 5
    os.utime(repo / "pkg" / "code.py", (later, later))    # touched: the index's timestamps are stale now
    index = repo / ".git" / "index"
    before = index.stat().st_mtime_ns
    assert git_commit(repo / "pkg") == head
    assert index.stat().st_mtime_ns == before, "reading the commit rewrote the checkout's index"


def test_a_changed_tracked_file_is_dirty(repo):
    (repo / "pkg" / "code.py").write_text("x = 2\n")
    assert git_commit(repo / "pkg") == git(repo, "rev-parse", "HEAD") + "+dirty"
    git(repo, "add", "pkg/code.py")  # staged but not committed is still uncommitted
    assert git_commit(repo / "pkg").endswith("+dirty")


def test_outside_a_checkout_there_is_no_commit(tmp_path, monkeypatch):
    monkeypatch.delenv("MPSARTICLE_GIT_COMMIT", raising=False)
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    assert git_commit(tmp_path) is None


@pytest.mark.parametrize("lang, shown", [("en", "abc123 (with uncommitted changes)"),
                                         ("id", "abc123 (dengan perubahan yang belum di-commit)")])
def test_the_card_says_uncommitted_changes_in_words(lang, shown):
    env = {"os": "Linux 6", "arch": "x86_64", "cpu": "CPU", "torch": "2.13.0", "python": "3.11",
           "devices": {"cpu": {"kind": "cpu", "name": "CPU"}}, "git_commit": "abc123+dirty"}
    card = device_card(ResultSet(environment=env, points=[], profile="quick"), Words(lang))
    assert f"<td>{shown}</td>" in card and "+dirty" not in card
    env["git_commit"] = "abc123"
    assert "<td>abc123</td>" in device_card(ResultSet(environment=env, points=[], profile="quick"), Words(lang))


def test_the_chapters_kernel_imports_this_checkouts_package(tmp_path):
    """conf.py's kernel runs this checkout's mpsarticle, whatever the virtualenv has installed in editable mode,
    so the commit a build records is the commit of the checkout it builds."""
    env = {**os.environ, "JUPYTER_PATH": ""}
    subprocess.run([sys.executable, "-c", "import runpy; runpy.run_path('conf.py')"], cwd=ROOT, env=env, check=True,
                   capture_output=True, timeout=120)
    spec = json.loads((ROOT / "_build" / "jupyter" / "kernels" / "python3" / "kernel.json").read_text())
    kernel_env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    kernel_env.update(spec.get("env", {}))  # what jupyter_client gives the kernel it starts
    found = subprocess.run([spec["argv"][0], "-c", "import mpsarticle; print(mpsarticle.__file__)"],
                           cwd=ROOT / "docs" / "en", env=kernel_env, check=True, capture_output=True, text=True,
                           timeout=60).stdout.strip()
    assert Path(found).resolve().is_relative_to(ROOT.resolve()), found
