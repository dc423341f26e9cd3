"""Naive timing at the blog post's sizes (findings.naive_timing) and the sentence chosen from it (post_sentence).

The timing chapter must not print, on every build, that the post's mps bars
"mostly measured how fast Python could queue 100 products": that is false where
this build's naive and synchronised times agree, and unknowable on a machine
with no MPS. The sentence says what this build measured, size by size.
"""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest

from mpsarticle.analysis import findings
from mpsarticle.analysis import series as analysis
from mpsarticle.analysis.findings.timing import AGREES, TOO_LARGE, TOO_SMALL
from mpsarticle.article.wording import LANGUAGES, Factor, Words

from ..machines import M1_CPU, M1_GPU, MACHINES, ORIGINAL, Machine, results_of, synthetic
from ..rendering import sentences

#: An Apple GPU whose queue fills at once: naive timeit waits for every product, as the synchronised timer does.
BLOCKING = Machine("blocking-gpu", "a GPU whose queue blocks at once (synthetic)", M1_CPU,
                   replace(M1_GPU, naive_scale=1.0))


@pytest.mark.parametrize("machine", MACHINES)
def test_the_verdicts_are_the_intervals_of_the_original_suite(machine):
    results = results_of(machine)
    found = findings.naive_timing(results)
    assert set(found) <= set(results.devices)
    for device, timing in found.items():
        pairs = analysis.time_ratios(results, device, suite="original")
        assert [s.size for s in timing.sizes] == [size for size, _ in pairs]
        assert {s.size for s in timing.sizes} <= set(ORIGINAL)
        for at, (_, ratio) in zip(timing.sizes, pairs, strict=True):
            # Agreement is shown (the whole range read from the two published intervals within a fifth of 1, the
            # method chapter's rule for "level"), not merely disagreement unproven.
            if 1 / 1.2 <= ratio.low and ratio.high <= 1.2:
                expected = AGREES
            else:
                expected = TOO_SMALL if ratio.low > 1 else TOO_LARGE if ratio.high < 1 else "unclear"
            assert at.verdict == expected and (at.factor >= 1 or expected in (AGREES, "unclear"))


@pytest.mark.parametrize("machine, kind", [("apple-m1-base", "all"), ("cuda-faulty", "all"),
                                           ("apple-m2-ultra", "some"), ("nvidia-h200", "some")])
def test_how_many_sizes_the_naive_figure_is_too_small_at(machine, kind):
    results = results_of(machine)
    accelerator = findings.machine(results).accelerator.kind
    assert findings.naive_timing(results)[accelerator].too_small == kind


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_size_too_small_names_the_largest_factor(lang):
    results = results_of("apple-m1-base")
    worst = findings.naive_timing(results)["mps"].worst(TOO_SMALL)
    words = Words(lang)
    text = sentences("timing", results, lang)["post_sentence"]
    assert worst.size == 3000 and words.render(Factor(worst.factor)) in text
    assert ("every one" if lang == "en" else "semua ukuran") in text


def test_the_h200_says_where_naive_was_too_small_and_where_too_large():
    """On the H200 at the post's sizes, naive timeit is too small at one size, too large at another, fine elsewhere."""
    text = sentences("timing", "nvidia-h200")["post_sentence"]
    assert "from 1.3× too long (m = 2,000) to 1.4× too short (m = 1,000)" in text and "every one" not in text
    assert "mostly measured how fast Python" not in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_where_naive_and_synchronised_agree_no_size_is_called_too_small(lang):
    results = synthetic(BLOCKING)
    timing = findings.naive_timing(results)["mps"]
    assert timing.too_small == "none" and len(timing.having(AGREES)) == len(timing.sizes)
    text = sentences("timing", results, lang)["post_sentence"]
    same = "gave about the same time as the synchronised timer" if lang == "en" else "setara dengan timer tersinkron"
    assert same in text
    assert ("this build cannot tell" if lang == "en" else "tidak bisa memastikan") in text  # a Mac, but not the post's
    assert ("too short a time at m" if lang == "en" else "terlalu singkat pada m") not in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_cpu_only_build_says_it_has_no_accelerator_to_show(lang):
    """Said once, in the chapter's first sentence; the sentence on the post's sizes does not say it again."""
    said = sentences("timing", "ci-2core", lang)
    text, words = said["post_sentence"], Words(lang)
    assert said["naive_sentence"] == words("gap.no_accelerator")
    assert not any(said in text for said in ("has no accelerator", "tidak punya akselerator"))
    timing = findings.naive_timing(results_of("ci-2core"))["cpu"]
    differ = timing.having(TOO_SMALL) or timing.having(TOO_LARGE)
    # A CPU's lack of a queue is given as a reason only where naive timing differed.
    assert (words("post.cpu.differs") in text) == bool(differ)
    assert "mps" not in text.lower()  # nothing said about the post's mps bars on a CPU-only build


def test_a_cpu_only_build_whose_naive_runs_differ_says_so_without_blaming_a_queue():
    results = copy.deepcopy(results_of("ci-2core"))
    for point in results.select(device="cpu", suite="original", method="naive", m=1000):
        point.samples = [3 * s for s in point.samples]
        point.summarize()
    timing = findings.naive_timing(results)["cpu"]
    assert [s.size for s in timing.having(TOO_LARGE)] == [1000]
    text = sentences("timing", results)["post_sentence"]
    assert "3.0× too long (m = 1,000)" in text
    assert Words("en")("post.cpu.differs") in text


def test_an_accelerator_measured_at_none_of_the_posts_sizes_is_said_so():
    text = sentences("timing", "all-failed")["post_sentence"]
    assert text == Words("en")("post.unmeasured", device="Apple GPU (MPS)")


@pytest.mark.parametrize("lang, old", [("en", "mostly measured how fast Python could queue"),
                                       ("id", "sebagian besar mengukur seberapa cepat Python")])
def test_the_chapter_glues_the_sentence_instead_of_the_fixed_claim(lang, old):
    from ..chapters import source

    text = " ".join(source(lang, "timing").split())
    assert "{glue:text}`post_sentence`" in text and old not in text
