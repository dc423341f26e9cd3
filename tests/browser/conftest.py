"""The browser tests' fixtures: the built site served on 127.0.0.1, and one headless Chromium.

Every browser test module (test_browser.py, test_accessibility.py) shares the
session's one browser: Playwright's sync API allows one running instance. The
browser is found or installed by tests/browser_provision.py; when there is
none, every browser test fails with one line saying what to install, never a
skip.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from ..browser_provision import LAUNCH_ARGS, NoBrowser, provision
from .browsing import serving


@pytest.fixture(scope="session")
def server(site: Path):
    """The built site on http://127.0.0.1:<free port>/ (a background thread)."""
    with serving(site) as base:
        yield base


@functools.lru_cache(maxsize=1)
def found_browser():
    """The browser to drive (tests/browser_provision.py), or the one line saying what to install."""
    try:
        return provision()
    except NoBrowser as exc:
        return str(exc)


@pytest.fixture(scope="session")
def chromium():
    """One headless Chromium (or Chrome) for the session, shared by every browser test module."""
    found = found_browser()
    if isinstance(found, str):
        pytest.fail(found, pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(headless=True, args=list(LAUNCH_ARGS), **found.launch)
        yield browser
        browser.close()
