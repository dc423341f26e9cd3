"""Where the project keeps things: folders named in ``[tool.mpsarticle]`` of its ``pyproject.toml``.

An installed package lives far from any checkout, so it never finds the
project's folders from ``__file__``. A setting comes from its environment
variable, else from the first ``pyproject.toml`` with a ``[tool.mpsarticle]``
entry of that name, searched from the current folder upwards (a chapter's
kernel runs in ``docs/en``), relative to that file. Finding neither is an
error that says how to name the folder, never a silent default.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # the same parser, before it joined the standard library
    import tomli as tomllib

__all__ = ["SettingNotFound", "folder"]


class SettingNotFound(RuntimeError):
    """No folder is configured for where this runs (the message says how to name one)."""


def folder(key: str, variable: str, what: str, start: str | Path | None = None,
           error: type[SettingNotFound] = SettingNotFound) -> Path:
    """The folder ``$variable`` names, else ``[tool.mpsarticle] key`` of the nearest project; ``what`` names it in errors."""
    configured = os.environ.get(variable)
    if configured:
        return Path(configured)
    here = Path(start or Path.cwd()).resolve()
    for place in (here, *here.parents):
        project = place / "pyproject.toml"
        if not project.is_file():
            continue
        try:
            settings = tomllib.loads(project.read_text(encoding="utf-8")).get("tool", {}).get("mpsarticle", {})
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise error(f"cannot read {project}: {exc}") from None
        if isinstance(settings, dict) and isinstance(settings.get(key), str):
            return place / settings[key]
    raise error(f"no {what}: no pyproject.toml with [tool.mpsarticle] {key} = \"...\" in {here} or above it; "
                f"run from the project's checkout or set {variable}")
