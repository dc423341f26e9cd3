"""The known MPS problems: which apply to a build, on the matrix of machines, and the table in both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from mpsarticle.article.tables import _cells, mps_issues_table
from mpsarticle.article.wording import Choice, Text, Words
from mpsarticle.core.mps_issues import STATUSES, known_issues, status
from mpsarticle.results.model import ResultSet


def _mac(chip: str, torch: str, macos: str) -> dict:
    return {"os": "Darwin 25.0.0", "os_version": macos, "cpu": chip, "torch": torch,
            "devices": {"mps": {"kind": "mps", "backend": f"Metal Performance Shaders (macOS {macos})"},
                        "cpu": {"kind": "cpu"}}, "mac": {"chip": chip, "gpu_cores": 10}}


CPU_ONLY = {"os": "Linux 6.1", "cpu": "AMD EPYC", "torch": "2.13.0", "devices": {"cpu": {"kind": "cpu"}}}
H200 = {"os": "Linux 6.18", "cpu": "Intel Xeon", "torch": "2.11.0+cu130",
        "devices": {"cuda": {"kind": "cuda"}, "cpu": {"kind": "cpu"}}}

KEYS = ("large_k_2d", "large_k_batched", "bf16_linear_abort", "event_hang", "bf16_emulated")


def _reads(*statuses: str) -> dict[str, str]:
    """The expected status of each problem, in the order of :data:`KEYS`."""
    return dict(zip(KEYS, statuses, strict=True))


#: What each machine's row should read, written from the reports themselves (PyTorch's issues), not the code.
EXPECTED = {
    "cpu only": (CPU_ONLY, _reads(*["no_apple_gpu"] * 5)),
    "h200": (H200, _reads(*["no_apple_gpu"] * 5)),
    "M1 Pro, 2.13": (_mac("Apple M1 Pro", "2.13.0", "15.4"),
                     _reads("applies", "applies", "other_chip", "applies", "applies")),
    # 2.14 sends a reduction over 32,768 to PyTorch's own kernels and leaves 32,767 and 32,768 on the faulty path.
    "M2, 2.14": (_mac("Apple M2", "2.14.0", "26.1"),
                 _reads("partly_fixed", "applies", "other_chip", "applies", "applies")),
    "M4 Max, 2.14": (_mac("Apple M4 Max", "2.14.0", "26.1"),
                     _reads("other_chip", "other_chip", "other_chip", "applies", "other_chip")),
    "M5, macOS 26, 2.13": (_mac("Apple M5", "2.13.0", "26.2"),
                           _reads("other_chip", "other_chip", "older_macos", "applies", "other_chip")),
    "M5 Pro, macOS 27, 2.13": (_mac("Apple M5 Pro", "2.13.0", "27.0"),
                               _reads("other_chip", "other_chip", "applies", "applies", "other_chip")),
    "M5, macOS 27, 2.14": (_mac("Apple M5", "2.14.0", "27.0"),
                           _reads("other_chip", "other_chip", "fixed", "applies", "other_chip")),
    "M10 is not an M1": (_mac("Apple M10", "2.13.0", "27.0"),
                         _reads("other_chip", "other_chip", "other_chip", "applies", "other_chip")),
}


@pytest.mark.parametrize("machine", EXPECTED)
def test_which_problems_apply_on_each_machine(machine):
    environment, expected = EXPECTED[machine]
    found = {issue.key: status(issue, environment) for issue in known_issues()}
    assert found == expected


def test_every_problem_cites_its_reports():
    """Bugs cite PyTorch's tracker; the chips' missing bfloat16 arithmetic, a property of the hardware, cites the
    measurements that show it."""
    issues = known_issues()
    assert tuple(i.key for i in issues) == KEYS
    for issue in issues:
        assert issue.issues and all(re.fullmatch(r"[\w.-]+/[\w.-]+#\d+", i) for i in issue.issues), issue
        assert issue.key == "bf16_emulated" or all(i.startswith("pytorch/pytorch#") for i in issue.issues), issue
        assert issue.note


@pytest.mark.parametrize("lang", ["en", "id"])
def test_the_table_says_for_each_problem_whether_it_applies_here(lang):
    words = Words(lang)
    environment, expected = EXPECTED["M2, 2.14"]
    table = BeautifulSoup(mps_issues_table(ResultSet(environment=environment, points=[]), words), "html.parser")
    rows = table.find("tbody").find_all("tr")
    assert len(rows) == len(known_issues())
    for issue, row in zip(known_issues(), rows, strict=True):
        cells = row.find_all("td")
        links = [a["href"] for a in cells[0].find_all("a")]
        assert links == [f"https://github.com/{i.replace('#', '/issues/')}" for i in issue.issues]
        here = words("mps_issues.here", status=Choice(expected[issue.key]), torch=Text("2.14.0"))
        assert cells[-1].get_text() == here
    assert len(set(STATUSES)) == 6
    partly = [row.find_all("td")[-2].get_text() for issue, row in zip(known_issues(), rows, strict=True)
              if issue.partly]
    assert partly == [words("mps_issues.partly", version=Text("2.14"))]



@pytest.mark.parametrize("lang", ["en", "id"])
def test_a_version_is_aligned_as_text_not_as_a_number(lang):
    """The torch release that fixed a problem (``2.14``) is a name: its cell is not marked a number (class num, set
    on the right)."""
    environment, _ = EXPECTED["M2, 2.14"]
    table = BeautifulSoup(mps_issues_table(ResultSet(environment=environment, points=[]), Words(lang)), "html.parser")
    fixed = [row.find_all("td")[2] for row in table.find("tbody").find_all("tr")]
    versions = [cell for cell in fixed if re.fullmatch(r"\d+\.\d+", cell.get_text())]
    assert versions, "no problem of the list names the release that fixed it: nothing was checked"
    assert not [cell for cell in fixed if "num" in (cell.get("class") or [])]


def test_a_date_cell_stays_on_one_line():
    """A date (``2026-12-07``) is marked as one, so the stylesheet keeps it whole; a number and a word are not."""
    assert _cells(["2026-12-07"]) == '<td class="date">2026-12-07</td>'
    assert 'class="date"' not in _cells(["2,026", "12-07 x"])
    css = (Path(__file__).parents[2] / "docs" / "_static" / "mpsarticle.css").read_text(encoding="utf-8")
    assert "white-space: nowrap" in css.split("td.date", 1)[1].split("}", 1)[0]
