"""A real failed allocation in a measuring subprocess: recorded as out_of_memory, and the run goes on.

The fakes of CUDA, MPS and CPU failures are tests/unit/test_memory.py's.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from ..running import ROOT


def test_cpu_memory_really_running_out(tmp_path):
    """A real failed allocation: the address space limited to 1 GiB more than in use."""
    pytest.importorskip("resource")
    if not sys.platform.startswith("linux"):
        pytest.skip("reads /proc/self/status")
    code = """
import re, resource
from mpsarticle.measure import runner
from mpsarticle.measure.timing import TimingOptions
from mpsarticle.core.specs import MatMul, MatVec
in_use = int(re.search(r"VmSize:\\s+(\\d+) kB", open("/proc/self/status").read()).group(1)) * 1024
resource.setrlimit(resource.RLIMIT_AS, (in_use + (1 << 30), resource.RLIM_INFINITY))
results = runner.run([MatMul(20000), MatVec(64)], ["cpu"], options=TimingOptions(budget_s=0.05), progress=False)
print([p.status for p in results], results.points[0].reason)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("['out_of_memory', 'ok'] ") and "can't allocate memory" in done.stdout
