"""Check that this Python can build the article; run by `make` before it creates or uses .venv.

Prints nothing and exits 0 when all is well; otherwise one line saying what
to install, and exit status 1. Written for any Python 3 (no f-strings, no
newer syntax), because its job is to explain an old one rather than fail
with a SyntaxError.

- Python 3.10 or later (pyproject.toml's requires-python);
- on a Mac with Apple silicon, a native arm64 Python: under Rosetta 2 (an
  x86_64 Python) PyTorch has no MPS backend, so the article would measure
  only an emulated CPU;
- on a Mac, macOS 14 or later: PyTorch's MPS backend needs it
  (pytorch/pytorch#163515), and on an older macOS the article would measure
  the CPU alone;
- the venv module able to install pip (Debian and Ubuntu ship it apart, as
  the package python3-venv).
"""

import importlib.util
import platform
import subprocess
import sys

MINIMUM = (3, 10)
#: The oldest macOS whose MPS backend the pinned PyTorch runs (pytorch/pytorch#163515; the message
#: pytorch/pytorch#177819 quotes).
MACOS_MINIMUM = (14, 0)


def _sysctl(name):
    try:
        return subprocess.run(["sysctl", "-n", name], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              universal_newlines=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def under_rosetta():
    """True for a translated (x86_64) process on an Apple-silicon Mac."""
    if sys.platform != "darwin":
        return False
    if _sysctl("sysctl.proc_translated") == "1":
        return True
    # Where proc_translated cannot be read: an x86_64 Python on arm64 hardware is translated.
    return platform.machine() == "x86_64" and _sysctl("hw.optional.arm64") == "1"


def macos_version():
    """macOS's version as a tuple of ints, or None off macOS or where it cannot be read."""
    if sys.platform != "darwin":
        return None
    found = platform.mac_ver()[0]
    try:
        return tuple(int(part) for part in found.split(".")) if found else None
    except ValueError:
        return None


def problem():
    """The one line describing what is wrong with this Python, or None."""
    here = "{0} ({1})".format(sys.executable or "python3", platform.python_version())
    if sys.version_info[:2] < MINIMUM:
        return ("make: {0} is too old: mpsarticle needs Python {1}.{2} or later; install a newer Python "
                "(python.org, Homebrew or your package manager) and run make PYTHON=/path/to/python3").format(
                    here, MINIMUM[0], MINIMUM[1])
    if under_rosetta():
        return ("make: {0} runs under Rosetta 2 (x86_64 on Apple silicon), where PyTorch has no MPS backend; "
                "install a native arm64 Python (the python.org installer or Homebrew in /opt/homebrew), "
                "remove .venv, and run make PYTHON=/path/to/python3").format(here)
    macos = macos_version()
    if macos is not None and macos[:2] < MACOS_MINIMUM:
        return ("make: this Mac runs macOS {0}; PyTorch's MPS backend needs macOS {1}.{2} or later, so the "
                "article would measure the CPU alone: update macOS (System Settings, General, Software "
                "Update), then run make again").format(".".join(str(p) for p in macos), *MACOS_MINIMUM)
    if any(importlib.util.find_spec(name) is None for name in ("venv", "ensurepip")):
        return ("make: {0} cannot create a virtual environment with pip; on Debian or Ubuntu install it "
                "with sudo apt-get install python3-venv").format(here)
    return None


if __name__ == "__main__":
    found = problem()
    if found:
        sys.stderr.write(found + "\n")
        sys.exit(1)
