"""Every hardware-dependent sentence of the chapters, chosen from a finding: one module per chapter.

A module is named as its chapter is (``docs/en/<name>.md``): :mod:`.index`,
:mod:`.devices`, :mod:`.matvec`, :mod:`.timing`, :mod:`.matmul`,
:mod:`.training`, :mod:`.llm`, :mod:`.method`, :mod:`.your_mac`,
:mod:`.machines`, :mod:`.verdict`; :mod:`.common` holds what several of them
share. Each has ``sentences``, the values its chapter glues by key, which
:data:`mpsarticle.article.chapters.CHAPTERS` registers.

Each ``<what>_sentence`` takes a finding (or this build's
:class:`~mpsarticle.results.model.ResultSet`) and a
:class:`~mpsarticle.article.wording.Words`, and returns one sentence in that
language. Which sentence is true is decided from the findings
(:mod:`mpsarticle.analysis.findings`, :mod:`mpsarticle.analysis.verdict`): a
direction word comes from an interval, a share above the copy's bandwidth is
never called memory's, a crossover is named only where the data has one. The
words come from the catalogs; the numbers are typed values that
:mod:`mpsarticle.article.wording` formats.
"""
