"""Bahasa Indonesia: every reader-facing string of the article's pages and figures.

The same keys and placeholders as :mod:`mpsarticle.article.catalogs.en` (a test holds
that). Indonesian has a single plural form (CLDR ``other``); a plural message
keeps the ``"plural"`` selector so that both catalogs have the same shape.
Term choices: "thread" (not "utas"), "pewaktu tersinkron" for the
package's synchronised timer, "build" for one run of ``make html``.
"""

from mpsarticle.article.catalogs.id.labels import MESSAGES as _LABELS

MESSAGES = {**_LABELS}
