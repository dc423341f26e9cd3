"""Measure a site build's numbers before its chapters run: ``python scripts/measure_build.py``, with the build's
environment (``MPSARTICLE_BUILD_ID``, ``MPSARTICLE_CACHE_DIR``, ``MPSARTICLE_PROFILE``: the Makefile's site recipe).

Every chapter of both languages reads one build's measurements, measured by the first caller and loaded by the
rest (:mod:`mpsarticle.measure.runner`). Measured here, alone, before any chapter runs, they leave the chapters
nothing to measure, so Sphinx can run a language's chapters side by side (``-j``) without any of them taking the
CPU from a measurement: the suites with their selfcheck, the reader's scripts that chapters show the output of,
and the archive's validation. A chapter still measures whatever is missing (a build without this step, a
notebook opened by hand). Bad input or an interrupted run ends it with one line and its exit status, as
``python -m mpsarticle run`` does.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mpsarticle.errors import MpsarticleError  # noqa: E402

#: A chapter's cell that shows what a reader's script prints (:meth:`mpsarticle.page.Page.script_output`).
SCRIPT_CELL = re.compile(r"""page\.script_output\(\s*["']([^"']+)["']\s*\)""")


def scripts_run_by_chapters(docs: Path = ROOT / "docs") -> list[Path]:
    """Every reader's script a chapter runs, once, as the chapter names it (a path from the chapter's folder)."""
    found: dict[Path, None] = {}
    for chapter in sorted(docs.glob("*/*.md")):
        for name in SCRIPT_CELL.findall(chapter.read_text(encoding="utf-8")):
            found[(chapter.parent / name).resolve()] = None
    return list(found)


def main() -> int:
    from mpsarticle import config
    from mpsarticle.measure.interrupt import Interrupted
    from mpsarticle.measure.runner import script_output_once, selfcheck_once
    from mpsarticle.page import article_results
    from mpsarticle.results.archive import load_archive_once

    if config.build_id() is None:
        print("measure_build: MPSARTICLE_BUILD_ID is not set, so nothing measured here would reach the chapters; "
              "run it from make html", file=sys.stderr)
        return 2
    try:
        article_results()
        selfcheck_once()
        for script in scripts_run_by_chapters():
            script_output_once(script)
        load_archive_once()
    except Interrupted as exc:
        if exc.notice is None:  # before the first point: nothing to save
            print(f"mpsarticle: interrupted ({exc.name}) before measuring; nothing saved", file=sys.stderr)
        return exc.exit_status
    except MpsarticleError as exc:
        print(f"mpsarticle: {exc}", file=sys.stderr)
        return exc.exit_status
    return 0


if __name__ == "__main__":
    sys.exit(main())
