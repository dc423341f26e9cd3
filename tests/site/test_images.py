"""The images of the built site, read from its HTML: glued figures are real PNGs, every alt text says something.

- every glued figure of a chapter is in the page, a PNG file of the site;
- every <img> of every page has alt text that describes: not empty, not
  generic ("image", "grafik"), not a file name, not a draft marker, at least
  three words;
- a chapter's figures have the same names in both languages, and each its own
  alt text in each (an Indonesian figure with the English alt text fails).

That the browser fetches and draws them is tests/browser's.
"""

from __future__ import annotations

import re
import struct
import urllib.parse
from pathlib import Path

import pytest

from ..chapters import glue_figures, source
from ..conftest import LANGUAGES, chapter_names
from .pages import article_of, language_pages, local, page, parse

CHAPTERS = chapter_names()
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: Alt text that says nothing about the picture.
GENERIC_ALT = {"image", "img", "figure", "fig", "picture", "photo", "chart", "graph", "plot",
               "diagram", "icon", "logo", "alt", "untitled", "gambar", "grafik"}
DRAFT_MARKER = re.compile(r"\b(TODO|FIXME|TBD|XXX|WRITE)\b")
IMAGE_FILE = re.compile(r"^[\w.\-/]+\.(png|jpe?g|gif|svg|webp|avif)$", re.IGNORECASE)


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE, "not a PNG (no PNG signature)"
    assert data[12:16] == b"IHDR", "no IHDR chunk first"
    return struct.unpack(">II", data[16:24])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_glued_figures_are_real_images(site, lang, chapter):
    where = f"{lang}/{chapter}.html"
    soup = page(site, lang, chapter)
    article = article_of(soup, where)
    expected = glue_figures(source(lang, chapter))
    figures = [figure for figure in article.find_all("figure") if figure.find("img")]
    assert len(figures) >= len(expected), (
        f"{where}: {len(expected)} glued figures in the source, {len(figures)} figures with an image in the page")
    for key, name in expected:
        if name:
            figure = article.find(id=name)
            assert figure is not None and figure.find("img") is not None, (
                f"{where}: glued figure {key} (:name: {name}) has no <img> in the page")
    in_figures = [img for figure in figures for img in figure.find_all("img")]
    for img in article.find_all("img"):
        src = img.get("src") or ""
        path = site / lang / (local(src) or "")
        assert local(src) and path.is_file(), f"{where}: image {src!r} does not resolve to a file"
        if img in in_figures:
            try:
                width, height = _png_size(path.read_bytes()[:24])
            except AssertionError as exc:
                raise AssertionError(f"{where}: figure image {src!r} ({path}): {exc}") from None
            assert width > 0 and height > 0, f"{where}: figure image {src!r} is {width}×{height} pixels"
            # Sharp on a high-density screen (every Mac's): the PNG holds twice the pixels it is shown at.
            shown = img.get("width")
            assert shown and shown.isdigit(), f"{where}: figure image {src!r} has no width to be shown at"
            assert width >= 2 * int(shown), (f"{where}: figure image {src!r} is {width} pixels wide, shown at "
                                             f"{shown}: not twice the pixels (blurry on a Retina screen)")


def alt_problem(alt: str | None, src: str) -> str | None:
    """What is wrong with an image's alt text, or None."""
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


def test_the_alt_text_check_finds_each_problem():
    assert alt_problem(None, "a.png") == "no alt attribute" and alt_problem(" ", "a.png") == "empty alt text"
    assert alt_problem("Grafik", "a.png").startswith("generic")
    assert alt_problem("a", "_images/a.png").startswith("alt text is a file")
    assert alt_problem("WRITE the alt text", "a.png").startswith("alt text is still a draft")
    assert alt_problem("two words", "a.png").startswith("alt text too short")
    assert alt_problem("Time of B @ a on the CPU and the GPU", "a.png") is None


@pytest.mark.parametrize("where", ["landing", *LANGUAGES])
def test_every_image_has_alt_text_that_describes_it(site, where):
    paths = [site / "index.html"] if where == "landing" else language_pages(site, where)
    failures, images = [], 0
    for path in paths:
        for img in parse(path).find_all("img"):
            images += 1
            problem = alt_problem(img.get("alt"), img.get("src") or "")
            if problem:
                failures.append(f"{path.relative_to(site)}: <img src={img.get('src')!r}>: {problem}")
    assert images or where == "landing", f"{where}: no images at all"
    assert not failures, "images without a describing alt text:\n  " + "\n  ".join(failures)


def _figure_alts(site: Path, lang: str, chapter: str) -> dict[str, str]:
    """Figure id -> the alt text of its image, in the chapter's article."""
    article = article_of(page(site, lang, chapter), f"{lang}/{chapter}.html")
    return {figure["id"]: (figure.find("img").get("alt") or "").strip()
            for figure in article.find_all("figure", id=True) if figure.find("img")}


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_figure_alt_text_is_in_the_page_language(site, chapter):
    figures = {lang: _figure_alts(site, lang, chapter) for lang in LANGUAGES}
    assert figures["en"].keys() == figures["id"].keys(), (
        f"{chapter}: the languages have different figures: en {sorted(figures['en'])}, id {sorted(figures['id'])}")
    same = [f"#{name}: {alt!r}" for name, alt in figures["en"].items() if alt.lower() == figures["id"][name].lower()]
    assert not same, f"{chapter}: figures whose Indonesian alt text is the English one:\n  " + "\n  ".join(same)
