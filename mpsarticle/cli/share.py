"""``record --share``: a recorded results file offered to the project's archive in one step.

With the GitHub CLI (``gh``) installed and logged in, :func:`share` opens the
pull request itself through GitHub's REST API: it forks the repository (an
existing fork is reused), makes a branch ``add-<file stem>`` in the fork at
the tip of the project's branch, commits the one file there and opens the
pull request against the project. It never touches the local checkout: a
contributor's branch and uncommitted work stay as they are.

Without ``gh`` (or logged out), it prints the one link that opens GitHub's
upload page on the archive folder of the project's branch, with the file to
drop there named beside it. GitHub's "new file" page takes ``filename`` and
``value`` from its query, but a results file is hundreds of kilobytes, far
beyond what a link can carry, so the page that receives a file is the one
that works.

The repository and branch are the configured ones (``MPSARTICLE_REPOSITORY_URL``
and ``MPSARTICLE_REPOSITORY_BRANCH``, :mod:`mpsarticle.config`), the archive's
place in it the project's ``[tool.mpsarticle] archive``.
"""

from __future__ import annotations

import base64
import json
import re
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from mpsarticle import config
from mpsarticle.errors import MpsarticleError

__all__ = ["ShareFailed", "Target", "pull_request", "share", "target", "upload_link"]

#: How long one call of ``gh`` may take (a fork or an upload over a slow line), in seconds.
GH_TIMEOUT_S = 120


class ShareFailed(MpsarticleError):
    """A ``gh`` call failed: the message names the call and gh's own last line; the file stays where it was."""


@dataclass(frozen=True)
class Target:
    """Where a results file goes: the project's repository (``owner/name``), its branch, the archive folder."""

    repository: str
    branch: str
    folder: str


def target(start: str | Path | None = None) -> Target:
    """The configured repository and branch, and the archive folder as the project's pyproject.toml names it."""
    url = config.value("repository_url") or ""
    found = re.fullmatch(r"https://github\.com/([\w.-]+/[\w.-]+?)(?:\.git)?/?", url)
    if not found:
        variable = config.SETTINGS["repository_url"].variable
        raise MpsarticleError(f"{variable} is {url!r}, not a https://github.com/OWNER/NAME address: "
                              "a results file can be shared only with a GitHub repository")
    _, folder = config.project_entry("archive", "archive of machines", start)
    return Target(found.group(1), config.value("repository_branch") or "main", folder.strip("/"))


def upload_link(where: Target) -> str:
    """GitHub's page for adding files to the archive folder of the project's branch."""
    return f"https://github.com/{where.repository}/upload/{quote(where.branch)}/{quote(where.folder)}"


def _gh(*args: str) -> str:
    """One ``gh`` call's output; a failure is :class:`ShareFailed` with gh's last line."""
    try:
        done = subprocess.run(["gh", *args], capture_output=True, text=True, timeout=GH_TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired:
        raise ShareFailed(f"gh {args[0]} {args[1] if len(args) > 1 else ''} took over {GH_TIMEOUT_S} s") from None
    if done.returncode != 0:
        said = (done.stderr.strip() or done.stdout.strip() or f"exit status {done.returncode}").splitlines()[-1]
        raise ShareFailed(f"gh {' '.join(args[:2])} failed: {said}")
    return done.stdout.strip()


def logged_in() -> bool:
    """Whether ``gh`` is on the PATH and logged in to github.com."""
    if shutil.which("gh") is None:
        return False
    status = subprocess.run(["gh", "auth", "status", "--hostname", "github.com"], capture_output=True,
                            timeout=GH_TIMEOUT_S, check=False)
    return status.returncode == 0


def pull_request(path: Path, label: str, where: Target) -> str:
    """Fork, branch, commit ``path`` into the fork's archive folder, open the pull request; its address."""
    name = where.repository.split("/")[1]
    login = _gh("api", "user", "--jq", ".login")
    _gh("repo", "fork", where.repository, "--clone=false", "--remote=false")
    tip = _gh("api", f"repos/{where.repository}/git/ref/heads/{where.branch}", "--jq", ".object.sha")
    branch = f"add-{path.stem}"
    _gh("api", f"repos/{login}/{name}/git/refs", "-f", f"ref=refs/heads/{branch}", "-f", f"sha={tip}")
    title = f"Add {label}"
    body = {"message": title, "branch": branch, "content": base64.b64encode(path.read_bytes()).decode("ascii")}
    # The file goes in a request body, not an argument: a results file is larger than one argument may be.
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as request:
        json.dump(body, request)
    try:
        _gh("api", "-X", "PUT", f"repos/{login}/{name}/contents/{where.folder}/{path.name}",
            "--input", request.name)
    finally:
        Path(request.name).unlink(missing_ok=True)
    return _gh("pr", "create", "--repo", where.repository, "--base", where.branch, "--head", f"{login}:{branch}",
               "--title", title, "--body",
               f"Results of `mpsarticle record` on {label}: one file, `{where.folder}/{path.name}`, validated.")


def share(path: Path, label: str, start: str | Path | None = None) -> Sequence[str]:
    """The lines that say where ``path`` went: the pull request ``gh`` opened, or the link to upload it by hand."""
    where = target(start)
    if logged_in():
        return [f"opened {pull_request(path, label, where)}"]
    return [f"to share {path.name}, open {upload_link(where)}",
            f"  and drop {path} there (or install the GitHub CLI, run `gh auth login`, then "
            f"`python -m mpsarticle share {path}` opens the pull request)"]
