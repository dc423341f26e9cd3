"""Results files: round trip, CSV, atomic writes, and every way a file can be refused."""

from __future__ import annotations

import copy
import csv
import io
import json
from pathlib import Path

import pytest

from mpsarticle.core.reasons import Reason
from mpsarticle.measure.environment import environment
from mpsarticle.results.model import SCHEMA_VERSION, Point, ResultSet, ResultsFileError, load


def sample() -> ResultSet:
    points = [
        Point("cpu", "matvec", {"m": 100, "dtype": "float32"}, "engine", median_s=1e-5, iqr_s=1e-7, repeats=3,
              number_per_run=10, samples=[1e-5, 1.1e-5, 0.9e-5], threads=2, flops=2e4, bytes_moved=40800.0,
              rel_error=1e-8, tolerance=1e-3, check="passed", suite="original"),
        Point("cpu", "matmul", {"m": 64, "dtype": "bfloat16"}, "engine", status="unsupported",
              reason=Reason.of("exception", message="RuntimeError: \"addmm\" not implemented for 'BFloat16'")),
        Point("mps", "copy", {"n": 10}, "events", status="out_of_memory",
              reason=Reason.of("exception", message="MPS backend out of memory")),
        Point("mps", "train_step", {"batch": 4, "width": 8}, "naive", status="error",
              reason=Reason.of("exception", message="RuntimeError: boom")),
        Point("mps", "matvec", {"m": 100, "dtype": "float32"}, "engine", median_s=2e-6, iqr_s=0.0, repeats=1,
              number_per_run=1, samples=[2e-6], flops=2e4, bytes_moved=40800.0, rel_error=0.3, tolerance=1e-3,
              check="failed", reason=Reason.of("check_failed", rel_error=0.3, tolerance=1e-3)),
    ]
    return ResultSet(environment=environment(), points=points, profile="quick", label="test machine")


@pytest.fixture
def original():
    return sample()


@pytest.fixture
def saved(tmp_path, original):
    path = tmp_path / "r.json"
    original.save(path)
    return path


def test_round_trip_keeps_every_field(saved, original):
    # The same object that was saved: environment() stamps the time, so a
    # second sample() could differ by a second.
    loaded = load(saved)
    assert [p.to_dict() for p in loaded] == [p.to_dict() for p in original]
    assert loaded.environment == json.loads(json.dumps(original.environment))
    assert (loaded.profile, loaded.label, loaded.schema_version) == ("quick", "test machine", SCHEMA_VERSION)


def test_every_status_survives_and_only_good_points_have_rates(saved):
    loaded = load(saved)
    assert [p.status for p in loaded] == ["ok", "unsupported", "out_of_memory", "error", "ok"]
    assert [p.ok for p in loaded] == [True, False, False, False, False]
    assert loaded.points[0].gflop_s == pytest.approx(2.0)
    assert loaded.points[4].gflop_s is None  # failed its check: never a speed


def test_environment_block_names_machine_software_and_commit():
    env = environment()
    for key in ("os", "cpu", "memory_bytes", "python", "torch", "devices", "date", "git_commit", "mpsarticle"):
        assert key in env


def test_csv_has_a_row_per_point_with_params_and_rates():
    rows = list(csv.DictReader(io.StringIO(sample().to_csv())))
    assert len(rows) == 5
    assert rows[0]["m"] == "100" and rows[0]["dtype"] == "float32" and float(rows[0]["gflop_s"]) == pytest.approx(2.0)
    assert rows[2]["n"] == "10" and rows[2]["status"] == "out_of_memory" and rows[2]["gflop_s"] == ""
    assert "samples" not in rows[0]


def test_atomic_write_leaves_no_temporary_files(tmp_path):
    path = tmp_path / "deep" / "r.json"
    sample().save(path)
    sample().save(path)
    assert [p.name for p in path.parent.iterdir()] == ["r.json"]


def test_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "r.json"
    sample().save(path)
    before = path.read_text()
    broken = sample()
    broken.points[0].median_s = float("nan")  # not allowed in JSON
    with pytest.raises(ValueError):
        broken.save(path)
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["r.json"]


def _mutated(saved, change):
    data = json.loads(saved.read_text())
    change(data)
    saved.write_text(json.dumps(data))
    return saved


def _set(path, value):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def _delete(path):
    def change(data):
        target = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return change


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (_set(["schema_version"], SCHEMA_VERSION + 1), "schema_version"),
        (_set(["schema_version"], "one"), "schema_version"),
        (_set(["schema"], "something else"), "schema"),
        (_delete(["points"]), "(top level)"),
        (_delete(["environment", "torch"]), "environment"),
        (_set(["environment", "cpu"], 42), "environment.cpu"),
        (_set(["points", 0, "median_s"], "fast"), "points[0].median_s"),
        (_set(["points", 0, "median_s"], -1), "points[0].median_s"),
        (_set(["points", 0, "median_s"], 1e308), "points[0].median_s"),
        (_set(["points", 0, "samples"], [1e-5, "x"]), "points[0].samples[1]"),
        (_set(["points", 1, "status"], "fine"), "points[1].status"),
        (_set(["points", 1, "method"], "stopwatch"), "points[1].method"),
        (_delete(["points", 2, "device"]), "points[2]"),
        (_set(["points", 2, "surprise"], 1), "points[2]"),
        (_set(["points", 0, "params"], {"m": [1, 2]}), "points[0].params.m"),
        (_set(["points", 0, "threads"], 0), "points[0].threads"),
        (_set(["label"], "x" * 1000), "label"),
        (_set(["points", 0, "median_s"], None), "points[0].median_s"),
        (_set(["points", 1, "reason"], None), "points[1].reason"),
    ],
)
def test_malformed_files_name_the_file_and_the_field(saved, change, field):
    with pytest.raises(ResultsFileError) as info:
        load(_mutated(saved, change))
    message = str(info.value)
    assert message.startswith(str(saved) + ": field " + field), message
    assert "\n" not in message


def test_newer_schema_says_to_upgrade(saved):
    with pytest.raises(ResultsFileError, match="newer than this mpsarticle reads.*upgrade"):
        load(_mutated(saved, _set(["schema_version"], SCHEMA_VERSION + 1)))


@pytest.mark.parametrize(
    ("text", "words"),
    [("{not json", "not valid JSON"), ('{"median_s": NaN}', "NaN is not allowed"), ("[1, 2]", r"field \(top level\)"),
     ("", "not valid JSON")],
)
def test_unreadable_files(tmp_path, text, words):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(ResultsFileError, match=words) as info:
        load(path)
    assert str(info.value).startswith(str(path))


def test_missing_and_binary_files(tmp_path):
    with pytest.raises(ResultsFileError, match="no such file"):
        load(tmp_path / "nothing.json")
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ResultsFileError, match="cannot be read|not valid JSON"):
        load(binary)


def test_select_and_one():
    results = sample()
    assert len(results.select(device="mps")) == 3
    assert results.one(workload="matvec", device="cpu", m=100).median_s == 1e-5
    assert results.one(workload="fft") is None
    with pytest.raises(LookupError):
        results.one(workload="matvec")
    assert results.devices == ["cpu", "mps"]
    assert copy.deepcopy(results).to_dict() == results.to_dict()


def test_version_1_files_load_with_statistics_from_their_samples(tmp_path):
    # A version-1 file, as the archive held before: samples kept, no statistics fields.
    path = Path(__file__).resolve().parents[2] / "tests/fixtures/results/ci-2core-one-process.json"
    data = json.loads(path.read_text())
    data["schema_version"] = 1
    version_2_fields = ("q1_s", "q3_s", "ci_low_s", "ci_high_s", "outliers", "stable", "wall_s", "timed_s")
    for raw in data["points"]:
        for name in version_2_fields:
            raw.pop(name, None)
    old = tmp_path / "v1.json"
    old.write_text(json.dumps(data))
    results = load(old)
    assert results.schema_version == 1
    good = [p for p in results if p.ok]
    assert good
    for point in good:
        assert point.ci_low_s <= point.median_s <= point.ci_high_s
        assert point.q1_s <= point.median_s <= point.q3_s
        assert min(point.samples) <= point.median_s <= max(point.samples)
        assert isinstance(point.stable, bool) and point.outliers >= 0


def test_saved_files_carry_the_statistics(tmp_path):
    point = Point("cpu", "matvec", {"m": 8, "dtype": "float32"}, samples=[1.0, 2.0, 3.0] * 4, repeats=12,
                  number_per_run=1).summarize()
    environment = {"torch": "x", "python": "3", "os": "L", "cpu": "c", "devices": {}}
    saved = ResultSet(environment, [point]).save(tmp_path / "r.json")
    loaded = load(saved).points[0]
    assert SCHEMA_VERSION == 4 and load(saved).schema_version == 4
    assert (loaded.ci_low_s, loaded.median_s, loaded.ci_high_s, loaded.stable) == (1.0, 2.0, 3.0, False)


#: The archive's files as they were before version 3 (measured on 30 November 2026, each point in one process).
ARCHIVED = sorted((Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "results").glob("*-one-process.json"))


@pytest.mark.parametrize("path", ARCHIVED, ids=lambda p: p.name)
def test_files_before_version_3_load_with_bytes_moved(path, tmp_path):
    raw = json.loads(path.read_text())
    assert raw["schema_version"] < 3 and all("bytes" in point for point in raw["points"])
    results = load(path)
    assert [p.bytes_moved for p in results] == [point["bytes"] for point in raw["points"]]
    assert any(p.gb_s for p in results)
    # Saved again, the file is this version's: bytes_moved, no bytes.
    again = json.loads(results.save(tmp_path / "again.json").read_text())
    assert again["schema_version"] == SCHEMA_VERSION
    assert all("bytes_moved" in point and "bytes" not in point for point in again["points"])
    assert [p.bytes_moved for p in load(tmp_path / "again.json")] == [p.bytes_moved for p in results]


def test_a_version_3_file_with_the_old_name_is_refused(tmp_path):
    data = sample().to_dict()
    data["points"][0]["bytes"] = data["points"][0].pop("bytes_moved")
    (tmp_path / "r.json").write_text(json.dumps(data))
    with pytest.raises(ResultsFileError, match=r"field points\[0\]: .*'bytes'"):
        load(tmp_path / "r.json")


def test_peak_memory_is_recorded_per_point_and_kept(tmp_path):
    from mpsarticle.cli.report import memory_lines
    from mpsarticle.measure.devices import Device
    from mpsarticle.measure.timing import TimingOptions, time_point

    from ..fakes import FakeAsyncDevice, Sleepy

    point = time_point(Sleepy(seconds=1e-4), FakeAsyncDevice(), "engine", TimingOptions(budget_s=0.01))
    assert point.status == "ok" and point.peak_memory_bytes == 1_000_000 and point.driver_memory_bytes is None
    point.params = {"m": 1}  # the fake's float parameter is no real workload's
    results = ResultSet({"torch": "x", "python": "3", "os": "L", "cpu": "c", "devices": {}}, [point])
    assert load(results.save(tmp_path / "r.json")).points[0].peak_memory_bytes == 1_000_000
    (row,) = csv.DictReader(io.StringIO(results.to_csv()))
    assert row["peak_memory_bytes"] == "1000000" and row["driver_memory_bytes"] == ""
    assert memory_lines(results) == ["  fake: peak memory up to 1.0 MB (sleepy(m=1), engine)"]
    # The CPU reports none: the field stays empty rather than holding a guess.
    cpu = time_point(Sleepy(seconds=0), Device("cpu"), "engine", TimingOptions(budget_s=0.01))
    assert cpu.peak_memory_bytes is None and cpu.driver_memory_bytes is None
