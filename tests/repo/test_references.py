"""Every name the package's docstrings and comments point at still exists.

A docstring that names ``mpsarticle.results.model.SUSTAINED_SCHEMA`` after the
schema moved to :mod:`mpsarticle.results.schema` sends a reader to nothing. Read here:
each dotted ``mpsarticle.…`` name, and each Sphinx role (``:func:`…```,
``:data:`…```, ...) whose name is dotted or stands alone, resolved in the
module (and, for a bare name, in its classes: ``:meth:`save```).
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import io
import re
import tokenize
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "mpsarticle"
MODULES = sorted(PACKAGE.rglob("*.py"))
#: ``mpsarticle.results.model.Point`` anywhere in the text; a role's target (after an optional ``~``; relative:
#: ``.names``).
QUALIFIED = re.compile(r"(?<![\w.])mpsarticle(?:\.\w+)+")
ROLE = re.compile(r":(?:mod|func|class|meth|attr|data|obj|exc):`~?(\.?[\w.]+)`")


def texts(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every docstring and comment of a module."""
    source = path.read_text(encoding="utf-8")
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            docstring = ast.get_docstring(node, clean=False)
            if docstring:
                found.append((node.body[0].lineno, docstring))
    found += [(token.start[0], token.string) for token in tokenize.generate_tokens(io.StringIO(source).readline)
              if token.type == tokenize.COMMENT]
    return found


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def attribute(owner: object, name: str) -> object:
    """``owner.name``, a dataclass field or an annotated attribute counting as there."""
    if hasattr(owner, name):
        return getattr(owner, name)
    fields = {f.name for f in dataclasses.fields(owner)} if dataclasses.is_dataclass(owner) else set()
    if isinstance(owner, type) and (name in getattr(owner, "__annotations__", {}) or name in fields):
        return None
    raise AttributeError(name)


def resolves(name: str, module: str) -> bool:
    """Whether ``name`` is a module, or a chain of attributes from one (relative names read from ``module``)."""
    if name.startswith("."):
        is_package = (PACKAGE.parent / Path(*module.split("."), "__init__.py")).exists()
        name = (module if is_package else module.rpartition(".")[0]) + name
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            owner = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for part in parts[cut:]:
                owner = attribute(owner, part)
        except AttributeError:
            return False
        return True
    return False


def local(name: str, module: str) -> bool:
    """A role target not under ``mpsarticle.``: another library's (``html.escape``), or in the module, in one of
    its classes, or in the package."""
    found = importlib.import_module(module)
    if ("." in name and resolves(name, module)) or resolves(f"{module}.{name}", module) \
            or resolves(f"mpsarticle.{name}", module):
        return True
    head = name.split(".")[0]
    return any(isinstance(value, type) and hasattr(value, head) and resolves(f"{module}.{key}.{name}", module)
               for key, value in vars(found).items())


def broken(path: Path) -> list[str]:
    module = module_name(path)
    wrong = []
    for line, text in texts(path):
        for pattern in (QUALIFIED, ROLE):
            for match in pattern.finditer(text):
                name = match.group(1) if pattern is ROLE else match.group(0)
                if pattern is ROLE and name.startswith("mpsarticle."):
                    continue  # read as QUALIFIED
                good = resolves(name, module) if pattern is QUALIFIED or name.startswith(".") else local(name, module)
                if not good:
                    where = line + text.count("\n", 0, match.start())
                    wrong.append(f"{path.relative_to(PACKAGE.parent)}:{where}: {name}")
    return wrong


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(PACKAGE)) for p in MODULES])
def test_every_name_a_docstring_or_comment_points_at_exists(path: Path) -> None:
    wrong = broken(path)
    assert not wrong, "names that are not (or no longer) there:\n" + "\n".join(wrong)


def test_the_names_are_read() -> None:
    """So that the test above cannot pass by reading nothing."""
    named = [name for path in MODULES for _, text in texts(path)
             for name in QUALIFIED.findall(text) + ROLE.findall(text)]
    assert len(named) > 50 and "mpsarticle.core.stats" in named
