"""Unsupported operations and other unmeasured points: recorded with a reason, gaps in the figures,
explained in the chapter's language; PYTORCH_ENABLE_MPS_FALLBACK=1 flagged in the chapters."""

from __future__ import annotations

import math
import platform

import pytest

from mpsarticle.article import figures
from mpsarticle.article.gaps import gaps_sentence
from mpsarticle.article.wording import Words
from mpsarticle.core.reasons import Reason
from mpsarticle.core.specs import MatMul
from mpsarticle.measure.devices import Device
from mpsarticle.measure.timing import TimingOptions, time_point
from mpsarticle.page import Page
from mpsarticle.results.model import Point, ResultSet

QUICK = TimingOptions(budget_s=0.05)
ENVIRONMENT = {"torch": "2.13.0", "python": "3.11", "os": "Darwin 22.6.0", "cpu": "Apple M1",
               "devices": {"cpu": {"kind": "cpu", "name": "Apple M1"}, "mps": {"kind": "mps", "name": "Apple M1 GPU"}}}
BF16_OLD_MACOS = Reason.of("mps_bfloat16", macos=13)


def test_float64_on_mps_is_unsupported_with_the_reason():
    point = time_point(MatMul(8, "float64"), Device("mps"), "engine", QUICK)  # refused before MPS is touched
    assert point.status == "unsupported"
    assert point.reason == Reason.of("mps_float64")
    assert time_point(MatMul(8, "float64"), Device("cpu"), "engine", QUICK).check == "passed"


def test_bfloat16_on_mps_before_macos_14_is_unsupported_with_the_reason(monkeypatch):
    monkeypatch.setattr(platform, "mac_ver", lambda: ("13.6.1", ("", "", ""), "arm64"))
    point = time_point(MatMul(8, "bfloat16"), Device("mps"), "engine", QUICK)
    assert point.status == "unsupported" and point.reason == BF16_OLD_MACOS


@pytest.mark.parametrize("reason, english, indonesian", [
    (BF16_OLD_MACOS, "MPS supports bfloat16 from macOS 14 on; this is macOS 13",
     "MPS mendukung bfloat16 mulai macOS 14; ini macOS 13"),
    (Reason.of("mps_float64"), "MPS has no float64: Metal has no 64-bit floating-point type",
     "MPS tidak memiliki float64: Metal tidak punya tipe floating-point 64-bit"),
    (Reason.of("no_events", device="mps"), "mps has no timing events", "mps tidak punya event perangkat"),
    (Reason.of("exception", message="MPS backend out of memory (a PyTorch message)"),
     "MPS backend out of memory (a PyTorch message)", "MPS backend out of memory (a PyTorch message)"),
])
def test_our_reasons_are_said_in_indonesian_and_pytorchs_are_quoted(reason, english, indonesian):
    point = Point("mps", "matmul", {"m": 8, "dtype": "float32"}, suite="matmul", status="unsupported", reason=reason)
    sentence = gaps_sentence(ResultSet(dict(ENVIRONMENT), [point]), Words("id"), ("matmul",))
    assert f"tidak didukung di sana: {indonesian})" in sentence
    sentence = gaps_sentence(ResultSet(dict(ENVIRONMENT), [point]), Words("en"), ("matmul",))
    assert f"not supported there: {english})" in sentence


def _matmul(device: str, m: int, dtype: str, seconds: float | None = None, **fields) -> Point:
    if seconds is None:
        return Point(device, "matmul", {"m": m, "dtype": dtype}, suite="matmul", **fields)
    return Point(device, "matmul", {"m": m, "dtype": dtype}, suite="matmul", samples=[seconds] * 10,
                 flops=2.0 * m**3, check="passed").summarize()


def old_mac(fallback: bool = False) -> ResultSet:
    """A Mac on macOS 13: bfloat16 refused on MPS, the largest float32 size stopped at the time limit."""
    points = []
    for device in ("cpu", "mps"):
        for dtype in ("float32", "bfloat16"):
            for m in (512, 1024, 2048, 4096):
                if device == "mps" and dtype == "bfloat16":
                    points.append(_matmul(device, m, dtype, status="unsupported", reason=BF16_OLD_MACOS))
                elif device == "mps" and m == 2048:
                    points.append(_matmul(device, m, dtype, status="timeout",
                                          reason=Reason.of("timeout", limit_s=300)))
                else:
                    points.append(_matmul(device, m, dtype, 1e-3 * (m / 512) ** 3))
    environment = dict(ENVIRONMENT, mps_fallback_to_cpu=fallback)
    return ResultSet(environment=environment, points=points, profile="default")


def test_the_chapter_explains_the_gaps_in_its_language():
    results = old_mac()
    assert Page("matmul", "en", results).numbers()["gaps_sentence"] == (
        "Not measured on this machine, and so gaps in the figures: the float32 matrix product on the Apple GPU (MPS) "
        "at m = 2,048 (stopped at the time limit per point); the bfloat16 matrix product on the Apple GPU (MPS) at "
        "m = 512, 1,024, 2,048, and 4,096 (not supported there: MPS supports bfloat16 from macOS 14 on; this is "
        "macOS 13).")
    assert Page("matmul", "id", results).numbers()["gaps_sentence"] == (
        "Tidak terukur di mesin ini, sehingga menjadi celah di gambar: perkalian matriks float32 di GPU Apple (MPS) "
        "pada m = 2.048 (dihentikan pada batas waktu per titik); perkalian matriks bfloat16 di GPU Apple (MPS) pada "
        "m = 512, 1.024, 2.048, dan 4.096 (tidak didukung di sana: MPS mendukung bfloat16 mulai macOS 14; ini "
        "macOS 13).")
    complete = ResultSet(ENVIRONMENT, [p for p in results if p.status == "ok"])
    assert gaps_sentence(complete, Words("en"), ("matmul",)) == gaps_sentence(complete, Words("id"), ("matmul",)) == ""


def test_a_missing_size_is_a_gap_in_its_line_never_bridged():
    figure = figures.matmul(old_mac(), "en")
    lines = {line.get_label(): line for line in figure.axes[0].get_lines()}
    xs, ys = lines["Apple GPU (MPS) float32"].get_data()
    assert list(xs) == [512, 1024, 2048, 4096]
    assert math.isnan(ys[2]) and not any(math.isnan(y) for y in ys[:2] + ys[3:])
    # The CPU's line, measured at every size, has no gap.
    assert not any(math.isnan(y) for y in lines["CPU float32"].get_ydata())


@pytest.mark.parametrize("lang, words", [("en", "Apple GPU (MPS) bfloat16: not supported"),
                                         ("id", "GPU Apple (MPS) bfloat16: tidak didukung")])
def test_a_series_never_measured_keeps_a_legend_entry_saying_why(lang, words):
    figure = figures.matmul(old_mac(), lang)
    legend = [text.get_text() for text in figure.axes[0].get_legend().get_texts()]
    assert words in legend


def test_time_against_size_leaves_a_gap_too():
    def point(m, **fields):
        return Point("cpu", "matvec", {"m": m, "dtype": "float32"}, suite="matvec", **fields)

    results = ResultSet(ENVIRONMENT, [point(1024, samples=[1e-4] * 10, check="passed").summarize(),
                                      point(2048, status="out_of_memory",
                                            reason=Reason.of("too_big", need_bytes=8 << 30, memory_bytes=16 << 30,
                                                             share=0.45)),
                                      point(4096, samples=[2e-3] * 10, check="passed").summarize()])
    (line,) = [line for line in figures.time_vs_size(results, "en").axes[0].get_lines() if line.get_label() == "CPU"]
    assert list(line.get_xdata()) == [1024, 2048, 4096] and math.isnan(line.get_ydata()[1])


def test_mps_fallback_is_flagged_in_the_chapters():
    """On the terminal too: tests/commands/test_conditions.py runs the command with the variable set."""
    assert Page("matmul", "en", old_mac(fallback=True)).numbers()["gaps_sentence"].endswith(
        " PYTORCH_ENABLE_MPS_FALLBACK=1 was set for this build: operators that MPS lacks ran on the CPU, so a time "
        "shown for the Apple GPU can include CPU work.")
    indonesian = Page("matmul", "id", old_mac(fallback=True)).numbers()["gaps_sentence"]
    assert "PYTORCH_ENABLE_MPS_FALLBACK=1 aktif" in indonesian
    assert "FALLBACK" not in Page("matmul", "en", old_mac(fallback=False)).numbers()["gaps_sentence"]
