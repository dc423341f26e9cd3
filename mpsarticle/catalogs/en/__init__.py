"""English: every reader-facing string of the article's pages and figures.

Keys are grouped by where the text appears. A dict value holds CLDR plural
forms, ``"plural"`` naming the placeholder that decides (see
:mod:`mpsarticle.wording`). Placeholders must match the Indonesian catalog.
"""

from .labels import MESSAGES as _LABELS
from .prose import MESSAGES as _PROSE

MESSAGES = {**_LABELS, **_PROSE}
