"""The article's words, tables and figures, in English and Indonesian, from results and their analysis. No torch:
the chapters' composition (measure once, then glue) is :mod:`mpsarticle.page`."""
