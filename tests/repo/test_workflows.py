"""The GitHub workflows and Dependabot, read as YAML: pinned, least privilege, built from the lock.

zizmor's and actionlint's audits of the same files run the tools in subprocesses:
tests/repo/test_workflow_audits.py.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
GITHUB = ROOT / ".github"
WORKFLOWS = sorted((GITHUB / "workflows").glob("*.yml"))
NODE_DIR = ROOT / "tests" / "node"
#: GitHub's statement that hosted macOS runners have no MPS, which pages.yml cites.
HOSTED_MACOS_LIMITS = "https://docs.github.com/en/actions/reference/runners/github-hosted-runners"
CPU_TORCH_INDEX = "--index-url https://download.pytorch.org/whl/cpu"
USES = re.compile(r"^\s*(?:-\s+)?uses:\s*(?P<ref>\S+)(?P<rest>.*)$")


def load(path: Path) -> dict[str, Any]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def workflow(name: str) -> dict[str, Any]:
    return load(GITHUB / "workflows" / name)


def triggers(flow: dict[str, Any]) -> dict[str, Any]:
    on = flow.get("on", flow.get(True))  # YAML 1.1 reads a bare `on` as true
    return on if isinstance(on, dict) else {on: None}


def steps(flow: dict[str, Any]) -> list[dict[str, Any]]:
    return [step for job in flow["jobs"].values() for step in job.get("steps", [])]


def runs(flow: dict[str, Any]) -> list[str]:
    return [step["run"] for step in steps(flow) if "run" in step]


# -- what the audits (tests/repo/test_workflow_audits.py) do not check -------------------------------------


def test_every_action_is_pinned_to_a_full_commit_with_its_release_in_a_comment():
    seen: dict[str, tuple[str, str]] = {}
    count = 0
    for path in WORKFLOWS:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not (match := USES.match(line)):
                continue
            count += 1
            where = f"{path.name}:{number}"
            action, _, sha = match["ref"].partition("@")
            assert re.fullmatch(r"[0-9a-f]{40}", sha), f"{where}: {match['ref']} is not pinned to a full commit SHA"
            release = re.fullmatch(r"\s+# (v\d+\.\d+\.\d+)\s*", match["rest"])
            assert release, f"{where}: the pin needs its release in a comment, e.g. `# v1.2.3`"
            # One release of an action everywhere: Dependabot moves them together.
            assert seen.setdefault(action, (sha, release[1])) == (sha, release[1]), f"{where}: {action} differs"
    assert count >= 7


def test_no_workflow_runs_on_pull_request_target_or_reads_secrets():
    assert {path.name for path in WORKFLOWS} >= {"pages.yml", "pull-request.yml"}, WORKFLOWS
    for path in WORKFLOWS:
        text = path.read_text(encoding="utf-8")
        assert "pull_request_target" not in triggers(load(path)) and "workflow_run" not in triggers(load(path))
        assert not re.search(r"\bsecrets\.\w", text), path.name


def test_every_checkout_drops_its_credentials_and_python_comes_from_the_lock():
    assert {path.name for path in WORKFLOWS} >= {"pages.yml", "pull-request.yml"}, WORKFLOWS
    for path in WORKFLOWS:
        flow = load(path)
        checkouts = [step for step in steps(flow) if step.get("uses", "").startswith("actions/checkout@")]
        assert checkouts, f"{path.name}: no actions/checkout step"
        for step in checkouts:
            assert step.get("with", {}).get("persist-credentials") is False, path.name
        commands = runs(flow)
        assert commands, f"{path.name}: no run step"
        for command in commands:
            # Packages come from requirements.txt through `make setup`, never a bare pip install.
            assert "pip install" not in command, f"{path.name}: {command}"
        builds = any("make html" in command for command in commands)
        sets_up_python = any(step.get("uses", "").startswith("actions/setup-python@") for step in steps(flow))
        assert sets_up_python or not builds, f"{path.name} builds the site with no actions/setup-python step"


def test_pages_workflow_builds_on_a_named_mac_or_the_hosted_runner_with_least_privilege():
    flow = workflow("pages.yml")
    assert triggers(flow)["push"]["branches"] == ["main"] and "workflow_dispatch" in triggers(flow)
    assert flow["permissions"] == {}
    assert flow["concurrency"]["group"]
    build, deploy = flow["jobs"]["build"], flow["jobs"]["deploy"]
    assert build["permissions"] == {"contents": "read", "pages": "read"}
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"} and deploy["needs"] == "build"
    uses = [step.get("uses", "") for step in steps(flow)]
    for action in ("actions/configure-pages@", "actions/upload-pages-artifact@", "actions/deploy-pages@"):
        assert any(u.startswith(action) for u in uses), action

    # A self-hosted Apple-silicon runner when the repository variable names one.
    assert build["runs-on"] == "${{ vars.MPSARTICLE_MAC_RUNNER || 'ubuntu-latest' }}"
    label = build["env"]["MPSARTICLE_MACHINE_LABEL"]
    assert "vars.MPSARTICLE_MAC_RUNNER" in label and "runner" in label and "CPU only" in label
    # PyTorch's CPU build on the hosted Linux runner only; a Mac gets PyPI's wheel (MPS) from make.
    cpu = [step for step in steps(flow) if CPU_TORCH_INDEX in step.get("run", "")]
    assert len(cpu) == 1 and cpu[0]["if"] == "runner.os == 'Linux'" and cpu[0]["run"].startswith("make setup")
    assert any(command.strip() == "make html PROFILE=default" for command in runs(flow))
    # The reason the Mac must be self-hosted, in GitHub's words, cited.
    text = re.sub(r"\n#\s*", " ", (GITHUB / "workflows" / "pages.yml").read_text(encoding="utf-8"))
    assert HOSTED_MACOS_LIMITS in text and "Metal Performance Shaders (MPS) are not supported" in text


def test_pull_request_workflow_validates_the_archive_and_builds_quickly_with_a_read_only_token():
    flow = workflow("pull-request.yml")
    assert set(triggers(flow)) == {"pull_request"}
    assert flow["permissions"] == {"contents": "read"}
    for job in flow["jobs"].values():
        assert "permissions" not in job and job["runs-on"] == "ubuntu-latest"
    commands = [command.strip() for command in runs(flow)]
    assert commands[0] == f"make setup TORCH_PIP_OPTS='{CPU_TORCH_INDEX}'"
    assert ".venv/bin/python -m mpsarticle validate docs/_data/machines/*.json" in commands
    assert commands[-1] == "make html PROFILE=quick"


def test_dependabot_proposes_updates_to_the_lock_and_the_actions_on_a_schedule():
    config = load(GITHUB / "dependabot.yml")
    assert config["version"] == 2
    updates = {(u["package-ecosystem"], u["directory"]): u for u in config["updates"]}
    for key in (("pip", "/"), ("github-actions", "/"), ("npm", "/tests/node")):
        assert key in updates, key
        assert updates[key]["schedule"]["interval"] in {"daily", "weekly", "monthly"}
    assert (ROOT / "requirements.txt").exists() and (NODE_DIR / "package-lock.json").exists()
