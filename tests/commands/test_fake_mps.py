"""A whole quick run on a fake Apple GPU whose events misbehave as PyTorch's tracker reports (tests/fake_mps):
one whose ``elapsed_time`` hangs after the event's own ``synchronize()`` (pytorch/pytorch#162872), one whose
intervals come back reversed or zero (pytorch/pytorch#196395). Each run finishes in its measuring processes,
every point measured, the device-event times agree with the engine's, and what was rejected is said: by the
run, in the results, and in the method chapter's sentence.

The numbers are read from the results file as written, not through the package's findings.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mpsarticle.article.chapters import chapter_sentences
from mpsarticle.article.wording import Words
from mpsarticle.results.model import load

ROOT = Path(__file__).resolve().parents[2]
FAKE = ROOT / "tests" / "fake_mps"
#: A hang would end a point at this limit, as a timeout: far above what any point of this run takes.
POINT_LIMIT_S = 120


def _run(mode: str, out: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MPSARTICLE_TEST_FAKE_MPS": mode,
           "PYTHONPATH": os.pathsep.join(filter(None, [str(FAKE), str(ROOT), os.environ.get("PYTHONPATH")]))}
    return subprocess.run([sys.executable, "-m", "mpsarticle", "run", "--profile", "quick", "--suite", "matvec",
                           "--device", "mps", "--point-limit", str(POINT_LIMIT_S), "--out", str(out),
                           "--no-progress"], capture_output=True, text=True, env=env, cwd=ROOT, timeout=900)


def _points(out: Path) -> list[dict]:
    return json.loads(out.read_text(encoding="utf-8"))["points"]


def _agree_with_the_engine(points: list[dict]) -> None:
    by = {(p["params"]["m"], p["method"]): p for p in points}
    sizes = sorted({m for m, _ in by})
    assert sizes and all((m, "events") in by and (m, "engine") in by for m in sizes), sorted(by)
    for m in sizes:
        events, engine = by[m, "events"]["median_s"], by[m, "engine"]["median_s"]
        # The fake's events time the same CPU work the engine times: a rejected interval averaged in would
        # pull the events' value to zero or below, far outside this.
        assert 0.5 < events / engine < 2.0, f"m = {m}: events {events:.3g} s against the engine's {engine:.3g} s"


@pytest.mark.parametrize("mode", ["hang", "reversed"])
def test_a_quick_run_on_a_misbehaving_fake_mps_finishes_with_right_numbers(mode, tmp_path):
    out = tmp_path / f"{mode}.json"
    done = _run(mode, out)
    assert done.returncode == 0, done.stderr[-2000:]
    points = _points(out)
    assert points and all(p["device"] == "mps" for p in points)
    assert [p for p in points if p["status"] != "ok"] == [], "a point was lost: the events hung or ran out"
    _agree_with_the_engine(points)
    rejected = sum(int(p["detail"].get("events_rejected", 0)) for p in points)
    sentence = chapter_sentences("method", load(out), Words("en"))["rejected_sentence"]
    if mode == "hang":
        assert rejected == 0 and sentence == "" and "read zero or less" not in done.stderr
        return
    assert rejected > 0, "the reversed fake rejected nothing: were its events read?"
    said = re.search(r"events: (\d+) intervals between device events read zero or less on mps, at (\d+) points",
                     done.stderr)
    assert said, done.stderr[-2000:]
    hit = [p for p in points if int(p["detail"].get("events_rejected", 0)) > 0]
    assert (int(said[1]), int(said[2])) == (rejected, len(hit))
    assert re.search(rf"\b{rejected}\b", sentence) and "Apple GPU" in sentence, sentence
