"""The versions of the build's toolchain, recorded beside torch's in every results file.

What a page shows depends on more than torch: Sphinx, MyST-NB and the theme
render it, matplotlib draws its figures, numpy, scipy and Babel compute and
format its numbers. A results file names the version of each, so that two
builds that look different can be told apart by more than their torch.

Versions come from the installed distributions' metadata (nothing is
imported); one that is not installed is recorded as None.
"""

from __future__ import annotations

from importlib import metadata

__all__ = ["TOOLCHAIN", "toolchain_versions"]

#: Distribution names, as pip knows them, in the order they are recorded.
TOOLCHAIN = ("sphinx", "myst-nb", "sphinx-book-theme", "matplotlib", "numpy", "scipy", "babel")


def toolchain_versions() -> dict[str, str | None]:
    """Each toolchain distribution's installed version, or None where it is not installed."""
    versions: dict[str, str | None] = {}
    for name in TOOLCHAIN:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = None
    return versions
