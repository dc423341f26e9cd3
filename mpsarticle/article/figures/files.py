"""Figures as files: the figures ``python -m mpsarticle plot`` writes (``FIGURES``), and ``save_all``."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from matplotlib.figure import Figure

from mpsarticle.results.model import ResultSet
from mpsarticle.article.figures.frame import has_data
from mpsarticle.article.figures.matmul import matmul
from mpsarticle.article.figures.matvec import bandwidth, original_bars, speedup, time_vs_size
from mpsarticle.article.figures.style import BACKGROUND, DPI, words
from mpsarticle.article.figures.timing import methods
from mpsarticle.article.figures.training import train

__all__ = ["FIGURES", "save_all"]

#: File stem -> figure function, in the order of the article's chapters.
FIGURES: dict[str, Callable[[ResultSet, str], Figure]] = {
    "original": original_bars,
    "time": time_vs_size,
    "speedup": speedup,
    "methods": methods,
    "bandwidth": bandwidth,
    "matmul": matmul,
    "train": train,
}


def save_all(results: ResultSet, folder: str | Path, lang: str = "en") -> list[Path]:
    """Write every figure that has data as ``<name>.png`` in ``folder`` (created if missing); return the paths."""
    words(lang)  # an unknown language is refused before the folder is made
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name, draw in FIGURES.items():
        figure = draw(results, lang)
        if has_data(figure):
            path = target / f"{name}.png"
            figure.savefig(path, dpi=DPI, facecolor=BACKGROUND, transparent=False)
            written.append(path)
    return written
