"""mpsarticle: honest CPU-vs-accelerator measurements of PyTorch, for a literate article.

The usual entry points::

    import mpsarticle
    results = mpsarticle.run([mpsarticle.MatVec(4096)], ["cpu"])
    results = mpsarticle.measure_once(["original"])   # what the chapters call
"""

from __future__ import annotations

__version__ = "0.1.0"

from .devices import Device, DeviceUnavailable, available_devices, default_device, get_device
from .results import Point, ResultSet, ResultsFileError, load
from .runner import measure_once, run, run_suites
from .timing import TimingOptions, measure
from .workloads import Copy, MatMul, MatVec, TrainStep, Workload

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
