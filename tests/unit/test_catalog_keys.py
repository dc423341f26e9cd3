"""Every catalog key is a literal the code uses, and every key the code names is in the catalogs.

The code's keys are read from its source, not from a run: the string
constants of ``mpsarticle/`` (the catalogs aside) and ``conf.py`` and the first argument of
each call that names a message (``words(...)``, ``Phrase.of(...)``,
``Term(...)``). A key built at run time (an f-string, a concatenation)
could name a message no test renders, so such a call is refused; a key
that no constant names is a message no page can show.
"""

from __future__ import annotations

import ast
from pathlib import Path

from mpsarticle.article.wording import catalog

from ..conftest import ROOT

PACKAGE = ROOT / "mpsarticle"
#: The calls whose first argument is a message's key.
NAMING = {"words", "Phrase.of", "Term"}


def _sources() -> list[Path]:
    """The package's modules but the catalogs', and conf.py (the site's chrome)."""
    return [p for p in sorted(PACKAGE.rglob("*.py")) if "catalogs" not in p.relative_to(PACKAGE).parts] + \
        [ROOT / "conf.py"]


def _callee(call: ast.Call) -> str:
    name = ast.unparse(call.func)
    return "words" if name == "words" or name.endswith(".words") else name


def code_keys() -> tuple[set[str], list[str]]:
    """Every string constant of the package's code, and each naming call whose key is not a constant."""
    constants: set[str] = set()
    built: list[str] = []
    for path in _sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                constants.add(node.value)
            elif isinstance(node, ast.Call) and node.args and _callee(node) in NAMING:
                first = node.args[0]
                if isinstance(first, (ast.JoinedStr, ast.BinOp)):
                    built.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(first)}")
    return constants, built


def test_no_key_is_built_at_run_time():
    constants, built = code_keys()
    assert len(constants) > 500, "the package's string constants were not found"
    assert not built, "keys built at run time (write each key as a literal; vary its forms with select):\n" + \
        "\n".join(built)


def test_every_catalog_key_is_named_by_the_code():
    constants, _ = code_keys()
    keys = set(catalog("en"))
    assert len(keys) > 300
    unused = sorted(keys - constants)
    assert not unused, "catalog keys no code names:\n" + "\n".join(unused)


def test_every_key_the_code_names_is_in_the_catalogs():
    keys = set(catalog("en"))
    missing, named = [], 0
    for path in _sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and node.args and _callee(node) in NAMING:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    named += 1
                    if first.value not in keys:
                        missing.append(f"{path.relative_to(ROOT)}:{node.lineno}: {first.value!r}")
    assert named > 300, f"only {named} calls name a message: did the words move?"
    assert not missing, "keys the code names that no catalog holds:\n" + "\n".join(missing)


def test_no_two_keys_say_the_same_in_every_language():
    """Two keys with the same message in every language are one message written twice: a translator would
    translate it twice, and a fix to one would miss the other. (Forms of one select may repeat each other.)"""
    from mpsarticle.languages import LANGUAGES

    catalogs = {lang: catalog(lang) for lang in LANGUAGES}
    seen: dict[tuple[str, ...], str] = {}
    twice = []
    for key in catalogs["en"]:
        said = tuple(repr(catalogs[lang][key]) for lang in LANGUAGES)
        if said in seen:
            twice.append(f"{seen[said]} and {key}")
        seen.setdefault(said, key)
    assert len(seen) > 300
    assert not twice, "keys with the same message in every language:\n" + "\n".join(twice)
