"""Device discovery, synchronisation and description, with fakes standing in for CUDA and MPS."""

from __future__ import annotations

import json

import pytest
import torch

from mpsarticle.core.host import logical_cpu_count
from mpsarticle.measure import devices
from mpsarticle.measure.devices import Device, DeviceUnavailable
from mpsarticle.measure.environment import describe_machine


class Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def __call__(self, *args, **kwargs):
        self.calls.append((args, kwargs))


@pytest.fixture
def fake_mps(monkeypatch):
    """MPS reports itself available and its test kernel works; every MPS call is recorded."""
    monkeypatch.setattr(torch.backends.mps, "is_available", lambda: True)
    monkeypatch.setattr(devices, "_mps_probe", lambda: None)
    recorded = {name: Recorder() for name in ("synchronize", "empty_cache")}
    for name, recorder in recorded.items():
        monkeypatch.setattr(torch.mps, name, recorder)
    events = []

    class Event:
        def __init__(self, enable_timing=False):
            events.append(enable_timing)

    monkeypatch.setattr(torch.mps, "Event", Event)
    monkeypatch.setattr(torch.mps, "driver_allocated_memory", lambda: 12345)
    recorded["events"] = events
    return recorded


@pytest.fixture
def fake_cuda(monkeypatch):
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "device_count", lambda: 2)
    recorded = {"synchronize": Recorder(), "empty_cache": Recorder()}
    monkeypatch.setattr(torch.cuda, "synchronize", recorded["synchronize"])
    monkeypatch.setattr(torch.cuda, "empty_cache", recorded["empty_cache"])
    events = []

    class Event:
        def __init__(self, enable_timing=False):
            events.append(enable_timing)

    monkeypatch.setattr(torch.cuda, "Event", Event)
    recorded["reset_peak_memory_stats"] = Recorder()
    monkeypatch.setattr(torch.cuda, "reset_peak_memory_stats", recorded["reset_peak_memory_stats"])
    monkeypatch.setattr(torch.cuda, "max_memory_allocated", lambda index: 999)
    monkeypatch.setattr(torch.cuda, "init", lambda: None)
    recorded["events"] = events
    return recorded


def test_cpu_always_exists_and_is_last():
    found = devices.available_devices()
    assert found[-1] == Device("cpu")
    assert devices.get_device("cpu").torch_device == torch.device("cpu")


def test_default_prefers_mps_then_cuda_then_cpu(fake_mps, fake_cuda):
    assert [d.kind for d in devices.available_devices()] == ["mps", "cuda", "cpu"]
    assert devices.default_device().kind == "mps"


def test_default_is_cuda_without_mps(fake_cuda, monkeypatch):
    monkeypatch.setattr(torch.backends.mps, "is_available", lambda: False)
    assert devices.default_device().kind == "cuda"


def test_default_is_cpu_without_accelerators(monkeypatch):
    monkeypatch.setattr(torch.backends.mps, "is_available", lambda: False)
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    assert devices.default_device() == Device("cpu")


def test_mps_synchronize_calls_torch_mps(fake_mps):
    device = devices.get_device("mps")
    device.synchronize()
    assert len(fake_mps["synchronize"].calls) == 1
    timer = device.synchronized_timer()
    timer()
    timer()
    assert len(fake_mps["synchronize"].calls) == 3


def test_cuda_synchronize_calls_torch_cuda_for_that_device(fake_cuda):
    device = devices.get_device("cuda:1")
    device.synchronize()
    device.synchronized_timer()()
    assert fake_cuda["synchronize"].calls == [((1,), {}), ((1,), {})]


def test_cpu_timer_does_not_synchronise_accelerators(fake_cuda, fake_mps):
    Device("cpu").synchronized_timer()()
    Device("cpu").synchronize()
    assert fake_cuda["synchronize"].calls == [] and fake_mps["synchronize"].calls == []


def test_events_are_made_by_the_measured_backend(fake_cuda, fake_mps):
    assert Device("cpu").new_event() is None
    Device("mps").new_event()
    assert fake_mps["events"] == [True] and fake_cuda["events"] == []
    Device("cuda").new_event()
    assert fake_cuda["events"] == [True]


def test_memory_record_per_backend(fake_cuda, fake_mps):
    for kind in ("cpu", "mps", "cuda"):
        Device(kind).start_memory_record()
    # CUDA's peak counter is reset before the point; MPS's cached blocks
    # are given back, so the driver's figure after is this point's.
    assert len(fake_cuda["reset_peak_memory_stats"].calls) == 1 and len(fake_mps["empty_cache"].calls) == 1
    assert Device("cpu").memory_record() == {}
    assert Device("mps").memory_record() == {"driver_memory_bytes": 12345}
    assert Device("cuda").memory_record() == {"peak_memory_bytes": 999}


def test_the_memory_record_works_as_the_first_call_of_a_fresh_process(fake_cuda, monkeypatch):
    """CUDA's memory statistics exist only once CUDA is initialised (lazily, at the first tensor): reading them
    first failed with "Invalid device argument", the first call of every fresh worker process."""
    started = []

    def reset(index):
        if not started:
            raise RuntimeError("Invalid device argument : did you call init?")
        fake_cuda["reset_peak_memory_stats"](index)

    monkeypatch.setattr(torch.cuda, "init", lambda: started.append(True))
    monkeypatch.setattr(torch.cuda, "reset_peak_memory_stats", reset)
    Device("cuda").start_memory_record()
    assert started and len(fake_cuda["reset_peak_memory_stats"].calls) == 1


def test_mps_that_reports_available_but_fails_is_unavailable(monkeypatch):
    monkeypatch.setattr(torch.backends.mps, "is_available", lambda: True)
    # The real probe runs a kernel on "mps", which fails on this machine: the
    # case of a virtual Mac that claims MPS but cannot run it.
    with pytest.raises(DeviceUnavailable, match="mps_probe_failed") as info:
        devices.get_device("mps")
    assert "\n" not in str(info.value)
    assert devices.unavailable_reasons()["mps"].code == "mps_probe_failed"
    assert "mps" not in [d.kind for d in devices.available_devices()]


def test_unknown_and_missing_devices_give_one_line_errors(monkeypatch):
    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    for name, words in [("tpu", "unknown device"), ("cuda", "not usable"), ("cuda:x", "whole number")]:
        with pytest.raises(DeviceUnavailable, match=words) as info:
            devices.get_device(name)
        assert "\n" not in str(info.value)


def test_cuda_index_beyond_count(fake_cuda):
    with pytest.raises(DeviceUnavailable, match="2 CUDA device"):
        devices.get_device("cuda:5")


def test_mps_fallback_is_detected_and_recorded(fake_mps, monkeypatch):
    monkeypatch.setenv("PYTORCH_ENABLE_MPS_FALLBACK", "1")
    assert devices.mps_fallback_enabled()
    assert Device("mps").describe()["fallback_to_cpu"] is True
    assert describe_machine()["mps_fallback_to_cpu"] is True
    monkeypatch.delenv("PYTORCH_ENABLE_MPS_FALLBACK")
    assert describe_machine()["mps_fallback_to_cpu"] is False


def test_machine_description_is_json_and_complete():
    machine = describe_machine()
    json.dumps(machine)
    for key in ("os", "arch", "cpu", "logical_cores", "memory_bytes", "python", "torch", "devices", "unavailable"):
        assert key in machine
    cpu = machine["devices"]["cpu"]
    assert cpu["threads_used"] == logical_cpu_count() >= 1
    assert machine["torch"] == torch.__version__
    assert set(machine["unavailable"]) <= {"mps", "cuda"}
