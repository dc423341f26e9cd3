"""The timing chapter's script: a reader's own, standalone, and what it printed shown the same in both languages."""

from __future__ import annotations

import ast
import re

import pytest

from mpsarticle.errors import MpsarticleError
from mpsarticle.measure import runner

from ..conftest import ROOT

SCRIPT = ROOT / "docs" / "scripts" / "blog_post_timed_correctly.py"


def test_the_script_needs_nothing_but_pytorch():
    tree = ast.parse(SCRIPT.read_text(encoding="utf-8"))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {(node.module or "").split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert imported <= {"time", "torch"}, imported


def test_the_script_runs_and_prints_every_size_of_the_post(monkeypatch, tmp_path):
    monkeypatch.setenv("MPSARTICLE_BUILD_ID", "test-script")
    monkeypatch.setenv("MPSARTICLE_CACHE_DIR", str(tmp_path))
    out = runner.script_output_once(SCRIPT)
    sizes = [int(m) for m in re.findall(r"^m = +(\d+): +[\d.]+ µs per product$", out, re.MULTILINE)]
    assert sizes == [100, 300, 500, 750, 1000, 1500, 2000, 2500, 3000]
    assert out.startswith("PyTorch ")
    # Once per build: the second chapter (the other language) gets the same run.
    assert runner.script_output_once(SCRIPT) == out
    assert len(list(tmp_path.rglob("script-*.txt"))) == 1


def test_a_failing_script_stops_the_build_with_one_line(tmp_path):
    broken = tmp_path / "broken.py"
    broken.write_text("raise SystemExit('no GPU here')\n", encoding="utf-8")
    with pytest.raises(MpsarticleError, match=r"^broken.py exited with status 1: no GPU here$"):
        runner.script_output_once(broken)


def _shown(lang: str) -> str:
    """The lines of the script that a language's timing page shows, chosen as Sphinx's ``:lines:`` chooses them."""
    page = (ROOT / "docs" / lang / "timing.md").read_text(encoding="utf-8")
    block = page[page.index("```{literalinclude} ../scripts/blog_post_timed_correctly.py"):]
    spec = re.search(r"^:lines: (\S+)$", block[:block.index("\n```")], re.MULTILINE).group(1)
    lines = SCRIPT.read_text(encoding="utf-8").splitlines()
    chosen: list[str] = []
    for part in spec.split(","):
        first, _, last = part.partition("-")
        chosen += lines[int(first) - 1:(int(last) if last else len(lines)) if "-" in part else int(first)]
    return "\n".join(chosen) + "\n"


@pytest.mark.parametrize(("lang", "own", "other"), [
    ("en", "The blog post's experiment, timed correctly", "Percobaan tulisan blog itu"),
    ("id", "Percobaan tulisan blog itu", "The blog post's experiment, timed correctly"),
])
def test_each_page_shows_the_whole_script_with_its_own_languages_docstring(lang, own, other):
    shown = _shown(lang)
    docstring = ast.get_docstring(ast.parse(shown))
    assert docstring and own in docstring and other not in shown
    assert "python blog_post_timed_correctly.py" in docstring
    # Everything after the docstring is shown, so the page's code is the script a reader downloads.
    body = SCRIPT.read_text(encoding="utf-8").split('"""\n', 2)[2]
    assert shown.endswith(body)
