"""Links and languages of the built site, read from its HTML: every link and #anchor leads somewhere.

- every page declares ``<html lang>`` and hreflang alternates for both languages;
- the language switcher leads to the same page in every other language;
- the landing page links both languages, and following links from it reaches
  every page of both (Sphinx's search and index pages need no link);
- every relative link, image, stylesheet and script of every page leads to a
  file, and every #fragment to an element of the page it names; a chapter
  that shows the data links both files.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ..chapters import source
from ..conftest import LANGUAGES, chapter_names
from .pages import article_of, ids, language_pages, local, page, parse, target

CHAPTERS = chapter_names()
DATA_FILES = ("results.json", "results.csv", "predictions.csv")
#: Pages Sphinx writes whatever the content (no need to be linked from the landing page).
BOILERPLATE = {"genindex.html", "search.html", "py-modindex.html"}


def _every_page(site: Path) -> list[Path]:
    return [site / "index.html", *(path for lang in LANGUAGES for path in language_pages(site, lang))]


#: Where a page links to another file: links, images, stylesheets and scripts.
LINKING = (("a", "href"), ("img", "src"), ("link", "href"), ("script", "src"))


def _links(path: Path, linking=(("a", "href"),)) -> list[str]:
    return [tag.get(attribute) for name, attribute in linking for tag in parse(path).find_all(name)
            if tag.get(attribute)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pages_declare_their_language_and_alternates(site, lang):
    pages = language_pages(site, lang)
    assert pages, f"{site / lang}: no pages"
    for path in pages:
        where = str(path.relative_to(site))
        soup = parse(path)
        assert soup.html is not None and soup.html.get("lang") == lang, (
            f"{where}: <html lang={soup.html.get('lang') if soup.html else None!r}>, expected {lang!r}")
        rel = path.relative_to(site / lang).as_posix()
        alternates = {link.get("hreflang"): link.get("href") for link in soup.find_all("link", rel="alternate")
                      if link.get("hreflang")}
        for code in LANGUAGES:
            href = alternates.get(code)
            assert href, f"{where}: no <link rel=\"alternate\" hreflang=\"{code}\">"
            assert href.endswith(f"{code}/{rel}"), f"{where}: hreflang {code} points to {href!r}, not to {code}/{rel}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_language_switcher_leads_to_the_same_page(site, lang):
    """The switcher links every other language, each to the same page."""
    others = [code for code in LANGUAGES if code != lang]
    assert others
    for path in language_pages(site, lang):
        where = str(path.relative_to(site))
        soup = parse(path)
        switches = soup.find_all(class_="mpsarticle-lang-switch")
        assert sorted(s.get("hreflang") for s in switches) == sorted(others), \
            f"{where}: the language switcher lists {[s.get('hreflang') for s in switches]}, not {others}"
        for switch in switches:
            other_lang = switch.get("hreflang")
            href = local(switch.get("href"))
            assert href, f"{where}: the language switcher has no relative href ({switch.get('href')!r})"
            target = (path.parent / href).resolve()
            expected = (site / other_lang / path.relative_to(site / lang)).resolve()
            assert target == expected, f"{where}: the switch to {other_lang} leads to {href!r}, not to {expected}"
            assert target.is_file(), f"{where}: the language switcher's target {target} does not exist"


def test_landing_page_links_both_languages(site):
    soup = parse(site / "index.html")
    hrefs = {local(a.get("href")) for a in soup.find_all("a")}
    for lang in LANGUAGES:
        assert f"{lang}/index.html" in hrefs, f"{site / 'index.html'}: no link to {lang}/index.html"
        assert (site / lang / "index.html").is_file(), f"{site / lang / 'index.html'} does not exist"


def test_following_links_from_the_landing_page_reaches_every_page(site):
    start = (site / "index.html").resolve()
    queue, reached = [start], {start}
    while queue:
        path = queue.pop(0)
        for href in _links(path):
            found = target(path, href)
            if found and found[0].suffix == ".html" and found[0].is_file() and found[0] not in reached:
                reached.add(found[0])
                queue.append(found[0])
    unreached = [str(p.relative_to(site)) for p in _every_page(site)
                 if p.name not in BOILERPLATE and p.resolve() not in reached]
    assert not unreached, f"pages no link leads to from the landing page: {unreached}"


def test_every_link_and_anchor_of_every_page_resolves(site):
    broken, checked = [], 0
    for path in _every_page(site):
        for href in _links(path, LINKING):
            found = target(path, href)
            if found is None:
                continue
            checked += 1
            file, fragment = found
            where = f"{path.relative_to(site)}: {href!r}"
            if not file.is_file():
                broken.append(f"{where}: no file {file}")
            elif fragment and file.suffix == ".html" and fragment not in ids(file):
                broken.append(f"{where}: no element with id {fragment!r} in {file.relative_to(site)}")
    assert checked, "no relative link found in the site"
    assert not broken, "broken links:\n  " + "\n  ".join(sorted(set(broken)))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("chapter", [c for c in CHAPTERS if "page.data_links()" in source("en", c)])
def test_a_chapter_that_shows_the_data_links_both_files(site, lang, chapter):
    where = f"{lang}/{chapter}.html"
    data = [a.get("href") for a in article_of(page(site, lang, chapter), where).find_all("a")
            if (a.get("href") or "").startswith("data/")]
    assert {f"data/{name}" for name in DATA_FILES} <= set(data), (
        f"{where}: the data links are {data}, expected data/results.json and data/results.csv")
