"""The package's layers hold: the layering contract, no import cycle, no private name across modules.

The contract is import-linter's (``[tool.importlinter]`` in pyproject.toml):
each folder imports only the folders below it, and only ``mpsarticle.measure``
reaches torch. The rest is read here from the source with :mod:`ast`, every
import counted, those inside functions and under ``TYPE_CHECKING`` included.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

import mpsarticle

PACKAGE = Path(mpsarticle.__file__).parent
ROOT = PACKAGE.parent
#: At most this many modules at the top of mpsarticle/.
TOP_LEVEL_MODULES = 8


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _imports(name: str, path: Path):
    """(node, the package's modules it names, whether it is at module level) for every import in the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {id(node) for node in tree.body}
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            named = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join(parts + ([node.module] if node.module else []))
            named = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        yield node, [n for n in named if n in MODULES and n != name], id(node) in top


def _graph() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = defaultdict(set)
    for name, path in MODULES.items():
        for _, targets, _ in _imports(name, path):
            edges[name].update(targets)
    return edges


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups = []
    for start in MODULES:
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))
    return groups


def test_the_layering_contract_holds():
    """import-linter's contracts: a layer that imports upward, or a torch-free folder that reaches torch, fails."""
    lint = Path(sys.executable).with_name("lint-imports")
    if not lint.exists():
        pytest.fail(f"{lint} is missing: import-linter is in the lock's test extra (make setup)")
    done = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "3 kept, 0 broken" in done.stdout


def test_the_cycle_finder_finds_a_cycle():
    """The finder below is not vacuous: a two-module loop and a three-module loop are both found."""
    names = sorted(MODULES)[:3]
    edges = {names[0]: {names[1]}, names[1]: {names[0]}, names[2]: set()}
    assert _cycles(edges) == [sorted(names[:2])]
    edges = {names[0]: {names[1]}, names[1]: {names[2]}, names[2]: {names[0]}}
    assert _cycles(edges) == [sorted(names)]


def test_no_import_cycle_counting_imports_inside_functions():
    graph = _graph()
    assert len(graph) > 20, f"only {len(graph)} modules import another of the package"
    assert _cycles(graph) == []


def test_no_private_name_is_imported_from_another_module():
    assert len(MODULES) > 20, f"only {len(MODULES)} modules found under {PACKAGE}"
    found = []
    for name, path in MODULES.items():
        for node, _, _ in _imports(name, path):
            if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("mpsarticle")):
                found += [f"{name}: {node.module}.{a.name}" for a in node.names
                          if a.name.startswith("_") and not a.name.startswith("__")]
    assert not found


def test_torch_is_imported_at_module_level_only_in_the_measuring_folder():
    assert len(MODULES) > 20, f"only {len(MODULES)} modules found under {PACKAGE}"
    found = []
    for name, path in MODULES.items():
        if name.startswith("mpsarticle.measure"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            found += [f"{name}: {n}" for n in names if n.split(".")[0] == "torch"]
    assert not found


def test_at_most_eight_modules_at_the_top():
    top = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(top) <= TOP_LEVEL_MODULES, top
