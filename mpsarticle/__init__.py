"""mpsarticle: honest CPU-vs-accelerator measurements of PyTorch, for a literate article.

The usual entry points::

    import mpsarticle
    results = mpsarticle.run([mpsarticle.MatVec(4096)], ["cpu"])
    results = mpsarticle.measure_once(["original"])   # what the chapters call
"""

from __future__ import annotations

__version__ = "0.1.0"

# The public names are imported on first use (PEP 562): loading and drawing
# results needs no torch, and importing torch costs seconds in every chapter.
_EXPORTS = {
    "Device": "devices", "DeviceUnavailable": "devices", "available_devices": "devices",
    "default_device": "devices", "get_device": "devices",
    "Point": "results", "ResultSet": "results", "ResultsFileError": "results", "load": "results",
    "measure_once": "runner", "run": "runner", "run_suites": "runner",
    "TimingOptions": "timing", "measure": "timing",
    "Copy": "workloads", "MatMul": "workloads", "MatVec": "workloads", "TrainStep": "workloads", "Workload": "workloads",
}


def __getattr__(name: str):
    if name in _EXPORTS:
        import importlib

        value = getattr(importlib.import_module(f".{_EXPORTS[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "Copy",
    "Device",
    "DeviceUnavailable",
    "MatMul",
    "MatVec",
    "Point",
    "ResultSet",
    "ResultsFileError",
    "TimingOptions",
    "TrainStep",
    "Workload",
    "__version__",
    "available_devices",
    "default_device",
    "get_device",
    "load",
    "measure",
    "measure_once",
    "run",
    "run_suites",
]
