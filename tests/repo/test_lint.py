"""Types and lint: mypy is clean on the torch-free folders, ruff on the code and the tests, and a wrong literal fails.

Both run as `make test` runs them, with the venv's own executables and the settings of pyproject.toml
(``[tool.mypy]``, ``[tool.ruff]``); mypy keeps its cache in ``_build/mypy``, so a second run takes a fraction
of a second. The last test is what the ``Literal`` types are for: a status, direction, scope or method spelt
wrong is an error before anything runs, not a ``KeyError`` when a page is rendered.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import get_args

import pytest

from mpsarticle.analysis import findings
from mpsarticle.analysis.verdict import SCOPES, Scope
from mpsarticle.core import specs, stats
from mpsarticle.results import schema

ROOT = Path(__file__).resolve().parents[2]


def _run(tool: str, *args: str) -> subprocess.CompletedProcess[str]:
    path = Path(sys.executable).with_name(tool)
    if not path.exists():
        pytest.fail(f"{path} is missing: {tool} is in the lock's test extra (make setup)")
    return subprocess.run([str(path), *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_mypy_is_clean_on_the_torch_free_folders():
    done = _run("mypy")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert done.stdout.startswith("Success: no issues found"), done.stdout


def test_ruff_is_clean():
    done = _run("ruff", "check")
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


#: (module, type, a value it takes, a misspelling of one) for each Literal type a catalog key is built from.
LITERALS = [
    ("mpsarticle.core.stats", "Direction", "faster", "fastr"),
    ("mpsarticle.core.stats", "Agreement", "unclear", "unsure"),
    ("mpsarticle.results.schema", "Status", "out_of_memory", "out-of-memory"),
    ("mpsarticle.results.schema", "Check", "passed", "pass"),
    ("mpsarticle.core.specs", "Method", "events", "event"),
    ("mpsarticle.analysis.verdict", "Scope", "range", "ranges"),
    ("mpsarticle.analysis.findings", "Overall", "not_faster", "notfaster"),
    ("mpsarticle.analysis.findings", "Missing", "failed_check", "failed"),
]

#: Misspellings where the values are used: a point's status (a check's word), a series' method.
USES = '''
from mpsarticle.analysis import series
from mpsarticle.results.model import Point, ResultSet

def uses(results: ResultSet) -> None:
    Point("cpu", "matvec", {"m": 1}, status="ok")
    Point("cpu", "matvec", {"m": 1}, status="failed")  # wrong
    series.series(results, workload="matvec", device="cpu", method="naive")
    series.series(results, workload="matvec", device="cpu", method="timeit")  # wrong
'''


def test_mypy_refuses_a_misspelt_literal_and_takes_the_right_one(tmp_path):
    """Each type takes its value and refuses its misspelling; so do a dataclass field and a function's argument."""
    lines = [f"from {module} import {name}" for module, name, _, _ in LITERALS]
    for index, (_, name, right, wrong) in enumerate(LITERALS):
        lines += [f"right_{index}: {name} = {right!r}", f"wrong_{index}: {name} = {wrong!r}  # wrong"]
    program = "\n".join(lines) + "\n" + USES
    expected = {number for number, line in enumerate(program.splitlines(), 1) if line.endswith("# wrong")}
    (tmp_path / "literals.py").write_text(program, encoding="utf-8")
    done = _run("mypy", str(tmp_path / "literals.py"))  # a file named on the command line: it alone is checked
    found = {int(n) for n in re.findall(r"^\S*literals\.py:(\d+): error:", done.stdout, re.MULTILINE)}
    assert done.returncode == 1 and found == expected, done.stdout[-4000:] + done.stderr[-2000:]
    assert "fastr" in done.stdout and "[assignment]" in done.stdout and "[arg-type]" in done.stdout, done.stdout


def test_each_tuple_is_its_literal():
    """The tuples that code iterates over (and the schema lists) are read from the types, so they cannot drift."""
    assert stats.DIRECTIONS == get_args(stats.Direction) == ("faster", "slower", "same")
    assert stats.AGREEMENTS == (*stats.DIRECTIONS, "unclear")
    assert schema.STATUSES == get_args(schema.Status) and "timeout" in schema.STATUSES
    assert schema.CHECKS == get_args(schema.Check)
    assert schema.METHODS == specs.METHODS == get_args(specs.Method)
    assert SCOPES == get_args(Scope)
    assert findings.MISSING == get_args(findings.Missing)
    assert findings.OVERALLS == (*stats.DIRECTIONS, findings.MIXED, findings.NOT_FASTER)
