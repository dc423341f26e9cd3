"""One run per output file: a second run on the same --out exits 2 with one line and touches nothing of the first."""

from __future__ import annotations

import json
import time

from mpsarticle.results.lock import lock_path
from mpsarticle.results.model import load

from ..running import Running

SLOW = ["--suite", "original", "--suite", "matvec", "--profile", "quick", "--device", "cpu"]


def test_a_second_run_on_the_same_out_exits_2_and_the_first_completes(tmp_path):
    out = tmp_path / "same.json"
    first = Running("run", *SLOW, "--out", str(out))
    first.wait_for_first_point()
    journal = out.with_name(out.name + ".journal").read_bytes()
    second = Running("run", *SLOW, "--out", str(out))
    assert second.finish() == 2
    lines = [line for line in second.stderr.splitlines() if line.strip()]
    assert lines == [f"mpsarticle: error: another run (process {first.process.pid}) is writing {out}; wait for it "
                     f"to finish, or choose another output"], second.stderr
    # The second run wrote nothing: the first's journal only grew, and the first finishes whole.
    assert out.with_name(out.name + ".journal").read_bytes().startswith(journal)
    assert first.finish() == 0, first.stderr
    saved = load(out)
    assert len(saved) > 0 and all(p.status == "ok" for p in saved)
    assert json.loads(out.read_text())["points"]
    # The lock goes with its process: a third run on the same file may start.
    assert lock_path(out).exists()
    third = Running("run", *SLOW, "--out", str(out))
    assert third.finish() == 0, third.stderr


def test_a_second_site_build_exits_2_with_one_line_while_the_first_goes_on(tmp_path):
    """make html runs its build under scripts/one_build.py: a second build meanwhile names the first and stops."""
    folder = tmp_path / "measurements"
    marker = tmp_path / "first-done"
    first = Running(str(folder), "python3", "-c", f"import time, pathlib; time.sleep(3); "
                    f"pathlib.Path({str(marker)!r}).write_text('ok')", code=_ONE_BUILD)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # until the first holds the lock (it writes its process id once it does)
        if lock_path(folder).exists() and lock_path(folder).read_text().strip() == str(first.process.pid):
            break
        time.sleep(0.05)
    second = Running(str(folder), "true", code=_ONE_BUILD)
    assert second.finish() == 2
    assert second.stderr.strip().splitlines() == [
        f"make html: another build (process {first.process.pid}) is writing {folder}; wait for it to finish (make "
        f"html builds one site at a time)"], second.stderr
    assert first.finish() == 0 and marker.read_text() == "ok"


#: scripts/one_build.py run as a program (Running runs ``python -c CODE ARGS``).
_ONE_BUILD = ("import runpy, sys; sys.argv[0] = 'scripts/one_build.py'; "
              "runpy.run_path('scripts/one_build.py', run_name='__main__')")
