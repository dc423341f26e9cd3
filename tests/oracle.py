"""An independent oracle for the article's hardware-dependent sentences.

The sentences are chosen by :mod:`mpsarticle.analysis.findings`; tests that check
them against those same findings cannot see evidence the findings dropped
(the ``original`` suite's small sizes, say). This module is a second,
deliberately simple implementation that reads the RAW points of a
:class:`~mpsarticle.results.model.ResultSet` and nothing the article derived: it
must not import ``mpsarticle.analysis.series``, ``findings``, ``verdict``,
``answer``, ``sentences`` or ``stats`` (a unit test reads its imports).

The rules, all of them here:

- Evidence for (workload, device, size) is every ``ok`` point (status ok,
  check not failed, samples present) with method ``engine``, in ANY suite.
  Where two suites measured the same size, a sentence may quote either:
  a claim about that size is true when one of the pairs of points supports
  it ("accept either"); so a size contradicts a claim only when every pair
  does.
- A point's interval is its PUBLISHED 95 % interval (``ci_low_s`` …
  ``ci_high_s``), the one the tables print; a point that publishes none has
  the distribution-free order-statistic interval of its median at 95 %,
  from its samples (in several processes, the hull of each process's),
  written out below with exact binomial sums.
- Direction of two points at one size (the CPU against its accelerator, or
  the CPU's float32 against its own half precision): the second is
  ``faster`` when the first's interval lies wholly above its own (first low
  > second high), ``slower`` when the reverse holds, else ``same``
  (the intervals meet: no side is named). For best rates the same rule on
  rate = amount / time. Where a sentence sets the two side by side, intervals
  that meet are read further: level within noise only where the ratio's
  range (first low / second high … first high / second low) lies wholly
  within 1.2 of 1 on both sides (1 / 1.2 … 1.2), else too noisy to tell
  which is faster.
  Naive timeit against the synchronised timer: the two ``agree`` (within a
  fifth) where the ratio engine / naive, read from the PUBLISHED intervals as
  "level" is, lies wholly within 1 / 1.2 … 1.2; else, from the bounds (engine
  low / naive high, engine high / naive low), the naive figure is ``too
  small`` when the low bound is above 1, ``too large`` when the high bound is
  below 1, else too noisy to say.
- "Loses to the CPU nowhere" (and "beats … nowhere", "level … wherever")
  ranges over every comparison the build measured: B @ a, the training step
  and each precision's matrix product size by size, and each precision's
  best rate against best rate. The rule with no side ("level within noise",
  "too noisy to tell", or each at some) is read size by size as above; best
  against best, at two sizes, only names no side.
- An area ("float32 matrix products from m = 1,024 on", "matrix-vector
  products from m = 100 to 2,500", "… below m = 750", "… at m = 512, 1,024",
  "… at every size from m = 128 to 1,024": all of them) names sizes measured on both devices;
  the side it is given must hold at each of them. A list of sizes and a range
  ("and none outside") are exhaustive: a size outside them where every pair
  says that side is faster makes them false.
- A printed number (a time, a rate, a share, a count of tokens, a factor)
  is true of a value V when V rounds to it: |printed - V| is at most half a
  unit of its last printed digit. ``1.0×`` always fails: it cannot show
  which side is faster. Factors are the winner's advantage. "Up to F×" is
  false when some size of the claim, whichever points are taken, shows more
  than F.
- A quoted time or rate is an engine median (of any suite); naive timeit's
  numbers only where the sentence is about naive timeit (the original
  experiment's totals, the timing chapter). "At its best", "the smallest
  … measured" and "its largest matrix" range over every suite.
- A rate called "from memory" or "of a matrix larger than its caches" is a
  B @ a point whose bytes exceed the device's ``cache_bytes`` in the
  environment; "fits in its X of cache" must be true of that size and that
  cache; "its largest matrix" is the device's largest B @ a size. Never a
  copy's rate.
- A rate that "falls" from one size to the next names two consecutive sizes
  the device measured well (every suite), the rates there, and the share,
  under half. Every such fall (B @ a, the copy, and A @ B per precision, on
  every device) that every process's reading shows must be named in its
  chapter: B @ a's and the copy's in the chapter on the matrix-vector product
  (its ``bandwidth_sentence``), A @ B's in the chapter on matrix products (its
  ``peak_sentence``, under the figure that shows them).
- TF32 is read from ``environment.devices.cuda.matmul_allow_tf32``; a CUDA
  build that recorded it must say it beside its matrix products.
- A point was "measured again" when it has extra processes; "while the
  machine was busy" when a load reading of one of its processes (kept or set
  aside) says ``contended``; a process "far from its siblings" is one set
  aside or left unresolved as an ``outlier``, or the reason a point not
  measured while busy was measured again; "far" is more than 4× above or
  below. Nothing is known of the machine's load when no process recorded a
  reading.

The claims are read from what was said, not from its English: a chapter is rendered with
:meth:`~mpsarticle.article.wording.Words.recording`, and every message that reached the page is a
:class:`~mpsarticle.article.wording.Said`, its catalog key and the typed values that filled it
(:mod:`tests.oracle_said`). :data:`CHECKS`, at the top of the module, maps each key that carries a
measured claim to its checker, which takes the numbers, sizes, devices and directions from those values
(a :class:`Factor`'s value, a :class:`Size`'s ``n``, a :class:`Choice`'s value, a :class:`Listing`'s
items); a printed number's digits are its own rendering's. :data:`PARTS` lists the keys of phrases
that are read inside the message they stand in, :data:`NO_CLAIMS` the keys that carry no measured
claim (names, captions, what a missing measurement means; with :data:`NO_CLAIM_PREFIXES`, the families
of names and of the words of figures and tables), and :func:`uncovered` names every message of a key
none of them knows (:func:`covered`), and any glued text that no recorded message accounts for, so that
the oracle cannot go blind when a key is added. A checker whose values cannot be tied to points is a
failure, not a skip.

English only: the Indonesian sentences come from the same choices and the same values.
"""

from __future__ import annotations

import csv
import functools
import math
import re
import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import pairwise
from pathlib import Path
from typing import Any

from mpsarticle.article.wording import Listing, Phrase, Said, Text
from mpsarticle.results.model import Point, ResultSet

from . import oracle_model
from .oracle_model import MODEL_CHECKS, MODEL_PARTS
from .oracle_said import (
    EN,
    UNITS,
    Printed,
    Recording,
    choice,
    kind_of,
    names_of,
    nested,
    parts,
    printed_fields,
    render,
    shown,
    sizes_of,
    text_of,
    values_of,
)

__all__ = ["CHECKERS", "CHECKS", "FORBIDDEN_IMPORTS", "NO_CLAIMS", "NO_CLAIM_PREFIXES", "PARTS", "TABLE_ROWS",
           "Failure", "Oracle", "Pairs", "Recording", "chapter_failures", "check", "code_failures", "covered",
           "false_claims", "interval",
           "median", "uncovered"]

#: What this module must not import: it would then share the code under test.
FORBIDDEN_IMPORTS = ("mpsarticle.analysis.series", "mpsarticle.analysis.findings", "mpsarticle.analysis.verdict",
                     "mpsarticle.article.answer", "mpsarticle.article.chapters", "mpsarticle.article.sentences",
                     "mpsarticle.core.stats", "mpsarticle.analysis.model", "mpsarticle.analysis.predict",
                     "mpsarticle.article.mac_model")
FASTER, SLOWER, SAME = "faster", "slower", "same"
#: Two values whose ratio's interval holds 1 but reaches beyond :data:`AGREE` on either side: not level, too noisy
#: to tell (read where a sentence tells the two apart: :func:`level_reading`).
UNCLEAR = "unclear"
#: Each point's interval: 95 %, as the tables print it.
LEVEL = 0.95
SIZE_KEYS = {"matvec": "m", "matmul": "m", "copy": "n", "train_step": "batch", "op_chain": "ops", "attention": "seq",
             "decode": "d_model", "prefill": "tokens", "step_products": "d_model"}
DTYPES = ("float32", "float16", "bfloat16")
HALVES = ("float16", "bfloat16")
#: A lead of the CPU's median named though the CPU is not shown faster: beyond a fifth, as a chart shows plainly.
LEAD = 1.2
#: "Agree within a fifth" (naive timeit against the synchronised timer).
AGREE = 1.2
TOO_SMALL, TOO_LARGE, AGREES, NOISY = "too small", "too large", "agree", "too noisy"
#: A rate "falls by more than half" from one size to the next below this share.
DROP = 0.5
#: The amount a workload's rate is counted in.
AMOUNTS = {"matvec": "bytes_moved", "copy": "bytes_moved", "matmul": "flops", "train_step": "flops",
           "attention": "flops", "decode": "bytes_moved", "prefill": "flops", "step_products": "bytes_moved"}
#: MLX's devices (a point's device) and the PyTorch device each is set beside: the same class of device.
MLX_COUNTERPARTS = {"mlx-cpu": "cpu", "mlx-gpu": "mps"}
#: The English names that reach a message as rendered text, back to their codes (as device names do).
BACKEND_NAMES = names_of("backend")

#: Identifiers and Python reprs that must never reach a sentence (read in every text value a message was given).
CODE = re.compile(r"Device\(|\(m=|\bdtype=|\bmatvec\(|\bmatmul\(|do_bench\w*|blocked_autorange|\{'|'\}|'\w+': "
                  r"|\b[a-z]\w*=[^\s,)]+|(?<!/)\b[A-Za-z]+_[A-Za-z_]+\b")

#: THE CHECKS: each catalog key that carries a measured claim, and the name of its checker (here, or for the
#: model's keys in tests/oracle_model.py). A checker gets the recorded message and a Context (the oracle, the whole
#: recording; ``fail`` to record a problem).
CHECKS: dict[str, str] = {
    # -- the answer (index and verdict): universal claims, then areas inside a list
    "answer.no_losses": "check_loses_nowhere",
    "answer.no_losses.leaning": "check_loses_nowhere_leaning",
    "answer.no_wins": "check_beats_nowhere",
    "answer.rule.level": "check_level",
    "answer.rule.unclear": "check_level",
    "answer.rule.level_noisy": "check_level",
    "answer.wins": "check_wins",
    "answer.losses": "check_losses",
    "answer.rule.table": "check_rule_table",
    "table.where": "check_where_row",
    "answer.missing": "check_not_compared",
    "answer.nothing": "check_nothing",
    "answer.rule.nothing": "check_nothing",
    # -- the crossover (matvec)
    "crossover.always": "check_always",
    "crossover.from": "check_from",
    "crossover.leaning": "check_crossover_leaning",
    "crossover.never": "check_never",
    "crossover.mixed": "check_mixed",
    "crossover.no_pairs": "check_no_pairs",
    "crossover.cpu_only": "check_crossover_cpu_only",
    "crossover.mark": "check_crossover_mark",
    "original.alike": "check_original_alike",
    # -- the reasons (verdict): what a call takes, by the synchronised timer; reading large matrices
    "reason.small": "check_small",
    "reason.small.cpu": "check_small_cpu",
    "reason.small.others": "check_small_others",
    "reason.streaming": "check_streaming",
    "reason.large": "check_reading",
    "reason.copy": "check_copy",
    "table.memory": "check_memory_row",
    # -- matvec: the original experiment, bandwidth, falls; the answer's bound on a language model
    "original.sentence": "check_original",
    "steep": "check_steep",
    "table.bandwidth": "check_bandwidth",
    "bandwidth.reading": "check_bandwidth_reading",
    "bandwidth.memory": "check_bandwidth_memory",
    "verdict.pace": "check_verdict_pace",
    "verdict.pace.bound": "check_verdict_pace_bound",
    "caption.crossover": "check_speedup_caption",
    "drop.one": "check_fall",
    "drop.then": "check_fall",
    "drop.elements": "check_fall_elements",
    "machines.drop.elements": "check_fall_elements",
    "answer.tokens": "check_tokens",
    "llm.arithmetic": "check_tokens_arithmetic",
    "table.bound": "check_bound_row",
    "answer.tokens.cached": "check_llm_cached",
    # -- timing: naive timeit against the synchronised timer (quoting the naive time is this sentence's point)
    "gap": "check_gap",
    "gap.events": "check_gap",
    "gap.cpu": "check_gap",
    # -- timing: the blog post's sizes, naive against synchronised
    "post.all": "check_post_all",
    "post.both": "check_post_both",
    "post.one_way": "check_post_one_way",
    "post.agrees_all": "check_post_agree",
    "post.noisy_all": "check_post_noisy",
    "post.noisy_most": "check_post_noisy_most",
    "post.agrees_most": "check_post_agrees_most",
    "table.post": "check_post_row",
    "post.some.then": "check_post_some",
    "post.none.then": "check_post_none",
    "post.cpu.differs": "check_post_cpu_differs",
    "post.cpu": "check_post_cpu",
    "post.unmeasured": "check_post_unmeasured",
    "post.none": "check_post_nothing",
    # -- matrix products
    "matmul.rates": "check_rates",
    "matmul.rates_missing": "check_rates",
    "matmul.nothing": "check_rates",
    "matmul.compare": "check_same_size",
    "matmul.best.top": "check_best_top",
    "matmul.best.none": "check_best_none",
    "matmul.best.capped": "check_best_capped",
    "table.matmul": "check_matmul_row",
    "table.matmul_same": "check_matmul_same_row",
    "peak.share": "check_peak_share",
    "tf32.on": "check_tf32",
    "tf32.off": "check_tf32",
    "tf32.conv.on": "check_conv_tf32",
    "tf32.conv.off": "check_conv_tf32",
    "cpuhalf.sentence": "check_cpu_halves",
    "cpuhalf.noisy": "check_cpu_halves_noisy",
    "cpuhalf.none": "check_cpu_halves_none",
    # -- training
    "train.result": "check_train",
    "train.also": "check_train_also",
    "train.accelerator_missing": "check_train_missing",
    "train.cpu_only": "check_train_cpu",
    "train.scaling": "check_train_scaling",
    "train.scaling.none": "check_train_scaling_none",
    "check.failed": "check_failed_count",
    "check.passed": "check_passed",
    "check.passed_no_training": "check_passed",
    # -- a build without an accelerator
    "answer.cpu_facts": "check_cpu_facts",
    "answer.cpu_rule.stay": "check_cpu_rule",
    "answer.cpu_rule.try": "check_cpu_rule",
    "answer.cpu_rule.avoid": "check_cpu_rule_avoid",
    "answer.cpu_rule.untold": "check_cpu_rule_untold",
    "answer.cpu_rule.none": "check_cpu_rule_alone",
    "answer.cpu_rule.unmeasured": "check_cpu_rule_unmeasured",
    # -- counts, the selfcheck
    "measured": "check_measured",
    "measured.missing": "check_measured",
    "duration": "check_duration",
    "processes.one": "check_processes_one",
    "processes.one_except": "check_processes_one_except",
    "processes.steady": "check_processes",
    "processes.most": "check_processes",
    "processes.widest": "check_processes_widest",
    "processes.noisy_gap": "check_processes_noisy_gap",
    "table.processes": "check_processes_row",
    "selfcheck.differ": "check_selfcheck",
    "selfcheck.agree": "check_selfcheck",
    "selfcheck.count": "check_selfcheck",
    "selfcheck.outside": "check_selfcheck",
    "selfcheck.unclear": "check_selfcheck",
    "selfcheck.unclear_all": "check_selfcheck",
    "selfcheck.close": "check_selfcheck_close",
    "selfcheck.named": "check_selfcheck_named",
    "table.selfcheck": "check_selfcheck_row",
    "selfcheck.why": "check_selfcheck_why",
    "remeasured.none": "check_remeasured",
    "remeasured.unread": "check_remeasured",
    "remeasured.some": "check_remeasured",
    "remeasured.unresolved": "check_remeasured_unresolved",
    "rejected.some": "check_rejected",
    # -- Macs: the spec sheet and the cited measurements, read from their CSV files
    "your_mac.answer.none": "check_no_apple_gpu",
    "rule.machine": "check_rule_machine",
    "your_mac.answer.mac_both": "check_this_mac",
    "your_mac.answer.mac_cited": "check_this_mac",
    "your_mac.answer.mac_cited_other": "check_this_mac",
    "your_mac.answer.mac_uncited": "check_this_mac",
    "your_mac.summary": "check_spec_summary",
    "your_mac.arithmetic": "check_spec_arithmetic",
    # -- language models: the cost of one operation, attention, the decode step
    "ops.sentence": "check_op_costs",
    "table.attention": "check_attention_row",
    "attention.conclusion": "check_attention_conclusion",
    "attention.backend.one": "check_attention_backend",
    "attention.backend.all": "check_attention_routes",
    "attention.backend.several": "check_attention_backends",
    "attention.compared.faster": "check_attention_compared",
    "attention.compared.slower": "check_attention_compared",
    "attention.compared.same": "check_attention_compared",
    "attention.compared.unclear": "check_attention_compared",
    "attention.compared.level_noisy": "check_attention_compared",
    "attention.compared.mixed": "check_attention_compared",
    "attention.compared.not_faster": "check_attention_compared",
    "attention.compared.none": "check_attention_none_common",
    "rule.attention": "check_attention_rule",
    "table.decode": "check_decode_row",
    "decode.conclusion": "check_decode_conclusion",
    "decode.missing": "check_decode_missing",
    "answer.decode": "check_decode_answer",
    "caption.decode": "check_decode_caption",
    "rule.decode": "check_decode_rule",
    "rule.decode.none": "check_decode_rule_none",
    "decode.route": "check_decode_route",
    "decode.basis": "check_decode_basis",
    "decode.basis.every": "check_decode_basis",
    "decode.basis.kernel": "check_decode_basis_kernel",
    "table.contexts": "check_contexts_row",
    "table.prompt": "check_prompt_row",
    "prefill.conclusion": "check_prefill_conclusion",
    "prefill.also": "check_prefill_conclusion",
    "prefill.none": "check_prefill_none",
    "prefill.legend": "check_prefill_legend",
    "decode.contexts.conclusion": "check_decode_contexts_conclusion",
    "decode.contexts.none": "check_decode_contexts_none",
    "decode.ways.bound": "check_decode_ways_bound",
    "decode.ways.bound.no_band": "check_decode_ways_bound",
    "decode.ways.versus": "check_decode_ways_versus",
    "decode.ways.versus.uncounted": "check_decode_ways_versus",
    "decode.ways.compile_missing": "check_decode_ways_compile_missing",
    "decode.ways.none": "check_decode_ways_none",
    "decode.sections.none": "check_decode_sections_none",
    "decode.context": "check_decode_context",
    "precision.none": "check_precision_none",
    "precision.default": "check_precision_default",
    "precision.decode": "check_precision_decode",
    "precision.attention": "check_precision_attention",
    "mlx.not_installed": "check_mlx_not_installed",
    "mlx.unknown": "check_mlx_unknown",
    "mlx.unmeasured": "check_mlx_unmeasured",
    "mlx.setup": "check_mlx_setup",
    "table.mlx": "check_mlx_pair",
    "mlx.summary": "check_mlx_summary",
    "mlx.missing": "check_mlx_missing",
    # -- the model of a call's time and its predictions for Apple chips (tests/oracle_model.py)
    **MODEL_CHECKS,
}

#: Rows of a table, read as the typed values its cells show (mpsarticle.article.tables.decode_rows): checked like
#: messages, though no catalog message renders them.
TABLE_ROWS: frozenset[str] = frozenset({"table.decode", "table.prompt", "table.attention", "table.mac_answer",
                                           "table.model_trust",
                                           "table.model_fit", "table.model_threshold",
                                           "table.mlx", "table.processes", "table.bandwidth", "table.matmul",
                                           "table.matmul_same", "table.post",
                                           "table.where", "table.selfcheck", "table.memory",
                                           "table.contexts", "table.bound"})

#: Phrases read inside the message they stand in (an area inside the answer, a clause inside its sentence).
PARTS: frozenset[str] = frozenset({
    "where.cell", "original.total", "reading", "drop.what", "drop.size", "matmul.rate", "peak.share.item",
    "memory.cell.copy", "missing", "matmul.same_size", "matmul.side", "cpuhalf.clause", "step",
    "cpuhalf.item", "cpuhalf.best",
    "point", "point.other", "point.more", "cpufact.matvec", "cpufact.matmul", "missing_count",
    "selfcheck.processes", "selfcheck.row", "ops.cost", "attention.backend.choice",
    "attention.call", "remeasured.seen", "remeasured.processes",
    "rejected.points", "mlx.side", "mlx.name", "decode.contexts.step", "decode.context.one", "decode.bound",
    "rule.decode.rate", "decode.basis.rate", "prefill.tighter", "attention.other",
    "tokens.cap", "drop.cache",
    "verdict.pace.rate", "llm.arithmetic.product",
    *MODEL_PARTS,
})

#: Keys that carry no measured claim: the machine's names, captions, the gaps' list, what a missing measurement
#: means, the selfcheck's cost, and the names that reach another
#: message as text (a device, a backend, how a step was replayed: read where they stand).
NO_CLAIMS: frozenset[str] = frozenset({
    # What 'derived' means under the spec table: a fixed definition.
    "your_mac.derived_note",
    "hardware.label", "hardware.accelerator_unmeasured", "hardware.failed_accelerator",
    "hardware.failed", "hardware.none", "cpu.threads", "cpu.plain", "answer.machine", "hardware.both",
    "original.none", "bandwidth.none", "gap.no_accelerator", "gap.unmeasured", "gap.cpu.none",
    "matmul.none", "train.none", "check.nothing",
    # The launch claims' models, as the introduction cites them: no measurement of this build.
    "train.launch",
    "selfcheck.none", "reason.small.none",
    "reason.copy.none",
    "answer.cpu_only", "answer.accelerator_failed", "answer.cpu_facts.none", "answer.tokens.none",
    "caption.answer.compared", "caption.answer.cpu_only", "caption.answer.nothing", "your_mac.cores", "ops.none",
    # The answer chart's alt text: what the chart draws, like its caption.
    "alt.answer.compared", "alt.answer.cpu_only", "alt.answer.nothing",
    "attention.none", "attention.backend.none", "decode.no_bound",
    "decode.missing.no_reason", "decode.none", "answer.decode.none",
    "machines.listing", "machines.no_mac", "machines.none", "machines.drop.what", "machines.drops.why",
    "machines.twin",
    "machines.twin.os",
    "machines.twin.alike", "machines.skipped", "device", "api", "backend", "why",
    "this_build", "data_links", "contents", "ways.mode", "decode.ways.lead",
    "mlx.missing.torch", "mlx.missing.tf32",
    "model.threshold.idea",
})
#: Families of keys that claim nothing either: names (devices, backends, timers, reasons, the gaps' list), and the
#: words of figures, tables and the build's card.
NO_CLAIM_PREFIXES = (
    "device.", "api.", "backend.", "why.", "method.", "selfcheck.prose", "selfcheck.bare", "selfcheck.reference",
    "selfcheck.point", "selfcheck.cold", "gaps.",
    "column.", "memory.column.", "figure.", "card.", "mac.", "model.table.", "model.assumption", "model.quantity",
    "machines_table.", "methods_table.", "post_table.", "selfcheck_table.", "processes.column.", "ways.column.",
    "decode.column.", "prefill.column.",
    "prefill.cell.", "attention.column.",
    "decode.cell.", "mlx.cell.", "mlx.column.", "bandwidth.column.", "bandwidth.cell.", "where.cell.",
    "bound.column.", "bound.cell.",
    "site.", "mps_issues.", "your_mac.bounds.", "your_mac.caveat",
    "your_mac.cited",
    "your_mac.licence.", "your_mac.sources.", "your_mac.sync", "your_mac.tokens.", "your_mac.unknown",
    # A GPU's published peaks: cited figures in a table of their own, no claim about this build's points.
    "vendor.",
)


#: The machines chapter's claims about the archive, read by :func:`archive_failures` from the archive's own files
#: (not from this build's points, which :data:`CHECKS` read).
ARCHIVE_CLAIMS: frozenset[str] = frozenset({
    "machines.summary", "machines.kind", "machines.drops.many", "machines.drop", "machines.twin.train",
})


def covered(key: str) -> bool:
    """Whether the oracle knows ``key``: it checks it, reads it inside another message, or knows it claims nothing."""
    return (key in CHECKS or key in PARTS or key in NO_CLAIMS or key in ARCHIVE_CLAIMS
            or key.startswith(NO_CLAIM_PREFIXES))


# -- statistics, written out ---------------------------------------------------------

def median(values: Iterable[float]) -> float:
    ordered = sorted(values)
    n = len(ordered)
    if not n:
        raise ValueError("no samples")
    middle = n // 2
    return ordered[middle] if n % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def _middle(values: Sequence[float]) -> float:
    """The median of an even count taken as the geometric mean of the two middle values (times are multiplicative:
    the package takes medians of logarithms), of an odd count the middle one."""
    ordered, n = sorted(values), len(values)
    return ordered[n // 2] if n % 2 else math.sqrt(ordered[n // 2 - 1] * ordered[n // 2])


@functools.cache
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


def reading(point: Point) -> tuple[float, float, float]:
    """(value, low, high) of a point: its value read plainly from its samples (measured in one process, their
    median; in several, the geometric mean of the process medians, the value the package reports) and its
    interval (:func:`published`)."""
    groups = process_groups(point)
    if len(groups) == 1:
        return (median(groups[0]), *published(point))
    centre = math.exp(statistics.fmean(math.log(median(g)) for g in groups))
    return (centre, *published(point))


def process_groups(point: Point) -> list[list[float]]:
    """The samples of each process that measured the point (one group: measured in one process)."""
    groups = [list(g) for g in point.processes if g]
    return groups if len(groups) >= 2 else [list(point.samples)]


def good(point: Point) -> bool:
    return point.status == "ok" and point.check != "failed" and bool(point.samples)


@dataclass(frozen=True)
class Timed:
    """One good point, its value recomputed from its samples and its interval as the tables print it (see
    :func:`reading`).

    A point measured in several processes has several readings (:meth:`readings`): as two points of one size
    from different suites are, each process's median is one reading of the point's value. A comparison at a size
    is every pair of readings: a claim must hold for some pair, and one that every pair shows must be made. The
    interval is the point's in every reading: a side is faster where the two printed intervals do not meet,
    whichever process a quoted median came from.
    """

    point: Point
    median: float
    low: float
    high: float

    def estimates(self) -> list[Timed]:
        """The point's value over all its processes: its samples' median, and the package's median of logarithms
        (what :meth:`readings` adds to each process's own)."""
        groups = process_groups(self.point)
        logged = math.exp(statistics.fmean(math.log(_middle(g)) for g in groups))
        return [self, Timed(self.point, logged, self.low, self.high)] if logged != self.median else [self]

    def readings(self) -> list[Timed]:
        """The point's value as each process measured it (one process: itself); and its value with each median of
        an even count taken as the geometric mean of the two middle samples, as the package takes medians of
        logarithms (a rate printed to three digits can tell the two apart)."""
        groups = process_groups(self.point)
        if len(groups) == 1:
            return self.estimates()
        return [Timed(self.point, median(g), self.low, self.high) for g in groups] + self.estimates()

    @property
    def suite(self) -> str | None:
        return self.point.suite

    def rate(self, amount: str) -> tuple[float, float, float]:
        """(rate, low, high) of ``amount`` ("flops" or "bytes_moved") per second."""
        work = getattr(self.point, amount)
        return work / self.median, work / self.high, work / self.low


def direction(base: Timed, other: Timed) -> str:
    """``other`` against ``base`` (the accelerator against the CPU), by time: faster exactly when base's printed
    interval lies wholly above other's (the two do not meet), slower when the reverse holds, else ``same``."""
    if base.low > other.high:
        return FASTER
    if other.low > base.high:
        return SLOWER
    return SAME


def rate_direction(mine: Timed, theirs: Timed, amount: str) -> str:
    """``mine`` against ``theirs``, by rate: faster only when its rate interval lies wholly above theirs."""
    _, low, high = mine.rate(amount)
    _, their_low, their_high = theirs.rate(amount)
    if low > their_high:
        return FASTER
    if high < their_low:
        return SLOWER
    return SAME


def published(point: Point) -> tuple[float, float]:
    """The 95 % interval of a point's time as its file publishes it (``ci_low_s`` … ``ci_high_s``), the one the
    tables print and a reader checks a comparison against; where it publishes none, the order-statistic interval
    of its samples (in several processes, the hull of each process's)."""
    low, high = point.ci_low_s, point.ci_high_s
    if low and high:
        return low, high
    bounds = [interval(g) for g in process_groups(point)]
    return min(b[0] for b in bounds), max(b[1] for b in bounds)


def spread_is_wide(low: float, high: float) -> bool:
    """A ratio's range that reaches beyond :data:`AGREE` on either side of 1: too wide to call the two level."""
    return low < 1 / AGREE or high > AGREE


def too_noisy(base: Point, other: Point) -> bool:
    """base's time / other's, from their published intervals (base low / other high … base high / other low),
    reaches beyond :data:`AGREE` on either side."""
    (base_low, base_high), (other_low, other_high) = published(base), published(other)
    return spread_is_wide(base_low / other_high, base_high / other_low)


def rate_too_noisy(mine: Point, theirs: Point, amount: str) -> bool:
    """:func:`too_noisy` for two rates of ``amount`` per second (the points may be of different sizes)."""
    (low, high), (their_low, their_high) = published(mine), published(theirs)
    scale = getattr(mine, amount) / getattr(theirs, amount)
    return spread_is_wide(scale * their_low / high, scale * their_high / low)


def _level(found: str, noisy: bool) -> str:
    return UNCLEAR if found == SAME and noisy else found


def level_reading(base: Timed, other: Timed) -> str:
    """:func:`direction`, with overlapping intervals read further: level, or :data:`UNCLEAR` where the points'
    published intervals (:func:`too_noisy`) reach beyond :data:`AGREE` on either side."""
    return _level(direction(base, other), too_noisy(base.point, other.point))


def rate_level_reading(mine: Timed, theirs: Timed, amount: str) -> str:
    """:func:`rate_direction`, read further as :func:`level_reading` is."""
    return _level(rate_direction(mine, theirs, amount), rate_too_noisy(mine.point, theirs.point, amount))


#: A sentence's form for two values set side by side, as the oracle's readings name it.
SIDE_FORMS = {"faster": FASTER, "slower": SLOWER, "same": SAME, "unclear": UNCLEAR}


def naive_verdict(engine: Timed, naive: Timed) -> str:
    """The naive figure against the synchronised timer's: the two agree within a fifth (the whole range of their
    ratio read from the two PUBLISHED intervals inside it, as "level" is read), else too small or too large (the
    interval wholly on one side of 1), else too noisy to say."""
    (engine_low, engine_high), (naive_low, naive_high) = published(engine.point), published(naive.point)
    if 1 / AGREE <= engine_low / naive_high and engine_high / naive_low <= AGREE:
        return AGREES
    low, high = engine.low / naive.high, engine.high / naive.low
    if low > 1:
        return TOO_SMALL
    if high < 1:
        return TOO_LARGE
    return NOISY


def _unit(workload: str) -> str:
    return "batch" if workload == "train_step" else "n =" if workload == "copy" else "m ="


def _s(seconds: float) -> str:
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds / 1e-9:.3g} ns"


def _fmt(values: Iterable[float]) -> str:
    return " or ".join(f"{v:.4g}" for v in values) or "nothing"


@dataclass(frozen=True)
class Pairs:
    """Two series compared size by size: ``other`` against ``base`` (the accelerator against the CPU, or the CPU's
    half precision against its float32). Accept either: every combination of points at a size is a pair."""

    what: str
    unit: str
    base: Mapping[int, list[Timed]]
    other: Mapping[int, list[Timed]]
    base_name: str = "CPU"
    other_name: str = "accelerator"
    #: Whether overlapping intervals are told apart as level (:data:`SAME`) or too noisy to tell (:data:`UNCLEAR`,
    #: :func:`too_noisy`): for sentences that set the two side by side.
    tells_noise: bool = False

    def telling_noise(self) -> Pairs:
        return replace(self, tells_noise=True)

    def common(self) -> list[int]:
        return sorted(self.base.keys() & self.other.keys())

    def at(self, size: int) -> list[tuple[Timed, Timed]]:
        return [(b, o) for b in self.base.get(size, []) for o in self.other.get(size, [])]

    def directions(self, size: int) -> set[str]:
        """Every direction a pair of readings at ``size`` shows (see :class:`Timed`); with :attr:`tells_noise`,
        level told apart from too noisy to tell (:func:`level_reading`)."""
        read = level_reading if self.tells_noise else direction
        return {read(b, o) for pb, po in self.at(size) for b in pb.readings() for o in po.readings()}

    def level_readings(self, size: int) -> set[str]:
        """:meth:`directions`, with level told apart from too noisy to tell (:func:`level_reading`)."""
        return self.telling_noise().directions(size)

    def can_be(self, side: str, size: int) -> bool:
        return side in self.directions(size)

    def must_be(self, side: str, size: int) -> bool:
        found = self.directions(size)
        return bool(found) and found == {side}

    def speedups(self, size: int) -> list[float]:
        """base median / other median for every pair: above 1, ``other`` is faster."""
        return [b.median / o.median for b, o in self.at(size)]

    def advantages(self, side: str, size: int) -> list[float]:
        """The winner's advantage for every pair, ``side`` being other's: faster, base / other; else other / base."""
        return [s if side == FASTER else 1 / s for s in self.speedups(size)]

    def evidence(self, size: int) -> str:
        """The medians and 95 % intervals of the pairs at ``size``, for a failure's message."""
        return "; ".join(f"{self.base_name} {_s(b.median)} [{_s(b.low)}, {_s(b.high)}] vs {self.other_name} "
                         f"{_s(o.median)} [{_s(o.low)}, {_s(o.high)}], {b.suite}/{o.suite} suite"
                         for b, o in self.at(size)) or "no pair"


@dataclass(frozen=True)
class Fall:
    """Two consecutive sizes one device measured well, and the share of the rate left at the larger (every pair of
    readings: each process's, the point's own)."""

    workload: str
    device: str
    dtype: str | None
    before: int
    after: int
    high: tuple[float, ...]
    low: tuple[float, ...]

    @property
    def shares(self) -> list[float]:
        return [b / a for a in self.high for b in self.low]

    @property
    def must(self) -> bool:
        return max(self.shares) < DROP

    @property
    def can(self) -> bool:
        return min(self.shares) < DROP

    def __str__(self) -> str:
        what = f"A @ B in {self.dtype}" if self.dtype else {"matvec": "B @ a", "copy": "the copy"}[self.workload]
        unit = _unit(self.workload)
        return (f"{what} on the {self.device} from {unit} {self.before:,} to {unit} {self.after:,} "
                f"(shares {_fmt(self.shares)})")


# -- the oracle: facts from raw points -------------------------------------------------

class Oracle:
    """What the raw points of one result set say, CPU against its accelerator."""

    def __init__(self, results: ResultSet) -> None:
        self.results = results
        chosen = [p for p in results.points if good(p)]
        self.good = [Timed(p, *reading(p)) for p in chosen]
        # MLX's devices are compared with their PyTorch counterparts only (check_mlx_pair), never as the
        # accelerator nor in the falls of a device.
        kinds = [p.device for p in results.points if p.device != "cpu" and p.device not in MLX_COUNTERPARTS]
        measured = [t.point.device for t in self.good if t.point.device != "cpu"
                    and t.point.device not in MLX_COUNTERPARTS]
        self.accelerator: str | None = (measured or kinds or [None])[0]
        devices = results.environment.get("devices", {})
        self.environment = {kind: d for kind, d in devices.items() if isinstance(d, dict)}
        self.cache = {kind: d.get("cache_bytes") for kind, d in self.environment.items()}
        self.devices = list(dict.fromkeys(t.point.device for t in self.good
                                          if t.point.device not in MLX_COUNTERPARTS))
        self._timed: dict = {}

    # -- points
    def timed(self, workload: str, device: str, method: str = "engine", **params) -> dict[int, list[Timed]]:
        """size -> the good points of that size (every suite)."""
        key = (workload, device, method, tuple(sorted(params.items())))
        if key not in self._timed:
            size_key = SIZE_KEYS.get(workload, "m")
            found: dict[int, list[Timed]] = {}
            for t in self.good:
                p = t.point
                if p.workload == workload and p.device == device and p.method == method and \
                        all(p.params.get(k) == v for k, v in params.items()) and size_key in p.params:
                    found.setdefault(int(p.params[size_key]), []).append(t)
            self._timed[key] = dict(sorted(found.items()))
        return self._timed[key]

    def compare(self, workload: str, **params) -> Pairs:
        """The CPU against the accelerator, by the engine: ``what`` names it in messages."""
        what = f"{workload} {params['dtype']}" if workload == "matmul" else workload
        acc = self.timed(workload, self.accelerator, **params) if self.accelerator else {}
        return Pairs(what, _unit(workload), self.timed(workload, "cpu", **params), acc,
                     other_name=(self.accelerator or "accelerator").upper())

    def halves(self, dtype: str) -> Pairs:
        """The CPU's float32 against its ``dtype`` (other), size by size."""
        return Pairs(f"CPU matmul {dtype} against float32", "m =", self.timed("matmul", "cpu", dtype="float32"),
                     self.timed("matmul", "cpu", dtype=dtype), "float32", dtype)

    # -- universal facts
    def comparisons(self, telling: bool = False) -> list[tuple[str, object, set[str]]]:
        """(what, size, directions) for every comparison the build has: B @ a, the training step and each
        precision's matrix product size by size, and each precision's best rate against best rate; ``telling``:
        the size-by-size ones with level told apart from too noisy to tell (:meth:`Pairs.telling_noise`)."""
        found: list[tuple[str, object, set[str]]] = []
        for pairs in [self.compare("matvec"), self.compare("train_step")] + \
                [self.compare("matmul", dtype=d) for d in DTYPES]:
            pairs = pairs.telling_noise() if telling else pairs
            found += [(pairs.what, s, pairs.directions(s)) for s in pairs.common()]
        for dtype in DTYPES:
            best = self.best_rate_directions(dtype)
            if best:
                found.append((f"matmul {dtype}", "best rate", best))
        return found

    def where(self, side: str) -> list[tuple[str, object]]:
        """Comparisons in which the accelerator is ``side`` whichever points are taken."""
        return [(what, at) for what, at, found in self.comparisons() if found == {side}]

    def crossover(self, workload: str = "matvec") -> int | None:
        """The smallest common size from which the accelerator is faster there and at every larger common size."""
        pairs, start = self.compare(workload), None
        for size in reversed(pairs.common()):
            if not pairs.can_be(FASTER, size):
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

    def best_rate_directions(self, dtype: str, level: bool = False) -> set[str]:
        """Best rate against best rate, by each pair of readings; ``level``: with level told apart from too noisy
        to tell (:func:`rate_level_reading`)."""
        if self.accelerator is None:
            return set()
        mine = self.best("matmul", self.accelerator, "flops", dtype=dtype)
        theirs = self.best("matmul", "cpu", "flops", dtype=dtype)
        return {rate_level_reading(a, c, "flops") if level else rate_direction(a, c, "flops") for pa in mine
                for pc in theirs for a in pa.readings() for c in pc.readings()}

    # -- falls
    @functools.cached_property
    def falls(self) -> list[Fall]:
        """Every two consecutive sizes of B @ a, the copy and A @ B per precision, device by device (every suite)."""
        found = []
        for workload in ("matvec", "copy", "matmul"):
            for device in self.devices:
                for dtype in DTYPES if workload == "matmul" else (None,):
                    params = {"dtype": dtype} if dtype else {}
                    # Each process's reading of each point: a fall is one that every process shows (must), or some
                    # pair of readings (can).
                    amount = AMOUNTS[workload]
                    rates = {s: rs for s, ts in self.timed(workload, device, **params).items()
                             if (rs := [r.rate(amount)[0] for t in ts if getattr(t.point, amount)
                                        for r in t.readings()])}
                    ordered = sorted(rates)
                    found += [Fall(workload, device, dtype, a, b, tuple(rates[a]), tuple(rates[b]))
                              for a, b in pairwise(ordered)]
        return found

    # -- naive timeit at the blog post's sizes
    def post(self, device: str) -> dict[int, list[tuple[Timed, Timed]]]:
        """The blog post's sizes (those of the original suite's naive points) timed both ways on ``device``:
        size -> (engine point, naive point of the original suite), every pair."""
        naive = self.timed("matvec", device, method="naive")
        engine = self.timed("matvec", device)
        found = {}
        for size, points in naive.items():
            pairs = [(e, n) for e in engine.get(size, []) for n in points if n.suite == "original"]
            if pairs:
                found[size] = pairs
        return found

    def post_verdicts(self, device: str) -> dict[int, set[str]]:
        return {s: {naive_verdict(e, n) for pe, pn in pairs for e in pe.readings() for n in pn.readings()}
                for s, pairs in self.post(device).items()}


_LAST: list = [None, None]


def oracle_of(results: ResultSet) -> Oracle:
    """The oracle of ``results``, built once for the set last asked about (a chapter at a time asks many times)."""
    if _LAST[0] is not results:
        _LAST[:] = [results, Oracle(results)]
    return _LAST[1]


# -- claims ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Failure:
    """A claim the raw points contradict (or cannot support): the message's key, its checker, its text."""

    key: str
    claim: str
    quote: str
    problems: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.key} [{self.claim}]: {'; '.join(self.problems)}\n    {self.quote!r}"


@dataclass
class Context:
    """What a checker reads beside its message: the oracle, and the whole recording (what a message refers to, a
    sentence before it or the list it closes, is another recorded message)."""

    oracle: Oracle
    said: Sequence[Said] = ()
    at: int = 0
    problems: list[str] = field(default_factory=list)
    #: The selfcheck's raw rows (mpsarticle.results.selfcheck.Row), where the chapter was rendered with them.
    selfcheck: Sequence[Any] = ()

    def fail(self, message: str) -> None:
        self.problems.append(message)

    @staticmethod
    def device(name: Any) -> str:
        return kind_of(name)

    def every(self, *keys: str) -> list[Said]:
        """Every recorded message of ``keys``, in order."""
        return [s for s in self.said if s.key in keys]

    def before(self, *keys: str) -> Said | None:
        """The last message of ``keys`` recorded before the one checked."""
        return next((s for s in reversed(self.said[:self.at]) if s.key in keys), None)

    # -- shared checks
    def factor(self, printed: Any, values: list[float], where: str) -> None:
        """A printed winner's factor against the candidate true ratios (winner over loser, every pair)."""
        value = shown(printed)
        if value.value == 1.0:
            self.fail(f"{where}: factor printed as {value} says nothing about which side is faster")
        if not values:
            self.fail(f"{where}: no measured pair to tie the factor {value} to")
            return
        if not any(value.matches(v) for v in values):
            self.fail(f"{where}: factor {value} but the engine medians give {_fmt(values)}")

    def quantity(self, printed: Any, values: Iterable[float], where: str) -> None:
        values, value = list(values), shown(printed)
        if not values:
            self.fail(f"{where}: no good engine point to tie {value} to")
            return
        if not any(value.matches(v) for v in values):
            self.fail(f"{where}: {value} quoted, the points give {_in_unit_of(value, values)}")

    def tied(self, printed: Any, values: Iterable[float], where: str) -> list[float]:
        """The true values ``printed`` can be a rounding of (a failure, and none, where there is none)."""
        values = list(values)
        found = [v for v in values if shown(printed).matches(v)]
        if not found:
            self.quantity(printed, values, where)
        return found

    def side(self, side: str, pairs: Pairs, at: int, where: str) -> None:
        """``other`` is ``side`` (faster/slower/same) at ``at``, for one of the pairs there."""
        found = pairs.directions(at)
        if not found:
            self.fail(f"{where}: {pairs.what} at {pairs.unit} {at:,} was not measured well on both")
        elif side not in found:
            self.fail(f"{where}: {pairs.what} at {pairs.unit} {at:,}: the {pairs.other_name} is "
                      f"{'/'.join(sorted(found))}, not {side} ({pairs.evidence(at)})")

    def winner_factor(self, side: str, pairs: Pairs, at: int, printed: Any, where: str) -> None:
        self.factor(printed, pairs.advantages(side, at), where)

    def up_to(self, printed: Any, per_size: Iterable[list[float]], where: str) -> None:
        """'Up to F': no size shows more, whichever of its pairs is taken."""
        least = [min(values) for values in per_size if values]
        if least and shown(printed).below(max(least)):
            self.fail(f"{where}: 'up to {shown(printed)}', but the advantage reaches {max(least):.4g}")


def _in_unit_of(printed: Printed, values: Iterable[float]) -> str:
    """Values written in the unit of a printed number (a share in percent), for a failure's message."""
    number, _, unit = printed.text.partition(" ")
    scale, suffix = (UNITS[unit], f" {unit}") if unit in UNITS else (0.01, "%") if number.endswith("%") else (1, "")
    return " or ".join(f"{v / scale:.4g}{suffix}" for v in values) or "nothing"


def _moved_match(printed: Any, moved: Iterable[float]) -> bool:
    """Some point moved the bytes printed (binary or decimal units, as the value prints them)."""
    return any(shown(printed).matches(b) for b in moved)


def _dtype(said: Said) -> str | None:
    return text_of(said.values["dtype"]) or None if "dtype" in said.values else None


def _pairs_of(c: Context, workload: str, dtype: str | None) -> Pairs:
    return c.oracle.compare(workload, **({"dtype": dtype} if workload == "matmul" else {}))


# -- checkers, one per claim -------------------------------------------------------------

def _nowhere(c: Context, side: str, said: str) -> None:
    """``said`` claims no size both devices measured has the accelerator ``side`` (best against best, at two
    sizes, is not a size both measured)."""
    o = c.oracle
    if not o.comparisons():
        c.fail("nothing was compared")
    against = []
    for what, at in o.where(side):
        if not isinstance(at, int):
            continue
        workload, _, dtype = what.partition(" ")
        pairs = o.compare(workload, **({"dtype": dtype} if dtype else {}))
        against.append(f"{what} {pairs.unit} {at:,} ({pairs.evidence(at)})")
    if against:
        c.fail(f"'{said}', but the accelerator is {side} at " + "; ".join(against))


def check_loses_nowhere(s: Said, c: Context) -> None:
    _nowhere(c, SLOWER, "the CPU beats it at none of the sizes both measured")


def check_loses_nowhere_leaning(s: Said, c: Context) -> None:
    """The CPU faster nowhere, though its median is the faster one in some comparisons too noisy to tell: their
    count lies between those where every pair's medians favour the CPU and every reading is too noisy to tell, and
    those where some pair's do and some reading is; the lead is one pair's CPU
    median over the accelerator's, and no comparison's medians show more; the chart's ratio printed is that lead
    turned round; and the interval printed holds both that ratio and 1."""
    _nowhere(c, SLOWER, "the CPU is not shown faster at any size both measured")
    v = s.values
    if not shown(v["span"]).matches(LEAD):
        c.fail(f"a lead 'over {shown(v['span'])}', but the leads named are those beyond {LEAD}")
    compared = _sizes_compared(c)
    if v["count"].n != len(compared):
        c.fail(f"{v['count'].n} comparisons, but {len(compared)} sizes were measured on both")
    must = [(p, at) for p, at in compared
            if p.speedups(at) and max(p.speedups(at)) < 1 / LEAD and p.must_be(UNCLEAR, at)]
    can = [(p, at) for p, at in compared if any(x < 1 for x in p.speedups(at)) and p.can_be(UNCLEAR, at)]
    if not len(must) <= v["leans"].n <= len(can):
        c.fail(f"the CPU's median ahead in {v['leans'].n} comparisons, but the medians put it there in {len(must)} "
               f"to {len(can)}")
    leads = [1 / x for p, at in can for x in p.speedups(at) if x < 1]
    c.factor(v["factor"], leads, "the CPU's median lead")
    c.up_to(v["factor"], [[1 / x for x in p.speedups(at)] for p, at in must], "the CPU's median lead")
    factor, ratio = shown(v["factor"]), shown(v["ratio"])
    # Both are roundings of one value: 0.316 prints as 0.32 and, turned round, as 3.2, though 1 / 3.2 is 0.31.
    lowest, highest = ratio.value - ratio.unit / 2, ratio.value + ratio.unit / 2
    if not (lowest * (1 - 1e-9) <= 1 / (factor.value - factor.unit / 2)
            and 1 / (factor.value + factor.unit / 2) <= highest * (1 + 1e-9)):
        c.fail(f"the chart's ratio {ratio} is not the CPU's lead {factor} turned round")
    low, high = shown(v["low"]).value, shown(v["high"]).value
    if not low <= ratio.value <= high or not low < 1 < high:
        c.fail(f"the interval {low:g} to {high:g} is said to reach 1 around {ratio}")


def check_beats_nowhere(s: Said, c: Context) -> None:
    _nowhere(c, FASTER, "beats the CPU at none of the sizes both measured")


#: What the rule with no side says of the sizes both devices measured, by its key: level within noise at every one,
#: too noisy to tell at every one, or each of the two at some.
NO_SIDE = {"answer.rule.level": {SAME}, "answer.rule.unclear": {UNCLEAR}, "answer.rule.level_noisy": {SAME, UNCLEAR}}


def check_level(s: Said, c: Context) -> None:
    """Neither side faster anywhere, and each size both measured read as the rule's form says (level or too noisy
    to tell, from the two points' published intervals); best against best, each at its own size, is not a size
    both measured: there the rates name no side."""
    wanted, seen = NO_SIDE[s.key], set()
    for what, at, found in c.oracle.comparisons(telling=True):
        if not isinstance(at, int):
            if SAME not in found:
                c.fail(f"{what} {at}: {'/'.join(sorted(found))}, not within noise")
            continue
        if not found & wanted:
            c.fail(f"{what} {at}: {'/'.join(sorted(found))}, not {' or '.join(sorted(wanted))}")
        seen |= found & wanted
    if len(wanted) > 1 and seen != wanted:
        c.fail(f"level at some sizes and too noisy to tell at the others, but the sizes read only "
               f"{'/'.join(sorted(seen)) or 'nothing'}")


def _every(c: Context, side: str, pairs: Pairs, chosen: list[int], where: str) -> None:
    """``side`` at every size of ``chosen``: one failure naming every size that contradicts."""
    if not chosen:
        c.fail(f"{where}: no size measured on both in that range (common: {pairs.common()})")
    against = [at for at in chosen if not pairs.can_be(side, at)]
    if against:
        c.fail(f"{where}: not {side} at {pairs.unit} " + ", ".join(
            f"{at:,} ({'/'.join(sorted(pairs.directions(at))) or 'not on both'}: {pairs.evidence(at)})"
            for at in against))


def _exhaustive(c: Context, side: str, pairs: Pairs, listed: Iterable[int], where: str) -> None:
    listed = set(listed)
    left = [at for at in pairs.common() if at not in listed and pairs.must_be(side, at)]
    if left:
        c.fail(f"{where}: also {side} at {pairs.unit} " + ", ".join(
            f"{at:,} ({pairs.evidence(at)})" for at in left) + ", which it leaves out")


def _common(c: Context, pairs: Pairs, listed: list[int], where: str) -> None:
    """``listed`` are exactly the sizes both measured."""
    if listed != pairs.common():
        c.fail(f"{where}: sizes {listed} said to be those measured on both, but they are {pairs.common()}")


def _factor_at(c: Context, side: str, pairs: Pairs, printed: Any, at: int, claimed: list[int], where: str) -> None:
    if at not in claimed:
        c.fail(f"{where}: the factor's size {at:,} is not one of the area's sizes {claimed}")
    c.side(side, pairs, at, where)
    c.winner_factor(side, pairs, at, printed, where)


def _area(a: Said, side: str, c: Context) -> None:
    """One area: its scope says which sizes it names (``all``, ``from``, ``below``, ``range``, one size or a list);
    what its form prints is what it claims."""
    v, printed = a.values, printed_fields(a)
    pairs, where = _pairs_of(c, choice(a, "workload"), _dtype(a)), render(a)
    common, scope = pairs.common(), choice(a, "scope")
    if scope == "all":
        claimed = common
        if "first" in printed and common and (v["first"].n, v["last"].n) != (common[0], common[-1]):
            c.fail(f"{where}: every size from {v['first'].n:,} to {v['last'].n:,}, but those measured on both run "
                   f"from {common[0]:,} to {common[-1]:,}")
    elif scope == "from":
        start = v["size"].n
        claimed = [s for s in common if s >= start]
        if start not in common:
            c.fail(f"{where}: {pairs.unit} {start:,} was not measured on both")
        elif start == common[-1]:
            c.fail(f"{where}: from {pairs.unit} {start:,} on, but that is the largest size measured on both")
    elif scope == "below":
        claimed = [s for s in common if s < v["size"].n]
    elif scope == "range":
        first, last = v["first"].n, v["last"].n
        claimed = [s for s in common if first <= s <= last]
        for end in (first, last):
            if end not in common:
                c.fail(f"{where}: {pairs.unit} {end:,} was not measured on both")
    else:
        claimed = sizes_of(v["sizes"]) if "sizes" in printed else [v["at"].n]
        for at in claimed:
            if at not in common:
                c.fail(f"{where}: {pairs.unit} {at:,} was not measured on both")
    # Whatever its scope, an area names every size at which its side wins: "from m = 2,048 on" where the GPU
    # already wins at 1,024 leaves that size out.
    _exhaustive(c, side, pairs, claimed, where)
    _every(c, side, pairs, claimed, where)
    if "factor" in printed:
        _factor_at(c, side, pairs, v["factor"], v["at"].n, claimed, where)
        if scope in ("range", "sizes"):
            c.up_to(v["factor"], [pairs.advantages(side, s) for s in claimed], where)


def _sizes_compared(c: Context) -> list[tuple[Pairs, int]]:
    """Every size-by-size comparison (the chart's dots): each kind's pairs, level told apart from too noisy to
    tell, and the size; best rate against best rate is not one."""
    o = c.oracle
    found = []
    for pairs in [o.compare("matvec"), o.compare("train_step")] + [o.compare("matmul", dtype=d) for d in DTYPES]:
        found += [(pairs.telling_noise(), size) for size in pairs.common()]
    return found


def _counted(s: Said, side: str, name: str, c: Context) -> None:
    """"``side`` in N of the M comparisons, by up to F": M is every size-by-size comparison; N lies between those
    every reading puts on ``side`` and those some reading does; F is the advantage at one of those, and none
    shows more whichever of its pairs is taken."""
    v, printed = s.values, printed_fields(s)
    compared = _sizes_compared(c)
    if v["count"].n != len(compared):
        c.fail(f"{v['count'].n} comparisons, but {len(compared)} sizes were measured on both")
    said = v[name].n if name in printed else v["count"].n
    must = [(p, at) for p, at in compared if p.must_be(side, at)]
    can = [(p, at) for p, at in compared if p.can_be(side, at)]
    if not len(must) <= said <= len(can):
        c.fail(f"{side} in {said} comparisons, but the readings put it there in {len(must)} to {len(can)}: "
               + "; ".join(f"{p.what} {p.unit} {at:,} ({'/'.join(sorted(p.directions(at)))})" for p, at in can))
    where = f"{side} by up to {shown(v['factor'])}"
    c.factor(v["factor"], [f for p, at in can for f in p.advantages(side, at)], where)
    c.up_to(v["factor"], [p.advantages(side, at) for p, at in must], where)


def check_wins(s: Said, c: Context) -> None:
    _counted(s, FASTER, "wins", c)


def check_losses(s: Said, c: Context) -> None:
    _counted(s, SLOWER, "losses", c)


def _somewhere(c: Context, side: str, said: str) -> None:
    """Some size both devices measured can read ``side``."""
    if not any(p.can_be(side, at) for p, at in _sizes_compared(c)):
        c.fail(f"'{said}', but the accelerator is {side} at no size both measured")


def _small_work(s: Said, c: Context) -> None:
    """"Use the accelerator for all but small work; below the sizes of the table neither is shown faster", and, with
    a size, "for B @ a up to m = N the CPU's times were the lower, though too scattered to call": each kind compared
    is faster on the accelerator, whichever readings are taken, from some size through its largest; below that size
    no reading shows either side faster; some size is below; and every B @ a size up to N lies below B @ a's first
    win, too noisy to tell, with every pair's CPU median the lower."""
    below, first = 0, {}
    for pairs, at in _sizes_compared(c):
        won = [size for size in pairs.common() if pairs.must_be(FASTER, size)]
        if not won:
            c.fail(f"'use the accelerator for all but small work', but it is shown faster nowhere in {pairs.what}")
            return
        first[pairs.what] = won[0]
        if at >= won[0] and not pairs.must_be(FASTER, at):
            c.fail(f"'faster from the sizes in the table', but {pairs.what} at {pairs.unit} {at:,} is not shown "
                   f"faster ({pairs.evidence(at)})")
        if at < won[0]:
            below += 1
            if pairs.directions(at) - {SAME, UNCLEAR}:
                c.fail(f"'below those sizes neither was shown faster', but {pairs.what} at {pairs.unit} {at:,} "
                       f"reads {sorted(pairs.directions(at))} ({pairs.evidence(at)})")
    if not below:
        c.fail("'below those sizes', but no size compared lies below them")
    if choice(s, "lower") != "cpu":
        return
    limit = s.values["size"].n
    pairs = c.oracle.compare("matvec").telling_noise()
    start = first.get(pairs.what)
    if start is None or limit >= start:
        c.fail(f"'the CPU lower for B @ a up to m = {limit:,}', but B @ a's first win is at {start}")
        return
    sizes = [at for at in pairs.common() if at <= limit]
    if not sizes:
        c.fail(f"'the CPU lower for B @ a up to m = {limit:,}', but no B @ a size that small was compared")
    for at in sizes:
        if not pairs.must_be(UNCLEAR, at) or not all(x < 1 for x in pairs.speedups(at)):
            c.fail(f"'the CPU's B @ a times lower but too scattered to call' at m = {at:,}, but they are not "
                   f"({pairs.evidence(at)})")


def check_rule_table(s: Said, c: Context) -> None:
    """The rule that points at the table: each side it names wins somewhere, and a side it says never wins wins at
    no size both measured."""
    sides = choice(s, "sides")
    if sides in ("both", "use"):
        _somewhere(c, FASTER, "use the accelerator at some sizes")
    if sides in ("both", "keep"):
        _somewhere(c, SLOWER, "stay on the CPU at some sizes")
    if sides in ("use", "small"):
        _nowhere(c, SLOWER, "the CPU beat it at none of the sizes both measured")
    if sides == "small":
        _small_work(s, c)
    if sides == "keep":
        _nowhere(c, FASTER, "did not beat it at any size both measured")


#: The cells of a row of the table of where each side wins, and the side each says the accelerator is.
WHERE_CELLS = {"faster": FASTER, "slower": SLOWER}


def check_where_row(s: Said, c: Context) -> None:
    """A row of the table of where each side wins: each cell is an area of its row's work (its sizes, its factor,
    as :func:`_area` reads one), and a cell left empty says that side wins at no size both measured."""
    workload, dtype = choice(s, "workload"), _dtype(s)
    pairs = _pairs_of(c, workload, dtype)
    where = f"the row of {pairs.what}"
    if not pairs.common():
        c.fail(f"{where}: no size was measured on both")
    for name, side in WHERE_CELLS.items():
        cell = s.values.get(name)
        if cell is None:
            won = [at for at in pairs.common() if pairs.must_be(side, at)]
            if won:
                c.fail(f"{where}: its {name} cell is empty, but the accelerator is {side} at {pairs.unit} "
                       + ", ".join(f"{at:,} ({pairs.evidence(at)})" for at in won))
            continue
        area = parts(cell)[0]
        if (choice(area, "workload"), _dtype(area)) != (workload, dtype):
            c.fail(f"{where}: its {name} cell is of {choice(area, 'workload')} {_dtype(area) or ''}")
        _area(area, side, c)


def _status_of(point: Point) -> str:
    return "failed_check" if point.status == "ok" and point.check == "failed" else point.status


def _missing(c: Context, device: str, dtype: str, status: str, where: str) -> None:
    tried = [p for p in c.oracle.results.select(workload="matmul", device=device) if p.params.get("dtype") == dtype]
    if any(good(p) for p in tried):
        c.fail(f"{where}: {dtype} on the {device}, but a point of it is good")
    if not any(_status_of(p) == status for p in tried):
        c.fail(f"{where}: {dtype} on the {device}, but no point of it is {status} "
               f"({sorted({_status_of(p) for p in tried}) or 'none tried'})")


def check_not_compared(s: Said, c: Context) -> None:
    status = choice(s, "status")
    for dtype in values_of(s.values["dtypes"]):
        _missing(c, c.device(s.values["device"]), text_of(dtype), status, f"{text_of(dtype)} not compared")


def check_always(s: Said, c: Context) -> None:
    v = s.values
    pairs = c.oracle.compare("matvec")
    common = pairs.common()
    _every(c, FASTER, pairs, common, "at every size measured on both")
    if common and (v["first"].n, v["largest"].n) != (common[0], common[-1]):
        c.fail(f"the sizes quoted, m = {v['first'].n:,} and {v['largest'].n:,}, are not the smallest and largest of "
               f"{common}")
    for f, at in ((v["first_factor"], v["first"].n), (v["factor"], v["largest"].n)):
        c.side(FASTER, pairs, at, f"{shown(f)} faster at m = {at:,}")
        c.winner_factor(FASTER, pairs, at, f, f"{shown(f)} faster at m = {at:,}")


#: What "below the crossover" says of the accelerator, by the form's choice, level told apart from too noisy to tell;
#: a form ending in ``.noisy`` says it of every size below but those it lists as too noisy to tell.
BELOW = {"slower": {SLOWER}, "same": {SAME}, "not_faster": {SLOWER, SAME}, "unclear": {UNCLEAR}}


def check_crossover_leaning(s: Said, c: Context) -> None:
    """The sizes (below the crossover said just before, if any) at which the CPU's median is the faster one though
    the CPU is not shown faster: each listed size has a pair whose medians favour the CPU and is not a CPU win
    whichever pair is taken; every size where all pairs favour the CPU and none reads slower is listed; the lead
    is one pair's, none shows more; the interval printed holds 1."""
    v, pairs = s.values, c.oracle.compare("matvec").telling_noise()
    crossing = c.before("crossover.from", "crossover.always", "crossover.never", "crossover.mixed")
    start = crossing.values["size"].n if crossing is not None and crossing.key == "crossover.from" else None
    under = [x for x in pairs.common() if start is None or x < start]
    listed = sizes_of(v["sizes"])
    for size in listed:
        if size not in under or not any(x < 1 for x in pairs.speedups(size)) or not pairs.can_be(UNCLEAR, size):
            c.fail(f"m = {size:,}: said the CPU's median ahead though too noisy to tell ({pairs.evidence(size)})")
    for size in under:
        ahead = pairs.speedups(size)
        if size not in listed and ahead and max(ahead) < 1 / LEAD and pairs.must_be(UNCLEAR, size):
            c.fail(f"m = {size:,}: the CPU's median ahead within noise, but not listed ({pairs.evidence(size)})")
    leads = [1 / x for size in listed for x in pairs.speedups(size) if x < 1]
    c.factor(v["factor"], leads, "the CPU's median lead")
    c.up_to(v["factor"], [[1 / x for x in pairs.speedups(size)] for size in listed
                          if pairs.speedups(size) and max(pairs.speedups(size)) < 1], "the CPU's median lead")
    low, high = shown(v["low"]).value, shown(v["high"]).value
    if not low < 1 < high:
        c.fail(f"the interval {low:g} to {high:g} is said to reach 1")


def check_from(s: Said, c: Context) -> None:
    v = s.values
    pairs, start, at = c.oracle.compare("matvec"), v["size"].n, v["largest"].n
    common = pairs.common()
    if start not in common:
        c.fail(f"m = {start:,} was not measured on both (common sizes: {common})")
    _every(c, FASTER, pairs, [s_ for s_ in common if s_ >= start], f"wins from m = {start:,} on")
    c.side(FASTER, pairs, at, f"{shown(v['factor'])} faster at m = {at:,}")
    c.winner_factor(FASTER, pairs, at, v["factor"], f"{shown(v['factor'])} faster at m = {at:,}")
    under = [s_ for s_ in common if s_ < start]
    if not under:
        c.fail(f"'Below m = {start:,}': no size below it was measured on both")
        return
    if pairs.must_be(FASTER, under[-1]):
        c.fail(f"the accelerator also wins at m = {under[-1]:,}, just below the crossover "
               f"({pairs.evidence(under[-1])})")
    below, _, noisy = choice(s, "below").partition(".")
    told = pairs.telling_noise()  # two times set side by side: level, or too noisy to tell
    if below == "noisy":  # too noisy to tell below, except at the sizes listed, which read as the form's rest
        _check_mostly_noisy(c, told, start, under, noisy, sizes_of(s.values["told"]))
        return
    if below not in BELOW:  # wins below the crossover only at the sizes listed, and at each of them
        wins = sizes_of(s.values["wins"])
        if not wins:
            c.fail(f"'Below m = {start:,}' it wins only at some sizes, but it lists none")
        _listed_below(c, pairs, FASTER, wins, start, under, "a win", "it wins")
        # The CPU's wins below are listed, each one a CPU win, and none is left out.
        losses = sizes_of(s.values["losses"]) if noisy == "slower" else []
        if noisy == "slower" and not losses:
            c.fail(f"'Below m = {start:,}' the CPU is faster at some sizes, but it lists none")
        _listed_below(c, pairs, SLOWER, losses, start, under, "a CPU win", "the CPU is faster")
        return
    listed = sizes_of(s.values["noisy"]) if noisy else []
    if noisy and not listed:
        c.fail(f"'Below m = {start:,}' {below}, except at sizes too noisy to tell, but it lists none")
    for size in listed:
        if size not in under:
            c.fail(f"m = {size:,}, said too noisy to tell below the crossover, is not a size below m = {start:,} "
                   f"measured on both")
        elif not told.can_be(UNCLEAR, size):
            c.fail(f"m = {size:,} said too noisy to tell which is faster, but the accelerator is "
                   f"{'/'.join(sorted(told.directions(size)))} ({told.evidence(size)})")
    for size in under:
        found = told.directions(size)
        if size not in listed and not found & BELOW[below]:
            c.fail(f"'Below m = {start:,}' {below}, but at m = {size:,} the accelerator is "
                   f"{'/'.join(sorted(found))} ({told.evidence(size)})")


def _listed_below(c: Context, pairs: Pairs, side: str, listed: list[int], start: int, under: list[int], what: str,
                  who: str) -> None:
    """Below the crossover, the sizes a sentence lists for ``side`` (the accelerator's wins, or the CPU's): each
    one can read so, and no size that must read so is left out."""
    for size in listed:
        if size not in under or not pairs.can_be(side, size):
            c.fail(f"m = {size:,}, said {what} below m = {start:,}, is not one "
                   f"({pairs.evidence(size) if size in under else 'not a size below it measured on both'})")
    for size in under:
        if size not in listed and pairs.must_be(side, size):
            c.fail(f"'Below m = {start:,}' {who} only at {listed or 'no size'}, but {who} also at m = {size:,} "
                   f"({pairs.evidence(size)})")


def _check_mostly_noisy(c: Context, told: Pairs, start: int, under: list[int], kind: str, listed: list[int]) -> None:
    """'Below the crossover mostly too noisy to tell; at ``listed`` (the fewer sizes) ``kind``': every size
    listed reads as ``kind``, every other size below reads too noisy to tell, and the noisy ones are the more."""
    if kind not in BELOW or not listed:
        c.fail(f"'Below m = {start:,}' mostly too noisy to tell, with '{kind}' at {listed or 'no size'}")
        return
    for size in under:
        found = told.directions(size)
        if size in listed and not found & BELOW[kind]:
            c.fail(f"m = {size:,} said {kind} below the crossover, but the accelerator is "
                   f"{'/'.join(sorted(found))} ({told.evidence(size)})")
        if size not in listed and UNCLEAR not in found:
            c.fail(f"'Below m = {start:,}' mostly too noisy to tell, but at m = {size:,} the accelerator is "
                   f"{'/'.join(sorted(found))} ({told.evidence(size)})")
    for size in listed:
        if size not in under:
            c.fail(f"m = {size:,}, said {kind} below the crossover, is not a size below m = {start:,} measured on both")
    if 2 * len(set(listed) & set(under)) >= len(under):
        c.fail(f"'mostly too noisy to tell' below m = {start:,}, but {len(listed)} of its {len(under)} sizes are not")


def check_never(s: Said, c: Context) -> None:
    v = s.values
    pairs, at = c.oracle.compare("matvec"), v["largest"].n
    for size in pairs.common():
        if pairs.must_be(FASTER, size):
            c.fail(f"'beats the CPU at none of the sizes measured', but it is faster at m = {size:,} "
                   f"({pairs.evidence(size)})")
    if pairs.common() and at != pairs.common()[-1]:
        c.fail(f"m = {at:,} quoted, but the largest size measured on both is {pairs.common()[-1]:,}")
    if choice(s, "direction") == "slower":
        c.side(SLOWER, pairs, at, f"{shown(v['factor'])} as long at m = {at:,}")
        c.winner_factor(SLOWER, pairs, at, v["factor"], f"{shown(v['factor'])} as long at m = {at:,}")
    else:
        _no_side_at_largest(s, c, pairs, at)
        _pair_times(c, "matvec", at, v["acc"], v["cpu"])


def _no_side_at_largest(s: Said, c: Context, pairs: Pairs, at: int) -> None:
    """The two set side by side at the largest size: "about as fast" (level, narrow published intervals), or
    too noisy to tell which is faster (the form ``unclear``)."""
    form = choice(s, "direction")
    if form == "unclear":
        c.side(UNCLEAR, pairs.telling_noise(), at, f"'{form}' at m = {at:,}")
    else:
        c.side(SAME, pairs.telling_noise(), at, f"about as fast at m = {at:,}")


def check_mixed(s: Said, c: Context) -> None:
    v, printed = s.values, printed_fields(s)
    pairs, best = c.oracle.compare("matvec"), v["best"].n
    listed = sizes_of(v["wins"]) if "wins" in printed else [best]
    for at in listed:
        c.side(FASTER, pairs, at, f"beats the CPU at m = {at:,}")
    _exhaustive(c, FASTER, pairs, listed, "the list of wins")
    c.winner_factor(FASTER, pairs, best, v["factor"], f"{shown(v['factor'])} faster at m = {best:,}")
    c.up_to(v["factor"], [pairs.advantages(FASTER, size) for size in listed], "the list of wins")
    largest, common = v["largest"].n, pairs.common()
    if not common or largest != common[-1]:
        c.fail(f"'the largest size measured' is m = {largest:,}, but the largest common size is "
               f"{common[-1] if common else None}")
    if choice(s, "direction") == "slower":
        c.side(SLOWER, pairs, largest, f"{shown(v['slow_factor'])} as long at m = {largest:,}")
        c.winner_factor(SLOWER, pairs, largest, v["slow_factor"], f"{shown(v['slow_factor'])} as long at "
                                                                   f"m = {largest:,}")
    else:
        _no_side_at_largest(s, c, pairs, largest)


def check_no_pairs(s: Said, c: Context) -> None:
    common = c.oracle.compare("matvec").common()
    if common:
        c.fail(f"'no matrix size was measured well on both', but m = {common} were")


def check_crossover_mark(s: Said, c: Context) -> None:
    """'The chart marks the crossover, where there is one': a chart with an accelerator to compare."""
    if c.oracle.accelerator is None:
        c.fail("the speed-up chart's crossover described on a build with no accelerator")


def check_speedup_caption(s: Said, c: Context) -> None:
    """The speed-up chart's caption: what its line at 1 means only where some device beside the CPU has a good point
    (the chart draws its speed-ups), 'no accelerator measured' only where none has (the chart is an empty frame)."""
    others = sorted({t.point.device for t in c.oracle.good if t.point.device != "cpu"})
    drawn = choice(s, "drawn")
    if drawn == "compared" and not others:
        c.fail("the speed-up chart's caption explains the accelerator's speed-ups, but no accelerator has a point")
    elif drawn == "none" and others:
        c.fail(f"the speed-up chart's caption says no accelerator was measured, but {others} have points")


def check_original_alike(s: Said, c: Context) -> None:
    """'With only a CPU … this chart looks like the one above': no accelerator, and at no size of the blog post's
    timed both ways is naive timeit too short, or too long, by every reading (as post.cpu)."""
    if c.device(s.values["device"]) != "cpu" or c.oracle.accelerator is not None:
        c.fail(f"the two charts called alike on a build with the {c.oracle.accelerator}")
    apart = [size for size, seen in _post(c, "cpu").items() if seen in ({TOO_SMALL}, {TOO_LARGE})]
    if apart:
        c.fail(f"'this chart looks like the one above', but naive timeit is off at m = {apart}")


def check_crossover_cpu_only(s: Said, c: Context) -> None:
    """'This build measured no accelerator': no point of one (MLX's devices stand beside their PyTorch ones, not as
    an accelerator); the Macs' span that follows is the model's over the chips whose bandwidth Apple states, read as
    the opening page's is (tests/oracle_model.py)."""
    if c.oracle.accelerator is not None:
        c.fail(f"'no accelerator measured', but the {c.oracle.accelerator} has points")
    if choice(s, "model") != "span":
        return
    v = s.values
    oracle_model._chips_of_sheet(c, v["low_chip"], v["high_chip"])
    oracle_model._exact(c, lambda p: oracle_model._extremes(p, "crossover", "B @ a's crossover",
                                                            (v["low"], v["low_chip"]), (v["high"], v["high_chip"]),
                                                            stated=True))


def _pair_times(c: Context, workload: str, at: int, acc: Any, cpu: Any, where: str = "") -> None:
    """The two times quoted are the ENGINE medians of some point at ``at`` (never naive timeit's)."""
    o = c.oracle
    where = where or f"{_unit(workload)} {at:,}"
    c.quantity(cpu, [t.median for t in o.timed(workload, "cpu").get(at, [])], f"{where}, CPU time (engine)")
    if o.accelerator is None:
        c.fail(f"{where}: no accelerator to quote {shown(acc)} for")
        return
    c.quantity(acc, [t.median for t in o.timed(workload, o.accelerator).get(at, [])],
               f"{where}, accelerator time (engine)")


def check_small(s: Said, c: Context) -> None:
    v = s.values
    pairs, at = c.oracle.compare("matvec"), v["size"].n
    common = pairs.common()
    if not common or at != common[0]:
        c.fail(f"'the smallest matrix-vector product measured' is m = {at:,}, but the smallest measured on both "
               f"is m = {common[0] if common else 0:,}")
    side = SIDE_FORMS[choice(s, "direction")]
    if side in (SAME, UNCLEAR):  # two times set side by side: level or too noisy
        found = pairs.telling_noise().directions(at)
        if side not in found:
            c.fail(f"m = {at:,}: said {side}, but the readings are {'/'.join(sorted(found))} ({pairs.evidence(at)})")
    else:
        c.side(side, pairs, at, f"m = {at:,}")
    _pair_times(c, "matvec", at, v["acc"], v["cpu"])
    if "noisy" in v:
        # The device whose fresh processes lay furthest apart at this size, and its slowest process median over its
        # fastest (any good engine point of the size, on either device).
        spreads: dict[str, list[float]] = {}
        for point in c.oracle.results.points:
            groups = [g for g in point.processes if g]
            if (point.workload == "matvec" and point.method == "engine" and good(point) and len(groups) >= 2
                    and int(point.params.get("m", -1)) == at):
                medians = [median(g) for g in groups]
                spreads.setdefault(point.device, []).append(max(medians) / min(medians))
        noisy = c.device(v["noisy"])
        if noisy not in spreads:
            c.fail(f"m = {at:,}: the {noisy}'s processes said to lie furthest apart, but it has no point in several")
        else:
            c.factor(v["factor"], spreads[noisy], f"m = {at:,}: the {noisy}'s slowest process over its fastest")
            others = [x for device, found in spreads.items() if device != noisy for x in found]
            if others and max(others) > max(spreads[noisy]) * 1.01:
                c.fail(f"m = {at:,}: the {noisy}'s processes said to lie furthest apart, but another device's "
                       f"spread {_fmt(others)}")
    if "lead" in printed_fields(s):
        # The leading median: the side named has the lower time, by the factor printed; its interval holds 1.
        speedups = pairs.speedups(at)
        leads = [x if choice(s, "median") == "acc" else 1 / x for x in speedups]
        if not any(lead >= 1 for lead in leads):
            c.fail(f"m = {at:,}: the {choice(s, 'median')} median said the faster, but the medians give {_fmt(leads)}")
        c.factor(v["lead"], leads, f"m = {at:,}: the faster median")
    if "low" in printed_fields(s):
        low, high = shown(v["low"]).value, shown(v["high"]).value
        if not low < 1 < high:
            c.fail(f"m = {at:,}: the interval {low:g} to {high:g} is said to reach 1")
        if not any(low <= x <= high for x in pairs.speedups(at)):
            c.fail(f"m = {at:,}: no speed-up of the medians, {_fmt(pairs.speedups(at))}, lies in {low:g} to {high:g}")


def check_small_others(s: Said, c: Context) -> None:
    """One addition of a chain of small ones on the device the smallest B @ a is told of (the accelerator where one
    was compared, else the CPU)."""
    device = c.device(s.values["device"])
    if device not in ("cpu", c.oracle.accelerator):
        c.fail(f"an addition on the {device}, which is neither the CPU nor the accelerator")
    c.quantity(s.values["op"], _op_values(c, device), f"one operation on the {device}")
    if "matvec" not in s.values:
        return
    # Set against the smallest B @ a the paragraph told of, on the same device: its time, and which is shorter.
    small = c.before("reason.small", "reason.small.cpu")
    if small is None:
        c.fail("an addition set against the smallest B @ a, but no smallest B @ a was told of")
        return
    at = small.values["size"].n
    matvec = [t.median for t in c.oracle.timed("matvec", device).get(at, [])]
    c.quantity(s.values["matvec"], matvec, f"B @ a on the {device} at m = {at:,}")
    ops = _op_values(c, device)
    said = choice(s, "against")
    if matvec and ops:
        shorter = statistics.median(ops) < statistics.median(matvec)
        if said in ("shorter", "longer") and (said == "shorter") != shorter:
            c.fail(f"an addition {said} than the smallest B @ a on the {device}, but its median is "
                   f"{statistics.median(ops):.3g} s against {statistics.median(matvec):.3g} s")
    # Shorter or longer only where the two 95 % intervals do not meet; the form comparing nothing only where they do.
    pairs = [(op, (t.low, t.high)) for op in _op_intervals(c, device)
             for t in c.oracle.timed("matvec", device).get(at, [])]
    if pairs and said != "none":
        held = {"shorter": any(op[1] < mv[0] for op, mv in pairs), "longer": any(op[0] > mv[1] for op, mv in pairs),
                "near": any(op[0] <= mv[1] and mv[0] <= op[1] for op, mv in pairs)}
        held["same"] = held["near"]
        if not held.get(said, True):
            c.fail(f"an addition said {said} than the smallest B @ a on the {device}, but the intervals "
                   f"{[op for op, _ in pairs]} and {[mv for _, mv in pairs]} do not show it")
    if said == "same":
        _about_same(c, device, at, matvec, ops)


#: "A call costs about the same whatever it does": an addition's median and the smallest B @ a's within this factor.
ABOUT = 1.25


def _about_same(c: Context, device: str, at: int, matvec: list[float], ops: list[float]) -> None:
    """An addition and the smallest B @ a said to take about the same: some pair of their 95 % intervals meets, and
    their medians lie within :data:`ABOUT` of each other."""
    if not matvec or not ops:
        c.fail(f"an addition and B @ a at m = {at:,} said alike on the {device}, but one of them was not measured")
        return
    one, other = statistics.median(ops), statistics.median(matvec)
    if max(one, other) > ABOUT * min(one, other):
        c.fail(f"an addition ({one:.3g} s) and B @ a at m = {at:,} ({other:.3g} s) said about the same on the "
               f"{device}, but they are {max(one, other) / min(one, other):.2f}× apart")
    pairs = [(op, (t.low, t.high)) for op in _op_intervals(c, device)
             for t in c.oracle.timed("matvec", device).get(at, [])]
    if not any(op[0] <= mv[1] and mv[0] <= op[1] for op, mv in pairs):
        c.fail(f"an addition and B @ a at m = {at:,} said about the same on the {device}, but their intervals "
               f"do not meet")


def check_small_cpu(s: Said, c: Context) -> None:
    at = s.values["size"].n
    measured = list(c.oracle.timed("matvec", "cpu"))
    if not measured or at != measured[0]:
        c.fail(f"'the smallest matrix-vector product measured' is m = {at:,}, but the CPU measured m = "
               f"{measured[0] if measured else 0:,}")
    matvec = [t.median for t in c.oracle.timed("matvec", "cpu").get(at, [])]
    c.quantity(s.values["cpu"], matvec, f"CPU at m = {at:,} (engine)")
    if "against" in s.values and choice(s, "against") == "same":
        ops = _op_values(c, "cpu")
        c.quantity(s.values["op"], ops, "one operation on the CPU")
        _about_same(c, "cpu", at, matvec, ops)


def check_streaming(s: Said, c: Context) -> None:
    v = s.values
    device, large = c.device(v["device"]), v["large"].n
    rates = c.tied(v["rate"], c.oracle.rates("matvec", device, "bytes_moved").get(large, []),
                   f"B @ a on the {device} at m = {large:,}")
    small = c.before("reason.small")
    if small is None:
        c.fail("no smallest size to stream")
        return
    at = small.values["size"].n
    moved = {t.point.bytes_moved for t in c.oracle.timed("matvec", device).get(at, [])}
    c.quantity(v["stream"], [b / r for b in moved for r in rates], f"m = {at:,}'s bytes at {shown(v['rate'])}")
    c.quantity(v["acc"], [t.median for t in c.oracle.timed("matvec", device).get(at, [])],
               f"the {device}'s time at m = {at:,} (engine)")
    if not shown(v["stream"]).value < shown(v["acc"]).value:
        c.fail(f"streaming {shown(v['stream'])} is not less than the call's {shown(v['acc'])}")


def _basis(c: Context, device: str, at: int, basis: str, where: str, matrix: Any = None, cache_said: Any = None
           ) -> None:
    """How far the rate at ``at`` is from memory: beyond the cache, the largest (cache unknown), or fits."""
    o = c.oracle
    cache = o.cache.get(device)
    cache = cache if isinstance(cache, int) and cache > 0 else None
    moved = [t.point.bytes_moved for t in o.timed("matvec", device).get(at, [])]
    measured = list(o.timed("matvec", device))
    if matrix is not None and not _moved_match(matrix, moved):
        c.fail(f"{where}: a matrix of {shown(matrix)}, but m = {at:,} moved {_fmt(moved)} bytes")
    if basis == "beyond_cache":
        if cache is None or not moved or min(moved) <= cache:
            c.fail(f"{where}: 'larger than its caches' at m = {at:,}, but the cache is {cache} bytes and the matrix "
                   f"{_fmt(moved)}")
        elif any(all(t.point.bytes_moved >= 2 * cache for t in ts) for ts in o.timed("matvec", device).values()) \
                and min(moved) < 2 * cache:
            c.fail(f"{where}: the rate from memory at m = {at:,}, whose matrix is under twice the cache, where a "
                   f"larger one was measured")
        return
    if not measured or at != measured[-1]:
        c.fail(f"{where}: 'its largest matrix (m = {at:,})', but it measured m = {measured[-1] if measured else 0:,}")
    if basis == "largest" and cache is not None:
        c.fail(f"{where}: 'its cache size is not known', but the environment says {cache} bytes")
    if basis == "fits_cache":
        if cache is None or (cache_said is not None and not shown(cache_said).matches(cache)):
            c.fail(f"{where}: a cache of {cache_said and shown(cache_said)}, but the environment says {cache}")
        elif not moved or max(moved) > cache:
            c.fail(f"{where}: 'fits in its {cache_said and shown(cache_said)} of cache', but the matrix is "
                   f"{_fmt(moved)} bytes")


def check_memory_row(s: Said, c: Context) -> None:
    """A row of the closing chapter's table of memory: the device's ``B @ a`` rate at the size shown, tied to its
    points there, and how far it is memory's (beyond its cache, its largest matrix, or fitting its cache); its
    largest good copy, rate and bytes as printed, and whether it fits the cache the environment records."""
    v, device = s.values, c.device(s.values["device"])
    if "read" in v:
        reading = parts(v["read"])[0]
        rv, printed = reading.values, printed_fields(reading)
        at = rv["size"].n
        where = f"B @ a on the {device} at m = {at:,}"
        points = [t for t in c.oracle.timed("matvec", device).get(at, []) if t.point.bytes_moved]
        c.tied(rv["rate"], [t.rate("bytes_moved")[0] for t in points], where)
        _basis(c, device, at, choice(reading, "basis"), where, rv["matrix"] if "matrix" in printed else None,
               rv["cache"] if "cache" in printed else None)
    if "copy" in v:
        copy = parts(v["copy"])[0]
        cv = copy.values
        copies = c.oracle.timed("copy", device)
        largest = copies[max(copies)] if copies else []
        c.tied(cv["rate"], [t.rate("bytes_moved")[0] for t in largest], f"the largest copy on the {device}")
        moved = [t.point.bytes_moved for t in largest]
        if not _moved_match(cv["moved"], moved):
            c.fail(f"the largest copy on the {device} moved {_fmt(moved)} bytes, not {shown(cv['moved'])}")
        cache = c.oracle.cache.get(device)
        fits = bool(moved) and isinstance(cache, int) and cache > 0 and max(moved) <= cache
        if choice(copy, "fits") == "cache":
            if not fits or not isinstance(cache, int) or not shown(cv["cache"]).matches(cache):
                c.fail(f"the {device}'s largest copy ({_fmt(moved)} bytes) said to fit its {shown(cv['cache'])} "
                       f"of cache, but the environment says {cache}")
        elif fits:
            c.fail(f"the {device}'s largest copy ({_fmt(moved)} bytes) fits its {cache} bytes of cache, unsaid")


def _memory_rows(c: Context) -> dict[str, Said]:
    """The table of memory's rows, by device (the conclusions read their rates there)."""
    return {c.device(row.values["device"]): row for row in c.every("table.memory")}


def _row_points(c: Context, row: Said | None, name: str, workload: str) -> list[Timed]:
    """The points a row's cell (``read``: B @ a, ``copy``: the largest copy) quotes: its printed rate's."""
    if row is None or name not in row.values:
        return []
    device, cell = c.device(row.values["device"]), parts(row.values[name])[0].values
    found = c.oracle.timed(workload, device)
    at = cell["size"].n if name == "read" else max(found, default=None)
    return [t for t in found.get(at, []) if shown(cell["rate"]).matches(t.rate("bytes_moved")[0])]


def check_copy(s: Said, c: Context) -> None:
    """Copy against copy: the accelerator's largest good copy against the CPU's, as the table of memory quotes them,
    read from every pair of readings."""
    o, rows = c.oracle, _memory_rows(c)
    acc, cpu = (_row_points(c, rows.get(d), "copy", "copy") for d in (o.accelerator, "cpu"))
    if not acc or not cpu:
        c.fail(f"copy against copy, but the table of memory quotes no copy of the {o.accelerator} and the CPU "
               f"that their points give")
        return
    directions = {rate_level_reading(a, p, "bytes_moved") for pa in acc for pp in cpu for a in pa.readings()
                  for p in pp.readings()}
    said = SIDE_FORMS[choice(s, "direction")]
    if directions and said not in directions:
        c.fail(f"copy against copy: the accelerator's is {'/'.join(sorted(directions))}, not {said}")
    if "factor" in printed_fields(s) and said in (FASTER, SLOWER):
        ratios = [a.rate("bytes_moved")[0] / p.rate("bytes_moved")[0] for a in acc for p in cpu]
        c.factor(s.values["factor"], [r if said == FASTER else 1 / r for r in ratios], "copy against copy")


def check_reading(s: Said, c: Context) -> None:
    """From memory, the accelerator's B @ a against the CPU's, at the rates the table of memory quotes: compared
    only where both are beyond their caches, and then as every pair of readings allows."""
    o, rows = c.oracle, _memory_rows(c)
    if {o.accelerator, "cpu"} - {d for d, row in rows.items() if "read" in row.values}:
        c.fail(f"B @ a compared, but the table of memory reads {sorted(rows)}, not the CPU and the {o.accelerator}")
        return
    bases = {choice(parts(rows[d].values["read"])[0], "basis") for d in (o.accelerator, "cpu")}
    if choice(s, "direction") == "unmatched":  # the rates given, not compared: one of them is not shown from memory
        if bases == {"beyond_cache"}:
            c.fail("both rates are from memory, yet they are not compared")
        return
    if bases != {"beyond_cache"}:
        c.fail(f"B @ a compared 'from memory', but the table reads the rates as {sorted(bases)}")
    acc, cpu = (_row_points(c, rows[d], "read", "matvec") for d in (o.accelerator, "cpu"))
    directions = {rate_level_reading(a, p, "bytes_moved") for pa in acc for pp in cpu for a in pa.readings()
                  for p in pp.readings()}
    ratios = [a.rate("bytes_moved")[0] / p.rate("bytes_moved")[0] for a in acc for p in cpu]
    said = choice(s, "direction")
    if said in (SAME, UNCLEAR):
        if directions and said not in directions:
            c.fail(f"'{said}', but the accelerator reads {'/'.join(sorted(directions))}")
        return
    side = SLOWER if said == "slower" else FASTER
    if directions and side not in directions:
        c.fail(f"the accelerator said to read {side} ({shown(s.values['factor'])}), but it reads "
               f"{'/'.join(sorted(directions))}")
    c.factor(s.values["factor"], [r if side == FASTER else 1 / r for r in ratios], "bandwidth ratio")


def check_original(s: Said, c: Context) -> None:
    calls, at = s.values["calls"].n, s.values["size"].n
    naive = {d: c.oracle.timed("matvec", d, method="naive") for d in ("cpu", c.oracle.accelerator) if d}
    originals = {d: {size for size, ts in found.items() if any(t.suite == "original" for t in ts)}
                 for d, found in naive.items()}
    originals = {d: sizes for d, sizes in originals.items() if sizes}
    common = set.intersection(*originals.values()) if originals else set()
    if common and at != max(common):
        c.fail(f"the original experiment is quoted at m = {at:,}, but its largest size is {max(common):,}")
    totals = parts(s.values["totals"])
    if not totals:
        c.fail("no total quoted")
    for total in totals:
        device = c.device(total.values["device"])
        points = [t for t in naive.get(device, {}).get(at, []) if t.suite == "original"]
        c.quantity(total.values["total"], [calls * t.median for t in points], f"{calls} naive calls on the {device}")


def check_steep(s: Said, c: Context) -> None:
    """'Doubling m from A to 2A multiplies the time by F' (steeper than the work): the two sizes measured well on the
    device, F some pair's quotient of medians, and some pair whose printed intervals put the larger time above the
    smaller by more than the bytes grew, times :data:`LEAD`; 'past the cache the device reports': the two matrices'
    bytes as printed, on either side of the cache its environment records, and no size inside it read at under half
    the rate at A; 'reads R1 at m = A but R2 at m = 2A': each rate tied to that size's points."""
    v, device = s.values, c.device(s.values["device"])
    small, large = v["small"].n, v["large"].n
    where = f"B @ a on the {device} from m = {small:,} to {large:,}"
    timed = c.oracle.timed("matvec", device)
    if large != 2 * small or small not in timed or large not in timed:
        c.fail(f"{where}: not a doubling of m measured well on the device ({sorted(timed)})")
        return
    pairs = [(a, b) for pa in timed[small] for pb in timed[large] for a in pa.readings() for b in pb.readings()]
    c.quantity(v["factor"], [b.median / a.median for a, b in pairs], f"{where}, the larger time over the smaller")
    if not any(b.low / a.high > LEAD * b.point.bytes_moved / a.point.bytes_moved for a, b in pairs):
        c.fail(f"{where}: 'steeper', but no pair of intervals puts the time's growth beyond {LEAD:g}× the bytes'")
    rates = c.oracle.rates("matvec", device, "bytes_moved")
    for name, at in (("small_rate", small), ("large_rate", large)):
        if name in v:
            c.tied(v[name], rates.get(at, []), f"{where}: B @ a's rate at m = {at:,}")
    if choice(s, "cache") != "crossed":
        return
    cache = c.oracle.cache.get(device)
    if not isinstance(cache, int) or not shown(v["cache_bytes"]).matches(cache):
        c.fail(f"{where}: '{shown(v['cache_bytes'])} of cache', but the {device} recorded {cache}")
        return
    # The cache is where the rate gives way only if no size still inside it has lost half the rate already.
    base = [a.point.bytes_moved / a.median for pa in timed[small] for a in pa.readings()]
    for at, points in timed.items():
        inside = [b.point.bytes_moved / b.median for pb in points for b in pb.readings()
                  if at > small and b.point.bytes_moved <= cache]
        if inside and min(inside) < max(base) / 2:
            c.fail(f"{where}: 'past the cache', but at m = {at:,}, inside it, the rate is already {_fmt(inside)} "
                   f"against {_fmt(base)} at m = {small:,}")
    for name, at, inside in (("small_bytes", small, True), ("large_bytes", large, False)):
        moved = [t.point.bytes_moved for t in timed[at]]
        if not _moved_match(v[name], moved):
            c.fail(f"{where}: {shown(v[name])} at m = {at:,}, but its points moved {_fmt(moved)} bytes")
        elif not all((b <= cache) == inside for b in moved):
            c.fail(f"{where}: the matrix at m = {at:,} said to be {'within' if inside else 'past'} the cache of "
                   f"{cache} bytes, but it moved {_fmt(moved)}")


def check_bandwidth(s: Said, c: Context) -> None:
    """A row of the table of each device's best B @ a: its rate is the device's best, tied to its points at the size
    shown; the copy, the share or times it shows, and the matrix in its cache, each tied to the points and the
    environment; level or too noisy read from the two intervals."""
    v, printed, source = s.values, set(s.values), choice(s, "source")
    if source != "no_ceiling" and "ceiling" not in printed:
        c.fail(f"a row read as {source} with no copy beside it")
    if source == "no_ceiling" and _memory_copies(c, c.device(v["device"])):
        c.fail(f"'no copy to compare with', but the {c.device(v['device'])} measured one")
    device, at = c.device(v["device"]), v["size"].n
    rates = c.oracle.rates("matvec", device, "bytes_moved")
    reached = c.tied(v["achieved"], rates.get(at, []), f"the {device}'s B @ a at m = {at:,}")
    everything = [(size, r) for size, rs in rates.items() for r in rs]
    if everything:
        top_size, top = max(everything, key=lambda pair: pair[1])
        if shown(v["achieved"]).below(top):
            c.fail(f"'At its best (m = {at:,})' {shown(v['achieved'])}, but m = {top_size:,} reached "
                   f"{top / 1e9:.4g} GB/s")
    if "ceiling" in printed:
        ceilings = c.tied(v["ceiling"], _memory_copies(c, device), f"the {device}'s copy from memory")
        shares = [r / ceiling for r in reached for ceiling in ceilings]
        if "share" in printed and shares:
            c.quantity(v["share"], shares, "share of the copy")
        if "times" in printed and shares:
            c.factor(v["times"], shares, "times the copy")
        if source in ("level", "unclear"):
            _level_with_copy(c, device, at, noisy=source == "unclear")
    if "matrix" in printed:
        cache = c.oracle.cache.get(device)
        moved = [t.point.bytes_moved for t in c.oracle.timed("matvec", device).get(at, [])]
        if not _moved_match(v["matrix"], moved):
            c.fail(f"a matrix of {shown(v['matrix'])} at m = {at:,}, but its points moved {_fmt(moved)} bytes")
        if not cache or not shown(v["cache"]).matches(cache):
            c.fail(f"a cache of {shown(v['cache'])}, but the environment says {cache}")
        elif moved and min(moved) > cache:
            c.fail(f"'fits in its {shown(v['cache'])} of cache', but the matrix is larger")
    if "memory_rate" in printed:  # B @ a on a matrix too big for the caches: the rate the bounds read weights at
        memory_at = v["memory_size"].n
        where = f"the {device}'s B @ a from memory at m = {memory_at:,}"
        c.tied(v["memory_rate"], rates.get(memory_at, []), where)
        _basis(c, device, memory_at, "beyond_cache", where, v["memory_matrix"])


def check_bandwidth_reading(s: Said, c: Context) -> None:
    """What a device's best B @ a is read as, from its points alone: above the copy from memory or below it, the
    matrix in the cache or not, level or too noisy; true where it holds at some size that may be the best (one
    whose fastest reading reaches the slowest reading of every other size's best)."""
    device, source = c.device(s.values["device"]), choice(s, "source")
    # "level.cache" / "unclear.cache": the same reading, and the matrix at that size fits in the device's cache.
    in_cache = source.endswith(".cache")
    source = source.removesuffix(".cache")
    rates = c.oracle.rates("matvec", device, "bytes_moved")
    copies = _memory_copies(c, device)
    if source == "no_ceiling":
        if copies:
            c.fail(f"'no copy was measured on the {device}', but it has copies")
        return
    if not rates or not copies:
        c.fail(f"the {device}'s best B @ a read against its copy, but one of the two was not measured")
        return
    floor = max(min(rs) for rs in rates.values() if rs)
    candidates = [size for size, rs in rates.items() if rs and max(rs) >= floor]
    cache = c.oracle.cache.get(device)

    def fits(size: int) -> bool:
        moved = [t.point.bytes_moved for t in c.oracle.timed("matvec", device).get(size, [])]
        return isinstance(cache, int) and cache > 0 and bool(moved) and min(moved) <= cache

    def holds(size: int) -> bool:
        above = any(r > ceiling for r in rates[size] for ceiling in copies)
        below = any(r <= ceiling for r in rates[size] for ceiling in copies)
        if source == "memory":
            return below and not fits(size)
        if source == "in_cache":
            return below and fits(size)
        if source == "cache":
            return above and fits(size)
        if source == "above_copy":
            return above and isinstance(cache, int) and cache > 0 and not fits(size)
        if source == "above_unknown":
            return above and not (isinstance(cache, int) and cache > 0)
        if in_cache and not fits(size):
            return False
        probe = Context(c.oracle, c.said, c.at, selfcheck=c.selfcheck)
        _level_with_copy(probe, device, size, noisy=source == "unclear")
        return not probe.problems

    if source == "unclear":
        # The median ratio printed is one candidate best's over a copy's, and its interval holds 1.
        v = s.values
        c.factor(v["factor"], [r / q for size in candidates for r in rates[size] for q in copies],
                 f"the {device}'s best B @ a over its copy")
        low, high = shown(v["low"]).value, shown(v["high"]).value
        if not low < 1 < high:
            c.fail(f"the interval {low:g} to {high:g} is said to reach 1")
        if not low <= shown(v["factor"]).value <= high:
            c.fail(f"the ratio {shown(v['factor'])} lies outside its own interval {low:g} to {high:g}")

    if not any(holds(size) for size in candidates):
        c.fail(f"the {device}'s best B @ a read as {source}, which no size that may be its best shows "
               f"(sizes {sorted(candidates)})")


def check_bandwidth_memory(s: Said, c: Context) -> None:
    """What sets B @ a's pace on a matrix too big for the caches (m = M, its bytes, its rate R: the table's last
    column): R is B @ a's rate at M, whose matrix is larger than the cache the device's environment records (at
    least twice it, where some such matrix was measured), and the bytes are that matrix's; the pace is the kernel's
    only where every copy from memory is faster than B @ a there, memory's only where some pair reads level or B @ a
    faster, too noisy to tell only where some pair is; it follows the reading of the same device's best rate."""
    v, device = s.values, c.device(s.values["device"])
    at = v["size"].n
    where = f"the {device}'s B @ a from memory at m = {at:,}"
    c.tied(v["rate"], c.oracle.rates("matvec", device, "bytes_moved").get(at, []), where)
    _basis(c, device, at, "beyond_cache", where, v["matrix"])
    reading = c.before("bandwidth.reading")
    if reading is None or c.device(reading.values["device"]) != device:
        c.fail(f"{where}: said after no reading of the {device}'s best rate")
    _pace_against_copy(c, device, at, choice(s, "pace"), where)


def _pace_against_copy(c: Context, device: str, at: int, pace: str, where: str) -> None:
    """What sets B @ a's pace at m = ``at``: the kernel's only where every copy from memory is faster than B @ a
    there, memory's only where some pair of readings with the device's largest copy reads level or B @ a faster, too
    noisy to tell only where some pair is."""
    copies = c.oracle.timed("copy", device)
    largest = copies[max(copies)] if copies else []
    directions = {rate_level_reading(m, q, "bytes_moved") for t in c.oracle.timed("matvec", device).get(at, [])
                  for m in t.readings() for q in largest}
    allowed = {"kernel": {SLOWER}, "memory": {SAME, FASTER}, "unclear": {UNCLEAR}}
    if not directions:
        c.fail(f"{where}: its pace set against a copy, but the {device} measured none")
    elif not directions & allowed.get(pace, set()):
        c.fail(f"{where}: the pace said to be the {pace}'s, but against the largest copy B @ a reads "
               f"{'/'.join(sorted(directions))}")


def check_verdict_pace(s: Said, c: Context) -> None:
    """'On the D and E, B @ a reads a matrix too big for the caches more slowly than (as fast as) a plain copy (R
    against C on the D, …), so PyTorch's kernel (memory) sets its pace': the devices of the subject are those of the
    rates; each has a row in the table of memory whose B @ a was read from a matrix too big for its caches, R is that
    B @ a's rate and C its largest copy's, and there B @ a against that copy reads as the pace said
    (:func:`_pace_against_copy`, as the chapter on B @ a is read). Across the sentences, every such row with a copy
    measured is named, each once."""
    rows = _memory_rows(c)
    subject = [c.device(d) for d in s.values["devices"].items]
    rates = parts(s.values["rates"])
    named = [c.device(part.values["device"]) for part in rates]
    if sorted(subject) != sorted(named):
        c.fail(f"the pace said of {subject}, but its rates are of {named}")
    pace = choice(s, "pace")
    for part in rates:
        device = c.device(part.values["device"])
        row = rows.get(device)
        read = parts(row.values["read"])[0] if row is not None and "read" in row.values else None
        if read is None or choice(read, "basis") != "beyond_cache":
            c.fail(f"the pace of B @ a from memory said for the {device}, whose table row reads no matrix too big "
                   f"for its caches")
            continue
        at = read.values["size"].n
        where = f"the {device}'s B @ a from memory at m = {at:,}"
        c.tied(part.values["rate"], [t.rate("bytes_moved")[0] for t in c.oracle.timed("matvec", device).get(at, [])
                                     if t.point.bytes_moved], where)
        copies = c.oracle.timed("copy", device)
        c.tied(part.values["copy"], [t.rate("bytes_moved")[0] for t in copies[max(copies)]] if copies else [],
               f"the largest copy on the {device}")
        _pace_against_copy(c, device, at, pace, where)
    every = [c.device(part.values["device"]) for said in c.every("verdict.pace")
             for part in parts(said.values["rates"])]
    if len(set(every)) != len(every):
        c.fail(f"the pace named twice for a device: {every}")
    for device, row in rows.items():
        read = parts(row.values["read"])[0] if "read" in row.values else None
        if read is not None and choice(read, "basis") == "beyond_cache" and c.oracle.timed("copy", device) \
                and device not in every:
            c.fail(f"the {device}'s B @ a was read from memory beside a copy, but its pace is left unsaid")


def check_verdict_pace_bound(s: Said, c: Context) -> None:
    """'The bound on a language model below reads the weights at B @ a's rate': said after the pace, and every
    device the pace names has its bound from reading the weights at B @ a's rate on a matrix too big for its
    caches, at the rate the pace gives."""
    named = {c.device(part.values["device"]): part for said in c.every("verdict.pace")
             for part in parts(said.values["rates"])}
    if not named or c.before("verdict.pace") is None:
        c.fail("the bound said to use B @ a's rate after no word on B @ a's pace")
    bounds = {c.device(r.values["device"]): r for r in c.every("table.bound") if choice(r, "kind") == "memory"}
    for device, part in named.items():
        bound = bounds.get(device)
        if bound is None or choice(bound, "basis") != "beyond_cache" or \
                not shown(bound.values["rate"]).matches(shown(part.values["rate"]).value):
            c.fail(f"the bound on the {device} said to use B @ a's rate from memory, but its row reads "
                   f"{bound and choice(bound, 'basis')}")


def _level_with_copy(c: Context, device: str, at: int, noisy: bool) -> None:
    """B @ a at ``at`` and the copy from memory overlap: their rates' printed intervals meet; and, by those
    intervals (:func:`rate_too_noisy`), narrow enough to call level, or (``noisy``) too wide to."""
    def bounds(timed, amount: str) -> tuple[float, float]:
        moved = getattr(timed.point, amount)
        return moved / timed.high, moved / timed.low
    products = [bounds(t, "bytes_moved") for t in c.oracle.timed("matvec", device).get(at, [])]
    cache = c.oracle.cache.get(device)
    copies = [t for ts in c.oracle.timed("copy", device).values() for t in ts
              if not (isinstance(cache, int) and cache > 0) or t.point.bytes_moved > cache]
    ceilings = [bounds(t, "bytes_moved") for t in copies]
    if not any(p[0] <= q[1] and q[0] <= p[1] for p in products for q in ceilings):
        c.fail(f"'level within noise with' the copy on the {device}, but B @ a at m = {at:,} and the copy's rates "
               f"do not overlap: {products} against {ceilings}")
    found = {rate_too_noisy(t.point, copy.point, "bytes_moved") for t in c.oracle.timed("matvec", device).get(at, [])
             for copy in copies}
    if found and noisy not in found:
        said, seen = ("too noisy to tell", "narrow enough to call level") if noisy else ("level", "too wide")
        c.fail(f"B @ a at m = {at:,} against the copy on the {device}: said {said}, but their published "
               f"intervals are {seen}")


def _memory_copies(c: Context, device: str) -> list[float]:
    """The rates "its memory reached in a plain copy": copies larger than the device's cache where its size is
    known, else the largest copy (the one caches help least)."""
    cache = c.oracle.cache.get(device)
    copies = c.oracle.timed("copy", device)
    if isinstance(cache, int) and cache > 0:
        chosen = [t for ts in copies.values() for t in ts if t.point.bytes_moved > cache]
    else:
        chosen = copies[max(copies)] if copies else []
    return [t.rate("bytes_moved")[0] for t in chosen if t.point.bytes_moved]


#: A fall, and the fall that goes on from where it ended (its device and rate unsaid, the same values recorded).
FALL_KEYS = ("drop.one", "drop.then")


def _fall_named(s: Said) -> tuple[str, str, str | None, int]:
    """(workload, device, precision, size before) of a ``drop.one`` message."""
    [what] = parts(s.values["what"])
    [before] = parts(s.values["before"])
    return choice(what, "workload"), kind_of(s.values["device"]), _dtype(what), before.values["size"].n


def _fall_of(c: Context, s: Said) -> Fall | None:
    workload, device, dtype, before = _fall_named(s)
    [after] = parts(s.values["after"])
    for fall in c.oracle.falls:
        if (fall.workload, fall.device, fall.dtype, fall.before) == (workload, device, dtype, before):
            if fall.after != after.values["size"].n:
                c.fail(f"{workload} on the {device}: the size after {before:,} is {fall.after:,}, not "
                       f"{after.values['size'].n:,}")
                return None
            return fall
    c.fail(f"{workload} on the {device}: no two consecutive sizes measured well from {before:,}")
    return None


def check_fall(s: Said, c: Context) -> None:
    fall = _fall_of(c, s)
    if fall is None:
        return
    unit = "n" if fall.workload == "copy" else "m"
    axes = [choice(size, "axis") for key in ("before", "after") for size in parts(s.values[key])]
    if axes != [unit, unit]:
        c.fail(f"sizes written as {' and '.join(a + ' =' for a in axes)}, not {unit} =")
    for key, at in (("before", fall.before), ("after", fall.after)):
        for size in parts(s.values[key]):
            # A size written as the bytes its point moved (a copy's): some point of the fall's kind moved them.
            if unit == "n" and "moved" in size.values:
                moved = [t.point.bytes_moved for t in c.oracle.timed(fall.workload, fall.device).get(at, [])]
                if not _moved_match(size.values["moved"], moved):
                    c.fail(f"{shown(size.values['moved'])} moved at {unit} = {at:,}, but its points moved "
                           f"{_fmt(moved)} bytes")
    highs = c.tied(s.values["high"], fall.high, f"the rate at {unit} = {fall.before:,}")
    lows = c.tied(s.values["low"], fall.low, f"the rate at {unit} = {fall.after:,}")
    c.quantity(s.values["share"], [b / a for a in highs or fall.high for b in lows or fall.low],
               "the share of the rate left")
    c.quantity(s.values["factor"], [a / b for a in highs or fall.high for b in lows or fall.low],
               "the factor the rate falls by")
    if not fall.can:
        c.fail(f"'falls', but {fall} is never under half")
    # The cache the data outgrew between the two sizes, where the sentence ends with it.
    for past in parts(s.values.get("past")):
        check_fall_cache(past, c)


def check_fall_cache(s: Said, c: Context) -> None:
    """The bytes the two points of a fall moved, on either side of the cache the device's environment records."""
    v = s.values
    device = c.device(v["device"])
    cache = c.oracle.cache.get(device)
    if not isinstance(cache, int) or not shown(v["cache"]).matches(cache):
        c.fail(f"'{shown(v['cache'])} of cache', but the {device} recorded {cache}")
        return
    [before], [after] = parts(v["before"]), parts(v["after"])
    axis = choice(before, "axis")
    workloads = ("copy",) if axis == "n" else ("matvec", "matmul")
    for printed, at, side in ((v["small"], before.values["size"].n, "within"),
                              (v["large"], after.values["size"].n, "past")):
        moved = [t.point.bytes_moved for w in workloads for t in c.oracle.timed(w, device).get(at, [])]
        if not _moved_match(printed, moved):
            c.fail(f"{shown(printed)} moved at {axis} = {at:,}, but its points moved {_fmt(moved)} bytes")
        elif not all((b <= cache) == (side == "within") for b in moved):
            c.fail(f"{shown(printed)} at {axis} = {at:,} said to be {side} the cache of {cache} bytes")
    if not any(_fall_named(f)[1::2] == (device, before.values["size"].n) for f in c.every(*FALL_KEYS)):
        c.fail(f"a cache named for a fall from {axis} = {before.values['size'].n:,} on the {device} that no "
               f"sentence names")


_SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"


def check_fall_elements(s: Said, c: Context) -> None:
    """'At m = M the matrix holds 2^k elements, past a signed 32-bit index's reach': M² is 2^k, at least 2^31."""
    [after] = parts(s.values["after"])
    m = after.values["size"].n
    text = text_of(s.values["elements"])
    power = int("".join(str(_SUPERSCRIPTS.index(ch)) for ch in text[1:])) if text[:1] == "2" and text[1:] else -1
    if power < 0 or 2 ** power != m * m:
        c.fail(f"'{text} elements' at m = {m:,}, but the matrix holds {m * m:,}")
    elif m * m < 2 ** 31:
        c.fail(f"{m * m:,} elements at m = {m:,} said to be past a signed 32-bit index's reach")


def _beyond_cache(c: Context, device: str) -> list[Timed]:
    """The device's good points of B @ a and of the copy that moved more bytes than its recorded cache (none where
    the cache is not recorded)."""
    cache = c.oracle.cache.get(device)
    if not isinstance(cache, int) or cache <= 0:
        return []
    return [t for workload in ("matvec", "copy") for ts in c.oracle.timed(workload, device).values() for t in ts
            if t.point.bytes_moved and t.point.bytes_moved > cache]


def check_tokens(s: Said, c: Context) -> None:
    """The bound on a model's tokens per second, per device: a model's weights are read from memory, so its rate is
    one measured on data larger than the device's cache (B @ a beyond it, the best such; else the largest copy,
    beyond it too; B @ a's largest matrix only where the cache is not recorded), divided by the model's bytes."""
    v = s.values
    c.quantity(v["model"], [shown(v["parameters"]).value * v["bits"].n / 8], "parameters × bytes per parameter")
    size = shown(v["model"]).value
    # The lead of the table of bounds: "at B @ a's rate" only where no row of it is at a copy's.
    if "lead" in v and choice(s, "lead") == "matvec":
        copied = [c.device(r.values["device"]) for r in c.every("table.bound") if "basis" in r.values
                  and choice(r, "basis") == "copy"]
        if copied:
            c.fail(f"every bound at B @ a's rate, but the table gives the {copied[0]}'s at its copy's")
    for bound in parts(v.get("bounds", ())):
        bv = bound.values
        device, basis = c.device(bv["device"]), choice(bound, "basis")
        if "lead" in v and choice(s, "lead") == "matvec" and basis == "copy":
            c.fail(f"every bound at B @ a's rate, but the {device}'s is at its copy's")
        cache = c.oracle.cache.get(device)
        cache = cache if isinstance(cache, int) and cache > 0 else None
        beyond = [m for m, ts in c.oracle.timed("matvec", device).items()
                  if cache is not None and any(t.point.bytes_moved and t.point.bytes_moved > cache for t in ts)]
        where = f"the bound on the {device}"
        if basis == "copy":
            copies = c.oracle.timed("copy", device)
            largest = copies[max(copies)] if copies else []
            moved = [t.point.bytes_moved for t in largest]
            if cache is None or not shown(bv["cache"]).matches(cache):
                c.fail(f"{where}: a cache of {shown(bv['cache'])}, but the environment says {cache}")
            elif not moved or min(moved) <= cache:
                c.fail(f"{where} from a copy of {_fmt(moved)} bytes, not larger than its cache")
            if beyond:
                c.fail(f"{where} from a copy, but B @ a measured a matrix larger than its cache at m = {beyond}")
            rates = [t.rate("bytes_moved")[0] for t in largest]
        else:
            if basis == "largest" and cache is not None:
                c.fail(f"{where}: 'its cache size is unknown', but the environment says {cache} bytes")
            if basis == "beyond_cache" and not beyond:
                c.fail(f"{where} from memory, but no B @ a matrix there is larger than its cache ({cache})")
            rates = _memory_rates(c, device)
        c.quantity(bv["tokens"], [r / size for r in rates], f"{where}: its rate from memory ÷ {shown(v['model'])}")
        if "cap" in bv:
            _check_cap(c, device, basis, choice(parts(bv["cap"])[0], "cap"), where)


def _check_cap(c: Context, device: str, basis: str, cap: str, where: str) -> None:
    """"At most" a bound only where memory may set B @ a's pace: some reading of B @ a from memory level with or
    faster than the device's largest plain copy, or no such pair to read (a copy's own rate, a cache size unknown,
    no copy); "about" only where some reading is slower than the copy or too noisy to tell, on a matrix larger than
    the cache, or at a plain copy's rate, which is always rough."""
    copies = c.oracle.timed("copy", device)
    largest = copies[max(copies)] if copies else []
    directions = {rate_level_reading(m, q, "bytes_moved") for t in _memory_points(c, device) for m in t.readings()
                  for q in largest} if basis == "beyond_cache" else set()
    if basis == "copy":
        # A copy's counted bytes leave out what the CPU's write-allocate moves: its rate is a rough figure.
        if cap != "about":
            c.fail(f"{where}: '{cap}', but a bound at a plain copy's rate is a rough figure ('about')")
        return
    if cap == "about" and not directions & {SLOWER, UNCLEAR}:
        c.fail(f"{where}: 'about', an estimate, but B @ a from memory reads {sorted(directions) or 'nothing'} "
               f"against the largest copy")
    elif cap == "most" and directions and not directions & {SAME, FASTER}:
        c.fail(f"{where}: 'at most', a ceiling, but B @ a from memory reads {sorted(directions)} against the "
               f"largest copy, so the kernel, not memory, may set its pace")


def check_tokens_arithmetic(s: Said, c: Context) -> None:
    """Where a bound on a model's tokens per second does not hold for the arithmetic on a device: each precision of
    the model's bit width whose matrix product the device measured well is named, as keeping up (its best product
    allows at least the device's bound from memory in the table of bounds, for some reading) or not (less, for some
    reading); those that do not are the table's rows of arithmetic for that device, which give their rates."""
    v, printed = s.values, printed_fields(s)
    device = c.device(v["device"])
    rows = [r for r in c.every("table.bound") if c.device(r.values["device"]) == device]
    memory = [r.values for r in rows if choice(r, "kind") == "memory"]
    if not memory:
        c.fail(f"the arithmetic set against the {device}'s bound, but the table of bounds gives it none")
        return
    flops = 2 * shown(memory[0]["parameters"]).value
    bound = shown(memory[0]["tokens"]).value
    width = {16: HALVES, 32: ("float32",)}.get(memory[0]["bits"].n, ())
    allows = {d: [t.rate("flops")[0] / flops for t in c.oracle.best("matmul", device, "flops", dtype=d)]
              for d in width}
    allows = {d: found for d, found in allows.items() if found}
    slow = [text_of(d) for d in values_of(v["slow"])]
    fast = [text_of(d) for d in values_of(v["fast"])] if "fast" in printed else []
    if sorted(fast + slow) != sorted(allows):
        c.fail(f"the {device}'s precisions said to keep up {fast} and not {slow}, but it measured {sorted(allows)}")
    for dtype in fast:
        if dtype in allows and not any(a >= bound for a in allows[dtype]):
            c.fail(f"{dtype}'s arithmetic said to keep up with {bound:.3g} tokens/s on the {device}, but its best "
                   f"product allows {_fmt(allows[dtype])}")
    for dtype in slow:
        if dtype in allows and not any(a < bound for a in allows[dtype]):
            c.fail(f"{dtype}'s arithmetic said to fall short of {bound:.3g} tokens/s on the {device}, but its "
                   f"best product allows {_fmt(allows[dtype])}")
    tabled = {text_of(r.values["dtype"]): r.values for r in rows if choice(r, "kind") == "arithmetic"}
    if list(tabled) != slow:
        c.fail(f"the table of bounds gives the arithmetic's rows for {list(tabled)}, not for {slow}")
    # The limit from reading the weights, and each slow precision's best product and the tokens it allows: the
    # table's, which check_bound_row ties to the points.
    if not shown(v["tokens"]).matches(bound) or choice(parts(v["cap"])[0], "cap") != \
            choice(parts(memory[0]["cap"])[0], "cap"):
        c.fail(f"the {device}'s limit from reading the weights said as {shown(v['tokens'])}, but its row gives "
               f"{shown(memory[0]['tokens'])}")
    products = parts(v["products"])
    if [text_of(p.values["dtype"]) for p in products] != slow:
        c.fail(f"the best products given for {[text_of(p.values['dtype']) for p in products]}, not for {slow}")
    for product in products:
        row = tabled.get(text_of(product.values["dtype"]))
        if row is None:
            continue
        for name in ("rate", "tokens"):
            if not shown(product.values[name]).matches(shown(row[name]).value):
                c.fail(f"{text_of(product.values['dtype'])}'s best product on the {device}: {name} "
                       f"{shown(product.values[name])}, but its row gives {shown(row[name])}")


def check_bound_row(s: Said, c: Context) -> None:
    """A row of the verdict chapter's table of bounds on a language model. ``memory``: the bound from reading the
    model's weights, read as :func:`check_tokens` reads a bound, and the rate it rests on (the largest copy's where
    the bound is at a copy's, else B @ a's from memory); ``arithmetic``: a precision of the model's width on a device
    with such a row, whose best matrix product allows fewer tokens per second than that row's bound for some
    reading, with that rate and the tokens it allows at two operations per weight."""
    v = s.values
    device = c.device(v["device"])
    where = f"the row of the bound on the {device}"
    if choice(s, "kind") == "memory":
        cache = {"cache": v["cache"]} if "cache" in v else {}
        bound = Phrase.of("table.bound", basis=v["basis"], device=v["device"], tokens=v["tokens"], cap=v["cap"],
                          **cache)
        check_tokens(Said("answer.tokens", dict(parameters=v["parameters"], bits=v["bits"], model=v["model"],
                                                bounds=Listing((bound,)))), c)
        if choice(s, "basis") == "copy":
            copies = c.oracle.timed("copy", device)
            rates = [t.rate("bytes_moved")[0] for t in copies[max(copies)]] if copies else []
        else:
            rates = _memory_rates(c, device)
        tied = c.tied(v["rate"], rates, f"{where}: the rate it rests on")
        c.quantity(v["tokens"], [r / shown(v["model"]).value for r in tied], f"{where}: its rate ÷ the model")
        return
    memory = [r.values for r in c.every("table.bound") if choice(r, "kind") == "memory"
              and c.device(r.values["device"]) == device]
    if not memory:
        c.fail(f"{where}: the arithmetic set against a bound from memory that the table does not give")
        return
    flops = 2 * shown(memory[0]["parameters"]).value
    c.quantity(v["flops"], [flops / 1e9], f"{where}: a token's operations at two per weight, in GFLOP")
    dtype = text_of(v["dtype"])
    if dtype not in {16: HALVES, 32: ("float32",)}.get(memory[0]["bits"].n, ()):
        c.fail(f"{where}: {dtype} is not of the model's {memory[0]['bits'].n}-bit width")
    rates = [t.rate("flops")[0] for t in c.oracle.best("matmul", device, "flops", dtype=dtype)]
    tied = c.tied(v["rate"], rates, f"{where}: its best {dtype} matrix product")
    c.quantity(v["tokens"], [r / flops for r in tied], f"{where}: the tokens per second {dtype}'s arithmetic allows")
    if choice(parts(v["cap"])[0], "cap") != "most":
        c.fail(f"{where}: the best {dtype} product measured gives a ceiling, not an estimate")
    bound = shown(memory[0]["tokens"]).value
    if tied and not any(r / flops < bound for r in tied):
        c.fail(f"{where}: {dtype}'s arithmetic said to allow fewer than {bound:.3g} tokens/s, but its best product "
               f"allows {_fmt([r / flops for r in tied])}")


def check_llm_cached(s: Said, c: Context) -> None:
    """"Every B @ a and copy fits in its device's cache": some B @ a was measured well, and no device has a good
    point of either moving more bytes than its recorded cache."""
    devices = [d for d in ("cpu", c.oracle.accelerator) if d and c.oracle.timed("matvec", d)]
    if not devices:
        c.fail("no bound because everything fits in a cache, but no B @ a was measured well")
    for device in devices:
        if not isinstance(c.oracle.cache.get(device), int):
            c.fail(f"everything fits in the {device}'s cache, but its cache size is not recorded")
        elif _beyond_cache(c, device):
            c.fail(f"everything fits in the {device}'s cache, but it measured data larger than its cache")


def check_gap(s: Said, c: Context) -> None:
    v, printed = s.values, printed_fields(s)
    device = c.device(v["device"]) if "device" in v else "cpu"
    at, o = v["size"].n, c.oracle
    naive_points = o.timed("matvec", device, method="naive").get(at, [])
    engine_points = o.timed("matvec", device).get(at, [])
    naive, engine = [t.median for t in naive_points], [t.median for t in engine_points]
    c.quantity(v["naive"], naive, f"naive timeit at m = {at:,}")
    c.quantity(v["engine"], engine, f"the synchronised timer at m = {at:,}")
    if "events" in printed:
        c.quantity(v["events"], [t.median for t in o.timed("matvec", device, method="events").get(at, [])],
                   f"events at m = {at:,}")
    ratios = [e / n for e in engine for n in naive]
    verdicts = {naive_verdict(e, n) for pe in engine_points for pn in naive_points for e in pe.readings()
                for n in pn.readings()}
    verdict = choice(s, "verdict")
    if verdict == "optimistic":
        c.factor(v["factor"], ratios, "synchronised over naive")
        if verdicts and TOO_SMALL not in verdicts:
            c.fail(f"naive called too small, but synchronised/naive = {_fmt(ratios)} ({'/'.join(sorted(verdicts))})")
    elif verdict == "pessimistic":
        c.factor(v["factor"], [1 / r for r in ratios], "naive over synchronised")
        if verdicts and TOO_LARGE not in verdicts:
            c.fail(f"naive called too large, but synchronised/naive = {_fmt(ratios)} ({'/'.join(sorted(verdicts))})")
    elif verdict == "unclear":
        if verdicts and NOISY not in verdicts:
            c.fail(f"'too noisy to say', but synchronised/naive = {_fmt(ratios)} is {'/'.join(sorted(verdicts))}")
    elif verdicts and AGREES not in verdicts:
        c.fail(f"'agree within a fifth', but synchronised/naive = {_fmt(ratios)}, {'/'.join(sorted(verdicts))} "
               f"beyond noise")


# -- the blog post's sizes, naive timeit against the synchronised timer ---------------------------

#: The blog post's sizes, as its code lists them.
POST_SIZES = (100, 300, 500, 750, 1000, 1500, 2000, 2500, 3000)


def _post(c: Context, device: str) -> dict[int, set[str]]:
    found = c.oracle.post_verdicts(device)
    if not found:
        c.fail(f"no size of the blog post was timed both ways on the {device}")
    return found


def _post_factors(c: Context, device: str, at: int, verdict: str) -> list[float]:
    ratios = [e.median / n.median for e, n in c.oracle.post(device).get(at, [])]
    return ratios if verdict == TOO_SMALL else [1 / r for r in ratios]


def _post_margin(c: Context, printed: Any) -> None:
    if not shown(printed).matches(AGREE):
        c.fail(f"'within {shown(printed)}', but naive timeit is said to agree within {AGREE:g}×")


def _post_ends(c: Context, s: Said, found: dict[int, set[str]]) -> list[int]:
    ordered = sorted(found)
    if ordered and (s.values["first"].n, s.values["last"].n) != (ordered[0], ordered[-1]):
        c.fail(f"'m = {s.values['first'].n:,} to {s.values['last'].n:,}', but the post's sizes timed both ways are "
               f"{ordered}")
    return ordered


def check_post_all(s: Said, c: Context) -> None:
    device = c.device(s.values["device"])
    found = _post(c, device)
    if not found:
        return
    ordered = _post_ends(c, s, found)
    against = [size for size in ordered if TOO_SMALL not in found[size]]
    if against:
        c.fail(f"'too short a time at every one', but not at m = {against} "
               f"({', '.join('/'.join(sorted(found[size])) for size in against)})")
    at = s.values["at"].n
    c.factor(s.values["factor"], _post_factors(c, device, at, TOO_SMALL), f"too small at m = {at:,}")
    c.up_to(s.values["factor"], [_post_factors(c, device, size, TOO_SMALL) for size in ordered], "naive too small")


def _post_worst(c: Context, s: Said, device: str, found: dict[int, set[str]], verdict: str, factor: str, at: str
                ) -> None:
    """'Up to F too short (or long), at m = A': naive is off that way at A by F, and by no more at any size."""
    size = s.values[at].n
    if size not in found or verdict not in found[size]:
        seen = "/".join(sorted(found.get(size, ()))) or "not timed both ways"
        c.fail(f"naive {verdict} at m = {size:,}, but there it is {seen}")
        return
    c.factor(s.values[factor], _post_factors(c, device, size, verdict), f"naive {verdict} at m = {size:,}")
    c.up_to(s.values[factor], [_post_factors(c, device, other, verdict) for other in found if verdict in found[other]],
            f"naive {verdict}")


def check_post_both(s: Said, c: Context) -> None:
    """'Off in both directions, from L too long (m = a) to S too short (m = b)': each the furthest off its way."""
    device = c.device(s.values["device"])
    found = _post(c, device)
    _post_worst(c, s, device, found, TOO_LARGE, "large", "large_at")
    _post_worst(c, s, device, found, TOO_SMALL, "small", "small_at")


def check_post_one_way(s: Said, c: Context) -> None:
    """'Too short (or long) a time at N of the T sizes timed both ways, up to F at m = A', and never the other way:
    N lies between the sizes every reading puts that way and those some reading does."""
    v = s.values
    device = c.device(v["device"])
    found = _post(c, device)
    verdict = POST_VERDICTS[choice(s, "verdict")]
    if v["total"].n != len(found):
        c.fail(f"'of the {v['total'].n} timed both ways', but {len(found)} of the post's sizes were")
    must = sum(1 for seen in found.values() if seen == {verdict})
    can = sum(1 for seen in found.values() if verdict in seen)
    if not must <= v["count"].n <= can:
        c.fail(f"naive {verdict} at {v['count'].n} sizes, but between {must} and {can} are")
    other = TOO_LARGE if verdict == TOO_SMALL else TOO_SMALL
    against = [size for size, seen in found.items() if seen == {other}]
    if against:
        c.fail(f"naive said {verdict} only, but it is {other} at m = {sorted(against)}")
    _post_worst(c, s, device, found, verdict, "factor", "at")


#: The verdicts a sentence or a row names, in the oracle's words.
POST_VERDICTS = {"too_small": TOO_SMALL, "too_large": TOO_LARGE, "unclear": NOISY, "agrees": AGREES}


def check_post_row(s: Said, c: Context) -> None:
    """A row of the table of the blog post's sizes: a size timed both ways on the device the chapter's sentence is
    about, its synchronised time over its naive one, and what that makes the naive figure; with the first row, the
    table as a whole: every such size, once."""
    v = s.values
    device = c.device(v["device"])
    found = _post(c, device)
    at, verdict = v["m"].n, POST_VERDICTS[choice(s, "verdict")]
    where = f"table of the post's sizes, m = {at:,}"
    if at not in found:
        c.fail(f"{where}: not timed both ways on the {device} ({sorted(found)})")
        return
    if verdict not in found[at]:
        c.fail(f"{where}: naive read as {verdict}, but it is {'/'.join(sorted(found[at]))}")
    c.quantity(v["ratio"], [e.median / n.median for e, n in c.oracle.post(device)[at]], where)
    if "low" in v:
        low, value, high = (shown(v[k]).value for k in ("low", "ratio", "high"))
        if not low <= value <= high:
            c.fail(f"{where}: {value} outside its own interval {low}–{high}")
        if verdict == NOISY and not low < 1 < high:
            c.fail(f"{where}: too noisy to tell, but the interval printed, {low}–{high}, lies on one side of 1")
    if verdict in (TOO_SMALL, TOO_LARGE):
        c.factor(v["factor"], _post_factors(c, device, at, verdict), where)
    if verdict == AGREES:
        _post_margin(c, v["margin"])
    rows = c.every("table.post")
    if rows[0] is s and sorted(r.values["m"].n for r in rows) != sorted(found):
        c.fail(f"table of the post's sizes: rows {[r.values['m'].n for r in rows]}, "
               f"but timed both ways {sorted(found)}")


def _post_every(s: Said, c: Context, verdict: str, claim: str) -> None:
    """A sentence about every one of the blog post's sizes, m = first to last: each has ``verdict`` among its
    readings' verdicts."""
    found = _post(c, c.device(s.values["device"]))
    _post_margin(c, s.values["margin"])
    against = [size for size in _post_ends(c, s, found) if verdict not in found[size]]
    if against:
        c.fail(f"'{claim} … at every one', but not at m = {against}")


def check_post_agree(s: Said, c: Context) -> None:
    _post_every(s, c, AGREES, "agreed")


def check_post_noisy(s: Said, c: Context) -> None:
    # "Every ratio could be 1, but none is measured closely enough to call the two timers level": a noisy verdict at
    # every size is both, an interval that holds 1 and one wider than the margin.
    _post_every(s, c, NOISY, "too wide to say")
    _post_range(s, c, c.device(s.values["device"]))
    if choice(s, "span") == "one" and shown(s.values["low"]) != shown(s.values["high"]):
        c.fail(f"'about {shown(s.values['low'])} at every size', but the ratios reach {shown(s.values['high'])}")


def _post_range(s: Said, c: Context, device: str) -> None:
    """'The synchronised time is L to H the naive one' at the blog post's sizes on ``device``: L and H are some
    size's quotient of medians (each point's median over all its processes, taken either way), and no size's every
    quotient lies beyond them."""
    ratios = {size: [a.median / b.median for e, n in pairs for a in e.estimates() for b in n.estimates()]
              for size, pairs in c.oracle.post(device).items()}
    every = [r for rs in ratios.values() for r in rs]
    c.quantity(s.values["low"], every, "the lowest synchronised/naive ratio")
    c.quantity(s.values["high"], every, "the highest synchronised/naive ratio")
    low, high = shown(s.values["low"]), shown(s.values["high"])
    for size, rs in ratios.items():
        if rs and max(rs) < low.value - low.unit / 2:
            c.fail(f"'from {low}', but at m = {size:,} the ratio is {_fmt(rs)}")
        if rs and high.below(min(rs)):
            c.fail(f"'to {high}', but at m = {size:,} the ratio is {_fmt(rs)}")


#: The messages that name the device the post's sizes were timed on; what follows them is about that device.
POST_LEADS = ("post.all", "post.both", "post.one_way", "post.agrees_all", "post.noisy_all", "post.noisy_most",
              "post.agrees_most", "post.cpu")


def check_post_noisy_most(s: Said, c: Context) -> None:
    """'Within the margin at m = (listed); at the other sizes too scattered to judge': the listed sizes agree, every
    other size timed both ways is too noisy to tell, and the noisy ones are the more."""
    found = _post(c, c.device(s.values["device"]))
    _post_margin(c, s.values["margin"])
    listed = sizes_of(s.values["sizes"])
    for size in listed:
        if size not in found or AGREES not in found[size]:
            c.fail(f"'within the margin at m = {size:,}', but there it is {'/'.join(sorted(found.get(size, ())))}")
    others = [size for size in found if size not in listed]
    against = [size for size in others if NOISY not in found[size]]
    if against:
        c.fail(f"'too scattered to judge at the other sizes', but not at m = {against}")
    if not listed or len(others) <= len(listed):
        c.fail(f"'mostly too scattered': {len(others)} noisy sizes against {len(listed)} listed")
    if (s.values["count"].n, s.values["total"].n) != (len(listed), len(found)):
        c.fail(f"'{s.values['count'].n} of {s.values['total'].n} sizes', but {len(listed)} of {len(found)} agree")


def check_post_agrees_most(s: Said, c: Context) -> None:
    """'Within the margin except at m = (listed), where too scattered to judge': the listed sizes are too noisy to
    tell, every other size timed both ways agrees, and the listed ones are the fewer (or as many)."""
    found = _post(c, c.device(s.values["device"]))
    _post_margin(c, s.values["margin"])
    listed = sizes_of(s.values["sizes"])
    for size in listed:
        if size not in found or NOISY not in found[size]:
            c.fail(f"'too scattered to judge at m = {size:,}', but there it is "
                   f"{'/'.join(sorted(found.get(size, ())))}")
    others = [size for size in found if size not in listed]
    against = [size for size in others if AGREES not in found[size]]
    if against:
        c.fail(f"'within the margin except at the listed sizes', but not at m = {against}")
    if not listed or len(others) < len(listed):
        c.fail(f"'mostly within the margin': {len(others)} agreeing sizes against {len(listed)} listed")


def _post_everything(c: Context) -> dict[int, set[str]]:
    lead = c.before(*POST_LEADS)
    if lead is None:
        c.fail("no device named for the post's sizes")
        return {}
    return _post(c, c.device(lead.values["device"]))


def check_post_some(s: Said, c: Context) -> None:
    found = _post_everything(c)
    if found and (not any(TOO_SMALL in v for v in found.values()) or all(v == {TOO_SMALL} for v in found.values())):
        c.fail(f"'too short … at some of the post's sizes and not at others', but: {found}")


def check_post_none(s: Said, c: Context) -> None:
    found = _post_everything(c)
    against = [size for size, v in found.items() if v == {TOO_SMALL}]
    if against:
        c.fail(f"'too short a time at none of the post's sizes', but at m = {against}")


def check_post_cpu_differs(s: Said, c: Context) -> None:
    found = c.oracle.post_verdicts("cpu")
    if found and all(v == {AGREES} for v in found.values()):
        c.fail("'the differences', but naive timeit agrees with the synchronised timer at every size")


def check_post_cpu(s: Said, c: Context) -> None:
    """'At the blog post's sizes the synchronised time on the CPU is L to H the naive one, and no size shows the two
    apart' (a build without an accelerator): at no size timed both ways is naive timeit too short, or too long, by
    every reading; L and H are some size's quotient of medians, and no size's every quotient lies beyond them."""
    if c.device(s.values["device"]) != "cpu" or c.oracle.accelerator is not None:
        c.fail(f"the range said of the {c.device(s.values['device'])} on a build with the {c.oracle.accelerator}")
    found = _post(c, "cpu")
    apart = [size for size, seen in found.items() if seen in ({TOO_SMALL}, {TOO_LARGE})]
    if apart:
        c.fail(f"'no size shows the two apart', but naive timeit is off at m = {apart}")
    _post_range(s, c, "cpu")
    if choice(s, "side") == "long":
        # 'Naive timing, if anything, ran long': no range above 1, and at every size some reading has it so.
        longer = {size: [e.median / n.median for e, n in pairs] for size, pairs in c.oracle.post("cpu").items()}
        if shown(s.values["high"]).value > 1 or any(rs and min(rs) > 1 for rs in longer.values()):
            c.fail(f"'naive timing ran long', but the synchronised/naive ratios are {longer}")


def check_post_unmeasured(s: Said, c: Context) -> None:
    found = c.oracle.post(c.device(s.values["device"]))
    if found:
        c.fail(f"'none of the blog post's sizes was measured well both ways', but m = {sorted(found)} were")


def check_post_nothing(s: Said, c: Context) -> None:
    for device in c.oracle.devices:
        if c.oracle.post(device):
            c.fail(f"'none … on any device', but the {device} timed m = {sorted(c.oracle.post(device))} both ways")


# -- matrix products -------------------------------------------------------------------------------

def check_rates(s: Said, c: Context) -> None:
    device, printed = c.device(s.values["device"]), printed_fields(s)
    if "rates" in printed:
        for rate in parts(s.values["rates"]):
            dtype = text_of(rate.values["dtype"])
            best = [t.rate("flops")[0] for t in c.oracle.best("matmul", device, "flops", dtype=dtype)]
            c.quantity(rate.values["rate"], best, f"best {dtype} rate on the {device}")
    if "missing" in printed:
        for missing in parts(s.values["missing"]):
            for dtype in values_of(missing.values["dtypes"]):
                _missing(c, device, text_of(dtype), choice(missing, "status"), f"best rates on the {device}")


def _same_sizes(c: Context, pairs: Pairs, clause: Said, where: str, says_slower: bool) -> None:
    """One clause of a same-size comparison (the accelerator's, or the CPU's half precision's): its summary says
    which sizes it names and what holds at them; ``says_slower``: its mixed form can say where it is slower, and so
    must name every such size."""
    v, printed = clause.values, printed_fields(clause)
    pairs = pairs.telling_noise()  # level only where the intervals are narrow enough; else too noisy to tell
    common, summary = pairs.common(), choice(clause, "summary").removesuffix(".best")  # (_halves_best's)
    form, _, rest = summary.partition(".")
    if form in ("not_faster", "level_noisy"):  # faster at none: slower at the listed sizes, level or noisy at the rest
        _common(c, pairs, sizes_of(v["sizes"]), where)
        losses = sizes_of(v["losses"]) if form == "not_faster" else []
        _rest(c, pairs, rest if form == "not_faster" else "both", v, losses, where)
        for at in losses:
            c.side(SLOWER, pairs, at, where)
        if form == "not_faster" and (not losses or len(losses) == len(common)):
            c.fail(f"{where}: 'faster at none' with losses {losses} of {common}: not a mix")
        return
    if summary.startswith("mixed"):
        wins = sizes_of(v["wins"])
        if not wins:
            c.fail(f"{where}: 'faster only at m = ' names no size: at m = {common} it is " +
                   ", ".join('/'.join(sorted(pairs.directions(size))) for size in common) + ", faster at none")
        _common(c, pairs, sizes_of(v["sizes"]), where)
        for at in wins:
            c.side(FASTER, pairs, at, where)
        slower = sizes_of(v["losses"]) if "losses" in printed else []
        for at in slower:
            c.side(SLOWER, pairs, at, where)
        for at in common:
            if at not in wins and pairs.must_be(FASTER, at):
                c.fail(f"{where}: 'faster only at m = {', '.join(f'{w:,}' for w in wins)}', but also at m = {at:,} "
                       f"({pairs.evidence(at)})")
            if says_slower and at not in slower and pairs.must_be(SLOWER, at):
                c.fail(f"{where}: slower at m = {at:,} ({pairs.evidence(at)}), unsaid")
        if len(wins) == len(common):
            c.fail(f"{where}: 'only at' every size")
        if says_slower and rest != "slower":  # the CPU's mixed form also says what holds at the other sizes
            _rest(c, pairs, rest, v, wins, where)
        return
    side = {"faster": FASTER, "slower": SLOWER, "same": SAME, "unclear": UNCLEAR}[form]
    if "sizes" in printed:
        _common(c, pairs, sizes_of(v["sizes"]), where)
    elif rest != "all" and len(common) != 1:  # an ``.all`` form says "at every size" without listing them
        c.fail(f"{where}: said of one size, but both measured {common}")
    elif rest == "all" and len(common) < 2:
        c.fail(f"{where}: 'at every size', but both measured only {common}")
    _every(c, side, pairs, common, where)
    at = v["size"].n if "size" in printed else None
    if at is not None and at not in common:
        c.fail(f"{where}: m = {at:,} was not measured on both ({common})")
    if "factor" in printed and at is not None:
        c.winner_factor(side, pairs, at, v["factor"], where)


def _rest(c: Context, pairs: Pairs, rest: str, v: Mapping[str, Any], named: list[int], where: str) -> None:
    """The sizes a clause does not name by its own side (``named``): level at every one (``rest`` empty), too
    noisy to tell at every one (``noisy``), or, ``both``, level at those listed as ``level`` and too noisy at
    those listed as ``noisy``, the two lists together being exactly the rest."""
    others = [at for at in pairs.common() if at not in named]
    if rest == "both":
        level, noisy = sizes_of(v["level"]), sizes_of(v["noisy"])
        if sorted(level + noisy) != others:
            c.fail(f"{where}: level at {level} and too noisy at {noisy}, but the other sizes are {others}")
        if not level or not noisy:
            c.fail(f"{where}: 'level at … and too noisy at …' with one of the two empty ({level}, {noisy})")
    else:
        level, noisy = (others, []) if not rest else ([], others)
    for at in level:
        c.side(SAME, pairs, at, where)
    for at in noisy:
        c.side(UNCLEAR, pairs, at, where)


#: The side a same-size comparison's precision is said under (``matmul.side``), by its own summary's form.
SIDE_OF_SUMMARY = {"faster": "faster", "faster.all": "faster", "mixed": "faster", "same": "same", "same.all": "same",
                   "unclear": "unclear", "unclear.all": "unclear", "not_faster": "not_faster",
                   "not_faster.noisy": "not_faster", "not_faster.both": "not_faster", "level_noisy": "not_faster",
                   "slower": "slower", "slower.all": "slower"}


def _sided(c: Context, s: Said, side_key: str, item_key: str, side_of: Callable[[Said], str]) -> list[Said]:
    """The items of every side a sentence names (each side once), each checked to stand under its own side: the
    side's words ("the CPU is faster in …") are what the page says of every precision listed under it."""
    items, seen = [], set()
    for group in parts(s.values["clauses"]):
        side = choice(group, side_key)
        if side in seen:
            c.fail(f"the side '{side}' said twice")
        seen.add(side)
        listed = parts(group.values["items"])
        if not listed:
            c.fail(f"the side '{side}' names no precision")
        for item in listed:
            if side_of(item) != side:
                c.fail(f"{text_of(item.values['dtype'])} ({choice(item, item_key)}) said under '{side}'")
            items.append(item)
    if not items:
        c.fail("no clause")
    return items


def check_same_size(s: Said, c: Context) -> None:
    """Each precision's clause against its points; the sizes the sentence opens with, where it names them, are
    exactly those both devices measured in every precision it compares."""
    clauses = _sided(c, s, "side", "summary", lambda item: SIDE_OF_SUMMARY[choice(item, "summary")])
    for clause in clauses:
        dtype = text_of(clause.values["dtype"])
        _same_sizes(c, c.oracle.compare("matmul", dtype=dtype), clause, f"same size, {dtype}", says_slower=False)
    if choice(s, "scope") == "every":
        # "Faster at every size both measured": every precision compared, each faster at each of its sizes.
        said = {text_of(clause.values["dtype"]) for clause in clauses}
        compared = {d for d in DTYPES if c.oracle.compare("matmul", dtype=d).common()}
        if said != compared:
            c.fail(f"'faster at every size both measured' rests on {sorted(said)}, but both measured "
                   f"{sorted(compared)}")
        for clause in clauses:
            if choice(clause, "summary") not in ("faster", "faster.all"):
                c.fail(f"'faster at every size both measured', but {text_of(clause.values['dtype'])} is "
                       f"{choice(clause, 'summary')}")
        if c.device(s.values["device"]) != c.oracle.accelerator:
            c.fail(f"'faster at every size' said of the {c.device(s.values['device'])}, not the accelerator")
    if "sizes" in printed_fields(s):
        named = sorted(sizes_of(s.values["sizes"]))
        for dtype in DTYPES:
            common = sorted(c.oracle.compare("matmul", dtype=dtype).common())
            if common and common != named:
                c.fail(f"same size: opens with m = {named}, but in {dtype} both devices measured m = {common}")


def _best_ratios(c: Context, dtype: str, acc_size: int, cpu_size: int, where: str) -> list[float]:
    """Every reading of the accelerator's best rate over the CPU's in ``dtype`` (several only where bests tie),
    each best checked to be at the size printed for it."""
    o = c.oracle
    mine = o.best("matmul", o.accelerator, "flops", dtype=dtype) if o.accelerator else []
    theirs = o.best("matmul", "cpu", "flops", dtype=dtype)
    for name, tops, printed in (("accelerator", mine, acc_size), ("CPU", theirs, cpu_size)):
        at = [int(t.point.params["m"]) for t in tops]
        if printed not in at:
            c.fail(f"{where}: best {dtype} on the {name} said to be at m = {printed:,}, but it is at m = {at}")
    return [a.rate("flops")[0] / b.rate("flops")[0] for a in mine for b in theirs]


def _best_compared(c: Context) -> list[str]:
    """The precisions with a best rate on both devices."""
    o = c.oracle
    return [d for d in DTYPES if o.accelerator and o.best("matmul", o.accelerator, "flops", dtype=d)
            and o.best("matmul", "cpu", "flops", dtype=d)]


def check_best_top(s: Said, c: Context) -> None:
    """The precision said to lead most: ahead, by the factor printed, and by no less than any other precision the
    accelerator may be ahead in; ``every``/``one``/``some`` as the compared precisions are, ``others`` exactly
    those it need not be ahead in."""
    v, o = s.values, c.oracle
    dtype, rest = text_of(v["dtype"]), choice(s, "rest")
    if c.device(v["device"]) != o.accelerator:
        c.fail(f"best against best said of the {c.device(v['device'])}, not the accelerator {o.accelerator}")
    ratios = _best_ratios(c, dtype, v["acc_size"].n, v["cpu_size"].n, "best against best")
    if FASTER not in o.best_rate_directions(dtype, level=True):
        c.fail(f"best against best: ahead in {dtype}, but it is "
               f"{'/'.join(sorted(o.best_rate_directions(dtype, level=True))) or 'not compared'}")
    c.factor(v["factor"], ratios, f"best rate in {dtype}")
    compared = _best_compared(c)
    others = [text_of(d) for d in values_of(v["others"])] if "others" in printed_fields(s) else []
    for other in compared:
        directions = o.best_rate_directions(other, level=True)
        if other in others:
            if directions == {FASTER}:
                c.fail(f"best against best: said not to be ahead in {other}, but it is")
        elif other != dtype:
            if FASTER not in directions:
                c.fail(f"best against best: {other} left out of those it is not ahead in, but it is "
                       f"{'/'.join(sorted(directions))}")
            theirs = [a.rate("flops")[0] / b.rate("flops")[0]
                      for a in o.best("matmul", o.accelerator or "", "flops", dtype=other)
                      for b in o.best("matmul", "cpu", "flops", dtype=other)]
            if ratios and theirs and max(theirs) > max(ratios) * (1 + 1e-9):
                c.fail(f"best against best: furthest ahead in {dtype} ({max(ratios):.3g}×), but {other} is "
                       f"{max(theirs):.3g}×")
    for other in others:
        if other not in compared:
            c.fail(f"best against best: not ahead in {other}, which has no best rate on both devices")
    wanted = "one" if len(compared) == 1 else "some" if others else "every"
    if rest != wanted:
        c.fail(f"best against best said as {rest!r}: {len(compared)} precision(s) compared, {others} not ahead")


def check_best_capped(s: Said, c: Context) -> None:
    """"In every precision (or in those named) the CPU's rate was highest at the largest size it measured": in
    each, the CPU's best rate stands at the largest of two or more sizes it measured well; ``every`` only where
    that holds of every precision the CPU has a best rate in, and the named ones exactly the precisions compared
    on both devices where it holds."""
    v, o = s.values, c.oracle
    if c.device(v["device"]) != o.accelerator:
        c.fail(f"best rate capped: said of the {c.device(v['device'])}, not the accelerator {o.accelerator}")

    def capped(dtype: str) -> bool:
        sizes = sorted({int(p.params["m"]) for p in o.results.select(workload="matmul", device="cpu")
                        if good(p) and p.params.get("dtype") == dtype and p.method == "engine"})
        tops = [int(t.point.params["m"]) for t in o.best("matmul", "cpu", "flops", dtype=dtype)]
        return len(sizes) > 1 and sizes[-1] in tops

    compared = _best_compared(c)
    held = [d for d in compared if capped(d)]
    if choice(s, "which") == "every":
        ranged = [d for d in DTYPES if o.best("matmul", "cpu", "flops", dtype=d)]
        for dtype in ranged:
            if not capped(dtype):
                c.fail(f"best rate capped in every precision, but the CPU's best {dtype} rate is not at the "
                       f"largest of several sizes")
        if not held:
            c.fail("best rate capped in every precision, but no precision has a best rate on both devices")
    else:
        named = [text_of(d) for d in values_of(v["dtypes"])]
        if sorted(named) != sorted(held):
            c.fail(f"best rate capped in {named}, but the precisions compared where the CPU's best is at its "
                   f"largest size are {held}")


def check_best_none(s: Said, c: Context) -> None:
    compared = _best_compared(c)
    if not compared:
        c.fail("'ahead in none of the precisions', but no precision has a best rate on both devices")
    for dtype in compared:
        if c.oracle.best_rate_directions(dtype, level=True) == {FASTER}:
            c.fail(f"'ahead in none of the precisions', but its best {dtype} rate is ahead of the CPU's")


def check_matmul_row(s: Said, c: Context) -> None:
    """A row of the table of best rates: each device's best rate and its size, or why it has none, and best over
    best with an interval that holds it."""
    v, o = s.values, c.oracle
    printed = set(v)  # a row's cells show each value it has
    dtype = text_of(v["dtype"])
    for side, device in (("cpu", "cpu"), ("acc", o.accelerator)):
        if f"{side}_rate" in printed:
            tops = o.best("matmul", device or "", "flops", dtype=dtype)
            c.quantity(v[f"{side}_rate"], [t.rate("flops")[0] for t in tops], f"best {dtype} rate on the {device}")
            at = [int(t.point.params["m"]) for t in tops]
            if v[f"{side}_size"].n not in at:
                c.fail(f"best {dtype} on the {device} said to be at m = {v[f'{side}_size'].n:,}, but it is at {at}")
        elif f"{side}_missing" in printed:
            _missing(c, device or "", dtype, choice(s, f"{side}_missing"), f"table of best rates, {dtype}")
        elif device and o.best("matmul", device, "flops", dtype=dtype):
            c.fail(f"table of best rates: {dtype} on the {device} has a best rate, shown as a dash")
    if "factor" in printed:
        if "acc_rate" not in printed or "cpu_rate" not in printed:
            c.fail(f"table of best rates: a ratio in {dtype} without both best rates")
            return
        ratios = _best_ratios(c, dtype, v["acc_size"].n, v["cpu_size"].n, "table of best rates")
        c.quantity(v["factor"], ratios, f"best over best in {dtype}")  # a ratio near 1 too: the table shows all
        low, factor, high = (shown(v[k]).value for k in ("low", "factor", "high"))
        if not low <= factor <= high:
            c.fail(f"best over best in {dtype}: {factor} outside its own interval {low}–{high}")
    elif "acc_rate" in printed and "cpu_rate" in printed:
        c.fail(f"table of best rates: both devices have a best {dtype} rate, but no ratio is shown")


#: What a row of the same-size table reads its interval as, in the oracle's words.
SAME_SIZE_READINGS = {"faster": FASTER, "slower": SLOWER, "same": SAME, "unclear": UNCLEAR}


def check_matmul_same_row(s: Said, c: Context) -> None:
    """A row of the table of the accelerator against the CPU at one size both measured: its ratio (CPU time over
    the accelerator's), read as faster, slower, level or too noisy as the pairs there allow; with the first row,
    the table as a whole: every size both measured, in every precision, once."""
    v, o = s.values, c.oracle
    dtype, at = text_of(v["dtype"]), v["m"].n
    where = f"same-size table, {dtype} at m = {at:,}"
    if c.device(v["device"]) != o.accelerator:
        c.fail(f"{where}: said of the {c.device(v['device'])}, not the accelerator {o.accelerator}")
    pairs = o.compare("matmul", dtype=dtype).telling_noise()
    if at not in pairs.common():
        c.fail(f"{where}: not measured well on both ({pairs.common()})")
        return
    c.quantity(v["factor"], pairs.speedups(at), where)
    _every(c, SAME_SIZE_READINGS[choice(s, "reading")], pairs, [at], where)
    rows = c.every("table.matmul_same")
    if rows[0] is not s:
        return
    shown_rows = [(text_of(r.values["dtype"]), r.values["m"].n) for r in rows]
    wanted = [(d, size) for d in DTYPES for size in o.compare("matmul", dtype=d).common()]
    if sorted(shown_rows) != sorted(wanted):
        c.fail(f"same-size table: rows {shown_rows}, but both devices measured {wanted}")


def check_peak_share(s: Said, c: Context) -> None:
    """Each precision's best rate on the accelerator over the peak mpsarticle/data/vendor_peaks.csv lists for its
    GPU (float32 against TF32's peak where the environment allowed TF32)."""
    device = c.device(s.values["device"])
    env = c.oracle.environment.get(device, {})
    name = str(env.get("name", "")).strip()
    float32 = "tf32_tensor" if env.get("matmul_allow_tf32") else "fp32"
    for item in parts(s.values["shares"]):
        dtype = text_of(item.values["dtype"])
        quantity = {"float32": float32, "float16": "fp16_tensor", "bfloat16": "bf16_tensor"}.get(dtype)
        peaks = [float(r["value"]) * 1e12 for r in _csv("vendor_peaks.csv")
                 if r["gpu"] == name and r["quantity"] == quantity and r["unit"] == "TFLOP/s"]
        best = [t.rate("flops")[0] for t in c.oracle.best("matmul", device, "flops", dtype=dtype)]
        if len(peaks) != 1:
            c.fail(f"a share of the {device}'s {dtype} peak, but the data file lists {len(peaks)} for {name!r}")
            continue
        c.quantity(item.values["share"], [b / peaks[0] for b in best],
                   f"the {device}'s best {dtype} rate over its peak")


def check_tf32(s: Said, c: Context) -> None:
    device = c.device(s.values["device"])
    recorded = c.oracle.environment.get(device, {}).get("matmul_allow_tf32")
    if device != "cuda" or recorded is None:
        c.fail(f"TF32 said of the {device}, whose environment records no matmul_allow_tf32")
    elif (s.key == "tf32.on") != bool(recorded):
        c.fail(f"TF32 {s.key.rpartition('.')[2]}, but the environment recorded matmul_allow_tf32 = {recorded}")


def check_conv_tf32(s: Said, c: Context) -> None:
    device = c.device(s.values["device"])
    recorded = c.oracle.environment.get(device, {}).get("cudnn_allow_tf32")
    if device != "cuda" or recorded is None:
        c.fail(f"cuDNN's TF32 said of the {device}, whose environment records no cudnn_allow_tf32")
    elif (s.key == "tf32.conv.on") != bool(recorded):
        c.fail(f"cuDNN TF32 {s.key.rpartition('.')[2]}, but the environment recorded cudnn_allow_tf32 = {recorded}")
    elif not c.oracle.timed("train_step", "cuda"):
        c.fail("cuDNN's TF32 said of a training step the CUDA GPU did not measure")


def _halves_items(s: Said) -> list[tuple[Said, Said | None]]:
    """(clause, its item) of each precision of the sentence on the CPU's half precisions: a precision ranked at
    some size stands in an item (``cpuhalf.item``) with the size of its effect; those that cannot be ranked share a
    bare clause."""
    found = []
    for item in parts(s.values["clauses"]):
        if item.key == "cpuhalf.item":
            found.append((parts(item.values["clause"])[0], item))
        else:
            found.append((item, None))
    return found


def check_cpu_halves(s: Said, c: Context) -> None:
    seen = set()
    for clause, item in _halves_items(s):
        # One clause may name several precisions (those that cannot be ranked at any size): each is read alone.
        for name in values_of(clause.values["dtype"]):
            dtype = text_of(name)
            seen.add(dtype)
            _same_sizes(c, c.oracle.halves(dtype), clause, f"CPU {dtype} against float32", says_slower=True)
        if choice(clause, "summary") == "unclear.all.best":
            _halves_best(c, clause)
        if item is not None and "best" in printed_fields(item):
            best = parts(item.values["best"])[0]
            _half_against_float32(c, text_of(clause.values["dtype"]), best)
            # A best rate above float32's beside a precision no size shows faster reads as a contradiction.
            if choice(best, "side") == "above" and not choice(clause, "summary").startswith(("faster", "mixed")):
                c.fail(f"{text_of(clause.values['dtype'])}: a best rate above float32's beside "
                       f"'{choice(clause, 'summary')}', which shows no size faster")
    for dtype in HALVES:
        if dtype not in seen and c.oracle.halves(dtype).common():
            c.fail(f"the CPU measured {dtype} and float32 at m = {c.oracle.halves(dtype).common()}, unsaid")


def _half_against_float32(c: Context, dtype: str, best: Said) -> None:
    """"Its best rate N× float32's" (or "only S of float32's"): the precision's best rate on the CPU, at whatever
    size, over float32's best there, above 1 (or below it)."""
    top = {d: [t.rate("flops")[0] for t in c.oracle.best("matmul", "cpu", "flops", dtype=d)]
           for d in (dtype, "float32")}
    ratios = [b / f for b in top[dtype] for f in top["float32"]]
    where = f"the CPU's best {dtype} rate over its best float32 rate"
    if choice(best, "side") == "above":
        c.factor(best.values["factor"], ratios, where)
        if ratios and max(ratios) <= 1:
            c.fail(f"{where}: said above 1, but it is {_fmt(ratios)}")
    else:
        c.quantity(best.values["share"], ratios, where)
        if ratios and min(ratios) >= 1:
            c.fail(f"{where}: said below 1, but it is {_fmt(ratios)}")


def _halves_best(c: Context, clause: Said) -> None:
    """"bfloat16's best rate is N× float32's": the precision named is one of the clause's, and N is its best rate on
    the CPU, at whatever size, over float32's best there, above 1; the other precisions of the clause reach no
    higher."""
    dtypes = {text_of(name) for name in values_of(clause.values["dtype"])}
    named = text_of(clause.values["best"])
    top = {d: [t.rate("flops")[0] for t in c.oracle.best("matmul", "cpu", "flops", dtype=d)]
           for d in dtypes | {"float32"}}
    if named not in dtypes or not top[named] or not top["float32"]:
        c.fail(f"the best rate of {named} set against float32's, but the clause names {sorted(dtypes)}")
        return
    ratios = [b / f for b in top[named] for f in top["float32"]]
    c.factor(clause.values["factor"], ratios, f"the CPU's best {named} rate over its best float32 rate")
    if max(ratios) <= 1:
        c.fail(f"{named}'s best rate said above float32's, but it is {_fmt(ratios)} of it")
    rivals = [b / f for d in dtypes - {named} for b in top[d] for f in top["float32"]]
    if rivals and max(rivals) > max(ratios) * 1.01:
        c.fail(f"{named} named as furthest above float32, but another precision reaches {_fmt(rivals)}")


def check_cpu_halves_noisy(s: Said, c: Context) -> None:
    """'At m = (sizes), (a precision) and float32 are too scattered to judge': the precision's clause in the sentence
    before says so (a ``.noisy`` form, which check_cpu_halves reads against the points), its sizes are the clause's
    other sizes, and every such clause has its sentence."""
    sentence = c.before("cpuhalf.sentence")
    if sentence is None:
        c.fail("the scattered sizes said with no sentence of the CPU's half precisions before")
        return
    # A clause that prints its noisy sizes itself needs no sentence of them.
    noisy = {text_of(clause.values["dtype"]): _sizes_of(clause.values["noisy"])
             for clause, _ in _halves_items(sentence)
             if choice(clause, "summary").endswith(".noisy") and "noisy" not in printed_fields(clause)}
    listed = [text_of(one) for one in values_of(s.values["dtypes"])]
    sizes = _sizes_of(s.values["sizes"])
    for dtype in listed:
        if dtype not in noisy:
            c.fail(f"sizes too scattered for {dtype}, but its clause does not say so")
        elif sizes != noisy[dtype]:
            c.fail(f"{dtype} too scattered at m = {sorted(sizes)}, but its clause leaves m = {sorted(noisy[dtype])}")
    said = {text_of(one) for n in c.every("cpuhalf.noisy") for one in values_of(n.values["dtypes"])}
    if s is c.every("cpuhalf.noisy")[-1] and set(noisy) - said:
        c.fail(f"the scattered sizes of {sorted(set(noisy) - said)} unsaid")


def _sizes_of(listing: Any) -> set[int]:
    return {one.n for one in values_of(listing)}


def check_cpu_halves_none(s: Said, c: Context) -> None:
    for dtype in HALVES:
        if c.oracle.halves(dtype).common():
            c.fail(f"'did not measure … at the same size', but {dtype} and float32 share m = "
                   f"{c.oracle.halves(dtype).common()}")


def _pays_off(c: Context) -> dict[str, tuple[bool, bool]]:
    """Half precision by half precision: (can be faster somewhere, must be faster somewhere) than float32."""
    found = {}
    for dtype in HALVES:
        pairs = c.oracle.halves(dtype)
        if pairs.common():
            found[dtype] = (any(pairs.can_be(FASTER, size) for size in pairs.common()),
                            any(pairs.must_be(FASTER, size) for size in pairs.common()))
    return found


def check_cpu_rule(s: Said, c: Context) -> None:
    found = _pays_off(c)
    if not found:
        c.fail("a rule about half precision, but no half precision shares a size with float32 on the CPU")
    named = {text_of(d) for d in values_of(s.values["dtypes"])} if "dtypes" in printed_fields(s) else set()
    for dtype, (can, must) in found.items():
        if dtype in named and not can:
            c.fail(f"'{dtype} can pay off', but it is faster than float32 at no size")
        if dtype not in named and must:
            c.fail(f"{'stay with float32' if not named else 'the rule'} leaves out {dtype}, faster than float32 at "
                   f"some size ({c.oracle.halves(dtype).common()})")
    for dtype in named - set(found):
        c.fail(f"'{dtype} can pay off', but it was not measured beside float32")
    if "gains" in printed_fields(s):
        _against_float32(s, c, "gains")


def _against_float32(s: Said, c: Context, field: str) -> None:
    """Each precision the rule names, in order, beside its best rate on the CPU (at whatever size) over float32's
    best there: a factor above 1 for ``gains``, a share below the whole for ``shares``."""
    dtypes = [text_of(d) for d in values_of(s.values["dtypes"])]
    printed = values_of(s.values[field])
    if len(printed) != len(dtypes):
        c.fail(f"{len(printed)} {field} for the {len(dtypes)} precisions {dtypes}")
        return
    top = [t.rate("flops")[0] for t in c.oracle.best("matmul", "cpu", "flops", dtype="float32")]
    for dtype, value in zip(dtypes, printed, strict=True):
        ratios = [t.rate("flops")[0] / f for t in c.oracle.best("matmul", "cpu", "flops", dtype=dtype) for f in top]
        where = f"the CPU's best {dtype} rate over its best float32 rate"
        if field == "gains":
            c.factor(value, ratios, where)
            if shown(value).value <= 1:
                c.fail(f"{where} said as a gain, but printed {shown(value)}")
        else:
            c.quantity(value, ratios, where)
            if shown(value).value >= 1:
                c.fail(f"{where} said to be only a share of it, but printed {shown(value)}")


def check_cpu_rule_avoid(s: Said, c: Context) -> None:
    """Each half precision the rule says to avoid is slower than float32 at every size the two share; where its
    best rate is said as a share of float32's best, that share is read from both best rates."""
    for dtype in {text_of(d) for d in values_of(s.values["dtypes"])}:
        pairs = c.oracle.halves(dtype)
        sizes = pairs.common()
        if not sizes:
            c.fail(f"'avoid {dtype}', but it was not measured beside float32")
        elif not all(pairs.must_be(SLOWER, size) for size in sizes):
            c.fail(f"'avoid {dtype}: slower at every size', but not at every one of {sizes}")
    if "shares" in printed_fields(s):
        _against_float32(s, c, "shares")


def check_cpu_rule_untold(s: Said, c: Context) -> None:
    """Each half precision the rule calls too noisy to tell against float32 was measured beside it, and at no size
    shared is it surely faster or surely slower."""
    for dtype in {text_of(d) for d in values_of(s.values["dtypes"])}:
        pairs = c.oracle.halves(dtype)
        sizes = pairs.common()
        if not sizes:
            c.fail(f"'{dtype} too noisy to tell', but it was not measured beside float32")
        for size in sizes:
            for side in (FASTER, SLOWER):
                if pairs.must_be(side, size):
                    c.fail(f"'{dtype} too noisy to tell at every size', but it is {side} than float32 at m = {size:,}")


def check_cpu_rule_alone(s: Said, c: Context) -> None:
    if any(c.oracle.halves(d).common() for d in HALVES):
        c.fail("'the CPU measured float32 alone', but it measured a half precision at a size of float32's")


def check_cpu_rule_unmeasured(s: Said, c: Context) -> None:
    if c.oracle.timed("matmul", "cpu", dtype="float32"):
        c.fail("'no float32 matrix product was measured well on the CPU', but one was")


def check_cpu_facts(s: Said, c: Context) -> None:
    o, facts = c.oracle, parts(s.values["facts"])
    if not facts:
        c.fail("no fact stated")
    for fact in facts:
        v = fact.values
        if fact.key == "cpufact.matvec":
            # The rate from memory at the size printed, beyond the cache; the best rate, the best of all sizes.
            by_size = o.rates("matvec", "cpu", "bytes_moved")
            rates = [r for rs in by_size.values() for r in rs]
            basis, at = choice(fact, "basis"), v["size"].n
            if basis in ("split", "beyond_cache"):
                _basis(c, "cpu", at, "beyond_cache", "the CPU's B @ a from memory")
                c.quantity(v["memory" if basis == "split" else "rate"], by_size.get(at, []),
                           f"the CPU's B @ a at m = {at:,}")
            else:
                _basis(c, "cpu", max(by_size, default=0), basis, "the CPU's best B @ a")
            if basis != "beyond_cache":
                c.quantity(v["rate"], [max(rates, default=math.nan)], "the CPU's best B @ a")
        elif fact.key == "cpufact.matmul":
            c.quantity(v["rate"], [t.rate("flops")[0] for t in o.best("matmul", "cpu", "flops", dtype="float32")],
                       "the CPU's best float32 rate")
            # "Up to m = N": the largest size float32 was measured at on the CPU.
            sizes = [size for size, ts in o.timed("matmul", "cpu", dtype="float32").items() if ts]
            if "size" in v and v["size"].n != max(sizes, default=0):
                c.fail(f"float32 measured up to m = {v['size'].n:,}, but the CPU's largest is m = "
                       f"{max(sizes, default=0):,}")
        else:
            c.fail(f"a fact the oracle does not know: {fact.key}")


# -- training, correctness, counts -----------------------------------------------------------------

def check_train(s: Said, c: Context) -> None:
    v = s.values
    pairs, at = c.oracle.compare("train_step").telling_noise(), v["batch"].n
    side = SIDE_FORMS[choice(s, "direction")]
    c.side(side, pairs, at, f"batch {at:,}")
    _pair_times(c, "train_step", at, v["acc"], v["cpu"])
    if "factor" in printed_fields(s):
        c.winner_factor(side, pairs, at, v["factor"], f"batch {at:,}")
    _train_interval(s, c, pairs, at)


def check_train_also(s: Said, c: Context) -> None:
    if choice(s, "direction") == "missing":
        _train_missing(s, c)
        return
    v = s.values
    pairs, at = c.oracle.compare("train_step").telling_noise(), v["batch"].n
    side = SIDE_FORMS[choice(s, "direction")]
    c.side(side, pairs, at, f"batch {at:,}")
    if "factor" in printed_fields(s):
        c.winner_factor(side, pairs, at, v["factor"], f"batch {at:,}")
    if "acc" in printed_fields(s):
        _pair_times(c, "train_step", at, v["acc"], v["cpu"])
    _train_interval(s, c, pairs, at)


def _printed_interval(s: Said, c: Context, ratios: list[float], where: str) -> tuple[float, float, float] | None:
    """A printed ratio with its interval ("2.6× (0.87–7.9×)"): the ratio is some pair's quotient of medians and
    lies inside its own interval; ``None`` where the message prints no interval."""
    if "low" not in printed_fields(s):
        return None
    v = s.values
    c.quantity(v["ratio"], ratios, where)
    low, value, high = (shown(v[k]).value for k in ("low", "ratio", "high"))
    if not low <= value <= high:
        c.fail(f"{where}: {value} outside its own interval {low}–{high}")
    return low, value, high


def _train_interval(s: Said, c: Context, pairs: Pairs, at: int) -> None:
    """'Still has 1 in its interval': the printed interval of the CPU's time over the accelerator's holds 1."""
    found = _printed_interval(s, c, pairs.speedups(at), f"batch {at:,}, CPU time over the accelerator's")
    if found is not None and not found[0] < 1 < found[2]:
        c.fail(f"batch {at:,}: 'still has 1 in its interval', but the interval printed is {found[0]}–{found[2]}")


def check_train_scaling_none(s: Said, c: Context) -> None:
    """Why no device's growth is said: "one batch size only" needs every device to have at most one good batch."""
    most = max((len(c.oracle.timed("train_step", device)) for device in c.oracle.devices), default=0)
    if most >= 2:
        c.fail(f"'one batch size only', but a device measured {most} batches well")


def check_train_scaling(s: Said, c: Context) -> None:
    """A device's step at its smallest and largest good batch: the batches, their times, and how the time grew,
    read from every pair of the two points' readings (one must show it). "Less than half the batch ratio in
    time" (the forms less, same, fixed) is what puts most of the smaller step in a cost the batch does not grow;
    "grows" needs a pair that took more time at the larger batch; "even" (roughly the batch ratio) one whose interval
    holds the batch ratio."""
    v, kind = s.values, choice(s, "kind")
    device = c.device(v["device"])
    steps = c.oracle.timed("train_step", device)
    small, large = v["small"].n, v["large"].n
    where = f"training step on the {device}, batch {small:,} to {large:,}"
    if len(steps) < 2 or (small, large) != (min(steps), max(steps)):
        c.fail(f"{where}: the good batches are {sorted(steps)}, not from the smallest to the largest said")
        return
    printed = printed_fields(s)
    c.quantity(v["small_s"], [t.median for t in steps[small]], f"{where}, at {small:,}")
    if "large_s" in printed:
        c.quantity(v["large_s"], [t.median for t in steps[large]], f"{where}, at {large:,}")
    # The time per image: a step's median over its batch.
    for name, at in (("small_each", small), ("large_each", large)):
        if name in printed:
            c.quantity(v[name], [t.median / at for t in steps[at]], f"{where}, per image at {at:,}")
    times = large / small
    for name, value in (("times", times), ("half", times / 2)):
        if name in printed and not shown(v[name]).matches(value):
            c.fail(f"{where}: {name} printed as {shown(v[name])}, the batches give {value:g}")
    pairs = [(a, b) for pa in steps[small] for pb in steps[large] for a in pa.readings() for b in pb.readings()]
    ratios = [b.median / a.median for a, b in pairs]
    if "ratio" in printed:
        c.quantity(v["ratio"], ratios, f"{where}, the larger batch's time over the smaller's")
    _printed_interval(s, c, ratios, f"{where}, the larger batch's time over the smaller's")
    if choice(s, "lead").startswith("after"):
        # The larger batch's time goes unsaid only where the training sentence just before gave it: both devices
        # at the largest batch both measured well, or the CPU alone at its largest where no accelerator ran one.
        cpu = c.oracle.timed("train_step", "cpu")
        others = [d for d in c.oracle.devices if d != "cpu" and c.oracle.timed("train_step", d)]
        shared = [b for b in cpu if others and b in c.oracle.timed("train_step", others[0])]
        given = ({others[0], "cpu"}, max(shared)) if shared else ({"cpu"}, max(cpu)) if cpu and not others else None
        if given is None or device not in given[0] or large != given[1]:
            c.fail(f"{where}: goes on from the training sentence's time at batch {large:,}, but that sentence gives "
                   f"{'no time' if given is None else f'{sorted(given[0])} at batch {given[1]:,}'}")
    # A printed ratio on one side of the batch ratio reads as growing faster (or slower) than the batch: some pair
    # of readings must show it beyond their intervals. "Roughly the batch ratio" needs a pair whose interval holds it.
    spans = [(b.low / a.high, b.high / a.low) for a, b in pairs]
    if kind in ("even", "spread") and not any(low <= times <= high for low, high in spans):
        c.fail(f"{where}: 'roughly {times:g}× as long', but no pair of readings holds {times:g}× in its interval")
    # Per image, "the same within noise" needs a pair whose interval over the batch ratio lies within AGREE of 1;
    # "too noisy to tell" one whose interval holds the batch ratio and reaches beyond AGREE.
    per_image = [(low / times, high / times) for low, high in spans if low <= times <= high]
    if kind == "even" and not any(not spread_is_wide(low, high) for low, high in per_image):
        c.fail(f"{where}: per image the same within noise, but every pair's interval over {times:g}× reaches beyond "
               f"{AGREE}× ({_fmt([x for span in per_image for x in span])})")
    if kind == "spread" and not any(spread_is_wide(low, high) for low, high in per_image):
        c.fail(f"{where}: per image too noisy to tell, but no pair's interval over {times:g}× both holds it and "
               f"reaches beyond {AGREE}×")
    if kind == "grows" and "ratio" in printed:
        value = shown(v["ratio"]).value
        if value > times and not any(low > times for low, _ in spans):
            c.fail(f"{where}: {value}× for {times:g}× the images, but no pair of readings lies above {times:g}×")
        if value < times and not any(high < times for _, high in spans):
            c.fail(f"{where}: {value}× for {times:g}× the images, but no pair of readings lies below {times:g}×")
    if kind in ("hint", "unclear"):
        # No verdict, only the medians and the interval that keeps them from one; a hint of a fixed cost needs a
        # ratio under half the batch ratio.
        if kind == "hint" and not any(r < times / 2 for r in ratios):
            c.fail(f"{where}: 'only {shown(v['ratio'])} as long' hints at a fixed cost, but the readings give "
                   f"{_fmt(ratios)}, none under {times / 2:g}×")
        return
    # direction(base, other) is "faster" where the larger batch (other) took less time than the smaller (base).
    found = {level_reading(a, b) for a, b in pairs}
    # "about as long" is a level claim; "less than half the time" holds as well where the two are too noisy to tell
    # whether the larger batch took more time or less.
    wanted = {"less": {FASTER}, "same": {SAME}, "fixed": {SLOWER, UNCLEAR}, "flat": {SLOWER, UNCLEAR},
              "grows": {SLOWER}, "even": {SLOWER}, "spread": {SLOWER}}[kind]
    # "No longer by the medians": the larger batch's median is at most the smaller's for some pair of processes.
    if kind == "flat" and not any(b.median <= a.median for a in steps[small] for b in steps[large]):
        c.fail(f"{where}: 'no longer by the medians', but every median at {large:,} is above those at {small:,}")
    if not wanted & found:
        c.fail(f"{where}: '{kind}', but the readings show {'/'.join(sorted(found))} for the larger batch")
    if kind not in ("grows", "even", "spread") and not any(r < times / 2 for r in ratios):
        c.fail(f"{where}: '{kind}' puts the larger step under {times / 2:g}× the smaller's time, but the readings "
               f"give {_fmt(ratios)}")


def _train_missing(s: Said, c: Context) -> None:
    at, device = s.values["batch"].n, c.device(s.values["device"])
    [why] = parts(s.values["why"])
    status = choice(why, "status")
    points = c.oracle.results.select(workload="train_step", device=device, batch=at)
    if any(good(p) for p in points):
        c.fail(f"the step at batch {at:,} on the {device} '{status}', but it has a good point")
    if status == "failed_check" and not any(p.check == "failed" for p in points):
        c.fail(f"batch {at:,}: no point failed its check")


def check_train_missing(s: Said, c: Context) -> None:
    _train_missing(s, c)
    check_train_cpu(s, c)


def check_train_cpu(s: Said, c: Context) -> None:
    at = s.values["batch"].n
    c.quantity(s.values["cpu"], [t.median for t in c.oracle.timed("train_step", "cpu").get(at, [])],
               f"CPU batch {at:,}")


#: The workloads whose ``point`` phrase names a precision; a decode step's names its context and mode too.
NAMES_DTYPE = ("matmul", "attention", "decode", "prefill", "step_products")


def _named(point: Said) -> set[tuple]:
    """(workload, device, precision, context, mode, size) of every point a ``point`` phrase names."""
    workload = choice(point, "workload")
    dtype = _dtype(point) if workload in NAMES_DTYPE else None
    context, mode = (point.values["context"].n, choice(point, "mode")) if workload == "decode" else (None, None)
    return {(workload, kind_of(point.values["device"]), dtype, context, mode, at)
            for at in sizes_of(point.values["sizes"])}


def _identity(p: Point) -> tuple:
    """What a ``point`` phrase names of ``p`` (:func:`_named`'s tuple)."""
    decode = p.workload == "decode"
    return (p.workload, p.device, p.params.get("dtype") if p.workload in NAMES_DTYPE else None,
            int(p.params.get("context", 0)) if decode else None, p.params.get("mode") if decode else None,
            int(p.params.get(SIZE_KEYS.get(p.workload, "m"), 0)))


def check_failed_count(s: Said, c: Context) -> None:
    failed = [p for p in c.oracle.results.points if p.status == "ok" and p.check == "failed"]
    if s.values["count"].n != len(failed):
        c.fail(f"{s.values['count'].n} failed their check, but {len(failed)} points did")
    where = parts(s.values["where"])
    named = {item for point in where if point.key == "point" for item in _named(point)}
    real = {_identity(p) for p in failed}
    whole = all(point.key == "point" for point in where)
    if not named <= real or (whole and named != real):
        c.fail(f"the points named, {sorted(named)}, are not those that failed, {sorted(real)}")


def check_passed(s: Said, c: Context) -> None:
    failed = [p for p in c.oracle.results.points if p.status == "ok" and p.check == "failed"]
    if failed:
        c.fail(f"'passed its correctness check', but {len(failed)} points failed it")
    if "worst" not in s.values:
        return
    steps = [p for p in c.oracle.results.points if p.workload == "train_step" and good(p)
             and p.rel_error is not None]
    if not steps:
        c.fail("no training step with a relative error")
        return
    worst = max(steps, key=lambda p: p.rel_error)
    c.quantity(s.values["worst"], [worst.rel_error], "largest relative error")
    if c.device(s.values["device"]) != worst.device:
        c.fail(f"the largest error is on the {worst.device}, not the {c.device(s.values['device'])}")
    # Leaving the device out says that one device alone ran the step.
    if choice(s, "where") == "one" and len({p.device for p in steps}) > 1:
        c.fail(f"the device left out, but the step ran on {sorted({p.device for p in steps})}")
    if worst.tolerance is None or not shown(s.values["tolerance"]).matches(worst.tolerance):
        c.fail(f"limit {shown(s.values['tolerance'])}, the point's tolerance is {worst.tolerance}")


#: A point's status, as the method chapter counts it.
STATUSES = {"unsupported": lambda p: p.status == "unsupported",
            "failed_check": lambda p: p.status == "ok" and p.check == "failed",
            "out_of_memory": lambda p: p.status == "out_of_memory", "error": lambda p: p.status == "error",
            "timeout": lambda p: p.status == "timeout", "crashed": lambda p: p.status == "crashed"}


def check_measured(s: Said, c: Context) -> None:
    points, profile = c.oracle.results.points, c.oracle.results.profile
    if s.values["points"].n != len(points):
        c.fail(f"{s.values['points'].n} points, but the set has {len(points)}")
    if profile and text_of(s.values["profile"]) != profile:
        c.fail(f"measured with the {text_of(s.values['profile'])} profile, but the set was measured with {profile}")
    said = {choice(m, "status"): m.values["count"].n for m in parts(s.values.get("missing", Listing(())))}
    for status in said.keys() - STATUSES.keys():
        c.fail(f"points said to be {status}, a status the oracle does not know")
    for status, test in STATUSES.items():
        real = sum(1 for p in points if test(p))
        if real != said.get(status, 0):
            c.fail(f"{said.get(status, 0)} said to be {status}, but {real} points were")


def check_duration(s: Said, c: Context) -> None:
    """'Timing this build's N points took T in all': T the sum of the time every point recorded for its whole
    measurement, N how many recorded one; 'N of its M points' where some did not, M every point of the set."""
    points = c.oracle.results.points
    timed = [p.wall_s for p in points if p.wall_s]
    c.quantity(s.values["seconds"], [sum(timed)], "the points' measuring time, summed")
    if s.values["points"].n != len(timed):
        c.fail(f"{s.values['points'].n} points timed said, {len(timed)} recorded their time")
    if (choice(s, "scope") == "all") != (len(timed) == len(points)) or s.values["total"].n != len(points):
        c.fail(f"{choice(s, 'scope')} of {s.values['total'].n} points said, {len(timed)} of {len(points)} recorded "
               f"their time")


def check_nothing(s: Said, c: Context) -> None:
    points = c.oracle.results.points
    if "count" in s.values and s.values["count"].n != len(points) or c.oracle.good:
        c.fail(f"'{s.values['count'].n if 'count' in s.values else 'no'} measurements, none succeeded', but "
               f"{len(points)} points, {len(c.oracle.good)} good")


def check_selfcheck(s: Said, c: Context) -> None:
    """How many of the table's comparisons agree, of how many, within which tolerance: counted from its rows (each
    read against the raw rows by :func:`check_selfcheck_row`); "each agrees" only where every row does."""
    rows = c.every("table.selfcheck")
    if not rows:
        c.fail("a count of comparisons with no table of them to count")
        return
    by = {v: [row for row in rows if choice(row, "verdict") == v] for v in ("agrees", "outside", "unclear")}
    if "rows" in s.values and s.values["rows"].n != len(rows):
        c.fail(f"{s.values['rows'].n} comparisons said, the table has {len(rows)}")
    # How many each sentence says of each verdict: "each agrees" and "none could be checked" speak of every row.
    told = {"selfcheck.agree": {"agrees": "rows"}, "selfcheck.differ": {"agrees": "agree"},
            "selfcheck.count": {"agrees": "agree"}, "selfcheck.outside": {"outside": "outside"},
            "selfcheck.unclear": {"unclear": "unclear"}, "selfcheck.unclear_all": {"unclear": "rows"}}[s.key]
    for verdict, name in told.items():
        if s.values[name].n != len(by[verdict]):
            c.fail(f"{s.values[name].n} comparisons said to be {verdict}, {len(by[verdict])} of the table's rows are")
    if s.key == "selfcheck.differ" and s.values["agree"].n >= s.values["rows"].n:
        c.fail(f"{s.values['agree'].n} of {s.values['rows'].n} agree: none said outside")
    # "In the others the intervals lie further apart" holds only where no row is too wide to check.
    if s.key == "selfcheck.differ" and by["unclear"]:
        c.fail(f"the rows that do not agree all said to lie apart, {len(by['unclear'])} are too wide to check")
    if s.key == "selfcheck.count" and by["unclear"] and not c.every("selfcheck.unclear"):
        c.fail(f"{len(by['unclear'])} rows too wide to check, not said")
    if s.key == "selfcheck.count" and by["outside"] and not c.every("selfcheck.outside"):
        c.fail(f"{len(by['outside'])} rows outside, not said")
    # "All on the CPU": every row too wide to check is on the device named, and the table has rows on another.
    if "device" in s.values:
        named = c.device(s.values["device"])
        on = {c.device(row.values["device"]) for row in by["unclear"]}
        if on != {named}:
            c.fail(f"the rows too wide to check said to be on the {named}, they are on {sorted(on)}")
        if {c.device(row.values["device"]) for row in rows} == {named}:
            c.fail(f"the rows too wide to check said to be on the {named}, the only device in the table")
    wide = max(AGREE, 1 + shown(rows[0].values["tolerance"]).value) - 1
    if "span" in s.values and not shown(s.values["span"]).matches(wide):
        c.fail(f"too wide beyond ±{shown(s.values['span'])} said, a row is too wide beyond ±{wide:.0%}")
    for row in rows:
        if "tolerance" not in s.values:
            break
        if shown(row.values["tolerance"]).value != shown(s.values["tolerance"]).value:
            c.fail(f"tolerance ±{shown(s.values['tolerance'])} said, "
                   f"a row is judged at ±{shown(row.values['tolerance'])}")


def check_selfcheck_close(s: Said, c: Context) -> None:
    """"In every row the two medians differ by no more than X": X is the widest quotient of the raw rows' medians,
    the larger over the smaller, less 1; said only where no row of the table lies outside."""
    if not c.selfcheck:
        c.fail("medians of the selfcheck said to be close, with no rows measured")
        return
    widest = max(max(r.engine_median_s / r.reference_median_s, r.reference_median_s / r.engine_median_s)
                 for r in c.selfcheck) - 1
    if not shown(s.values["within"]).matches(widest):
        c.fail(f"medians within {shown(s.values['within'])} said, the raw rows' lie up to {100 * widest:.3g}% apart")
    if any(choice(row, "verdict") == "outside" for row in c.every("table.selfcheck")):
        c.fail("the medians' closeness said beside a row outside the tolerance")


def check_selfcheck_named(s: Said, c: Context) -> None:
    """'They agree for (points); for (points) the intervals are too wide to check': every row of the table, each
    under its verdict (none outside), each named by its workload, size and precision as the table gives them, and
    by its device where the table has several; the span as the rule's."""
    rows = c.every("table.selfcheck")
    devices = {c.device(row.values["device"]) for row in rows}
    wide = max(AGREE, 1 + shown(rows[0].values["tolerance"]).value) - 1 if rows else AGREE - 1
    if not shown(s.values["span"]).matches(wide):
        c.fail(f"too wide beyond ±{shown(s.values['span'])} said, a row is too wide beyond ±{wide:.0%}")
    # The counts: every row of the table, and those that agree; a precision said once must be every row's.
    if s.values["rows"].n != len(rows):
        c.fail(f"{s.values['rows'].n} rows said, the table has {len(rows)}")
    agreeing = sum(choice(row, "verdict") == "agrees" for row in rows)
    if s.values["checked"].n != agreeing:
        c.fail(f"{s.values['checked'].n} rows said narrow enough to check, the table has {agreeing} that agree")
    wide = sum(choice(row, "verdict") == "unclear" for row in rows)
    if s.values["wide"].n != wide:
        c.fail(f"{s.values['wide'].n} rows said too wide to check, the table has {wide}")
    # A side is named where it has one or two rows, else counted: a longer list only repeats the table.
    form = choice(s, "named")
    for side, count in (("agree", agreeing), ("unclear", wide)):
        if (form in ("both", side)) != (count <= 2):
            c.fail(f"the rows that {side} {'named' if form in ('both', side) else 'counted'}, but there are {count}")
    shared = text_of(s.values["dtype"]) if choice(s, "precision") == "shared" else None
    for name, verdict in (("agree", "agrees"), ("unclear", "unclear")):
        named = []
        for item in parts(s.values[name]):
            point, device = text_of(item.values["point"]), c.device(item.values["device"])
            sizes = re.findall(r"\d[\d,]*\d|\d", point.partition(" in ")[0])
            if len(sizes) != len(set(sizes)):
                c.fail(f"{point!r}: a size said twice")
            if (choice(item, "where") == "device") != (len(devices) > 1):
                c.fail(f"{point!r}: its device {'named' if len(devices) < 2 else 'left out'}, the table has "
                       f"{sorted(devices)}")
            for label in values_of(item.values["labels"]):
                found = SELFCHECK_POINT.fullmatch(text_of(label))
                precision = shared == found[3] if found and shared else found is not None and found[3] in point
                if not found or f"{found[1]} at " not in point or f"{int(found[2].replace(',', '')):,}" not in point \
                        or not precision:
                    c.fail(f"{point!r} said for the table's point {text_of(label)!r}")
                named.append((text_of(label), device))
        wanted = [(text_of(row.values["point"]), c.device(row.values["device"])) for row in rows
                  if choice(row, "verdict") == verdict]
        if sorted(named) != sorted(wanted):
            c.fail(f"the rows that {verdict.removesuffix('s')}: said {named}, the table's are {wanted}")
    if any(choice(row, "verdict") == "outside" for row in rows):
        c.fail("the rows named as agreeing or too wide to check, beside a row outside the tolerance")


#: A selfcheck point as the table writes it (selfcheck.point): ``B @ a, m = 4,096, float32``.
SELFCHECK_POINT = re.compile(r"(B @ a|A @ B), m = ([\d,]+), (\w+)(?:, cache-cold)?")


def _row_why(row: Said) -> str:
    """Why an outside row differs, read from its ratio's side of 1 and its reference as the table names them: a
    CUDA graph launches every call at once and events time only the device's queue, so the timer reading more is the
    host's part of each call; it reading less, or more than a reference that leaves nothing out, no method explains."""
    reference = row.values["reference"]
    kind = text_of(dict(reference.values)["reference"]) if isinstance(reference, Phrase) else text_of(reference)
    if shown(row.values["ratio"]).value < 1:
        return "lower"
    return {"do_bench_cudagraph": "launch", "events": "queue"}.get(kind, "higher")


def check_selfcheck_why(s: Said, c: Context) -> None:
    """Each reason said is some outside row's of the table, and every outside row's reason is said."""
    wanted = {_row_why(row) for row in c.every("table.selfcheck") if choice(row, "verdict") == "outside"}
    said_ = {choice(w, "why") for w in c.every("selfcheck.why")}
    if choice(s, "why") not in wanted:
        c.fail(f"rows outside explained as {choice(s, 'why')!r}; the table's rows outside call for {sorted(wanted)}")
    if s is c.every("selfcheck.why")[-1] and wanted - said_:
        c.fail(f"rows outside whose reason goes unsaid: {sorted(wanted - said_)}")


#: A selfcheck row's label as the measuring code writes it (``matvec(m=4096, dtype=float32)``, `` cold`` after it).
SELFCHECK_LABEL = re.compile(r"(\w+)\(m=(\d+), dtype=(\w+)\)( cold)?")


def check_selfcheck_row(s: Said, c: Context) -> None:
    """A row of the selfcheck's table against the raw row at its place: the device, point and reference; each
    method's value and interval; their ratio (the medians' quotient); how far apart the intervals lie (the lower end
    of the higher over the upper end of the lower, less 1; none where they overlap); the verdict, outside only
    beyond the tolerance, with a ratio printed so that it shows it. With the first row: one row per raw row."""
    rows = c.every("table.selfcheck")
    if rows[0] is s and len(rows) != len(c.selfcheck):
        c.fail(f"{len(rows)} rows in the table, the selfcheck measured {len(c.selfcheck)}")
    at = next(i for i, row in enumerate(rows) if row is s)
    if at >= len(c.selfcheck):
        c.fail("a row of the table the selfcheck did not measure")
        return
    raw, v = c.selfcheck[at], s.values
    if c.device(v["device"]) != raw.device:
        c.fail(f"a row on the {text_of(v['device'])}, the selfcheck's is on {raw.device}")
    reference = v["reference"]
    kind = text_of(dict(reference.values)["reference"]) if isinstance(reference, Phrase) else text_of(reference)
    if kind != raw.reference:
        c.fail(f"reference {kind} said, the row was measured against {raw.reference}")
    label = SELFCHECK_LABEL.fullmatch(raw.label)
    point = text_of(v["point"])
    if label and (f"m = {int(label[2]):,}" not in point or label[3] not in point
                  or bool(label[4]) != ("cold" in point)):
        c.fail(f"point {point!r} said, the row measured {raw.label}")
    for name, value in (("engine", raw.engine_median_s), ("engine_low", raw.engine_ci_low_s),
                        ("engine_high", raw.engine_ci_high_s), ("theirs", raw.reference_median_s),
                        ("theirs_low", raw.reference_ci_low_s), ("theirs_high", raw.reference_ci_high_s)):
        c.quantity(v[name], [value], f"the selfcheck's {name.replace('theirs', 'reference')}")
    ratio = shown(v["ratio"])
    if not ratio.matches(raw.engine_median_s / raw.reference_median_s):
        c.fail(f"ratio {ratio} shown, the medians give {raw.engine_median_s / raw.reference_median_s:.4g}")
    apart = max(raw.engine_ci_low_s / raw.reference_ci_high_s, raw.reference_ci_low_s / raw.engine_ci_high_s) - 1
    if apart <= 0 and "gap" in v:
        c.fail(f"intervals {shown(v['gap'])}% apart shown, they overlap")
    elif apart > 0 and ("gap" not in v or not shown(v["gap"]).matches(100 * apart)):
        c.fail(f"intervals {shown(v['gap']) if 'gap' in v else 'overlapping'}% apart shown, they lie "
               f"{100 * apart:.3g}% apart")
    tolerance = shown(v["tolerance"])
    if not tolerance.matches(raw.tolerance):
        c.fail(f"tolerance ±{tolerance} shown, the row was judged at {raw.tolerance:.3g}")
    # Not apart, but so wide together that the engine could read more than a fifth (or the tolerance, if wider)
    # off the reference: too wide to check, agreeing with anything.
    wide = max(AGREE, 1 + raw.tolerance)
    low, high = raw.engine_ci_low_s / raw.reference_ci_high_s, raw.engine_ci_high_s / raw.reference_ci_low_s
    verdict = "outside" if apart > raw.tolerance else "agrees" if 1 / wide <= low and high <= wide else "unclear"
    if choice(s, "verdict") != verdict:
        c.fail(f"said to be {choice(s, 'verdict')}, the intervals lie {max(apart, 0):.3%} apart against "
               f"±{raw.tolerance:.1%}, the engine {low:.3g}x to {high:.3g}x the reference: {verdict}")
    # Intervals further apart than the tolerance put the medians' ratio outside it too: as printed it must show it.
    if choice(s, "verdict") == "outside" and \
            1 / (1 + tolerance.value) - ratio.unit / 2 <= ratio.value <= 1 + tolerance.value + ratio.unit / 2:
        c.fail(f"ratio printed {ratio} against ±{tolerance}: as printed it cannot show it is outside")


#: A process is "far from its siblings" beyond this factor above or below their time.
OUTLIER = 4.0


def _loads(point: Point) -> list[dict]:
    """The load readings of a point's processes, those it keeps and those it set aside."""
    kept = getattr(point, "process_load", None) or []
    aside = [s.get("load") for s in getattr(point, "set_aside", None) or []]
    return [r for r in [*kept, *aside] if r]


def _busy(point: Point) -> bool:
    return any(r.get("contended") for r in _loads(point))


def _outlying(point: Point) -> bool:
    """A process far from its siblings: set aside or left unresolved as one, or why a point measured again while
    no process of it was busy was measured again."""
    aside = getattr(point, "set_aside", None) or []
    return not _busy(point) and (getattr(point, "unresolved", None) == "outlier" or _again(point) > 0
                                 or any(s.get("why") == "outlier" for s in aside))


def _again(point: Point) -> int:
    return int(getattr(point, "extra_processes", 0) or 0)


def check_remeasured(s: Said, c: Context) -> None:
    points = c.oracle.results.points
    read = any(_loads(p) for p in points)
    if s.key == "remeasured.unread":
        if read:
            c.fail(f"'recorded nothing of what else used the CPU', but {sum(bool(_loads(p)) for p in points)} points "
                   f"have load readings")
        return
    if not read:
        c.fail("a sentence about the machine's load, but no process recorded a reading")
    found = {"busy": sum(_busy(p) for p in points), "outlying": sum(_outlying(p) for p in points),
             "again": sum(_again(p) > 0 for p in points), "extra": sum(_again(p) for p in points)}
    said = {"busy": 0, "outlying": 0, "again": 0, "extra": 0}
    factors = [s.values["factor"]] if "factor" in s.values else []
    if s.key == "remeasured.some":
        for seen in parts(s.values["busy"]) + parts(s.values["outlying"]):
            said[choice(seen, "what")] = seen.values["count"].n
            factors += [seen.values["factor"]] if "factor" in printed_fields(seen) else []
        said["again"] = s.values["again"].n
        said["extra"] = parts(s.values["extra"])[0].values["count"].n if "extra" in printed_fields(s) else 0
    for name, value in found.items():
        if said[name] != value and (name != "extra" or "extra" in printed_fields(s)):
            c.fail(f"{said[name]} said for {name}, but the points give {value}")
    if s.key == "remeasured.some" and "why" in s.values:
        # The reasons given: only the busy machine, only a process far from its siblings, or both.
        why = choice(s, "why")
        given = {"busy": found["busy"] > 0 and not found["outlying"], "outlying": found["outlying"] > 0 and
                 not found["busy"], "both": bool(found["busy"]) == bool(found["outlying"])}
        if not given.get(why):
            c.fail(f"measured again for the reason '{why}', but {found['busy']} busy and {found['outlying']} far")
        again = [p for p in points if _again(p) > 0]
        if why == "busy" and not all(_busy(p) for p in again):
            c.fail("'measured again because the machine was busy while it ran', but a point measured again was not "
                   "busy")
        if why == "busy" and found["again"] > 1 and found["busy"] != found["again"]:
            c.fail(f"'busy while {found['again']} points were measured', but it was busy for {found['busy']}")
    for factor in factors:
        if not shown(factor).matches(OUTLIER):
            c.fail(f"far from its siblings beyond {shown(factor)}, but the rule is {OUTLIER}×")


def check_remeasured_unresolved(s: Said, c: Context) -> None:
    unresolved = sum(getattr(p, "unresolved", None) is not None for p in c.oracle.results.points)
    if s.values["count"].n != unresolved:
        c.fail(f"{s.values['count'].n} points whose limits were reached, but {unresolved} are unresolved")


def check_rejected(s: Said, c: Context) -> None:
    """Device-event intervals left out for reading zero or less: the raw points' own counts."""
    hit = [p for p in c.oracle.results.points if int((getattr(p, "detail", None) or {}).get("events_rejected", 0))]
    intervals = sum(int(p.detail["events_rejected"]) for p in hit)
    points = parts(s.values["points"])[0].values["count"].n
    if (s.values["intervals"].n, points) != (intervals, len(hit)):
        c.fail(f"{s.values['intervals'].n} intervals at {points} points said, but the points record {intervals} at "
               f"{len(hit)}")


def between_share(groups: Sequence[Sequence[float]]) -> float:
    """The share of the variance of one process's (log) median that lies between processes: the variance of the
    process medians' logarithms, less what the noise inside a process explains (a median of n samples varies
    about pi/2 times as much as their mean: var / n * pi / 2), over the whole; 0 when the noise explains it all."""
    logs = [[math.log(v) for v in group] for group in groups]
    observed = statistics.variance([median(group) for group in logs])
    inside = [statistics.variance(group) / len(group) * math.pi / 2 for group in logs if len(group) > 1]
    noise = statistics.fmean(inside) if inside else 0.0
    between = max(0.0, observed - noise)
    return between / (between + noise) if between + noise > 0 else 0.0


def _several(c: Context, method: str | None = "engine") -> list[tuple[Point, float, float]]:
    """(point, its between-process share, its slowest process median over its fastest) for every ok point of
    ``method`` (``None``: any) measured in two or more processes."""
    found = []
    for point in c.oracle.results.points:
        groups = [g for g in point.processes if g]
        if point.status == "ok" and len(groups) >= 2 and method in (None, point.method):
            medians = [median(g) for g in groups]
            found.append((point, between_share(groups), max(medians) / min(medians)))
    return found


def _name(point: Point) -> str:
    return f"{point.workload} {point.params} ({point.suite}, {point.method}) on the {point.device}"


def check_processes_one(s: Said, c: Context) -> None:
    several = _several(c, None)
    if several:
        c.fail(f"'measured in one process', but {len(several)} points were measured in several")


def check_processes_one_except(s: Said, c: Context) -> None:
    """One process a point, but the points measured again ran in more: the count is theirs, of any method."""
    several = _several(c, None)
    if s.values["count"].n != len(several):
        c.fail(f"{s.values['count'].n} points measured again in more processes, but {len(several)} were")


def _named_points(described: Said, candidates: Iterable[Point]) -> list[Point]:
    """The points a ``point`` phrase ("B @ a at m = 4,096 on the CPU") may mean (any suite or method)."""
    if described.key != "point":
        return []
    return [p for p in candidates if _identity(p) in _named(described)]


def check_processes(s: Said, c: Context) -> None:
    v = s.values
    several = _several(c)
    counts = {len([g for g in p.processes if g]) for p, _, _ in several}
    if counts != {v["processes"].n}:
        c.fail(f"'measured in {v['processes'].n} fresh processes', but the points were measured in {sorted(counts)}")
    if v["points"].n != len(several):
        c.fail(f"'the median of {v['points'].n}', but {len(several)} points were measured in several processes")
    shares = [share for _, share, _ in several]
    if shares and "share" in v and not shown(v["share"]).matches(statistics.median(shares)):
        c.fail(f"typical share {shown(v['share'])}, but the median of the points' shares is "
               f"{100 * statistics.median(shares):.3g}%")
    above = [(p, share, spread) for p, share, spread in several if share > 0.5]
    if s.key == "processes.steady":
        if above:
            c.fail(f"'for no point was it more than half', but {len(above)} points have more: "
                   + ", ".join(f"{_name(p)} {share:.0%}" for p, share, _ in above))
        return
    if v["above"].n != len(above):
        c.fail(f"'for {v['above'].n} points it was more than half', but {len(above)} points have more: "
               + ", ".join(f"{_name(p)} {share:.0%}" for p, share, _ in above))
    # "At every point" and "at most points" read from the same counts: every one, or more than half.
    if "many" in v:
        said_many = choice(s, "many")
        if said_many == "all" and len(above) != len(several):
            c.fail(f"'at every point', but {len(above)} of {len(several)} points have more than half between processes")
        if said_many == "most" and not len(several) / 2 < len(above) < len(several):
            c.fail(f"'at most points', but {len(above)} of {len(several)} points have more than half between processes")
        if said_many not in ("all", "most") and 2 * len(above) > len(several):
            c.fail(f"{len(above)} of {len(several)} points counted, where 'most' or 'every' holds")


def check_processes_widest(s: Said, c: Context) -> None:
    """"one process took up to N× as long as another at the same point" on a device: the widest point of all,
    on that device, and wide enough (1.5× at least) to be worth the word."""
    v, several = s.values, _several(c)
    if not several:
        c.fail("a widest spread between processes, but no point was measured in several")
        return
    point, _, spread = max(several, key=lambda r: r[2])
    if not shown(v["widest"]).matches(spread) or c.device(v["device"]) != point.device:
        c.fail(f"'up to {shown(v['widest'])} on the {v['device']}', but the widest spread is {spread:.3g}× "
               f"({_name(point)})")
    if spread < 1.5:
        c.fail(f"a spread of {spread:.3g}× called wide enough to leave comparisons too noisy to tell")


def check_processes_noisy_gap(s: Said, c: Context) -> None:
    """"the CPU's and the accelerator's times lie N× apart, and still the interval of their ratio reaches 1: the widest
    gap this build calls too noisy to tell": N, larger time over smaller, is one pair's gap at a size-by-size
    comparison that can read too noisy to tell; no comparison every reading calls too noisy to tell shows a wider one,
    whichever of its pairs is taken; it is wide enough (1.5× at least) to be worth the word; and the comparison
    named (workload, precision, size) is one such."""
    compared = _sizes_compared(c)
    gap = s.values["gap"]
    [what] = parts(s.values["what"])
    workload, size = what.key.rsplit(".", 1)[-1], shown(what.values["size"]).value
    dtype = text_of(what.values["dtype"]) if "dtype" in what.values else None
    named = c.oracle.compare(workload, **({"dtype": dtype} if dtype else {})).telling_noise()
    can = [max(x, 1 / x) for at in named.common() if at == size and named.can_be(UNCLEAR, at)
           for x in named.speedups(at)]
    c.factor(gap, can, f"the widest gap called too noisy to tell, at {workload} {dtype or ''} {size:g}")
    c.up_to(gap, [[max(x, 1 / x) for x in p.speedups(at)] for p, at in compared if p.must_be(UNCLEAR, at)],
            "the widest gap called too noisy to tell")
    if shown(gap).value < 1.5:
        c.fail(f"a gap of {shown(gap)} called wide enough to show how strict the rule is")


def check_processes_row(s: Said, c: Context) -> None:
    """A row of the table of points the process mattered most for: a point with more than half its spread between
    processes, at the share and spread shown; with the first row, the table as a whole: no two rows read alike,
    and no point left out whose slowest process lay further from its fastest than a row's (three rows at least,
    where there are three such points)."""
    above = [(p, share, spread) for p, share, spread in _several(c) if share > 0.5]
    [described] = parts(s.values["point"])
    share, spread = shown(s.values["share"]), shown(s.values["spread"])
    fits = [(p, s_, f_) for p, s_, f_ in above if p in _named_points(described, [q for q, _, _ in above])
            and share.matches(s_) and spread.matches(f_)]
    if not fits:
        c.fail(f"{render(described)}: no point measured in several processes has more than half its spread "
               f"between them with {share} and {spread}")
    rows = c.every("table.processes")
    if rows[0] is not s:
        return
    labels = [render(parts(row.values["point"])[0]) for row in rows]
    if len(set(labels)) < len(labels):
        c.fail(f"two points the process mattered most for read alike: {labels}")
    named: list[tuple[Point, float, float]] = []
    for row in rows:
        [point] = parts(row.values["point"])
        named += [(p, s_, f_) for p, s_, f_ in above if p in _named_points(point, [q for q, _, _ in above])
                  and shown(row.values["share"]).matches(s_) and shown(row.values["spread"]).matches(f_)][:1]
    if named and len(named) < len(above):
        least = min(f_ for _, _, f_ in named)
        left = [p for p, _, f_ in above if f_ > least and all(p is not q for q, _, _ in named)]
        if len(named) < 3 or left:
            c.fail(f"{len(named)} points named of {len(above)} with more than half between processes"
                   + (f"; larger spreads left out: {', '.join(_name(p) for p in left)}" if left else ""))


# -- Macs: the package's two data files, read plainly -------------------------------------------

DATA = Path(__file__).resolve().parent.parent / "mpsarticle" / "data"


@functools.cache
def _csv(name: str) -> tuple[dict[str, str], ...]:
    with open(DATA / name, encoding="utf-8", newline="") as handle:
        return tuple(csv.DictReader(handle))


def _mps_copies(chip: str | None = None) -> list[dict[str, str]]:
    return [r for r in _csv("cited_measurements.csv") if r["framework"] == "PyTorch MPS" and r["workload"] == "copy"
            and r["unit"] == "GB/s" and chip in (None, r["chip"])]


def _has_mps(c: Context) -> bool:
    return "mps" in (c.oracle.results.environment.get("devices") or {}) or \
        any(p.device == "mps" for p in c.oracle.results.points)


def _reading_name(raw: str) -> str:
    """A CPU's name without the trademark marks its vendor's string carries, nor a closing "Processor"."""
    for mark in ("(R)", "(r)", "(TM)", "(tm)", "(Tm)", "®", "™"):
        raw = raw.replace(mark, " ")
    parts = raw.split()
    return " ".join(parts[:-1] if len(parts) > 1 and parts[-1].lower() == "processor" else parts)


def check_no_apple_gpu(s: Said, c: Context) -> None:
    if _has_mps(c):
        c.fail("'built on a machine without an Apple GPU', but the build has the MPS device")
    raw = str(c.oracle.results.environment.get("cpu"))
    if text_of(s.values["cpu"]) != _reading_name(raw):
        c.fail(f"its CPU {text_of(s.values['cpu'])!r}, but the environment says {raw!r}")


def check_rule_machine(s: Said, c: Context) -> None:
    """The machine the verdict's rules are for: its CPU's name as the environment records it (trademarks and a closing
    "Processor" left out) and the thread count its CPU points ran with; the GPU compared with it, named as the
    environment names that device, a Mac's only where it is MPS; no GPU where none has a good point."""
    v, env = s.values, c.oracle.results.environment
    [cpu] = parts(v["cpu"])
    raw = str(env.get("cpu") or "")
    if text_of(cpu.values["cpu"]) != _reading_name(raw):
        c.fail(f"its CPU {text_of(cpu.values['cpu'])!r}, but the environment says {raw!r}")
    counts = [p.threads for p in c.oracle.results.points if p.device == "cpu" and p.threads]
    threads = cpu.values.get("threads")
    if threads is not None and (not counts or threads.n != max(set(counts), key=counts.count)):
        c.fail(f"its CPU ran {threads.n} threads, but its points ran {sorted(set(counts))}")
    measured = [t.point.device for t in c.oracle.good if t.point.device != "cpu"
                and t.point.device not in MLX_COUNTERPARTS]
    kind = choice(s, "kind")
    wanted = "cpu" if not measured else "mps" if measured[0] == "mps" else "other"
    if kind != wanted:
        c.fail(f"the machine said to be '{kind}', but its measured devices make it '{wanted}'")
    if "accelerator" in v and measured:
        named = v["accelerator"]
        said = text_of(dict(named.values)["chip"]) + " GPU" if isinstance(named, Phrase) else text_of(named)
        name = str((c.oracle.environment.get(measured[0]) or {}).get("name") or measured[0])
        if said.removesuffix(" GPU") != _reading_name(name).removesuffix(" GPU"):
            c.fail(f"its GPU named {said!r}, but the environment names the {measured[0]} {name!r}")


def check_this_mac(s: Said, c: Context) -> None:
    v, printed = s.values, printed_fields(s)
    env = c.oracle.results.environment
    chip = (env.get("mac") or {}).get("chip") or env.get("cpu")
    said = text_of(v["chip"])
    if not _has_mps(c) or said != chip:
        c.fail(f"'ran on the {said}' with its GPU, but the build's chip is {chip!r} (MPS: {_has_mps(c)})")
    same = [r for r in _csv("cited_measurements.csv") if r["chip"] == said and r["framework"] == "PyTorch MPS"]
    if s.key == "your_mac.answer.mac_uncited":
        if same:
            c.fail(f"'no published measurement', but {len(same)} are cited for the {said}")
        return
    if v["figures"].n != len(same):
        c.fail(f"{v['figures'].n} figures of PyTorch on its GPU, but {len(same)} are cited for the {said}")
    copies = _mps_copies(said)
    if "copy" in printed and (not copies or shown(v["copy"]).value != max(float(r["value"]) for r in copies) * 1e9):
        c.fail(f"their best copy {shown(v['copy'])}, but the cited copies are {[r['value'] for r in copies]}")
    if "mine" in printed:
        # The GPU's copy rate is its largest copy's (the one caches help least), as the rest of the article has it.
        timed = c.oracle.timed("copy", "mps")
        rates = [t.rate("bytes_moved")[0] for t in timed[max(timed)]] if timed else []
        mine = shown(v["mine"])
        if not any(mine.matches(r) for r in rates):
            c.fail(f"this build's copy reached {mine}, but its largest copy reads {_fmt(rates)} B/s")


def check_spec_summary(s: Said, c: Context) -> None:
    v = s.values
    spec = _csv("apple_chips.csv")
    names = list(dict.fromkeys(r["chip"] for r in spec))
    cited_chips = {r["chip"] for r in _csv("cited_measurements.csv")}
    found = {"chips": len(names), "variants": len(spec), "measured": len(cited_chips & set(names)),
             "rows": len(_csv("cited_measurements.csv")),
             "sources": len({"/".join(r["source_url"].split("/")[3:5]) for r in _csv("cited_measurements.csv")})}
    for key, value in found.items():
        if v[key].n != value:
            c.fail(f"{key}: {v[key].n} said, {value} in the files")
    # Running text may drop the maker: "from the A18 Pro to the M6".
    said = tuple(n if n.startswith("Apple ") else "Apple " + n for n in (text_of(v["first"]), text_of(v["last"])))
    if said != (names[0], names[-1]):
        c.fail(f"from the {text_of(v['first'])} to the {text_of(v['last'])}, but the spec sheet runs from "
               f"{names[0]} to {names[-1]}")


def check_spec_arithmetic(s: Said, c: Context) -> None:
    v = s.values
    chip = text_of(v["chip"])
    rows = [r for r in _csv("apple_chips.csv") if r["chip"] == chip]
    bandwidths = {float(r["bandwidth_gb_s"]) * 1e9 for r in rows}
    bw = shown(v["bandwidth"]).value
    if bw not in bandwidths or any(r["bandwidth_kind"] != "apple" for r in rows):
        c.fail(f"{chip} at {shown(v['bandwidth'])} 'by Apple's spec sheet', but the file has {rows and bandwidths}")
        return
    at = shown(v["m"]).value
    moved = 4.0 * (at * at + 2 * at)
    for name, value in (("moved", moved), ("weights", 14e9), ("tokens", bw / 14e9), ("least", moved / bw)):
        if not shown(v[name]).matches(value):
            c.fail(f"{name} printed {shown(v[name])}, the arithmetic gives {value:.4g}")
    memory = {float(r["max_memory_gb"]) * 1e9 for r in rows if r["max_memory_gb"]}
    if {shown(v["memory"]).value} != memory:
        c.fail(f"its memory {shown(v['memory'])}, but the spec sheet gives {memory}")


# -- language models: the cost of one operation, attention, the decode step --------------------------

#: What limits a decode step: it reached at least this share of its bound (bandwidth), or its operations' fixed
#: cost is at least this share of its time (overhead); neither.
HALF = 0.5


def _values(timed: Iterable[Timed]) -> list[float]:
    """Every reading's value of these points (see :meth:`Timed.readings`)."""
    return [r.median for t in timed for r in t.readings()]


def _op_values(c: Context, device: str) -> list[float]:
    """One operation's cost on ``device``: every reading of a chain of operations, over its operations."""
    return [r.median / ops for ops, ts in c.oracle.timed("op_chain", device).items() for t in ts
            for r in t.readings()]


def _op_intervals(c: Context, device: str) -> list[tuple[float, float]]:
    """One operation's cost on ``device`` as an interval: each chain's recorded 95 % interval, over its operations."""
    return [((t.point.ci_low_s or t.point.measured_s) / ops, (t.point.ci_high_s or t.point.measured_s) / ops)
            for ops, ts in c.oracle.timed("op_chain", device).items() for t in ts]


def check_op_costs(s: Said, c: Context) -> None:
    named = set()
    for cost in parts(s.values["costs"]):
        device = c.device(cost.values["device"])
        named.add(device)
        c.quantity(cost.values["cost"], _op_values(c, device), f"one operation on the {device}")
    measured = {p.device for p in (t.point for t in c.oracle.good) if p.workload == "op_chain"}
    if named != measured:
        c.fail(f"the costs name {sorted(named)}, but the chain was measured well on {sorted(measured)}")
    chains = [t.point for t in c.oracle.good if t.point.workload == "op_chain"]
    ops, n = s.values["ops"].n, s.values["n"].n
    if not any(p.params.get("ops") == ops and p.params.get("n") == n for p in chains):
        c.fail(f"no chain of {ops:,} additions on {n:,} values was measured")


def _attention_points(c: Context, device: str) -> list[Timed]:
    return [t for t in c.oracle.good if t.point.workload == "attention" and t.point.device == device
            and t.point.method == "engine"]


def _attention_shares(c: Context, device: str, dtype: str) -> list[float]:
    """Attention's best rate over the best matrix product's in ``dtype`` on ``device``, over every pair of their
    readings (empty where either was not measured well)."""
    attention = [r.rate("flops")[0] for t in c.oracle.best("attention", device, "flops", dtype=dtype)
                 for r in t.readings()]
    products = [r.rate("flops")[0] for t in c.oracle.best("matmul", device, "flops", dtype=dtype)
                for r in t.readings()]
    return [a / p for a in attention for p in products if p > 0]


def check_attention_row(s: Said, c: Context) -> None:
    """A row of the attention table: attention's best rate in its precision and the call it was reached at, the
    best matrix product in that precision and its size, and the share, computed here from both rates."""
    v = s.values
    device, dtype, seq, dim = c.device(v["device"]), text_of(v["dtype"]), v["seq"].n, v["dim"].n
    where = f"attention in {dtype} on the {device}"
    best = c.oracle.best("attention", device, "flops", dtype=dtype)
    if not best:
        c.fail(f"{where}: never measured well")
        return
    at = [t for t in best if t.point.params.get("seq") == seq and t.point.params.get("head_dim") == dim]
    if not at:
        c.fail(f"{where}: its best rate is not at {seq:,} positions, head size {dim} "
               f"({[(t.point.params['seq'], t.point.params['head_dim']) for t in best]})")
    c.quantity(v["rate"], [t.rate("flops")[0] for t in at], where)
    products = c.oracle.best("matmul", device, "flops", dtype=dtype)
    if "mm" not in v:
        if products:
            c.fail(f"{where}: no matrix product in the row, but one in {dtype} was measured well")
        return
    named = [t for t in products if t.point.params.get("m") == v["m"].n]
    if not named:
        c.fail(f"{where}: the best {dtype} matrix product on the {device} is not at m = {v['m'].n:,}")
    c.quantity(v["mm"], [t.rate("flops")[0] for t in named], f"best {dtype} A @ B on the {device}")
    _attention_against(c, v["share"], where)
    c.quantity(v["share"], _attention_shares(c, device, dtype), f"{where} over the best {dtype} A @ B")


def _attention_against(c: Context, printed: Any, where: str) -> None:
    """Attention against its product is a share below it and a factor from it on: ``1,613%`` of a rate it
    exceeds, or ``0.77×`` of one it stays under, misreads the basis."""
    text = shown(printed).text
    if text.endswith("%") and shown(printed).value >= 1:
        c.fail(f"{where}: {text} of the best matrix product, a share above the whole; a factor says it")
    if text.endswith("×") and shown(printed).value < 1:
        c.fail(f"{where}: {text} the best matrix product, a factor below 1; a share says it")


def check_attention_conclusion(s: Said, c: Context) -> None:
    """How near attention came to the best matrix product of its precision: ``below`` only where no reading of
    any device and precision reached it, and the one named must be the nearest (no other's lowest share above
    its highest; of the accelerator's own, for ``nearest.accelerator``)."""
    v = s.values
    device, dtype = c.device(v["device"]), text_of(v["dtype"])
    shares = _attention_shares(c, device, dtype)
    if not shares:
        c.fail(f"attention in {dtype} on the {device} beside a matrix product never measured well with it")
        return
    printed = v["share"] if "share" in v else v["factor"]
    _attention_against(c, printed, f"attention in {dtype} on the {device}")
    c.quantity(printed, shares, f"attention in {dtype} on the {device} over its best A @ B")
    pairs = {(t.point.device, str(t.point.params.get("dtype"))) for t in c.oracle.good
             if t.point.workload == "attention" and t.point.method == "engine"}
    every = {pair: _attention_shares(c, *pair) for pair in pairs}
    every = {pair: found for pair, found in every.items() if found}
    form = choice(s, "direction")
    if form == "below" or form.startswith("below_one"):
        reached = sorted(pair for pair, found in every.items() if max(found) >= 1)
        if reached:
            c.fail(f"'attention stayed below the best matrix product everywhere', but it reached it on {reached}")
        # "On the CPU, attention never reached ...": said of one device only where no other measured attention.
        others = sorted({where for where, _ in every} - {device})
        if form.startswith("below_one") and others:
            c.fail(f"attention said of the {device} alone, but {others} measured it too")
        if form.startswith("below_one"):
            _attention_others(s, c, device, dtype, sorted(kind for where, kind in every if where == device))
    elif form.startswith("nearest"):
        # "Too noisy to tell whether it stays below": somewhere attention's fastest end of its 95% interval is as
        # fast as its product's slowest end, read from the raw points' times.
        def meets(where: str, kind: str) -> bool:
            fastest = [t.point.flops / t.point.ci_low_s for t in c.oracle.best("attention", where, "flops", dtype=kind)
                       if t.point.ci_low_s]
            slowest = [t.point.flops / t.point.ci_high_s for t in c.oracle.best("matmul", where, "flops", dtype=kind)
                       if t.point.ci_high_s]
            return bool(fastest and slowest) and max(fastest) >= min(slowest)
        if not any(meets(*pair) for pair in every):
            c.fail("'too noisy to tell whether attention stays below', but every attention's interval lies below "
                   "its product's")
    elif max(shares) < 1:
        c.fail(f"attention in {dtype} on the {device} 'reached' the best matrix product, but no reading did")
    if form == "nearest.accelerator":
        # The accelerator's own nearest precision, said where another device came nearer: only its own compete.
        if device != c.oracle.accelerator:
            c.fail(f"the accelerator's nearest said of the {device}, but the accelerator is {c.oracle.accelerator}")
        every = {pair: found for pair, found in every.items() if pair[0] == device}
    nearer = sorted(pair for pair, found in every.items() if min(found) > max(shares))
    if nearer:
        c.fail(f"the nearest is said to be {dtype} on the {device}, but {nearer} came nearer in every reading")


def _attention_others(s: Said, c: Context, device: str, dtype: str, measured: list[str]) -> None:
    """One device's attention: every other precision it measured beside a product is given its share
    (``others``), none where it measured one alone; each precision said to speed up matrix products but not
    attention (``gains``) has a best product faster than ``dtype``'s (some pair of readings, rate against rate,
    each at its own size) and, at every call measured in both, attention not faster than ``dtype``'s in every pair
    of readings, at one call at least."""
    v = s.values
    named = {text_of(p.values["dtype"]): p for p in parts(v["others"])} if "others" in printed_fields(s) else {}
    if sorted([dtype, *named]) != measured:
        c.fail(f"attention on the {device} said in {[dtype, *named]}, but it was measured beside a product in "
               f"{measured}")
    for other, clause in named.items():
        c.quantity(clause.values["share"], _attention_shares(c, device, other),
                   f"attention in {other} on the {device} over its best A @ B")
    o = c.oracle
    for other in (text_of(g) for g in values_of(v["gains"])) if "gains" in printed_fields(s) else ():
        if other not in named:
            c.fail(f"{other} said to speed up matrix products on the {device}, but its attention is not named")
        if not any(rate_direction(a, b, "flops") == FASTER
                   for pa in o.best("matmul", device, "flops", dtype=other)
                   for pb in o.best("matmul", device, "flops", dtype=dtype)
                   for a in pa.readings() for b in pb.readings()):
            c.fail(f"matrix products said to run faster in {other} than in {dtype} on the {device}, but no pair "
                   f"of their best rates shows it")
        dims = sorted({int(t.point.params["head_dim"]) for t in _attention_points(c, device)})
        calls = [(seq, pairs) for dim in dims for pairs in [Pairs(
            f"attention head size {dim}", "seq", o.timed("attention", device, dtype=dtype, head_dim=dim),
            o.timed("attention", device, dtype=other, head_dim=dim), dtype, other)] for seq in pairs.common()]
        if not calls:
            c.fail(f"attention said no faster in {other} on the {device}, but no call was measured in both")
        for seq, pairs in calls:
            if pairs.must_be(FASTER, seq):
                c.fail(f"attention said no faster in {other} than in {dtype} on the {device}, but at {seq:,} "
                       f"positions it is: {pairs.evidence(seq)}")


def _backends(c: Context, device: str) -> dict[str, int]:
    counted: dict[str, int] = {}
    for t in _attention_points(c, device):
        name = str(t.point.detail.get("backend", "unknown"))
        counted[name] = counted.get(name, 0) + 1
    return counted


def check_attention_backend(s: Said, c: Context) -> None:
    counted = _backends(c, c.device(s.values["device"]))
    name = text_of(s.values["backend"])
    code, n = BACKEND_NAMES.get(name, name), s.values["count"].n
    if counted != {code: n}:
        c.fail(f"'its {name} kernel for every one of {n}', but the points say {counted}")


def check_attention_routes(s: Said, c: Context) -> None:
    """The devices whose every call took one kernel, in one sentence: each route read as its own sentence was."""
    for route in parts(s.values["routes"]):
        check_attention_backend(route, c)


def check_attention_backends(s: Said, c: Context) -> None:
    counted = _backends(c, c.device(s.values["device"]))
    said = {BACKEND_NAMES.get(text_of(ch.values["backend"]), text_of(ch.values["backend"])): ch.values["count"].n
            for ch in parts(s.values["choices"])}
    if said != counted or sum(counted.values()) != s.values["total"].n:
        c.fail(f"backends {said} of {s.values['total'].n}, but the points say {counted}")


def _attention_pairs(c: Context, dtype: str) -> list[tuple[int, Pairs]]:
    """(head size, the CPU against the accelerator by length) for every head size measured."""
    o = c.oracle
    dims = sorted({int(t.point.params["head_dim"]) for t in o.good if t.point.workload == "attention"})
    found = []
    for dim in dims:
        acc = o.timed("attention", o.accelerator, dtype=dtype, head_dim=dim) if o.accelerator else {}
        found.append((dim, Pairs(f"attention {dtype} head size {dim}", "seq", o.timed("attention", "cpu", dtype=dtype,
                                                                                       head_dim=dim), acc)))
    return found


def _calls(c: Context, dtype: str) -> list[tuple[int, int, Pairs]]:
    """(length, head size, pairs) of every call both devices measured well in ``dtype``."""
    return [(seq, dim, pairs) for dim, pairs in _attention_pairs(c, dtype) for seq in pairs.common()]


def _call_of(call: Said) -> tuple[int, int]:
    return call.values["seq"].n, call.values["dim"].n


def check_attention_compared(s: Said, c: Context) -> None:
    dtype, form = text_of(s.values["dtype"]), s.key.rpartition(".")[2]
    calls = _calls(c, dtype)
    if not calls:
        c.fail(f"no attention call in {dtype} measured well on both")
        return
    if form == "level_noisy":  # level at the calls named so, too noisy to tell at the others named
        said = {side: {_call_of(call) for call in parts(s.values[name])} for side, name in ((SAME, "level"),
                                                                                             (UNCLEAR, "noisy"))}
        if said[SAME] | said[UNCLEAR] != {(seq, dim) for seq, dim, _ in calls} or said[SAME] & said[UNCLEAR]:
            c.fail(f"the calls named, {sorted(said[SAME])} and {sorted(said[UNCLEAR])}, are not those measured on "
                   f"both, each once")
        for seq, dim, pairs in calls:
            side = SAME if (seq, dim) in said[SAME] else UNCLEAR
            c.side(side, pairs.telling_noise(), seq, f"attention {dtype} at {seq:,} positions, head size {dim}")
        return
    if form in ("faster", "slower", "same", "unclear"):
        side = {"faster": FASTER, "slower": SLOWER, "unclear": UNCLEAR}.get(form, SAME)
        for seq, dim, pairs in calls:
            c.side(side, pairs.telling_noise(), seq, f"attention {dtype} at {seq:,} positions, head size {dim}")
        if form not in ("same", "unclear"):
            [call] = parts(s.values["call"])
            at, dim = _call_of(call)
            pairs = next((p for s_, d, p in calls if s_ == at and d == dim), None)
            if pairs is None:
                c.fail(f"{at:,} positions with head size {dim} was not measured on both")
                return
            c.winner_factor(side, pairs, at, s.values["factor"], f"attention at {at:,} positions")
            c.up_to(s.values["factor"], [p.advantages(side, s_) for s_, _, p in calls], f"attention in {dtype}")
        return
    said_faster = {_call_of(call) for call in parts(s.values.get("faster", Listing(())))} if form == "mixed" else set()
    said_other = {_call_of(call) for call in parts(s.values["other"])}
    every = {(seq, dim) for seq, dim, _ in calls}
    if said_faster | said_other != every or said_faster & said_other:
        c.fail(f"the calls named, {sorted(said_faster)} and {sorted(said_other)}, are not the {sorted(every)} "
               f"measured on both, each once")
    for seq, dim, pairs in calls:
        if (seq, dim) in said_faster and not pairs.can_be(FASTER, seq):
            c.fail(f"'faster at {seq:,} positions, head size {dim}', but {pairs.evidence(seq)}")
        if (seq, dim) in said_other and pairs.must_be(FASTER, seq):
            c.fail(f"'not faster at {seq:,} positions, head size {dim}', but every pair says faster")


def check_attention_none_common(s: Said, c: Context) -> None:
    dtype = text_of(s.values["dtype"])
    if _calls(c, dtype):
        c.fail(f"'no attention call in {dtype} in common', but {len(_calls(c, dtype))} were")


def check_attention_rule(s: Said, c: Context) -> None:
    dtype = text_of(s.values["dtype"])
    calls = _calls(c, dtype)
    if not calls:
        c.fail(f"a rule for attention in {dtype}, but no call was measured on both")
        return
    said = choice(s, "direction")
    if said == "mixed":
        for side in (FASTER, SLOWER, SAME):
            if all(p.must_be(side, seq) for seq, _, p in calls):
                c.fail(f"'which device wins depends', but every call is {side}")
        return
    if said == "unclear":  # faster nowhere, and too noisy to tell at some call
        for seq, dim, pairs in calls:
            c.side(SAME, pairs, seq, f"attention {dtype} at {seq:,} positions, head size {dim}")
        if not any(pairs.telling_noise().can_be(UNCLEAR, seq) for seq, _, pairs in calls):
            c.fail(f"attention in {dtype}: 'too noisy to tell at some call', but every call is narrow enough")
        return
    side = {"faster": FASTER, "slower": SLOWER}.get(said, SAME)
    for seq, dim, pairs in calls:
        c.side(side, pairs.telling_noise(), seq, f"attention {dtype} at {seq:,} positions, head size {dim}")


def _decoder_parameters(params: Mapping) -> int:
    """Every weight of a decoder with these parameters, counted plainly: embedding table and output layer, and per
    layer the query, key, value and output projections, the three MLP matrices and two norms; the final norm."""
    d, kv = int(params["d_model"]), int(params["kv_heads"]) * int(params["d_model"]) // int(params["heads"])
    layer = d * d + d * kv + d * kv + d * d + 3 * d * int(params["ffn"]) + 2 * d
    return 2 * int(params["vocab"]) * d + int(params["layers"]) * layer + d


def _decoder_dtype(c: Context, device: str) -> str | None:
    """The precision a device's decoder is judged in: the one it was also replayed in (tried, well or not), else
    the one precision it was measured in."""
    points = [p for p in c.oracle.results.points if p.workload == "decode" and p.device == device]
    replayed = {p.params.get("dtype") for p in points if p.params.get("mode") == "graph"}
    every = {p.params.get("dtype") for p in points}
    found = replayed or every
    return str(found.pop()) if len(found) == 1 else None


def _contexts(c: Context, device: str) -> list[int]:
    """Every context a decode point of ``device`` ran at (measured well or not), shortest first."""
    return sorted({int(p.params["context"]) for p in c.oracle.results.points
                   if p.workload == "decode" and p.device == device})


def _steps(c: Context, device: str, mode: str, dtype: str | None = None, context: int | None = None) -> list[Timed]:
    """The decode steps measured well on ``device`` in ``mode``, in ``dtype`` (default: the decoder's own), at
    ``context`` (default: the shortest the device ran at, where every other decode claim is read)."""
    chosen = dtype or _decoder_dtype(c, device)
    at = context if context is not None else next(iter(_contexts(c, device)), None)
    return [t for ts in c.oracle.timed("decode", device, mode=mode, dtype=chosen, context=at).values() for t in ts]


def _ladders(c: Context) -> dict[str, list[int]]:
    """Per accelerator, the contexts its eager step in the decoder's precision was measured well at, where two or
    more."""
    found = {}
    for device in sorted({p.device for p in c.oracle.results.points if p.workload == "decode"} - {"cpu"}):
        good = [n for n in _contexts(c, device) if _steps(c, device, "eager", context=n)]
        if len(good) >= 2:
            found[device] = good
    return found


def _cache_share(params: Mapping, nbytes: float) -> float:
    """The keys and values of ``context + 1`` positions in every layer, over a token's bytes."""
    kv = int(params["kv_heads"]) * int(params["d_model"]) // int(params["heads"])
    size = {"float32": 4, "float16": 2, "bfloat16": 2}[str(params["dtype"])]
    return size * int(params["layers"]) * 2 * kv * (int(params["context"]) + 1) / nbytes


def check_contexts_row(s: Said, c: Context) -> None:
    """A row of the contexts table: a context the accelerator's eager step was measured well at (two or more), the
    cache's share of a token's bytes there, tokens per second eager and replayed with the intervals the results
    file records, and the bound from bandwidth over that context's bytes, each from the raw points; a value left
    out only where it was not measured well."""
    v = s.values
    device, context = c.device(v["device"]), v["context"].n
    if context not in _ladders(c).get(device, []):
        c.fail(f"a row at {context:,} positions on the {device}, but its eager step was not measured well there "
               f"beside another context")
        return
    eager = _steps(c, device, "eager", context=context)
    c.quantity(v["cache"], [_cache_share(t.point.params, t.point.bytes_moved) for t in eager],
               f"the cache's share of a token's bytes at {context:,} positions")
    for name in ("eager", "graph"):
        steps = _steps(c, device, name, context=context)
        if name not in v:
            if steps:
                c.fail(f"no {name} step at {context:,} positions on the {device}, but it was measured well")
            continue
        c.quantity(v[name], [1 / value for value in _values(steps)], f"{name} tokens per second at {context:,}")
        c.quantity(v[f"{name}_low"], [1 / (t.point.ci_high_s or t.point.measured_s) for t in steps],
                   f"{name} tokens per second's low end at {context:,}")
        c.quantity(v[f"{name}_high"], [1 / (t.point.ci_low_s or t.point.measured_s) for t in steps],
                   f"{name} tokens per second's high end at {context:,}")
    rates = _bound_rates(c, device)
    if "bound" in v:
        c.quantity(v["bound"], [rate / t.point.bytes_moved for t in eager for rate in rates],
                   f"the bound at {context:,} positions on the {device}")
    elif rates:
        c.fail(f"no bound at {context:,} positions on the {device}, but a rate was measured well there")


def check_decode_contexts_conclusion(s: Said, c: Context) -> None:
    """The step's time at the longest context over the shortest (replayed where both ends were replayed well,
    else eager), against how far the bound falls: the longest context's bytes over the shortest's (the rate is
    the same). Over every pair of readings, the slowdown over the fall is more where its interval lies above 1,
    less where below, else as much (too noisy to tell where the two points' published range reaches beyond
    AGREE); the form said must be one some pair gives."""
    v, form = s.values, choice(s, "direction")
    device = c.device(v["device"])
    contexts = _ladders(c).get(device, [])
    if not contexts:
        c.fail(f"the step at two contexts on the {device}, but it measured its eager step well at fewer")
        return
    shortest, longest = contexts[0], contexts[-1]
    replayed = [_steps(c, device, "graph", context=n) for n in (shortest, longest)]
    mode = "graph" if all(replayed) else "eager"
    said = text_of(dict(v["step"].values)["mode"])
    if said != mode:
        c.fail(f"the {said} step read at two contexts on the {device}, but the {mode} step is the one to read")
        return
    first, last = (_steps(c, device, mode, context=n) for n in (shortest, longest))
    pairs = _reading_pairs(last, first)
    c.quantity(v["factor"], [lo.median / fi.median for lo, fi in pairs],
               "the longest context's time over the shortest's")
    if form == "no_bound":
        if _bound_rates(c, device):
            c.fail(f"'no bound to set it against' on the {device}, but a rate was measured well")
        return
    eager = [_steps(c, device, "eager", context=n) for n in (shortest, longest)]
    falls = [lo.point.bytes_moved / fi.point.bytes_moved for fi in eager[0] for lo in eager[1]]
    c.quantity(v["fall"], falls, "the bound's fall from the shortest context to the longest")
    sides = set()
    for lo, fi in pairs:
        (last_low, last_high), (first_low, first_high) = published(lo.point), published(fi.point)
        for fall in falls:
            low, high = lo.low / fi.high / fall, lo.high / fi.low / fall
            spread = (last_low / first_high / fall, last_high / first_low / fall)
            sides.add("more" if low > 1 else "less" if high < 1 else "unclear" if spread_is_wide(*spread) else "same")
    if form not in sides:
        c.fail(f"the step slows '{form}' than its bound falls on the {device}, but the readings say {sorted(sides)}")
    if form == "unclear":
        c.quantity(v["ratio"], [lo.median / fi.median / fall for lo, fi in pairs for fall in falls],
                   "the slowdown over the bound's fall")
        c.quantity(v["low"], [lo.low / fi.high / fall for lo, fi in pairs for fall in falls],
                   "the low end of the slowdown over the fall")
        c.quantity(v["high"], [lo.high / fi.low / fall for lo, fi in pairs for fall in falls],
                   "the high end of the slowdown over the fall")
        if "slow_low" in printed_fields(s):
            c.quantity(v["slow_low"], [lo.low / fi.high for lo, fi in pairs], "the low end of the slowdown")
            c.quantity(v["slow_high"], [lo.high / fi.low for lo, fi in pairs], "the high end of the slowdown")
            if not any(lo.low / fi.high <= fall <= lo.high / fi.low for lo, fi in pairs for fall in falls):
                c.fail(f"the slowdown's interval said to include the bound's fall on the {device}, but none does")


def _prefill_flops(params: Mapping) -> float:
    """A prompt read at once, counted plainly: per layer and position the four projections and three MLP products
    (two operations a weight), the output layer for the last position, and per layer causal attention: position
    i's scores and weighted values over i + 1 positions, for every query head."""
    d, layers, tokens = int(params["d_model"]), int(params["layers"]), int(params["tokens"])
    heads, dim = int(params["heads"]), int(params["d_model"]) // int(params["heads"])
    kv = int(params["kv_heads"]) * dim
    weights = d * d + d * kv + d * kv + d * d + 3 * d * int(params["ffn"])
    attention = sum(2 * 2 * heads * dim * (i + 1) for i in range(tokens))
    return 2.0 * (layers * weights * tokens + int(params["vocab"]) * d) + layers * attention


def _prompts(c: Context, device: str) -> list[Timed]:
    return [t for t in c.oracle.good if t.point.workload == "prefill" and t.point.device == device
            and t.point.method == "engine"]


def _prompt_bounds(c: Context, device: str, at: list[Timed], dtype: str) -> tuple[list[float], float]:
    """The best ``dtype`` matrix product's rates (every reading) and the prompt's operations counted plainly."""
    rates = [r.rate("flops")[0] for t in c.oracle.best("matmul", device, "flops", dtype=dtype) for r in t.readings()]
    return rates, _prefill_flops(at[0].point.params)


def check_prompt_row(s: Said, c: Context) -> None:
    """A row of the prompt table: the prompt's length and tokens per second with their interval, the arithmetic's
    bound at the best matrix product of its precision (computed here, with the operations counted plainly), the
    share of it, the bytes' bound at B @ a's rate, and what limits it, each from the raw points."""
    v = s.values
    device, dtype, tokens = c.device(v["device"]), text_of(v["dtype"]), v["prompt"].n
    at = [t for t in _prompts(c, device) if t.point.params.get("dtype") == dtype]
    if not at:
        c.fail(f"a prompt in {dtype} on the {device}, but none was measured well there")
        return
    if any(t.point.params["tokens"] != tokens for t in at):
        c.fail(f"a prompt of {tokens:,} tokens in {dtype} on the {device}: measured "
               f"{[t.point.params['tokens'] for t in at]}")
        return
    values = _values(at)
    c.quantity(v["tokens"], [tokens / value for value in values], f"prompt tokens per second in {dtype}")
    # The interval is the one the results file records for the point, as for the decode table's rows.
    c.quantity(v["low"], [tokens / (t.point.ci_high_s or t.point.measured_s) for t in at], "the interval's low end")
    c.quantity(v["high"], [tokens / (t.point.ci_low_s or t.point.measured_s) for t in at], "the interval's high end")
    if not v["low"].value <= v["tokens"].value <= v["high"].value:
        c.fail(f"tokens per second {shown(v['tokens'])} outside its interval")
    rates, flops = _prompt_bounds(c, device, at, dtype)
    if "mm" in v:
        products = [t for t in c.oracle.best("matmul", device, "flops", dtype=dtype)
                    if t.point.params.get("m") == v["m"].n]
        if not products:
            c.fail(f"the best {dtype} matrix product on the {device} is not at m = {v['m'].n:,}")
            return
        tied = c.tied(v["mm"], [r.rate("flops")[0] for t in products for r in t.readings()], f"best {dtype} A @ B")
        c.quantity(v["bound"], [r * tokens / flops for r in tied], f"the {dtype} prompt's arithmetic bound")
        if "share" in v:
            c.quantity(v["share"], [(tokens / value) / (r * tokens / flops) for value in values for r in tied],
                       f"the {dtype} prompt's share of its arithmetic bound")
        # The share cell reads the arithmetic's bound as the sentence reads its bound: below, at within noise, or
        # above beyond it (a share never over 1).
        _prompt_against(c, s, device, at, tokens, flops, dtype, "compute", choice(s, "side"))
    elif rates:
        c.fail(f"no arithmetic bound in the row, but a {dtype} matrix product was measured well on the {device}")
    memory = _memory_rates(c, device)
    nbytes = at[0].point.bytes_moved
    if "bytes_bound" in v:
        c.quantity(v["bytes_bound"], [m * tokens / nbytes for m in memory], f"the {dtype} prompt's bytes bound")
    elif memory and nbytes:
        c.fail(f"no bytes bound in the row, but B @ a was measured well on the {device}")
    limit = choice(s, "limit")
    found = _prompt_limits(c, device, at, tokens, flops, rates) if rates else set()
    if limit == "unknown" and found:
        c.fail(f"'unknown' limits the {dtype} prompt on the {device}, but the readings say {sorted(found)}")
    elif limit != "unknown" and limit not in found:
        c.fail(f"the {dtype} prompt limited by '{limit}' on the {device}, but the readings say {sorted(found)}")


def check_prefill_conclusion(s: Said, c: Context) -> None:
    """What limits the prompt in its first (the decoder's) precision: a form the readings allow, and the share or
    the operations' share it prints, computed here."""
    v = s.values
    device, dtype = c.device(v["device"]), text_of(v["dtype"])
    reads = _prompts(c, device)
    at = [t for t in reads if t.point.params.get("dtype") == dtype]
    if not at:
        c.fail(f"a prompt in {dtype} on the {device}, but none was measured well there")
        return
    if str(reads[0].point.params.get("dtype")) != dtype:
        c.fail(f"the conclusion reads {dtype}, the {device}'s first prompt ran in {reads[0].point.params['dtype']}")
    tokens = v["tokens"].n
    if any(t.point.params["tokens"] != tokens for t in at):
        c.fail(f"a prompt of {tokens:,} tokens on the {device}: measured {[t.point.params['tokens'] for t in at]}")
        return
    rates, flops = _prompt_bounds(c, device, at, dtype)
    found = _prompt_limits(c, device, at, tokens, flops, rates) if rates else set()
    limit, _, side = choice(s, "limit").partition(".")
    if limit == "unknown":
        if found:
            c.fail(f"'cannot say what limits the prompt' on the {device}, but the readings say {sorted(found)}")
        return
    if limit in ("compute_likely", "bandwidth_likely"):
        side = "below"  # (its ".full" says the shares fill the time, not where the prompt stands)
    if limit in ("compute", "bandwidth", "both", "compute_likely", "bandwidth_likely"):
        _prompt_against(c, s, device, at, tokens, flops, dtype, limit.removesuffix("_likely"), side or "below")
    if limit not in found:
        c.fail(f"the prompt limited by '{limit}' on the {device}, but the readings say {sorted(found)}")
    values = _values(at)
    printed = printed_fields(s)
    if limit in ("compute_likely", "bandwidth_likely"):
        _likely_shares(c, s, device, at, tokens, flops, rates, limit, values)
    if limit in ("compute", "both", "bandwidth", "compute_likely", "bandwidth_likely"):
        return  # read against its bound above
    if limit == "unclear":
        # Against half the tighter bound, over every reading: "stayed below half of either bound" where every
        # interval lies below that line; else the sentence says the time straddles it, which one interval must.
        halves = _prompt_halves(c, device, at, tokens, flops, rates)
        if side.startswith("calls") and halves != {"below"}:
            c.fail(f"the prompt on the {device} 'stayed below half of either bound', but the readings say "
                   f"{sorted(halves)}")
        if side.startswith("calls"):
            # 'The calls take from L to H of its time, on both sides of half': L the cheap end of one operation's
            # cost over the prompt's slow end, H the dear end over its fast end, every reading; L under half, H not.
            ops = at[0].point.detail.get("ops_per_call")
            if not isinstance(ops, int) or "calls_low" not in printed or "calls_high" not in v:
                c.fail(f"the calls' range on the {device} unsaid, or the prompt recorded no operations")
            else:
                ends = _op_intervals(c, device)
                c.quantity(v["calls_low"], [ops * cheap / (t.point.ci_high_s or t.point.measured_s)
                                            for t in at for cheap, _ in ends], "the calls' share at its low end")
                c.quantity(v["calls_high"], [ops * dear / (t.point.ci_low_s or t.point.measured_s)
                                             for t in at for _, dear in ends], "the calls' share at its high end")
                if (choice(s, "reach") == "all") != (shown(v["calls_high"]).value >= 1):
                    c.fail(f"the calls' share on the {device} said to reach {choice(s, 'reach')} of the time, but its "
                           f"high end is {shown(v['calls_high']).text}")
                if not shown(v["calls_low"]).value < HALF <= shown(v["calls_high"]).value:
                    c.fail(f"the calls' share on the {device} 'on both sides of half', but it runs from "
                           f"{shown(v['calls_low']).text} to {shown(v['calls_high']).text}")
        if not side and "straddles" not in halves:
            c.fail(f"the prompt's time on the {device} said to straddle half its tighter bound, but the readings "
                   f"say {sorted(halves)}")
        if "tighter" in printed:
            # The bound it names is the lower of the two at every reading.
            said = [choice(p, "side") for p in parts(v["tighter"])]
            nbytes = at[0].point.bytes_moved
            lower = {"compute" if rate * tokens / flops <= memory * tokens / nbytes else "bandwidth"
                     for rate in rates for memory in _memory_rates(c, device)}
            if [*lower] != said:
                c.fail(f"the prompt's lower bound on the {device} said to be {said}, but the readings say "
                       f"{sorted(lower)}")
        if "share" in printed or "fast" in printed:
            # The typical share of the tighter bound and its fast end's, over every reading of the prompt and of
            # either bound's rate.
            nbytes = at[0].point.bytes_moved
            tight = [min(rate * tokens / flops, memory * tokens / nbytes) for rate in rates
                     for memory in _memory_rates(c, device)]
            if "share" in printed:
                c.quantity(v["share"], [tokens / value / b for value in values for b in tight],
                           "the prompt's typical share of its tighter bound")
            if "fast" in printed:
                c.quantity(v["fast"], [tokens / (t.point.ci_low_s or t.point.measured_s) / b for t in at
                                       for b in tight], "the fast end's share of the prompt's tighter bound")
                if shown(v["fast"]).value < HALF:
                    c.fail(f"the prompt's fast end on the {device} said to reach {shown(v['fast']).text} of its "
                           f"tighter bound, under the half that leaves the limit in doubt")
        if "low" in printed:
            c.quantity(v["low"], [tokens / (t.point.ci_high_s or t.point.measured_s) for t in at],
                       "the interval's low end")
        if "high" in printed:
            c.quantity(v["high"], [tokens / (t.point.ci_low_s or t.point.measured_s) for t in at],
                       "the interval's high end")
    else:
        ops = at[0].point.detail.get("ops_per_call")
        if not isinstance(ops, int):
            c.fail(f"the operations' share on the {device}, but the prompt recorded no operations")
            return
        if "time" in printed:
            c.quantity(v["time"], values, f"the prompt's time on the {device}")
        if "ops_share" in printed:
            c.quantity(v["ops_share"], [ops * cost / value for cost in _op_values(c, device) for value in values],
                       "the prompt's operations' share of its time")
        if "share" in printed:
            # The products' share of the time at the best product's rate: the arithmetic bound's share.
            c.quantity(v["share"], [tokens / value / (rate * tokens / flops) for rate in rates for value in values],
                       "the prompt's products' share of its time at the best rate")
        if side.startswith("host"):
            _prompt_host(c, s, device, dtype, at, ops, flops)


def _prompt_host(c: Context, s: Said, device: str, dtype: str, at: list[Timed], ops: int, flops: float) -> None:
    """"The rest is most likely the host's work per call": the eager decode step on the same device and in the same
    precision ran the same operations (printed) on one token, and its time (printed), less its weights' bytes at its
    bound's rate, is at least what the prompt's products at the best rate, its weights at B @ a's rate and its calls
    priced as additions leave of its time."""
    v = s.values
    steps = [t for t in _steps(c, device, "eager") if t.point.params.get("dtype") == dtype]
    if not steps:
        c.fail(f"a decode step in {dtype} on the {device} set beside the prompt, but none was measured well there")
        return
    counts = {t.point.detail.get("ops_per_call") for t in steps}
    if counts != {ops} or v["ops"].n != ops:
        c.fail(f"the decode step 'the same {v['ops'].n:,} operations' as the prompt on the {device}: the prompt ran "
               f"{ops:,}, the step {sorted(map(str, counts))}")
    c.quantity(v["step"], _values(steps), f"the eager decode step on the {device}")
    nbytes = at[0].point.bytes_moved
    # "Most likely", as a "likely" reading elsewhere, rests on the typical values: every point's median, not every
    # reading (an eager step's fresh processes can scatter far): the largest rest any point leaves (the slowest
    # rates, the cheapest operation), which the step's shortest median must cover.
    products = [t.rate("flops")[0] for t in c.oracle.best("matmul", device, "flops", dtype=dtype)]
    costs = [t.point.measured_s / n for n, ts in c.oracle.timed("op_chain", device).items() for t in ts]
    rest = max(t.point.measured_s - flops / rate - (nbytes / memory if nbytes else 0.0) - ops * cost for t in at
               for rate in products for memory in _memory_rates(c, device) or [math.inf] for cost in costs)
    # The step's calls: what its own weights' bytes at the fastest rate its bound may use leave of its time.
    fastest = max(_bound_rates(c, device) + _recorded_bound_rates(c, device), default=math.inf)
    calls = min(t.point.measured_s - t.point.bytes_moved / fastest for t in steps)
    if calls < rest:
        c.fail(f"the prompt's rest on the {device} said to be most likely the host's calls, but the decode step of "
               f"the same operations spends less than that rest beyond reading its weights")


def _likely_shares(c: Context, s: Said, device: str, at: list[Timed], tokens: int, flops: float,
                   rates: list[float], limit: str, values: list[float]) -> None:
    """Beside the likeliest bound's share, the other bound's share of the prompt's time and the calls' (each
    operation priced at one small addition), over every reading; both must be printed, and each under half, as
    the sentence's "neither of the others" needs."""
    v = s.values
    printed = printed_fields(s)
    if "other_share" not in printed or "ops_share" not in printed:
        c.fail(f"'{limit}' on the {device} without the other bound's and the calls' shares of the prompt's time")
        return
    nbytes = at[0].point.bytes_moved
    others = [rate * tokens / flops for rate in rates] if limit == "bandwidth_likely" else \
        [memory * tokens / nbytes for memory in _memory_rates(c, device)] if nbytes else []
    c.quantity(v["other_share"], [tokens / value / bound for bound in others for value in values],
               "the other bound's share of the prompt's time")
    ops = at[0].point.detail.get("ops_per_call")
    if not isinstance(ops, int):
        c.fail(f"the calls' share on the {device}, but the prompt recorded no operations")
        return
    c.quantity(v["ops_share"], [ops * cost / value for cost in _op_values(c, device) for value in values],
               "the prompt's operations' share of its time")
    # The three shares' sum, each reading of the prompt's time priced by every reading of each cost: "only" that
    # much of the time where printed, which must then stay under the whole; ".full" where some sum reaches it.
    own = [rate * tokens / flops for rate in rates] if limit == "compute_likely" else \
        [memory * tokens / nbytes for memory in _memory_rates(c, device)] if nbytes else []
    totals = [tokens / value / a + tokens / value / b + ops * cost / value for value in values for a in own
              for b in others for cost in _op_values(c, device)]
    if "total" in printed:
        c.quantity(v["total"], totals, "the three priced costs' share of the prompt's time")
        if shown(v["total"]).value >= 1:
            c.fail(f"the priced costs 'account for only' {shown(v['total']).text} of the prompt's time on the {device}")
    elif totals and all(total < 1 for total in totals):
        c.fail(f"the priced costs' sum left unsaid on the {device}, but every reading puts it under the whole time "
               f"({min(totals):.0%} to {max(totals):.0%})")
    for name in ("other_share", "ops_share"):
        if shown(v[name]).value >= HALF:
            c.fail(f"'neither of the others would take half' on the {device}, but {name} is {shown(v[name]).text}")


def _rate_ends(t: Timed, rate: float) -> tuple[float, float]:
    """A rate read from ``t`` at the ends of the point's published 95 % interval (slow end, fast end)."""
    seconds = t.point.measured_s
    return rate * seconds / (t.point.ci_high_s or seconds), rate * seconds / (t.point.ci_low_s or seconds)


def _prompt_against(c: Context, s: Said, device: str, at: list[Timed], tokens: int, flops: float, dtype: str,
                    limit: str, side: str) -> None:
    """The prompt against the bound its limit names (the tighter of the two for ``both``), over every reading of
    the prompt and of the point each bound rests on: ``below`` a share under 1; ``at`` where the median is over
    the bound but the prompt's published interval reaches the bound's; ``above`` where it lies wholly beyond it,
    with the factor. A share of 1 or more is never said as a share reached."""
    v = s.values
    nbytes = at[0].point.bytes_moved
    products = [(r.rate("flops")[0] * tokens / flops, t) for t in c.oracle.best("matmul", device, "flops", dtype=dtype)
                for r in t.readings()]
    memory = _memory_rates(c, device)
    reads = [(r.rate("bytes_moved")[0] * tokens / nbytes, t) for ts in c.oracle.timed("matvec", device).values()
             for t in ts if any(math.isclose(t.rate("bytes_moved")[0], m, rel_tol=1e-9) for m in memory)
             for r in t.readings()] if nbytes else []
    bounds = products if limit == "compute" else reads if limit == "bandwidth" else [
        min(a, b, key=lambda pair: pair[0]) for a in products for b in reads]
    if not bounds:
        c.fail(f"the {dtype} prompt on the {device} against a bound never measured well")
        return
    ratios, sides = [], set()
    for p in at:
        low = tokens / (p.point.ci_high_s or p.point.measured_s)
        for value in _values([p]):
            for bound, t in bounds:
                ratio = (tokens / value) / bound
                ratios.append(ratio)
                sides.add("below" if ratio < 1 else "at" if low <= _rate_ends(t, bound)[1] else "above")
    if side not in sides:
        c.fail(f"the {dtype} prompt '{side}' its bound on the {device}, but the readings say {sorted(sides)}")
    if side == "below":
        if shown(v["share"]).value > 1:
            c.fail(f"the {dtype} prompt on the {device} reached {shown(v['share']).text} of its bound: a rate above "
                   f"its bound said as a share of it")
        c.quantity(v["share"], ratios, f"the {dtype} prompt's share of its bound")
    elif side == "above":
        c.factor(v["factor"], ratios, f"the {dtype} prompt over its bound")


#: Two bounds of a prompt closer than this factor both limit it ("arithmetic and bytes alike").
APART = 1.25


def _prompt_limits(c: Context, device: str, at: list[Timed], tokens: int, flops: float,
                   rates: list[float]) -> set[str]:
    """What may limit the prompt, over every product rate, B @ a rate and operation cost, read from the time's
    interval as the results file records it: the tighter of the two bounds where the whole interval reached half
    of it (``both`` where the other lies within :data:`APART`); where only its fast end did, that bound as
    ``compute_likely`` or ``bandwidth_likely`` if the other bound's half lies above the fast end, the calls take
    less than half of the fastest time and the median stays under the bound; the fixed cost of its calls where
    that is half its time at both ends of both intervals (the prompt's time, one operation's cost), ``neither``
    where it is less at all of them; ``unclear`` where the intervals lie on both sides."""
    found = set()
    nbytes = at[0].point.bytes_moved
    ops = at[0].point.detail.get("ops_per_call")
    for t in at:
        fast, slow = t.point.ci_low_s or t.point.measured_s, t.point.ci_high_s or t.point.measured_s
        for rate in rates:
            for memory in _memory_rates(c, device):
                compute, reads = rate * tokens / flops, memory * tokens / nbytes
                tighter = min(compute, reads)
                if tokens / slow >= HALF * tighter:
                    found.add("both" if max(compute, reads) < APART * tighter else
                              "compute" if compute <= reads else "bandwidth")
                    continue
                if tokens / fast >= HALF * tighter:
                    # Holding the tighter bound's line: that bound most likely limits it where the other two are ruled
                    # out (the fast end below half of the other bound, the calls under half of the fastest time at
                    # the dear end of one operation's cost) and the median stays under the bound.
                    side = "compute" if compute <= reads else "bandwidth"
                    alone = tokens / fast < HALF * max(compute, reads) and tokens / t.median < tighter
                    calls = [ops * dear < HALF * fast for _, dear in _op_intervals(c, device)] \
                        if isinstance(ops, int) else []
                    found |= {f"{side}_likely" if alone and below else "unclear" for below in calls} or {"unclear"}
                    continue
                for cheap, dear in _op_intervals(c, device):
                    if isinstance(ops, int):
                        found.add("overhead" if ops * cheap >= HALF * slow else "neither" if ops * dear < HALF * fast
                                  else "unclear")
    return found


def _prompt_halves(c: Context, device: str, at: list[Timed], tokens: int, flops: float,
                   rates: list[float]) -> set[str]:
    """Where the prompt's interval lies against half the tighter of its two bounds, over every reading: ``below``,
    ``straddles`` or ``above``."""
    found = set()
    nbytes = at[0].point.bytes_moved
    for t in at:
        fast, slow = t.point.ci_low_s or t.point.measured_s, t.point.ci_high_s or t.point.measured_s
        for rate in rates:
            for memory in _memory_rates(c, device):
                tighter = min(rate * tokens / flops, memory * tokens / nbytes)
                found.add("above" if tokens / slow >= HALF * tighter else
                          "straddles" if tokens / fast >= HALF * tighter else "below")
    return found


#: The prompt table's labels each sentence of the note under it explains (the bound named outright has none).
LEGEND_LABELS = {"both": {"both"}, "likely.compute": {"compute_likely"}, "likely.bandwidth": {"bandwidth_likely"},
                 "overhead": {"overhead"}, "neither": {"neither"}, "unclear": {"unclear"}, "unknown": {"unknown"}}


def check_prefill_legend(s: Said, c: Context) -> None:
    """A sentence of the note under the prompt table explains a label the table shows: the readings of some prompt
    of the build allow that label."""
    found: set[str] = set()
    for device in sorted({t.point.device for t in c.oracle.good if t.point.workload == "prefill"}):
        reads = _prompts(c, device)
        for dtype in sorted({str(t.point.params.get("dtype")) for t in reads}):
            at = [t for t in reads if t.point.params.get("dtype") == dtype]
            rates, flops = _prompt_bounds(c, device, at, dtype)
            tokens = at[0].point.params["tokens"]
            found |= (_prompt_limits(c, device, at, tokens, flops, rates) if rates else set()) or {"unknown"}
    label = choice(s, "label")
    if not LEGEND_LABELS[label] & found:
        c.fail(f"the note explains the label '{label}', but the prompts' readings give only {sorted(found)}")


def check_prefill_none(s: Said, c: Context) -> None:
    found = sorted({t.point.device for t in c.oracle.good if t.point.workload == "prefill"})
    if found:
        c.fail(f"'no prompt read well', but {found} read one well")


def check_decode_contexts_none(s: Said, c: Context) -> None:
    _check_why_none(s, c)
    if _ladders(c):
        c.fail(f"'no accelerator at two contexts', but {sorted(_ladders(c))} measured its eager step well at two")


def _reading_pairs(base: list[Timed], other: list[Timed]) -> list[tuple[Timed, Timed]]:
    """Every pair of readings (see :meth:`Timed.readings`) of a point of ``base`` and one of ``other``."""
    return [(b, o) for tb in base for to in other for b in tb.readings() for o in to.readings()]


def _products(c: Context, device: str) -> list[Timed]:
    """The decoder's matrix products read alone on ``device``, replayed and measured well, in the decoder's
    precision and of its width."""
    steps = _steps(c, device, "eager") or _steps(c, device, "graph") or _steps(c, device, "compiled")
    if not steps:
        return []
    shape = steps[0].point.params
    return [t for ts in c.oracle.timed("step_products", device, dtype=_decoder_dtype(c, device)).values()
            for t in ts if t.point.params.get("d_model") == shape.get("d_model")
            and t.point.params.get("layers") == shape.get("layers") and t.point.detail.get("overhead_removed_by")]


def check_decode_ways_bound(s: Said, c: Context) -> None:
    """The size-matched bound: the products' own rate (their bytes over each reading), over the step's bytes per
    token; beside it, the bound at B @ a's best rate."""
    v = s.values
    device = c.device(v["device"])
    products = _products(c, device)
    steps = [t for mode in ("eager", "graph", "compiled") for t in _steps(c, device, mode)]
    if not products or not steps:
        c.fail(f"a size-matched bound on the {device}, but its products or its step were not measured well")
        return
    step_bytes, printed = steps[0].point.bytes_moved, printed_fields(s)
    if "bytes" in printed and not shown(v["bytes"]).matches(step_bytes):
        c.fail(f"{shown(v['bytes'])} per token, but the step reads {step_bytes:.4g} bytes")
    rates = [t.point.bytes_moved / r.median for t in products for r in t.readings()]
    if "matched" in printed:
        rates = c.tied(v["matched"], rates, f"the rate of the step's products read alone on the {device}")
    c.quantity(v["bound"], [rate / step_bytes for rate in rates], "the size-matched bound")
    if "best_bound" in printed:
        best = _memory_rates(c, device)
        if "best" in printed:
            best = c.tied(v["best"], best, f"B @ a's best rate on the {device}")
        c.quantity(v["best_bound"], [rate / step_bytes for rate in best], "the bound at B @ a's best rate")
    elif _memory_rates(c, device):
        c.fail(f"no bound at B @ a's rate, but the {device} measured B @ a well")


def check_decode_ways_versus(s: Said, c: Context) -> None:
    """The CUDA graph against the compiled step: the side every pair of readings allows, the factor, and each
    one's kernels as recorded."""
    v = s.values
    device = c.oracle.accelerator or ""
    graphs, compiled = _steps(c, device, "graph"), _steps(c, device, "compiled")
    if not graphs or not compiled:
        c.fail("replaying against fusing, but no replayed and compiled step were both measured well")
        return
    if graphs[0].point.detail.get("overhead_removed_by") != "cuda_graph":
        c.fail(f"a CUDA graph, but the replay says {graphs[0].point.detail.get('overhead_removed_by')}")
    form = choice(s, "direction")
    side = {"faster": FASTER, "slower": SLOWER, "unclear": UNCLEAR, "unclear_compiled": UNCLEAR,
            "scattered": UNCLEAR, "scattered_compiled": UNCLEAR}.get(form, SAME)
    pairs = _reading_pairs(graphs, compiled)
    sides = {level_reading(g, f) for g, f in pairs}
    if side not in sides:
        c.fail(f"the compiled step '{side}' than the graph, but the readings say {sorted(sides)}")
    ratios = [g.median / f.median for g, f in pairs]
    if side in (FASTER, SLOWER):
        c.factor(v["factor"], ratios if side == FASTER else [1 / r for r in ratios], "compiled against replayed")
    if form.startswith("scattered"):
        # 'Varied widely from one process to the next': its processes' medians at least twice apart.
        groups = [median(g) for g in process_groups(compiled[0].point)]
        if len(groups) < 2 or max(groups) < 2 * min(groups):
            c.fail(f"the compiled step 'varied widely between processes', but its processes' medians are {groups}")
        elif "spread" in printed_fields(s):
            c.factor(v["spread"], [max(groups) / min(groups)], "the compiled step's processes, slowest over fastest")
    if side == UNCLEAR:
        # The leader's factor, and the ratio's interval printed beside it, which must hold 1 (else a side is due).
        ahead = ratios if form.endswith("_compiled") else [1 / r for r in ratios]
        c.factor(v["factor"], ahead, "the leader's factor where neither is called faster")
        low, high = shown(v["low"]).value, shown(v["high"]).value
        if not low <= 1 <= high or not low <= shown(v["factor"]).value <= high:
            c.fail(f"an interval {shown(v['low'])}–{shown(v['high'])} that should hold 1 and the factor")
    if "kernels" in v:
        for name, steps in (("kernels", graphs), ("fused", compiled)):
            recorded = steps[0].point.detail.get("kernels_per_call")
            if recorded != v[name].n:
                c.fail(f"{v[name].n:,} {name}, but the point recorded {recorded}")
    elif isinstance(graphs[0].point.detail.get("kernels_per_call"), int):
        c.fail("the kernels were counted, but the sentence does not say how many")


def check_decode_ways_compile_missing(s: Said, c: Context) -> None:
    device = c.oracle.accelerator or ""
    if _steps(c, device, "compiled"):
        c.fail(f"'no compiled step', but the {device} measured one well")
    if not any(p.workload == "decode" and p.params.get("mode") == "compiled" and p.device == device
               for p in c.oracle.results.points):
        c.fail(f"'torch.compile gave no step', but the {device} never tried one")


def _check_why_none(s: Said, c: Context) -> None:
    """'no accelerator' only where the build has none; 'unmeasured' only where it has one."""
    has = c.oracle.accelerator is not None
    if (choice(s, "why") == "no_accelerator") == has:
        c.fail(f"'{choice(s, 'why')}', but the build's accelerator is {c.oracle.accelerator}")


def check_decode_sections_none(s: Said, c: Context) -> None:
    """'Three sections are measured only on an accelerator: on this build they have no result': the build has none."""
    if c.oracle.accelerator is not None:
        c.fail(f"'this build has no accelerator', but it has the {c.oracle.accelerator}")


def check_precision_none(s: Said, c: Context) -> None:
    _check_why_none(s, c)
    both = sorted(d for d in {t.point.device for t in c.oracle.good if t.point.workload == "decode"} - {"cpu"}
                  if {"float16", "bfloat16"} <= {t.point.params.get("dtype") for t in c.oracle.good
                                                 if t.point.workload == "decode" and t.point.device == d})
    if both:
        c.fail(f"'no decoder measured well in both half precisions', but {both} measured it in both")


def check_decode_context(s: Said, c: Context) -> None:
    """The cache's context where the step is timed: each device's shortest decode context."""
    v = s.values
    shortest: dict[str, int] = {}
    for p in c.oracle.results.points:
        if p.workload == "decode":
            shortest[p.device] = min(shortest.get(p.device, 1 << 40), int(p.params["context"]))
    if choice(s, "alike") == "none":
        if shortest:
            c.fail(f"no context said, but the decode steps were timed at {shortest}")
        return
    said = {c.device(one.values["device"]): one.values["context"].n for one in parts(v["contexts"])} \
        if "contexts" in v else dict.fromkeys(shortest, v["context"].n)
    if said != shortest:
        c.fail(f"contexts {said}, but the decode steps were timed at {shortest}")


def check_decode_ways_none(s: Said, c: Context) -> None:
    _check_why_none(s, c)
    # 'the CPU is not timed these ways': no step of the CPU's was replayed or compiled.
    other = sorted({str(p.params.get("mode")) for p in c.oracle.results.points
                    if p.workload == "decode" and p.device == "cpu" and p.params.get("mode") not in (None, "eager")})
    if choice(s, "why") == "no_accelerator" and other:
        c.fail(f"'the CPU is not timed these ways', but it timed its step {other}")
    if choice(s, "why") == "no_accelerator":
        # 'This build timed only the eager step in D, at a context of N positions': a CPU step measured well, and
        # every decode point of the build eager, in D, at N.
        if not _steps(c, "cpu", "eager"):
            c.fail("'this build timed the step eagerly', but no eager step was measured well")
        decoded = [p for p in c.oracle.results.points if p.workload == "decode"]
        dtypes = sorted({str(p.params.get("dtype")) for p in decoded})
        contexts = sorted({int(p.params.get("context", 0)) for p in decoded})
        dtype, context = text_of(s.values["dtype"]), s.values["context"].n
        if dtypes != [dtype] or contexts != [context]:
            c.fail(f"'only in {dtype}, at a context of {context:,}', but the decode points ran in {dtypes} at "
                   f"{contexts}")
        modes = sorted({str(p.params.get("mode")) for p in decoded if p.params.get("mode") not in (None, "eager")})
        if modes:
            c.fail(f"'only the eager step', but it timed it {modes}")
        # 'and no MLX' exactly where the environment records MLX as not installed and no MLX point was taken.
        env = c.oracle.results.environment
        absent = "mlx" in env and env["mlx"] is None and not _mlx_points(c)
        if (choice(s, "mlx") == "absent") != absent:
            c.fail(f"MLX said {choice(s, 'mlx')}, but the environment records {env.get('mlx', 'nothing about it')!r}"
                   f" and {len(_mlx_points(c))} MLX points")
    devices = sorted({p.device for p in c.oracle.results.points if p.workload == "decode"})
    found = [d for d in devices if _products(c, d)]
    if found:
        c.fail(f"'no step beside its own matrices', but {found} measured both well")


def check_decode_basis(s: Said, c: Context) -> None:
    """The rate each named device's bound rests on: its own matrices read alone in a CUDA graph where they were
    measured well; else the largest plain copy where every B @ a matrix fit in its cache; else B @ a's rate. Each
    rate printed is one of that device's readings of it, and every device with a bound has its rate said."""
    basis = choice(s, "basis")
    rates = {c.device(rate.values["device"]): rate.values["rate"] for rate in parts(s.values["rates"])}
    if "devices" in s.values:
        named = [c.device(name) for name in s.values["devices"].items]
        if sorted(named) != sorted(rates):
            c.fail(f"the sentence names the {named}, but gives the rates of the {sorted(rates)}")
    else:  # every device whose eager step has a bound
        named = [d for d in ("cpu", c.oracle.accelerator) if d and _steps(c, d, "eager") and _bound_rates(c, d)]
        if not named:
            c.fail("the rate every device's bound rests on, but no eager step has a bound")
        if sorted(named) != sorted(rates):
            c.fail(f"the rates of the {sorted(rates)}, but the {named} have a bound")
    for device, rate in rates.items():
        c.quantity(rate, _bound_rates(c, device), f"the rate the {device}'s bound is read at")
    for device in named:
        if not _steps(c, device, "eager"):
            c.fail(f"a bound's rate on the {device}, whose eager step was never measured well")
        products = _products(c, device)
        found = "matched" if products else "copy" if _copy_rates(c, device) else "best" if _bound_rates(c, device) \
            else None
        if basis != found:
            c.fail(f"the {device}'s bound read at {basis!r}, but its points give {found!r}")
        if basis == "matched" and any(t.point.detail.get("overhead_removed_by") != "cuda_graph" for t in products):
            c.fail(f"the {device}'s own matrices 'in a CUDA graph', but they were replayed otherwise")


def check_decode_basis_kernel(s: Said, c: Context) -> None:
    """'On the D, B @ a reads such a matrix more slowly than a plain copy (R against C): PyTorch's kernel, not
    memory, sets that rate, so this bound is PyTorch's': said after the basis; each device named has its bound read
    at B @ a's rate from memory (no own matrices, no copy as the basis), R is that rate and C its largest copy's,
    and there every reading of B @ a is slower than the copy (:func:`_pace_against_copy`)."""
    if c.before("decode.basis", "decode.basis.every") is None:
        c.fail("the bound said to be PyTorch's after no word on what rate it rests on")
    rates = parts(s.values["rates"])
    subject = [c.device(d) for d in s.values["devices"].items]
    if sorted(subject) != sorted(c.device(part.values["device"]) for part in rates):
        c.fail(f"the sentence names the {subject}, but its rates are of other devices")
    for part in rates:
        device = c.device(part.values["device"])
        if _products(c, device) or _copy_rates(c, device) or not _steps(c, device, "eager"):
            c.fail(f"the {device}'s bound said to rest on B @ a's rate, but it rests on another or has none")
            continue
        points = _memory_points(c, device)
        c.quantity(part.values["rate"], _memory_rates(c, device), f"the rate the {device}'s bound is read at")
        copies = c.oracle.timed("copy", device)
        c.tied(part.values["copy"], [t.rate("bytes_moved")[0] for t in copies[max(copies)]] if copies else [],
               f"the largest copy on the {device}")
        for at in sorted({int(t.point.params["m"]) for t in points}):
            _pace_against_copy(c, device, at, "kernel", f"the {device}'s B @ a from memory at m = {at:,}")


def check_decode_route(s: Said, c: Context) -> None:
    """The MPS kernel the step's attention takes: what its eager points recorded, and what PyTorch's own rule
    gives for one query position over the cache (a head of 64, 96 or 128 values: a vector kernel, two passes
    from 1,024 keys on; otherwise the general path)."""
    device = c.device(s.values["device"])
    steps = _steps(c, device, "eager")
    said = BACKEND_NAMES.get(text_of(s.values["backend"]), text_of(s.values["backend"]))
    for t in steps:
        params = t.point.params
        keys, dim = int(params["context"]) + 1, int(params["d_model"]) // int(params["heads"])
        rule = "general" if dim not in (64, 96, 128) else "vector_2pass" if keys >= 1024 else "vector"
        if s.values["keys"].n != keys:
            c.fail(f"{s.values['keys'].n} keys, but the step attends over {keys}")
        if said != f"mps_{t.point.detail.get('attention_route')}" or said != f"mps_{rule}":
            c.fail(f"{said}, but the point recorded {t.point.detail.get('attention_route')} and the rule gives {rule}")
    if not steps:
        c.fail(f"a route for a step never measured well on the {device}")


def check_precision_default(s: Said, c: Context) -> None:
    device = c.device(s.values["device"])
    dtype, why = text_of(s.values["dtype"]), choice(s, "why")
    if _decoder_dtype(c, device) != dtype:
        c.fail(f"the decoder on the {device} 'runs in {dtype}', but its points say {_decoder_dtype(c, device)}")
    chip = str((c.oracle.results.environment.get("mac") or {}).get("chip") or c.oracle.results.environment.get("cpu"))
    emulating = device == "mps" and re.match(r"Apple M[12]( |$)", chip) is not None
    if (why == "emulated") != emulating or (dtype == "float16") != emulating:
        c.fail(f"{dtype} because {why!r} on the {device} of a {chip}")


def check_precision_decode(s: Said, c: Context) -> None:
    device = c.device(s.values["device"])
    fp16, bf16 = _steps(c, device, "eager", "float16"), _steps(c, device, "eager", "bfloat16")
    if not fp16 or not bf16:
        c.fail(f"the eager step in both half precisions, but the {device} measured it well in "
               f"{'float16' if fp16 else 'bfloat16' if bf16 else 'neither'}")
        return
    c.quantity(s.values["fp16"], _values(fp16), "the float16 step")
    c.quantity(s.values["bf16"], _values(bf16), "the bfloat16 step")
    sides = {level_reading(b, f) for b, f in _reading_pairs(bf16, fp16)}
    side = {**SIDE_FORMS, "unclear_alike": UNCLEAR}[choice(s, "direction")]
    if choice(s, "direction") == "unclear_alike" and shown(s.values["fp16"]).text != shown(s.values["bf16"]).text:
        c.fail(f"one time for both precisions, but {shown(s.values['fp16'])} and {shown(s.values['bf16'])}")
    if side not in sides:
        c.fail(f"float16 '{side}' than bfloat16, but the readings say {sorted(sides)}")
    if "low" in printed_fields(s):
        # bfloat16's time over float16's, its interval from the two points' own, which must hold 1.
        pairs = _reading_pairs(bf16, fp16)
        c.quantity(s.values["low"], [b.low / f.high for b, f in pairs], "the low end of bfloat16 over float16")
        c.quantity(s.values["high"], [b.high / f.low for b, f in pairs], "the high end of bfloat16 over float16")
        if not shown(s.values["low"]).value <= 1 <= shown(s.values["high"]).value:
            c.fail(f"an interval {shown(s.values['low'])}–{shown(s.values['high'])} said to reach 1")
    if "factor" in printed_fields(s) and side in (FASTER, SLOWER):
        ratios = [b.median / f.median for b, f in _reading_pairs(bf16, fp16)]
        c.factor(s.values["factor"], ratios if side == FASTER else [1 / r for r in ratios], "float16 against bfloat16")


def check_precision_attention(s: Said, c: Context) -> None:
    """float16 against bfloat16 on the accelerator, call by call: every call both measured is counted once, and a
    count of calls where one is faster holds only calls whose readings allow it."""
    o, v, form = c.oracle, s.values, choice(s, "direction")
    device = c.device(v["device"])
    dims = sorted({int(t.point.params["head_dim"]) for t in o.good if t.point.workload == "attention"})
    pairs = [(dim, Pairs(f"attention head size {dim}", "seq",
                         o.timed("attention", device, dtype="bfloat16", head_dim=dim),
                         o.timed("attention", device, dtype="float16", head_dim=dim), "bfloat16", "float16",
                         tells_noise=True))
             for dim in dims]
    calls = [(seq, pair) for _, pair in pairs for seq in pair.common()]
    if v["count"].n != len(calls):
        c.fail(f"{v['count'].n} calls measured in both, but the {device} has {len(calls)}")
    sides = [pair.directions(seq) for seq, pair in calls]
    if form in (FASTER, SLOWER, SAME, UNCLEAR, "level_noisy"):
        allowed = {form} if form != "level_noisy" else {SAME, UNCLEAR}
        for (seq, pair), found in zip(calls, sides, strict=True):
            if not allowed & found:
                c.fail(f"float16 {form} at every call, but at {seq:,} positions: {pair.evidence(seq)}")
        return
    # A count the sentence leaves out is none; "the rest" (level or too noisy, not counted) is every other call.
    printed = printed_fields(s)
    counted = {side: v[name].n if name in printed else 0 for side, name in ((FASTER, "faster"), (SLOWER, "slower"))}
    counted["rest"] = len(calls) - counted[FASTER] - counted[SLOWER]
    if counted["rest"] < 0:
        c.fail(f"the counts {counted} add up to more than the {len(calls)} calls")
    for side, n in counted.items():
        # The rest is level within noise, too noisy to tell (".noisy"), or either (".both"), as the form says.
        rest = {SAME, UNCLEAR} if form.endswith(".both") else {UNCLEAR} if form.endswith(".noisy") else {SAME}
        group = rest if side == "rest" else {side}
        possible = sum(bool(group & found) for found in sides)
        certain = sum(found <= group for found in sides)
        if not certain <= n <= possible:
            c.fail(f"{n} calls {side}, but between {certain} and {possible} can be")


def _bound_rates(c: Context, device: str) -> list[float]:
    """The rate a decode bound is read at: its own matrices' read alone (each reading), where they were measured
    well, else B @ a's (:func:`_memory_rates`)."""
    products = _products(c, device)
    if products:
        return [t.point.bytes_moved / r.median for t in products for r in t.readings()]
    return _copy_rates(c, device) or _memory_rates(c, device)


def _recorded_bound_rates(c: Context, device: str) -> list[float]:
    """The rate a decode bound is read at, as its point's results file records its median (its own matrices', the
    largest copy's or B @ a's, as :func:`_bound_rates` chooses): a time derived from it is printed to three digits,
    finer than the readings' medians agree with the recorded one."""
    products = _products(c, device)
    if products:
        return [t.point.bytes_moved / t.point.measured_s for t in products]
    if _copy_rates(c, device):
        copies = c.oracle.timed("copy", device)
        return [t.point.bytes_moved / t.point.measured_s for t in copies[max(copies)]]
    return [t.point.bytes_moved / t.point.measured_s for t in _memory_points(c, device)]


def _copy_rates(c: Context, device: str) -> list[float]:
    """The largest plain copy's rate, where the device's cache is known, every B @ a matrix fit in it and that copy
    moved more than it: weights larger than any cache are read at no B @ a rate of this build."""
    o = c.oracle
    cache = o.cache.get(device)
    if not isinstance(cache, int) or cache <= 0:
        return []
    matrices = [t for ts in o.timed("matvec", device).values() for t in ts]
    if not matrices or any(t.point.bytes_moved > cache for t in matrices):
        return []
    copies = o.timed("copy", device)
    if not copies:
        return []
    largest = copies[max(copies)]
    if not all(t.point.bytes_moved and t.point.bytes_moved > cache for t in largest):
        return []
    return [t.rate("bytes_moved")[0] for t in largest]


def _memory_rates(c: Context, device: str) -> list[float]:
    """The B @ a rate a bound is read at: the best of the matrices at least twice the device's cache where the
    cache is known and a matrix reached that, else the best beyond the cache, else the largest matrix's (each
    point's value)."""
    return [t.rate("bytes_moved")[0] for t in _memory_points(c, device)]


def _memory_points(c: Context, device: str) -> list[Timed]:
    """The B @ a points whose rates :func:`_memory_rates` gives."""
    o = c.oracle
    cache = o.cache.get(device)
    measured = o.timed("matvec", device)
    known = isinstance(cache, int) and cache > 0
    for margin in (2, 1):
        beyond = [t for ts in measured.values() if known and all(
            t.point.bytes_moved > cache and t.point.bytes_moved >= margin * cache for t in ts) for t in ts]
        if beyond:
            top = max(t.rate("bytes_moved")[0] for t in beyond)
            return [t for t in beyond if t.rate("bytes_moved")[0] >= top * (1 - 1e-12)]
    if not measured:
        return []
    return list(measured[max(measured)])


def _shares(c: Context, device: str, steps: list[Timed]) -> list[float]:
    """Tokens per second over the bound, for every reading of ``steps`` and every rate the bound may use."""
    return [(1 / value) / (rate / t.point.bytes_moved) for t in steps for value in _values([t])
            for rate in _bound_rates(c, device)]


def _cuda_graphs(c: Context, device: str) -> list[Timed]:
    """The step replayed as a CUDA graph on ``device``, measured well: what removes the host's part of every call
    and keeps every kernel."""
    return [t for t in _steps(c, device, "graph") if t.point.detail.get("overhead_removed_by") == "cuda_graph"]


def _savings(c: Context, device: str) -> list[tuple[float, float]]:
    """(eager time, eager time less replayed time) over every pair of an eager reading and a CUDA graph's: the
    host's part of the step's calls, measured directly, where the replay saved anything."""
    graphs = _values(_cuda_graphs(c, device))
    return [(value, value - g) for value in _values(_steps(c, device, "eager")) for g in graphs]


def _limits(c: Context, device: str) -> set[str]:
    """What may limit the eager step on ``device``, over every pair of readings: its share of the bound, and the
    calls' fixed cost against the step's time, read from a CUDA graph's saving where one was measured and saved
    anything, else from its operations times one operation's cost, at the ends of their intervals (``unclear``
    where the ends lie on both sides of half)."""
    steps = _steps(c, device, "eager")
    costs = _op_values(c, device)
    graphs = _values(_cuda_graphs(c, device))
    found = set()
    for t in steps:
        ops = t.point.detail.get("ops_per_call")
        for value in _values([t]):
            for rate in _bound_rates(c, device):
                share = (1 / value) / (rate / t.point.bytes_moved)
                slow = (1 / t.point.ci_high_s) / (rate / t.point.bytes_moved) if t.point.ci_high_s else share
                # Beyond the bound even at the interval's slow end: the bound limits nothing. A median beyond it
                # whose interval reaches back under it is read as at the bound.
                if slow > 1:
                    found.add("above")
                    continue
                if share >= HALF:
                    found.add("bandwidth")
                    continue
                # The calls' share is read at the ends of the intervals it rests on, not at the medians: where the
                # ends lie on both sides of half, the step's spread cannot tell.
                saving = any(value > g for g in graphs)
                for least, most in _calls_ends(c, device, t, saving, ops if costs else None):
                    found.add("overhead" if least >= HALF else "neither" if most < HALF else "unclear")
    return found


def _calls_ends(c: Context, device: str, t: Timed, saving: bool, ops: object) -> list[tuple[float, float]]:
    """The calls' share of the eager step ``t``, least and most, at the ends of the 95% intervals: eager less a
    CUDA graph (each graph point), where one saved anything, else the operations times one operation's typical
    cost (each chain's median: the price the calls are counted in) over the step's interval."""
    def ends(point: Point) -> tuple[float, float]:
        return point.ci_low_s or point.measured_s, point.ci_high_s or point.measured_s
    fast, slow = ends(t.point)
    if saving:
        return [(max(0.0, 1 - ends(g.point)[1] / fast), max(0.0, 1 - ends(g.point)[0] / slow))
                for g in _cuda_graphs(c, device)]
    if not isinstance(ops, int):
        return []
    return [(ops * chain.point.measured_s / chain_ops / slow, ops * chain.point.measured_s / chain_ops / fast)
            for chain_ops, chains in c.oracle.timed("op_chain", device).items() for chain in chains]


def _model_of(c: Context, s: Said, point: Point) -> None:
    c.quantity(s.values["params"], [_decoder_parameters(point.params)], "the decoder's parameters")


def _bound(c: Context, s: Said, device: str, steps: list[Timed]) -> None:
    """The bound's arithmetic: bytes per token, the rate, the bound, the share reached."""
    v, point = s.values, steps[0].point
    if not shown(v["bytes"]).matches(point.bytes_moved):
        c.fail(f"{shown(v['bytes'])} per token, but the step reads {point.bytes_moved:.4g} bytes")
    matched = bool(_products(c, device))
    if "basis" in v and (choice(s, "basis") == "matched") != matched:
        c.fail(f"the bound read at {choice(s, 'basis')!r}, but the {device}'s own matrices were "
               f"{'' if matched else 'not '}measured well alone")
    rates = c.tied(v["rate"], _bound_rates(c, device), f"the rate a bound on the {device} is read at")
    copied = bool(_copy_rates(c, device)) and not matched
    if "basis" in v and (choice(s, "basis") == "copy") != copied:
        c.fail(f"the bound read at {choice(s, 'basis')!r}, but on the {device} a copy larger than its cache "
               f"{'is' if copied else 'is not'} the only rate beyond it")
    if "cache" in v and shown(v["cache"]).value != c.oracle.cache.get(device):
        c.fail(f"a cache of {shown(v['cache'])} on the {device}, which reports {c.oracle.cache.get(device)}")
    if "m" in (printed_fields(s) if s.key in EN.messages else v):
        at = c.oracle.timed("matvec", device).get(v["m"].n, [])
        if not any(shown(v["rate"]).matches(t.rate("bytes_moved")[0]) for t in at):
            c.fail(f"{shown(v['rate'])} is not the rate of B @ a at m = {v['m'].n:,} on the {device}")
    c.quantity(v["bound"], [r / point.bytes_moved for r in rates], "the bound in tokens per second")
    c.quantity(v["share"], [(1 / value) / (r / point.bytes_moved) for value in _values(steps) for r in rates],
               "the share of the bound")


def check_decode_row(s: Said, c: Context) -> None:
    """A row of the decode table: the eager step's model, tokens per second and their interval, and the bound's
    arithmetic, each read from the raw points; the operations as recorded, times one operation's cost."""
    v = s.values
    device = c.device(v["device"])
    steps = _steps(c, device, "eager")
    if not steps:
        c.fail(f"a row for an eager step never measured well on the {device}")
        return
    point = steps[0].point
    _model_of(c, s, point)
    if point.params.get("dtype") != text_of(v["dtype"]):
        c.fail(f"the step ran in {point.params.get('dtype')}, the row says {text_of(v['dtype'])}")
    c.quantity(v["tokens"], [1 / value for value in _values(steps)], f"tokens per second on the {device}")
    # The interval is the one the results file records for the point (it covers the spread between processes,
    # which the oracle's plain reading does not model); the row must quote it, around its own value.
    c.quantity(v["low"], [1 / (t.point.ci_high_s or t.point.measured_s) for t in steps],
               f"the interval's low end on the {device}")
    c.quantity(v["high"], [1 / (t.point.ci_low_s or t.point.measured_s) for t in steps],
               f"the interval's high end on the {device}")
    if not v["low"].value <= v["tokens"].value <= v["high"].value:
        c.fail(f"tokens per second {shown(v['tokens'])} outside its interval")
    c.quantity(v["time"], _values(steps), f"one token on the {device}")
    if "bound" in v:
        _bound(c, s, device, steps)
    elif _bound_rates(c, device):
        c.fail(f"no bound in the row, but the {device} has a rate to read one at")
    ops = point.detail.get("ops_per_call")
    if "ops" in v and v["ops"].n != ops:
        c.fail(f"{v['ops'].n:,} operations, but the step recorded {ops}")
    if "total" in v:
        c.quantity(v["total"], [v["ops"].n * cost for cost in _op_values(c, device)], "operations × cost")
    elif isinstance(ops, int) and _op_values(c, device):
        c.fail(f"no fixed cost in the row, but the {device} measured one operation's cost well")


def check_decode_conclusion(s: Said, c: Context) -> None:
    """What limits the eager step: the form must be one the readings allow, the host's part read from a CUDA
    graph's saving (computed here, eager less replayed, or the graph's speed-up over the eager step) only where one
    was measured, and the operations' share only where none was; every figure the form prints is read."""
    v, (form, *marks) = s.values, choice(s, "limit").split(".")
    noisy, past = "noisy" in marks, "past" in marks
    device = c.device(v["device"])
    if form == "unknown":
        if _op_values(c, device) or any(host > 0 for _, host in _savings(c, device)):
            c.fail(f"'this build cannot say how much is the fixed cost' on the {device}, but it measured it")
        return
    steps = _steps(c, device, "eager")
    if not steps:
        c.fail(f"what limits a step never measured well on the {device}")
        return
    limit, _, replay = form.partition("_")
    printed = printed_fields(s)
    # The model's size is the table's, just above the sentence; where a form prints it, it must be the step's own.
    if "params" in printed:
        _model_of(c, s, steps[0].point)
    if "time" in printed:
        c.quantity(v["time"], _values(steps), f"the eager step on the {device}")
    if "share" in printed:
        c.quantity(v["share"], _shares(c, device, steps), "the share of the bound")
    if "read" in printed:
        rates = _bound_rates(c, device) + _recorded_bound_rates(c, device)
        c.quantity(v["read"], [t.point.bytes_moved / rate for t in steps for rate in rates],
                   f"a token's bytes at the bound's rate on the {device}")
    found = _limits(c, device)
    if limit not in found:
        c.fail(f"'{limit}' limits the step on the {device}, but the readings allow only {sorted(found)}")
    if limit == "bandwidth":
        _check_sure_bandwidth(c, device, steps, noisy)
        _check_past(c, device, steps, past)
    if limit in ("above", "bandwidth"):
        return
    if limit == "neither":
        # "Limited by neither memory": every reading's interval, at its fast end, below half of the bound; "cannot
        # rule memory out": some reading's reaches it.
        fast = [(1 / t.point.ci_low_s) / (rate / t.point.bytes_moved) for t in steps if t.point.ci_low_s
                for rate in _bound_rates(c, device)]
        if not noisy and any(share >= HALF for share in fast):
            c.fail(f"'limited by neither memory' on the {device}, but the step's interval reaches "
                   f"{max(fast):.0%} of its bound")
        if noisy and not any(share >= HALF for share in fast):
            c.fail(f"'too noisy to rule memory out' on the {device}, but the step's interval stays below half of "
                   f"its bound ({max(fast, default=0):.0%})")
    savings = [(value, host) for value, host in _savings(c, device) if host > 0]
    if replay:
        if not savings:
            c.fail(f"a CUDA graph's saving on the {device}, but no CUDA graph replayed its step faster there")
            return
        if "replayed" in printed:
            c.quantity(v["replayed"], _values(_cuda_graphs(c, device)), "the step replayed as a CUDA graph")
        if "host" in printed:
            c.quantity(v["host"], [host for _, host in savings], "eager less replayed: the host's part")
        if "host_share" in printed:
            c.quantity(v["host_share"], [host / value for value, host in savings],
                       "the host's part of the eager step")
        if "factor" in printed:
            c.factor(v["factor"], [value / (value - host) for value, host in savings],
                     "the CUDA graph's speed over the eager step")
        graphs = _cuda_graphs(c, device)
        if "tokens" in printed:
            c.quantity(v["tokens"], [1 / value for value in _values(graphs)], "tokens per second, replayed")
        if "low" in printed:
            c.quantity(v["low"], [1 / (t.point.ci_high_s or t.point.measured_s) for t in graphs],
                       "the replayed step's interval, low end")
            c.quantity(v["high"], [1 / (t.point.ci_low_s or t.point.measured_s) for t in graphs],
                       "the replayed step's interval, high end")
        # "Even its fastest process took N× as long" and "its processes differed up to N×": each fresh process's
        # median of the eager step, read from its own samples.
        medians = [median(group) for t in steps for group in process_groups(t.point)]
        if ("fastest" in printed or "spread" in printed) and len(medians) < 2:
            c.fail(f"the eager step's processes compared on the {device}, but it ran in one process")
            return
        if "fastest" in printed:
            c.factor(v["fastest"], [min(medians) / g for g in _values(graphs)],
                     "the eager step's fastest process over the replayed step")
        if "spread" in printed:
            c.factor(v["spread"], [max(medians) / min(medians)], "the eager step's processes, slowest over fastest")
        return
    if savings:
        c.fail(f"the calls' cost read from one addition on the {device}, but a CUDA graph measured it directly")
    if "ops_share" not in printed:
        return
    ops = steps[0].point.detail.get("ops_per_call")
    if not isinstance(ops, int):
        c.fail(f"the operations' share on the {device}, but the step recorded no operations")
        return
    c.quantity(v["ops_share"], [ops * cost / value for cost in _op_values(c, device) for value in _values(steps)],
               "the operations' share of the eager step")


def check_decode_missing(s: Said, c: Context) -> None:
    device = c.device(s.values["device"])
    if _steps(c, device, "eager"):
        c.fail(f"'not measured', but the {device} has a good eager step")


def _check_past(c: Context, device: str, steps: list, past: bool) -> None:
    """A share of the bound said plainly needs every reading's interval below the bound at its fast end (its lower
    time); "the median reached it, the interval reaches the bound" needs some reading's fast end at the bound."""
    fast = [(1 / t.point.ci_low_s) / (rate / t.point.bytes_moved) for t in steps if t.point.ci_low_s
            for rate in _bound_rates(c, device)]
    if not past and any(share >= 1 for share in fast):
        c.fail(f"a share of the bound on the {device} said as the step's, but its interval reaches "
               f"{max(fast):.0%} of the bound")
    if past and not any(share >= 1 for share in fast):
        c.fail(f"'its interval reaches the bound' on the {device}, but it stays below it "
               f"({max(fast, default=0):.0%})")


def _check_sure_bandwidth(c: Context, device: str, steps: list, noisy: bool) -> None:
    """"Reading the weights takes most of the step" (the step runs at about its bound's measured rate) said as sure
    needs every reading's slow end (its interval's upper time) at half of its bound or more; "likely" needs some
    reading's slow end below half."""
    slow = [(1 / t.point.ci_high_s) / (rate / t.point.bytes_moved) for t in steps if t.point.ci_high_s
            for rate in _bound_rates(c, device)]
    if not noisy and any(share < HALF for share in slow):
        c.fail(f"'reading the weights takes most of the step' on the {device} for sure, but its interval's slow end "
               f"reaches down to {min(slow):.0%} of its bound")
    if noisy and not any(share < HALF for share in slow):
        c.fail(f"'reading the weights likely takes most of the step' on the {device}, but the step's interval "
               f"stays at half of its bound or above ({min(slow, default=0):.0%})")


def check_decode_answer(s: Said, c: Context) -> None:
    device, wanted = c.device(s.values["device"]), _answered(c)
    if device != wanted:
        c.fail(f"the answer quotes the {device}'s step, but the {wanted}'s was measured beside a bound")
    steps = _steps(c, device, "eager")
    if not steps:
        c.fail(f"no eager step on the {device}")
        return
    point, printed = steps[0].point, printed_fields(s)
    # The model it ran: the CPU's is far smaller than an accelerator's.
    _model_of(c, s, point)
    if "tokens" in printed:
        c.quantity(s.values["tokens"], [1 / value for value in _values(steps)], "tokens per second")
    # The tokens and the share of the bound; the bound itself is read with its phrase below.
    if "share" in printed:
        c.quantity(s.values["share"], [(1 / value) / (rate / point.bytes_moved) for value in _values(steps)
                                       for rate in _bound_rates(c, device)], "the share of the bound")
    graphs = _values(_cuda_graphs(c, device))
    if "replayed" in printed:
        c.quantity(s.values["replayed"], [1 / g for g in graphs], "tokens per second, replayed as a CUDA graph")
    if "fastest" in printed:
        medians = [median(group) for t in steps for group in process_groups(t.point)]
        if len(medians) < 2:
            c.fail(f"the eager step's fastest process on the {device}, but it ran in one process")
        else:
            c.factor(s.values["fastest"], [min(medians) / g for g in graphs],
                     "the eager step's fastest process over the replayed step")
    # The rate the bound is named by: its own matrices' where measured, else the copy's where every B @ a matrix
    # fit in the cache, else B @ a's from memory.
    if "bound" in printed:
        basis = "matched" if _products(c, device) else "copy" if _copy_rates(c, device) else "best"
        said = [choice(p, "basis") for p in parts(s.values["bound"])]
        if said != [basis]:
            c.fail(f"the answer names its bound by {said}, but its rate is the {basis} one")
        # The bytes a token reads, which the bound divides the rate by: the eager step's bytes moved.
        for part in parts(s.values["bound"]):
            if "bytes" in part.values and not _moved_match(part.values["bytes"], [t.point.bytes_moved for t in steps]):
                c.fail(f"the bound counts {shown(part.values['bytes'])} a token, but the step moved "
                       f"{_fmt([t.point.bytes_moved for t in steps])} bytes")
            # The bound itself: that rate over those bytes, in tokens per second.
            if "most" in part.values:
                c.quantity(part.values["most"], [rate / t.point.bytes_moved for t in steps
                                                 for rate in _bound_rates(c, device)], "the bound's tokens per second")
    # "Replayed as a CUDA graph, its step ran N× as fast": the eager step's time over the replayed one's.
    if "factor" in printed:
        if not graphs:
            c.fail(f"a CUDA graph's speed-up on the {device}, but no step was replayed as one there")
        c.factor(s.values["factor"], [e / g for e in _values(steps) for g in graphs],
                 "the replayed step's speed over the eager step")
    said, *marks = choice(s, "limit").split(".")
    claimed = {"unknown": None, "unclear_replay": "unclear", "overhead_replay": "overhead"}.get(said, said)
    found = _limits(c, device)
    if claimed == "bandwidth":
        _check_sure_bandwidth(c, device, steps, "noisy" in marks)
        _check_past(c, device, steps, "past" in marks)
    if claimed is None and found:
        c.fail(f"the answer says nothing of what limits the step, but the readings allow {sorted(found)}")
    elif claimed is not None and claimed not in found:
        c.fail(f"the answer says '{claimed}', but the readings allow only {sorted(found)}")


def check_decode_caption(s: Said, c: Context) -> None:
    """The decode chart's hatched bars named by how the step was replayed: a way some replayed step was recorded
    with (a file that does not say was a CUDA graph)."""
    said = choice(s, "replay")
    if said == "none":
        return
    devices = {p.device for p in c.oracle.results.points if p.workload == "decode"}
    ways = {t.point.detail.get("overhead_removed_by") or "cuda_graph" for d in devices for t in _steps(c, d, "graph")}
    if said not in ways:
        c.fail(f"the decode chart's caption says '{said}', but the replayed steps were {sorted(ways) or 'none'}")


def _answered(c: Context) -> str:
    """The device whose decode step the answer quotes: the accelerator where its eager step was measured well beside
    a bound, else the CPU."""
    o = c.oracle
    return o.accelerator if o.accelerator and _steps(c, o.accelerator, "eager") and _bound_rates(
        c, o.accelerator) else "cpu"


def check_decode_rule_none(s: Said, c: Context) -> None:
    device = _answered(c)
    if _limits(c, device):
        c.fail(f"'no rule', but the {device} has a decode step measured beside a bound and an operation's cost")


def check_decode_rule(s: Said, c: Context) -> None:
    device = c.device(s.values["device"])
    if device != _answered(c):
        c.fail(f"the rule quotes the {device}'s step, but the answer's is the {_answered(c)}'s")
    claimed, _, noisy = choice(s, "limit").partition(".")
    found = _limits(c, device)
    if claimed == "bandwidth":
        _check_sure_bandwidth(c, device, _steps(c, device, "eager"), bool(noisy))
        if "dtype" in printed_fields(s) and text_of(s.values["dtype"]) != _decoder_dtype(c, device):
            c.fail(f"the rule counts bytes in {text_of(s.values['dtype'])}, but the {device}'s decoder ran in "
                   f"{_decoder_dtype(c, device)}")
    if claimed == "unclear_replay":
        # "The calls limit it", read from the replay: even the eager step's fastest process took at least twice as
        # long as every replayed step at its interval's slow end, so the host's part is more than half of its time.
        claimed = "unclear"
        medians = [median(group) for t in _steps(c, device, "eager") for group in process_groups(t.point)]
        slow = [g.point.ci_high_s or g.point.measured_s for g in _cuda_graphs(c, device)]
        if len(medians) < 2 or not slow:
            c.fail(f"the rule reads the {device}'s replay against its fastest eager process, but it has no replay "
                   f"or ran in one process")
        elif any(min(medians) * HALF < g for g in slow):
            c.fail(f"the calls limit the {device}'s step by its replay, but its fastest eager process took only "
                   f"{min(medians) / max(slow):.2g}× the replay's slow end")
        else:
            c.factor(s.values["fastest"], [min(medians) / g for g in _values(_cuda_graphs(c, device))],
                     "the eager step's fastest process over the replayed step")
    if claimed not in found:
        c.fail(f"the rule says '{claimed}', but the readings allow only {sorted(found)}")
    if "share" in printed_fields(s):
        c.quantity(s.values["share"], _shares(c, device, _steps(c, device, "eager")), "the share of the bound")
    if "bound" in printed_fields(s):
        # The rate the bound is named by, as the answer's: its own matrices' where measured, else the copy's where
        # every B @ a matrix fit a cache, else B @ a's best.
        basis = "matched" if _products(c, device) else "copy" if _copy_rates(c, device) else "best"
        said = [choice(p, "basis") for p in parts(s.values["bound"])]
        if said != [basis]:
            c.fail(f"the rule names its bound by {said}, but its rate is the {basis} one")
        for part in parts(s.values["bound"]):
            if "rate" in part.values:
                c.quantity(part.values["rate"], _bound_rates(c, device), f"the rate the {device}'s bound rests on")


# -- a chapter as a whole: what it must not leave out ------------------------------------------------

#: Which chapter names which falls (B @ a's and the copy's beside bandwidth, A @ B's beside the rates).
FALLS_IN = {"matvec": ("matvec", "copy"), "matmul": ("matmul",)}
#: Where a CUDA build's TF32 setting must be said: beside its matrix products, and beside its training step.
TF32_IN, CONV_TF32_IN = "matmul", "training"


def _outpaced(oracle: Oracle, fall: Fall) -> bool:
    """A fall the chapter may leave out: the CPU's, in a half precision that some pair of readings shows slower than
    its float32 at every size both measured, the fall's two sizes among them (the sentence on the CPU's precisions
    says that precision is slower everywhere, and check_cpu_halves reads it)."""
    if fall.device != "cpu" or fall.workload != "matmul" or fall.dtype not in HALVES:
        return False
    pairs = oracle.halves(fall.dtype)
    common = pairs.common()
    return {fall.before, fall.after} <= set(common) and all(pairs.can_be(SLOWER, at) for at in common)


def chapter_failures(recording: Recording, oracle: Oracle) -> list[Failure]:
    """Falls of more than half that every pair of points shows, left out of the chapter that must name them; a CUDA
    build's TF32 settings, left unsaid beside its matrix products and its training step."""
    failures, keys, chapter = [], set(recording.keys()), recording.chapter
    if chapter in FALLS_IN:
        named = {_fall_named(s) for s in recording if s.key in FALL_KEYS}
        left = [f for f in oracle.falls if f.workload in FALLS_IN[chapter] and f.must and
                (f.workload, f.device, f.dtype, f.before) not in named and not _outpaced(oracle, f)]
        if left:
            failures.append(Failure(chapter, "every fall of more than half is named", f"the chapter {chapter}",
                                    tuple(f"a fall left out: {f}" for f in left)))
    recorded = oracle.environment.get("cuda", {}).get("matmul_allow_tf32")
    measured = oracle.accelerator == "cuda" and oracle.timed("matmul", "cuda", dtype="float32")
    if chapter == TF32_IN and recorded is not None and measured and not keys & {"tf32.on", "tf32.off"}:
        failures.append(Failure(chapter, "TF32 is said", f"the chapter {chapter}",
                                (f"the CUDA build recorded matmul_allow_tf32 = {recorded}, unsaid",)))
    conv = oracle.environment.get("cuda", {}).get("cudnn_allow_tf32")
    if chapter == CONV_TF32_IN and conv is not None and oracle.timed("train_step", "cuda") and \
            not keys & {"tf32.conv.on", "tf32.conv.off"}:
        failures.append(Failure(chapter, "cuDNN's TF32 is said", f"the chapter {chapter}",
                                (f"the CUDA build recorded cudnn_allow_tf32 = {conv}, unsaid",)))
    return failures


def _texts_in(value: Any) -> Iterable[str]:
    """Every text a value carries into a message: a string, a :class:`Text`, and those inside phrases and lists."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Text):
        yield value.value
    elif isinstance(value, Phrase):
        for _, inner in value.values:
            yield from _texts_in(inner)
    elif isinstance(value, Listing):
        for item in value.items:
            yield from _texts_in(item)


def code_failures(recording: Recording) -> list[Failure]:
    """Identifiers and Python reprs that a message was given as text: code in prose."""
    failures = []
    for s in recording:
        found = [m[0] for value in s.values.values() for text in _texts_in(value) for m in CODE.finditer(text)]
        if found:
            failures.append(Failure(s.key, "code in prose", render(s), tuple(f"code in prose: {f!r}" for f in found)))
    return failures


# -- MLX beside PyTorch ------------------------------------------------------------------------

def _mlx_points(c: Context) -> list[Point]:
    return [p for p in c.oracle.results.points if p.device in MLX_COUNTERPARTS]


def check_mlx_not_installed(s: Said, c: Context) -> None:
    env = c.oracle.results.environment
    if "mlx" not in env or env["mlx"] is not None:
        c.fail(f"MLX said not installed, but the environment records {env.get('mlx', 'nothing about it')!r}")
    if _mlx_points(c):
        c.fail("MLX said not installed, but the run has MLX's points")


def check_mlx_unknown(s: Said, c: Context) -> None:
    if "mlx" in c.oracle.results.environment or _mlx_points(c):
        c.fail("said not to be recorded, but the run recorded MLX")


def check_mlx_unmeasured(s: Said, c: Context) -> None:
    env = c.oracle.results.environment.get("mlx")
    if not isinstance(env, dict) or _mlx_points(c):
        c.fail(f"MLX said installed and unmeasured: the environment records {env!r}, "
               f"{len(_mlx_points(c))} MLX points")
    elif text_of(s.values["version"]) != env.get("version"):
        c.fail(f"MLX {text_of(s.values['version'])} said, the environment records {env.get('version')}")


def _mlx_device(s: Said, c: Context) -> str | None:
    """The MLX device a message speaks of: the one its setup sentence (this one, or the last before it) names by
    its PyTorch counterpart."""
    setup = s if s.key == "mlx.setup" else c.before("mlx.setup")
    if setup is None:
        c.fail("an MLX sentence with no setup sentence before it")
        return None
    kind = c.device(setup.values["device"])
    return next((mlx for mlx, torch in MLX_COUNTERPARTS.items() if torch == kind), None)


def check_mlx_setup(s: Said, c: Context) -> None:
    device = _mlx_device(s, c)
    points = [p for p in _mlx_points(c) if p.device == device]
    if not points:
        c.fail(f"MLX said to run on the {c.device(s.values['device'])}, but no MLX point ran on {device}")
        return
    versions = {p.detail.get("mlx") for p in points if p.detail.get("mlx")}
    if text_of(s.values["version"]) not in versions:
        c.fail(f"MLX {text_of(s.values['version'])} said, its points record {sorted(versions)}")
    # A point that failed before it ran records nothing of MLX: the switch is read where it was recorded.
    recorded = {str(p.detail["mlx_tf32"]) for p in points if "mlx_tf32" in p.detail}
    form = choice(s, "tf32")
    wanted = {"unset" if v == "unset" else "off" if v.strip() == "0" else "on" for v in recorded}
    if wanted != {form}:
        c.fail(f"MLX_ENABLE_TF32 said {form}, its points record {sorted(recorded)}")
    if form == "on" and text_of(s.values["value"]) not in recorded:
        c.fail(f"MLX_ENABLE_TF32={text_of(s.values['value'])} said, its points record {sorted(recorded)}")




def _mlx_pairs(c: Context, device: str, workload: str) -> list[tuple[Timed, list[Timed]]]:
    """Each good MLX point of ``workload`` on ``device`` with the good PyTorch points of exactly its parameters (its
    precision among them) on the counterpart, in any suite."""
    counterpart = MLX_COUNTERPARTS[device]
    found = []
    for mine in (t for ts in c.oracle.timed(workload, device).values() for t in ts):
        theirs = [t for ts in c.oracle.timed(workload, counterpart).values() for t in ts
                  if t.point.params == mine.point.params]
        found.append((mine, theirs))
    return found


def _tf32_may_run(device: str, point: Point) -> bool:
    """MLX's GPU runs float32 products at TF32-class precision unless MLX_ENABLE_TF32 is 0 (MLX's own default is on,
    where the GPU has matrix units): such a point is not at PyTorch's float32."""
    return (device == "mlx-gpu" and point.params.get("dtype") == "float32"
            and str(point.detail.get("mlx_tf32", "unset")).strip() != "0")


def _mlx_of(counterpart: str) -> str | None:
    """The MLX device set beside PyTorch's ``counterpart`` (a device kind)."""
    return next((mlx for mlx, torch in MLX_COUNTERPARTS.items() if torch == counterpart), None)


def check_mlx_pair(s: Said, c: Context) -> None:
    """A row of the MLX table, MLX against PyTorch at the same parameters: the precision and size it shows are the
    MLX point's, both numbers and both published intervals tie to the two points, and the side and factor hold for
    some pair of readings."""
    device, workload, v = _mlx_of(c.device(s.values["device"])), choice(s, "workload"), s.values
    if device is None:
        c.fail(f"an MLX row for {text_of(s.values['device'])}, which no MLX device stands beside")
        return
    pairs = [(m, t) for m, t in _mlx_pairs(c, device, workload) if t and not _tf32_may_run(device, m.point)]
    if not pairs:
        c.fail(f"no {workload} measured well by both MLX ({device}) and PyTorch at the same parameters")
        return
    mine, theirs = pairs[0]
    params = mine.point.params
    if text_of(v["dtype"]) != params.get("dtype"):
        c.fail(f"{workload} said in {text_of(v['dtype'])}, MLX's point ran in {params.get('dtype')}")
    if workload == "decode":
        if v["context"].n != params.get("context"):
            c.fail(f"context {v['context'].n} said, MLX's step ran at {params.get('context')}")
        _model_of(c, s, mine.point)
        value = lambda t: 1 / t.median  # noqa: E731 - tokens per second of a reading
    else:
        if v["m"].n != params.get("m"):
            c.fail(f"{workload} at m = {v['m'].n} said, MLX's point is at m = {params.get('m')}")
        amount = AMOUNTS[workload]
        value = lambda t: t.rate(amount)[0]  # noqa: E731 - the rate of a reading
    c.quantity(v["mlx"], [value(r) for r in mine.readings()], f"MLX's {workload}")
    c.quantity(v["torch"], [value(r) for t in theirs for r in t.readings()],
               f"PyTorch's {workload} at MLX's parameters ({params.get('dtype')})")
    readings = [(a, b) for t in theirs for a in t.readings() for b in mine.readings()]
    side = choice(s, "direction")
    sides = {level_reading(a, b) for a, b in readings}
    if side not in sides:
        c.fail(f"MLX said {side} than PyTorch at {workload}, the intervals say {'/'.join(sorted(sides))}")
    if "factor" in v:
        c.factor(v["factor"], [a.median / b.median if side == FASTER else b.median / a.median
                               for a, b in readings], f"MLX against PyTorch at {workload}")
    # The intervals shown beside "too noisy to tell": each side's published interval, its slow end first.
    amount = None if workload == "decode" else AMOUNTS[workload]
    for name, points in (("mlx", [mine.point]), ("torch", [t.point for t in theirs])):
        if f"{name}_low" not in v:
            continue
        for end, index in (("low", 1), ("high", 0)):
            seconds = [published(p)[index] for p in points]
            wanted = [1 / t for t in seconds] if amount is None else \
                [getattr(p, amount) / t for p, t in zip(points, seconds, strict=True)]
            c.quantity(v[f"{name}_{end}"], wanted, f"the {end} end of {name}'s interval at {workload}")


def check_mlx_summary(s: Said, c: Context) -> None:
    """The MLX table's conclusion: each workload it names is on the side some pair of readings puts it, and it names
    every workload the two frameworks measured well at the same parameters, once."""
    device = _mlx_device(s, c)
    if device is None:
        return
    named = []
    for side in parts(s.values["sides"]):
        direction = choice(side, "direction")
        for name in parts(side.values["workloads"]):
            workload = choice(name, "workload")
            named.append(workload)
            pairs = [(m, t) for m, t in _mlx_pairs(c, device, workload) if t and not _tf32_may_run(device, m.point)]
            if not pairs:
                c.fail(f"MLX's {workload} said {direction}, but it was not measured well by both frameworks")
                continue
            mine, theirs = pairs[0]
            sides = {level_reading(a, b) for t in theirs for a in t.readings() for b in mine.readings()}
            if direction not in sides:
                c.fail(f"MLX said {direction} than PyTorch at {workload}, the intervals say {'/'.join(sorted(sides))}")
    compared = {p.workload for p in _mlx_points(c) if p.device == device
                for m, t in _mlx_pairs(c, device, p.workload) if t and not _tf32_may_run(device, m.point)}
    if sorted(named) != sorted(compared):
        c.fail(f"MLX's conclusion names {named}, the two frameworks compared {sorted(compared)}")


def check_mlx_missing(s: Said, c: Context) -> None:
    """A workload said not compared: MLX did not measure it well, or PyTorch has no good point of its parameters."""
    device = _mlx_device(s, c)
    if device is None:
        return
    workload = choice(s, "workload")
    tried = [p for p in _mlx_points(c) if p.device == device and p.workload == workload]
    if not tried:
        c.fail(f"MLX's {workload} said not compared, but MLX never tried it on {device}")
    if any(theirs for mine, theirs in _mlx_pairs(c, device, workload) if not _tf32_may_run(device, mine.point)):
        c.fail(f"MLX's {workload} said not compared, but both measured it well at the same parameters and precision")


Checker = Callable[[Said, Context], None]
#: The table resolved, each checker found by its name (here, or for the model's keys in tests/oracle_model.py).
CHECKERS: dict[str, Checker] = {key: globals().get(name) or getattr(oracle_model, name) for key, name in CHECKS.items()}


def check(recording: Recording, results: ResultSet, keys: Iterable[str] | None = None) -> tuple[list[Failure], int]:
    """(false claims, how many messages were checked) of one chapter's ``recording`` against ``results``; with every
    key (``keys`` None), also code in prose and what the chapter must not leave out (:func:`chapter_failures`)."""
    oracle = oracle_of(results)
    table = CHECKERS if keys is None else {k: CHECKERS[k] for k in keys if k in CHECKERS}
    failures, read = [], 0
    for at, s in enumerate(recording.said):
        checker = table.get(s.key)
        if checker is None:
            continue
        read += 1
        context = Context(oracle, recording.said, at, selfcheck=recording.selfcheck)
        try:
            checker(s, context)
        except (KeyError, ValueError, IndexError, TypeError, AttributeError) as error:
            context.fail(f"could not be tied to points: {type(error).__name__}: {error}")
        if context.problems:
            failures.append(Failure(s.key, checker.__name__, render(s), tuple(context.problems)))
    if keys is None:
        failures += code_failures(recording) + chapter_failures(recording, oracle)
    return failures, read


def false_claims(recording: Recording, results: ResultSet) -> list[Failure]:
    return check(recording, results)[0]


def uncovered(recording: Recording) -> list[str]:
    """What the oracle would not read: a message of a key it does not know (:func:`covered`), a phrase of
    :data:`PARTS` said on its own, and any glued text that no recorded message accounts for (text that reached the
    page without passing through the words)."""
    missing = [f"{s.key}: {render(s)}" for s in recording if not covered(s.key)]
    inside = nested(recording.said)
    missing += [f"{s.key} (a part, said on its own): {render(s)}" for s in recording
                if s.key in PARTS and Phrase(s.key, tuple(s.values.items())) not in inside]
    rendered = sorted({render(s) for s in recording}, key=len, reverse=True)
    for key, text in recording.texts.items():
        left = text
        for part in rendered:
            left = left.replace(part, " ")
        if left.strip(" .,;:()\n"):
            missing.append(f"{key}: text no message accounts for: {left.strip()!r}")
    return missing


# -- the archive: what the machines chapter says of the other machines ------------------------------------------

def archive_kind(results: ResultSet) -> str:
    """A machine's kind as the oracle reads it: a GPU through MPS makes a Mac, through CUDA an NVIDIA machine;
    neither, a CPU alone (the devices its environment block recorded)."""
    devices = results.environment.get("devices") or {}
    return "apple" if "mps" in devices else ("nvidia" if "cuda" in devices else "cpu")


def archive_failures(recording: Recording, archive: Sequence[ResultSet], results: ResultSet | None = None) -> list[str]:
    """The machines chapter's claims about ``archive`` (the machines it shows beside this build) that its files
    contradict: how many machines, of each kind (every kind there is, each said once), and how many of them have
    a rate of B @ a or of the copy that falls by more than half from one size to the next (at least those whose
    every reading falls, at most those where some reading does); and, where this build's ``results`` are given,
    a training step said of this build and of its archived twin."""
    problems = []
    for s in recording.said:
        if s.key == "machines.twin.train":
            problems.extend(_twin_train_failures(s, archive, results))
    kinds = {kind: sum(archive_kind(r) == kind for r in archive) for kind in ("apple", "nvidia", "cpu")}
    for s in recording.said:
        if s.key == "machines.no_mac" and kinds["apple"]:
            problems.append(f"machines.no_mac: no Mac said, the archive holds {kinds['apple']}")
        if s.key not in ("machines.summary", "machines.listing"):
            continue
        if s.values["count"].n != len(archive):
            problems.append(f"machines.summary: {s.values['count'].n} machines said, the archive shows {len(archive)}")
        told = [p for p in values_of(s.values["kinds"]) if isinstance(p, Phrase)]
        for kind, count in kinds.items():
            of_kind = [p for p in told if p.key == "machines.kind" and dict(p.values)["kind"].value == kind]
            counted = [dict(p.values)["count"].n for p in of_kind]
            if counted != ([count] if count else []):
                problems.append(f"machines of kind {kind}: said {counted}, the archive holds {count}")
    for s in recording.said:
        if s.key == "machines.drop":
            problems.extend(_archive_drop_failures(s, archive))
        if s.key != "machines.drops.many":
            continue
        falls = [[f for f in Oracle(r).falls if f.workload in ("matvec", "copy")] for r in archive]
        must = sum(any(f.must for f in found) for found in falls)
        can = sum(any(f.can for f in found) for found in falls)
        if not must <= s.values["count"].n <= can:
            problems.append(f"machines.drops.many: {s.values['count'].n} machines with a falling rate said; "
                            f"between {must} and {can} show one")
    return problems


def _train_steps(results: ResultSet, device: str, batch: int) -> list[float]:
    """The good training steps of ``results`` at ``batch`` on ``device``, in seconds."""
    return [p.measured_s for p in results.points if p.workload == "train_step" and p.device == device and p.ok
            and p.params.get("batch") == batch and p.suite == "train"]


def _twin_train_failures(s: Said, archive: Sequence[ResultSet], results: ResultSet | None) -> list[str]:
    """'On the (device), the training step at batch B took H here and T there, F apart': H a step of this build's,
    T one of an archived machine's, and F the slower of the two over the faster."""
    v = s.values
    device, batch = kind_of(v["device"]), v["batch"].n
    here, there = shown(v["here"]), shown(v["there"])
    theirs = [t for r in archive for t in _train_steps(r, device, batch) if there.matches(t)]
    problems = [] if theirs else [f"machines.twin.train: {there} on the {device} at batch {batch}, but no archived "
                                  f"machine measured it"]
    if results is None:
        return problems
    mine = [t for t in _train_steps(results, device, batch) if here.matches(t)]
    if not mine:
        problems.append(f"machines.twin.train: {here} here on the {device} at batch {batch}, but this build measured "
                        f"{_fmt(_train_steps(results, device, batch))}")
    factor = shown(v["factor"])
    if mine and theirs and not any(factor.matches(max(a, b) / min(a, b)) for a in mine for b in theirs):
        problems.append(f"machines.twin.train: {factor} apart, but the two steps are "
                        f"{_fmt([max(a, b) / min(a, b) for a in mine for b in theirs])} apart")
    # The gap as printed (the factor less one) may not overstate the steps' own gap by more than a quarter: a
    # factor rounded to 1.1× for 1.05× doubles the drift the sentence shows.
    gaps = [max(a, b) / min(a, b) - 1 for a in mine for b in theirs]
    if gaps and factor.value - 1 > 1.25 * max(gaps) + 1e-9:
        problems.append(f"machines.twin.train: {factor} apart overstates the steps' gap, "
                        f"{_fmt([1 + g for g in gaps])}")
    return problems


def _archive_drop_failures(s: Said, archive: Sequence[ResultSet]) -> list[str]:
    """'On the archived (GPU), (workload) moves data F× more slowly at (after) than at (before)': the GPU is the
    accelerator of exactly one archived machine (where the sentence names it), and on some machine of that
    description the workload fell between those two consecutive sizes by F, within its printing."""
    v = s.values
    [what] = parts(v["what"])
    workload, device = choice(what, "workload"), kind_of(v["device"])
    before, after = (parts(v[k])[0].values["size"].n for k in ("before", "after"))
    machines = list(archive)
    if choice(s, "who") == "gpu":
        gpu = text_of(v["gpu"])
        machines = [r for r in archive if str(((r.environment.get("devices") or {}).get(device) or {})
                                              .get("name", "")).strip() == gpu]
        if len(machines) != 1:
            return [f"machines.drop: the archived {gpu} names {len(machines)} machines"]
    factor, read = shown(v["factor"]), []
    for results in machines:
        for fall in Oracle(results).falls:
            if (fall.workload, fall.device, fall.before, fall.after) != (workload, device, before, after):
                continue
            slower = [1 / share for share in fall.shares]
            if min(slower) - factor.unit / 2 <= factor.value <= max(slower) + factor.unit / 2:
                return []
            read.extend(slower)
    return [f"machines.drop: {workload} {factor} more slowly from m = {before:,} to {after:,} on the {device}, but no "
            f"archived machine reads so ({_fmt(read) if read else 'no such fall'})"]
