"""Findings: what this build's measurements say, as typed facts, with no words.

Each function takes a :class:`~mpsarticle.results.model.ResultSet` (and, for the
method and machines chapters, the selfcheck rows or the archive) and returns
frozen dataclasses: what was compared, the numbers, the direction (faster,
slower, about the same: read from the intervals of :mod:`mpsarticle.core.stats`,
never from bare medians), the sizes, and the points that are the evidence.
:mod:`mpsarticle.article.sentences` chooses every hardware-dependent sentence from
these; nothing here knows a language or formats a number.

Only points that are ``ok`` (measured, and correct where checked) count as
speeds; points that failed, ran out of memory or were unsupported are kept
as such, so that a sentence can say why something is missing.
"""

from __future__ import annotations

from mpsarticle.analysis.findings.common import (
    DTYPES,
    MISSING,
    Absent,
    Accelerator,
    Comparison,
    Machine,
    Missing,
    machine,
    rate_ratio,
)
from mpsarticle.analysis.findings.drops import Drop, drops
from mpsarticle.analysis.findings.matmul import (
    MIXED,
    NOT_FASTER,
    OVERALLS,
    HalfOnCpu,
    Matmul,
    Overall,
    Precision,
    PrecisionComparison,
    RateComparison,
    matmul,
)
from mpsarticle.analysis.findings.matvec import (
    Bandwidth,
    Basis,
    Crossover,
    CrossoverKind,
    Original,
    Source,
    bandwidths,
    crossover,
    crossover_kind,
    original,
)
from mpsarticle.analysis.findings.method import (
    Checks,
    Coverage,
    OutsideWhy,
    Processes,
    Rejected,
    Remeasured,
    Selfcheck,
    checks,
    coverage,
    outside_why,
    processes,
    rejected,
    remeasured,
    selfcheck,
)
from mpsarticle.analysis.findings.timing import (
    Gap,
    GapVerdict,
    NaiveAtSize,
    NaiveTiming,
    NaiveVerdict,
    naive_gaps,
    naive_timing,
)
from mpsarticle.analysis.findings.training import (
    BatchScaling,
    Scaling,
    Training,
    batch_scaling,
    training,
)

__all__ = [
    "Absent", "Accelerator", "Bandwidth", "Basis", "Checks", "Comparison", "Coverage", "Crossover", "CrossoverKind",
    "DTYPES", "Drop", "Gap", "GapVerdict", "HalfOnCpu", "MISSING", "MIXED", "Machine", "Matmul", "Missing",
    "NOT_FASTER", "NaiveAtSize", "NaiveTiming", "NaiveVerdict", "OVERALLS", "Original", "Overall", "Precision",
    "PrecisionComparison", "RateComparison", "Selfcheck", "Source", "Training", "bandwidths", "checks", "coverage",
    "crossover", "crossover_kind", "drops", "machine", "matmul", "naive_gaps", "naive_timing", "original",
    "rate_ratio", "selfcheck", "training",
]
__all__ += ["BatchScaling", "Scaling", "batch_scaling"]
__all__ += ["Processes", "processes"]
__all__ += ["Rejected", "Remeasured", "rejected", "remeasured"]
__all__ += ["OutsideWhy", "outside_why"]
