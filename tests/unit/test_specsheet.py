"""Apple's spec sheet: every row sourced and well-formed, chip recognition, bounds and shares."""

from __future__ import annotations

import re

import pytest

from mpsarticle.analysis.macs import shares
from mpsarticle.core import specsheet
from mpsarticle.core.specs import MatVec
from mpsarticle.results.model import Point, ResultSet

URL = re.compile(r"^https://[\w.-]+/\S*$")
FAMILIES = ("M1", "M2", "M3", "M4")


def test_the_table_has_a_sourced_row_per_variant():
    rows = specsheet.chips()
    assert len(rows) >= 16
    assert len({(chip.name, chip.gpu_cores) for chip in rows}) == len(rows), "a chip variant is listed twice"
    for chip in rows:
        assert re.fullmatch(r"Apple (M\d+( Pro| Max| Ultra)?|A\d+ Pro)", chip.name) and chip.gpu_cores > 0, chip
        assert URL.match(chip.bandwidth_source), f"{chip.label}: bandwidth source {chip.bandwidth_source!r}"
        assert chip.bandwidth_kind in ("apple", "derived", "reported") and 50 <= chip.bandwidth_gb_s <= 1500, chip
        if chip.bandwidth_kind in ("derived", "reported"):
            assert chip.note, f"{chip.label}: a derived or reported bandwidth needs its formula or source in the note"
        if chip.max_memory_gb is not None:
            assert chip.memory_kind in ("apple", "reported") and URL.match(chip.memory_source), chip
        if chip.fp32_kind == "unknown":
            assert chip.fp32_tflops is None and chip.note, f"{chip.label}: an empty peak needs a note saying why"
        else:
            assert URL.match(chip.fp32_source), f"{chip.label}: FP32 source {chip.fp32_source!r}"
            assert 1 <= chip.fp32_tflops <= 40, chip
    for family in FAMILIES:
        tiers = {chip.name for chip in rows if re.fullmatch(rf"Apple {family}( Pro| Max| Ultra)?", chip.name)}
        assert {f"Apple {family}", f"Apple {family} Pro", f"Apple {family} Max"} <= tiers, (family, tiers)


def test_derived_peaks_follow_cores_alus_and_clock():
    m2 = specsheet.match_chip("Apple M2", 10)
    assert m2.fp32_kind == "derived" and m2.fp32_tflops == pytest.approx(10 * 128 * 2 * 1.398 / 1000)
    assert m2.fp32_formula == "10 cores x 128 ALUs x 2 FLOP x 1.398 GHz"
    # The rule reproduces the one figure Apple itself gives (M1, 8-core GPU: 2.6 TFLOPS) within 1 %.
    m1 = specsheet.match_chip("Apple M1", 8)
    assert m1.fp32_kind == "apple" and m1.fp32_tflops == 2.6
    assert 8 * 128 * 2 * 1.278 / 1000 == pytest.approx(m1.fp32_tflops, rel=0.01)


@pytest.mark.parametrize("brand, cores, expected", [
    ("Apple M1 Pro", 16, ("Apple M1 Pro", 16)),
    ("Apple  M3 Max", 30, ("Apple M3 Max", 30)),
    ("Apple M3 Max", 40, ("Apple M3 Max", 40)),
    ("Apple M4 Max", None, None),          # two variants with different bandwidths: not guessed
    ("Apple M3 Max", 33, None),            # no such variant
    ("Intel(R) Xeon(R) Processor", None, None),
    (None, None, None),
])
def test_match_chip(brand, cores, expected):
    found = specsheet.match_chip(brand, cores)
    assert (found and (found.name, found.gpu_cores)) == expected or (found is None and expected is None)


def test_the_m3_max_variants_differ_in_bandwidth():
    assert specsheet.match_chip("Apple M3 Max", 30).bandwidth_gb_s == 300
    assert specsheet.match_chip("Apple M3 Max", 40).bandwidth_gb_s == 400


def test_spec_bounds_of_a_matrix_vector_product():
    chip = specsheet.match_chip("Apple M1 Pro", 16)
    bound = specsheet.spec_bounds(chip, 16384)
    assert bound.bytes_moved == 4 * (16384**2 + 2 * 16384) and bound.flops == MatVec(16384).flops
    assert bound.memory_s == pytest.approx(4 * (16384**2 + 2 * 16384) / 200e9)
    assert bound.least_s == bound.memory_s > bound.compute_s  # a matrix-vector product is memory-bound
    unknown = specsheet.spec_bounds(specsheet.match_chip("Apple M4", 10), 1024)
    assert unknown.compute_s is None and unknown.least_s == unknown.memory_s


def _mac_results(chip: str | None, gpu_cores: int | None) -> ResultSet:
    environment = {"torch": "2.5", "python": "3.12", "os": "Darwin 24", "cpu": chip or "x", "devices": {}}
    if chip:
        environment["mac"] = {"chip": chip, "gpu_cores": gpu_cores}
    copy = Point("mps", "copy", {"n": 1 << 26}, median_s=(2 * 4 * (1 << 26)) / 150e9, bytes_moved=2 * 4 * (1 << 26),
                 check="passed")
    matmul = Point("mps", "matmul", {"m": 4096, "dtype": "float32"}, median_s=2 * 4096**3 / 4e12,
                   flops=2 * 4096**3, check="passed")
    return ResultSet(environment, [copy, matmul])


def test_shares_of_the_spec_sheet_reached():
    found = shares(_mac_results("Apple M1 Pro", 16))
    assert found["bandwidth"] == pytest.approx(150 / 200)
    assert found["fp32"] == pytest.approx(4.0 / (16 * 128 * 2 * 1.296 / 1000))
    assert shares(_mac_results("Apple M4 Pro", 20))["fp32"] is None  # no peak on the sheet
    assert shares(_mac_results(None, None)) is None                  # not a Mac


def test_run_ends_with_the_share_of_the_spec_sheet_reached():
    from mpsarticle.cli.report import share_lines

    assert share_lines(_mac_results("Apple M1 Pro", 16)) == [
        "Apple's spec sheet for the Apple M1 Pro (16-core GPU): 200 GB/s memory bandwidth (apple), "
        "FP32 peak 5.31 TFLOPS (derived)",
        "  copy on mps: 150.0 GB/s, 75% of the spec bandwidth",
        "  float32 matmul on mps: 4.00 TFLOPS, 75% of the spec FP32 peak",
    ]
    assert share_lines(_mac_results(None, None)) == []
