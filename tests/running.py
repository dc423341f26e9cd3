"""A command run in a real subprocess, watched while it runs: for tests that send signals."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Longest a test waits for a sign of progress (torch's import alone takes seconds on a busy machine).
PATIENCE_S = 180.0


class Running:
    """``python -m mpsarticle ARGS`` (or ``python -c CODE ARGS``), its stderr read as it comes."""

    def __init__(self, *args: str, code: str | None = None, env: dict[str, str] | None = None,
                 cwd: Path | None = None) -> None:
        command = [sys.executable, *(["-c", code] if code is not None else ["-m", "mpsarticle"]), *args]
        environment = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd or ROOT,
                                        env=environment)
        self._err: list[bytes] = []
        self._out: list[bytes] = []
        self._readers = [threading.Thread(target=self._read, args=(self.process.stderr, self._err), daemon=True),
                         threading.Thread(target=self._read, args=(self.process.stdout, self._out), daemon=True)]
        for reader in self._readers:
            reader.start()

    @staticmethod
    def _read(stream, into: list[bytes]) -> None:
        for chunk in iter(lambda: stream.read1(4096), b""):
            into.append(chunk)

    @property
    def stderr(self) -> str:
        return b"".join(self._err).decode("utf-8", "replace")

    @property
    def stdout(self) -> str:
        return b"".join(self._out).decode("utf-8", "replace")

    def wait_for(self, pattern: str, timeout: float = PATIENCE_S) -> re.Match[str]:
        """Poll stderr until ``pattern`` appears; fail if the process ends or time runs out first."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = re.search(pattern, self.stderr)
            if found:
                return found
            if self.process.poll() is not None:
                time.sleep(0.2)  # let the readers drain
                found = re.search(pattern, self.stderr)
                if found:
                    return found
                raise AssertionError(f"ended ({self.process.returncode}) before {pattern!r} appeared:\n"
                                     f"{self.stderr[-3000:]}")
            time.sleep(0.05)
        self.process.kill()
        raise AssertionError(f"{pattern!r} did not appear within {timeout} s:\n{self.stderr[-3000:]}")

    def wait_for_first_point(self) -> None:
        """Until the progress bar shows a point measured ("1/37 [" or more)."""
        self.wait_for(r"\b[1-9]\d*/\d+ \[")

    def signal(self, signum: int = signal.SIGINT) -> None:
        self.process.send_signal(signum)

    def finish(self, timeout: float = PATIENCE_S) -> int:
        code = self.process.wait(timeout)
        for reader in self._readers:
            reader.join(5)
        return code
