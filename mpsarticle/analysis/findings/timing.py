"""Findings of the timing chapter: naive ``timeit`` against the synchronised timer, device by device.

Two readings of the same question. :func:`naive_gaps` compares the two at the
largest ``B @ a`` size both measured (and the device events, where a run
recorded them): one :class:`Gap` per device.

:func:`naive_timing` reads the blog post's own sizes. The blog post timed its
bars with ``timeit`` and no synchronisation. Whether that reports too short a
time depends on the device and the size, so the timing chapter says what this
build measured, size by size, over the ``original`` suite (m = 100 … 3000): at
each size the ratio of the engine's median to the naive method's median, with
its interval, and a verdict read from that interval with
:data:`mpsarticle.analysis.series.AGREEMENT_MARGIN` (the two agree only where
the whole interval lies within that margin of 1; an interval that holds 1 but
reaches past the margin is too noisy to say either way).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from mpsarticle.analysis import series
from mpsarticle.analysis.findings.common import compared_accelerator
from mpsarticle.core.stats import FASTER, SAME, SLOWER, UNCLEAR, Agreement, Ratio
from mpsarticle.results.model import Point, ResultSet

__all__ = ["AGREES", "NOISY", "Gap", "GapVerdict", "NaiveAtSize", "NaiveTiming", "NaiveVerdict", "TOO_LARGE",
           "TOO_SMALL", "naive_gaps", "naive_timing"]

#: Naive ``timeit`` against the engine (:class:`Gap`).
GapVerdict = Literal["optimistic", "pessimistic", "agrees", "unclear"]
#: The naive median is too small (the engine's is larger, beyond noise), too large, the two agree within the
#: margin (the whole interval inside it), or the interval is too wide to say (see Ratio.agreement).
NaiveVerdict = Literal["too_small", "too_large", "agrees", "unclear"]
TOO_SMALL: Final = "too_small"
TOO_LARGE: Final = "too_large"
AGREES: Final = "agrees"
NOISY: Final = "unclear"
_VERDICTS: dict[Agreement, NaiveVerdict] = {FASTER: TOO_SMALL, SLOWER: TOO_LARGE, SAME: AGREES, UNCLEAR: NOISY}
_GAP_VERDICTS: dict[Agreement, GapVerdict] = {FASTER: "optimistic", SLOWER: "pessimistic", SAME: "agrees",
                                             UNCLEAR: "unclear"}


# -- at the largest size ---------------------------------------------------------------

@dataclass(frozen=True)
class Gap:
    """Naive ``timeit`` against the synchronised engine on one device, at the largest size both measured.

    ``verdict``: ``optimistic`` (naive reports less time than a call takes),
    ``pessimistic`` (more), ``agrees`` (within a fifth, the whole interval
    inside it) or ``unclear`` (too noisy to say), from
    :func:`series.agreement`. ``ratio`` is engine time / naive time.
    """

    device: str
    size: int
    naive_s: float
    engine_s: float
    events_s: float | None
    ratio: Ratio
    verdict: GapVerdict
    evidence: tuple[Point, ...]


def naive_gaps(results: ResultSet, suite: str | None = None) -> dict[str, Gap]:
    """:class:`Gap` by device (``cpu``, and the accelerator if measured)."""
    found = {}
    for device in ["cpu"] + [d for d in [compared_accelerator(results)] if d]:
        naive = dict(series.series(results, workload="matvec", device=device, method="naive", suite=suite))
        engine = dict(series.series(results, workload="matvec", device=device, suite=suite))
        events = dict(series.series(results, workload="matvec", device=device, method="events", suite=suite))
        common = sorted(naive.keys() & engine.keys())
        if not common:
            continue
        size = common[-1]
        event = events.get(size)
        found[device] = Gap(device, size, naive[size].measured_s, engine[size].measured_s,
                            event.measured_s if event else None, series.compare(engine[size], naive[size]),
                            _GAP_VERDICTS[series.agreement(naive[size], engine[size])],
                            (naive[size], engine[size]) + ((event,) if event else ()))
    return found


# -- at the blog post's sizes ----------------------------------------------------------

@dataclass(frozen=True)
class NaiveAtSize:
    """One size: ``ratio`` is the engine's median over the naive median (above 1: the naive figure is too small)."""

    size: int
    ratio: Ratio
    verdict: NaiveVerdict

    @property
    def factor(self) -> float:
        """How many times too small (or too large) the naive figure is: at least 1 for either verdict."""
        return self.ratio.value if self.verdict != TOO_LARGE else 1.0 / self.ratio.value


@dataclass(frozen=True)
class NaiveTiming:
    """Every size of the suite that one device measured both ways, smallest first."""

    device: str
    sizes: tuple[NaiveAtSize, ...]

    def having(self, verdict: NaiveVerdict) -> tuple[NaiveAtSize, ...]:
        return tuple(s for s in self.sizes if s.verdict == verdict)

    def worst(self, verdict: NaiveVerdict) -> NaiveAtSize | None:
        """The size of ``verdict`` where the naive figure is furthest off; ``None`` if there is none."""
        return max(self.having(verdict), key=lambda s: s.factor, default=None)

    @property
    def too_small(self) -> Literal["all", "some", "none"]:
        """At how many sizes the naive figure is too small: ``all``, ``some`` or ``none``."""
        count = len(self.having(TOO_SMALL))
        return "all" if count == len(self.sizes) else "some" if count else "none"


def naive_timing(results: ResultSet, suite: str = "original") -> dict[str, NaiveTiming]:
    """:class:`NaiveTiming` by device, for every device with at least one size measured well both ways."""
    found = {}
    for device in results.devices:
        pairs = series.time_ratios(results, device, suite=suite)
        if pairs:
            found[device] = NaiveTiming(device, tuple(
                NaiveAtSize(size, ratio, _VERDICTS[ratio.agreement(series.AGREEMENT_MARGIN)])
                for size, ratio in pairs))
    return found
