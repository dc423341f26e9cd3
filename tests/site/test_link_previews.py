"""Link previews and sitemaps of the built site (``make test`` builds it first).

- Every page of both languages (but Sphinx's search and index pages, which have
  no content of their own) carries Open Graph metadata (sphinxext-opengraph):
  a title, a type, a description, its own absolute URL under the site's base URL,
  its language as og:locale and the other one as og:locale:alternate, and an
  og:image that is a file of the site.
- Each language has ``<lang>/sitemap.xml`` (sphinx-sitemap) listing every page
  of that language, each with an ``xhtml:link`` alternate per language that
  leads to a page of the site and agrees with the page's own hreflang links;
  the site root's ``sitemap.xml`` is an index naming both.
"""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from ..conftest import LANGUAGES

SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
XHTML = "{http://www.w3.org/1999/xhtml}"
LOCALES = {"en": "en_US", "id": "id_ID"}
#: Sphinx's own pages: no content to preview, not worth a search engine's visit (conf.py: sitemap_excludes).
UNLISTED = {"search.html", "genindex.html"}


def _pages(site: Path, lang: str) -> list[str]:
    tree = site / lang
    return sorted(p.relative_to(tree).as_posix() for p in tree.rglob("*.html")
                  if not p.relative_to(tree).parts[0].startswith("_"))


@functools.cache
def _soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def site_url(site: Path) -> str:
    """The site's base URL, as the root sitemap index gives it (each entry ends in <lang>/sitemap.xml)."""
    path = site / "sitemap.xml"
    assert path.is_file(), f"{path} is missing: the site root has no sitemap index"
    root = ElementTree.parse(path).getroot()
    assert root.tag == f"{SITEMAP}sitemapindex", f"{path}: the root element is {root.tag}, not a sitemapindex"
    locations = [loc.text or "" for loc in root.iter(f"{SITEMAP}loc")]
    bases = {loc.removesuffix(f"{lang}/sitemap.xml") for loc, lang in zip(locations, LANGUAGES, strict=False)}
    assert [loc.rsplit("/", 2)[-2] for loc in locations] == list(LANGUAGES) and len(bases) == 1, (
        f"{path}: expected one sitemap per language ({', '.join(LANGUAGES)}) under one base URL, got {locations}")
    base = bases.pop()
    assert base.startswith(("https://", "http://")) and base.endswith("/"), f"{path}: base URL {base!r}"
    return base


def _meta(soup: BeautifulSoup, prop: str) -> list[str]:
    return [tag.get("content", "") for tag in soup.find_all("meta", attrs={"property": prop})]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_has_open_graph_metadata(site, lang):
    base = site_url(site)
    other = [code for code in LANGUAGES if code != lang]
    failures = []
    for page in sorted(set(_pages(site, lang)) - UNLISTED):
        soup = _soup(site / lang / page)
        where = f"{lang}/{page}"
        for prop in ("og:title", "og:type", "og:description", "og:site_name"):
            values = _meta(soup, prop)
            if len(values) != 1 or not values[0].strip():
                failures.append(f"{where}: {prop} is {values}")
        if _meta(soup, "og:url") != [f"{base}{lang}/{page}"]:
            failures.append(f"{where}: og:url is {_meta(soup, 'og:url')}, not {base}{lang}/{page}")
        if _meta(soup, "og:locale") != [LOCALES[lang]]:
            failures.append(f"{where}: og:locale is {_meta(soup, 'og:locale')}, not {LOCALES[lang]}")
        if sorted(_meta(soup, "og:locale:alternate")) != sorted(LOCALES[code] for code in other):
            failures.append(f"{where}: og:locale:alternate is {_meta(soup, 'og:locale:alternate')}")
        images = _meta(soup, "og:image")
        if len(images) != 1 or not images[0].startswith(base) or not (site / images[0][len(base):]).is_file():
            failures.append(f"{where}: og:image {images} is not one file of the site under {base}")
    assert not failures, "Open Graph metadata:\n" + "\n".join(failures)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_a_sitemap_with_alternates(site, lang):
    base = site_url(site)
    path = site / lang / "sitemap.xml"
    assert path.is_file(), f"{path} is missing"
    listed, failures = [], []
    for url in ElementTree.parse(path).getroot().iter(f"{SITEMAP}url"):
        loc = url.findtext(f"{SITEMAP}loc") or ""
        if not loc.startswith(f"{base}{lang}/"):
            failures.append(f"{loc}: not under {base}{lang}/")
            continue
        page = loc[len(f"{base}{lang}/"):]
        listed.append(page)
        alternates = {link.get("hreflang"): link.get("href") for link in url.iter(f"{XHTML}link")
                      if link.get("rel") == "alternate"}
        expected = {code: f"{base}{code}/{page}" for code in LANGUAGES}
        if alternates != expected:
            failures.append(f"{loc}: alternates {alternates}, expected {expected}")
        for code in LANGUAGES:
            if not (site / code / page).is_file():
                failures.append(f"{loc}: the {code} alternate {code}/{page} is not a page of the site")
        if (site / lang / page).is_file():
            in_page = {link.get("hreflang"): link.get("href") for link in
                       _soup(site / lang / page).find_all("link", rel="alternate") if link.get("hreflang") in LANGUAGES}
            if in_page != expected:
                failures.append(f"{lang}/{page}: the page's hreflang links {in_page} disagree with its sitemap entry")
    missing = sorted(set(_pages(site, lang)) - UNLISTED - set(listed))
    assert not missing, f"{path}: pages not listed: {missing}"
    assert not failures, f"{path}:\n" + "\n".join(failures)
