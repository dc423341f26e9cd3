"""The built site (the ``site`` fixture, ``_build/html`` or ``$MPSARTICLE_SITE``; ``make html PROFILE=quick`` first).

Every chapter page in both trees, every glued value filled in and every glued
number the same in both languages, the published data, the device card and
tables, and no traceback, stderr or progress bar anywhere. Links, languages
and the landing page are test_navigation.py's, images and alt text
test_images.py's; the sources are tests/repo/test_chapters.py's, and what only
a browser sees is tests/browser's.
"""

from __future__ import annotations

import csv
import functools
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup, Comment

from mpsarticle.article.chapters import MAY_BE_EMPTY
from mpsarticle.results.model import load

from ..chapters import glue_text_keys_in_order, source
from ..conftest import LANGUAGES, chapter_names
from ..rendering import numbers_in, same_number
from .pages import article_of, language_pages, page, parse

CHAPTERS = chapter_names()
DATA_FILES = ("results.json", "results.csv", "predictions.csv")
#: Chapters whose glued sentences always quote measured numbers (whatever hardware built the site).
MEASURED_CHAPTERS = {"index", "matvec", "timing", "matmul", "training", "method", "verdict"}


# -- the built site: parsing -------------------------------------------------------------

def _is_glue_span(tag) -> bool:
    if tag.name != "span":
        return False
    classes = set(tag.get("class") or ())
    return "pasted-text" in classes or {"output", "text_plain"} <= classes


def _glue_spans(soup: BeautifulSoup, where: str) -> list[str]:
    return [span.get_text() for span in article_of(soup, where).find_all(_is_glue_span)]


@functools.cache
def _results_env_strings(site: Path) -> tuple[str, ...]:
    """Environment text the glue quotes verbatim (CPU and device names, versions): not localised numbers."""
    path = site / "en" / "data" / "results.json"
    if not path.exists():
        return ()
    results = load(path)
    env = results.environment
    found = [env.get("cpu"), env.get("torch"), env.get("python"), env.get("os"), results.created]
    found += [device.get("name") for device in env.get("devices", {}).values() if isinstance(device, dict)]
    return tuple(sorted({str(s) for s in found if s and len(str(s)) >= 4}, key=len, reverse=True))


# -- the built site: chapters ---------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_chapter_has_apage(site, lang):
    missing = [f"{site / lang / name}.html" for name in CHAPTERS if not (site / lang / f"{name}.html").is_file()]
    assert not missing, f"chapter pages missing from the built site: {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("chapter", CHAPTERS)
def test_glued_text_is_filled_in(site, lang, chapter):
    where = f"{lang}/{chapter}.html"
    soup = page(site, lang, chapter)
    article = article_of(soup, where)
    keys = glue_text_keys_in_order(source(lang, chapter))
    spans = _glue_spans(soup, where)
    assert len(spans) == len(keys), (
        f"{where}: {len(keys)} glue roles in docs/{lang}/{chapter}.md ({keys}) but {len(spans)} glued values in the "
        "page")
    empty = [key for key, text in zip(keys, spans, strict=True) if not text.strip() and key not in MAY_BE_EMPTY]
    assert not empty, f"{where}: glued values are empty for {empty}"
    text = article.get_text()
    assert "{glue" not in text, f"{where}: an unrendered glue role is left in the page"
    leftovers = [str(c).strip()[:80] for c in article.find_all(string=lambda s: isinstance(s, Comment)) if "WRITE" in c]
    leftovers += re.findall(r".{0,40}\bWRITE\b.{0,40}", text)
    assert not leftovers, f"{where}: WRITE placeholders left in the page: {leftovers}"


def _keyed_numbers(site: Path, lang: str, chapter: str) -> dict[str, list[list[str]]]:
    where = f"{lang}/{chapter}.html"
    keys = glue_text_keys_in_order(source(lang, chapter))
    spans = _glue_spans(page(site, lang, chapter), where)
    assert len(spans) == len(keys), f"{where}: {len(keys)} glue roles in the source, {len(spans)} glued values"
    masked = _results_env_strings(site)
    found: dict[str, list[list[str]]] = {}
    for key, text in zip(keys, spans, strict=True):
        found.setdefault(key, []).append(numbers_in(text, masked))
    return found


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_glued_numbers_are_the_same_in_both_languages(site, chapter):
    """The same measurement in both trees: every number of every glued value, id formatting read as id."""
    english, indonesian = _keyed_numbers(site, "en", chapter), _keyed_numbers(site, "id", chapter)
    # Each language may place the glued values in its own order: compare them key by key, in the English order.
    en_sequence = []
    for key in english:
        assert len(english[key]) == len(indonesian.get(key, [])), (
            f"{chapter}: glued {key!r} is quoted {len(english[key])} times in en/{chapter}.html, "
            f"{len(indonesian.get(key, []))} times in id/{chapter}.html")
        for en_tokens, id_tokens in zip(english[key], indonesian[key], strict=True):
            en_sequence += en_tokens
            assert len(en_tokens) == len(id_tokens) and all(map(same_number, en_tokens, id_tokens)), (
                f"{chapter}: glued {key!r} quotes different numbers in en/{chapter}.html {en_tokens} "
                f"and id/{chapter}.html {id_tokens}")
    if chapter in MEASURED_CHAPTERS:
        assert en_sequence, f"{chapter}: the glued sentences of en/{chapter}.html quote no measured number"


# -- the built site: every page ---------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_data_files_are_published(site, lang):
    folder = site / lang / "data"
    for name in DATA_FILES:
        assert (folder / name).is_file(), f"{folder / name} is missing"
    results = load(folder / "results.json")
    assert len(results) > 0, f"{folder / 'results.json'}: no points"
    with (folder / "results.csv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == len(results), (
        f"{folder / 'results.csv'}: {len(rows)} rows for {len(results)} points in results.json")


def test_data_files_are_the_same_measurement_in_both_languages(site):
    """Measured once per build: both trees publish the same data/ folder, byte for byte."""
    listings = {lang: sorted(p.relative_to(site / lang / "data").as_posix()
                             for p in (site / lang / "data").rglob("*") if p.is_file()) for lang in LANGUAGES}
    assert listings["en"] == listings["id"], f"en/data and id/data hold different files: {listings}"
    for name in listings["en"]:
        files = [site / lang / "data" / name for lang in LANGUAGES]
        assert len({f.read_bytes() for f in files}) == 1, (
            f"{name} differs between " + " and ".join(map(str, files))
            + ": the languages did not share one measurement")


def test_the_archives_data_is_published_once_for_both_languages(site):
    """One summary of the archive at the site's root, linked by both languages' machines chapter; no copy of it,
    nor of any archive file, inside a language's folder."""
    summary = site / "data" / "machines.csv"
    assert summary.is_file(), f"{summary} is missing"
    with summary.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert rows and all(row["file"].endswith(".json") and row["median_s"] for row in rows if row["status"] == "ok")
    for lang in LANGUAGES:
        assert not (site / lang / "data" / "machines").exists() and not (site / lang / "data" / "machines.csv").exists()
        links = [a.get("href") for a in article_of(page(site, lang, "machines"), f"{lang}/machines").find_all("a")]
        assert "../data/machines.csv" in links, f"{lang}/machines.html does not link the archive's summary"


_ANSI = re.compile(r"\x1b\[|\[\d+(?:;\d+)*m")
_PROGRESS = re.compile(r"point/s|it/s\]|\|[█▏▎▍▌▋▊▉ ]*█|█")
_PAGE_ERRORS = ("Traceback (most recent call last)", "ModuleNotFoundError", "ImportError:")
#: Looked for in the text a cell printed or returned (not in the package's HTML tables: the device card quotes,
#: on purpose, why a device is unusable, which may name an exception).
_OUTPUT_ERRORS = ("Traceback", "Error", "Warning:", "raise ")


def _cell_outputs(article) -> list:
    return article.find_all(lambda tag: tag.name == "div" and "cell_output" in (tag.get("class") or ()))


def _printed_text(output) -> str:
    """A cell output's text, less its HTML displays (the package's tables and links)."""
    return "".join(text for text in output.find_all(string=True)
                   if not any("text_html" in (parent.get("class") or ()) for parent in text.parents))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_shows_an_error_stderr_or_progress_bar(site, lang):
    problems = []
    for path in language_pages(site, lang):
        where = str(path.relative_to(site))
        soup = parse(path)
        article = soup.find("article") or soup
        for tag in article.find_all(True):
            classes = set(tag.get("class") or ())
            if (classes & {"stderr", "traceback"} or {"output", "error"} <= classes
                    or any(c.startswith("ansi-") for c in classes)):
                problems.append(f"{where}: output block <{tag.name} class={' '.join(sorted(classes))!r}>")
        text = article.get_text()
        problems += [f"{where}: {needle!r} in the page" for needle in _PAGE_ERRORS if needle in text]
        if _ANSI.search(text):
            problems.append(f"{where}: ANSI escape code {_ANSI.search(text).group(0)!r} in the page")
        for output in _cell_outputs(article):
            shown = output.get_text()
            printed = _printed_text(output)
            problems += [f"{where}: {needle!r} in a cell output: {printed.strip()[:120]!r}"
                         for needle in _OUTPUT_ERRORS if needle in printed]
            if _PROGRESS.search(shown):
                problems.append(f"{where}: a progress bar in a cell output: {shown.strip()[:120]!r}")
        if _PROGRESS.search(text):
            problems.append(f"{where}: progress bar text {_PROGRESS.search(text).group(0)!r} in the page")
    assert not problems, "\n".join(problems)


# -- the built site: what the chapters show -------------------------------------------------

def _card(site: Path, lang: str) -> dict[str, str]:
    where = f"{lang}/devices.html"
    table = article_of(page(site, lang, "devices"), where).find("table", class_="mpsarticle-card")
    assert table is not None, f"{where}: no device card (table.mpsarticle-card)"
    rows = {}
    for row in table.find_all("tr"):
        head, cell = row.find("th"), row.find("td")
        if head is not None and cell is not None:
            rows[head.get_text(strip=True)] = cell.get_text(strip=True)
    return rows


def test_device_card_shows_the_same_torch_version(site):
    cards = {lang: _card(site, lang) for lang in LANGUAGES}
    versions = {lang: card.get("PyTorch") for lang, card in cards.items()}
    for lang, version in versions.items():
        assert version, f"{lang}/devices.html: the device card has no PyTorch row: {cards[lang]}"
    assert len(set(versions.values())) == 1, f"devices: the device cards show different PyTorch versions {versions}"
    recorded = load(site / "en" / "data" / "results.json").environment["torch"]
    assert versions["en"] == recorded, (
        f"en/devices.html: the device card shows PyTorch {versions['en']}, results.json records {recorded}")
    assert len(cards["en"]) == len(cards["id"]), f"devices: the device cards have different rows {cards}"


#: Tables a chapter draws only where the build has something to show, by their call and their class.
OPTIONAL_TABLES = {"processes": "mpsarticle-processes", "mlx": "mpsarticle-mlx"}
#: Tables drawn exactly where the build measured an accelerator beside the CPU, by their call and their class.
ACCELERATOR_TABLES = {"where": "mpsarticle-where", "contexts": "mpsarticle-contexts", "ways": "mpsarticle-ways",
                      "same_size": "mpsarticle-same-size"}


@functools.cache
def _measured_an_accelerator(site: Path) -> bool:
    """A plain reading of the results: some point was taken by PyTorch on a device other than the CPU (MLX's
    devices are named ``mlx-…``)."""
    return any(point.device != "cpu" and not point.device.startswith("mlx")
               for point in load(site / "en" / "data" / "results.json"))


@pytest.mark.parametrize("chapter", [c for c in CHAPTERS if re.search(r"page\.\w+_table\(\)", source("en", c))])
def test_tables_are_shown_in_both_languages(site, chapter):
    """page.methods_table() and page.machines_table(): present, filled, and the same shape in en and id."""
    # Each call draws one table; the machines, two (their hardware, and their software and data), and a third
    # before them, the count per chip family, where the archive is large enough to be summarised.
    # Two are drawn only where there is something to show, which a build may lack: the points the process
    # mattered most for (none where no point had more than half its spread between processes) and MLX beside
    # PyTorch (none without MLX); each is counted where it is drawn, the same in both languages.
    accelerator = _measured_an_accelerator(site)
    expected = sum(2 if call == "machines" else 0 if call in OPTIONAL_TABLES
                   else int(accelerator) if call in ACCELERATOR_TABLES else 1
                   for call in re.findall(r"page\.(\w+)_table\(\)", source("en", chapter)))
    shapes = {}
    for lang in LANGUAGES:
        where = f"{lang}/{chapter}.html"
        article = article_of(page(site, lang, chapter), where)
        # The vendor's cited peaks (page.vendor_peaks()) stand apart: drawn only where the data file lists the
        # build's GPU, and read by their own tests.
        tables = [t for t in article.find_all("table", class_="mpsarticle-table")
                  if "mpsarticle-vendor-peaks" not in t.get("class", [])]
        families = article.find_all("table", class_="mpsarticle-families")
        assert len(families) == len(article.find_all("details", class_="mpsarticle-folded")) <= 1, (
            f"{where}: a count per family goes with the list of machines folded under it")
        optional = [t for t in tables if set(t.get("class", [])) & set(OPTIONAL_TABLES.values())]
        expected_here = expected + len(families) + len(optional)
        assert len(tables) == expected_here, (
            f"{where}: {len(tables)} tables (table.mpsarticle-table), expected {expected_here}")
        shapes[lang] = []
        for table in tables:
            rows = table.find("tbody").find_all("tr") if table.find("tbody") else []
            assert rows, f"{where}: a table ({' '.join(table.get('class'))}) has no rows"
            shapes[lang].append([len(row.find_all("td")) for row in rows])
    assert shapes["en"] == shapes["id"], f"{chapter}: the tables differ in shape between en and id: {shapes}"


#: PyTorch's announcement of the MPS backend (18 May 2022), whose claims the introduction quotes.
LAUNCH_ANNOUNCEMENT = "https://pytorch.org/blog/introducing-accelerated-pytorch-training-on-mac/"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_introduction_links_the_launch_announcement(site, lang):
    """The launch claims are someone else's: the introduction links where they were made."""
    links = [a.get("href") for a in article_of(page(site, lang, "intro"), f"{lang}/intro").find_all("a")]
    assert LAUNCH_ANNOUNCEMENT in links, f"{lang}/intro.html does not link {LAUNCH_ANNOUNCEMENT}"


#: Words in a row that two pages of one language may not share (each thing is said once).
SAID_ONCE_WORDS = 25


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_run_of_25_words_stands_on_two_pages(site, lang):
    """A paragraph's worth of text (25 words in a row, code and tables aside) appears on one page only: the opening
    page answers, the closing chapter gives the reasons, each chapter keeps its own findings."""
    runs: dict[str, set[str]] = {}
    for path in language_pages(site, lang):
        if path.stem in ("search", "genindex"):
            continue
        article = article_of(parse(path), str(path))
        for block in article.find_all(["p", "li", "figcaption", "dd"]):
            if block.find_parent(["table", "pre"]) or block.find(["p", "li"]):
                continue
            words = block.get_text(" ").split()
            for start in range(len(words) - SAID_ONCE_WORDS + 1):
                runs.setdefault(" ".join(words[start:start + SAID_ONCE_WORDS]), set()).add(path.stem)
    twice: dict[tuple[str, ...], str] = {}
    for run, pages in runs.items():
        if len(pages) > 1:
            twice.setdefault(tuple(sorted(pages)), run)
    assert not twice, f"{lang}: text said on two pages:\n" + "\n".join(f"  {pages}: {run}…"
                                                                        for pages, run in twice.items())
