"""English: every reader-facing string of the article's pages and figures.

Keys are grouped by where the text appears. A dict value holds CLDR plural
forms, ``"plural"`` naming the placeholder that decides (see
:mod:`mpsarticle.article.wording`). Placeholders must match the Indonesian catalog.
"""

from mpsarticle.article.catalogs.en.labels import MESSAGES as _LABELS

MESSAGES = {**_LABELS}
