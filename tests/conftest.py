"""The layers, each test marked by its folder; hypothesis profiles; the built site.

The site and browser tests read the built site (the ``site`` fixture): `make
test` builds it first (quick profile). The browser's fixtures are
tests/browser/conftest.py's.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from mpsarticle.languages import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent


LAYERS = {
    "unit": "fast tests of the package: no site, no browser, no measuring command",
    "repo": "the repository's own files read and checked: workflows, the lock, import layers, types and lint, "
            "the chapters' sources and the glossary",
    "commands": "programs run as a user runs them: the command line measuring, make's refusals",
    "site": "the built pages (`make html PROFILE=quick` first)",
    "browser": "the built pages in Chromium or Chrome, driven by Playwright",
}


#: Hypothesis profiles. "quick" (the default) draws a few examples per property, so that
#: `pytest tests/unit` stays under half a minute on a 2-core machine; "thorough" draws many more
#: and is what `make test` (and so CI) runs: `pytest --hypothesis-profile=thorough`. Examples are
#: slow to draw and render (a whole result set, every chapter's sentences), hence no deadline.
settings.register_profile("quick", max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("quick")


#: The layers that measure nothing, so that their tests may run beside one another.
PARALLEL_LAYERS = ("unit", "repo")


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (pyproject.toml's addopts): the unit and repo layers, alone or together, run on every core, in
    whole files (``--dist loadfile``), which keeps `pytest tests/unit` under half a minute on a 2-core machine. Any
    run that reaches another layer stays in one process: those tests measure, send signals and build sites, and
    measuring beside one another would make each the other's noise."""
    paths = [Path(arg.split("::")[0]).resolve() for arg in config.args] or [ROOT / "tests"]
    folders = [ROOT / "tests" / layer for layer in PARALLEL_LAYERS]
    parallel = all(any(path == folder or folder in path.parents for folder in folders) for path in paths)
    return (os.cpu_count() or 1) if parallel else 0


def pytest_configure(config: pytest.Config) -> None:
    for name, what in LAYERS.items():
        config.addinivalue_line("markers", f"{name}: {what}")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Each test is marked with its layer, the folder it lives in (``-m unit``, ``-m "not browser"``)."""
    for item in items:
        layer = Path(str(item.fspath)).resolve().relative_to(ROOT / "tests").parts[0]
        if layer not in LAYERS:
            raise pytest.UsageError(f"{item.nodeid}: tests live in one of tests/{{{','.join(LAYERS)}}}/")
        item.add_marker(getattr(pytest.mark, layer))


@pytest.fixture(scope="session")
def site() -> Path:
    """The built site, ``_build/html`` (or ``$MPSARTICLE_SITE``); a missing site is a failure, not a skip."""
    path = Path(os.environ.get("MPSARTICLE_SITE", ROOT / "_build" / "html"))
    if not (path / "index.html").exists() or not all((path / lang / "index.html").exists() for lang in LANGUAGES):
        pytest.fail(f"no built site at {path}: run `make html PROFILE=quick` first (`make test` does)")
    return path


def chapter_names() -> list[str]:
    """The chapters, by file name, of the English tree (the Indonesian must match)."""
    return sorted(p.stem for p in (ROOT / "docs" / "en").glob("*.md"))
