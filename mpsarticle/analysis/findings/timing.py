"""Naive ``timeit`` against the synchronised timer at the blog post's own sizes, device by device.

The blog post timed its bars with ``timeit`` and no synchronisation. Whether
that reports too short a time depends on the device and the size, so the
timing chapter says what this build measured, size by size, over the
``original`` suite (m = 100 … 3000): at each size the ratio of the engine's
median to the naive method's median, with its interval, and a verdict read
from that interval with :data:`mpsarticle.analysis.series.AGREEMENT_MARGIN` (the two
agree only where the whole interval lies within that margin of 1; an interval
that holds 1 but reaches past the margin is too noisy to say either way).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from mpsarticle.analysis import series as analysis
from mpsarticle.core.stats import FASTER, SAME, SLOWER, UNCLEAR, Agreement, Ratio
from mpsarticle.results.model import ResultSet

__all__ = ["AGREES", "NOISY", "NaiveAtSize", "NaiveTiming", "NaiveVerdict", "TOO_LARGE", "TOO_SMALL", "naive_timing"]

#: The naive median is too small (the engine's is larger, beyond noise), too large, the two agree within the
#: margin (the whole interval inside it), or the interval is too wide to say (see Ratio.agreement).
NaiveVerdict = Literal["too_small", "too_large", "agrees", "unclear"]
TOO_SMALL: Final = "too_small"
TOO_LARGE: Final = "too_large"
AGREES: Final = "agrees"
NOISY: Final = "unclear"
_VERDICTS: dict[Agreement, NaiveVerdict] = {FASTER: TOO_SMALL, SLOWER: TOO_LARGE, SAME: AGREES, UNCLEAR: NOISY}


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
        pairs = analysis.time_ratios(results, device, suite=suite)
        if pairs:
            found[device] = NaiveTiming(device, tuple(
                NaiveAtSize(size, ratio, _VERDICTS[ratio.agreement(analysis.AGREEMENT_MARGIN)])
                for size, ratio in pairs))
    return found
