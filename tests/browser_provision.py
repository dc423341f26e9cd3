"""Find or provision the browser that the browser tests drive (``python -m tests.browser_provision``).

``make test`` runs this before pytest, and the ``chromium`` fixture of
``tests/browser/conftest.py`` calls :func:`provision` again (it then finds what
was provisioned). The first of these that launches headless is used:

1. ``$MPSARTICLE_CHROMIUM``: a Chrome or Chromium executable you name;
2. a system browser: ``/usr/bin/chromium``, ``/usr/bin/chromium-browser``,
   ``/usr/bin/google-chrome`` (and ``-stable``), or Google Chrome on macOS
   (Playwright's ``channel="chrome"``);
3. Playwright's own Chromium, already downloaded or downloaded now by
   ``python -m playwright install chromium`` (bounded by a timeout: without
   general internet access it fails at once or hangs);
4. as root on Debian or Ubuntu, ``apt-get install -y chromium``.

If none works, :data:`NO_BROWSER` says in one line what to install, and the
browser tests fail (they never skip). ``MPSARTICLE_BROWSER_INSTALL=0``
looks without installing (``make test`` sets it for pytest, having already
tried once).

Each candidate is launched once before it is chosen: a binary that exists
but cannot start (missing libraries, a snap wrapper in a container) is
passed over, not reported as found.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

VARIABLE = "MPSARTICLE_CHROMIUM"
INSTALL_VARIABLE = "MPSARTICLE_BROWSER_INSTALL"
SYSTEM_BROWSERS = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome",
                   "/usr/bin/google-chrome-stable")
MAC_CHROME = Path("/Applications/Google Chrome.app/Contents/MacOS/Google Chrome")
#: Playwright's download is about 250 MB; a stalled one must not stall the tests.
PLAYWRIGHT_TIMEOUT_S = 300
APT_TIMEOUT_S = 900
#: Flags for every launch (a container has no sandbox, no GPU and no network to spare).
LAUNCH_ARGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync")
NO_BROWSER = (
    "mpsarticle: no browser for the browser tests: install Chromium (Debian/Ubuntu: "
    "sudo apt-get install chromium) or Google Chrome, or run `.venv/bin/python -m playwright install chromium`, "
    f"or set {VARIABLE} to a Chrome or Chromium executable"
)


class NoBrowser(RuntimeError):
    """No browser could be found or provisioned; the message is one line saying what to install."""


@dataclass(frozen=True)
class Browser:
    """A browser Playwright can launch, and how it was found."""

    how: str
    #: Keyword arguments for ``playwright.chromium.launch`` (besides headless and args).
    launch: dict[str, Any] = field(default_factory=dict)

    def describe(self) -> str:
        where = self.launch.get("executable_path") or self.launch.get("channel")
        return f"{self.how}: {where}" if where else self.how


Launches = Callable[[Browser], "str | None"]
Runner = Callable[[list[str], float], bool]


def launch_problem(browser: Browser) -> str | None:
    """``None`` if the browser starts headless and closes, else why not (one line)."""
    from playwright.sync_api import Error, sync_playwright

    try:
        with sync_playwright() as playwright:
            playwright.chromium.launch(headless=True, args=list(LAUNCH_ARGS), timeout=60_000,
                                       **browser.launch).close()
    except Error as exc:
        return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return None


def run_command(command: list[str], timeout: float) -> bool:
    """Run an installer with its output on the terminal; True if it finished with status 0 in time."""
    print(f"mpsarticle: trying {' '.join(command)}", file=sys.stderr, flush=True)
    try:
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        return subprocess.run(command, timeout=timeout, check=False, env=env,
                              stdout=sys.stderr, stderr=sys.stderr).returncode == 0
    except (OSError, subprocess.SubprocessError) as exc:
        print(f"mpsarticle: {' '.join(command[:3])}: {type(exc).__name__}", file=sys.stderr)
        return False


def _installed() -> Iterator[Browser]:
    """Browsers present without installing anything, in the order of preference."""
    for path in SYSTEM_BROWSERS:
        if os.access(path, os.X_OK):
            yield Browser("system browser", {"executable_path": path})
    if sys.platform == "darwin" and MAC_CHROME.exists():
        yield Browser("Google Chrome", {"channel": "chrome"})
    yield Browser("Playwright's Chromium")


def _can_apt() -> bool:
    return (hasattr(os, "geteuid") and os.geteuid() == 0 and Path("/etc/debian_version").exists()
            and shutil.which("apt-get") is not None)


def provision(*, install: bool | None = None, launches: Launches = launch_problem,
              run: Runner = run_command) -> Browser:
    """The first browser that launches (see the module notes), installing one if allowed; else :class:`NoBrowser`."""
    if install is None:
        install = os.environ.get(INSTALL_VARIABLE, "1") != "0"
    named = os.environ.get(VARIABLE)
    if named:
        browser = Browser(f"${VARIABLE}", {"executable_path": named})
        problem = launches(browser) if os.access(named, os.X_OK) else "not an executable file"
        if problem:
            raise NoBrowser(f"mpsarticle: {VARIABLE}={named} cannot be used: {problem}")
        return browser
    for browser in _installed():
        if launches(browser) is None:
            return browser
    if install:
        attempts = [("Playwright's Chromium, downloaded now",
                     [[sys.executable, "-m", "playwright", "install", "chromium"]], PLAYWRIGHT_TIMEOUT_S)]
        if _can_apt():
            attempts.append(("Debian's Chromium, installed now",
                             [["apt-get", "-o", "DPkg::Lock::Timeout=300", "update"],
                              ["apt-get", "-o", "DPkg::Lock::Timeout=300", "install", "-y", "chromium"]],
                             APT_TIMEOUT_S))
        for how, commands, timeout in attempts:
            if all(run(command, timeout) for command in commands):
                for browser in _installed():
                    if launches(browser) is None:
                        return Browser(how, browser.launch)
    raise NoBrowser(NO_BROWSER)


def main(find: Callable[[], Browser] = provision) -> int:
    """Print how the browser was found, or the one line saying what to install (status 1)."""
    try:
        browser = find()
    except NoBrowser as exc:
        print(exc, file=sys.stderr)
        return 1
    print(f"mpsarticle: browser for the tests: {browser.describe()}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
