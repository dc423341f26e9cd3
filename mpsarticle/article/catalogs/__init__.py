"""One catalog of reader-facing strings per language (see :mod:`mpsarticle.article.wording` for the format)."""
