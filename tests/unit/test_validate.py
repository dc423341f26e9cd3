"""``python -m mpsarticle validate``: the archive's real files pass; each kind of bad file is refused naming file and
field."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from mpsarticle.cli import main as cli
from mpsarticle.results import archive
from mpsarticle.results import validate as validate_module
from mpsarticle.results.schema import upgrade
from mpsarticle.results.validate import validate, validate_file

from ..conftest import ROOT

REAL = sorted((ROOT / "docs" / "_data" / "machines").glob("*.json"))
#: A file the archive held (version 2: ``bytes``), in this version's field names.
BASE = upgrade(json.loads((ROOT / "tests" / "fixtures" / "results" / "ci-2core-one-process.json").read_text()))


def _index(data: dict, **criteria: Any) -> int:
    """The first point matching every criterion (a key of the point or of its params)."""
    for index, point in enumerate(data["points"]):
        if all(point.get(k, point["params"].get(k)) == v for k, v in criteria.items()):
            return index
    raise LookupError(criteria)


def _largest_copy(data: dict) -> int:
    copies = [i for i, p in enumerate(data["points"]) if p["workload"] == "copy" and p["status"] == "ok"]
    return max(copies, key=lambda i: data["points"][i]["bytes_moved"])


def _on_a_mac(data: dict, chip: str = "Apple M1", gpu_cores: int = 8) -> None:
    data["environment"]["mac"] = {"chip": chip, "gpu_cores": gpu_cores, "power_source": "ac"}


def _set_rate(point: dict, gb_s: float) -> None:
    """A consistent point moving ``bytes_moved`` at ``gb_s`` (time, samples and stored rate agree)."""
    point["median_s"] = point["bytes_moved"] / gb_s / 1e9
    point["samples"] = [point["median_s"] * f for f in (0.99, 1.0, 1.01)]
    point["gb_s"] = gb_s


def _too_fast_on_an_m1(data: dict) -> str:
    _on_a_mac(data)
    index = _largest_copy(data)
    _set_rate(data["points"][index], 90.0)  # the M1's sheet says 68.25 GB/s
    return f"points[{index}].gb_s"


def _rate_inconsistent(data: dict) -> str:
    index = _index(data, workload="matvec", method="engine", status="ok")
    data["points"][index]["gb_s"] *= 1.5
    return f"points[{index}].gb_s"


def _flops_inconsistent(data: dict) -> str:
    index = _index(data, workload="matmul", status="ok")
    data["points"][index]["gflop_s"] *= 0.9
    return f"points[{index}].gflop_s"


def _median_outside_samples(data: dict) -> str:
    index = _index(data, workload="matmul", status="ok")
    point = data["points"][index]
    point["samples"] = [point["median_s"] * 2, point["median_s"] * 3]
    return f"points[{index}].median_s"


def _not_measured(data: dict, reason: str) -> int:
    """Turn the first matrix-vector point into one that failed with ``reason`` (rates left in place)."""
    index = _index(data, workload="matvec", method="engine", status="ok")
    data["points"][index].update(status="error", reason=reason, median_s=None, iqr_s=None, samples=[])
    return index


def _rate_without_a_time(data: dict) -> str:
    return f"points[{_not_measured(data, 'RuntimeError: boom')}].gb_s"


def _script_in_a_reason(data: dict) -> str:
    index = _not_measured(data, "javascript:alert(1)")
    data["points"][index].update(gb_s=None, gflop_s=None)
    return f"points[{index}].reason"


def _markup(where: Callable[[dict], tuple[dict, str]], text: str, field: str) -> Callable[[dict], str]:
    def change(data: dict) -> str:
        holder, key = where(data)
        holder[key] = text
        return field
    return change


def _sustained_tampered(data: dict) -> str:
    data["sustained"] = {
        "suite": "matmul", "device": "cpu", "workload": "matmul", "params": {"m": 512, "dtype": "float32"},
        "flops": 2 * 512**3, "bytes_moved": 0, "unit": "GFLOP/s", "duration_s": 1, "window_s": 0.1,
        "windows": [{"t_s": 0.1 * (i + 1), "seconds": 0.1, "calls": 10, "rate": 2 * 512**3 * 10 / 0.1 / 1e9}
                    for i in range(9)],
        "burst_rate": 1.0, "sustained_rate": 1.0, "ratio": 1.0, "check": "passed",
    }
    return "sustained.burst_rate"


#: (name, change to the real file returning the field named, or raw text) -> the words the message must hold.
BAD_FILES: dict[str, tuple[Callable[[dict], str], str]] = {
    "missing a required field": (lambda d: d["environment"].pop("torch") and "environment", "torch"),
    "a wrong type": (lambda d: d["points"][0].update(median_s="fast") or "points[0].median_s", "points[0].median_s"),
    "a newer schema": (lambda d: d.update(schema_version=99) or "schema_version", "upgrade"),
    "no label": (lambda d: d.update(label=None) or "label", "label"),
    "nothing measured": (lambda d: d.update(points=[]) or "points", "nothing was measured"),
    "bandwidth rate inconsistent with bytes and time": (_rate_inconsistent, "does not match"),
    "FLOP rate inconsistent with FLOPs and time": (_flops_inconsistent, "does not match"),
    "median outside its samples": (_median_outside_samples, "outside its samples"),
    "a rate on a point that was not measured": (_rate_without_a_time, "no measured time"),
    "bandwidth above the spec sheet": (_too_fast_on_an_m1, "above the 68.25 GB/s"),
    "markup in the label": (_markup(lambda d: (d, "label"), "<script>alert(1)</script>", "label"), "markup"),
    "markup in the environment (nested)": (
        _markup(lambda d: (_on_a_mac(d) or d["environment"]["mac"], "chip"), 'Apple M1"><img src=x>',
                "environment.mac.chip"), "markup"),
    "a script URL in a reason": (_script_in_a_reason, "markup"),
    "a character reference in a device name": (
        _markup(lambda d: (d["environment"]["devices"]["cpu"], "name"), "AMD &#60;b&#62;",
                "environment.devices.cpu.name"),
        "markup"),
    "a tampered sustained block": (_sustained_tampered, "computed from the windows"),
}


@pytest.mark.parametrize("kind", list(BAD_FILES))
def test_each_kind_of_bad_file_is_refused_naming_file_and_field(kind, tmp_path):
    data = copy.deepcopy(BASE)
    field = BAD_FILES[kind][0](data)
    path = tmp_path / "contribution.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    problems = validate_file(path)
    assert problems, f"{kind}: the file was accepted"
    assert any(line.startswith(f"{path}: field {field}") and BAD_FILES[kind][1] in line for line in problems), (
        f"{kind}: expected a line naming {path} and field {field} with {BAD_FILES[kind][1]!r}, got {problems}")
    assert all("\n" not in line for line in problems)


@pytest.mark.parametrize("text, words", [("{ not json", "not valid JSON"), ("", "not valid JSON"),
                                         ("[1, 2]", "field (top level)")])
def test_files_that_are_not_results_are_refused(tmp_path, text, words):
    path = tmp_path / "bad.json"
    path.write_text(text)
    assert [line for line in validate_file(path) if str(path) in line and words in line]


def test_missing_and_oversized_files_are_refused(tmp_path, monkeypatch):
    assert "no such file" in validate_file(tmp_path / "absent.json")[0]
    # The limit validate holds a file to is the one the archive loads it under.
    assert validate_module.MAX_FILE_BYTES == archive.MAX_FILE_BYTES
    big = tmp_path / "big.json"
    big.write_text(json.dumps(BASE))
    monkeypatch.setattr(validate_module, "MAX_FILE_BYTES", 100)
    assert "more than the 100" in validate_file(big)[0]


@pytest.mark.parametrize("path", REAL, ids=[p.name for p in REAL])
def test_the_archive_real_files_are_valid(path):
    assert validate_file(path) == []


def test_small_fast_copies_on_a_mac_may_come_from_cache(tmp_path):
    """Above the DRAM bandwidth is plausible when the working set fits in the system-level cache."""
    data = copy.deepcopy(BASE)
    _on_a_mac(data)
    index = min((i for i, p in enumerate(data["points"]) if p["workload"] == "copy" and p["status"] == "ok"),
                key=lambda i: data["points"][i]["bytes_moved"])
    _set_rate(data["points"][index], 300.0)
    path = tmp_path / "m1.json"
    path.write_text(json.dumps(data))
    assert validate_file(path) == []


def test_a_comparison_in_a_reason_is_not_markup(tmp_path):
    data = copy.deepcopy(BASE)
    index = _not_measured(data, "result differs from the float64 CPU reference: relative error 1.20e-03 > 1e-03")
    data["points"][index].update(gb_s=None, gflop_s=None)
    path = tmp_path / "ok.json"
    path.write_text(json.dumps(data))
    assert validate_file(path) == []


def test_the_command_prints_one_line_per_problem_and_exits_1(tmp_path, capsys):
    data = copy.deepcopy(BASE)
    data["label"] = "<b>Mac</b>"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    assert cli.main(["validate", str(REAL[0]), str(bad)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{bad}: field label: markup") and out[-1] == "2 file(s) checked: 1 problem(s)"
    assert cli.main(["validate", *map(str, REAL)]) == 0
    assert capsys.readouterr().out.strip() == f"{len(REAL)} file(s) checked: all valid"
    assert validate(REAL) == []
