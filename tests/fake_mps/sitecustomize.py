"""A fake Apple GPU for whole runs: with ``MPSARTICLE_TEST_FAKE_MPS`` set, every Python process started with this
folder on ``PYTHONPATH`` (the run and each of its measuring processes) sees a usable ``mps`` device.

Its tensors live on the CPU, where work is done when it is queued, so a
device synchronisation has nothing to wait for and an event records the time
it is recorded. Its events misbehave as PyTorch's tracker reports MPS events
do, chosen by the variable's value:

- ``hang``: an event's ``elapsed_time`` after that event's own
  ``synchronize()`` waits forever (pytorch/pytorch#162872);
- ``reversed``: every fourth interval reads the negative of its length and
  the next one zero (host-callback timestamps out of order,
  pytorch/pytorch#196395).

Python imports ``sitecustomize`` from ``sys.path`` as it starts, which is how
the fake reaches processes the test does not start itself. Nothing here is
imported without the variable, and the package never imports it.
"""

from __future__ import annotations

import os
import threading
import time

MODE = os.environ.get("MPSARTICLE_TEST_FAKE_MPS")


def _install(mode: str) -> None:
    import torch

    import mpsarticle.measure.devices as devices

    counter = [0]

    class FakeMpsEvent:
        def __init__(self, enable_timing: bool = False) -> None:
            self.at: float | None = None
            self.synchronized = False

        def record(self) -> None:
            self.at = time.perf_counter()

        def synchronize(self) -> None:
            self.synchronized = True

        def elapsed_time(self, end: FakeMpsEvent) -> float:
            if mode == "hang" and (self.synchronized or end.synchronized):
                threading.Event().wait()  # forever: what #162872 reports
            assert self.at is not None and end.at is not None, "elapsed_time of an event never recorded"
            found = (end.at - self.at) * 1000.0
            counter[0] += 1
            if mode == "reversed" and counter[0] % 4 == 0:
                return -found
            if mode == "reversed" and counter[0] % 4 == 1 and counter[0] > 1:
                return 0.0
            return found

    torch.backends.mps.is_available = lambda: True
    torch.backends.mps.is_built = lambda: True
    torch.mps.synchronize = lambda: None
    torch.mps.Event = FakeMpsEvent
    torch.mps.empty_cache = lambda: None
    torch.mps.driver_allocated_memory = lambda: 0
    torch.mps.recommended_max_memory = lambda: 8 * 2**30
    original = devices.Device.torch_device.fget
    devices.Device.torch_device = property(  # type: ignore[method-assign]
        lambda self: torch.device("cpu") if self.kind == "mps" else original(self))
    devices._mps_probe = lambda: None


if MODE:
    if MODE not in ("hang", "reversed"):
        raise SystemExit(f"MPSARTICLE_TEST_FAKE_MPS={MODE!r}: hang or reversed")
    _install(MODE)
