"""Full-page screenshots of every chapter, both languages, light and dark, at 1280 px and at a phone's 390 px: for a
person to look at.

    make screenshots        (or: .venv/bin/python scripts/screenshots.py [_build/html])

Writes ``_build/screenshots/<lang>-<chapter>-<light|dark>-<1280|390>.png`` beside the
site and prints the folder. The browser tests check what can be checked; these
pictures are for reviewing a build by eye (a new theme, a Mac's charts). It
drives the browser the tests drive (tests/browser_provision.py) the way they
drive it (tests/browser/browsing.py), and exits 1 with one line when there is
no built site or no browser.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the tests' browser helpers, as `python scripts/screenshots.py` runs

from tests.browser.browsing import DESKTOP, Browsing, serving  # noqa: E402
from tests.browser_provision import LAUNCH_ARGS, NoBrowser, provision  # noqa: E402
from tests.conftest import LANGUAGES, chapter_names  # noqa: E402

MODES = ("light", "dark")
#: A desktop, and a phone as wide as most of today's iPhones (the browser tests check 375 px, narrower still).
VIEWPORTS = (DESKTOP, {"width": 390, "height": 844})


def main(argv: list[str]) -> int:
    site = Path(argv[0]) if argv else ROOT / "_build" / "html"
    if not all((site / lang / "index.html").is_file() for lang in LANGUAGES):
        print(f"screenshots: no built site at {site}: run `make html` first", file=sys.stderr)
        return 1
    try:
        browser = provision()
    except NoBrowser as exc:
        print(f"screenshots: {exc}", file=sys.stderr)
        return 1
    folder = site.parent / "screenshots"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    from playwright.sync_api import sync_playwright

    problems = []
    with serving(site) as base, sync_playwright() as playwright:
        chromium = playwright.chromium.launch(headless=True, args=list(LAUNCH_ARGS), **browser.launch)
        for mode in MODES:
            for viewport in VIEWPORTS:
                browsing = Browsing(chromium, base, mode=mode, theme=mode, viewport=viewport)
                for lang in LANGUAGES:
                    for chapter in chapter_names():
                        shot = folder / f"{lang}-{chapter}-{mode}-{viewport['width']}.png"
                        visit = browsing.visit(f"{base}{lang}/{chapter}.html", lambda page, _, shot=shot:
                                               page.screenshot(path=str(shot), full_page=True, animations="disabled"))
                        problems += [f"{visit.url} [{mode}, {viewport['width']} px]: {problem}"
                                     for problem in visit.problems]
                browsing.close()
        chromium.close()
    for problem in problems:
        print(f"screenshots: {problem}", file=sys.stderr)
    print(f"screenshots: {len(list(folder.glob('*.png')))} pictures in {folder}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
