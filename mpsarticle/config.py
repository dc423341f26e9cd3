"""Every setting of mpsarticle, read here and nowhere else: environment variables and ``[tool.mpsarticle]``.

:data:`SETTINGS` lists each ``MPSARTICLE_*`` variable with its help text (what
``python -m mpsarticle settings`` prints); the rest of the package asks this
module for values (:func:`value`, :func:`flag`, :func:`folder` and the named
helpers below) and never reads ``os.environ`` for a setting of its own.

Folders: an installed package lives far from any checkout, so it never finds
the project's folders from ``__file__``. A folder comes from its environment
variable, else from the first ``pyproject.toml`` with a ``[tool.mpsarticle]``
entry of that name, searched from the current folder upwards (a chapter's
kernel runs in ``docs/en``), relative to that file. Finding neither is an
error that says how to name the folder, never a silent default.

How a build identifies itself: ``make html`` sets ``MPSARTICLE_BUILD_ID``
(the UTC time the build started plus the make process id) for both
``sphinx-build`` runs, and the notebook kernels inherit it; the build's
measurements are kept under :func:`cache_dir` in a folder of that name.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

from mpsarticle.errors import MpsarticleError
from mpsarticle.languages import LANGUAGES

if sys.version_info >= (3, 11):
    import tomllib
else:  # the same parser, before it joined the standard library
    import tomli as tomllib

__all__ = ["SETTINGS", "Setting", "SettingNotFound", "build_id", "cache_dir", "flag", "folder", "project_entry",
           "interrupted_path", "published_dir", "safe_name", "shared_dir",
           "value"]


class SettingNotFound(MpsarticleError, RuntimeError):
    """No folder is configured for where this runs (the message says how to name one)."""


@dataclass(frozen=True)
class Setting:
    """One environment variable: its name, what it does, and the ``[tool.mpsarticle]`` key that backs it."""

    variable: str
    help: str
    key: str | None = None
    default: str | None = None


#: Every setting, by the name the package asks for it.
SETTINGS: dict[str, Setting] = {s.variable.removeprefix("MPSARTICLE_").lower(): s for s in (
    Setting("MPSARTICLE_PROFILE", "the profile a site build measures with: quick, default or full", default="default"),
    Setting("MPSARTICLE_BUILD_ID", "identifies one `make html`: its chapters (both languages) share one measurement"),
    Setting("MPSARTICLE_CACHE_DIR", "folder for a build's measurements", key="measurements"),
    Setting("MPSARTICLE_ARCHIVE", "folder of other machines' results files", key="archive"),
    Setting("MPSARTICLE_SKIP_INVALID_ARCHIVE", "1: leave an invalid archive file out (named) instead of failing"),
    Setting("MPSARTICLE_MACHINE_LABEL", "a name for this build's machine, shown with its numbers"),
    Setting("MPSARTICLE_LANG",
            f"a chapter's language, {' or '.join(LANGUAGES)} (default: the folder its kernel runs in)"),
    Setting("MPSARTICLE_GIT_COMMIT", "the commit recorded in results files, where the checkout has no .git"),
    Setting("MPSARTICLE_BASE_URL", "the published site's address (canonical links, sitemap)",
            default="https://mpsarticle.github.io/mpsarticle/"),
    Setting("MPSARTICLE_REPOSITORY_URL", "the repository the site links to and tells readers to clone",
            default="https://github.com/mpsarticle/mpsarticle"),
    Setting("MPSARTICLE_REPOSITORY_BRANCH", "the branch of that repository the site's source links name",
            default="main"),
)}


def value(name: str) -> str | None:
    """The setting's environment variable if set and not empty, else its default (``None`` if it has none)."""
    setting = SETTINGS[name]
    return os.environ.get(setting.variable) or setting.default


def flag(name: str) -> bool:
    """Whether the setting's variable is ``1``."""
    return os.environ.get(SETTINGS[name].variable) == "1"


def folder(name: str, what: str, start: str | Path | None = None,
           error: type[SettingNotFound] = SettingNotFound) -> Path:
    """The folder the setting's variable names, else its ``[tool.mpsarticle]`` key in the nearest project."""
    setting = SETTINGS[name]
    configured = os.environ.get(setting.variable)
    if configured:
        return Path(configured)
    place, relative = project_entry(name, what, start, error)
    return place / relative


def project_entry(name: str, what: str, start: str | Path | None = None,
                  error: type[SettingNotFound] = SettingNotFound) -> tuple[Path, str]:
    """The nearest project's folder and the setting's ``[tool.mpsarticle]`` value there, as written (relative to
    that folder): where the folder lives in the repository, whatever the environment says."""
    setting = SETTINGS[name]
    assert setting.key is not None, f"{setting.variable} has no [tool.mpsarticle] key"
    here = Path(start or Path.cwd()).resolve()
    for place in (here, *here.parents):
        project = place / "pyproject.toml"
        if not project.is_file():
            continue
        try:
            settings = tomllib.loads(project.read_text(encoding="utf-8")).get("tool", {}).get("mpsarticle", {})
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise error(f"cannot read {project}: {exc}") from None
        if isinstance(settings, dict) and isinstance(settings.get(setting.key), str):
            return place, settings[setting.key]
    raise error(f"no {what}: no pyproject.toml with [tool.mpsarticle] {setting.key} = \"...\" in {here} or above it; "
                f"run from the project's checkout or set {setting.variable}")


def safe_name(text: str) -> str:
    """``text`` as a file name: letters, digits, ``-_.`` kept, anything else ``_``, at most 100 characters."""
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in text)[:100] or "build"


def build_id() -> str | None:
    """This site build's identifier (``MPSARTICLE_BUILD_ID``), ``None`` outside one."""
    return value("build_id")


def cache_dir() -> Path:
    """``$MPSARTICLE_CACHE_DIR``, else the project's ``[tool.mpsarticle] measurements``."""
    return folder("cache_dir", "folder for the build's measurements")


def published_dir() -> Path:
    """Files the chapters publish with the site (raw data); conf.py adds it to html_extra_path."""
    found = build_id()
    return cache_dir() / (safe_name(found) if found else "adhoc") / "published"


def shared_dir() -> Path:
    """Files the chapters publish once for every language (the archive's data): conf.py copies it to the site's
    root, beside the language folders, and the pages link it from there."""
    return published_dir().parent / "shared"


def interrupted_path(name: str) -> Path:
    """Where a site build's measuring saves its points when interrupted: never read by a later build."""
    return cache_dir() / "interrupted" / f"{name}.json"
