"""How long the article is to read: prose a reader meets on the way, per language and on the opening page.

Prose is the text of a page's article that is shown without a click: code,
tables, formulas, the list of contents and the text inside collapsible notes
(``<details>``, which open only when a reader asks) are left out. A reader
who came for the answer reads the opening page; one who came for the whole
story reads every chapter, and notes hold the depth that few need.
"""

from __future__ import annotations

import copy

import pytest

from ..conftest import LANGUAGES
from .pages import article_of, language_pages, page, parse

#: The most words of prose the whole article may hold in one language.
ARTICLE_WORDS = 12_000
#: The most words of prose the opening page may hold.
OPENING_WORDS = 600
#: What is not prose a reader must read through.
NOT_PROSE = "pre, table, .math, script, style, .headerlink, .toctree-wrapper, details, div.cell_input"


def prose_words(soup, where: str) -> int:
    """The words a reader meets in a page's article without opening anything."""
    article = copy.copy(article_of(soup, where))
    for tag in article.select(NOT_PROSE):
        tag.decompose()
    return len(article.get_text(" ").split())


def test_prose_words_leaves_out_what_a_reader_does_not_read_through():
    """Text in a note, a table or code does not count; text around it does."""
    from bs4 import BeautifulSoup

    html = ("<article><p>one two three</p><details><summary>Note</summary><p>four five</p></details>"
            "<table><tr><td>six</td></tr></table><pre>seven</pre><p>eight</p></article>")
    assert prose_words(BeautifulSoup(html, "html.parser"), "example") == 4


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_article_is_at_most_12000_words_of_prose(site, lang):
    counts = {path.stem: prose_words(parse(path), str(path)) for path in language_pages(site, lang)
              if path.stem not in ("search", "genindex")}
    total = sum(counts.values())
    longest = ", ".join(f"{name} {words}" for name, words in sorted(counts.items(), key=lambda kv: -kv[1])[:4])
    assert total <= ARTICLE_WORDS, f"{lang}: {total} words of prose, more than {ARTICLE_WORDS} (longest: {longest})"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_opening_page_is_at_most_600_words_and_its_contents_are_collapsed(site, lang):
    soup = page(site, lang, "index")
    words = prose_words(soup, f"{lang}/index")
    assert words <= OPENING_WORDS, f"{lang}/index.html: {words} words of prose, more than {OPENING_WORDS}"
    notes = [d for d in article_of(soup, f"{lang}/index").find_all("details") if d.select(".toctree-wrapper")]
    assert notes, f"{lang}/index.html: the list of contents is not in a collapsible note"
    assert not any(d.has_attr("open") for d in notes), f"{lang}/index.html: the list of contents starts open"
