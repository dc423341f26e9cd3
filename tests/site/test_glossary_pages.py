"""The built pages use no variant the glossary retires (the sources are tests/repo/test_glossary.py's).

What a reader of each language reads on each page (code, scripts and the
glossary table itself left out, and the other language's switcher), the
page's description and Open Graph text included, and the landing page, each
section in its own language.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from ..conftest import LANGUAGES
from ..glossary import GLOSSARY_CLASS, landing_sections, offences, retired


def page_text(path: Path, lang: str) -> str:
    """What a reader of ``lang`` reads on a built page: no code, scripts or glossary, nor the other language's link."""
    soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
    for tag in soup.find_all(["script", "style", "pre", "code"]):
        tag.decompose()
    for tag in soup.find_all("table", class_=GLOSSARY_CLASS):
        tag.decompose()
    for tag in soup.find_all(attrs={"lang": True}):
        if tag.name != "html" and tag["lang"] != lang:
            tag.decompose()
    meta = [tag.get("content", "") for tag in soup.find_all("meta")
            if tag.get("name") == "description" or (tag.get("property") or "").startswith("og:")]
    return soup.get_text(" ") + " " + " ".join(meta)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_built_pages_use_no_retired_variant(site, lang):
    pages = [p for p in sorted((site / lang).rglob("*.html"))
             if not p.relative_to(site / lang).parts[0].startswith("_")]
    assert pages, f"{site / lang}: no pages"
    found = []
    for path in pages:
        found += offences(page_text(path, lang), retired(lang), str(path.relative_to(site)))
    glossary_pages = [p for p in pages if BeautifulSoup(p.read_text(encoding="utf-8"), "html.parser")
                      .find("table", class_=GLOSSARY_CLASS)]
    assert glossary_pages, f"{site / lang}: no page shows the glossary (table.{GLOSSARY_CLASS})"
    assert not found, "retired variants in the built pages:\n" + "\n".join(found)


def test_built_landing_page_uses_no_retired_variant(site):
    path = site / "index.html"
    found = []
    for lang, text in landing_sections(path):
        found += offences(text, retired(lang), f"{path.name} ({lang})")
    assert not found, "\n".join(found)
