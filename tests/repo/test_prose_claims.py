"""Fixed prose that must be true on every machine that builds it, in both languages."""

from __future__ import annotations

import pytest

from ..chapters import source


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("lang, old", [("en", "share a single piece of silicon"),
                                       ("id", "berada dalam satu keping silikon")])
def test_the_intro_does_not_call_every_apple_chip_one_die(lang, old):
    """The M1 Ultra of the launch claims is two M1 Max dies joined by UltraFusion: one package, not one die."""
    text = flat(source(lang, "intro"))
    assert old not in text
    assert "UltraFusion" in text and "Max" in text


@pytest.mark.parametrize("lang, exact", [("en", "exactly"), ("id", "persis")])
def test_the_posts_chart_is_said_to_be_medians_of_naive_runs(lang, exact):
    """The rebuilt chart's bars are medians of several naive runs (timing.NAIVE_REPEATS); the post ran once."""
    text = source(lang, "matvec")
    paragraph = text[:text.index(":::{glue:figure} fig_original")].rstrip().rsplit("\n\n", 1)[-1]
    assert exact not in paragraph and "median" in paragraph


@pytest.mark.parametrize("lang, old", [("en", "fine apart from the warm-up"),
                                       ("id", "baik-baik saja selain soal pemanasan"),
                                       ("en", "it recorded only the time to queue"),
                                       ("id", "tercatat hanyalah waktu mengantre")])
def test_the_timing_chapter_claims_nothing_a_build_can_contradict(lang, old):
    """Naive and synchronised CPU times differ on some builds (the H200 host's CPU at m = 16,384), and a naive line
    far below the others can still include some waiting: neither is written as a rule."""
    assert old not in flat(source(lang, "timing"))
