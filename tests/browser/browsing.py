"""Driving the built site in Chromium: the site's server, an instrumented browser context, the pages.

Shared by the browser tests (test_browser.py, test_accessibility.py, through
the fixtures of tests/conftest.py) and ``scripts/screenshots.py``. The
JavaScript run in the pages lives in ``tests/browser/js/``, one file per
function or script, read by :func:`js`.
"""

from __future__ import annotations

import contextlib
import functools
import re
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from ..conftest import LANGUAGES

JS = Path(__file__).resolve().parent / "js"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 812}
TIMEOUT_MS = 20_000
#: How long a visit waits for the theme to switch to dark mode (a page where it never does is
#: reported by the tests that need it, from the ``theme`` the page reports).
DARK_MODE_MS = 5_000


@functools.cache
def js(name: str) -> str:
    """The JavaScript of ``tests/browser/js/<name>.js``, its leading comment lines left out."""
    lines = (JS / f"{name}.js").read_text(encoding="utf-8").splitlines()
    while lines and lines[0].lstrip().startswith("//"):
        lines.pop(0)
    return "\n".join(lines)


# -- serving the site --------------------------------------------------------------------------------

class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        pass  # a browser that drops a connection is not a failure of the site


@contextlib.contextmanager
def serving(site: Path) -> Iterator[str]:
    """The built site on http://127.0.0.1:<free port>/ (a background thread), its base URL."""
    httpd = _QuietServer(("127.0.0.1", 0), partial(_QuietHandler, directory=str(site)))
    thread = threading.Thread(target=httpd.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)


def site_pages(site: Path) -> list[str]:
    """Every page of both languages, as paths under the site (en/matvec.html)."""
    pages = []
    for lang in LANGUAGES:
        for path in sorted((site / lang).rglob("*.html")):
            rel = path.relative_to(site)
            if not any(part.startswith("_") for part in rel.parts):
                pages.append(rel.as_posix())
    return pages


# -- visiting pages ----------------------------------------------------------------------------------

@dataclass
class Visit:
    """One page load, with everything that went wrong while loading it."""

    url: str
    mode: str
    status: int | None = None
    problems: list[str] = field(default_factory=list)
    data: dict = field(default_factory=dict)
    extra: dict = field(default_factory=dict)


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
        self.context.add_init_script(js("colour_mode"))
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
                with contextlib.suppress(Exception):  # the page's theme, read below, tells the tests
                    page.wait_for_function(js("dark_mode_taken"), timeout=DARK_MODE_MS)
            page.evaluate(js("wait_for_images"))
            self._settle()
            page.evaluate(js("wait_for_layout"))
            visit.data = page.evaluate(js("collect"))
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
