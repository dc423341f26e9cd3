"""Reading results needs no torch: the article's text, tables and figures, and ``plot``, in a process where importing
torch fails.

Each check runs in a fresh interpreter whose first act is to put a finder on
``sys.meta_path`` that refuses ``torch`` and every ``torch.*`` module, so any
import of torch on these paths, however deep, fails the check.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARCHIVE = ROOT / "docs" / "_data" / "machines"

#: Put first in every child: importing torch (or any torch.*) raises.
NO_TORCH = '''
import sys

class NoTorch:
    def find_spec(self, name, path=None, target=None):
        if name == "torch" or name.startswith("torch."):
            raise ImportError(f"torch is blocked here: {name} was imported")
        return None

sys.meta_path.insert(0, NoTorch())
'''

#: Every chapter in both languages: its sentences (Page.numbers, which calls
#: mpsarticle.article.chapters.chapter_sentences) and figures, then every table.
PAGES = '''
from mpsarticle.article.chapters import CHAPTERS
from mpsarticle.page import Page
from mpsarticle.results.model import load

results = load(sys.argv[1])
for lang in ("en", "id"):
    for chapter, entry in CHAPTERS.items():
        page = Page(chapter, lang, results=results)
        numbers = page.numbers()
        # (The introduction glues nothing: the machine is described in "Which device?".)
        assert (numbers or chapter == "intro") and all(isinstance(text, str) for text in numbers.values()), chapter
        for name in entry.figures:
            assert page.figure_png(name).startswith(b"\\x89PNG"), name
    page = Page("machines", lang, results=results)
    for table in (page.device_card(), page.machines_table(), page.methods_table(), page.selfcheck_table(),
                  page.spec_sheet_table()):
        assert "<table" in table.data
    page.data_links(), page.sustained_rates()
print("built without torch:", "torch" in sys.modules)
'''

#: ``python -m mpsarticle plot FILE --out DIR``, as the command line runs it.
PLOT = '''
import runpy

sys.argv = ["mpsarticle", "plot", *sys.argv[1:]]
runpy.run_module("mpsarticle", run_name="__main__", alter_sys=True)
'''


def _without_torch(code: str, *args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", NO_TORCH + code, *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)


def _environment(tmp_path: Path) -> dict[str, str]:
    """A build's identity and cache, with this build's selfcheck rows already measured (as a chapter finds them)."""
    build = "torch-free-test"
    rows = [{"device": "cpu", "workload": "matvec", "label": "matvec(m=1000, dtype=float32)",
             "reference": "blocked_autorange",
             "engine_median_s": 1e-4, "engine_ci_low_s": 0.99e-4, "engine_ci_high_s": 1.01e-4,
             "reference_median_s": 1.01e-4, "reference_ci_low_s": 1.0e-4, "reference_ci_high_s": 1.02e-4,
             "ratio": 0.99, "tolerance": 0.05, "engine_wall_s": 0.6, "engine_timed_s": 0.5,
             "reference_wall_s": 0.55, "processes": 3}]
    (tmp_path / "cache" / build).mkdir(parents=True, exist_ok=True)
    (tmp_path / "cache" / build / "selfcheck.json").write_text(json.dumps(rows))
    return {**os.environ, "MPSARTICLE_BUILD_ID": build, "MPSARTICLE_CACHE_DIR": str(tmp_path / "cache"),
            "MPLBACKEND": "Agg"}


def test_the_blocker_does_block_torch(tmp_path):
    done = _without_torch("import mpsarticle.measure.kernels", env=_environment(tmp_path))
    assert done.returncode == 1 and "torch is blocked here: torch was imported" in done.stderr


def test_every_chapter_table_and_figure_builds_without_torch(tmp_path):
    done = _without_torch(PAGES, str(ARCHIVE / "nvidia-h200-16-core-xeon-host.json"), env=_environment(tmp_path))
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip() == "built without torch: False"


def test_plot_command_runs_without_torch(tmp_path):
    for lang in ("en", "id"):
        out = tmp_path / lang
        done = _without_torch(PLOT, str(ARCHIVE / "2-core-cpu-amd-epyc-ci-machine.json"), "--lang", lang,
                              "--out", str(out), env=_environment(tmp_path))
        assert done.returncode == 0, done.stderr[-3000:]
        written = sorted(out.glob("*.png"))
        assert len(written) >= 5 and [str(p) for p in written] == sorted(done.stdout.split())
