"""An independent oracle for the article's hardware-dependent sentences (issue 18).

The sentences are chosen by :mod:`mpsarticle.findings`; tests that check
them against those same findings cannot see evidence the findings dropped
(the ``original`` suite's small sizes, say). This module is a second,
deliberately simple implementation that reads the RAW points of a
:class:`~mpsarticle.results.ResultSet` and nothing the article derived: it
must not import ``mpsarticle.analysis``, ``findings``, ``verdict``,
``answer``, ``sentences`` or ``stats`` (a unit test reads its imports).

The rules, all of them here:

- Evidence for (workload, device, size) is every ``ok`` point (status ok,
  check not failed, samples present) with method ``engine``, in ANY suite.
  Where two suites measured the same size, a sentence may quote either:
  a claim about that size is true when one of the pairs of points supports
  it ("accept either"); so a size contradicts a claim only when every pair
  does.
- A point's interval is the distribution-free order-statistic interval of
  its median at 97.5 % (two such intervals hold together with probability
  at least 95 %, by Bonferroni), from its samples, written out below with
  exact binomial sums.
- Direction, CPU against accelerator at one size: the accelerator is
  ``faster`` when the CPU's interval lies wholly above the accelerator's
  (CPU low > accelerator high), ``slower`` when the reverse holds, else
  ``same`` (overlapping intervals: no side is named). For rates (best
  matrix-product rates) the same rule on rate = amount / time. "Agree within
  a fifth" (naive timeit) is false only when the ratio's interval lies
  wholly outside 1/1.2 … 1.2.
- "Loses to the CPU nowhere" (and "beats … nowhere", "level … wherever")
  ranges over every comparison the build measured: B @ a and the training
  step size by size, and matrix products both size by size and best rate
  against best rate, per precision. Areas named "matrix products in …"
  are read as the sentences define them, by best rate.
- A factor printed as ``F×`` matches a true ratio V when |F - V| is at most
  one unit in F's last printed digit (the printed rounding allows half of
  that); a time or a rate likewise. ``1.0×`` always fails: it cannot show
  which side is faster. Factors are the winner's advantage.
- A quoted time or rate is an engine median (of any suite); naive timeit's
  numbers only where the sentence is about naive timeit (the original
  experiment's totals, the timing chapter). "At its best", "the smallest
  … measured" and "its largest matrix" range over every suite.
- An enumeration of sizes ("at m = 1,024, 2,048, and 8,192") is read as
  exhaustive: a size where every pair says that side is faster must be
  listed. "From m = N on", "below m = N" and "at every size" are checked as
  stated (every common size in the range).

The claims: :data:`CLAIM_TABLE`, at the top of the module, is the table (a
name, one regex over a key's English text, the name of its checker); the
wording's owner updates it when the wording changes. A
claim whose pattern matches but whose numbers cannot be tied to points is a
failure, not a skip. :data:`NO_CLAIMS` lists text that carries no measured
claim, and :func:`uncovered` names every sentence with a number or a
direction word that no pattern of either table reads, so that the oracle
cannot silently go blind after a rewording.

English only: the Indonesian sentences come from the same choices.
"""

from __future__ import annotations

import functools
import math
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Iterable, Mapping

from mpsarticle.results import Point, ResultSet
from mpsarticle.wording import catalog

__all__ = ["CLAIMS", "CLAIM_TABLE", "NO_CLAIMS", "FORBIDDEN_IMPORTS", "Failure", "Oracle", "check_texts",
           "false_claims", "interval", "median", "uncovered"]

#: What this module must not import: it would then share the code under test.
FORBIDDEN_IMPORTS = ("mpsarticle.analysis", "mpsarticle.findings", "mpsarticle.verdict", "mpsarticle.answer",
                     "mpsarticle.sentences", "mpsarticle.stats")
FASTER, SLOWER, SAME = "faster", "slower", "same"
#: Each point's interval: 97.5 %, so that two hold together at 95 % (Bonferroni).
LEVEL = 0.975
SIZE_KEYS = {"matvec": "m", "matmul": "m", "copy": "n", "train_step": "batch"}
DTYPES = ("float32", "float16", "bfloat16")


# -- reading numbers ---------------------------------------------------------------------

NUM = r"\d{1,3}(?:,\d{3})*(?:\.\d+)?|\d+(?:\.\d+)?"
N = rf"(?:{NUM})"
SEP = r"(?:, and |, | and )"
LIST = rf"{N}(?:{SEP}{N}(?!\d))*"
TIME = rf"{N} (?:s|ms|µs|ns)"
RATE = rf"{N} (?:GB/s|GFLOP/s|TFLOP/s)"
SCI = rf"{N}(?: × 10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)?"
DTYPE = r"(?:float32|float16|bfloat16)"
_EN = catalog("en")
DEVICE_NAMES = {_EN[f"device.{kind}"]: kind for kind in ("cpu", "cuda", "mps")}
DEV = "(?:" + "|".join(re.escape(name) for name in DEVICE_NAMES) + ")"
UNITS = {"s": 1.0, "ms": 1e-3, "µs": 1e-6, "ns": 1e-9, "GB/s": 1e9, "GFLOP/s": 1e9, "TFLOP/s": 1e12}
_SUPER = str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")

#: Identifiers and Python reprs that must never reach a sentence.
CODE = (r"Device\(|\(m=|\bdtype=|\bmatvec\(|\bmatmul\(|do_bench\w*|blocked_autorange"
        r"|\b[a-z]\w*=[^\s,)]+|\b[A-Za-z]+_[A-Za-z_]+\b")

#: THE CLAIM TABLE: (name, regex over one key's English text, the checker's name below). Update it with the
#: wording (the English catalog, mpsarticle/catalogs/en/prose.py); :func:`uncovered` says when a sentence is no
#: longer read. A checker gets the match and a Context (the oracle; ``fail`` to record a problem).
CLAIM_TABLE: list[tuple[str, str, str]] = [
    # -- the answer (index and verdict): universal claims, then areas inside a list
    ("loses nowhere", rf"The {DEV} loses to the CPU nowhere in these measurements", "check_loses_nowhere"),
    ("beats nowhere", rf"the {DEV} beats the CPU nowhere in these measurements", "check_beats_nowhere"),
    ("level everywhere", rf"the {DEV} and the CPU are level within noise wherever both were measured", "check_level"),
    ("wins at", rf"On this machine the {DEV} beats the CPU at (?P<areas>(?!none of)(?!m = ).+?)\.(?= [A-Z]|$)",
     "check_wins"),
    ("CPU faster at", r"The CPU is faster at (?P<areas>.+?)\.(?= [A-Z]|$)", "check_losses"),
    ("rule", rf"use the {DEV} for (?P<use>.+?)(?:, and keep (?P<keep>.+?) on the CPU)?\.(?= [A-Z]|$)", "check_rule"),
    ("rule keep", rf"keep (?P<keep>.+?) on the CPU; the {DEV} did not beat it here", "check_rule"),
    # -- the crossover (matvec)
    ("faster at every size", rf"the {DEV} is faster than the CPU at every size measured on both: (?P<f1>{N})× faster "
                             rf"at m = (?P<s1>{N}) and (?P<f2>{N})× faster at m = (?P<s2>{N})", "check_always"),
    ("wins from", rf"the {DEV} wins from m = (?P<n>{N}) on: it is faster there and at every larger size measured, "
                  rf"(?P<f>{N})× faster at m = (?P<at>{N})\. Below m = (?P=n) (?P<below>the CPU is faster|the two are "
                  rf"about as fast|it is slower than the CPU or about as fast|it wins at some sizes and not at others)",
     "check_from"),
    ("beats at none", rf"the {DEV} beats the CPU at none of the sizes measured: at m = (?P<at>{N}) (?:it takes "
                      rf"(?P<f>{N})× as long as the CPU|the two are about as fast \((?P<acc>{TIME}) against "
                      rf"(?P<cpu>{TIME})\))", "check_never"),
    ("wins some, not the largest", rf"the {DEV} beats the CPU at m = (?P<list>{LIST}) \((?:up to )?(?P<f>{N})× "
                                   rf"faster(?:, at m = (?P<at>{N}))?\), but not at the largest size measured: at "
                                   rf"m = (?P<l>{N}) (?:it takes (?P<sf>{N})× as long as the CPU|the two are about "
                                   rf"as fast)", "check_mixed"),
    # -- the reasons (verdict)
    ("smallest size", rf"(?P<how>Even|At) the smallest matrix-vector product measured, m = (?P<m>{N}), (?:one call )?"
                      rf"takes (?P<acc>{TIME}) on the {DEV} (?:against|and) (?P<cpu>{TIME}) on the CPU"
                      rf"(?:, (?P<level>level) within noise)?", "check_small"),
    ("smallest size, CPU", rf"at m = (?P<m>{N}), the smallest matrix-vector product measured, the CPU takes "
                           rf"(?P<cpu>{TIME}) per call", "check_small_cpu"),
    ("streaming", rf"would take only (?P<stream>{TIME}): the rest of its (?P<acc>{TIME}) is the fixed cost",
     "check_streaming"),
    ("bandwidth ratio", rf"from memory, the (?P<dev>{DEV}) read (?P<acc>{RATE}) and the CPU (?P<cpu>{RATE}), "
                        rf"(?:so the (?P<who>{DEV}) reads (?P<f>{N})× as fast|level within noise)", "check_large"),
    # -- matvec: the original experiment, bandwidth; the answer's bound on a language model
    ("original", rf"Timed the original way, (?P<calls>{N}) products? at m = (?P<m>{N}) took (?P<totals>.+?)\.$",
     "check_original"),
    ("bandwidth", rf"At its best \(m = (?P<m>{N})\) the (?P<dev>{DEV}) (?:streams|reads) the matrix at (?P<r>{RATE})"
                  rf"(?:, (?:(?P<share>{N})% of|(?P<times>{N})×) the (?P<c>{RATE}))?(?:[^.]*?\((?P<matrix>{N} "
                  rf"[KMGT]iB)\) fits in its (?P<cache>{N} [KMGT]iB) of cache)?", "check_bandwidth"),
    ("tokens", rf"At the (?P<r>{RATE}) that B @ a reached on the (?P<dev>{DEV}) with (?:a matrix larger than its "
               rf"caches \(m = (?P<m>{N})\)|its largest matrix \(m = (?P<lm>{N}), the one caches help least\)), that "
               rf"allows at most {RATE} ÷ {N} GB ≈ (?P<tokens>{N}) tokens?", "check_llm"),
    ("tokens, copy", rf"At the (?P<r>{RATE}) a plain copy reached on the (?P<dev>{DEV}), that allows at most {RATE} ÷ "
                     rf"{N} GB ≈ (?P<tokens>{N}) tokens?", "check_llm_copy"),
    ("tokens, other device", rf"On the (?P<dev>{DEV}), at (?P<r>{RATE}), the bound is (?P<tokens>{N}) tokens?",
     "check_llm_also"),
    # -- timing: naive timeit against the synchronised timer (quoting the naive time is this sentence's point)
    ("naive gap", rf"At m = (?P<m>{N}), naive timeit reports (?P<naive>{TIME}) per product on the (?P<dev>{DEV}), "
                  rf"while the synchronised timer measures (?P<engine>{TIME})(?: and the device's own events "
                  rf"(?P<events>{TIME}))?: the naive number is (?P<f>{N})× (?P<how>too small, too optimistic|too "
                  rf"large, too pessimistic)", "check_gap"),
    ("naive agrees", rf"At m = (?P<m>{N}) on the (?P<dev>{DEV}), naive timeit gives (?P<naive>{TIME}) per product"
                     rf"(?:,| and) the synchronised timer (?P<engine>{TIME})(?: and the device's own events "
                     rf"(?P<events>{TIME}))?: here (?:the two|naive timeit and the synchronised timer) agree within "
                     rf"a fifth", "check_gap_agrees"),
    ("naive gap, CPU", rf"On the CPU(?:, at m = (?P<m>{N}),| the two agree: at m = (?P<m2>{N})) naive timeit gives "
                       rf"(?P<naive>{TIME}) and the synchronised timer (?P<engine>{TIME})(?:, (?P<f>{N})× "
                       rf"(?P<how>more|less))?", "check_gap_cpu"),
    # -- matrix products
    ("best rates", rf"(?:Best rates on the|On the) (?P<dev>{DEV})(?::| no matrix product was measured well:) "
                   rf"(?P<rates>[^.]*(?:\.\d[^.]*)*)\.", "check_rates"),
    ("best against best", r"Best rate against best rate: (?P<clauses>.+?)\.(?= [A-Z]|$)", "check_compare"),
    # -- training
    ("training step", rf"With a batch of (?P<b>{N}), one training step takes (?P<acc>{TIME}) on the {DEV} and "
                      rf"(?P<cpu>{TIME}) on the CPU: (?:the {DEV} is (?:(?P<f1>{N})× (?P<how>faster)|"
                      rf"(?P<how2>slower), taking (?P<f2>{N})× as long)|about the same, within noise)", "check_train"),
    ("training step, other batch", rf"At batch (?P<b>{N})(?: the {DEV} is (?P<fast>{N})× faster|, though, the CPU is "
                                   rf"faster: the {DEV} takes (?P<slow>{N})× as long| the two are about as fast)",
     "check_train_also"),
    ("training step missing", rf"(?:At batch (?P<b>{N}) the step on the (?P<dev>{DEV})|With a batch of (?P<b2>{N}), "
                              rf"one training step takes {TIME} on the CPU; on the (?P<dev2>{DEV}) the step) "
                              rf"(?P<why>is not supported|failed its correctness check|ran out of memory|failed with "
                              rf"an error|was not measured)", "check_train_missing"),
    ("training step, CPU", rf"With a batch of (?P<b>{N}), one training step takes (?P<cpu>{TIME}) on (?:this build's "
                           rf"CPU|the CPU;)", "check_train_cpu"),
    ("checks failed", rf"(?P<n>{N}) results? failed (?:its|their) correctness check", "check_failed_count"),
    ("checks passed", rf"Every result (?:that ran )?in this build passed its correctness check(?:; for the training "
                      rf"step the largest relative error of the gradients against float64 was (?P<e>{SCI}), on the "
                      rf"(?P<dev>{DEV}), within the limit of (?P<t>{SCI}))?", "check_passed"),
    # -- a build without an accelerator
    ("CPU facts", r"On its own the CPU (?P<facts>.+?)\.(?= [A-Z]|$)", "check_cpu_facts"),
    ("CPU precisions", rf"Rule of thumb from these numbers: on this CPU, (?:stay with float32|.+? can pay off) "
                       rf"\((?P<clauses>.+)\)\.", "check_cpu_half"),
    # -- counts, the selfcheck, prose
    ("points measured", rf"This build measured (?P<n>{N}) points? with the \S+ profile on [\d-]+(?:; "
                        rf"(?P<missing>.+?))?\.(?= [A-Z]|$)", "check_measured"),
    ("nothing succeeded", rf"(?:None of the|The) (?P<n>{N}) measurements? of this build (?:succeeded|did not "
                          rf"succeed)", "check_nothing"),
    ("selfcheck outside", rf"fall?s? outside ±(?P<t>{N})%: (?P<rows>.+?)\.(?= [A-Z]|$)", "check_selfcheck"),
    ("code in prose", CODE, "check_code"),
]

#: Text that states nothing measured: the machine's names, the model's size, captions, the gaps' list.
NO_CLAIMS: list[re.Pattern] = [re.compile(p) for p in [
    r"Measured on: .+?\.(?= [A-Z]|$)",
    # The method chapter's selfcheck compares the engine with references: rows, not points of the set.
    r"In this build the \d+ comparisons? (?:all )?agrees? within ±[\d.]+%\.",
    r"The synchronised timer spent .+? in all on these points, .+",
    r"This build (?:measured|found) (?:the |no ).+?\.(?= [A-Z]|$)",
    r"This build measured no accelerator, only its CPU \(.+?\), so it cannot say where a GPU would win",
    r"A language model runs a matrix-vector product over each of its weight matrices .+? per token\.",
    r"Every comparison of this build's .+",
    r"With no accelerator to compare, the chart .+",
    r"Every point of this chapter was measured on this machine\.",
    r"Not measured on this machine, and so gaps in the figures: .+",
    r"Large products are limited by how fast memory delivers the matrix",
    r"Matrix products in .+? could not be compared: .+?\.(?= [A-Z]|$)",
    r"With no accelerator in this build there is no crossover to report",
    r"This build had no accelerator, so the gap between naive and synchronised timing cannot be shown",
    r"the CPU does finish each product before the call returns, so the difference .+",
    r"because the CPU finishes each product before the call returns\.",
    r"they are marked in the figures and never counted as speed\.|it is marked in the figures and never "
    r"counted as a speed\.",
]]


# -- statistics, written out ---------------------------------------------------------

def median(values: Iterable[float]) -> float:
    ordered = sorted(values)
    n = len(ordered)
    if not n:
        raise ValueError("no samples")
    middle = n // 2
    return ordered[middle] if n % 2 else (ordered[middle - 1] + ordered[middle]) / 2


@functools.lru_cache(maxsize=None)
def _ranks(n: int, level: float) -> tuple[int, int] | None:
    """0-based ranks (low, high) of the order statistics bounding the median at ``level``, or None (too few).

    With K ~ Binomial(n, 1/2) the number of samples below the true median and
    a = (1 - level) / 2: low = (smallest k with P(K <= k) >= a) - 1, high =
    smallest k with P(K > k) <= a, in exact fractions.
    """
    if n < 2:
        return None
    alpha = Fraction(1 - level).limit_denominator(10**9) / 2
    total = 2**n
    cdf, low, high = Fraction(0), None, None
    for k in range(n + 1):
        cdf += Fraction(math.comb(n, k), total)
        if low is None and cdf >= alpha:
            low = k - 1
        if high is None and 1 - cdf <= alpha:
            high = k
    if low is None or high is None or low < 0 or high >= n:
        return None
    return low, high


def interval(samples: Iterable[float], level: float = LEVEL) -> tuple[float, float]:
    """The order-statistic interval of the median; the samples' full range when there are too few."""
    ordered = sorted(samples)
    ranks = _ranks(len(ordered), level)
    if ranks is None:
        return ordered[0], ordered[-1]
    return ordered[ranks[0]], ordered[ranks[1]]


def good(point: Point) -> bool:
    return point.status == "ok" and point.check != "failed" and bool(point.samples)


@dataclass(frozen=True)
class Timed:
    """One good point, its median and interval recomputed from its samples."""

    point: Point
    median: float
    low: float
    high: float

    @property
    def suite(self) -> str | None:
        return self.point.suite

    def rate(self, amount: str) -> tuple[float, float, float]:
        """(rate, low, high) of ``amount`` ("flops" or "bytes_moved") per second."""
        work = getattr(self.point, amount)
        return work / self.median, work / self.high, work / self.low


def direction(cpu: Timed, accelerator: Timed) -> str:
    """The accelerator against the CPU, by time."""
    if cpu.low > accelerator.high:
        return FASTER
    if accelerator.low > cpu.high:
        return SLOWER
    return SAME


def rate_direction(mine: Timed, theirs: Timed, amount: str) -> str:
    """``mine`` against ``theirs``, by rate: faster when its rate interval lies wholly above."""
    _, low, high = mine.rate(amount)
    _, their_low, their_high = theirs.rate(amount)
    if low > their_high:
        return FASTER
    if high < their_low:
        return SLOWER
    return SAME


# -- the oracle: facts from raw points -------------------------------------------------

class Oracle:
    """What the raw points of one result set say, CPU against its accelerator."""

    def __init__(self, results: ResultSet) -> None:
        self.results = results
        self.good = [Timed(p, median(p.samples), *interval(p.samples)) for p in results.points if good(p)]
        kinds = [p.device for p in results.points if p.device != "cpu"]
        measured = [t.point.device for t in self.good if t.point.device != "cpu"]
        self.accelerator: str | None = (measured or kinds or [None])[0]
        devices = results.environment.get("devices", {})
        self.cache = {kind: d.get("cache_bytes") for kind, d in devices.items() if isinstance(d, dict)}

    # -- points
    def timed(self, workload: str, device: str, method: str = "engine", **params) -> dict[int, list[Timed]]:
        """size -> the good points of that size (every suite)."""
        key = SIZE_KEYS.get(workload, "m")
        found: dict[int, list[Timed]] = {}
        for t in self.good:
            p = t.point
            if p.workload == workload and p.device == device and p.method == method and \
                    all(p.params.get(k) == v for k, v in params.items()) and key in p.params:
                found.setdefault(int(p.params[key]), []).append(t)
        return dict(sorted(found.items()))

    def pairs(self, workload: str, size: int, **params) -> list[tuple[Timed, Timed]]:
        """(CPU, accelerator) pairs of engine points at ``size``: every combination of suites."""
        if self.accelerator is None:
            return []
        cpu = self.timed(workload, "cpu", **params).get(size, [])
        acc = self.timed(workload, self.accelerator, **params).get(size, [])
        return [(c, a) for c in cpu for a in acc]

    def common(self, workload: str, **params) -> list[int]:
        """Sizes measured well, by the engine, on both the CPU and the accelerator, in any suite."""
        if self.accelerator is None:
            return []
        cpu = self.timed(workload, "cpu", **params)
        acc = self.timed(workload, self.accelerator, **params)
        return sorted(cpu.keys() & acc.keys())

    def directions(self, workload: str, size: int, **params) -> set[str]:
        """Every direction one of the pairs at ``size`` shows (one element unless suites overlap)."""
        return {direction(c, a) for c, a in self.pairs(workload, size, **params)}

    def can_be(self, side: str, workload: str, size: int, **params) -> bool:
        return side in self.directions(workload, size, **params)

    def must_be(self, side: str, workload: str, size: int, **params) -> bool:
        found = self.directions(workload, size, **params)
        return bool(found) and found == {side}

    def speedups(self, workload: str, size: int, **params) -> list[float]:
        """CPU median / accelerator median, for every pair at ``size``."""
        return [c.median / a.median for c, a in self.pairs(workload, size, **params)]

    # -- universal facts
    def comparisons(self) -> list[tuple[str, object, set[str]]]:
        """(what, size, directions) for every comparison the build has: B @ a, the training step and each
        precision's matrix product size by size, and each precision's best rate against best rate."""
        found: list[tuple[str, object, set[str]]] = []
        for workload in ("matvec", "train_step"):
            found += [(workload, s, self.directions(workload, s)) for s in self.common(workload)]
        for dtype in DTYPES:
            found += [(f"matmul {dtype}", s, self.directions("matmul", s, dtype=dtype))
                      for s in self.common("matmul", dtype=dtype)]
            best = self.best_rate_directions(dtype)
            if best:
                found.append((f"matmul {dtype}", "best rate", best))
        return found

    def wins_everywhere(self, workload: str) -> bool:
        sizes = self.common(workload)
        return bool(sizes) and all(self.can_be(FASTER, workload, s) for s in sizes)

    def where(self, side: str) -> list[tuple[str, object]]:
        """Comparisons in which the accelerator is ``side`` whichever points are taken."""
        return [(what, at) for what, at, found in self.comparisons() if found == {side}]

    def loses_nowhere(self) -> bool:
        return bool(self.comparisons()) and not self.where(SLOWER)

    def wins_nowhere(self) -> bool:
        return bool(self.comparisons()) and not self.where(FASTER)

    def crossover(self, workload: str = "matvec") -> int | None:
        """The smallest common size from which the accelerator is faster there and at every larger common size."""
        start = None
        for size in reversed(self.common(workload)):
            if not self.can_be(FASTER, workload, size):
                break
            start = size
        return start

    # -- rates
    def best(self, workload: str, device: str, amount: str, **params) -> list[Timed]:
        """The point of best rate, every suite taken together (several only where they tie)."""
        everything = [t for ts in self.timed(workload, device, **params).values() for t in ts
                      if getattr(t.point, amount)]
        if not everything:
            return []
        top = max(t.rate(amount)[0] for t in everything)
        return [t for t in everything if t.rate(amount)[0] >= top * (1 - 1e-12)]

    def rates(self, workload: str, device: str, amount: str, **params) -> dict[int, list[float]]:
        return {s: [t.rate(amount)[0] for t in ts if getattr(t.point, amount)]
                for s, ts in self.timed(workload, device, **params).items()}

    def best_rate_directions(self, dtype: str) -> set[str]:
        if self.accelerator is None:
            return set()
        mine = self.best("matmul", self.accelerator, "flops", dtype=dtype)
        theirs = self.best("matmul", "cpu", "flops", dtype=dtype)
        return {rate_direction(a, c, "flops") for a in mine for c in theirs}


# -- printed numbers ---------------------------------------------------------------------

@dataclass(frozen=True)
class Printed:
    """A number as printed, with the unit of its last digit (its resolution)."""

    value: float
    unit: float

    @classmethod
    def parse(cls, text: str) -> "Printed":
        text = text.strip().replace(",", "")
        scale, found = 1.0, re.fullmatch(r"(\d+(?:\.(\d+))?)\s*(\S+)?", text)
        if " × 10" in text:
            mantissa, exponent = text.split(" × 10")
            power = 10.0 ** int(exponent.translate(_SUPER))
            decimals = len(mantissa.partition(".")[2])
            return cls(float(mantissa) * power, 10.0 ** -decimals * power)
        if found is None:
            raise ValueError(f"not a number: {text!r}")
        if found[3]:
            scale = UNITS[found[3].rstrip("×%")] if found[3].rstrip("×%") in UNITS else 1.0
        decimals = len(found[2] or "")
        return cls(float(found[1]) * scale, 10.0 ** -decimals * scale)

    def matches(self, value: float) -> bool:
        return abs(self.value - value) <= self.unit * (1 + 1e-9) + 1e-300


def number(text: str) -> float:
    return Printed.parse(text).value


def size(text: str) -> int:
    return int(text.replace(",", ""))


def sizes(text: str) -> list[int]:
    return [size(s) for s in re.findall(N, text)]


# -- claims ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Failure:
    """A claim the raw points contradict (or cannot support)."""

    key: str
    claim: str
    quote: str
    problems: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.key} [{self.claim}]: {'; '.join(self.problems)}\n    {self.quote!r}"


@dataclass
class Context:
    oracle: Oracle
    text: str
    problems: list[str] = field(default_factory=list)

    def fail(self, message: str) -> None:
        self.problems.append(message)

    def device(self, name: str) -> str:
        return DEVICE_NAMES[name]

    # -- shared checks
    def factor(self, printed: str, values: list[float], where: str) -> None:
        """A printed winner's factor against the candidate true ratios (winner over loser, every pair)."""
        if Printed.parse(printed).value == 1.0:
            self.fail(f"{where}: factor printed as {printed}× says nothing about which side is faster")
        if not values:
            self.fail(f"{where}: no measured pair to tie the factor {printed}× to")
            return
        value = Printed.parse(printed)
        if not any(value.matches(v) for v in values):
            self.fail(f"{where}: factor {printed}× but the engine medians give {_fmt(values)}")

    def quantity(self, printed: str, values: Iterable[float], where: str) -> None:
        values = list(values)
        if not values:
            self.fail(f"{where}: no good engine point to tie {printed} to")
            return
        if not any(Printed.parse(printed).matches(v) for v in values):
            unit = printed.split()[-1] if " " in printed and printed.split()[-1] in UNITS else ""
            scale = UNITS.get(unit, 1.0)
            self.fail(f"{where}: {printed} quoted, the points give " + " or ".join(
                f"{v / scale:.4g}{' ' + unit if unit else ''}" for v in values))

    def tied(self, printed: str, values: Iterable[float], where: str) -> list[float]:
        """The true values ``printed`` can be a rounding of (a failure, and none, where there is none)."""
        values = list(values)
        found = [v for v in values if Printed.parse(printed).matches(v)]
        if not found:
            self.quantity(printed, values, where)
        return found

    def side(self, side: str, workload: str, at: int, where: str, **params) -> None:
        """The accelerator is ``side`` (faster/slower/same) at ``at``, for one of the pairs there."""
        found = self.oracle.directions(workload, at, **params)
        if not found:
            self.fail(f"{where}: {_unit(workload)} {at:,} was not measured well on both devices")
        elif side not in found:
            self.fail(f"{where}: at {_unit(workload)} {at:,} the accelerator is {'/'.join(sorted(found))}, "
                      f"not {side} ({_medians(self.oracle, workload, at, **params)})")

    def winner_factor(self, side: str, workload: str, at: int, printed: str, where: str, **params) -> None:
        speedups = self.oracle.speedups(workload, at, **params)
        self.factor(printed, speedups if side == FASTER else [1 / s for s in speedups], where)


def _unit(workload: str) -> str:
    return "batch" if workload == "train_step" else "n =" if workload == "copy" else "m ="


def _fmt(values: Iterable[float]) -> str:
    return " or ".join(f"{v:.4g}" for v in values)


def _medians(oracle: Oracle, workload: str, at: int, **params) -> str:
    """The engine medians and 97.5 % intervals of the pairs at ``at``: the evidence, for a failure's message."""
    return "; ".join(f"CPU {_s(c.median)} [{_s(c.low)}, {_s(c.high)}] vs {a.point.device.upper()} {_s(a.median)} "
                     f"[{_s(a.low)}, {_s(a.high)}], {c.suite}/{a.suite} suite"
                     for c, a in oracle.pairs(workload, at, **params))


def _s(seconds: float) -> str:
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


# -- checkers, one per claim -------------------------------------------------------------

def _nowhere(c: Context, side: str, said: str) -> None:
    if not c.oracle.comparisons():
        c.fail("nothing was compared")
    against = []
    for what, at in c.oracle.where(side):
        workload, _, dtype = what.partition(" ")
        if isinstance(at, int):
            evidence = _medians(c.oracle, workload, at, **({"dtype": dtype} if dtype else {}))
            against.append(f"{what} {_unit(workload)} {at:,} ({evidence})")
        else:
            against.append(f"{what}, {at}")
    if against:
        c.fail(f"'{said}', but the accelerator is {side} at " + "; ".join(against))


def check_loses_nowhere(m: re.Match, c: Context) -> None:
    _nowhere(c, SLOWER, "loses to the CPU nowhere")


def check_beats_nowhere(m: re.Match, c: Context) -> None:
    _nowhere(c, FASTER, "beats the CPU nowhere")


def check_level(m: re.Match, c: Context) -> None:
    for workload, at, found in c.oracle.comparisons():
        if SAME not in found:
            c.fail(f"{workload} {at}: {'/'.join(sorted(found))}, not level")


def _every(c: Context, side: str, workload: str, where: str, below: int | None = None,
           start: int | None = None) -> list[int]:
    """``side`` at every common size in [start, below): one failure naming every size that contradicts."""
    common = c.oracle.common(workload)
    chosen = [s for s in common if (below is None or s < below) and (start is None or s >= start)]
    if not chosen:
        c.fail(f"{where}: no size measured on both in that range (common: {common})")
    against = [at for at in chosen if not c.oracle.can_be(side, workload, at)]
    if against:
        c.fail(f"{where}: not {side} at {_unit(workload)} " + ", ".join(
            f"{at:,} ({'/'.join(sorted(c.oracle.directions(workload, at)))}: {_medians(c.oracle, workload, at)})"
            for at in against))
    return chosen


def _exhaustive(c: Context, side: str, workload: str, listed: list[int], where: str) -> None:
    left = [at for at in c.oracle.common(workload) if at not in listed and c.oracle.must_be(side, workload, at)]
    if left:
        c.fail(f"{where}: also {side} at {_unit(workload)} " + ", ".join(
            f"{at:,} ({_medians(c.oracle, workload, at)})" for at in left) + ", which the list leaves out")


#: Areas inside an answer's "beats the CPU at …", "The CPU is faster at …", "use … for …", "keep … on the CPU"
AREA_PATTERNS = [
    ("all", re.compile(rf"(?P<w>matrix-vector products|the training step|training steps) (?:at|of) every "
                       rf"(?:size|batch) measured on both(?: \((?P<f>{N})× faster at (?:m =|batch) (?P<at>{N})\))?")),
    ("from", re.compile(rf"(?P<w>matrix-vector products|the training step|training steps) from (?:m =|batch) "
                        rf"(?P<n>{N}) on(?: \((?P<f>{N})× faster at (?:m =|batch) (?P<at>{N})\)| \(matrices of "
                        rf"(?P<bytes>{N} [KMGT]iB) and more\))?")),
    ("below", re.compile(rf"(?P<w>matrix-vector products|the training step|training steps) below (?:m =|batch) "
                         rf"(?P<n>{N})(?: \((?P<f>{N})× faster at (?:m =|batch) (?P<at>{N})\))?")),
    ("sizes", re.compile(rf"(?P<w>matrix-vector products|the training step|training steps) at (?:m =|batch) "
                         rf"(?P<list>{LIST})(?: \((?P<upto>up to )?(?P<f>{N})× faster(?:, at (?:m =|batch) "
                         rf"(?P<at>{N}))?\))?")),
    ("smaller", re.compile(r"(?P<w>smaller matrix-vector products)")),
    ("every", re.compile(r"(?P<w>training steps like this one)|(?<!smaller )(?P<w2>matrix-vector products)"
                         r"(?= and | on the CPU|, |$)")),
    ("matmul", re.compile(rf"matrix products in (?P<dtypes>{DTYPE}(?:{SEP}{DTYPE})*)(?: \(best rate "
                          rf"(?P<factors>{N}×(?:{SEP}{N}×)*) (?:the CPU's|that of the {DEV})\))?")),
]


def check_areas(segment: str, side: str, c: Context, crossing: int | None = None) -> None:
    """Every area named in ``segment``; ``side`` is the accelerator's (faster: it wins there)."""
    if not segment.strip():
        return
    seen = False
    for scope, pattern in AREA_PATTERNS:
        for m in pattern.finditer(segment):
            seen = True
            where = m[0]
            if scope == "matmul":
                _matmul_area(m, side, c)
                continue
            workload = "train_step" if "training" in (m.groupdict().get("w") or "") else "matvec"
            if scope == "all":
                _every(c, side, workload, where)
            elif scope == "from":
                _every(c, side, workload, where, start=size(m["n"]))
                if size(m["n"]) not in c.oracle.common(workload):
                    c.fail(f"{where}: {_unit(workload)} {m['n']} was not measured on both")
                if m["bytes"]:
                    _matrix_bytes(c, m["bytes"], workload, size(m["n"]), where)
            elif scope == "below":
                _every(c, side, workload, where, below=size(m["n"]))
            elif scope == "sizes":
                listed = sizes(m["list"])
                for at in listed:
                    c.side(side, workload, at, where)
                _exhaustive(c, side, workload, listed, where)
                if m["upto"] and m["f"]:
                    values = [v for at in listed for v in
                              (c.oracle.speedups(workload, at) if side == FASTER
                               else [1 / s for s in c.oracle.speedups(workload, at)])]
                    if values and Printed.parse(m["f"]).value + Printed.parse(m["f"]).unit < max(values):
                        c.fail(f"{where}: 'up to {m['f']}×' but the advantage reaches {max(values):.4g}")
            elif scope == "smaller":
                if crossing is None:
                    c.fail(f"{where}: no 'from m = N on' beside it to say smaller than what")
                else:
                    _every(c, side, "matvec", where, below=crossing)
            elif scope == "every":
                _every(c, side, workload, where)
            if scope in ("all", "from", "below") and m["f"] and m["at"]:
                at = size(m["at"])
                c.side(side, workload, at, where)
                c.winner_factor(side, workload, at, m["f"], where)
            elif scope == "sizes" and m["f"]:
                at = size(m["at"]) if m["at"] else sizes(m["list"])[0]
                if at not in sizes(m["list"]):
                    c.fail(f"{where}: the factor's size {at:,} is not one of those listed")
                c.winner_factor(side, workload, at, m["f"], where)
    if not seen:
        c.fail(f"no area recognised in {segment!r}")


def _mib(text: str) -> float:
    """``16.0 MiB`` in bytes (the printed number's resolution kept by :class:`Printed`)."""
    value, unit = text.split()
    return 1024.0 ** ("KiB MiB GiB TiB".split().index(unit) + 1)


def _matrix_bytes(c: Context, printed: str, workload: str, at: int, where: str) -> None:
    moved = [t.point.bytes_moved for d in ("cpu", c.oracle.accelerator) if d
             for t in c.oracle.timed(workload, d).get(at, [])]
    scale = _mib(printed)
    if not any(Printed.parse(printed.split()[0]).matches(b / scale) for b in moved):
        c.fail(f"{where}: {printed} at m = {at:,}, but its points moved {_fmt(moved)} bytes")


def _matmul_area(m: re.Match, side: str, c: Context) -> None:
    dtypes = re.findall(DTYPE, m["dtypes"])
    factors = re.findall(rf"({N})×", m["factors"] or "")
    for i, dtype in enumerate(dtypes):
        found = c.oracle.best_rate_directions(dtype)
        if side not in found:
            c.fail(f"matrix products in {dtype}: best rates are {'/'.join(sorted(found)) or 'not compared'}, "
                   f"not {side}")
        if factors:
            if len(factors) != len(dtypes):
                c.fail(f"{len(factors)} factors for {len(dtypes)} precisions")
                return
            c.factor(factors[i], _rate_factors(c.oracle, dtype, side), f"matrix products in {dtype}")


def _rate_factors(oracle: Oracle, dtype: str, side: str) -> list[float]:
    if oracle.accelerator is None:
        return []
    mine = [t.rate("flops")[0] for t in oracle.best("matmul", oracle.accelerator, "flops", dtype=dtype)]
    theirs = [t.rate("flops")[0] for t in oracle.best("matmul", "cpu", "flops", dtype=dtype)]
    return [a / b if side != SLOWER else b / a for a in mine for b in theirs]


def check_wins(m: re.Match, c: Context) -> None:
    check_areas(m["areas"], FASTER, c)


def check_losses(m: re.Match, c: Context) -> None:
    check_areas(m["areas"], SLOWER, c)


def check_rule(m: re.Match, c: Context) -> None:
    use, keep = m.groupdict().get("use") or "", m.groupdict().get("keep") or ""
    crossing = re.search(rf"matrix-vector products from m = ({N}) on", use)
    check_areas(use, FASTER, c)
    check_areas(keep, SLOWER, c, crossing=size(crossing[1]) if crossing else None)


def check_always(m: re.Match, c: Context) -> None:
    _every(c, FASTER, "matvec", "at every size measured on both")
    for f, at in ((m["f1"], m["s1"]), (m["f2"], m["s2"])):
        c.side(FASTER, "matvec", size(at), f"{f}× faster at m = {at}")
        c.winner_factor(FASTER, "matvec", size(at), f, f"{f}× faster at m = {at}")


BELOW = {"the CPU is faster": {SLOWER}, "the two are about as fast": {SAME},
         "it is slower than the CPU or about as fast": {SLOWER, SAME}}


def check_from(m: re.Match, c: Context) -> None:
    start = size(m["n"])
    common = c.oracle.common("matvec")
    if start not in common:
        c.fail(f"m = {start:,} was not measured on both (common sizes: {common})")
    _every(c, FASTER, "matvec", f"wins from m = {m['n']} on", start=start)
    c.side(FASTER, "matvec", size(m["at"]), f"{m['f']}× faster at m = {m['at']}")
    c.winner_factor(FASTER, "matvec", size(m["at"]), m["f"], f"{m['f']}× faster at m = {m['at']}")
    under = [s for s in common if s < start]
    if not under:
        c.fail(f"'Below m = {m['n']}': no size below it was measured on both")
        return
    if c.oracle.must_be(FASTER, "matvec", under[-1]):
        c.fail(f"the accelerator also wins at m = {under[-1]:,}, just below the crossover "
               f"({_medians(c.oracle, 'matvec', under[-1])})")
    below = m["below"]
    if below in BELOW:
        for at in under:
            found = c.oracle.directions("matvec", at)
            if not found & BELOW[below]:
                c.fail(f"'Below m = {m['n']} {below}', but at m = {at:,} the accelerator is "
                       f"{'/'.join(sorted(found))} ({_medians(c.oracle, 'matvec', at)})")
    else:  # it wins at some sizes and not at others
        if not any(c.oracle.can_be(FASTER, "matvec", s) for s in under):
            c.fail("'wins at some sizes' below the crossover, but it wins at none")


def check_never(m: re.Match, c: Context) -> None:
    for at in c.oracle.common("matvec"):
        if c.oracle.must_be(FASTER, "matvec", at):
            c.fail(f"'beats the CPU at none of the sizes measured', but it is faster at m = {at:,} "
                   f"({_medians(c.oracle, 'matvec', at)})")
    at = size(m["at"])
    if m["f"]:
        c.side(SLOWER, "matvec", at, f"{m['f']}× as long at m = {m['at']}")
        c.winner_factor(SLOWER, "matvec", at, m["f"], f"{m['f']}× as long at m = {m['at']}")
    else:
        c.side(SAME, "matvec", at, f"about as fast at m = {m['at']}")
        _pair_times(c, "matvec", at, m["acc"], m["cpu"])


def check_mixed(m: re.Match, c: Context) -> None:
    listed = sizes(m["list"])
    for at in listed:
        c.side(FASTER, "matvec", at, f"beats the CPU at m = {at:,}")
    _exhaustive(c, FASTER, "matvec", listed, "the list of wins")
    best = size(m["at"]) if m["at"] else listed[0]
    c.winner_factor(FASTER, "matvec", best, m["f"], f"{m['f']}× faster at m = {best:,}")
    values = [v for at in listed for v in c.oracle.speedups("matvec", at)]
    if values and Printed.parse(m["f"]).value + Printed.parse(m["f"]).unit < max(values):
        c.fail(f"'up to {m['f']}×' but the speed-up reaches {max(values):.4g}")
    largest, common = size(m["l"]), c.oracle.common("matvec")
    if not common or largest != common[-1]:
        c.fail(f"'the largest size measured' is m = {largest:,}, but the largest common size is "
               f"{common[-1] if common else None}")
    if m["sf"]:
        c.side(SLOWER, "matvec", largest, f"{m['sf']}× as long at m = {m['l']}")
        c.winner_factor(SLOWER, "matvec", largest, m["sf"], f"{m['sf']}× as long at m = {m['l']}")
    else:
        c.side(SAME, "matvec", largest, f"about as fast at m = {m['l']}")


def _pair_times(c: Context, workload: str, at: int, acc: str, cpu: str, where: str = "") -> None:
    o = c.oracle
    where = where or f"{_unit(workload)} {at:,}"
    c.quantity(cpu, [t.median for t in o.timed(workload, "cpu").get(at, [])], f"{where}, CPU time")
    if o.accelerator is None:
        c.fail(f"{where}: no accelerator to quote {acc} for")
        return
    c.quantity(acc, [t.median for t in o.timed(workload, o.accelerator).get(at, [])], f"{where}, accelerator time")


def check_small(m: re.Match, c: Context) -> None:
    at, common = size(m["m"]), c.oracle.common("matvec")
    how = "level" if m["level"] else m["how"]
    if not common or at != common[0]:
        c.fail(f"'the smallest matrix-vector product measured' is m = {at:,}, but the smallest measured on both "
               f"is m = {common[0] if common else 0:,}")
    side = {"Even": FASTER, "level": SAME}.get(how, SLOWER)
    c.side(side, "matvec", at, f"m = {at:,}")
    _pair_times(c, "matvec", at, m["acc"], m["cpu"])


def check_small_cpu(m: re.Match, c: Context) -> None:
    at = size(m["m"])
    measured = list(c.oracle.timed("matvec", "cpu"))
    if not measured or at != measured[0]:
        c.fail(f"'the smallest matrix-vector product measured' is m = {at:,}, but the CPU measured m = "
               f"{measured[0] if measured else 0:,}")
    c.quantity(m["cpu"], [t.median for t in c.oracle.timed("matvec", "cpu").get(at, [])], f"CPU at m = {at:,}")


def check_streaming(m: re.Match, c: Context) -> None:
    if Printed.parse(m["stream"]).value >= Printed.parse(m["acc"]).value:
        c.fail(f"streaming {m['stream']} is not less than the call's {m['acc']}")


def _device_rates(c: Context, device: str) -> list[float]:
    """Every rate the device reached: its B @ a and copy engine points, every suite."""
    return [r for workload in ("matvec", "copy") for rs in c.oracle.rates(workload, device, "bytes_moved").values()
            for r in rs]


def check_large(m: re.Match, c: Context) -> None:
    accs = c.tied(m["acc"], _device_rates(c, c.device(m["dev"])), f"the {m['dev']}'s rate from memory")
    cpus = c.tied(m["cpu"], _device_rates(c, "cpu"), "the CPU's rate from memory")
    if m["f"] and accs and cpus:
        if (m["who"] == "CPU") == (max(accs) > max(cpus)):
            c.fail(f"'the {m['who']} reads {m['f']}× as fast', but {m['acc']} against {m['cpu']}")
        c.factor(m["f"], [max(a, b) / min(a, b) for a in accs for b in cpus], "bandwidth ratio")


def check_original(m: re.Match, c: Context) -> None:
    calls, at = size(m["calls"]), size(m["m"])
    naive = {d: c.oracle.timed("matvec", d, method="naive") for d in ("cpu", c.oracle.accelerator) if d}
    originals = {d: {s for s, ts in found.items() if any(t.suite == "original" for t in ts)}
                 for d, found in naive.items()}
    originals = {d: s for d, s in originals.items() if s}
    common = set.intersection(*originals.values()) if originals else set()
    if common and at != max(common):
        c.fail(f"the original experiment is quoted at m = {at:,}, but its largest size is {max(common):,}")
    for total, name in re.findall(rf"({TIME}) on the ({DEV})", m["totals"]):
        device = c.device(name)
        points = [t for t in naive.get(device, {}).get(at, []) if t.suite == "original"]
        c.quantity(total, [calls * t.median for t in points], f"{calls} naive calls on the {name}")


def check_bandwidth(m: re.Match, c: Context) -> None:
    device, at = c.device(m["dev"]), size(m["m"])
    rates = c.oracle.rates("matvec", device, "bytes_moved")
    achieved = Printed.parse(m["r"])
    reached = c.tied(m["r"], rates.get(at, []), f"the {m['dev']}'s B @ a at m = {at:,}")
    everything = [(s, r) for s, rs in rates.items() for r in rs]
    if everything:
        top_size, top = max(everything, key=lambda pair: pair[1])
        if top > achieved.value + achieved.unit:
            c.fail(f"'At its best (m = {at:,})' {m['r']}, but m = {top_size:,} reached {top / 1e9:.4g} GB/s")
    if m["c"]:
        copies = [r for rs in c.oracle.rates("copy", device, "bytes_moved").values() for r in rs]
        ceilings = c.tied(m["c"], copies, f"the {m['dev']}'s copy")
        shares = [r / ceiling for r in reached for ceiling in ceilings]
        if m["share"] and shares:
            c.quantity(m["share"] + "%", [100 * x for x in shares], "share of the copy")
        if m["times"] and shares:
            c.factor(m["times"], shares, "times the copy")
    if m["matrix"]:
        bytes_ = [t.point.bytes_moved for t in c.oracle.timed("matvec", device).get(at, [])]
        _matrix_bytes(c, m["matrix"], "matvec", at, "a matrix of that size")
        cache = c.oracle.cache.get(device)
        if not cache or not Printed.parse(m["cache"].split()[0]).matches(cache / _mib(m["cache"])):
            c.fail(f"a cache of {m['cache']}, but the environment says {cache}")
        elif bytes_ and min(bytes_) > cache:
            c.fail(f"'fits in its {m['cache']} of cache', but the matrix is larger")


def check_llm(m: re.Match, c: Context) -> None:
    device = c.device(m["dev"])
    rates = c.oracle.rates("matvec", device, "bytes_moved")
    at = size(m["m"] or m["lm"])
    tied = c.tied(m["r"], rates.get(at, []), f"B @ a on the {m['dev']} at m = {at:,}")
    if m["lm"] and rates and at != max(rates):
        c.fail(f"'its largest matrix (m = {at:,})', but it measured m = {max(rates):,}")
    if m["m"]:
        cache = c.oracle.cache.get(device)
        bytes_ = [t.point.bytes_moved for t in c.oracle.timed("matvec", device).get(at, [])]
        if not cache or not bytes_ or max(bytes_) <= cache:
            c.fail(f"'a matrix larger than its caches (m = {at:,})': cache {cache}, matrix {_fmt(bytes_)} bytes")
    _tokens(m, c, tied)


def _tokens(m: re.Match, c: Context, rates: list[float]) -> None:
    model = re.search(rf"reads ({N}) GB per token", c.text)
    if model is None:
        c.fail("no model size to divide by")
        return
    gb = number(model[1])
    c.quantity(m["tokens"], [r / 1e9 / gb for r in rates], f"{m['r']} ÷ {model[1]} GB in tokens per second")


def check_llm_copy(m: re.Match, c: Context) -> None:
    device = c.device(m["dev"])
    copies = [r for rs in c.oracle.rates("copy", device, "bytes_moved").values() for r in rs]
    _tokens(m, c, c.tied(m["r"], copies, f"the {m['dev']}'s copy"))


def check_llm_also(m: re.Match, c: Context) -> None:
    _tokens(m, c, c.tied(m["r"], _device_rates(c, c.device(m["dev"])), f"the {m['dev']}'s rate"))


def check_gap(m: re.Match, c: Context) -> None:
    device = c.device(m["dev"]) if m["dev"] else "cpu"
    at = size(m["m"])
    o = c.oracle
    naive = [t.median for t in o.timed("matvec", device, method="naive").get(at, [])]
    engine = [t.median for t in o.timed("matvec", device).get(at, [])]
    c.quantity(m["naive"], naive, f"naive timeit at m = {at:,}")
    c.quantity(m["engine"], engine, f"the synchronised timer at m = {at:,}")
    if m["events"]:
        c.quantity(m["events"], [t.median for t in o.timed("matvec", device, method="events").get(at, [])],
                   f"events at m = {at:,}")
    ratios = [e / n for e in engine for n in naive]
    how = m["how"]
    if how in ("too small, too optimistic", "more"):
        c.factor(m["f"], ratios, "synchronised over naive")
        if ratios and min(ratios) <= 1:
            c.fail(f"naive called optimistic, but synchronised/naive = {_fmt(ratios)}")
    elif how in ("too large, too pessimistic", "less"):
        c.factor(m["f"], [1 / r for r in ratios], "naive over synchronised")
        if ratios and max(ratios) >= 1:
            c.fail(f"naive called pessimistic, but synchronised/naive = {_fmt(ratios)}")
    else:  # agree within a fifth: false only where the ratio's interval lies wholly outside 1/1.2 … 1.2
        bounds = [(e.low / n.high, e.high / n.low) for e in o.timed("matvec", device).get(at, [])
                  for n in o.timed("matvec", device, method="naive").get(at, [])]
        if bounds and all(low > AGREE or high < 1 / AGREE for low, high in bounds):
            c.fail(f"'agree within a fifth', but synchronised/naive = {_fmt(ratios)}, beyond noise")


#: "Agree within a fifth".
AGREE = 1.2


def check_gap_agrees(m: re.Match, c: Context) -> None:
    check_gap({**m.groupdict(), "how": "agree", "f": None}, c)


def check_gap_cpu(m: re.Match, c: Context) -> None:
    found = m.groupdict()
    check_gap({**found, "dev": None, "m": found["m"] or found["m2"], "events": None,
               "how": found["how"] or "agree"}, c)


def check_rates(m: re.Match, c: Context) -> None:
    device = c.device(m["dev"])
    for dtype, rate in re.findall(rf"({DTYPE}) ({RATE})", m["rates"]):
        best = [t.rate("flops")[0] for t in c.oracle.best("matmul", device, "flops", dtype=dtype)]
        c.quantity(rate, best, f"best {dtype} rate on the {m['dev']}")
    for status, dtypes in (("failed_check", r"failed the correctness check"), ("error", r"failed with an error"),
                           ("out_of_memory", r"ran out of memory"), ("unsupported", r"(?:is|are) not supported")):
        for found in re.finditer(rf"((?:{DTYPE}(?:{SEP})?)+) {dtypes}", m["rates"]):
            for dtype in re.findall(DTYPE, found[1]):
                tried = [p for p in c.oracle.results.select(workload="matmul", device=device) if
                         p.params.get("dtype") == dtype]
                if any(good(p) for p in tried):
                    c.fail(f"{dtype} on the {m['dev']} '{dtypes}', but a point of it is good")
                wanted = {"failed_check": lambda p: p.status == "ok" and p.check == "failed"}.get(
                    status, lambda p, s=status: p.status == s)
                if not any(wanted(p) for p in tried):
                    c.fail(f"{dtype} on the {m['dev']} '{dtypes}', but no point of it is {status}")


def check_compare(m: re.Match, c: Context) -> None:
    for clause in re.split(r"(?:, and |, |; | and )(?=the )", m["clauses"]):
        found = re.fullmatch(rf"the ({DEV}) reaches (?P<f>.+?) the CPU's best rate in (?P<d>.+?)(?:, respectively)?",
                             clause) or re.fullmatch(rf"the CPU reaches (?P<f>.+?) the best rate of the ({DEV}) in "
                                                     rf"(?P<d>.+?)(?:, respectively)?", clause)
        level = re.fullmatch(r"the two are level within noise in (?P<d>.+)", clause)
        if level:
            for dtype in re.findall(DTYPE, level["d"]):
                if SAME not in c.oracle.best_rate_directions(dtype):
                    c.fail(f"level in {dtype}, but best rates are {c.oracle.best_rate_directions(dtype)}")
            continue
        if not found:
            c.fail(f"clause not understood: {clause!r}")
            continue
        side = SLOWER if clause.startswith("the CPU reaches") else FASTER
        dtypes, factors = re.findall(DTYPE, found["d"]), re.findall(rf"({N})×", found["f"])
        if len(dtypes) != len(factors):
            c.fail(f"{len(factors)} factors for {len(dtypes)} precisions in {clause!r}")
            continue
        for dtype, factor in zip(dtypes, factors):
            if side not in c.oracle.best_rate_directions(dtype):
                c.fail(f"{dtype}: best rates are {c.oracle.best_rate_directions(dtype) or 'not compared'}, not "
                       f"{side}")
            c.factor(factor, _rate_factors(c.oracle, dtype, side), f"best rate in {dtype}")


def check_train(m: re.Match, c: Context) -> None:
    at, how, factor = size(m["b"]), m["how"] or m["how2"], m["f1"] or m["f2"]
    side = {"faster": FASTER, "slower": SLOWER}.get(how, SAME)
    c.side(side, "train_step", at, f"batch {at:,}")
    _pair_times(c, "train_step", at, m["acc"], m["cpu"])
    if factor:
        c.winner_factor(side, "train_step", at, factor, f"batch {at:,}")


def check_train_also(m: re.Match, c: Context) -> None:
    at = size(m["b"])
    side = FASTER if m["fast"] else SLOWER if m["slow"] else SAME
    c.side(side, "train_step", at, f"batch {at:,}")
    if m["fast"] or m["slow"]:
        c.winner_factor(side, "train_step", at, m["fast"] or m["slow"], f"batch {at:,}")


def check_train_missing(m: re.Match, c: Context) -> None:
    at, name = size(m["b"] or m["b2"]), m["dev"] or m["dev2"]
    device = c.device(name)
    points = c.oracle.results.select(workload="train_step", device=device, batch=at)
    if any(good(p) for p in points):
        c.fail(f"the step at batch {at:,} on the {name} '{m['why']}', but it has a good point")
    if m["why"] == "failed its correctness check" and not any(p.check == "failed" for p in points):
        c.fail(f"batch {at:,}: no point failed its check")


def check_train_cpu(m: re.Match, c: Context) -> None:
    at = size(m["b"])
    c.quantity(m["cpu"], [t.median for t in c.oracle.timed("train_step", "cpu").get(at, [])], f"CPU batch {at:,}")


def check_failed_count(m: re.Match, c: Context) -> None:
    failed = [p for p in c.oracle.results.points if p.status == "ok" and p.check == "failed"]
    if size(m["n"]) != len(failed):
        c.fail(f"{m['n']} failed their check, but {len(failed)} points did")


def check_passed(m: re.Match, c: Context) -> None:
    failed = [p for p in c.oracle.results.points if p.status == "ok" and p.check == "failed"]
    if failed:
        c.fail(f"'passed its correctness check', but {len(failed)} points failed it")
    if m["e"]:
        steps = [p for p in c.oracle.results.points if p.workload == "train_step" and good(p)
                 and p.rel_error is not None]
        if not steps:
            c.fail("no training step with a relative error")
            return
        worst = max(steps, key=lambda p: p.rel_error)
        c.quantity(m["e"], [worst.rel_error], "largest relative error")
        if DEVICE_NAMES[m["dev"]] != worst.device:
            c.fail(f"the largest error is on the {worst.device}, not the {m['dev']}")
        if worst.tolerance is None or not Printed.parse(m["t"]).matches(worst.tolerance):
            c.fail(f"limit {m['t']}, the point's tolerance is {worst.tolerance}")


def check_cpu_facts(m: re.Match, c: Context) -> None:
    o, facts, seen = c.oracle, m["facts"], False
    for found in re.finditer(rf"reads a matrix at up to (?P<r>{RATE}) in B @ a", facts):
        seen = True
        c.quantity(found["r"], [max(_device_rates_of(o, "matvec"), default=math.nan)], "the CPU's best B @ a")
    for found in re.finditer(rf"computes float32 matrix products at up to (?P<r>{RATE})", facts):
        seen = True
        c.quantity(found["r"], [t.rate("flops")[0] for t in o.best("matmul", "cpu", "flops", dtype="float32")],
                   "the CPU's best float32 rate")
    for found in re.finditer(rf"takes (?P<t>{TIME}) per training step at batch (?P<b>{N})", facts):
        seen = True
        at = size(found["b"])
        c.quantity(found["t"], [t.median for t in o.timed("train_step", "cpu").get(at, [])],
                   f"CPU step at batch {at:,}")
    if not seen:
        c.fail(f"no fact recognised in {facts!r}")


def _device_rates_of(o: Oracle, workload: str) -> list[float]:
    return [r for rs in o.rates(workload, "cpu", "bytes_moved").values() for r in rs]


def check_cpu_half(m: re.Match, c: Context) -> None:
    o = c.oracle
    base = o.best("matmul", "cpu", "flops", dtype="float32")
    for clause in re.finditer(rf"(?P<d>{DTYPE}) (?:reaches only (?P<share>{N})% of its float32 rate|runs at "
                              rf"(?P<f>{N})× its float32 rate|runs about as fast as float32)", m[0]):
        mine = o.best("matmul", "cpu", "flops", dtype=clause["d"])
        ratios = [a.rate("flops")[0] / b.rate("flops")[0] for a in mine for b in base]
        found = {rate_direction(a, b, "flops") for a in mine for b in base}
        if clause["share"]:
            c.quantity(clause["share"] + "%", [100 * r for r in ratios], f"{clause['d']} over float32")
            if SLOWER not in found:
                c.fail(f"{clause['d']} 'reaches only', but it is {found} than float32")
        elif clause["f"]:
            c.factor(clause["f"], ratios, f"{clause['d']} over float32")
            if FASTER not in found:
                c.fail(f"{clause['d']} faster than float32, but it is {found}")
        elif SAME not in found:
            c.fail(f"{clause['d']} 'about as fast as float32', but it is {found}")


def check_measured(m: re.Match, c: Context) -> None:
    points = c.oracle.results.points
    if size(m["n"]) != len(points):
        c.fail(f"{m['n']} points, but the set has {len(points)}")
    statuses = {"were not supported": lambda p: p.status == "unsupported",
                "was not supported": lambda p: p.status == "unsupported",
                "failed its correctness check": lambda p: p.status == "ok" and p.check == "failed",
                "failed their correctness check": lambda p: p.status == "ok" and p.check == "failed",
                "did not fit in memory": lambda p: p.status == "out_of_memory",
                "failed with an error": lambda p: p.status == "error"}
    said = {}
    for count, what in re.findall(rf"({N}) ({'|'.join(statuses)})", m["missing"] or ""):
        said[what] = size(count)
    for what, test in statuses.items():
        real = sum(1 for p in points if test(p))
        mentioned = said.get(what, said.get(what.replace("were", "was").replace("their", "its"),
                                            said.get(what.replace("was", "were").replace("its", "their"), 0)))
        if real != mentioned:
            c.fail(f"{mentioned} said to have {what}, but {real} points did")


def check_nothing(m: re.Match, c: Context) -> None:
    points = c.oracle.results.points
    if size(m["n"]) != len(points) or c.oracle.good:
        c.fail(f"'{m['n']} measurements, none succeeded', but {len(points)} points, {len(c.oracle.good)} good")


def check_selfcheck(m: re.Match, c: Context) -> None:
    tolerance = number(m["t"]) / 100
    for ratio in re.findall(rf", ({N})×\)", m["rows"]):
        printed = Printed.parse(ratio)
        inside = 1 / (1 + tolerance) - printed.unit / 2 <= printed.value <= 1 + tolerance + printed.unit / 2
        if inside:
            c.fail(f"ratio printed {ratio}× against ±{m['t']}%: as printed it cannot show it is outside")


#: Identifiers and Python reprs that must never reach a sentence.
CODE = re.compile(r"Device\(|\(m=|\bdtype=|\bmatvec\(|\bmatmul\(|do_bench\w*|blocked_autorange"
                  r"|\b[a-z]\w*=[^\s,)]+|\b[A-Za-z]+_[A-Za-z_]+\b")


def check_code(m: re.Match, c: Context) -> None:
    c.fail(f"code in prose: {m[0]!r}")


#: A sentence that carries a number or a comparison must be read by some pattern.
_CLAIMING = re.compile(r"\d|faster|slower|nowhere|none of|level|as fast|agree|wins|beats|loses")


def _sentences(text: str) -> list[tuple[int, int]]:
    spans, start = [], 0
    for m in re.finditer(r"(?<=[.!?])\s+(?=[A-Z])", text):
        spans.append((start, m.start()))
        start = m.end()
    spans.append((start, len(text)))
    return spans


def check_texts(texts: Mapping[str, str], results: ResultSet,
                claims: list[tuple[str, re.Pattern, Checker]] | None = None) -> tuple[list[Failure], int]:
    """(false claims, how many claims were read) of ``texts`` (key -> English text) against ``results``."""
    oracle = Oracle(results)
    failures, read = [], 0
    for key, text in texts.items():
        for name, pattern, checker in CLAIMS if claims is None else claims:
            for m in pattern.finditer(text):
                read += 1
                context = Context(oracle, text)
                try:
                    checker(m, context)
                except (KeyError, ValueError, IndexError, TypeError) as error:
                    context.fail(f"could not be tied to points: {type(error).__name__}: {error}")
                if context.problems:
                    failures.append(Failure(key, name, m[0], tuple(context.problems)))
    return failures, read


def false_claims(texts: Mapping[str, str], results: ResultSet) -> list[Failure]:
    return check_texts(texts, results)[0]


def uncovered(texts: Mapping[str, str]) -> list[str]:
    """Sentences with a number or a comparison that no pattern of :data:`CLAIMS` or :data:`NO_CLAIMS` reads."""
    missing = []
    for key, text in texts.items():
        spans = [m.span() for _, pattern, _ in CLAIMS for m in pattern.finditer(text)]
        spans += [m.span() for pattern in NO_CLAIMS for m in pattern.finditer(text)]
        for start, end in _sentences(text):
            sentence = text[start:end]
            if not _CLAIMING.search(sentence):
                continue
            if not any(s < end and e > start for s, e in spans):
                missing.append(f"{key}: {sentence}")
    return missing


Checker = Callable[[re.Match, Context], None]
#: The table compiled, each checker found by its name.
CLAIMS: list[tuple[str, re.Pattern, Checker]] = [(name, re.compile(pattern), globals()[checker])
                                                 for name, pattern, checker in CLAIM_TABLE]
