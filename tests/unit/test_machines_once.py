"""The machines chapter lists this build's machine once: an archive file from the same machine and software is
left out for the fresh run, and the table says which file that was (archive.same_machine, archive.others)."""

from __future__ import annotations

import copy
import json

import pytest

from mpsarticle.article.wording import LANGUAGES, Words
from mpsarticle.page import Page
from mpsarticle.results import archive

from .test_archive import machine


def recorded(results, label: str):
    """The same results as an archive file records them: a label of their own."""
    found = copy.deepcopy(results)
    found.label = label
    return found


def test_the_same_machine_is_the_same_hardware_and_software():
    build = machine("Mac mini M2")
    build.label = None  # a build usually has no label
    assert archive.same_machine(build, recorded(build, "Mac mini M2 in the office"))
    other = recorded(build, "x")
    other.environment["torch"] = "2.5.1"  # another PyTorch: another measurement worth showing
    assert not archive.same_machine(build, other)
    other = recorded(build, "x")
    other.environment["memory_bytes"] = 8 << 30
    assert not archive.same_machine(build, other)
    other = recorded(build, "x")
    other.environment["devices"]["mps"]["name"] = "Apple M3"
    assert not archive.same_machine(build, other)
    # Two contributors' identical Macs, each with its own label, are two machines.
    assert not archive.same_machine(recorded(build, "Ana's Mac mini"), recorded(build, "Budi's Mac mini"))
    assert archive.same_machine(recorded(build, "Mac  mini"), recorded(build, "Mac mini"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_archive_copy_of_this_machine_is_listed_once(tmp_path, monkeypatch, lang):
    folder = tmp_path / "machines"
    folder.mkdir()
    build = machine("Mac mini M2")
    build.label = None
    (folder / "mac-mini-m2.json").write_text(json.dumps(recorded(build, "Mac mini M2 (archived)").to_dict()))
    (folder / "other.json").write_text(json.dumps(machine("Other box").to_dict()))
    monkeypatch.setenv("MPSARTICLE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr("mpsarticle.page.load_archive_once", lambda: archive.load_archive(folder))
    page = Page("machines", lang, results=build)
    assert [label for label, _ in page.entries] == [Words(lang)("this_build"), "Other box"]
    assert page.same_machine == ["mac-mini-m2.json"]
    html = page.machines_table().data
    assert html.count("<tr>") == 6  # in each of the two tables: the head, this build, the other machine
    assert html.count("<table") == 2
    table, note = html.split('<p class="mpsarticle-note">')
    # Each file whole is linked where it lives in the repository; the summary of all, at the site's root.
    stored = "/blob/main/docs/_data/machines/"
    assert "Mac mini M2 (archived)" not in table and f'{stored}other.json"' in table
    assert 'href="../data/machines.csv"' in table
    assert f'{stored}mac-mini-m2.json">Mac mini M2 (archived)</a>' in note
    assert "Mac mini M2 (archived)" not in page.numbers()["machines_sentence"]
    # Loading the page writes nothing; publishing writes the summary of every archive file, the left-out one too.
    summary = tmp_path / "cache" / "adhoc" / "shared" / "data" / "machines.csv"
    assert not summary.exists()
    page.publish()
    assert {line.split(",")[0] for line in summary.read_text().splitlines()[1:]} == {"mac-mini-m2.json", "other.json"}


def test_no_note_when_no_archive_file_is_this_machine(tmp_path, monkeypatch):
    folder = tmp_path / "machines"
    folder.mkdir()
    (folder / "other.json").write_text(json.dumps(machine("Other box").to_dict()))
    monkeypatch.setenv("MPSARTICLE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr("mpsarticle.page.load_archive_once", lambda: archive.load_archive(folder))
    page = Page("machines", "en", results=machine("Mac mini M2"))
    assert page.same_machine == [] and "mpsarticle-note" not in page.machines_table().data
    assert len(page.entries) == 2
