"""One catalog of reader-facing strings per language (see :mod:`mpsarticle.wording` for the format)."""
