"""Print every glued sentence of a built site, chapter by chapter, in both languages.

    python scripts/glued_sentences.py [_build/html]

For reviewing a build on new hardware (a Mac, the H200): the output is what
a reader of that build reads wherever the text depends on the measurements,
one ``lang chapter key: text`` line per glued value, in the order of the
chapter's source. Needs the test extras (beautifulsoup4).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from bs4 import BeautifulSoup

ROOT = Path(__file__).resolve().parent.parent
GLUE = re.compile(r"\{glue(?::(?:text|any|md))?\}`(?P<key>[^`:]+)(?::[^`]*)?`")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def keys(source: Path) -> list[str]:
    """The glue keys of a chapter in the order the prose quotes them (code blocks left out)."""
    return [m["key"] for m in GLUE.finditer(FENCE.sub("", source.read_text(encoding="utf-8")))]


def spans(page: Path) -> list[str]:
    soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
    article = soup.find("article") or soup
    return [" ".join(s.get_text().split()) for s in article.find_all("span", class_="pasted-text")]


def main(site: Path) -> int:
    for lang in ("en", "id"):
        for source in sorted((ROOT / "docs" / lang).glob("*.md")):
            page = site / lang / f"{source.stem}.html"
            found = spans(page) if page.exists() else []
            for key, text in zip(keys(source), found, strict=False):
                print(f"{lang} {source.stem} {key}: {text}")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "_build" / "html"))
