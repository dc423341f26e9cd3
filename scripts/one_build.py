"""Run a command (the site build) while holding the build's lock, so that two builds in one checkout never delete
each other's measurements: ``python scripts/one_build.py LOCKED_PATH COMMAND...``. A second build started
meanwhile prints one line naming the first and exits 2 (mpsarticle.results.lock)."""

from __future__ import annotations

import subprocess
import sys

from mpsarticle.errors import MpsarticleError
from mpsarticle.results.lock import holding


def main(argv: list[str]) -> int:
    target, *command = argv
    try:
        with holding(target, "build", "wait for it to finish (make html builds one site at a time)"):
            return subprocess.call(command)
    except MpsarticleError as exc:
        print(f"make html: {exc}", file=sys.stderr)
        return exc.exit_status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
