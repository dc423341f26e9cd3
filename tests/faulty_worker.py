"""A measuring worker that fails on purpose at one workload (tests/commands/test_workers.py).

``FAULTY_WORKER=segfault:4194304`` makes the worker kill itself with SIGSEGV
when it reaches a copy of that many values (as a crash inside a driver
would); ``hang:N`` makes it sleep past any time limit instead. Every other
point is measured by the real worker.
"""

from __future__ import annotations

import os
import signal
import sys
import time

from mpsarticle.measure import timing, worker

KIND, _, SIZE = os.environ["FAULTY_WORKER"].partition(":")
real_measure = timing.measure


def measure(workload, device, *args, **kwargs):
    if workload.params().get("n") == int(SIZE):
        if KIND == "segfault":
            os.kill(os.getpid(), signal.SIGSEGV)
        time.sleep(3600)
    return real_measure(workload, device, *args, **kwargs)


timing.measure = measure

if __name__ == "__main__":
    sys.exit(worker.main())
