"""mpsarticle: honest CPU-vs-accelerator measurements of PyTorch, for a literate article.

The usual entry points::

    import mpsarticle
    results = mpsarticle.run([mpsarticle.MatVec(4096)], ["cpu"])
    results = mpsarticle.measure_once(["original"])   # what the chapters call
"""

from __future__ import annotations

__version__ = "0.1.0"

# Every name is imported on first use (PEP 562), from the layer that defines it:
# importing one folder (say mpsarticle.results, to read a file) never loads
# another, and only the names of mpsarticle.measure import torch.
_PUBLIC = {
    "Point": "results.model", "ResultSet": "results.model", "ResultsFileError": "results.model",
    "load": "results.model",
    "measure_once": "measure.runner", "run": "measure.runner", "run_suites": "measure.runner",
    "Copy": "core.specs", "DeviceUnavailable": "core.specs", "MatMul": "core.specs", "MatVec": "core.specs",
    "TimingOptions": "core.specs", "TrainStep": "core.specs", "Workload": "core.specs",
    "Device": "measure.devices", "available_devices": "measure.devices", "default_device": "measure.devices",
    "get_device": "measure.devices", "time_point": "measure.timing",
}


def __getattr__(name: str):
    if name in _PUBLIC:
        import importlib

        value = getattr(importlib.import_module(f".{_PUBLIC[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)


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
    "measure_once",
    "run",
    "run_suites",
    "time_point",
]
