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


@pytest.mark.parametrize("lang, phrases", [
    ("en", ("at least a quarter of a second", "more than half of the CPU time the process left idle",
            "more than a quarter of one CPU", "less than 0.8 of one CPU", "by more than a factor of 4",
            "at most twice per point", "at most half as many processes as it plans", "fewer than two")),
    ("id", ("paling sedikit seperempat detik", "lebih dari separuh waktu CPU yang dibiarkan menganggur",
            "lebih dari seperempat satu CPU", "kurang dari 0,8 CPU", "lebih dari 4 kali lebih besar atau lebih kecil",
            "paling banyak dua kali per titik", "separuh jumlah proses", "kurang dari dua")),
])
def test_the_method_chapter_states_the_thresholds_of_a_busy_machine_the_code_uses(lang, phrases):
    """The prose names each constant of mpsarticle.core.contention in words: a changed constant fails here until
    the chapter says the new one."""
    from mpsarticle.core import contention as c

    assert (c.MIN_WINDOW_S, c.OTHERS_SHARE, c.OTHERS_FLOOR_CPUS, c.OWN_SHARE, c.OUTLIER_FACTOR,
            c.EXTRA_PER_POINT, c.EXTRA_RUN_SHARE) == (0.25, 0.5, 0.25, 0.8, 4.0, 2, 0.5)
    text = flat(source(lang, "method"))
    missing = [phrase for phrase in phrases if phrase not in text]
    assert not missing, f"docs/{lang}/method.md does not say {missing}"
