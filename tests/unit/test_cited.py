"""Cited measurements: the package's rows load, a row without a source, unit or licence is refused (a line per
refusal), markup is refused by validate and shown inert, and a Mac's results far from its chip's figures warn."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from mpsarticle.cli import main as cli
from mpsarticle.core import cited
from mpsarticle.core.specsheet import chips
from mpsarticle.results.model import Point, ResultSet
from mpsarticle.results.validate import validate_file, warnings

ROOT = Path(__file__).resolve().parents[2]
GOOD = {"chip": "Apple M1 Pro", "gpu_cores": "16", "memory_gb": "32", "framework": "PyTorch MPS", "workload": "copy",
        "description": "copy_ of a large tensor", "dtype": "float32", "value": "176", "unit": "GB/s",
        "statistic": "mean of 10 runs", "synchronised": "yes", "torch_version": "2.1.0", "macos_version": "",
        "source_url": "https://github.com/example/bench/blob/0123abc/README.md", "source_section": "Results",
        "licence": "MIT", "read_on": "2026-12-01"}


def _file(tmp_path: Path, *changes: dict[str, str]) -> Path:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=cited.COLUMNS, lineterminator="\n")
    writer.writeheader()
    for change in changes or ({},):
        writer.writerow({**GOOD, **change})
    path = tmp_path / "cited.csv"
    path.write_text(out.getvalue(), encoding="utf-8")
    return path


def test_the_packages_rows_load_and_validate():
    rows = cited.cited()
    assert rows and all(row.source_url.startswith("https://") and row.licence and row.unit for row in rows)
    assert validate_file(ROOT / "mpsarticle" / "data" / "cited_measurements.csv") == []
    known = {chip.name for chip in chips()}
    assert {row.chip for row in rows} <= known, "a cited chip that the spec sheet does not list"


@pytest.mark.parametrize("change, field", [
    ({"source_url": ""}, "source_url is empty"),
    ({"source_url": "github.com/example"}, "source_url 'github.com/example' is not an https:// address"),
    ({"unit": ""}, "unit is empty"),
    ({"unit": "furlongs"}, "unit 'furlongs' is not one of"),
    ({"licence": ""}, "licence is empty"),
    ({"value": "fast"}, "value 'fast' is not a number"),
    ({"value": "-3"}, "value '-3' is not a positive number"),
    ({"chip": "Intel Core i9"}, "chip 'Intel Core i9' is not an Apple chip"),
    ({"workload": "vibes"}, "workload 'vibes' is not one of"),
    ({"read_on": "yesterday"}, "read_on 'yesterday' is not a date"),
])
def test_a_row_without_what_a_citation_needs_is_refused(tmp_path, change, field):
    path = _file(tmp_path, {}, change)
    found = validate_file(path)
    assert len(found) == 1 and found[0].startswith(f"{path}: line 3: {field}"), found
    with pytest.raises(cited.CitedError, match="line 3"):
        cited.load(path)
    assert cli.main(["validate", str(path)]) == 1


def test_markup_in_a_row_is_refused_and_shown_as_text(tmp_path):
    hostile = {"description": '<script>alert(1)</script>', "source_section": '"><img src=x onerror=alert(1)>'}
    path = _file(tmp_path, hostile)
    found = validate_file(path)
    assert {line.split(": ")[2].split(" holds")[0] for line in found} == {"description", "source_section"}, found
    from mpsarticle.article.your_mac import cited_table

    html = cited_table(cited.load(path), "en")
    assert "<script>" not in html and "&lt;script&gt;" in html and "<img" not in html


def _mac(copy_gb_s: float) -> ResultSet:
    n = 1 << 26
    seconds = 8.0 * n / (copy_gb_s * 1e9)
    point = Point(device="mps", workload="copy", params={"n": n}, method="engine", suite="copy",
                  samples=[seconds] * 15, bytes_moved=8.0 * n).summarize()
    env = {"os": "Darwin 24.0.0", "cpu": "Apple M1 Pro", "torch": "2.5", "python": "3.11",
           "mac": {"chip": "Apple M1 Pro", "gpu_cores": 16},
           "devices": {"mps": {"kind": "mps", "name": "Apple M1 Pro"}}}
    return ResultSet(env, [point], "default", label="M1 Pro")


@pytest.mark.parametrize("measured, warned", [(170.0, False), (60.0, True), (420.0, True)])
def test_a_macs_result_far_from_its_chips_cited_figure_is_warned_about(tmp_path, measured, warned):
    path = tmp_path / "mac.json"
    _mac(measured).save(path)
    published = cited.load(_file(tmp_path))
    found = warnings([path], published)
    assert bool(found) is warned, found
    if warned:
        assert "example/bench published 176 GB/s for the Apple M1 Pro" in found[0] and "more than 2x" in found[0]
