"""The article's languages, in the order the site lists them: read by the catalogs, conf.py, the CLI and the tests.

A language here has a catalog folder (``mpsarticle/article/catalogs/<code>/``)
and a chapter folder (``docs/<code>/``); a test holds the three to each other.
"""

from __future__ import annotations

__all__ = ["LANGUAGES"]

LANGUAGES: tuple[str, ...] = ("en", "id")
