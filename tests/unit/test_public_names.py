"""Public names never shadow a subpackage: each name of ``mpsarticle.__all__`` is the same object in a fresh process
whether or not a subpackage was imported first, and no public name is a subpackage's."""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys

import mpsarticle

from ..machines import ROOT

#: Every module and subpackage of the package but its command-line entry point (importing that runs it).
SUBPACKAGES = sorted(m.name for m in pkgutil.iter_modules(mpsarticle.__path__) if m.name != "__main__")

#: In a fresh process: the qualified name of each public object, before or after importing every subpackage.
_PROBE = """
import importlib, json, sys
first = sys.argv[1] == "after"
if first:
    for name in {subpackages!r}:
        importlib.import_module("mpsarticle." + name)
import mpsarticle
found = {{}}
for name in mpsarticle.__all__:
    value = getattr(mpsarticle, name)
    found[name] = getattr(value, "__module__", "") + "." + getattr(value, "__qualname__", type(value).__name__)
print(json.dumps(found))
"""


def _names(when: str) -> dict[str, str]:
    code = _PROBE.format(subpackages=SUBPACKAGES)
    done = subprocess.run([sys.executable, "-c", code, when], capture_output=True, text=True, cwd=ROOT, check=True)
    return json.loads(done.stdout)


def test_no_public_name_is_a_subpackages_name():
    assert not set(mpsarticle.__all__) & set(SUBPACKAGES), set(mpsarticle.__all__) & set(SUBPACKAGES)


def test_every_public_name_is_the_same_object_before_and_after_importing_the_subpackages():
    before, after = _names("before"), _names("after")
    assert before == after
    assert before["time_point"] == "mpsarticle.measure.timing.time_point"
