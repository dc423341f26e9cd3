"""One configuration module, one error base caught once by the command line."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest

import mpsarticle
from mpsarticle import config
from mpsarticle.cli import commands
from mpsarticle.cli import main as cli
from mpsarticle.errors import MpsarticleError

PACKAGE = Path(mpsarticle.__file__).parent
ROOT = PACKAGE.parent

#: Exceptions that are control flow inside the package, never shown to a user as an error.
CONTROL_FLOW = {"Unsupported", "PointTimeout", "Interrupted"}


def _strings(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def test_only_the_config_module_names_a_setting_variable():
    """A setting is read through mpsarticle.config: no other module (nor conf.py) spells an MPSARTICLE_ variable."""
    found = []
    for path in [*sorted(PACKAGE.rglob("*.py")), ROOT / "conf.py"]:
        if path == PACKAGE / "config.py":
            continue
        for line, text in _strings(path):
            if text.strip().startswith("MPSARTICLE_") or text.startswith("$MPSARTICLE_"):
                found.append(f"{path.relative_to(ROOT)}:{line}: {text!r}")
    assert not found, "read these through mpsarticle.config:\n" + "\n".join(found)


def test_every_setting_has_help_and_a_variable_of_its_name():
    assert {"profile", "build_id", "archive"} <= set(config.SETTINGS), sorted(config.SETTINGS)
    for name, setting in config.SETTINGS.items():
        assert setting.variable == "MPSARTICLE_" + name.upper()
        assert len(setting.help) > 20, setting.variable


def test_settings_command_lists_every_variable_with_its_help(capsys, monkeypatch):
    monkeypatch.setenv("MPSARTICLE_PROFILE", "quick")
    assert cli.main(["settings"]) == 0
    out = capsys.readouterr().out
    for setting in config.SETTINGS.values():
        assert setting.variable in out and setting.help in out
    assert "MPSARTICLE_PROFILE=quick" in out


def _package_classes():
    for info in pkgutil.walk_packages([str(PACKAGE)], "mpsarticle."):
        if info.name.startswith("mpsarticle.measure") or info.name == "mpsarticle.__main__":
            continue  # torch-free here; the measuring ones are listed by name below
        module = importlib.import_module(info.name)
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, BaseException) and value.__module__ == info.name:
                yield value


def test_every_error_of_the_package_derives_from_the_one_base():
    from mpsarticle.measure.resume import ResumeRefused
    from mpsarticle.results.sustained import SustainedError

    classes = {*_package_classes(), ResumeRefused, SustainedError}
    assert len(classes) >= 8
    stray = sorted(c.__qualname__ for c in classes
                   if c.__name__ not in CONTROL_FLOW and not issubclass(c, MpsarticleError))
    assert not stray, f"derive these from mpsarticle.errors.MpsarticleError: {stray}"


def test_main_says_a_users_error_in_one_line_with_its_exit_status(monkeypatch, capsys):
    class Refused(MpsarticleError):
        exit_status = 2

    def fail(args):
        raise Refused("that file cannot be continued: it was measured on another machine")

    monkeypatch.setitem(commands.COMMANDS, "validate", fail)
    assert cli.main(["validate", "x.json"]) == 2
    err = capsys.readouterr().err
    assert err == "mpsarticle: error: that file cannot be continued: it was measured on another machine\n"


def test_a_bug_keeps_its_traceback(monkeypatch):
    """A ValueError of ours (not an MpsarticleError) is not turned into a one-line error."""
    def bug(args):
        raise ValueError("a bug in a command")

    monkeypatch.setitem(commands.COMMANDS, "validate", bug)
    with pytest.raises(ValueError, match="a bug in a command"):
        cli.main(["validate", "x.json"])
