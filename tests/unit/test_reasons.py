"""Reasons are codes in results files (schema version 4): written and read back, worded in both languages,
old files' English made codes on loading, an unknown code refused in one line."""

from __future__ import annotations

import copy
import html
import json
import string
from pathlib import Path

import pytest

from mpsarticle.article.gaps import gaps_sentence
from mpsarticle.article.reasons import VALUES, reason_text
from mpsarticle.article.tables import device_card
from mpsarticle.article.wording import LANGUAGES, Words, catalog, placeholders
from mpsarticle.cli import main as cli
from mpsarticle.core.reasons import CODES, DEVICE_CODES, POINT_CODES, Reason
from mpsarticle.results.legacy import DEVICE_TEXTS, POINT_TEXTS, device_reason, point_reason
from mpsarticle.results.model import SCHEMA_VERSION, Point, ResultSet, load
from mpsarticle.results.schema import upgrade
from mpsarticle.results.validate import validate_file

from ..conftest import ROOT

#: Parameters for each code, one set per code the package knows (a new code must be added here).
SAMPLES: dict[str, dict[str, object]] = {
    "mps_float64": {},
    "mps_bfloat16": {"macos": 13},
    "no_events": {"device": "cpu"},
    "events_reversed": {"device": "mps", "rejected": 51},
    "no_graph_cpu": {},
    "compile_slow": {"took_s": 130.5, "limit_s": 120.0},
    "compile_failed": {"message": "BackendCompilerFailed: backend='inductor' raised: mps"},
    "too_big": {"need_bytes": 12_000_000_000, "memory_bytes": 16_000_000_000, "share": 0.45},
    "too_big_working_set": {"need_bytes": 3_221_225_472, "memory_bytes": 5_500_000_000, "share": 0.45},
    "timeout": {"limit_s": 120.0},
    "crashed_signal": {"signal": 11, "name": "SIGSEGV"},
    "crashed_exit": {"status": 3},
    "check_failed": {"rel_error": 0.032, "tolerance": 0.01},
    "check_not_finite": {"tolerance": 0.001},
    "exception": {"message": "RuntimeError: MPS backend out of memory (MPS allocated: 1 GB)"},
    "legacy": {"message": "an old file's note"},
    "no_cuda": {},
    "no_mps_build": {},
    "no_mps_here": {},
    "no_mps_rosetta": {},
    "mps_probe_failed": {"message": "RuntimeError: no Metal device"},
    "mps_probe_wrong": {"value": 3.0},
}
#: Text for each placeholder of the old files' English (mpsarticle.results.legacy), as versions 1-3 wrote it.
OLD_VALUES = {"macos": "13", "device": "mps", "need_gb": "3.2", "memory_gb": "7.1", "share_percent": "45",
              "limit_s": "120", "rel_error": "3.20e-02", "tolerance": "1e-02", "message": "RuntimeError: x",
              "value": "3.0"}
#: Codes whose text a page shows (the gaps sentence: unsupported and error; the device card: every device
#: code): the English catalog must say each as the old files' English did, so that an old file reads as before.
SHOWN = {"mps_float64", "mps_bfloat16", "no_events", "timeout", *DEVICE_CODES}
#: The repository's files written before version 4 (reasons as sentences, read back as codes).
FIXTURES = [path for path in sorted((ROOT / "docs" / "_data" / "machines").glob("*.json")) +
            sorted((ROOT / "tests" / "fixtures" / "results").glob("*.json"))
            if json.loads(path.read_text())["schema_version"] < 4]
ENVIRONMENT = {"torch": "2.13.0", "python": "3.11", "os": "Darwin 22.6.0", "cpu": "Apple M1",
               "devices": {"cpu": {"kind": "cpu", "name": "Apple M1"}, "mps": {"kind": "mps", "name": "Apple M1 GPU"}}}


def _sample(code: str) -> Reason:
    return Reason.of(code, **SAMPLES[code])


def _old(template: str) -> str:
    return template.format_map({name: OLD_VALUES[name] for _, name, _, _ in string.Formatter().parse(template) if name})


def _point(reason: Reason, status: str = "unsupported", **params: object) -> Point:
    return Point("mps", "matmul", {"m": 512, "dtype": "float32", **params}, suite="matmul", status=status,
                 reason=reason)


def _file(tmp_path: Path, data: dict, name: str = "r.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_samples_cover_every_code():
    assert set(SAMPLES) == set(CODES)


def test_a_new_file_round_trips_codes(tmp_path):
    points = [_point(_sample(code), "ok" if code.startswith("check") else "unsupported", m=64 * (i + 1))
              for i, code in enumerate(POINT_CODES)]
    environment = dict(ENVIRONMENT, unavailable={"cuda": _sample("no_cuda").to_dict(),
                                                 "mps": _sample("mps_probe_failed").to_dict()})
    for point in points:
        if point.status == "ok":
            point.samples, point.check = [1e-3] * 5, "failed"
            point.summarize()
    path = ResultSet(environment, points, profile="quick", label="codes").save(tmp_path / "r.json")
    raw = json.loads(path.read_text())
    assert raw["schema_version"] == SCHEMA_VERSION == 4
    assert [p["reason"] for p in raw["points"]] == [{"code": code, **SAMPLES[code]} for code in POINT_CODES]
    assert raw["environment"]["unavailable"] == {"cuda": {"code": "no_cuda"},
                                                 "mps": {"code": "mps_probe_failed",
                                                         "message": "RuntimeError: no Metal device"}}
    loaded = load(path)
    assert [p.reason for p in loaded] == [_sample(code) for code in POINT_CODES]
    assert loaded.environment["unavailable"] == raw["environment"]["unavailable"]
    assert validate_file(path) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_code_has_a_catalog_entry_in_both_languages(lang):
    why = catalog(lang)["why"]
    missing = [code for code in CODES if code not in why]
    assert not missing, f"the {lang} catalog's why has no form for {missing}"
    assert set(why) - {"select"} == set(CODES), f"{lang}: forms of why for no code"
    for code, params in CODES.items():
        assert placeholders(why[code]) == set(params), f"{lang} why[{code}]: placeholders"
        assert set(params) <= set(VALUES), f"{code}: no way to write {sorted(set(params) - set(VALUES))}"
        text = reason_text(_sample(code), Words(lang))
        assert text and "{" not in text


@pytest.mark.parametrize(("code", "template"), [(code, template) for code, template, _ in POINT_TEXTS + DEVICE_TEXTS])
def test_an_old_files_english_is_its_code_and_reads_as_before(code, template):
    text = _old(template)
    reason = (point_reason if (code, template) in [(c, t) for c, t, _ in POINT_TEXTS] else device_reason)(text)
    assert reason.code == code
    if code in SHOWN:
        assert reason_text(reason, Words("en")) == text


def test_an_old_version_file_with_english_reasons_upgrades_to_codes(tmp_path):
    data = json.loads((ROOT / "tests" / "fixtures" / "results" / "nvidia-h200-default-build.json").read_text())
    assert data["schema_version"] < 4
    data["environment"]["unavailable"] = {"mps": "Python runs under Rosetta 2 (as an x86_64 program) on this "
                                                 "Apple-silicon Mac; MPS needs a native arm64 Python"}
    old = [("unsupported", "MPS supports bfloat16 from macOS 14 on; this is macOS 13",
            Reason.of("mps_bfloat16", macos=13)),
           ("unsupported", "cuda has no timing events", Reason.of("no_events", device="cuda")),
           ("timeout", "stopped at the time limit of 0.5 s per point", Reason.of("timeout", limit_s=0.5)),
           ("out_of_memory", "not tried: inputs need 3.2 GB, more than 45% of the device's 7.1 GB",
            Reason.of("too_big", need_bytes=3_200_000_000, memory_bytes=7_100_000_000, share=0.45))]
    for raw, (status, text, _) in zip(data["points"], old, strict=False):  # the file's first points
        raw.update(status=status, reason=text, median_s=None, samples=[], gflop_s=None, gb_s=None)
    results = load(_file(tmp_path, data))
    assert [p.reason for p in results.points[:len(old)]] == [reason for _, _, reason in old]
    assert results.environment["unavailable"] == {"mps": {"code": "no_mps_rosetta"}}
    # Saved again, it is a file of this version, its reasons the same codes.
    again = load(results.save(tmp_path / "again.json"))
    assert again.schema_version == SCHEMA_VERSION and [p.reason for p in again] == [p.reason for p in results]
    assert upgrade(data) is not data and data["points"][0]["reason"] == old[0][1]  # the old data left as it was


def test_an_unknown_old_reason_is_kept_verbatim_and_shown_as_it_is(tmp_path):
    data = json.loads((ROOT / "tests" / "fixtures" / "results" / "nvidia-h200-default-build.json").read_text())
    note = "RuntimeError: \"addmm\" not implemented for 'Half' <on this one>"
    odd = "a device reason someone <typed> by hand"
    data["points"][0].update(status="error", reason=note, median_s=None, samples=[], gflop_s=None, gb_s=None,
                             suite="matmul")
    data["environment"]["unavailable"] = {"mps": odd}
    results = load(_file(tmp_path, data))
    assert results.points[0].reason == Reason.of("legacy", message=note)
    assert results.environment["unavailable"]["mps"] == {"code": "legacy", "message": odd}
    for lang, failed in (("en", "failed: "), ("id", "gagal: ")):
        words = Words(lang)
        assert f"({failed}{note})" in gaps_sentence(results, words, ("matmul",))
        card = device_card(results, words)
        assert html.escape(odd) in card and odd not in card  # as written, and escaped


def test_old_files_in_the_repository_load_and_say_what_they_said():
    assert FIXTURES, "no file written before version 4 is left to read: this test reads nothing"
    for path in FIXTURES:
        raw = json.loads(path.read_text())
        assert raw["schema_version"] < 4, path
        results = load(path)
        card = device_card(results, Words("en"))
        for kind, text in raw["environment"].get("unavailable", {}).items():
            assert results.environment["unavailable"][kind]["code"] != "legacy", (path, kind)
            assert f"{html.escape(text)}</td>" in card, (path, kind)


def _new_file(tmp_path: Path, change) -> Path:
    results = ResultSet(dict(ENVIRONMENT), [_point(Reason.of("mps_float64"))], label="x")
    data = json.loads(results.to_json())
    change(data)
    return _file(tmp_path, data)


@pytest.mark.parametrize(("change", "field", "words"), [
    (lambda d: d["points"][0]["reason"].update(code="mps_float128"), "points[0].reason.code",
     "unknown reason code 'mps_float128'"),
    (lambda d: d["environment"].update(unavailable={"cuda": {"code": "mps_float64"}}),
     "environment.unavailable.cuda.code", "unknown reason code 'mps_float64'"),
    (lambda d: d["points"][0].update(reason={"code": "mps_bfloat16"}), "points[0].reason.macos",
     "needs its parameter macos"),
    (lambda d: d["points"][0].update(reason={"code": "mps_bfloat16", "macos": "13"}), "points[0].reason.macos",
     "must be a whole number"),
    (lambda d: d["points"][0]["reason"].update(why="no idea"), "points[0].reason.why", "takes no parameter 'why'"),
    (lambda d: d["points"][0].update(reason="MPS has no float64: Metal has no 64-bit floating-point type"),
     "points[0].reason", "is not valid"),
])
def test_an_unknown_code_in_a_new_file_is_refused_in_one_line(tmp_path, capsys, change, field, words):
    path = _new_file(tmp_path, change)
    (problem,) = validate_file(path)
    assert problem.startswith(f"{path}: field {field}: ") and words in problem and "\n" not in problem
    assert cli.main(["validate", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == [problem, "1 file(s) checked: 1 problem(s)"]


def test_a_reason_is_made_only_of_a_known_code_and_its_parameters():
    with pytest.raises(ValueError, match="unknown reason code 'nope'"):
        Reason.of("nope")
    with pytest.raises(ValueError, match="needs its parameter macos"):
        Reason.of("mps_bfloat16")
    with pytest.raises(TypeError, match="Point.reason is a Reason"):
        Point("cpu", "matvec", {"m": 8}, status="error", reason="RuntimeError: boom")


def test_the_csv_holds_the_code_and_its_parameters():
    import csv
    import io

    results = ResultSet(dict(ENVIRONMENT), [_point(Reason.of("mps_bfloat16", macos=13)),
                                            _point(Reason.of("mps_float64"), m=1024)])
    rows = list(csv.DictReader(io.StringIO(results.to_csv())))
    assert [(row["reason"], row["reason_params"]) for row in rows] == [("mps_bfloat16", '{"macos": 13}'),
                                                                       ("mps_float64", "")]


def test_a_copy_of_the_codes_is_the_same_reason():
    reason = _sample("too_big")
    assert copy.deepcopy(reason) == reason and hash(copy.deepcopy(reason)) == hash(reason)
    assert Reason.from_dict(reason.to_dict()) == reason
