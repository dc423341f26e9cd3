"""The closing chapter's sentences: the rule of thumb and the bound on a language model (from the answer that
:mod:`.index` states), and the reasons behind them: fixed costs for small products, bandwidth for large ones."""

from __future__ import annotations

from mpsarticle.analysis import series
from mpsarticle.analysis.findings import Bandwidth
from mpsarticle.analysis.findings.common import present_accelerator
from mpsarticle.analysis.verdict import verdict
from mpsarticle.article import mac_model
from mpsarticle.article.sentences.common import reading_word
from mpsarticle.article.sentences.index import answer_sentences
from mpsarticle.article.sentences.llm import op_reason, rule_more
from mpsarticle.article.wording import Bytes, Choice, Factor, Listing, Phrase, Rate, Seconds, Size, Words
from mpsarticle.results.model import ResultSet

__all__ = ["reason_sentences", "sentences"]


def sentences(results: ResultSet, words: Words) -> dict[str, str]:
    """The reasons behind the answer (the opening page states the answer; the chapters keep their own findings)."""
    answer = answer_sentences(results, words)
    return {"answer_rule": answer["answer_rule"], "answer_rule_more": rule_more(results, words),
            "answer_llm": answer["answer_llm"], **reason_sentences(results, words),
            "reason_ops": op_reason(results, words, present_accelerator(results)),
            **mac_model.rules(results, words)}


def reason_sentences(results: ResultSet, words: Words) -> dict[str, str]:
    """The closing chapter's reasons: small products (fixed costs) and large ones (bandwidth: each device's
    ``B @ a`` from its largest matrices, compared only where both came from memory, and copy against copy)."""
    found = verdict(results)
    small, large = words("reason.small.none"), words("bandwidth.none")
    overhead = found.overhead
    device = words.device(found.crossover.device or "")
    if overhead is not None:
        direction = reading_word(overhead.reading)
        values = dict(size=Size(overhead.size), acc=Seconds(overhead.accelerator_s), cpu=Seconds(overhead.cpu_s))
        small = words("reason.small", direction=Choice(direction), device=device, **values)
        band = next((b for b in found.bandwidths if b.device == found.crossover.device), None)
        if band and overhead.streaming_s is not None and overhead.streaming_s < overhead.accelerator_s / 2:
            small += " " + words("reason.streaming", device=device, stream=Seconds(overhead.streaming_s),
                                 acc=values["acc"], rate=Rate(band.memory_gb_s, "GB/s"),
                                 large=Size(band.memory_size))
    elif not found.compared:
        cpu = next((b for b in found.bandwidths if b.device == "cpu"), None)
        # The synchronised timer's points only: a sentence about what a call takes never quotes naive timeit.
        first = next(iter(series.series(results, workload="matvec", device="cpu")), None)
        if first is not None:
            small = words("reason.small.cpu", size=Size(first[0]), cpu=Seconds(first[1].measured_s))
        if cpu is not None:  # its rates stand in the chapter on B @ a: said once
            large = words("reason.large.cpu")
    bands = {b.device: b for b in found.bandwidths}
    acc = found.crossover.device
    if acc is not None and acc in bands and "cpu" in bands:
        reads = Listing(tuple(_reading(bands[d], words) for d in (acc, "cpu")))
        ratio = found.bandwidth_ratio
        if ratio is None:  # (not both from memory: the readings are given, not set against each other)
            large = words("reason.large", direction=Choice("unmatched"), device=device, reads=reads)
        else:
            direction = reading_word(ratio.reading())
            factor = Factor(ratio.value if direction != "slower" else 1 / ratio.value)
            large = words("reason.large", direction=Choice(direction), device=device, reads=reads, factor=factor)
    copy = words("reason.copy.none")
    cpu_copies = [c for c in found.copies if c.device == "cpu"]
    if acc is None and cpu_copies:
        copy = words("reason.copy.cpu", cpu=Rate(cpu_copies[0].gb_s, "GB/s"),
                     cpu_moved=Bytes(cpu_copies[0].point.bytes_moved))
    if found.copy_ratio is not None and acc is not None:
        ratio, (mine, cpu_copy) = found.copy_ratio, found.copies
        direction = reading_word(ratio.reading())
        copy = words("reason.copy", direction=Choice(direction), device=device,
                     factor=Factor(ratio.value if direction != "slower" else 1 / ratio.value),
                     acc=Rate(mine.gb_s, "GB/s"), cpu=Rate(cpu_copy.gb_s, "GB/s"),
                     acc_moved=Bytes(mine.point.bytes_moved), cpu_moved=Bytes(cpu_copy.point.bytes_moved))
    # A copy that fits in its device's cache is said to, wherever a copy is quoted.
    quoted = copy != words("reason.copy.none")
    cached = [words("reason.copy.cached", device=words.device(c.device), moved=Bytes(c.point.bytes_moved),
                    cache=Bytes(c.cache_bytes)) for c in found.copies if c.cache_bytes and quoted]
    return {"reason_small": small, "reason_large": large, "reason_copy": " ".join([copy, *cached])}


def _reading(band: Bandwidth, words: Words) -> Phrase:
    """How fast one device read a large matrix in ``B @ a``, and how far that can be called a rate from memory."""
    values: dict = dict(device=words.device(band.device), rate=Rate(band.memory_gb_s, "GB/s"),
                        size=Size(band.memory_size), matrix=Bytes(band.memory_point.bytes_moved))
    if band.memory_basis == "fits_cache":
        values["cache"] = Bytes(band.cache_bytes or 0)
    return Phrase.of("reading", basis=Choice(band.memory_basis), **values)
