"""Every figure by name (``FIGURES``): what the chapters glue and what ``python -m mpsarticle plot`` writes.

A chapter names its figures in :data:`mpsarticle.article.chapters.CHAPTERS`;
:class:`mpsarticle.page.Page` glues each as ``fig_<name>``, and :func:`save_all`
writes those marked :attr:`Drawing.plotted` as ``<name>.png``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure

from mpsarticle.article.figures.answer import answer
from mpsarticle.article.figures.frame import has_data
from mpsarticle.article.figures.llm import decode_bars
from mpsarticle.article.figures.mac_model import mac_model
from mpsarticle.article.figures.machines import machines_efficiency, machines_speedup, machines_train
from mpsarticle.article.figures.matmul import matmul
from mpsarticle.article.figures.matvec import bandwidth, original_bars, speedup, time_vs_size
from mpsarticle.article.figures.style import BACKGROUND, DPI, words_in
from mpsarticle.article.figures.timing import methods
from mpsarticle.article.figures.training import train
from mpsarticle.article.figures.your_mac import your_mac_bandwidth
from mpsarticle.results.model import ResultSet

__all__ = ["ENTRIES", "FIGURES", "RESULTS", "Drawing", "save_all"]

#: What a figure is drawn from: this build's :class:`~mpsarticle.results.model.ResultSet`, or the machines'
#: ``entries`` (``(label, results)`` per machine, this build first; see :mod:`.names`).
RESULTS, ENTRIES = "results", "entries"


@dataclass(frozen=True)
class Drawing:
    """One figure: the function that draws it (from its input and a language), what it reads, whether plot writes it."""

    draw: Callable[[Any, str], Figure]
    #: :data:`RESULTS` or :data:`ENTRIES`.
    reads: str = RESULTS
    #: ``python -m mpsarticle plot`` writes it as ``<name>.png``.
    plotted: bool = False


#: Figure name -> its drawing; the plotted ones in the order ``plot`` writes them.
FIGURES: dict[str, Drawing] = {
    "original": Drawing(original_bars, plotted=True),
    "original_engine": Drawing(functools.partial(original_bars, method="engine")),
    "time": Drawing(time_vs_size, plotted=True),
    "speedup": Drawing(speedup, plotted=True),
    "methods": Drawing(methods, plotted=True),
    "bandwidth": Drawing(bandwidth, plotted=True),
    "matmul": Drawing(matmul, plotted=True),
    "train": Drawing(train, plotted=True),
    "decode": Drawing(decode_bars, plotted=True),
    "answer": Drawing(answer),
    "mac_model": Drawing(mac_model),
    "machines_speedup": Drawing(machines_speedup, reads=ENTRIES),
    "machines_efficiency": Drawing(machines_efficiency, reads=ENTRIES),
    "machines_train": Drawing(machines_train, reads=ENTRIES),
    "your_mac_bandwidth": Drawing(your_mac_bandwidth),
}


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
