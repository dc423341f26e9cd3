"""Accessibility of the built site: axe-core on every page, in both colour schemes.

axe-core (the ``axe-playwright-python`` package, which ships axe.min.js and
injects it into the page: nothing is fetched) runs on the landing page and on
every page of both languages, in light and in dark mode at 1280 px, in the
same Chromium, served the same way, as the other browser tests: the
session's ``chromium`` and ``server`` fixtures (tests/browser/conftest.py) and
the ``Browsing`` context of tests/browser/browsing.py. No violation of impact "serious" or "critical" may
remain; each one is reported with its rule, help text and the elements it
names.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ..conftest import LANGUAGES
from .browsing import DESKTOP, Browsing, site_pages

#: axe-core impacts that fail the test (the others are "minor" and "moderate").
FAILING_IMPACTS = {"serious", "critical"}
#: Nodes named per violation in a failure message.
SHOWN_NODES = 3


def _pages(site: Path, where: str) -> list[str]:
    if where == "landing":
        return ["index.html"]
    return [rel for rel in site_pages(site) if rel.startswith(f"{where}/")]


def violations(page) -> list[dict]:
    """axe-core's violations on the loaded page."""
    from axe_playwright_python.sync_playwright import Axe

    return Axe().run(page).response["violations"]


def describe(rel: str, violation: dict) -> str:
    nodes = [" ".join(node.get("target", [])) for node in violation.get("nodes", [])]
    more = f"; and {len(nodes) - SHOWN_NODES} more" if len(nodes) > SHOWN_NODES else ""
    shown = "; ".join(nodes[:SHOWN_NODES]) + more
    return f"{rel}: [{violation['impact']}] {violation['id']}: {violation['help']} ({shown})"


@pytest.mark.parametrize("where", ["landing", *LANGUAGES])
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_no_serious_accessibility_violation(chromium, server, site, theme, where):
    browsing = Browsing(chromium, server, mode=f"axe-{theme}", theme=theme, viewport=DESKTOP)
    failures, checked = [], 0
    try:
        for rel in _pages(site, where):
            def audit(page, visit):
                visit.extra["violations"] = violations(page)

            visit = browsing.visit(server + rel, audit)
            if "violations" not in visit.extra:
                failures.append(f"{rel}: axe-core could not run ({visit.problems})")
                continue
            checked += 1
            if theme == "dark" and where != "landing" and visit.data.get("theme") != "dark":
                failures.append(f"{rel}: dark mode did not take (data-theme={visit.data.get('theme')!r})")
            failures += [describe(rel, v) for v in visit.extra["violations"] if v.get("impact") in FAILING_IMPACTS]
    finally:
        browsing.close()
    assert checked, f"no page checked for {where}"
    assert not failures, f"axe-core, {theme} mode: serious or critical violations:\n  " + "\n  ".join(failures)
