"""Every figure of the article, in one style, labelled in English or Indonesian.

Each figure function takes this build's :class:`~mpsarticle.results.model.ResultSet`
(the machines chapter's take ``entries``, see :mod:`.names`) and a language
(``"en"`` or ``"id"``) and returns a :class:`matplotlib.figure.Figure`.
Nothing here measures, and nothing here imports torch.

- :mod:`.style`: palette, type sizes, opaque backgrounds, words and numbers
  in the page's language, a device's name (the one the sentences use);
- :mod:`.frame`: figure and axes, log axes, legend, the empty-figure message;
- :mod:`.series`: one device's series with failed and unmeasured points marked;
- one module per chapter: :mod:`.matvec`, :mod:`.timing`, :mod:`.matmul`,
  :mod:`.training`, :mod:`.machines` (with :mod:`.names` for labels from
  files), :mod:`.answer` (the opening page);
- :mod:`.files`: the registry of figures and ``save_all``.
"""

from __future__ import annotations

from mpsarticle.article.figures.answer import answer
from mpsarticle.article.figures.files import FIGURES, save_all
from mpsarticle.article.figures.machines import machines_efficiency, machines_speedup, machines_train
from mpsarticle.article.figures.matmul import matmul
from mpsarticle.article.figures.matvec import bandwidth, original_bars, speedup, time_vs_size
from mpsarticle.article.figures.names import LABEL_LIMIT, machine_name
from mpsarticle.article.figures.style import (
    BACKGROUND,
    DEVICE_COLORS,
    DPI,
    FAILED_GID,
    MACHINE_COLORS,
    MESSAGE_GID,
    METHOD_COLORS,
    device_color,
    device_name,
)
from mpsarticle.article.figures.timing import methods
from mpsarticle.article.figures.training import train

__all__ = [
    "BACKGROUND", "DEVICE_COLORS", "DPI", "FAILED_GID", "FIGURES", "LABEL_LIMIT", "MACHINE_COLORS",
    "MESSAGE_GID", "METHOD_COLORS", "answer", "bandwidth", "device_color", "device_name",
    "machine_name", "machines_efficiency", "machines_speedup", "machines_train", "matmul", "methods",
    "original_bars", "save_all", "speedup", "time_vs_size", "train",
]
