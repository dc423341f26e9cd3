"""Fixed prose that must be true on every machine that builds it, in both languages (issue 18)."""

from __future__ import annotations

import pytest

from ..chapters import source
from ..conftest import LANGUAGES


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("lang, old", [("en", "share a single piece of silicon"),
                                       ("id", "berada dalam satu keping silikon")])
def test_the_intro_does_not_call_every_apple_chip_one_die(lang, old):
    """The M1 Ultra of the launch claims is two M1 Max dies joined by UltraFusion: one package, not one die."""
    text = flat(source(lang, "intro"))
    assert old not in text
    assert "UltraFusion" in text and "Max" in text
