"""The built pages as the site tests read them: parsed once, by language, with their links resolved."""

from __future__ import annotations

import functools
import re
import urllib.parse
from pathlib import Path

from bs4 import BeautifulSoup


@functools.cache
def parse(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def page(site: Path, lang: str, name: str) -> BeautifulSoup:
    path = site / lang / f"{name}.html"
    assert path.is_file(), f"{path}: the page is missing"
    return parse(path)


def language_pages(site: Path, lang: str) -> list[Path]:
    """Every page of one language (Sphinx's _static, _sources and the like left out)."""
    tree = site / lang
    return sorted(p for p in tree.rglob("*.html") if not p.relative_to(tree).parts[0].startswith("_"))


def article_of(soup: BeautifulSoup, where: str):
    found = soup.find("article") or soup.find(attrs={"role": "main"})
    assert found is not None, f"{where}: no <article> (the page body) found"
    return found


def local(href: str | None) -> str | None:
    """The file part of a relative link, or None for external links, anchors and data: URIs."""
    if not href or href.startswith(("#", "mailto:", "data:", "javascript:", "//")) \
            or re.match(r"^[a-z][a-z0-9+.-]*://", href):
        return None
    return href.split("#", 1)[0].split("?", 1)[0] or None


def target(path: Path, href: str) -> tuple[Path, str] | None:
    """The file a link of the page at ``path`` leads to and its #fragment (unquoted); None for other sites.

    A link to a folder leads to its index.html, as a web server serves it; a link
    that is only "#fragment" leads to the page itself.
    """
    if not href or href.startswith(("mailto:", "data:", "javascript:", "//")) or re.match(r"^[a-z][a-z0-9+.-]*:", href):
        return None
    parts = urllib.parse.urlsplit(href)
    fragment = urllib.parse.unquote(parts.fragment)
    if not parts.path:
        return path, fragment
    file = (path.parent / urllib.parse.unquote(parts.path)).resolve()
    if parts.path.endswith("/") or file.is_dir():
        file = file / "index.html"
    return file, fragment


@functools.cache
def ids(path: Path) -> frozenset[str]:
    """Every id of a page, and every <a name>: what a #fragment may name."""
    soup = parse(path)
    return frozenset([tag["id"] for tag in soup.find_all(id=True)]
                     + [a["name"] for a in soup.find_all("a", attrs={"name": True})])
