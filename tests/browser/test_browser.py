"""Browser tests of the built site: Chromium (or Chrome) driven by Playwright.

The built site (the ``site`` fixture: ``_build/html`` or ``$MPSARTICLE_SITE``)
is served on 127.0.0.1 by Python's http.server and read by one headless
Chromium for the whole session, in three browser contexts: light at 1280 px,
dark at 1280 px and light at 375 px (a phone). Every request to another host
is blocked and counted as a failure: the site must be self-contained.

- every page loads without console errors, uncaught exceptions, failed
  requests or HTTP errors, in each of the three contexts;
- every <img> has loaded and has meaningful alt text; a chapter's figures
  have different alt text in English and in Indonesian;
- one crawl from the landing page: every internal link and #anchor resolves,
  every chapter is reached, the language switcher leads to the same page in
  the other language, the landing page leads to both languages;
- dark mode: every chart stays readable, judged by pixels: what the reader
  sees (an element screenshot) and the PNG's own pixels laid on the dark page
  (a transparent chart with black labels fails even where the theme paints a
  white backing behind images);
- at 375 px no image or table makes the page scroll sideways;
- the site search (search.html?q=...) finds each chapter by one of its words;
- full-page screenshots of every chapter, both languages, light and dark, at
  1280 px, in ``_build/screenshots/`` beside the site (en-matvec-dark.png).

The browser is found or provisioned by ``tests/browser_provision.py`` (an
executable named in ``$MPSARTICLE_CHROMIUM``, a system Chromium or Chrome,
Playwright's own Chromium, or Debian's installed by apt-get as root); when
there is none, every browser test fails with one line saying what to
install, never a skip.
"""

from __future__ import annotations

import io
import re
import shutil
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
import functools
from functools import partial
from pathlib import Path
from typing import Callable

import numpy as np
import pytest
from PIL import Image

from ..conftest import LANGUAGES, _browser, chapter_names

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 812}
#: Pages Sphinx writes whatever the content (no need to be linked from the landing page).
BOILERPLATE = {"genindex.html", "search.html", "py-modindex.html"}
CHAPTERS = chapter_names()
TIMEOUT_MS = 20_000

#: Alt text that says nothing about the picture.
GENERIC_ALT = {"image", "img", "figure", "fig", "picture", "photo", "chart", "graph", "plot",
               "diagram", "icon", "logo", "alt", "untitled", "gambar", "grafik"}
DRAFT_MARKER = re.compile(r"\b(TODO|FIXME|TBD|XXX|WRITE)\b")
IMAGE_FILE = re.compile(r"^[\w.\-/]+\.(png|jpe?g|gif|svg|webp|avif)$", re.IGNORECASE)

#: Dark-mode readability: luminance (0..255) of a chart's border, of a dark page, and the
#: WCAG contrast ratio between a chart's background and its darkest marks (text, lines).
LIGHT_BORDER = 200
DARK_PAGE = 80
MIN_CONTRAST = 4.5
#: The darkest marks: this percentile of a chart's pixels (labels are a small part of a chart).
INK_PERCENTILE = 0.1
#: Pixels trimmed off each edge first: an element screenshot rounds a box at fractional
#: coordinates outwards, so its outermost rows and columns can be the page behind.
TRIM = 2
#: Hidden while a chart is photographed, so that nothing sticky covers it.
HIDE_OVERLAYS = (".bd-header, .bd-header-article, .header-article, #pst-back-to-top, "
                 ".bd-sidebar-primary, .bd-sidebar-secondary { visibility: hidden !important; }")


# -- serving the site: the server fixture is in conftest.py ------------------------------------------


def _http_status(url: str) -> int | str:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            response.read()
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except OSError as error:
        return f"{type(error).__name__}: {error}"


def _fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read()


# -- the browser: the chromium fixture is in conftest.py (shared with test_accessibility.py) --------


#: Waits for every <img> (lazy ones are made eager) and returns nothing.
_WAIT_FOR_IMAGES = """async () => {
  await Promise.all(Array.from(document.images).map((img) => {
    if (img.complete) return null;
    img.loading = "eager";
    return new Promise((done) => {
      img.addEventListener("load", done, {once: true});
      img.addEventListener("error", done, {once: true});
      setTimeout(done, 10000);
    });
  }));
  if (document.fonts) await document.fonts.ready;
}"""

#: What the tests need from a loaded page.
_COLLECT = """() => {
  const article = document.querySelector(".bd-article");
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && (!el.checkVisibility || el.checkVisibility({visibilityProperty: true}));
  };
  const images = Array.from(document.images).map((img) => ({
    src: img.currentSrc || img.src,
    raw_src: img.getAttribute("src"),
    alt: img.getAttribute("alt"),
    complete: img.complete,
    natural_width: img.naturalWidth,
    figure: (img.closest("figure[id]") || {}).id || null,
    chart: !!(article && article.contains(img)) && visible(img),
  }));
  const text = [];
  if (article) {
    const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      if (node.parentElement.closest("pre, code, script, style, .math, .headerlink, .cell_input")) continue;
      text.push(node.textContent);
    }
  }
  const bg = (el) => getComputedStyle(el).backgroundColor;
  return {
    lang: document.documentElement.lang,
    theme: document.documentElement.dataset.theme || null,
    title: document.title,
    images,
    links: Array.from(document.querySelectorAll("a[href]")).map((a) => [a.getAttribute("href"), a.href]),
    ids: Array.from(document.querySelectorAll("[id]")).map((el) => el.id)
      .concat(Array.from(document.querySelectorAll("a[name]")).map((a) => a.name)),
    switches: Array.from(document.querySelectorAll("a#mpsarticle-lang-switch, a.mpsarticle-lang-switch"))
      .map((a) => a.href),
    text: text.join(" "),
    backgrounds: [bg(document.body), bg(document.documentElement)],
  };
}"""

#: Horizontal overflow at the current viewport: the page's, and each visible img/table's.
_OVERFLOW = """() => {
  const root = document.documentElement;
  const width = Math.min(window.innerWidth, root.clientWidth);
  // Scroll containers of the page layout do not count as an element's own container.
  const layout = ".bd-article-container, .bd-article, .bd-content, .bd-main, .bd-page-width, "
    + ".bd-container, .bd-container__inner, main, body, html";
  const name = (el) => {
    let s = el.tagName.toLowerCase();
    if (el.id) s += "#" + el.id;
    if (el.tagName === "IMG") s += `[src="${el.getAttribute("src")}"]`;
    else if (typeof el.className === "string" && el.className.trim())
      s += "." + el.className.trim().split(/\\s+/).join(".");
    return s;
  };
  const wide = [];
  for (const el of document.querySelectorAll("img, table")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (el.checkVisibility && !el.checkVisibility({visibilityProperty: true})) continue;
    let scroller = null;
    for (let p = el.parentElement; p && !p.matches(layout); p = p.parentElement) {
      const ox = getComputedStyle(p).overflowX;
      if (ox === "auto" || ox === "scroll") { scroller = p; break; }
    }
    const box = (scroller || el).getBoundingClientRect();
    if (box.right > width + 1 || box.left < -1)
      wide.push(`${name(el)}${scroller ? " (its scroll container " + name(scroller) + ")" : ""} `
        + `spans x=${Math.round(box.left)}..${Math.round(box.right)} in a ${width}px viewport`);
  }
  // When the page is wider than the viewport: the elements that stick out of their parent
  // (not clipped or scrolled by a container that fits), named for the failure message.
  const culprits = [];
  if (root.scrollWidth > width + 1) {
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= width + 1) continue;
      if (el.checkVisibility && !el.checkVisibility({visibilityProperty: true})) continue;
      if (getComputedStyle(el).position === "fixed") continue;
      const parent = el.parentElement;
      if (parent && parent !== document.body && parent.getBoundingClientRect().right > width + 1) continue;
      let contained = false;
      for (let p = parent; p && p !== document.body && p !== root; p = p.parentElement)
        if (getComputedStyle(p).overflowX !== "visible" && p.getBoundingClientRect().right <= width + 1) {
          contained = true; break;
        }
      if (!contained)
        culprits.push(`${name(el)} "${(el.textContent || "").replace(/\\s+/g, " ").trim().slice(0, 60)}" reaches x=${Math.round(r.right)}`);
      if (culprits.length >= 5) break;
    }
  }
  return {inner_width: window.innerWidth, client_width: root.clientWidth,
          scroll_width: root.scrollWidth, wide, culprits};
}"""


@dataclass
class Visit:
    """One page load, with everything that went wrong while loading it."""

    url: str
    mode: str
    status: int | None = None
    problems: list[str] = field(default_factory=list)
    data: dict = field(default_factory=dict)
    extra: dict = field(default_factory=dict)

    @property
    def ids(self) -> set[str]:
        return set(self.data.get("ids", ()))


class Browsing:
    """A browser context (one colour mode, one viewport) and one page whose loads are instrumented.

    One page serves every visit (a new page costs more than a navigation); each visit
    collects what goes wrong from its navigation until the page has settled again.
    """

    def __init__(self, chromium, base: str, *, mode: str, theme: str, viewport: dict):
        self.base, self.mode, self.theme = base, mode, theme
        self.context = chromium.new_context(viewport=viewport, color_scheme=theme, service_workers="block",
                                            reduced_motion="reduce")
        self.context.set_default_timeout(TIMEOUT_MS)
        # pydata-sphinx-theme reads the colour mode from localStorage before it paints.
        self.context.add_init_script(
            f"try {{ localStorage.setItem('mode', '{theme}'); localStorage.setItem('theme', '{theme}'); }}"
            " catch (e) {}"
        )
        self._problems: list[str] = []
        self._in_flight: set = set()
        # Every URL outside the site is aborted (matched in the browser, so the site's own
        # requests are never held up) and counted as a failure of the visit.
        self.context.route(re.compile("^(?!" + re.escape(base) + ")"), self._block)
        self.page = page = self.context.new_page()
        page.on("console", self._console)
        page.on("pageerror", lambda error: self._problems.append(f"uncaught exception: {error}"))
        page.on("request", lambda request: self._in_flight.add(request))
        page.on("requestfinished", lambda request: self._in_flight.discard(request))
        page.on("requestfailed", self._failed)
        page.on("response", self._response)

    def _block(self, route):
        self._problems.append(f"request to another host blocked (the site must be self-contained): "
                              f"{route.request.url}")
        route.abort("blockedbyclient")

    def _console(self, message):
        if message.type == "error":
            where = message.location or {}
            self._problems.append(f"console error: {message.text} "
                                  f"(at {where.get('url')}:{where.get('lineNumber')})")

    def _failed(self, request):
        self._in_flight.discard(request)
        if request.url.startswith(self.base):  # other hosts are reported as blocked
            self._problems.append(f"request failed: {request.url} ({request.failure})")

    def _response(self, response):
        if response.status >= 400:
            self._problems.append(f"HTTP {response.status}: {response.url}")

    def _settle(self, seconds: float = 5):
        """Until no request of the page is in flight (at most ``seconds``)."""
        deadline = time.monotonic() + seconds
        while self._in_flight and time.monotonic() < deadline:
            self.page.wait_for_timeout(20)

    def visit(self, url: str, action: Callable | None = None) -> Visit:
        """Load ``url``, wait for its images, read it; then ``action(page, visit)``, if given."""
        visit = Visit(url, self.mode)
        self._problems, self._in_flight = visit.problems, set()
        page = self.page
        try:
            response = page.goto(url, wait_until="load")
            visit.status = response.status if response else None
            if self.theme == "dark":
                try:
                    page.wait_for_function("document.documentElement.dataset.theme === 'dark'", timeout=5000)
                except Exception:  # noqa: BLE001 - recorded in visit.data: the dark-mode test reports it
                    pass
            page.evaluate(_WAIT_FOR_IMAGES)
            self._settle()
            visit.data = page.evaluate(_COLLECT)
            if action is not None:
                action(page, visit)
                self._settle()
        except Exception as error:  # noqa: BLE001 - a page that cannot be read is a failure
            visit.problems.append(f"could not load and read the page: {type(error).__name__}: {error}")
        finally:
            self._problems = []  # late events of this page no longer count against it
        return visit

    def close(self):
        self.context.close()


# -- the site's pages ------------------------------------------------------------------------------


def site_pages(site: Path) -> list[str]:
    """Every page of both languages, as paths under the site (en/matvec.html)."""
    pages = []
    for lang in LANGUAGES:
        for path in sorted((site / lang).rglob("*.html")):
            rel = path.relative_to(site)
            if not any(part.startswith("_") for part in rel.parts):
                pages.append(rel.as_posix())
    return pages


def _chapter_page(lang: str, chapter: str) -> str:
    return f"{lang}/{chapter}.html"


def _normalise(url: str, base: str) -> str | None:
    """The site's URL of a file, without query or fragment; None for other hosts and schemes."""
    parts = urllib.parse.urlsplit(url)
    if f"{parts.scheme}://{parts.netloc}/" != base:
        return None
    path = parts.path + ("index.html" if parts.path.endswith("/") else "")
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc, path, "", ""))


def _is_html(url: str) -> bool:
    return urllib.parse.urlsplit(url).path.endswith((".html", ".htm"))


@pytest.fixture(scope="session")
def screenshots(site: Path) -> Path:
    """``_build/screenshots/`` beside the site, emptied at the start of the session."""
    folder = site.parent / "screenshots"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


@pytest.fixture(scope="session")
def light(chromium, server):
    browsing = Browsing(chromium, server, mode="light", theme="light", viewport=DESKTOP)
    yield browsing
    browsing.close()


@dataclass
class Crawl:
    base: str
    visits: dict[str, Visit]  # HTML pages, by URL
    resources: dict[str, int | str]  # other files linked to: HTTP status (or the error)
    links: list[tuple[str, str, str]]  # (page, href as written, absolute URL)
    reached: set[str]  # URLs reached by following links from the landing page

    def page(self, rel: str) -> Visit:
        visit = self.visits.get(self.base + rel)
        assert visit is not None, f"{rel} is not in the site"
        return visit


@pytest.fixture(scope="session")
def crawl(site, server, light, screenshots) -> Crawl:
    """Every page reached from the landing page, following <a href>; then any page not reached.

    Chapters are photographed (light, full page) on the way.
    """
    shots = {server + _chapter_page(lang, chapter): screenshots / f"{lang}-{chapter}-light.png"
             for lang in LANGUAGES for chapter in CHAPTERS}

    def photograph(path: Path):
        return lambda page, visit: page.screenshot(path=str(path), full_page=True, animations="disabled")

    visits: dict[str, Visit] = {}
    resources: dict[str, int | str] = {}
    links: list[tuple[str, str, str]] = []
    start = server + "index.html"
    queue, seen = [start], {start}
    while queue:
        url = queue.pop(0)
        if not _is_html(url):
            resources[url] = _http_status(url)
            continue
        visit = visits[url] = light.visit(url, photograph(shots[url]) if url in shots else None)
        for raw, absolute in visit.data.get("links", ()):
            target = _normalise(absolute, server)
            if target is None:
                continue
            links.append((url, raw, absolute))
            if target not in seen:
                seen.add(target)
                queue.append(target)
    for rel in site_pages(site):
        url = server + rel
        if url not in visits:
            visits[url] = light.visit(url, photograph(shots[url]) if url in shots else None)
    return Crawl(server, visits, resources, links, seen)


def _luminance(rgb) -> np.ndarray:
    """Luminance (0..255) of sRGB pixels, as they are stored."""
    a = np.asarray(rgb, dtype=np.float64)
    return 0.2126 * a[..., 0] + 0.7152 * a[..., 1] + 0.0722 * a[..., 2]


def _relative_luminance(rgb) -> np.ndarray:
    """WCAG relative luminance (0..1) of sRGB pixels."""
    c = np.asarray(rgb, dtype=np.float64) / 255
    c = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return 0.2126 * c[..., 0] + 0.7152 * c[..., 1] + 0.0722 * c[..., 2]


def _border(a, width: int = 3, corner: int = 8):
    """The pixels of a frame ``width`` wide along the edges, rounded corners left out."""
    h, w = a.shape[:2]
    return np.concatenate([a[:width, corner:w - corner].reshape(-1, *a.shape[2:]),
                           a[h - width:, corner:w - corner].reshape(-1, *a.shape[2:]),
                           a[corner:h - corner, :width].reshape(-1, *a.shape[2:]),
                           a[corner:h - corner, w - width:].reshape(-1, *a.shape[2:])])


def readability(image) -> dict:
    """How a picture reads: its border's luminance and the contrast of its darkest marks.

    ``border``: median luminance (0..255) of a frame 3 px wide inside the picture's edge (the
    median, not the mean: an axis drawn along the edge of a chart is not its background);
    ``contrast``: WCAG contrast ratio between the border's median colour and the darkest marks.
    """
    rgb = np.asarray(image.convert("RGB"))
    rgb = rgb[TRIM:rgb.shape[0] - TRIM, TRIM:rgb.shape[1] - TRIM]
    border_rgb = _border(rgb)
    background = float(np.median(_relative_luminance(border_rgb)))
    ink = float(np.percentile(_relative_luminance(rgb), INK_PERCENTILE))
    return {
        "border": float(np.median(_luminance(border_rgb))),
        "contrast": (max(background, ink) + 0.05) / (min(background, ink) + 0.05),
        "size": image.size,
    }


def _css_rgb(color: str) -> tuple[int, int, int, float] | None:
    match = re.match(r"rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)", color or "")
    if not match:
        return None
    alpha = match.group(4)
    a = 1.0 if alpha is None else (float(alpha[:-1]) / 100 if alpha.endswith("%") else float(alpha))
    return round(float(match.group(1))), round(float(match.group(2))), round(float(match.group(3))), a


def page_background(backgrounds: list[str]) -> tuple[int, int, int]:
    """The colour behind the page: the body's, else the root's, else white."""
    for color in backgrounds:
        parsed = _css_rgb(color)
        if parsed and parsed[3] > 0.5:
            return parsed[:3]
    return 255, 255, 255


class Dark:
    """Chapters in dark mode at 1280 px: charts photographed and measured, pages photographed."""

    def __init__(self, chromium, base: str, screenshots: Path):
        self.browsing = Browsing(chromium, base, mode="dark", theme="dark", viewport=DESKTOP)
        self.base, self.screenshots = base, screenshots
        self.visits: dict[tuple[str, str], Visit] = {}

    def visit(self, lang: str, chapter: str) -> Visit:
        key = (lang, chapter)
        if key not in self.visits:
            shot = self.screenshots / f"{lang}-{chapter}-dark.png"
            self.visits[key] = self.browsing.visit(self.base + _chapter_page(lang, chapter),
                                                   partial(self._measure, shot))
        return self.visits[key]

    def _measure(self, shot: Path, page, visit: Visit):
        page.screenshot(path=str(shot), full_page=True, animations="disabled")
        background = page_background(visit.data["backgrounds"])
        charts = []
        images = page.locator("img")
        for index, info in enumerate(visit.data["images"]):
            if not info["chart"] or not info["complete"] or info["natural_width"] <= 0:
                continue  # an image that did not load: test_images_load_... reports it
            image = images.nth(index)
            seen = Image.open(io.BytesIO(image.screenshot(animations="disabled", style=HIDE_OVERLAYS)))
            own = Image.open(io.BytesIO(_fetch(info["src"]))).convert("RGBA")
            alpha = _border(np.asarray(own)[..., 3])
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
def dark(chromium, server, screenshots):
    session = Dark(chromium, server, screenshots)
    yield session
    session.close()


@pytest.fixture(scope="session")
def phone(chromium, server, site) -> dict[str, Visit]:
    """The landing page and every page but Sphinx's boilerplate at 375 px wide, with its horizontal overflow."""
    browsing = Browsing(chromium, server, mode="375px", theme="light", viewport=PHONE)

    def overflow(page, visit):
        visit.extra["overflow"] = page.evaluate(_OVERFLOW)

    try:
        pages = ["index.html", *(rel for rel in site_pages(site) if rel.rsplit("/", 1)[-1] not in BOILERPLATE)]
        return {rel: browsing.visit(server + rel, overflow) for rel in pages}
    finally:
        browsing.close()


def _report(failures: list[str], what: str) -> str:
    return f"{what}:\n  " + "\n  ".join(failures)


# -- the tests -------------------------------------------------------------------------------------


def test_a_browser_is_available():
    found = _browser()
    assert not isinstance(found, str), found


def test_every_chapter_page_exists(site):
    missing = [_chapter_page(lang, c) for lang in LANGUAGES for c in CHAPTERS
               if not (site / _chapter_page(lang, c)).is_file()]
    assert not missing, _report(missing, f"chapters of docs/en with no page in {site}")


def _load_failures(visits) -> list[str]:
    failures = []
    for visit in visits:
        if visit.status not in (200, 304):
            failures.append(f"{visit.url} [{visit.mode}]: HTTP status {visit.status}")
        failures += [f"{visit.url} [{visit.mode}]: {problem}" for problem in visit.problems]
    return failures


def test_pages_load_cleanly_light(crawl, site):
    """Light, 1280 px: every page, the landing page included (a link to a missing page is
    test_internal_links_and_anchors_resolve's failure)."""
    pages = [v for url, v in crawl.visits.items() if (site / url[len(crawl.base):]).is_file()]
    failures = _load_failures(pages)
    assert not failures, _report(failures, "pages that did not load cleanly")


def test_pages_load_cleanly_dark(dark):
    """Dark, 1280 px: every chapter in both languages."""
    visits = [dark.visit(lang, chapter) for lang in LANGUAGES for chapter in CHAPTERS]
    failures = _load_failures(visits)
    assert not failures, _report(failures, "pages that did not load cleanly in dark mode")


def test_pages_load_cleanly_375px(phone):
    failures = _load_failures(phone.values())
    assert not failures, _report(failures, "pages that did not load cleanly at 375 px")


def _alt_problem(alt: str | None, src: str) -> str | None:
    if alt is None:
        return "no alt attribute"
    text = alt.strip()
    name = urllib.parse.unquote(urllib.parse.urlsplit(src or "").path).rsplit("/", 1)[-1]
    if not text:
        return "empty alt text"
    if text.lower() in GENERIC_ALT:
        return f"generic alt text {alt!r}"
    if text == name or text == name.rsplit(".", 1)[0] or IMAGE_FILE.match(text) or re.fullmatch(r"[0-9a-f]{16,}", text):
        return f"alt text is a file name: {alt!r}"
    if DRAFT_MARKER.search(text):
        return f"alt text is still a draft: {alt!r}"
    if len(text.split()) < 3:
        return f"alt text too short to describe anything: {alt!r}"
    return None


def test_images_load_and_have_meaningful_alt_text(crawl):
    failures = []
    for url, visit in crawl.visits.items():
        for image in visit.data.get("images", ()):
            where = f"{url}: <img src={image['raw_src']!r}>"
            if not image["complete"] or image["natural_width"] <= 0:
                failures.append(f"{where} did not load")
            problem = _alt_problem(image["alt"], image["src"])
            if problem:
                failures.append(f"{where}: {problem}")
    assert not failures, _report(failures, "images")


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_figure_alt_text_is_in_the_page_language(crawl, chapter):
    pages = {lang: crawl.page(_chapter_page(lang, chapter)) for lang in LANGUAGES}
    for lang, visit in pages.items():
        assert visit.data.get("lang") == lang, f"{visit.url}: <html lang={visit.data.get('lang')!r}>, not {lang!r}"
    figures = {lang: {i["figure"]: i["alt"] for i in v.data["images"] if i["chart"] and i["figure"]}
               for lang, v in pages.items()}
    assert figures["en"].keys() == figures["id"].keys(), (
        f"{chapter}: the languages have different figures: en {sorted(figures['en'])}, id {sorted(figures['id'])}")
    same = [f"#{name}: {alt!r}" for name, alt in figures["en"].items()
            if (alt or "").strip().lower() == (figures["id"][name] or "").strip().lower()]
    assert not same, _report(same, f"{chapter}: figures whose Indonesian alt text is the English one")


def test_crawl_from_the_landing_page_reaches_every_page(crawl, site):
    unreached = [rel for rel in site_pages(site)
                 if rel.rsplit("/", 1)[-1] not in BOILERPLATE and crawl.base + rel not in crawl.reached]
    assert not unreached, _report(unreached, "pages no link leads to from the landing page")


def test_internal_links_and_anchors_resolve(crawl):
    failures = []
    for page, raw, absolute in crawl.links:
        target = _normalise(absolute, crawl.base)
        fragment = urllib.parse.unquote(urllib.parse.urlsplit(absolute).fragment)
        where = f"{page}: <a href={raw!r}>"
        if target in crawl.resources:
            status = crawl.resources[target]
            if status != 200:
                failures.append(f"{where}: {target} answers {status}")
            continue
        visit = crawl.visits[target]
        if visit.status not in (200, 304) or not visit.data:
            failures.append(f"{where}: {target} did not load (HTTP {visit.status})")
        elif fragment and fragment not in visit.ids:
            failures.append(f"{where}: no element with id {fragment!r} in {target}")
    assert crawl.links, "the crawl found no internal links"
    assert not failures, _report(sorted(set(failures)), "broken internal links")


def test_language_switcher_leads_to_the_same_page_in_the_other_language(crawl, site):
    failures = []
    for rel in site_pages(site):
        lang, path = rel.split("/", 1)
        other = next(code for code in LANGUAGES if code != lang)
        visit = crawl.page(rel)
        switches = visit.data.get("switches", [])
        if not switches:
            failures.append(f"{rel}: no language switcher (#mpsarticle-lang-switch)")
            continue
        expected = crawl.base + f"{other}/{path}"
        for href in switches:
            if _normalise(href, crawl.base) != expected:
                failures.append(f"{rel}: the switcher leads to {href}, not {expected}")
        target = crawl.visits.get(expected)
        if target is None or target.status not in (200, 304):
            failures.append(f"{rel}: {expected} did not load")
        elif target.data.get("lang") != other:
            failures.append(f"{rel}: {expected} declares <html lang={target.data.get('lang')!r}>, not {other!r}")
    assert not failures, _report(failures, "language switchers")


def test_landing_page_leads_to_both_languages(crawl):
    landing = crawl.page("index.html")
    targets = {_normalise(absolute, crawl.base) for _, absolute in landing.data.get("links", ())}
    for lang in LANGUAGES:
        home = crawl.base + f"{lang}/index.html"
        assert home in targets, f"the landing page has no link to {lang}/index.html (links: {sorted(filter(None, targets))})"
        assert crawl.visits[home].status in (200, 304)
        assert crawl.visits[home].data.get("lang") == lang


@pytest.mark.parametrize("chapter", CHAPTERS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_charts_stay_readable_in_dark_mode(dark, lang, chapter):
    visit = dark.visit(lang, chapter)
    assert visit.data, f"{visit.url} could not be read: {visit.problems}"
    assert visit.data["theme"] == "dark", f"{visit.url}: dark mode did not take (data-theme={visit.data['theme']!r})"
    page = visit.extra["page_background"]
    page_luminance = float(_luminance(page))
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


@pytest.mark.parametrize("where", ["landing", *LANGUAGES])
def test_nothing_scrolls_sideways_at_375px(phone, where):
    pages = {rel: v for rel, v in phone.items() if (rel == "index.html") == (where == "landing")
             and (where == "landing" or rel.startswith(where + "/"))}
    assert pages
    failures = []
    for rel, visit in pages.items():
        overflow = visit.extra.get("overflow")
        if overflow is None:
            failures.append(f"{rel}: could not be measured ({visit.problems})")
            continue
        width = min(overflow["inner_width"], overflow["client_width"])
        if overflow["scroll_width"] > width + 1:
            failures.append(f"{rel}: the page is {overflow['scroll_width']} px wide in a {width} px viewport "
                            f"(sticking out: {'; '.join(overflow['culprits']) or 'not found'})")
        failures += [f"{rel}: {wide}" for wide in overflow["wide"]]
    assert not failures, _report(failures, "sideways scrolling at 375 px")


def _words(text: str) -> list[str]:
    """Words as the search index splits them, letters only and long enough to be distinctive."""
    return [w for w in re.split(r"\W+", text.lower()) if len(w) >= 7 and w.isalpha()]


def distinctive_word(crawl: Crawl, lang: str, chapter: str) -> str | None:
    """A word of the chapter's prose found in no other page of its language."""
    pages = site_pages_of(crawl, lang)
    elsewhere = set()
    for rel in pages:
        if rel != _chapter_page(lang, chapter):
            elsewhere.update(_words(crawl.page(rel).data.get("text", "")) + _words(crawl.page(rel).data.get("title", "")))
    counts = Counter(w for w in _words(crawl.page(_chapter_page(lang, chapter)).data.get("text", ""))
                     if w not in elsewhere)
    return min(counts, key=lambda w: (-counts[w], w)) if counts else None


def site_pages_of(crawl: Crawl, lang: str) -> list[str]:
    prefix = crawl.base + lang + "/"
    return [url[len(crawl.base):] for url in crawl.visits if url.startswith(prefix)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_site_search_finds_each_chapter(crawl, light, lang):
    failures, searched = [], 0
    for chapter in CHAPTERS:
        if chapter == "index":
            continue
        word = distinctive_word(crawl, lang, chapter)
        if word is None:
            failures.append(f"{lang}/{chapter}: no word of its own to search for")
            continue
        url = crawl.base + f"{lang}/search.html?q={urllib.parse.quote(word)}"

        def results(page, visit):
            # Finished: searchtools.js has set up its results and stopped its progress dots.
            page.wait_for_function("() => typeof Search !== 'undefined' && !!Search.title"
                                   " && Search._pulse_status === -1")
            visit.extra["results"] = page.eval_on_selector_all("#search-results ul.search li a[href]",
                                                               "els => els.map(a => a.href)")

        visit = light.visit(url, results)
        searched += 1
        found = {_normalise(href, crawl.base) for href in visit.extra.get("results", [])}
        if crawl.base + _chapter_page(lang, chapter) not in found:
            failures.append(f"search.html?q={word}: {lang}/{chapter}.html not among the results "
                            f"{sorted(filter(None, found))} {visit.problems}")
        failures += [f"search.html?q={word}: {problem}" for problem in visit.problems]
    assert searched, "no chapter to search for"
    assert not failures, _report(failures, "site search")


def test_screenshots_of_every_chapter(crawl, dark, screenshots, capsys):
    for lang in LANGUAGES:
        for chapter in CHAPTERS:
            dark.visit(lang, chapter)
    missing, wrong = [], []
    for lang in LANGUAGES:
        for chapter in CHAPTERS:
            for mode in ("light", "dark"):
                path = screenshots / f"{lang}-{chapter}-{mode}.png"
                if not path.is_file():
                    missing.append(path.name)
                    continue
                with Image.open(path) as shot:
                    if shot.size[0] != DESKTOP["width"] or shot.size[1] < 200:
                        wrong.append(f"{path.name}: {shot.size}")
    with capsys.disabled():
        print(f"\nbrowser screenshots: {screenshots}")
    assert not missing, _report(missing, f"screenshots not written to {screenshots}")
    assert not wrong, _report(wrong, "screenshots of the wrong size")
