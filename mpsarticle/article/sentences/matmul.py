"""The sentences of the chapter on matrix products: each device's rates, who is faster at the same sizes and
best against best, TF32, and the CPU's half precisions against its float32."""

from __future__ import annotations

from collections.abc import Sequence

from mpsarticle.analysis import findings as f
from mpsarticle.analysis import series as analysis
from mpsarticle.article.sentences.common import advantage, cuda_setting, drops_sentence, reading_word
from mpsarticle.article.wording import Choice, Factor, Listing, Phrase, Rate, Share, Size, Text, Words
from mpsarticle.core.stats import FASTER, SAME, SLOWER, UNCLEAR, Agreement
from mpsarticle.core.vendor import peaks_for
from mpsarticle.results.model import ResultSet

__all__ = ["best_rates_sentence", "best_sentence", "compare_sentence", "cpu_half_sentence", "peak_sentence",
           "rates_sentence", "same_sentence", "sentences", "tf32_sentence"]


def sentences(results: ResultSet, words: Words) -> dict[str, str]:
    found = f.matmul(results)
    return {"same_sentence": same_sentence(found, words),
            "peak_sentence": peak_sentence(found, results, words),
            "best_sentence": best_sentence(found, words, results),
            "cpu_half_sentence": cpu_half_sentence(found, words, results)}


def same_sentence(found: f.Matmul, words: Words) -> str:
    """The chapter's first conclusion, above the table of ratios at the same size: who is faster at the sizes both
    devices measured, the fair comparison, before best against best. With no accelerator it says nothing (the
    table holds the CPU alone); with one whose rates were not compared at a common size, each device's best rates."""
    if found.compared:
        return compare_sentence(found, words)
    if found.device is None and any(p.status == "measured" for p in found.precisions):
        return ""  # (the figure and the table hold the CPU alone; Which device? says the build has nothing else)
    return best_rates_sentence(found, words)


def peak_sentence(found: f.Matmul, results: ResultSet, words: Words) -> str:
    """What the tables leave out: whether TF32 was allowed, and any rate that fell by more than half, under the
    figure that shows it (the bullet on the CPU's precisions keeps to which precision wins, and by how much)."""
    # A fall is named without a cause: the data hold none, and what can cause one is said beside B @ a's figure.
    falls = drops_sentence(tuple(d for d in f.drops(results, ("matmul",)) if not _outpaced(found, d)), words)
    parts = [peak_share_sentence(found, results, words), tf32_sentence(results, words), falls]
    return " ".join(p for p in parts if p)


def _outpaced(found: f.Matmul, drop: f.Drop) -> bool:
    """Whether a fall is the CPU's in a half precision slower than its float32 at every size measured in both,
    both of the fall's sizes among them: the sentence on the CPU's precisions already rules that precision out, so a
    fall among its low rates changes no choice."""
    half = next((h for h in found.cpu_halves if h.dtype == drop.dtype), None)
    if drop.device != "cpu" or half is None:
        return False
    sizes = {c.size for c in half.comparisons}
    return all(c.reading == SLOWER for c in half.comparisons) and {drop.before, drop.after} <= sizes


#: The published peak each precision's products run at: float32 at TF32's where PyTorch allowed TF32.
PEAK_OF = {"float16": "fp16_tensor", "bfloat16": "bf16_tensor"}


def peak_share_sentence(found: f.Matmul, results: ResultSet, words: Words) -> str:
    """The share of the published peak (the table above it) that each precision's best rate reached on the
    accelerator; nothing where the GPU has no published peak for a precision it measured."""
    device = found.device
    if device is None:
        return ""
    name = str((results.environment.get("devices", {}).get(device) or {}).get("name", ""))
    peaks = {p.quantity: p for p in peaks_for(name) if p.unit == "TFLOP/s"}
    float32 = "tf32_tensor" if cuda_setting(results, "matmul_allow_tf32") else "fp32"
    items = []
    for p in found.on(device):
        peak = peaks.get(float32 if p.dtype == "float32" else PEAK_OF.get(p.dtype, ""))
        if p.status == "measured" and p.gflop_s is not None and peak is not None:
            items.append(Phrase.of("peak.share.item", dtype=Text(p.dtype), share=Share(p.gflop_s / (peak.value * 1e3))))
    if not items:
        return ""
    return words("peak.share", device=words.device(device), shares=Listing(tuple(items)))


def best_rates_sentence(found: f.Matmul, words: Words) -> str:
    """Each device's best rate per precision, where no size was measured on both devices."""
    parts = [rates_sentence(found, device, words) for device in ["cpu"] + [d for d in [found.device] if d]]
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


#: The side a precision's summary (:func:`_summary_key`) takes, and the order the sides are said in: a precision
#: the accelerator wins at only some sizes stands with those it wins at every size, after them.
_SIDES = {"faster": "faster", "faster.all": "faster", "mixed": "faster", "same": "same", "same.all": "same",
          "unclear": "unclear", "unclear.all": "unclear", "not_faster": "not_faster",
          "not_faster.noisy": "not_faster", "not_faster.both": "not_faster", "level_noisy": "not_faster",
          "slower": "slower", "slower.all": "slower"}


def compare_sentence(found: f.Matmul, words: Words) -> str:
    """Who is faster at the sizes both devices measured (every one of them), each side said once with the
    precisions it holds in: "the CUDA GPU is faster in float32, float16, and bfloat16", not the device named again
    for each precision; the ratio at each size stands in the table beside it (tables.matmul_same_rows)."""
    name = words.device(found.device or "")
    # The sizes are named once where every precision was compared at the same ones, else beside each precision:
    # "at the same size" would leave the reader to find them in the table.
    shared = {tuple(c.size for c in precision.comparisons) for precision in found.compared}
    grouped: dict[str, list[tuple[int, Phrase]]] = {}
    for precision in found.compared:
        summary = _summary_key(precision.comparisons, rest=False)
        item = Phrase.of("matmul.same_size", summary=Choice(summary), dtype=Text(precision.dtype),
                         at=Choice("none" if len(shared) == 1 else "sizes"), **_split(precision.comparisons))
        grouped.setdefault(_SIDES[summary], []).append((summary == f.MIXED, item))
    clauses = tuple(Phrase.of("matmul.side", side=Choice(side), device=name,
                              items=Listing(tuple(item for _, item in sorted(grouped[side], key=lambda i: i[0]))))
                    for side in dict.fromkeys(_SIDES.values()) if side in grouped)
    # Where the accelerator wins at every size in every precision, the table's ratios say the rest: the clauses go
    # to the oracle unprinted.
    if set(grouped) == {"faster"} and not any(mixed for mixed, _ in grouped["faster"]):
        return words("matmul.compare", scope=Choice("every"), device=name, clauses=Listing(clauses))
    if len(shared) == 1:
        return words("matmul.compare", scope=Choice("listed"), sizes=Listing(tuple(Size(m) for m in shared.pop())),
                     clauses=Listing(clauses))
    return words("matmul.compare", scope=Choice("each"), clauses=Listing(clauses))


def _split(comparisons: Sequence[f.Comparison]) -> dict[str, Listing]:
    """Every size compared, and those where the candidate was faster, slower, level, and too noisy to tell."""
    def sizes(reading: Agreement | None) -> Listing:
        return Listing(tuple(Size(c.size) for c in comparisons if reading in (None, c.reading)))
    return {"sizes": sizes(None), "wins": sizes(FASTER), "losses": sizes(SLOWER), "level": sizes(SAME),
            "noisy": sizes(UNCLEAR)}


def _summary_key(comparisons: Sequence[f.Comparison], *, rest: bool) -> str:
    """``faster``, ``faster.all`` (several sizes, every one faster), …, ``mixed``, ``not_faster`` or
    ``level_noisy`` (level at some sizes, too noisy to tell at the others). A size whose two intervals overlap is
    called level only where they are narrow enough (:meth:`~mpsarticle.core.stats.Ratio.reading`): the forms
    that speak of "the other sizes" say ``.noisy`` where those are too noisy to tell, ``.both`` where some are
    and some are level (``rest``: the mixed form speaks of them too)."""
    readings = {c.reading for c in comparisons}
    if len(readings) == 1:
        return reading_word(readings.pop()) + (".all" if len(comparisons) > 1 else "")
    if FASTER not in readings and SLOWER not in readings:
        return "level_noisy"
    key = f.MIXED if FASTER in readings else f.NOT_FASTER
    if key == f.MIXED and not rest:
        return key
    others = readings - {FASTER, SLOWER}
    return key + (".both" if others == {SAME, UNCLEAR} else ".noisy" if others == {UNCLEAR} else "")


def best_sentence(found: f.Matmul, words: Words, results: ResultSet | None = None) -> str:
    """What the table's last column comes to: best rate against best rate (the two may be at different sizes),
    the precision the accelerator leads most in, and those it does not lead in; empty where no precision has a
    best rate on both devices (the chapter's other sentence says why). Where the CPU's best rate in that
    precision came at the largest size it measured, a second sentence says so, of every precision or of each
    one named, first, pointing to the same-size ratios: its rate may have gone on rising, so the ratio may overstate
    the gap."""
    best = [c.best for c in found.comparisons if c.best is not None]
    if not best:
        return ""
    name = words.device(found.device or "")
    ahead = [top for top in best if top.reading == FASTER]
    if not ahead:
        return words("matmul.best.none", device=name)
    top = max(ahead, key=lambda t: t.ratio.value)
    behind = tuple(Text(t.dtype) for t in best if t.reading != FASTER)
    rest = "one" if len(best) == 1 else "some" if behind else "every"
    values = dict(device=name, dtype=Text(top.dtype), factor=Factor(top.ratio.value),
                  acc_size=Size(top.accelerator_size), cpu_size=Size(top.cpu_size))
    if behind:
        values["others"] = Listing(behind)
    said = words("matmul.best.top", rest=Choice(rest), **values)
    if results is None:
        return said
    # The caveat ranges over every precision the CPU has a best rate in (each is a row of the table): "every"
    # only where it holds of them all, else the compared precisions it holds of, each named.
    cpu_best = {p.dtype: p.size for p in found.on("cpu") if p.status == "measured"}
    capped = [d for d, size in cpu_best.items() if _at_largest(results, d, size)]
    named = tuple(Text(t.dtype) for t in best if t.dtype in capped)
    # The caveat leads: a reader must meet the fair comparison before a ratio that may flatter the accelerator.
    if len(capped) == len(cpu_best) > 1 and named:
        said = said + " " + words("matmul.best.capped", which=Choice("every"), device=name)
    elif named:
        said = said + " " + words("matmul.best.capped", which=Choice("listed"), dtypes=Listing(named), device=name)
    return said


def _at_largest(results: ResultSet, dtype: str, size: int | None) -> bool:
    """Whether the CPU's best rate in ``dtype`` came at the largest of several sizes it measured well: its rate
    may have gone on rising past it."""
    measured = [m for m, p in analysis.series(results, workload="matmul", device="cpu", dtype=dtype) if p.ok]
    return len(measured) > 1 and size == max(measured)


def cpu_half_sentence(found: f.Matmul, words: Words, results: ResultSet | None = None) -> str:
    """The CPU's half precisions against its own float32, at every size it measured both, each with its best rate
    against float32's, in one sentence (the falls of its rates are said under the figure, :func:`peak_sentence`)."""
    return _cpu_halves(found, words)


def _best_against_float32(found: f.Matmul, dtype: str, words: Words) -> Phrase | None:
    """A half precision's best rate on the CPU against float32's best, at whatever sizes (the table above gives
    both): ``N×`` float32's where above it, a share of it where below; ``None`` where either has none, or where the
    two are too close for a factor to show a side ("1.0×")."""
    best = {p.dtype: p.gflop_s for p in found.on("cpu") if p.status == "measured" and p.gflop_s}
    if dtype not in best or "float32" not in best:
        return None
    ratio = best[dtype] / best["float32"]
    if words.render(Factor(max(ratio, 1 / ratio))) == words.render(Factor(1.0)):
        return None
    if ratio > 1:
        return Phrase.of("cpuhalf.best", side=Choice("above"), factor=Factor(ratio), share=Share(ratio))
    return Phrase.of("cpuhalf.best", side=Choice("below"), factor=Factor(1 / ratio), share=Share(ratio))


def _cpu_halves(found: f.Matmul, words: Words) -> str:
    """The sentence, then the sizes too scattered to judge, each precision's named."""
    if not found.cpu_halves:
        return words("cpuhalf.none")
    clauses, noisy, unranked, used = [], [], [], []
    for half in found.cpu_halves:
        largest = half.largest
        values = dict(dtype=Text(half.dtype), size=Size(largest.size), factor=advantage(largest),
                      **_split(half.comparisons))
        key = _summary_key(half.comparisons, rest=True)
        if key.startswith(f.MIXED) and any(c.direction == SLOWER for c in half.comparisons):
            key = f.MIXED + ".slower"  # (faster at some sizes, slower at others: both said)
        if key == "unclear.all":
            unranked.append(Text(half.dtype))
            continue
        # The effect's size beside its direction: the best rate against float32's. Where no size shows the
        # precision faster, a best rate above float32's would read as a contradiction, and one after the sizes too
        # noisy to tell as a clause too many: the table above gives both rates.
        against = _best_against_float32(found, half.dtype, words)
        readings = {c.reading for c in half.comparisons}
        if against is not None and FASTER not in readings and \
                (dict(against.values)["side"] == Choice("above") or UNCLEAR in readings):
            against = None
        # The precisions to use (those that win at some size) lead, those to avoid follow: the reader is choosing.
        used.append(key.startswith((FASTER, f.MIXED)))
        clauses.append(Phrase.of("cpuhalf.item", form=Choice("clause" if against is None else "best"),
                                 best=against or Text(""),
                                 clause=Phrase.of("cpuhalf.clause", summary=Choice(key), **values)))
        if key.endswith(".noisy") and key != "not_faster.noisy":  # (that form names its noisy sizes itself)
            noisy.append((Text(half.dtype), values["noisy"]))
    clauses = [clause for _, clause in sorted(zip(used, clauses, strict=True), key=lambda pair: not pair[0])]
    # Precisions that cannot be ranked at any size share one clause, so that its reason is said once. Where one of
    # them reached a higher best rate than float32 (the table above, sizes apart), the clause says so first: a
    # reader who sees that gap needs to hear why no single size is called.
    if unranked:
        best = {p.dtype: p.gflop_s for p in found.on("cpu") if p.status == "measured" and p.gflop_s}
        ahead = [(best[d.value] / best["float32"], d) for d in unranked if d.value in best and "float32" in best]
        top = max(ahead, key=lambda found: found[0], default=None)
        above = top is not None and top[0] > 1  # (float32's own rate is no lead to tell of)
        best_of = dict(best=top[1], factor=Factor(top[0])) if top is not None and above else {}
        clauses.append(Phrase.of("cpuhalf.clause", summary=Choice("unclear.all.best" if best_of else "unclear.all"),
                                 dtype=Listing(tuple(unranked), style="or"), **best_of))
    # Each precision is a sentence of its own, its verdict first: several sizes and a factor each leave no room for
    # another precision's in one sentence.
    said = words("cpuhalf.sentence", clauses=Listing(tuple(clauses), style="sentences"))
    # The sizes too scattered to judge are said after every clause, by name: "the other sizes" may be a single one.
    for dtype, sizes in noisy:
        said += " " + words("cpuhalf.noisy", dtypes=Listing((dtype,)), sizes=sizes)
    return said


def tf32_sentence(results: ResultSet, words: Words) -> str:
    """Whether float32 products on a CUDA GPU were allowed TF32's shorter mantissa, as the environment recorded it."""
    allowed = cuda_setting(results, "matmul_allow_tf32")
    if allowed is None:
        return ""
    return words("tf32.on" if allowed else "tf32.off", device=words.device("cuda"))
