"""A figure whose picture differs from build to build takes its alt text from the page's glued values (conf.py's
``_glued_alt``): ``:alt: glue:<key>`` becomes the text glued as ``<key>``, read from the file of glued values myst-nb
keeps beside the page's notebook; any other alt text is left alone, and a key the page did not glue leaves the alt
text empty, which the site's test of alt texts rejects."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from ..conftest import ROOT

#: Runs conf.py in a process of its own (it registers a kernel and patches the kernel's start), then its hook on a
#: document of three images.
SCRIPT = """
import json, runpy, sys
from types import SimpleNamespace
from docutils import nodes
conf = runpy.run_path("conf.py")
folder = sys.argv[1]
images = [nodes.image(alt="glue:answer_alt"), nodes.image(alt="A chart drawn the same on every build"),
          nodes.image(alt="glue:never_glued")]
app = SimpleNamespace(env=SimpleNamespace(mystnb_config=SimpleNamespace(output_folder=folder)))
conf["_glued_alt"](app, nodes.section("", *images), "index")
print(json.dumps([image["alt"] for image in images]))
"""


def test_a_glued_alt_text_becomes_the_text_the_page_glued(tmp_path):
    alt = "Line chart of the rate at which this build's CPU read the matrix, with its copy as a \"dashed\" line."
    glued = {"answer_alt": {"data": {"text/plain": repr(alt)}, "metadata": {}}}
    (tmp_path / "index.glue.json").write_text(json.dumps(glued), encoding="utf-8")
    env = {**os.environ, "JUPYTER_PATH": ""}
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path)], cwd=ROOT, env=env, check=True,
                          capture_output=True, text=True, timeout=120)
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [alt, "A chart drawn the same on every build", ""]
