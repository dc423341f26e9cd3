"""mpsarticle: honest CPU-vs-accelerator measurements of PyTorch, for a literate article.

The usual entry points::

    import mpsarticle
    results = mpsarticle.run([mpsarticle.MatVec(4096)], ["cpu"])
    results = mpsarticle.measure_once(["original"])   # what the chapters call
"""

from __future__ import annotations

__version__ = "0.1.0"

from .results import Point, ResultSet, ResultsFileError, load
from .runner import measure_once, run, run_suites
from .specs import Copy, DeviceUnavailable, MatMul, MatVec, TimingOptions, TrainStep, Workload

# Devices and timing import torch: they are imported on first use (PEP 562),
# so that reading results (the article's text, tables and figures) never does.
_MEASURING = {"Device": "devices", "available_devices": "devices", "default_device": "devices",
              "get_device": "devices", "measure": "timing"}


def __getattr__(name: str):
    if name in _MEASURING:
        import importlib

        value = getattr(importlib.import_module(f".{_MEASURING[name]}", __name__), name)
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
