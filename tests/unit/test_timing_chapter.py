"""The timing chapter describes the timer that runs (mpsarticle.measure.timing), in both languages.

It must not call the synchronised timer ``Timer.adaptive_autorange`` with a
5 % IQR threshold, which mpsarticle.measure.timing and the method chapter say it is
not. Its outline of the timer is an illustration with public calls; these
tests hold its steps and constants to the real method.
"""

from __future__ import annotations

import inspect
import re

import pytest

from mpsarticle.measure import timing

from ..chapters import fenced_blocks, source
from ..conftest import LANGUAGES


def outline(lang: str) -> str:
    """The python block of the timing chapter that times blocks with a synchronising clock."""
    blocks = [block for info, block, _, _ in fenced_blocks(source(lang, "timing"))
              if info.strip() == "python" and "timeit.Timer(" in block]
    assert len(blocks) == 1, f"docs/{lang}/timing.md: expected one outline of the synchronised timer"
    return blocks[0]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_code_shows_a_method_the_timer_does_not_use(lang):
    text = source(lang, "timing")
    assert "adaptive_autorange(" not in text
    assert "adaptive_autorange" not in inspect.getsource(timing.time_engine)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_outline_has_the_real_methods_steps_and_constants(lang):
    code = outline(lang)
    engine = inspect.getsource(timing.time_engine)
    assert "timeit.Timer(" in engine and "timer=clock" in engine  # a block is timed by timeit.Timer
    assert f"range({timing.WARMUP_CALLS})" in code                # warm-up calls
    assert "timer.timeit(0)" in code and "timer.timeit(0)" in engine  # the clock's own cost: an empty block
    assert re.search(rf"\b{timing.SYNC_SHARE}\b", code)           # the clock's share of a block
    assert f"range({timing.MIN_BLOCKS})" in code                  # at least ten blocks
    assert "statistics.median(samples)" in code


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_outline_is_labelled_an_illustration_and_names_the_real_code(lang):
    text = source(lang, "timing")
    before = text[:text.index(outline(lang))]
    last_paragraph = before.rstrip().rsplit("\n\n", 1)[-1]
    assert "mpsarticle/measure/timing.py" in last_paragraph
    assert ("illustration" if lang == "en" else "ilustrasi") in last_paragraph
