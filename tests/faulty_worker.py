"""A measuring worker that fails on purpose at one workload (tests/commands/test_workers.py).

``FAULTY_WORKER=segfault:4194304`` makes the worker kill itself with SIGSEGV
when it reaches a copy of that many values (as a crash inside a driver
would); ``hang:N`` makes it sleep past any time limit instead. Every other
point is measured by the real worker. ``selfcheck:reverse`` makes the worker
that measures the selfcheck in reverse order crash in it instead.
"""

from __future__ import annotations

import os
import signal
import sys
import time

from mpsarticle.measure import child, timing

KIND, _, SIZE = os.environ["FAULTY_WORKER"].partition(":")
real_measure = timing.time_point


def measure(workload, device, *args, **kwargs):
    if workload.params().get("n") == int(SIZE):
        if KIND == "segfault":
            os.kill(os.getpid(), signal.SIGSEGV)
        time.sleep(3600)
    return real_measure(workload, device, *args, **kwargs)


def sample_all(plan, *, reverse=False, **kwargs):
    if reverse:
        os.kill(os.getpid(), signal.SIGSEGV)
    return real_sample_all(plan, reverse=reverse, **kwargs)


if KIND == "selfcheck":
    from mpsarticle.measure import selfcheck

    real_sample_all = selfcheck.sample_all
    selfcheck.sample_all = sample_all
else:
    timing.time_point = measure

if __name__ == "__main__":
    sys.exit(child.main())
