"""Runs: plans, measured once per build, progress on the real stderr, memory guard."""

from __future__ import annotations

import pytest

from mpsarticle import config
from mpsarticle.core import profiles
from mpsarticle.core.specs import MatVec
from mpsarticle.measure import loop, runner
from mpsarticle.measure.devices import Device
from mpsarticle.measure.mlx import MlxDevice
from mpsarticle.measure.timing import TimingOptions
from mpsarticle.results.model import ResultSet

CPU = Device("cpu")


def test_run_measures_each_workload_device_and_method():
    results = runner.run([MatVec(32), MatVec(64)], ["cpu"], methods=("naive", "engine"),
                         options=TimingOptions(budget_s=0.02), progress=False)
    assert [(p.params["m"], p.method) for p in results] == [(32, "naive"), (32, "engine"), (64, "naive"),
                                                            (64, "engine")]
    assert all(p.status == "ok" and p.device == "cpu" for p in results)
    assert results.environment["torch"]


def test_plans_cover_every_suite_and_profile():
    assert set(profiles.PROFILES) >= {"quick", "default", "full"}, profiles.PROFILES
    for name in profiles.PROFILES:
        tasks = profiles.plan(list(profiles.SUITES), name, [CPU])
        suites = {task.suite for task in tasks}
        # MLX's suite plans on MLX's devices only, and PyTorch's suites never there.
        assert suites == set(profiles.SUITES) - {"mlx"}
        beside = profiles.plan(list(profiles.SUITES), name, [CPU, MlxDevice("mlx-cpu")])
        assert {t.suite for t in beside if t.device.name == "mlx-cpu"} == {"mlx"}
        assert {t.workload.kind for t in beside if t.suite == "mlx"} == {"matvec", "matmul", "decode"}
        original = [t for t in tasks if t.suite == "original"]
        assert sorted({t.workload.m for t in original}) == list(profiles.ORIGINAL_SIZES)
        assert {t.method for t in original} == {"naive", "engine"}
        # Events only where the device has them.
        assert not [t for t in tasks if t.method == "events"]


def test_accelerators_get_larger_sizes_and_events():
    tasks = profiles.plan(["matvec"], "full", [Device("cuda")])
    sizes = {t.workload.m for t in tasks}
    assert {1024, 4096, 8192, 16384, 32768} <= sizes
    assert {t.method for t in tasks} == {"naive", "engine", "events"}
    on_the_cpu = profiles.plan(["matvec"], "full", [Device("cpu")])
    assert 32768 not in {t.workload.m for t in on_the_cpu}
    assert "events" not in {t.method for t in on_the_cpu}


def test_unknown_suite_or_profile():
    with pytest.raises(ValueError, match="unknown suite 'fft'"):
        profiles.plan(["fft"], "quick", [CPU])
    with pytest.raises(ValueError, match="unknown profile"):
        profiles.plan(["copy"], "huge", [CPU])


def _count_runs(monkeypatch):
    calls = []

    def fake(suites, profile, devices=None, *, progress=True, label=None, rescue_to=None, keep_journal=False,
             selfcheck_to=None):
        calls.append((tuple(suites), profile))
        return ResultSet(environment={"torch": "x", "python": "3", "os": "o", "cpu": "c", "devices": {}},
                         profile=profile)

    monkeypatch.setattr(runner, "run_suites", fake)
    return calls


def test_measured_once_per_build(monkeypatch, tmp_path):
    calls = _count_runs(monkeypatch)
    monkeypatch.setenv("MPSARTICLE_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("MPSARTICLE_BUILD_ID", "build-1")
    first = runner.measure_once(["copy"], "quick")
    second = runner.measure_once(["copy"], "quick")  # the other language's chapter
    assert len(calls) == 1 and second.to_dict() == first.to_dict()
    monkeypatch.setenv("MPSARTICLE_BUILD_ID", "build-2")  # a new make html
    runner.measure_once(["copy"], "quick")
    assert len(calls) == 2
    runner.measure_once(["copy"], "default")  # another profile is another measurement
    assert len(calls) == 3


def test_without_a_build_id_every_call_measures(monkeypatch, tmp_path):
    calls = _count_runs(monkeypatch)
    monkeypatch.delenv("MPSARTICLE_BUILD_ID", raising=False)
    monkeypatch.setenv("MPSARTICLE_CACHE_DIR", str(tmp_path))
    runner.measure_once(["copy"], "quick")
    runner.measure_once(["copy"], "quick")
    assert len(calls) == 2 and not any(tmp_path.iterdir())


def test_profile_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("MPSARTICLE_PROFILE", "quick")
    assert profiles.current_profile() == "quick"
    monkeypatch.setenv("MPSARTICLE_PROFILE", "nonsense")
    with pytest.raises(ValueError, match="unknown profile"):
        profiles.current_profile()


def test_progress_goes_to_the_real_stderr_not_the_captured_one(capfd, monkeypatch):
    import io
    import sys

    captured = io.StringIO()
    monkeypatch.setattr(sys, "stderr", captured)  # what a notebook kernel does to stderr
    runner.run([MatVec(16)], ["cpu"], options=TimingOptions(budget_s=0.01), progress=True)
    assert captured.getvalue() == ""
    assert "mpsarticle" in capfd.readouterr().err


def test_points_too_big_for_memory_are_not_tried(monkeypatch):
    monkeypatch.setattr(Device, "describe", lambda self: {"memory_bytes": 1000})
    task = profiles.Task("custom", MatVec(1000), CPU, "engine", TimingOptions())
    results = loop.run_tasks([task], progress=False)
    point = results.points[0]
    assert point.status == "out_of_memory" and point.reason.code == "too_big"


def test_a_second_gpu_has_its_own_name():
    assert Device("cuda", 1).name == "cuda:1" and Device("cuda").name == "cuda"


def test_the_measurements_go_where_the_project_says(tmp_path, monkeypatch):
    from mpsarticle.config import SettingNotFound

    monkeypatch.delenv("MPSARTICLE_CACHE_DIR", raising=False)
    monkeypatch.chdir(tmp_path)  # as an installed package sees it: no checkout above
    with pytest.raises(SettingNotFound, match="no folder for the build's measurements: .* set MPSARTICLE_CACHE_DIR"):
        config.cache_dir()
    (tmp_path / "pyproject.toml").write_text('[tool.mpsarticle]\nmeasurements = "out/m"\n')
    (tmp_path / "docs").mkdir()
    monkeypatch.chdir(tmp_path / "docs")
    assert config.cache_dir() == tmp_path / "out" / "m"
    monkeypatch.setenv("MPSARTICLE_CACHE_DIR", str(tmp_path / "elsewhere"))
    assert config.cache_dir() == tmp_path / "elsewhere"
