"""The lock, requirements.txt: every dependency but torch, exact and hashed, for Linux and macOS alike.

`make lock` writes it (uv, universal resolution); `make setup` installs it with
`uv pip install --require-hashes` (pip's `--require-hashes` where uv cannot run,
or with `INSTALLER=pip`) and then torch at the Makefile's own pin.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 reads TOML with the backport the lock pins there
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]
LOCK = ROOT / "requirements.txt"
#: torch and what PyPI's Linux torch wheel pulls for CUDA: torch's own pin brings them.
TORCH_OWN = re.compile(r"^(torch|triton|nvidia-.*|cuda-.*)$")


@dataclass(frozen=True)
class Pin:
    name: str
    version: str
    marker: str | None
    hashes: tuple[str, ...]

    def applies_here(self) -> bool:
        return self.marker is None or Marker(self.marker).evaluate()


def pins(lock: Path = LOCK) -> list[Pin]:
    """The lock's entries: `name==version [; marker] \\` followed by `--hash=` lines."""
    found: list[Pin] = []
    entry = re.compile(r"^(?P<name>[A-Za-z0-9._-]+)==(?P<version>[^\s;\\]+)\s*(?:;\s*(?P<marker>[^\\]+?))?\s*\\?$")
    for line in lock.read_text(encoding="utf-8").splitlines():
        if match := entry.match(line):
            found.append(Pin(canonicalize_name(match["name"]), match["version"], match["marker"], ()))
        elif (hashed := re.match(r"^\s+--hash=(sha256:[0-9a-f]{64})", line)) and found:
            last = found[-1]
            found[-1] = Pin(last.name, last.version, last.marker, last.hashes + (hashed[1],))
        else:
            assert not line or line.lstrip().startswith("#"), f"{lock.name}: unexpected line {line!r}"
    return found


def makefile_value(name: str) -> str:
    match = re.search(rf"^{name}\s*\??:?=\s*(.+)$", (ROOT / "Makefile").read_text(), re.M)
    assert match, f"Makefile: no {name}"
    return match[1].strip()


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def test_every_pin_is_exact_and_hashed():
    found = pins()
    assert len(found) > 50
    for pin in found:
        assert pin.hashes, f"requirements.txt: {pin.name}=={pin.version} has no hash"


def test_neither_torch_nor_the_cuda_libraries_of_its_linux_wheel_are_locked():
    found = pins()
    assert len(found) > 50, f"requirements.txt: only {len(found)} pins read"
    for pin in found:
        assert not TORCH_OWN.match(pin.name), (
            f"requirements.txt pins {pin.name}: torch and the CUDA libraries its Linux wheel requires come with "
            "torch's own pin; add the name to LOCK_EXCLUDES in the Makefile and run `make lock`"
        )


def test_every_requirement_of_the_project_and_its_extras_but_torch_is_locked():
    meta = project()
    wanted = [Requirement(r) for r in meta["dependencies"]]
    wanted += [Requirement(r) for name, extra in meta["optional-dependencies"].items() for r in extra
               if name != "mlx"]  # MLX's own lock (below)
    locked = {pin.name for pin in pins()}
    names = {canonicalize_name(requirement.name) for requirement in wanted} - {"torch"}
    assert {"matplotlib", "pytest", "sphinx"} <= names, f"pyproject.toml's requirements read: {sorted(names)}"
    missing = sorted(names - locked)
    assert not missing, f"pyproject.toml requires {missing}; run `make lock`"


def test_the_lock_serves_every_supported_python_and_macos():
    # The oldest Python pyproject.toml admits is the one the lock is resolved from.
    assert f">={makefile_value('LOCK_PYTHON')}" == project()["requires-python"]
    # Universal resolution: packages only a Mac needs are there, behind their marker.
    darwin = [pin for pin in pins() if pin.marker and "sys_platform == 'darwin'" in pin.marker]
    assert any(pin.name == "appnope" for pin in darwin)
    assert LOCK.read_text().splitlines()[1].strip() == "#    make lock"


def test_torch_keeps_its_own_pin_in_the_makefile():
    spec = Requirement(makefile_value("TORCH_SPEC"))
    assert spec.name == "torch" and str(spec.specifier).startswith("==")
    declared = next(Requirement(r) for r in project()["dependencies"] if Requirement(r).name == "torch")
    assert declared.specifier.contains(str(spec.specifier)[2:]), (spec, declared)


def test_this_environment_has_the_locked_version_of_every_pin_that_applies_here():
    if not (Path(sys.prefix) / ".mpsarticle-setup").exists():
        pytest.skip(f"{sys.prefix} was not set up by `make setup`")
    wrong, here = [], [pin for pin in pins() if pin.applies_here()]
    assert len(here) > 50, f"only {len(here)} of the lock's pins apply here"
    for pin in here:
        try:
            installed = metadata.version(pin.name)
        except metadata.PackageNotFoundError:
            installed = "missing"
        if installed != pin.version:
            wrong.append(f"{pin.name} {installed} (locked {pin.version})")
    assert not wrong, "not as locked (run `make setup`): " + ", ".join(wrong)


def test_a_macs_torch_is_locked_with_hashes_at_the_makefiles_pin_and_at_2_14_or_later():
    from packaging.version import Version

    spec = Requirement(makefile_value("TORCH_SPEC_MACOS"))
    text = (ROOT / makefile_value("TORCH_LOCK_MACOS")).read_text(encoding="utf-8")
    pins = re.findall(r"^torch==(\S+) \\$", text, re.M)
    assert pins == [str(spec.specifier)[2:]], (pins, spec)
    assert Version(pins[0]) >= Version("2.14")  # the first release without 2.13's known MPS failures
    assert len(re.findall(r"--hash=sha256:[0-9a-f]{64}", text)) >= 2
    assert text.splitlines()[1].strip() == "#    make lock"
    declared = next(Requirement(r) for r in project()["dependencies"] if Requirement(r).name == "torch")
    assert declared.specifier.contains(pins[0])


def test_mlx_has_its_own_lock_hashed_for_a_mac_and_for_linux():
    """MLX (the `mlx` extra, `make html WITH_MLX=1`) is locked apart, with hashes: its Metal build for a Mac, its
    CPU build for Linux, each at the version of MLX itself; and the main lock does not hold it."""
    extras = project()["optional-dependencies"]
    assert set(extras) - {"mlx"} == set(makefile_value("LOCK_EXTRAS").split())
    lock = ROOT / makefile_value("MLX_LOCK")
    found = {pin.name: pin for pin in pins(lock)}
    assert {"mlx", "mlx-metal", "mlx-cpu"} <= set(found), sorted(found)
    for pin in found.values():
        assert len(pin.hashes) >= 2, f"{lock.name}: {pin.name} has too few hashes for several platforms"
    assert "darwin" in found["mlx-metal"].marker and "linux" in found["mlx-cpu"].marker
    assert "darwin" in found["mlx"].marker and "linux" in found["mlx"].marker
    assert found["mlx"].version == found["mlx-metal"].version == found["mlx-cpu"].version
    for requirement in map(Requirement, extras["mlx"]):
        assert requirement.specifier.contains(found["mlx"].version), requirement
    assert not {"mlx", "mlx-metal", "mlx-cpu"} & {pin.name for pin in pins()}
    assert lock.read_text().splitlines()[1].strip() == "#    make lock"
