"""Browser provisioning for the browser tests: the order of the ways, and the one line when none works.

No real browser is launched or installed here: ``launches`` and ``run`` are stand-ins recording what
provisioning tried (the browser tests, tests/browser/, drive the real one).
"""

from __future__ import annotations

import time

import pytest

from .. import browser_provision as bp


@pytest.fixture
def bare(monkeypatch, tmp_path):
    """A Linux machine with no browser, no variable set, not root."""
    monkeypatch.delenv(bp.VARIABLE, raising=False)
    monkeypatch.delenv(bp.INSTALL_VARIABLE, raising=False)
    monkeypatch.setattr(bp, "SYSTEM_BROWSERS", (str(tmp_path / "usr-bin-chromium"),))
    monkeypatch.setattr(bp, "MAC_CHROME", tmp_path / "Google Chrome")
    monkeypatch.setattr(bp.sys, "platform", "linux")
    monkeypatch.setattr(bp, "_can_apt", lambda: False)
    return tmp_path


def _executable(path):
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return path


class Machine:
    """Records installs; a browser launches once it exists (a system path) or once Playwright downloaded it."""

    def __init__(self, *, playwright_downloads: bool = False, apt_works: bool = False, system=None):
        self.commands: list[list[str]] = []
        self.playwright_downloads, self.apt_works, self.system = playwright_downloads, apt_works, system
        self.downloaded = False

    def run(self, command: list[str], timeout: float) -> bool:
        self.commands.append(command)
        assert timeout > 0
        if "playwright" in command:
            self.downloaded = self.playwright_downloads
            return self.playwright_downloads
        if command[-1] == "chromium" and self.apt_works:
            _executable(self.system)
        return self.apt_works

    def launches(self, browser: bp.Browser) -> str | None:
        path = browser.launch.get("executable_path")
        if path:
            return None if bp.os.access(path, bp.os.X_OK) else "no such file"
        if browser.launch.get("channel"):
            return None
        return None if self.downloaded else "Executable doesn't exist"


def test_a_named_executable_comes_first(bare, monkeypatch):
    named = _executable(bare / "my-chrome")
    _executable(bare / "usr-bin-chromium")
    monkeypatch.setenv(bp.VARIABLE, str(named))
    machine = Machine()
    found = bp.provision(launches=machine.launches, run=machine.run)
    assert found.launch == {"executable_path": str(named)} and found.how == f"${bp.VARIABLE}"


def test_a_named_executable_that_does_not_work_is_an_error_not_ignored(bare, monkeypatch):
    monkeypatch.setenv(bp.VARIABLE, str(bare / "nothing-here"))
    with pytest.raises(bp.NoBrowser) as error:
        bp.provision(launches=Machine().launches, run=Machine().run)
    assert str(error.value) == (f"mpsarticle: {bp.VARIABLE}={bare / 'nothing-here'} cannot be used: "
                                "not an executable file")


def test_a_system_browser_comes_before_any_install(bare):
    _executable(bare / "usr-bin-chromium")
    machine = Machine(playwright_downloads=True)
    found = bp.provision(launches=machine.launches, run=machine.run)
    assert found.how == "system browser" and machine.commands == []


def test_google_chrome_on_macos_is_used_through_its_channel(bare, monkeypatch):
    monkeypatch.setattr(bp.sys, "platform", "darwin")
    _executable(bare / "Google Chrome")
    found = bp.provision(launches=Machine().launches, run=Machine().run)
    assert found == bp.Browser("Google Chrome", {"channel": "chrome"})


def test_playwright_download_is_tried_before_apt(bare, monkeypatch):
    monkeypatch.setattr(bp, "_can_apt", lambda: True)
    machine = Machine(playwright_downloads=True, apt_works=True, system=bare / "usr-bin-chromium")
    found = bp.provision(launches=machine.launches, run=machine.run)
    assert found.how == "Playwright's Chromium, downloaded now"
    assert machine.commands == [[bp.sys.executable, "-m", "playwright", "install", "chromium"]]


def test_as_root_on_debian_apt_installs_chromium_when_playwright_cannot_download(bare, monkeypatch):
    monkeypatch.setattr(bp, "_can_apt", lambda: True)
    machine = Machine(playwright_downloads=False, apt_works=True, system=bare / "usr-bin-chromium")
    found = bp.provision(launches=machine.launches, run=machine.run)
    assert found == bp.Browser("Debian's Chromium, installed now", {"executable_path": str(bare / "usr-bin-chromium")})
    assert machine.commands == [[bp.sys.executable, "-m", "playwright", "install", "chromium"],
                                ["apt-get", "-o", "DPkg::Lock::Timeout=300", "update"],
                                ["apt-get", "-o", "DPkg::Lock::Timeout=300", "install", "-y", "chromium"]]


def test_no_way_to_get_a_browser_is_one_line_saying_what_to_install(bare, capsys):
    machine = Machine()
    with pytest.raises(bp.NoBrowser) as error:
        bp.provision(launches=machine.launches, run=machine.run)
    assert str(error.value) == bp.NO_BROWSER
    assert "\n" not in bp.NO_BROWSER and "apt-get install chromium" in bp.NO_BROWSER
    assert "playwright install chromium" in bp.NO_BROWSER and bp.VARIABLE in bp.NO_BROWSER
    assert len(machine.commands) == 1  # Playwright's download was tried; apt was not (not root)


def test_the_command_prints_the_line_and_fails(bare, monkeypatch, capsys):
    machine = Machine()
    assert bp.main(lambda: bp.provision(launches=machine.launches, run=machine.run)) == 1
    assert capsys.readouterr().err == bp.NO_BROWSER + "\n"


def test_looking_without_installing(bare, monkeypatch):
    monkeypatch.setenv(bp.INSTALL_VARIABLE, "0")
    machine = Machine(playwright_downloads=True)
    with pytest.raises(bp.NoBrowser):
        bp.provision(launches=machine.launches, run=machine.run)
    assert machine.commands == []


def test_an_installer_that_hangs_is_stopped_at_its_timeout():
    started = time.monotonic()
    assert bp.run_command(["sleep", "30"], 0.5) is False
    assert time.monotonic() - started < 10
    assert bp.run_command(["/nonexistent/installer"], 5) is False
