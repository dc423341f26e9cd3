"""Shared fixtures. The site tests read the built site: `make test` builds it first (quick profile).

The browser fixtures (``server``: the built site on 127.0.0.1; ``chromium``:
one headless Chromium or Chrome, found or installed by
``browser_provision.py``, driven by Playwright) live here so that every
browser test module (test_browser.py, test_accessibility.py) shares the one
session's browser: Playwright's sync API allows one running instance.
"""

from __future__ import annotations

import functools
import os
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "id")


LAYERS = {
    "unit": "fast tests in one process: no site, no browser, no measuring command",
    "commands": "programs run as a user runs them: the command line measuring, make, the workflow auditors",
    "site": "the built pages (`make html PROFILE=quick` first)",
    "browser": "the built pages in Chromium or Chrome, driven by Playwright",
}


#: Hypothesis profiles. "quick" (the default) draws a few examples per property, so that
#: `pytest tests/unit` stays under half a minute on a 2-core machine; "thorough" draws many more
#: and is what `make test` (and so CI) runs: `pytest --hypothesis-profile=thorough`. Examples are
#: slow to draw and render (a whole result set, every chapter's sentences), hence no deadline.
settings.register_profile("quick", max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("quick")


def pytest_configure(config: pytest.Config) -> None:
    for name, what in LAYERS.items():
        config.addinivalue_line("markers", f"{name}: {what}")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Each test is marked with its layer, the folder it lives in (``-m unit``, ``-m "not browser"``)."""
    for item in items:
        layer = Path(str(item.fspath)).resolve().relative_to(ROOT / "tests").parts[0]
        if layer not in LAYERS:
            raise pytest.UsageError(f"{item.nodeid}: tests live in one of tests/{{{','.join(LAYERS)}}}/")
        item.add_marker(getattr(pytest.mark, layer))


@pytest.fixture(scope="session")
def site() -> Path:
    """The built site, ``_build/html`` (or ``$MPSARTICLE_SITE``); a missing site is a failure, not a skip."""
    path = Path(os.environ.get("MPSARTICLE_SITE", ROOT / "_build" / "html"))
    if not (path / "index.html").exists() or not all((path / lang / "index.html").exists() for lang in LANGUAGES):
        pytest.fail(f"no built site at {path}: run `make html PROFILE=quick` first (`make test` does)")
    return path


def chapter_names() -> list[str]:
    """The chapters, by file name, of the English tree (the Indonesian must match)."""
    return sorted(p.stem for p in (ROOT / "docs" / "en").glob("*.md"))


# -- the browser tests' site server and browser -----------------------------------------------------

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


@pytest.fixture(scope="session")
def server(site: Path):
    """The built site on http://127.0.0.1:<free port>/ (a background thread)."""
    httpd = _QuietServer(("127.0.0.1", 0), partial(_QuietHandler, directory=str(site)))
    thread = threading.Thread(target=httpd.serve_forever, name="site-server", daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()
    httpd.server_close()
    thread.join(timeout=5)


@functools.lru_cache(maxsize=1)
def _browser():
    """The browser to drive (tests/browser_provision.py), or the one line saying what to install."""
    from .browser_provision import NoBrowser, provision

    try:
        return provision()
    except NoBrowser as exc:
        return str(exc)


@pytest.fixture(scope="session")
def chromium():
    """One headless Chromium (or Chrome) for the session, shared by every browser test module."""
    from .browser_provision import LAUNCH_ARGS

    found = _browser()
    if isinstance(found, str):
        pytest.fail(found, pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(headless=True, args=list(LAUNCH_ARGS), **found.launch)
        yield browser
        browser.close()
