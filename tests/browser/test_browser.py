"""What only a browser sees of the built site: Chromium (or Chrome) driven by Playwright.

The built site is served on 127.0.0.1 and read by the session's one headless
Chromium (tests/browser/conftest.py) in three browser contexts: light at
1280 px, dark at 1280 px and light at 375 px (a phone). Every request to
another host is blocked and counted as a failure: the site must be
self-contained.

- every page loads and its scripts run without console errors, uncaught
  exceptions, failed requests or HTTP errors, in each of the three contexts;
- every <img> is displayed: fetched and decoded by the browser;
- dark mode: every chart stays readable, judged by pixels: what the reader
  sees (an element screenshot) and the PNG's own pixels laid on the dark page
  (a transparent chart with black labels fails even where the theme paints a
  white backing behind images);
- at 375 px no image or table makes the page scroll sideways, and no heading leaves an empty line;
- the site search (search.html?q=...) finds each chapter by one of its words.

What the HTML itself answers (links and #anchors, the language switcher,
``<html lang>``, alt text, reachability from the landing page) is
tests/site's; axe-core's audit is test_accessibility.py's. Full-page
screenshots, for a person to look at, are ``make screenshots``
(scripts/screenshots.py). The JavaScript run in the pages is in
tests/browser/js/.
"""

from __future__ import annotations

import io
import json
import re
import urllib.parse
import urllib.request
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from mpsarticle.article.wording import catalog

from ..chapters import glue_figures, source
from ..conftest import LANGUAGES, chapter_names
from .browsing import DESKTOP, PHONE, Browsing, Visit, js, site_pages
from .conftest import found_browser
from .readability import border, luminance, page_background, readability, text_contrast

#: Pages Sphinx writes whatever the content (not needed at a phone's width).
BOILERPLATE = {"genindex.html", "search.html", "py-modindex.html"}
CHAPTERS = chapter_names()

#: Dark-mode readability: luminance (0..255) of a chart's border, of a dark page, and the
#: WCAG contrast ratio between a chart's background and its darkest marks (text, lines).
LIGHT_BORDER = 200
DARK_PAGE = 80
MIN_CONTRAST = 4.5
#: The line under a chart on a phone, by language (the catalog's, set by _templates/layout.html).
FIGURE_HINT = {lang: catalog(lang)["site.figure_hint"] for lang in LANGUAGES}
TABLE_HINT = {lang: catalog(lang)["site.table_hint"] for lang in LANGUAGES}
#: On a phone, a chart shown narrower than this has labels too small to read (it is laid out 770 px wide).
PHONE_FIGURE_WIDTH = 600
#: Hidden while a chart is photographed, so that nothing sticky covers it.
HIDE_OVERLAYS = (".bd-header, .bd-header-article, .header-article, #pst-back-to-top, "
                 ".bd-sidebar-primary, .bd-sidebar-secondary { visibility: hidden !important; }")


def _fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read()


def _chapter_page(lang: str, chapter: str) -> str:
    return f"{lang}/{chapter}.html"


def _normalise(url: str, base: str) -> str | None:
    """The site's URL of a file, without query or fragment; None for other hosts and schemes."""
    parts = urllib.parse.urlsplit(url)
    if f"{parts.scheme}://{parts.netloc}/" != base:
        return None
    path = parts.path + ("index.html" if parts.path.endswith("/") else "")
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, path, "", ""))


# -- the three contexts ----------------------------------------------------------------------------

@pytest.fixture(scope="session")
def light(chromium, server):
    browsing = Browsing(chromium, server, mode="light", theme="light", viewport=DESKTOP)
    yield browsing
    browsing.close()


@pytest.fixture(scope="session")
def light_pages(light, server, site) -> dict[str, Visit]:
    """The landing page and every page of both languages, light, at 1280 px, with what of its tables and figures
    does not fit its column."""
    def clipped(page, visit):
        visit.extra["clipped"] = page.evaluate(js("clipped"))

    return {rel: light.visit(server + rel, clipped) for rel in ["index.html", *site_pages(site)]}


class Dark:
    """Chapters in dark mode at 1280 px, each chart photographed and measured."""

    def __init__(self, chromium, base: str):
        self.browsing = Browsing(chromium, base, mode="dark", theme="dark", viewport=DESKTOP)
        self.base = base
        self.visits: dict[tuple[str, str], Visit] = {}

    def visit(self, lang: str, chapter: str) -> Visit:
        key = (lang, chapter)
        if key not in self.visits:
            self.visits[key] = self.browsing.visit(self.base + _chapter_page(lang, chapter), self._measure)
        return self.visits[key]

    def _measure(self, page, visit: Visit):
        background = page_background(visit.data["backgrounds"])
        charts = []
        images = page.locator("img")
        for index, info in enumerate(visit.data["images"]):
            if not info["chart"] or not info["complete"] or info["natural_width"] <= 0:
                continue  # an image that did not load: test_every_image_is_displayed reports it
            image = images.nth(index)
            seen = Image.open(io.BytesIO(image.screenshot(animations="disabled", style=HIDE_OVERLAYS)))
            own = Image.open(io.BytesIO(_fetch(info["src"]))).convert("RGBA")
            alpha = border(np.asarray(own)[..., 3])
            laid = Image.new("RGBA", own.size, (*background, 255))
            laid.alpha_composite(own)
            charts.append({
                "src": info["raw_src"], "figure": info["figure"],
                "seen": readability(seen), "own": readability(laid),
                "transparent_border": float((alpha < 250).mean()),
            })
        visit.extra["page_background"] = background
        visit.extra["charts"] = charts

    def close(self):
        self.browsing.close()


@pytest.fixture(scope="session")
def dark(chromium, server):
    session = Dark(chromium, server)
    yield session
    session.close()


@pytest.fixture(scope="session")
def phone(chromium, server, site) -> dict[str, Visit]:
    """The landing page and every page but Sphinx's boilerplate at 375 px wide, with its horizontal overflow."""
    browsing = Browsing(chromium, server, mode="375px", theme="light", viewport=PHONE)

    def overflow(page, visit):
        visit.extra["overflow"] = page.evaluate(js("overflow"))
        visit.extra["clipped"] = page.evaluate(js("clipped"))
        visit.extra["headings"] = page.evaluate(js("headings"))

    try:
        pages = ["index.html", *(rel for rel in site_pages(site) if rel.rsplit("/", 1)[-1] not in BOILERPLATE)]
        return {rel: browsing.visit(server + rel, overflow) for rel in pages}
    finally:
        browsing.close()


def _report(failures: list[str], what: str) -> str:
    return f"{what}:\n  " + "\n  ".join(failures)


# -- the tests -------------------------------------------------------------------------------------


def test_a_browser_is_available():
    found = found_browser()
    assert not isinstance(found, str), found


def _load_failures(visits) -> list[str]:
    failures = []
    for visit in visits:
        if visit.status not in (200, 304):
            failures.append(f"{visit.url} [{visit.mode}]: HTTP status {visit.status}")
        failures += [f"{visit.url} [{visit.mode}]: {problem}" for problem in visit.problems]
    return failures


def test_pages_load_cleanly_light(light_pages):
    """Light, 1280 px: every page, the landing page included."""
    failures = _load_failures(light_pages.values())
    assert not failures, _report(failures, "pages that did not load cleanly")


def test_pages_load_cleanly_dark(dark):
    """Dark, 1280 px: every chapter in both languages."""
    visits = [dark.visit(lang, chapter) for lang in LANGUAGES for chapter in CHAPTERS]
    failures = _load_failures(visits)
    assert not failures, _report(failures, "pages that did not load cleanly in dark mode")


def test_pages_load_cleanly_375px(phone):
    failures = _load_failures(phone.values())
    assert not failures, _report(failures, "pages that did not load cleanly at 375 px")


def test_every_image_is_displayed(light_pages):
    """Fetched and decoded: an <img> whose file exists but is not an image the browser can draw fails."""
    failures = [f"{rel}: <img src={image['raw_src']!r}> is not displayed"
                for rel, visit in light_pages.items() for image in visit.data.get("images", ())
                if not image["complete"] or image["natural_width"] <= 0]
    assert any(visit.data.get("images") for visit in light_pages.values()), "no page has an image"
    assert not failures, _report(failures, "images")


@pytest.mark.parametrize("chapter", CHAPTERS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_charts_stay_readable_in_dark_mode(dark, lang, chapter):
    visit = dark.visit(lang, chapter)
    assert visit.data, f"{visit.url} could not be read: {visit.problems}"
    assert visit.data["theme"] == "dark", f"{visit.url}: dark mode did not take (data-theme={visit.data['theme']!r})"
    glued = len(glue_figures(source(lang, chapter)))
    assert len(visit.extra["charts"]) >= glued, (
        f"{visit.url}: {len(visit.extra['charts'])} charts found in the article, {glued} glued in its source")
    page = visit.extra["page_background"]
    page_luminance = float(luminance(page))
    assert page_luminance < DARK_PAGE, f"{visit.url}: the page background {page} is not dark in dark mode"
    failures = []
    for chart in visit.extra["charts"]:
        name = f"{chart['src']} (#{chart['figure']})" if chart["figure"] else chart["src"]
        seen, own = chart["seen"], chart["own"]
        if seen["border"] <= LIGHT_BORDER:
            failures.append(f"{name}: as displayed, its border is dark (median luminance {seen['border']:.0f}) "
                            f"on the dark page {page}")
        if seen["contrast"] < MIN_CONTRAST:
            failures.append(f"{name}: as displayed, its marks contrast {seen['contrast']:.1f}:1 with its background")
        if own["border"] <= LIGHT_BORDER:
            failures.append(f"{name}: its own background is not opaque and light: laid on the page colour {page} "
                            f"its border has median luminance {own['border']:.0f} "
                            f"({chart['transparent_border']:.0%} of the border is transparent)")
        if own["contrast"] < MIN_CONTRAST:
            failures.append(f"{name}: laid on the dark page its marks contrast only {own['contrast']:.1f}:1 "
                            "with its background (dark labels on a transparent PNG?)")
    assert not failures, _report(failures, f"{visit.url}: charts unreadable in dark mode")


def _measured(pages: dict[str, Visit], key: str, failures: list[str]):
    """Each page and what the script ``key`` measured on it; a page it could not measure goes to ``failures``."""
    for rel, visit in pages.items():
        found = visit.extra.get(key)
        if found is None:
            failures.append(f"{rel}: could not be measured ({visit.problems})")
        else:
            yield rel, found


@pytest.mark.parametrize("where", ["landing", *LANGUAGES])
def test_nothing_scrolls_sideways_at_375px(phone, where):
    pages = {rel: v for rel, v in phone.items() if (rel == "index.html") == (where == "landing")
             and (where == "landing" or rel.startswith(where + "/"))}
    assert pages
    failures: list[str] = []
    for rel, overflow in _measured(pages, "overflow", failures):
        width = min(overflow["inner_width"], overflow["client_width"])
        if overflow["scroll_width"] > width + 1:
            failures.append(f"{rel}: the page is {overflow['scroll_width']} px wide in a {width} px viewport "
                            f"(sticking out: {'; '.join(overflow['culprits']) or 'not found'})")
        failures += [f"{rel}: {wide}" for wide in overflow["wide"]]
    assert not failures, _report(failures, "sideways scrolling at 375 px")


def _words(text: str) -> list[str]:
    """Words as the search index splits them, letters only and long enough to be distinctive."""
    return [w for w in re.split(r"\W+", text.lower()) if len(w) >= 7 and w.isalpha()]


def search_stopwords(site: Path, lang: str) -> set[str]:
    """The words the site's search leaves out of its index (Sphinx's list for the language, as the page loads it)."""
    script = (site / lang / "_static" / "language_data.js").read_text(encoding="utf-8")
    found = re.search(r"stopwords\s*=\s*(?:new Set\()?(\[.*?\])", script, re.S)
    return set(json.loads(found.group(1))) if found else set()


def distinctive_word(pages: dict[str, Visit], lang: str, chapter: str, stopwords: set[str] = frozenset()) -> str | None:
    """A word of the chapter's prose (as the browser shows it) found in no other page of its language, and one the
    search indexes."""
    elsewhere = set(stopwords)
    for rel, visit in pages.items():
        if rel.startswith(lang + "/") and rel != _chapter_page(lang, chapter):
            elsewhere.update(_words(visit.data.get("text", "")) + _words(visit.data.get("title", "")))
    counts = Counter(w for w in _words(pages[_chapter_page(lang, chapter)].data.get("text", "")) if w not in elsewhere)
    return min(counts, key=lambda w: (-counts[w], w)) if counts else None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_site_search_finds_each_chapter(light_pages, light, server, site, lang):
    failures, searched = [], 0
    stopwords = search_stopwords(site, lang)
    for chapter in CHAPTERS:
        if chapter == "index":
            continue
        word = distinctive_word(light_pages, lang, chapter, stopwords)
        if word is None:
            failures.append(f"{lang}/{chapter}: no word of its own to search for")
            continue

        def results(page, visit):
            page.wait_for_function(js("search_done"))
            visit.extra["results"] = page.evaluate(js("search_results"))

        visit = light.visit(server + f"{lang}/search.html?q={urllib.parse.quote(word)}", results)
        searched += 1
        found = {_normalise(href, server) for href in visit.extra.get("results", [])}
        if server + _chapter_page(lang, chapter) not in found:
            failures.append(f"search.html?q={word}: {lang}/{chapter}.html not among the results "
                            f"{sorted(filter(None, found))} {visit.problems}")
        failures += [f"search.html?q={word}: {problem}" for problem in visit.problems]
    assert searched, "no chapter to search for"
    assert not failures, _report(failures, "site search")


def _clipped(pages: dict[str, Visit], *, desktop: bool) -> list[str]:
    """Tables and figures a reader cannot see whole: on a desktop every one must fit its column. On a phone a table
    may scroll inside its own box if its first column stays in view (sticky), a shadow at the box's edge shows
    that there is more and a line under it, in the page's language, says so; a figure, shrunk to the column,
    would have labels too small to read: it may keep its width and scroll sideways in a box of its own that fits,
    if a line under it, in the page's language, says so."""
    failures: list[str] = []
    for rel, found in _measured(pages, "clipped", failures):
        lang = rel.split("/", 1)[0]
        for table in found["tables"]:
            if table["outside"]:
                failures.append(f"{rel}: {table['name']} sticks out of the article's column")
            elif not table["fits"] and (desktop or not (table["sticky"] and table["scrolls"])):
                how = "does not fit" if desktop else "is cut off (no scrolling box with its first column fixed)"
                failures.append(f"{rel}: {table['name']} {how}: {table['width']} px in a {table['box']} px box")
            elif not table["fits"] and not table["cue"]:
                failures.append(f"{rel}: {table['name']} scrolls with nothing to show that it does "
                                "(no shadow at its box's edge)")
            elif not table["fits"] and table["hidden"]:
                failures.append(f"{rel}: {table['name']} scrolls with nothing to show that it does "
                                "(its rows paint over the shadow at its box's edge)")
            elif not table["fits"] and not desktop and TABLE_HINT[lang] not in (table["hint"] or ""):
                failures.append(f"{rel}: {table['name']} scrolls with no line under it saying so "
                                f"({TABLE_HINT[lang]!r}; found {table['hint']!r})")
        for figure in found["figures"]:
            hint = FIGURE_HINT.get(lang)
            scrolls = not desktop and figure["scroller"] and hint and figure["hint"] and hint in figure["hint"]
            if not figure["fits"] and not scrolls:
                failures.append(f"{rel}: {figure['name']} ({figure['width']} px) does not fit the "
                                f"{found['column']} px column" + ("" if desktop else
                                f" and does not scroll in a box of its own with the hint {hint!r} "
                                f"(scroll box: {figure['scroller']}, hint: {figure['hint']!r})"))
            if not desktop and figure["fits"] and figure["width"] < PHONE_FIGURE_WIDTH:
                failures.append(f"{rel}: {figure['name']} is shrunk to {figure['width']} px: its labels are too "
                                "small to read")
            if not figure["proportions"]:
                failures.append(f"{rel}: {figure['name']} is not drawn at its own proportions (squeezed or cropped)")
            if figure["cut"]:
                failures.append(f"{rel}: {figure['name']} is cut off by the {figure['cut']} around it")
            if figure["natural"] < 2 * figure["width"] and desktop:
                failures.append(f"{rel}: {figure['name']} has {figure['natural']} px for {figure['width']} shown: "
                                "blurry on a high-density screen")
    return failures


def test_no_table_or_figure_is_cut_off_at_1280px(light_pages):
    failures = _clipped({rel: v for rel, v in light_pages.items() if rel != "index.html"}, desktop=True)
    assert not failures, _report(failures, "tables or figures cut off at 1,280 px")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_opening_pages_captions_read_clearly(light, dark, server, lang):
    """Each figure caption of the opening page, photographed in light and dark mode, has a contrast of at least
    MIN_CONTRAST (WCAG AA) between its drawn strokes and its background: a thin face in a good colour can fail."""
    failures: list[str] = []
    for browsing in (light, dark.browsing):
        def photograph(page, visit):
            visit.extra["captions"] = [(caption.inner_text()[:60], text_contrast(Image.open(io.BytesIO(
                caption.screenshot(animations="disabled", style=HIDE_OVERLAYS)))))
                for caption in page.locator("article figcaption").all()]

        visit = browsing.visit(f"{server}{_chapter_page(lang, 'index')}", photograph)
        captions = visit.extra.get("captions")
        if not captions:
            failures.append(f"{browsing.mode}: no caption was photographed ({visit.problems})")
        failures += [f"{browsing.mode}: {text!r} reads at {ratio:.1f}:1" for text, ratio in captions or ()
                     if ratio < MIN_CONTRAST]
    assert not failures, _report(failures, f"captions of {lang}/index.html below {MIN_CONTRAST}:1")


def test_no_code_line_is_hidden_at_1280px(light_pages):
    """On a desktop a long line of code wraps inside its box: its end is read without scrolling."""
    failures: list[str] = []
    for rel, found in _measured(light_pages, "clipped", failures):
        failures += [f"{rel}: {block}" for block in found["code"]]
    assert not failures, _report(failures, "code cut at the right edge at 1,280 px")


def test_no_two_tables_touch_at_1280px(light_pages):
    """Two tables one above the other (the machines' hardware and software) keep a gap: touching, they read as one."""
    failures: list[str] = []
    for rel, found in _measured(light_pages, "clipped", failures):
        failures += [f"{rel}: {pair}" for pair in found["touching"]]
    assert not failures, _report(failures, "tables that touch at 1,280 px")


@pytest.fixture(scope="session")
def phone390(chromium, server) -> dict[str, Visit]:
    """Every chapter with a figure, both languages, at 390 px (a current phone's width), with what of its tables
    and figures does not fit."""
    browsing = Browsing(chromium, server, mode="390px", theme="light", viewport={**PHONE, "width": 390})

    def clipped(page, visit):
        visit.extra["clipped"] = page.evaluate(js("clipped"))

    try:
        return {rel: browsing.visit(server + rel, clipped) for rel in
                (_chapter_page(lang, chapter) for lang in LANGUAGES for chapter in CHAPTERS
                 if glue_figures(source(lang, chapter)))}
    finally:
        browsing.close()


def test_every_figure_is_shown_whole_at_390px(phone390):
    failures = _clipped(phone390, desktop=False)
    shown = [figure for visit in phone390.values() for figure in (visit.extra.get("clipped") or {}).get("figures", ())]
    assert shown, "no figure was measured at 390 px: nothing was checked"
    assert not failures, _report(failures, "tables or figures cut off at 390 px")


def test_no_heading_leaves_an_empty_line_at_375px(phone):
    """A title whose last line is full keeps its hidden "#" link on that line: no empty line under the title."""
    failures: list[str] = []
    for rel, found in _measured(phone, "headings", failures):
        failures += [f"{rel}: {heading}" for heading in found]
    assert not failures, _report(failures, "headings with an empty line at 375 px")


def test_no_table_or_figure_is_cut_off_at_375px(phone):
    failures = _clipped({rel: v for rel, v in phone.items() if rel != "index.html"}, desktop=False)
    assert not failures, _report(failures, "tables or figures cut off at 375 px")
