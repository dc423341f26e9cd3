"""Every figure by name (``FIGURES``): what the chapters glue and what ``python -m mpsarticle plot`` writes.

Each module of this package that draws a chapter's figures lists them in its
``DRAWINGS`` (name -> :class:`~mpsarticle.article.figures.frame.Drawing`);
:data:`FIGURES` gathers them, in the order the chapters
(:data:`mpsarticle.article.chapters.CHAPTERS`) name them, so that a new
figure is added in its own module and its chapter's entry only.
:class:`mpsarticle.page.Page` glues each as ``fig_<name>``, and
:func:`save_all` writes those marked :attr:`Drawing.plotted` as ``<name>.png``.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

from mpsarticle.article.chapters import CHAPTERS
from mpsarticle.article.figures.frame import ENTRIES, RESULTS, Drawing, has_data
from mpsarticle.article.figures.style import BACKGROUND, DPI, words_in
from mpsarticle.results.model import ResultSet

__all__ = ["ENTRIES", "FIGURES", "RESULTS", "Drawing", "save_all"]


def _gathered() -> dict[str, Drawing]:
    found: dict[str, Drawing] = {}
    # The package's folder, not the package: its __init__ imports this module.
    for module in pkgutil.iter_modules([str(Path(__file__).parent)]):
        drawings = getattr(importlib.import_module(f"{__package__}.{module.name}"), "DRAWINGS", {})
        twice = found.keys() & drawings.keys()
        if twice:
            raise ValueError(f"figures named twice: {', '.join(sorted(twice))}")
        found.update(drawings)
    named = [name for chapter in CHAPTERS.values() for name in chapter.figures]
    return {name: found[name] for name in named if name in found} | \
        {name: drawing for name, drawing in found.items() if name not in named}


#: Figure name -> its drawing, in the chapters' order; the plotted ones in the order ``plot`` writes them.
FIGURES: dict[str, Drawing] = _gathered()


def save_all(results: ResultSet, folder: str | Path, lang: str = "en") -> list[Path]:
    """Write every plotted figure that has data as ``<name>.png`` in ``folder`` (created if missing); return the
    paths."""
    words_in(lang)  # an unknown language is refused before the folder is made
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name, drawing in FIGURES.items():
        if not drawing.plotted:
            continue
        figure = drawing.draw(results, lang)
        if has_data(figure):
            path = target / f"{name}.png"
            figure.savefig(path, dpi=DPI, facecolor=BACKGROUND, transparent=False)
            written.append(path)
    return written
