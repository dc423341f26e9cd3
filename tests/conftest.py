"""Shared fixtures. The site tests read the built site: `make test` builds it first (quick profile)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "id")


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
