"""``record --share`` and ``share``: a validated file goes to a pull request through ``gh``, or to a link.

The GitHub CLI is replaced by a script on the PATH that logs every call and
answers as GitHub would; without it (a PATH with no ``gh``) the command
prints the upload link.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import stat
import sys
from pathlib import Path

import pytest

from mpsarticle.cli import main as cli
from mpsarticle.results.model import load

ROOT = Path(__file__).resolve().parents[2]
ARCHIVE = ROOT / "docs" / "_data" / "machines"
PULL = "https://github.com/mpsarticle/mpsarticle/pull/41"

#: A stand-in for ``gh``: each call is a line of JSON in $FAKE_GH_LOG; an upload's body is kept beside it.
FAKE_GH = f'''#!{sys.executable}
import json, os, shutil, sys
args = sys.argv[1:]
log = os.environ["FAKE_GH_LOG"]
with open(log, "a") as out:
    out.write(json.dumps(args) + "\\n")
if args[:2] == ["auth", "status"]:
    sys.exit(0 if os.environ.get("FAKE_GH_LOGGED_IN") == "1" else 1)
if args[:2] == ["api", "user"]:
    print("contributor")
elif args[:1] == ["api"] and "/git/ref/heads/" in args[1]:
    print("0123abcd")
elif "--input" in args:
    shutil.copy(args[args.index("--input") + 1], log + ".upload")
elif args[:2] == ["pr", "create"]:
    if os.environ.get("FAKE_GH_PR_FAILS") == "1":
        print("a pull request for branch \\"contributor:add-x\\" already exists", file=sys.stderr)
        sys.exit(1)
    print("{PULL}")
'''


@pytest.fixture
def results_file(tmp_path: Path) -> Path:
    """A valid archive file, copied out of the project's archive."""
    source = min(ARCHIVE.glob("*.json"), key=lambda p: p.stat().st_size)
    copy = tmp_path / source.name
    shutil.copy(source, copy)
    return copy


@pytest.fixture
def fake_gh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``gh`` on the PATH is the fake; the log of its calls is returned."""
    folder = tmp_path / "bin"
    folder.mkdir()
    script = folder / "gh"
    script.write_text(FAKE_GH)
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    log = tmp_path / "gh.log"
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("FAKE_GH_LOG", str(log))
    monkeypatch.delenv("MPSARTICLE_REPOSITORY_URL", raising=False)
    monkeypatch.delenv("MPSARTICLE_REPOSITORY_BRANCH", raising=False)
    monkeypatch.chdir(ROOT)
    return log


def _calls(log: Path) -> list[list[str]]:
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


def test_logged_in_gh_opens_a_pull_request_with_the_file(results_file, fake_gh, monkeypatch, capsys):
    monkeypatch.setenv("FAKE_GH_LOGGED_IN", "1")
    assert cli.main(["share", str(results_file)]) == 0
    out = capsys.readouterr().out
    assert out.strip().splitlines()[-1] == f"opened {PULL}"
    calls = _calls(fake_gh)
    assert calls[1] == ["api", "user", "--jq", ".login"]
    assert calls[2][:3] == ["repo", "fork", "mpsarticle/mpsarticle"]
    branch = f"add-{results_file.stem}"
    assert calls[4] == ["api", "repos/contributor/mpsarticle/git/refs", "-f", f"ref=refs/heads/{branch}",
                        "-f", "sha=0123abcd"]
    assert calls[5][:4] == ["api", "-X", "PUT",
                            f"repos/contributor/mpsarticle/contents/docs/_data/machines/{results_file.name}"]
    upload = json.loads(Path(str(fake_gh) + ".upload").read_text())
    assert base64.b64decode(upload["content"]) == results_file.read_bytes() and upload["branch"] == branch
    pr = calls[6]
    assert pr[:2] == ["pr", "create"] and pr[pr.index("--head") + 1] == f"contributor:{branch}"
    assert pr[pr.index("--title") + 1] == f"Add {load(results_file).label}"


def test_without_gh_it_prints_the_upload_link_and_names_the_file(results_file, monkeypatch, tmp_path, capsys):
    empty = tmp_path / "nothing"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    monkeypatch.setenv("MPSARTICLE_REPOSITORY_URL", "https://github.com/someone/fork-of-it")
    monkeypatch.setenv("MPSARTICLE_REPOSITORY_BRANCH", "main")
    monkeypatch.chdir(ROOT)
    assert cli.main(["share", str(results_file)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-2] == (f"to share {results_file.name}, open "
                         "https://github.com/someone/fork-of-it/upload/main/docs/_data/machines")
    assert str(results_file) in lines[-1]


def test_logged_out_gh_prints_the_link_and_calls_nothing_else(results_file, fake_gh, capsys):
    assert cli.main(["share", str(results_file)]) == 0
    assert "/upload/main/docs/_data/machines" in capsys.readouterr().out
    assert _calls(fake_gh) == [["auth", "status", "--hostname", "github.com"]]


def test_a_failing_gh_call_is_one_line_and_the_file_stays(results_file, fake_gh, monkeypatch, capsys):
    monkeypatch.setenv("FAKE_GH_LOGGED_IN", "1")
    monkeypatch.setenv("FAKE_GH_PR_FAILS", "1")
    before = results_file.read_bytes()
    assert cli.main(["share", str(results_file)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "gh pr create failed" in err and "already exists" in err
    assert results_file.read_bytes() == before


def test_an_invalid_file_is_not_shared(results_file, fake_gh, monkeypatch, capsys):
    monkeypatch.setenv("FAKE_GH_LOGGED_IN", "1")
    data = json.loads(results_file.read_text())
    data["points"][0]["median_s"] = -1.0
    results_file.write_text(json.dumps(data))
    assert cli.main(["share", str(results_file)]) == 1
    out = capsys.readouterr().out
    assert "not shared" in out and results_file.exists()
    assert _calls(fake_gh) == []


def test_a_repository_that_is_not_on_github_is_one_line(results_file, monkeypatch, capsys):
    monkeypatch.setenv("MPSARTICLE_REPOSITORY_URL", "https://gitlab.com/someone/mpsarticle")
    monkeypatch.chdir(ROOT)
    assert cli.main(["share", str(results_file)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a https://github.com/OWNER/NAME address" in err


def test_record_share_measures_validates_and_prints_the_link(tmp_path, monkeypatch, capsys):
    empty = tmp_path / "nothing"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    monkeypatch.chdir(ROOT)
    argv = ["record", "--label", "Share box", "--dir", str(tmp_path), "--suite", "copy", "--profile", "quick",
            "--no-progress", "--share"]
    assert cli.main(argv) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-2].startswith("to share share-box.json, open https://github.com/")
    assert str(tmp_path / "share-box.json") in lines[-1]
