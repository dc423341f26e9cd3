"""Every hardware-dependent sentence of the chapters, chosen from a finding.

Each ``<what>_sentence`` takes a finding (or this build's
:class:`~mpsarticle.results.model.ResultSet`) and a
:class:`~mpsarticle.article.wording.Words`, and returns one sentence in that
language; :mod:`mpsarticle.article.chapters` puts them together into the values
each chapter glues, by key. Which sentence is true is decided from the
findings (:mod:`mpsarticle.analysis.findings`, :mod:`mpsarticle.analysis.verdict`): a direction
word comes from an interval, a share above the copy's bandwidth is never
called memory's, a crossover is named only where the data has one. The words
come from the catalogs; the numbers are typed values that
:mod:`mpsarticle.article.wording` formats.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mpsarticle.analysis import findings as f
from mpsarticle.analysis import series as analysis
from mpsarticle.analysis.findings.timing import AGREES, NOISY, TOO_LARGE, TOO_SMALL
from mpsarticle.article.formatting import reading_date, reading_name
from mpsarticle.article.selfcheck_words import point_words, reference_words, row_gap_percent, row_ratio_digits
from mpsarticle.article.wording import (
    Bytes,
    Choice,
    Count,
    Factor,
    Listing,
    Num,
    Phrase,
    Rate,
    Sci,
    Seconds,
    Share,
    Size,
    Text,
    Words,
)
from mpsarticle.core.stats import FASTER, SLOWER, Direction
from mpsarticle.results.model import Point, ResultSet

__all__ = [
    "bandwidth_sentence", "bandwidth_sentences", "best_sentence", "check_sentence", "compare_sentence",
    "cpu_gap_sentence", "cpu_half_sentence", "crossover_sentence", "default_sentence", "describe_points",
    "drops_sentence", "gap_sentence", "hardware_sentence", "idiom_sentence", "machines_sentence", "measured_sentence",
    "naive_sentence", "original_sentence", "peak_sentence", "post_sentence", "rates_sentence", "selfcheck_sentence",
    "tf32_sentence", "conv_tf32_sentence", "training_sentence",
]

#: How many failed points a sentence names before it says "and N more".
NAMED_FAILURES = 3
_DIRECTION = {FASTER: "faster", SLOWER: "slower"}


def _direction(direction: Direction) -> str:
    return _DIRECTION.get(direction, "same")


def _cpu(machine: f.Machine) -> Phrase:
    if machine.cpu_threads:
        return Phrase.of("cpu.threads", cpu=Text(reading_name(machine.cpu)), threads=Count(machine.cpu_threads))
    return Phrase.of("cpu.plain", cpu=Text(reading_name(machine.cpu)))


def hardware_sentence(results: ResultSet, words: Words) -> str:
    machine = f.machine(results)
    own = results.label_in(words.lang)
    label = words("hardware.label", label=Text(own)) + " " if own else ""
    found = machine.accelerator
    nothing = not any(p.ok for p in results)
    if found is None:
        return label + words("hardware.failed" if nothing else "hardware.none", cpu=_cpu(machine))
    key = "hardware.accelerator" if found.measured else "hardware.accelerator_unmeasured"
    key = "hardware.failed_accelerator" if nothing else key
    return label + words(key, name=Text(found.name), api=words.api(found.kind), cpu=_cpu(machine))


def idiom_sentence(machine: f.Machine, words: Words) -> str:
    """What the idiom ``"mps" if torch.backends.mps.is_available() else "cpu"`` picks on this machine."""
    return words("devices.idiom", device=Text(machine.idiom_device))


def default_sentence(machine: f.Machine, words: Words) -> str:
    """The device a script that prefers MPS, then CUDA, then the CPU picks here."""
    return words("devices.default", device=Text(machine.default_device))


def bandwidth_sentences(results: ResultSet, words: Words) -> list[str]:
    """Each device's best ``B @ a`` against its copy, then any rate that fell by more than half."""
    found = [bandwidth_sentence(b, words) for b in f.bandwidths(results)] or [words("bandwidth.none")]
    falls = drops_sentence(f.drops(results, ("matvec", "copy")), words, environment=results.environment)
    return found + ([falls] if falls else [])


def drops_sentence(found: Sequence[f.Drop], words: Words, why: str = "drop.why",
                   environment: dict | None = None) -> str:
    """Each rate that fell by more than half from one size to the next, and what the data cannot say about why
    (``why``: the whole explanation, or ``drop.why.brief``, which points to where it stands: said once); nothing
    where no rate did."""
    if not found:
        return ""
    parts, cached = [], 0
    for drop in found:
        key = analysis.size_key(drop.workload)
        before = Phrase.of("drop.size", axis=Choice(key), size=Size(drop.before))
        after = Phrase.of("drop.size", axis=Choice(key), size=Size(drop.after))
        device = words.device(drop.device)
        parts.append(words("drop.one", device=device,
                           what=Phrase.of("drop.what", workload=Choice(drop.workload), dtype=Text(drop.dtype or "")),
                           before=before, after=after,
                           high=Rate(drop.before_rate, drop.unit), low=Rate(drop.after_rate, drop.unit),
                           share=Share(drop.share)))
        cache = (environment or {}).get("devices", {}).get(drop.device, {}).get("cache_bytes")
        small, large = (point.bytes_moved for point in drop.evidence)
        if why == "drop.why" and isinstance(cache, int) and cache > 0 and small and large and small <= cache < large:
            cached += 1
            parts.append(words("drop.cache", small=Bytes(small), large=Bytes(large), cache=Bytes(cache),
                               before=before, after=after, device=device))
    if why == "drop.why":
        # What the run recorded narrows the causes: the data outgrowing a cache the device reports, at every fall;
        # no swap on a Linux machine whose swap total is 0 (macOS grows its swap as it needs it).
        env = environment or {}
        no_swap = env.get("swap_total_bytes") == 0 and not str(env.get("os", "")).startswith("Darwin")
        return " ".join(parts) + " " + words("drop.why", count=Count(len(found)),
                                             cause=Choice("cache" if cached == len(found) else "unknown"),
                                             swap=Choice("none" if no_swap else "unknown"))
    return " ".join(parts) + " " + words(why, count=Count(len(found)))


def original_sentence(found: f.Original, words: Words) -> str:
    if found.size is None:
        return words("original.none")
    totals = [Phrase.of("original.total", total=Seconds(total), device=words.device(device))
              for device, total in found.totals]
    return words("original.sentence", calls=Count(found.calls), size=Size(found.size), totals=Listing(tuple(totals)))


def crossover_sentence(found: f.Crossover, words: Words) -> str:
    if found.kind == "cpu_only":
        return words("crossover.cpu_only")
    device = words.device(found.device or "")
    largest, first = found.largest, found.smallest
    if found.kind == "no_pairs" or largest is None or first is None:  # (no pairs: no comparison either)
        return words("crossover.no_pairs", device=device)
    if found.kind == "always":
        return words("crossover.always", device=device, first=Size(first.size),
                     first_factor=Factor(first.speedup.value), largest=Size(largest.size),
                     factor=Factor(largest.speedup.value))
    if found.kind == "from" and found.size is not None:  # (a crossover has a size)
        return words("crossover.from", below=Choice(found.below), device=device, size=Size(found.size),
                     largest=Size(largest.size), factor=Factor(largest.speedup.value))
    tail = _direction(largest.direction)  # never "faster": it would be a crossover
    if found.kind == "never":
        return words("crossover.never", direction=Choice(tail), device=device, largest=Size(largest.size),
                     factor=Factor(largest.slowdown), acc=Seconds(largest.accelerator_s), cpu=Seconds(largest.cpu_s))
    best = found.best
    assert best is not None, "a mixed crossover has a win"
    return words("crossover.mixed", direction=Choice(tail), device=device,
                 wins=Listing(tuple(Size(s) for s in found.wins)), best=Size(best.size),
                 factor=Factor(best.speedup.value), largest=Size(largest.size),
                 slow_factor=Factor(largest.slowdown))


def bandwidth_sentence(found: f.Bandwidth, words: Words) -> str:
    values: dict[str, Any] = dict(device=words.device(found.device), size=Size(found.size),
                                  achieved=Rate(found.gb_s, "GB/s"))
    ceiling, share = found.ceiling_gb_s, found.share
    if found.source == "no_ceiling" or ceiling is None or share is None:  # (both are there where a copy is)
        return words("bandwidth.no_ceiling", **values)
    values["ceiling"] = Rate(ceiling, "GB/s")
    if found.source == "level":
        return words("bandwidth.level", **values)
    if found.source == "memory":
        return words("bandwidth.memory", share=Share(share), **values)
    # (in_cache and cache: the matrix fits in a cache of known size; above_copy names no cache.)
    cache = Bytes(found.cache_bytes or 0)
    if found.source == "in_cache":
        return words("bandwidth.in_cache", share=Share(share), matrix=Bytes(found.matrix_bytes), cache=cache,
                     **values)
    values["times"] = Factor(share)
    if found.source == "cache":
        return words("bandwidth.cache", matrix=Bytes(found.matrix_bytes), cache=cache, **values)
    return words("bandwidth.above_copy", **values)


def naive_sentence(gaps: dict[str, f.Gap], machine: f.Machine, words: Words) -> str:
    """The accelerator's naive time against its synchronised one, or why they cannot be compared."""
    accelerator = machine.accelerator
    if accelerator is None:
        return words("gap.no_accelerator")
    if accelerator.kind in gaps:
        return gap_sentence(gaps[accelerator.kind], words)
    return words("gap.unmeasured", device=words.device(accelerator.kind))


def cpu_gap_sentence(gaps: dict[str, f.Gap], words: Words) -> str:
    """The CPU's naive time against its synchronised one, or that there is none."""
    return gap_sentence(gaps["cpu"], words) if "cpu" in gaps else words("gap.cpu.none")


def gap_sentence(gap: f.Gap, words: Words) -> str:
    # The factor is always the larger time over the smaller: "2× too small", never "0.5× too large".
    factor = Factor(gap.ratio.value if gap.verdict == "optimistic" else 1 / gap.ratio.value)
    values = dict(size=Size(gap.size), naive=Seconds(gap.naive_s), engine=Seconds(gap.engine_s), factor=factor)
    if gap.device == "cpu":
        return words("gap.cpu", verdict=Choice(gap.verdict), **values)
    if gap.events_s is not None:
        return words("gap.events", verdict=Choice(gap.verdict), device=words.device(gap.device),
                     events=Seconds(gap.events_s), **values)
    return words("gap", verdict=Choice(gap.verdict), device=words.device(gap.device), **values)


def post_sentence(found: dict[str, f.NaiveTiming], machine: f.Machine, words: Words) -> str:
    """What this build shows about naive timing at the blog post's sizes: on its accelerator, else on its CPU."""
    accelerator = machine.accelerator
    if accelerator is not None:
        device = words.device(accelerator.kind)
        timing = found.get(accelerator.kind)
        if timing is None:
            return words("post.unmeasured", device=device)
        worst = timing.worst(TOO_SMALL)
        if timing.too_small == "all" and worst is not None:
            return words("post.all", device=device, first=Size(timing.sizes[0].size),
                         last=Size(timing.sizes[-1].size), factor=Factor(worst.factor), at=Size(worst.size))
        then = "post.some.then" if timing.too_small == "some" else "post.none.then"
        return f"{_naive_sizes(timing, device, words)} {words(then)}"
    timing = found.get("cpu")
    if timing is None:
        return words("post.none")
    differ = timing.having(TOO_SMALL) or timing.having(TOO_LARGE)
    return " ".join([words("post.cpu.lead"), _naive_sizes(timing, words.device("cpu"), words),
                     words("post.cpu.differs" if differ else "post.cpu.agrees"), words("post.cpu.archive")])


def _naive_sizes(timing: f.NaiveTiming, device: str, words: Words) -> str:
    """Where the naive figure was too small, too large, or agreed, size by size."""
    margin = Share(analysis.AGREEMENT_MARGIN)
    agree = timing.having(AGREES)
    for every, key in ((agree, "post.agrees_all"), (timing.having(NOISY), "post.noisy_all")):
        if len(every) == len(timing.sizes):
            return words(key, device=device, first=Size(timing.sizes[0].size), last=Size(timing.sizes[-1].size),
                         margin=margin)
    clauses = []
    for verdict in (TOO_SMALL, TOO_LARGE, NOISY):
        group, worst = timing.having(verdict), timing.worst(verdict)
        if group and worst is not None:
            clauses.append(Phrase.of("post.clause", verdict=Choice(verdict),
                                     sizes=Listing(tuple(Size(s.size) for s in group)), factor=Factor(worst.factor),
                                     at=Size(worst.size)))
    text = words("post.mixed", device=device, clauses=Listing(tuple(clauses)))
    return f"{text} {words('post.rest_agree', margin=margin)}" if agree else text


def peak_sentence(found: f.Matmul, results: ResultSet, words: Words) -> str:
    """The matrix product's rates on each device, who is faster at the same sizes and best against best, whether
    TF32 was allowed, and any rate that fell by more than half; or that nothing was measured."""
    parts = [rates_sentence(found, device, words) for device in ["cpu"] + [d for d in [found.device] if d]]
    parts = [p for p in parts if p]
    if found.compared:
        parts.append(compare_sentence(found, words))
    best = [c.best for c in found.comparisons if c.best is not None]
    if best:
        parts.append(best_sentence(found, best, words))
    parts += [tf32_sentence(results, words), drops_sentence(f.drops(results, ("matmul",)), words, "drop.why.brief")]
    return " ".join(p for p in parts if p) or words("matmul.none")


def rates_sentence(found: f.Matmul, device: str, words: Words) -> str:
    precisions = found.on(device)
    if not precisions:
        return ""
    rates = tuple(Phrase.of("matmul.rate", dtype=Text(p.dtype), rate=Rate(p.gflop_s, "GFLOP/s"))
                  for p in precisions if p.status == "measured" and p.gflop_s is not None)
    missing = []
    for status in f.MISSING:
        dtypes = tuple(Text(p.dtype) for p in precisions if p.status == status)
        if dtypes:
            missing.append(Phrase.of("missing", status=Choice(status), dtypes=Listing(dtypes)))
    name = words.device(device)
    if not rates:
        return words("matmul.nothing", device=name, missing=Listing(tuple(missing)))
    if missing:
        return words("matmul.rates_missing", device=name, rates=Listing(rates), missing=Listing(tuple(missing)))
    return words("matmul.rates", device=name, rates=Listing(rates))


def _advantage(comparison: f.Comparison) -> Factor:
    """The winner's advantage, at least 1: "the CPU is 1.5× faster", never "the GPU is 0.67× faster"."""
    return Factor(comparison.speedup.value if comparison.direction != SLOWER else comparison.slowdown)


def compare_sentence(found: f.Matmul, words: Words) -> str:
    """Precision by precision, who is faster at the sizes both devices measured (every one of them)."""
    name = words.device(found.device or "")
    clauses = []
    for precision in found.compared:
        largest = precision.largest
        assert largest is not None, "a precision compared has a comparison"
        values = dict(device=name, dtype=Text(precision.dtype), size=Size(largest.size),
                      factor=_advantage(largest), **_split(precision.comparisons))
        clauses.append(Phrase.of("matmul.same_size",
                                 summary=Choice(_summary_key(precision.direction, precision.comparisons)), **values))
    return words("matmul.compare", clauses=Listing(tuple(clauses)))


def _split(comparisons: Sequence[f.Comparison]) -> dict[str, Listing]:
    """Every size compared, and those where the candidate was faster and slower."""
    def sizes(direction: Direction | None) -> Listing:
        return Listing(tuple(Size(c.size) for c in comparisons if direction in (None, c.direction)))
    return {"sizes": sizes(None), "wins": sizes(FASTER), "losses": sizes(SLOWER)}


def _summary_key(direction: f.Overall, comparisons: Sequence[f.Comparison]) -> str:
    """``faster``, ``faster.all`` (several sizes, every one faster), …, ``mixed`` or ``not_faster``."""
    if direction == f.MIXED or direction == f.NOT_FASTER:
        return direction
    return _direction(direction) + (".all" if len(comparisons) > 1 else "")


def best_sentence(found: f.Matmul, best: Sequence[f.RateComparison], words: Words) -> str:
    """Best rate against best rate, said to be that: the two bests may be at different sizes."""
    name = words.device(found.device or "")
    clauses = []
    for top in best:
        direction = _direction(top.direction)
        factor = Factor(top.ratio.value if direction != "slower" else 1 / top.ratio.value)
        clauses.append(Phrase.of("matmul.best.clause", direction=Choice(direction), device=name,
                                 dtype=Text(top.dtype), factor=factor, acc_size=Size(top.accelerator_size),
                                 cpu_size=Size(top.cpu_size)))
    return words("matmul.best", clauses=Listing(tuple(clauses)))


def cpu_half_sentence(found: f.Matmul, words: Words) -> str:
    """The CPU's half precisions against its own float32, at every size it measured both."""
    if not found.cpu_halves:
        return words("cpuhalf.none")
    clauses = []
    for half in found.cpu_halves:
        largest = half.largest
        values = dict(dtype=Text(half.dtype), size=Size(largest.size), factor=_advantage(largest),
                      **_split(half.comparisons))
        key = _summary_key(half.direction, half.comparisons)
        if key == f.MIXED and any(c.direction == SLOWER for c in half.comparisons):
            key += ".slower"  # (faster at some sizes, slower at others: both said)
        clauses.append(Phrase.of("cpuhalf.clause", summary=Choice(key), **values))
    return words("cpuhalf.sentence", clauses=Listing(tuple(clauses)))


def _cuda_setting(results: ResultSet, name: str) -> bool | None:
    """A setting the environment recorded for the CUDA GPU (``None``: no CUDA GPU, or not recorded)."""
    cuda = results.environment.get("devices", {}).get("cuda") or {}
    return bool(cuda[name]) if name in cuda else None


def tf32_sentence(results: ResultSet, words: Words) -> str:
    """Whether float32 products on a CUDA GPU were allowed TF32's shorter mantissa, as the environment recorded it."""
    allowed = _cuda_setting(results, "matmul_allow_tf32")
    if allowed is None:
        return ""
    return words("tf32.on" if allowed else "tf32.off", device=words.device("cuda"))


def conv_tf32_sentence(results: ResultSet, words: Words) -> str:
    """Whether cuDNN could run a CUDA GPU's float32 convolutions (the training step's) in TF32, as recorded; nothing
    where no training step ran on a CUDA GPU or the setting was not recorded."""
    allowed = _cuda_setting(results, "cudnn_allow_tf32")
    if allowed is None or not any(p.ok and p.workload == "train_step" and p.device == "cuda" for p in results):
        return ""
    return words("tf32.conv.on" if allowed else "tf32.conv.off", device=words.device("cuda"))


def _step(status: str) -> Phrase:
    """Why the training step has no time: "ran out of memory", ..."""
    return Phrase.of("step", status=Choice(status))


def training_sentence(found: f.Training, words: Words) -> str:
    last = found.largest
    if last is not None and found.device is not None:  # (the accelerator and the CPU compared at some batch)
        name = words.device(found.device)
        parts = [words("train.result", direction=Choice(_direction(last.direction)), batch=Size(last.size),
                       acc=Seconds(last.accelerator_s), device=name, cpu=Seconds(last.cpu_s), factor=_advantage(last))]
        for other in found.comparisons[:-1]:
            if other.direction != last.direction:
                parts.append(words("train.also", direction=Choice(_direction(other.direction)), batch=Size(other.size),
                                   device=name, factor=_advantage(other)))
        if found.accelerator_status and found.accelerator_status != "not_measured" and found.cpu_batch is not None:
            parts.append(words("train.also", direction=Choice("missing"), batch=Size(found.cpu_batch), device=name,
                               why=_step(found.accelerator_status)))
        return " ".join(parts)
    if found.cpu_batch is None or found.cpu_s is None:
        return words("train.none")
    if found.device is not None and found.accelerator_status:
        return words("train.accelerator_missing", batch=Size(found.cpu_batch), cpu=Seconds(found.cpu_s),
                     device=words.device(found.device), why=_step(found.accelerator_status))
    return words("train.cpu_only", batch=Size(found.cpu_batch), cpu=Seconds(found.cpu_s))


def describe_points(points: Sequence[Point], words: Words) -> list[Phrase]:
    """One phrase per (device, workload, precision, method), its sizes listed: "A @ B in float16 at m = 512 and
    1,024 on the CUDA GPU"."""
    groups: dict[tuple, list[Point]] = {}
    for point in points:
        groups.setdefault((point.device, point.workload, point.params.get("dtype"), point.method), []).append(point)
    phrases = []
    for (device, workload, dtype, _), members in groups.items():
        sizes = {p.params.get(analysis.size_key(workload)) for p in members}
        whole = sorted(s for s in sizes if isinstance(s, int))
        if not words.names("point", workload) or len(whole) != len(sizes):
            phrases.append(Phrase.of("point.other", workload=Text(workload), device=words.device(device)))
            continue
        phrases.append(Phrase.of("point", workload=Choice(workload), sizes=Listing(tuple(Size(s) for s in whole)),
                                 device=words.device(device), dtype=Text(str(dtype or ""))))
    return phrases


def check_sentence(found: f.Checks, results: ResultSet, words: Words) -> str:
    if found.failed:
        named = describe_points(found.failed, words)
        if len(named) > NAMED_FAILURES:
            named = named[:NAMED_FAILURES] + [Phrase.of("point.more", count=Count(len(named) - NAMED_FAILURES))]
        return words("check.failed", count=Count(len(found.failed)), where=Listing(tuple(named)))
    worst = found.worst_training
    if worst is not None and worst.rel_error is not None:  # (the worst training step is one with an error)
        return words("check.passed", worst=Sci(worst.rel_error), tolerance=Sci(worst.tolerance or 0),
                     device=words.device(worst.device))
    return words("check.passed_no_training") if any(p.ok for p in results) else words("check.nothing")


def measured_sentence(found: f.Coverage, words: Words) -> str:
    values = dict(points=Count(found.points), profile=Text(found.profile or "-"),
                  date=Text(reading_date(found.date, words.lang)))
    if not found.missing:
        return words("measured", **values)
    missing = tuple(Phrase.of("missing_count", status=Choice(status), count=Count(n)) for status, n in found.missing)
    return words("measured.missing", missing=Listing(missing), **values)


def processes_sentence(found: f.Processes, words: Words) -> str:
    """How many fresh processes measured each point, and how much of the uncertainty lies between them."""
    if found.processes < 2 or not found.points or found.median_share is None:
        return words("processes.one")
    values = dict(processes=Count(found.processes), share=Share(found.median_share), points=Count(found.points))
    if not found.most:
        return words("processes.steady", **values)
    most = tuple(Phrase.of("processes.point", point=describe_points([point], words)[0], share=Share(share),
                           spread=Factor(spread)) for point, share, spread in found.most)
    return words("processes.most", most=Listing(most), **values)


def selfcheck_sentence(found: f.Selfcheck, words: Words) -> str:
    if not found.rows:
        return words("selfcheck.none")
    values = dict(rows=Count(found.rows), tolerance=Share(found.tolerance),
                  processes=Phrase.of("selfcheck.processes", processes=Count(found.processes)))
    if found.outside:
        # A sentence per row: the point and the reference in words; the ratio and the gap with the digits that
        # show their side of the tolerance.
        listed = [words("selfcheck.row", device=words.device(r.device), label=point_words(r, words, "prose"),
                        reference=reference_words(r, words), ratio=Num(r.ratio, row_ratio_digits(r)),
                        gap=row_gap_percent(r))
                  for r in found.outside]
        verdict = " ".join([words("selfcheck.differ", outside=Count(len(found.outside)), **values), *listed])
    else:
        verdict = words("selfcheck.agree", **values)
    if not found.engine_timed_s:
        return verdict
    cost = words("selfcheck.cost", wall=Seconds(found.engine_wall_s), timed=Seconds(found.engine_timed_s),
                 factor=Factor(found.engine_wall_s / found.engine_timed_s), theirs=Seconds(found.reference_wall_s))
    return f"{verdict} {cost}"


def machines_sentence(labels: Sequence[str], skipped: Sequence[str], archive: Sequence[tuple[str, ResultSet]],
                      words: Words) -> str:
    """The archive's machines (or that there are none), the files skipped, and any rate of theirs that fell by
    more than half."""
    if labels:
        listing = words("machines.listing", count=Count(len(labels)),
                        labels=Listing(tuple(Text(label) for label in labels)))
    else:
        listing = words("machines.none")
    if skipped:
        listing += " " + words("machines.skipped", count=Count(len(skipped)), files=Text("; ".join(skipped)))
    for label, archived in archive:
        falls = f.drops(archived, ("matvec", "copy"))
        if falls:
            listing += " " + words("machines.drops", label=Text(label), count=Count(len(falls)),
                                   drops=drops_sentence(falls, words, "drop.why.brief"))
    return listing
