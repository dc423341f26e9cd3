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
- A point's interval is the distribution-free order-statistic interval of
  its median at 97.5 % (two such intervals hold together with probability
  at least 95 %, by Bonferroni), from its samples, written out below with
  exact binomial sums.
- Direction of two points at one size (the CPU against its accelerator, or
  the CPU's float32 against its own half precision): the second is
  ``faster`` when the first's interval lies wholly above its own (first low
  > second high), ``slower`` when the reverse holds, else ``same``
  (overlapping intervals: no side is named). For best rates the same rule on
  rate = amount / time. Naive timeit against the synchronised timer: the
  ratio engine / naive has the bounds (engine low / naive high, engine high
  / naive low); the naive figure is ``too small`` when the low bound is above
  1.2, ``too large`` when the high bound is below 1 / 1.2, else the two
  ``agree`` (within a fifth).
- "Loses to the CPU nowhere" (and "beats … nowhere", "level … wherever")
  ranges over every comparison the build measured: B @ a, the training step
  and each precision's matrix product size by size, and each precision's
  best rate against best rate.
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
  chapter: B @ a's and the copy's in ``bandwidth_sentence``, A @ B's in
  ``peak_sentence`` (``precision_sentence`` in the closing chapter).
- TF32 is read from ``environment.devices.cuda.matmul_allow_tf32``; a CUDA
  build that recorded it must say it beside its matrix products.

The claims: :data:`CLAIM_TABLE`, at the top of the module, is the table (a
name, one regex over a key's English text, the name of its checker); the
wording's owner updates it when the wording changes. A claim whose pattern
matches but whose numbers cannot be tied to points is a failure, not a skip.
:data:`NO_CLAIMS` lists text that carries no measured claim, and
:func:`uncovered` names every sentence with a number or a direction word
that no pattern of either table reads, so that the oracle cannot silently go
blind after a rewording.

English only: the Indonesian sentences come from the same choices.
"""

from __future__ import annotations

import csv
import functools
import math
import re
import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise
from pathlib import Path

from mpsarticle.article.wording import catalog
from mpsarticle.results.model import Point, ResultSet

from . import oracle_model
from .oracle_model import MODEL_CLAIM_TABLE

__all__ = ["CLAIMS", "CLAIM_TABLE", "NO_CLAIMS", "FORBIDDEN_IMPORTS", "Failure", "Oracle", "Pairs", "check_texts",
           "false_claims", "interval", "median", "uncovered"]

#: What this module must not import: it would then share the code under test.
FORBIDDEN_IMPORTS = ("mpsarticle.analysis.series", "mpsarticle.analysis.findings", "mpsarticle.analysis.verdict",
                     "mpsarticle.article.answer", "mpsarticle.article.chapters", "mpsarticle.article.sentences",
                     "mpsarticle.core.stats", "mpsarticle.analysis.model", "mpsarticle.analysis.predict",
                     "mpsarticle.article.mac_model")
FASTER, SLOWER, SAME = "faster", "slower", "same"
#: Each point's interval: 97.5 %, so that two hold together at 95 % (Bonferroni).
LEVEL = 0.975
SIZE_KEYS = {"matvec": "m", "matmul": "m", "copy": "n", "train_step": "batch", "op_chain": "ops", "attention": "seq",
             "decode": "d_model"}
DTYPES = ("float32", "float16", "bfloat16")
HALVES = ("float16", "bfloat16")
#: "Agree within a fifth" (naive timeit against the synchronised timer).
AGREE = 1.2
TOO_SMALL, TOO_LARGE, AGREES, NOISY = "too small", "too large", "agree", "too noisy"
#: A rate "falls by more than half" from one size to the next below this share.
DROP = 0.5
#: The amount a workload's rate is counted in.
AMOUNTS = {"matvec": "bytes_moved", "copy": "bytes_moved", "matmul": "flops", "train_step": "flops",
           "attention": "flops", "decode": "bytes_moved"}


# -- reading numbers ---------------------------------------------------------------------

NUM = r"\d{1,3}(?:,\d{3})*(?:\.\d+)?|\d+(?:\.\d+)?"
N = rf"(?:{NUM})"
SEP = r"(?:, and |, | and )"
LIST = rf"{N}(?:{SEP}{N}(?!\d))*"
TIME = rf"{N} (?:s|ms|µs|ns)"
RATE = rf"{N} (?:GB/s|GFLOP/s|TFLOP/s)"
BYTES = rf"{N} [KMGT]iB"
SCI = rf"{N}(?: × 10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)?"
DTYPE = r"(?:float32|float16|bfloat16)"
CHIP = r"Apple M\d(?: Pro| Max| Ultra)?"
_EN = catalog("en")
DEVICE_NAMES = {_EN["device"][kind]: kind for kind in ("cpu", "cuda", "mps")}
CPU_NAME = _EN["device"]["cpu"]
DEV = "(?:" + "|".join(re.escape(name) for name in DEVICE_NAMES) + ")"
UNITS = {"s": 1.0, "ms": 1e-3, "µs": 1e-6, "ns": 1e-9, "GB/s": 1e9, "GFLOP/s": 1e9, "TFLOP/s": 1e12}
_SUPER = str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")
#: What an area of the answer is about: B @ a, the training step, or one precision's matrix product.
WHAT = rf"(?:matrix-vector products|the training step|training steps|{DTYPE} matrix products)"
#: The end of a sentence inside a glued text (a period, then a capital or the end).
END = r"\.(?= [A-Z]|$)"

#: Identifiers and Python reprs that must never reach a sentence.
CODE = (r"Device\(|\(m=|\bdtype=|\bmatvec\(|\bmatmul\(|do_bench\w*|blocked_autorange|\{'|'\}|'\w+': "
        r"|\b[a-z]\w*=[^\s,)]+|(?<!/)\b[A-Za-z]+_[A-Za-z_]+\b")

#: THE CLAIM TABLE: (name, regex over one key's English text, the checker's name below). Update it with the
#: wording (the English catalog, mpsarticle/article/catalogs/en/prose.py); :func:`uncovered` says when a sentence is no
#: longer read. A checker gets the match and a Context (the oracle; ``fail`` to record a problem).
CLAIM_TABLE: list[tuple[str, str, str]] = [
    # -- the answer (index and verdict): universal claims, then areas inside a list
    ("loses nowhere", rf"The CPU beats the {DEV} at none of the sizes both devices measured", "check_loses_nowhere"),
    ("beats nowhere", rf"the {DEV} beats the CPU at none of the sizes both devices measured", "check_beats_nowhere"),
    ("level everywhere", rf"the {DEV} and the CPU are level within noise wherever both were measured", "check_level"),
    ("wins at", rf"On this machine the {DEV} beats the CPU at (?P<areas>(?!none of)(?!m = ).+?){END}", "check_wins"),
    ("CPU faster at", rf"The CPU is faster at (?P<areas>.+?){END}", "check_losses"),
    ("rule", rf"use the {DEV} for (?P<use>.+?)(?:, and keep (?P<keep>.+?) on the CPU)?{END}", "check_rule"),
    ("rule keep", rf"keep (?P<keep>.+?) on the CPU; the {DEV} did not beat it at any size both devices measured",
     "check_rule_keep"),
    ("not compared", rf"Matrix products in (?P<dtypes>.+?) could not be compared: (?:the (?P<dev>{DEV}) does not "
                     rf"support them here|on the (?P<dev2>{DEV}) they (?P<why>failed their correctness check|did "
                     rf"not fit in memory|failed with an error|stopped at the time limit per point))",
     "check_not_compared"),
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
    # -- the reasons (verdict): what a call takes, by the synchronised timer; reading large matrices
    ("smallest size", rf"(?P<how>Even|At) the smallest matrix-vector product measured, m = (?P<m>{N}), (?:one call )?"
                      rf"takes (?P<acc>{TIME}) on the {DEV} (?:against|and) (?P<cpu>{TIME}) on the CPU"
                      rf"(?P<timer>,? by the synchronised timer)?(?:, (?P<level>level) within noise)?", "check_small"),
    ("smallest size, CPU", rf"at m = (?P<m>{N}), the smallest matrix-vector product measured, the CPU takes "
                           rf"(?P<cpu>{TIME}) per call(?P<timer> by the synchronised timer)?", "check_small_cpu"),
    ("streaming", rf"Reading that matrix at (?P<r>{RATE}), the rate B @ a reached on the (?P<dev>{DEV}) at "
                  rf"m = (?P<large>{N}), would take only (?P<stream>{TIME}): the rest of its (?P<acc>{TIME}) is the "
                  rf"fixed cost", "check_streaming"),
    ("reading large matrices", rf"B @ a read large matrices at (?P<reads>.+?), (?:so the (?P<who>{DEV}) reads "
                               rf"(?P<f>{N})× as fast(?: as the (?P<other>{DEV}))?|(?P<level>level) within noise)"
                               rf"{END}", "check_reading"),
    # -- matvec: the original experiment, bandwidth, falls; the answer's bound on a language model
    ("original", rf"Timed the original way, (?P<calls>{N}) products? at m = (?P<m>{N}) took (?P<totals>.+?)\.$",
     "check_original"),
    ("bandwidth", rf"At its best \(m = (?P<m>{N})\) the (?P<dev>{DEV}) (?:streams|reads) the matrix at (?P<r>{RATE})"
                  rf"(?:, (?:(?P<share>{N})% of|(?P<times>{N})×|(?P<level>level) within noise with) the "
                  rf"(?P<c>{RATE}))?(?:[^.]*?\((?P<matrix>{BYTES})\) "
                  rf"fits in its (?P<cache>{BYTES}) of cache)?", "check_bandwidth"),
    ("falls", rf"On the (?P<dev>{DEV}), the rate of (?P<what>B @ a|the plain copy|A @ B in (?P<dtype>{DTYPE})) falls "
              rf"from (?P<high>{RATE}) at (?P<k1>m|n) = (?P<before>{N}) to (?P<low>{RATE}) at (?P<k2>m|n) = "
              rf"(?P<after>{N}), (?P<share>{N})% of the rate one size earlier", "check_fall"),
    ("a fall past the cache", rf"The data moved grows from (?P<small>{BYTES}) at (?P<k1>m|n) = (?P<before>{N}) to "
                              rf"(?P<large>{BYTES}) at (?P<k2>m|n) = (?P<after>{N}), past the (?P<cache>{BYTES}) of "
                              rf"cache the (?P<dev>{DEV}) reports", "check_fall_cache"),
    ("why it fell", r"The measurements show that (?P<n>this|these falls) happened, not why", "check_fall_count"),
    ("model size", rf"a model with (?P<p>{N}) billion parameters in (?P<bits>{N})-bit weights reads (?P<gb>{N}) GB "
                   rf"per token", "check_model"),
    ("tokens", rf"At the (?P<r>{RATE}) that B @ a reached on the (?P<dev>{DEV}) with (?:a matrix larger than its "
               rf"caches \(m = (?P<m>{N})\)|its largest matrix \(m = (?P<lm>{N}), the one caches help least\)|its "
               rf"largest matrix \(m = (?P<fm>{N}); it fits in the (?P<cache>{BYTES}) of cache, so this may be partly "
               rf"the cache's speed, not memory's\)), that allows at most (?P<r2>{RATE}) ÷ (?P<gb>{N}) GB ≈ "
               rf"(?P<tokens>{N}) tokens?", "check_llm"),
    ("tokens, other device", rf"On the (?P<dev>{DEV}), at the (?P<r>{RATE}) of (?:a matrix larger than its caches "
                             rf"\(m = (?P<m>{N})\)|its largest matrix \(m = (?P<lm>{N})\)|its largest matrix "
                             rf"\(m = (?P<fm>{N}), which fits in its (?P<cache>{BYTES}) of cache\)), the bound is "
                             rf"(?P<tokens>{N}) tokens?", "check_llm"),
    # -- timing: naive timeit against the synchronised timer (quoting the naive time is this sentence's point)
    ("naive gap", rf"At m = (?P<m>{N}), naive timeit reports (?P<naive>{TIME}) per product on the (?P<dev>{DEV}), "
                  rf"while the synchronised timer measures (?P<engine>{TIME})(?: and the device's own events "
                  rf"(?P<events>{TIME}))?: the naive number is (?P<f>{N})× (?P<how>too small, too optimistic|too "
                  rf"large, too pessimistic)", "check_gap"),
    ("naive agrees", rf"At m = (?P<m>{N}) on the (?P<dev>{DEV}), naive timeit gives (?P<naive>{TIME}) per product"
                     rf"(?:,| and) the synchronised timer (?P<engine>{TIME})(?: and the device's own events "
                     rf"(?P<events>{TIME}))?: here (?:the two|naive timeit and the synchronised timer) agree within "
                     rf"a fifth", "check_gap_agrees"),
    ("naive too noisy", rf"At m = (?P<m>{N}) on the (?P<dev>{DEV}), naive timeit gives (?P<naive>{TIME}) per "
                        rf"product(?:,| and) the synchronised timer (?P<engine>{TIME})(?: and the device's own events "
                        rf"(?P<events>{TIME}))?: (?:the two|naive timeit and the synchronised timer) are too noisy "
                        rf"here", "check_gap_noisy"),
    ("naive gap, CPU", rf"On the CPU(?:, at m = (?P<m>{N}),| the two agree: at m = (?P<m2>{N})) naive timeit gives "
                       rf"(?P<naive>{TIME}) and the synchronised timer (?P<engine>{TIME})(?:, (?P<f>{N})× "
                       rf"(?P<how>more|less)|(?P<noisy>: too noisy))?", "check_gap_cpu"),
    # -- timing: the blog post's sizes, naive against synchronised
    ("post, every size", rf"On this build's (?P<dev>{DEV}), naive timeit reported too short a time at every one of "
                         rf"the blog post's sizes, m = (?P<first>{N}) to (?P<last>{N}): up to (?P<f>{N})× too small, "
                         rf"at m = (?P<at>{N})", "check_post_all"),
    ("post, some sizes", rf"Across the blog post's sizes, naive timeit on this build's (?P<dev>{DEV}) reported "
                         rf"(?P<clauses>(?:times )?too .+?){END}", "check_post_mixed"),
    ("post, agree", rf"Across the blog post's sizes, m = (?P<first>{N}) to (?P<last>{N}), naive timeit on this "
                    rf"build's (?P<dev>{DEV}) agreed with the synchronised timer within (?P<margin>{N})% at every "
                    rf"one", "check_post_agree"),
    ("post, all too noisy", rf"Across the blog post's sizes, m = (?P<first>{N}) to (?P<last>{N}), naive timeit on "
                            rf"this build's (?P<dev>{DEV}) cannot be told apart from the synchronised timer: at "
                            rf"every one the interval of their ratio was too wide to say whether the two agree within "
                            rf"(?P<margin>{N})% or not",
     "check_post_noisy"),
    ("post, the rest agree", rf"At the other sizes the two agreed within (?P<margin>{N})%", "check_post_rest"),
    ("post, some", r"So on this machine naive timing reports too short a time at some of the post's sizes and not "
                   r"at others", "check_post_some"),
    ("post, none", r"So on this machine naive timing was shown to report too short a time at none of the post's "
                   r"sizes",
     "check_post_none"),
    ("post, CPU differs", r"A CPU finishes each product before the call returns, so the differences do not come from "
                          r"a queue", "check_post_cpu_differs"),
    ("post, unmeasured", rf"This build found the (?P<dev>{DEV}), but none of the blog post's sizes was measured well "
                         rf"both ways on it", "check_post_unmeasured"),
    ("post, nothing", r"In this build none of the blog post's sizes was measured well both ways on any device",
     "check_post_nothing"),
    # -- matrix products
    ("best rates", rf"(?:Best rates on the|On the) (?P<dev>{DEV})(?::| no matrix product was measured well:) "
                   rf"(?P<rates>[^.]*(?:\.\d[^.]*)*)\.", "check_rates"),
    ("same sizes", rf"At the sizes both devices measured, (?P<clauses>.+?){END}", "check_same_size"),
    ("best against best", rf"Best rate against best rate, each at the size where it was reached: "
                          rf"(?P<clauses>.+?){END}", "check_best"),
    ("TF32", rf"The (?P<dev>{DEV})'s float32 products ran with TF32 (?P<state>on|off) \(torch\.backends\.cuda\."
             rf"matmul\.allow_tf32 was (?P<flag>True|False)", "check_tf32"),
    ("cuDNN TF32", rf"In this run cuDNN (?:was allowed TF32|'s TF32 was off) \(torch\.backends\.cudnn\.allow_tf32 was "
                   rf"(?P<flag>True|False)(?:, PyTorch's default)?\), so the (?P<dev>{DEV})'s convolutions",
     "check_conv_tf32"),
    ("CPU halves", rf"On this build's CPU, against its own float32 at the same sizes: (?P<clauses>.+?){END}",
     "check_cpu_halves"),
    ("CPU halves, none", r"This build did not measure the CPU in a half precision and in float32 at the same size",
     "check_cpu_halves_none"),
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
                              rf"an error|stopped at the time limit per point|was not measured)",
     "check_train_missing"),
    ("training step, CPU", rf"With a batch of (?P<b>{N}), one training step takes (?P<cpu>{TIME}) on (?:this build's "
                           rf"CPU|the CPU;)", "check_train_cpu"),
    ("checks failed", rf"(?P<n>{N}) results? failed (?:its|their) correctness check \((?P<where>.+?)\); (?:it is|they "
                      rf"are) marked", "check_failed_count"),
    ("checks passed", rf"Every result (?:that ran )?in this build passed its correctness check(?:; for the training "
                      rf"step the largest relative error of the gradients against float64 was (?P<e>{SCI}), on the "
                      rf"(?P<dev>{DEV}), within the limit of (?P<t>{SCI})\.|; no training step was measured well|\.)",
     "check_passed"),
    # -- a build without an accelerator
    ("CPU facts", rf"On its own the CPU (?P<facts>.+?){END}", "check_cpu_facts"),
    ("CPU rule", r"Rule of thumb from these numbers: on this CPU, (?:(?P<stay>stay with float32)|(?P<dtypes>.+?) can "
                 r"pay off)\.", "check_cpu_rule"),
    ("CPU rule, float32 alone", r"No rule of thumb about precision follows from these numbers: the CPU measured "
                                r"float32 alone", "check_cpu_rule_alone"),
    ("CPU rule, no float32", r"No rule of thumb about precision follows from these numbers: no float32 matrix "
                             r"product was measured well on the CPU", "check_cpu_rule_unmeasured"),
    # -- counts, the selfcheck, prose
    ("points measured", rf"This build measured (?P<n>{N}) points? with the \S+ profile on [A-Z][a-z]+ \d+, \d{{4}}(?:; "
                        rf"(?P<missing>.+?))?{END}", "check_measured"),
    ("nothing succeeded", rf"(?:None of the|The) (?P<n>{N}) measurements? of this build (?:succeeded|did not "
                          rf"succeed)", "check_nothing"),
    ("processes, one", r"Each point was measured in one process, so its interval holds only the variation inside "
                       r"that process\.", "check_processes_one"),
    ("processes", rf"Each point was measured in (?P<p>{N}) fresh processes\. For the typical point of the "
                  rf"synchronised timer \(the median of "
                  rf"(?P<n>{N})\), (?P<share>{N})% of the spread of one process's result came from which process it "
                  rf"ran in, the rest from the noise inside a process(?:(?P<none>; for no point was it more than "
                  rf"half)\.|\. The process mattered most for (?P<most>.+?){END})", "check_processes"),
    # -- Macs: the spec sheet and the cited measurements, read from their CSV files
    ("no Apple GPU", r"This copy of the site was built on a machine without an Apple GPU \(its CPU: (?P<cpu>.+?)\), "
                     r"so none of the numbers above are a Mac's\.", "check_no_apple_gpu"),
    ("cited copies", rf"This article cites (?P<rows>{N}) measurements of (?P<chips>{N}) Apple chips that others "
                     rf"published; with PyTorch on the GPU, a plain copy ranged from (?P<low>{N}) GB/s on the "
                     rf"(?P<low_chip>{CHIP}) to "
                     rf"(?P<high>{N}) GB/s on the (?P<high_chip>{CHIP}) \((?P<source>[\w./-]+)\)\.",
     "check_cited_copies"),
    ("this Mac", rf"This build ran on the (?P<chip>{CHIP})(?:, where a plain copy on the GPU reached (?P<mine>{N}) "
                 rf"GB/s)?\. (?:Others have published (?P<n>{N}) figures? of PyTorch on (?:its|this chip's) GPU(?:; "
                 rf"their best copy reached (?P<copy>{N}) GB/s \((?P<source>[\w./-]+)\))?\.|(?P<none>No published "
                 rf"measurement of PyTorch on its GPU is in the article's list yet\.))",
     "check_this_mac"),
    ("spec sheet summary", rf"The spec sheet below lists (?P<chips>{N}) Apple chips in (?P<variants>{N}) variants "
                           rf"by GPU cores, from the (?P<first>{CHIP}) to the (?P<last>{CHIP})\. "
                           rf"(?P<measured>{N}) of them ha(?:s|ve) at least one figure measured and published by "
                           rf"others: (?P<rows>{N}) figures from (?P<sources>{N}) sources\.", "check_spec_summary"),
    ("spec arithmetic", rf"For example, the (?P<chip>{CHIP}) reads memory at (?P<bw>{N}) GB/s by Apple's spec sheet\. "
                        rf"B @ a at m = (?P<m>{N}) reads 4 × \((?P=m)² \+ 2 × (?P=m)\) bytes = (?P<moved>{N}) MB, so "
                        rf"it takes at least (?P=moved) MB ÷ (?P=bw) GB/s = (?P<least>{TIME}) however fast the GPU "
                        rf"computes\. A 7-billion-parameter model in 16-bit weights reads 7 billion × 2 bytes = "
                        rf"(?P<weights>{N}) GB for every token it generates, so the chip can generate at most (?P=bw) "
                        rf"GB/s ÷ (?P=weights) GB ≈ (?P<tokens>{N}) tokens per second, and only if those "
                        rf"(?P=weights) GB fit its (?P<memory>{N}) GB of memory beside everything else\.",
     "check_spec_arithmetic"),
    ("selfcheck outside", rf"In this build (?P<outside>{N}) of (?P<rows>{N}) comparisons falls? outside "
                          rf"±(?P<t>{N})%, (?:its|their) two 95% intervals \(each across [^()]+\) further apart "
                          rf"than that\.(?P<list>(?: For .+? apart\.)+)", "check_selfcheck"),
    # -- language models: the cost of one operation, attention, the decode step
    ("op cost", rf"One small operation costs (?P<costs>.+?): the time of a call of (?P<ops>{N}) additions on "
                rf"(?P<n>{N}) values", "check_op_costs"),
    ("op cost, reason", rf"one operation costs (?P<acc>{TIME}) on the (?P<dev>{DEV}) against (?P<cpu>{TIME}) on the "
                        rf"CPU|one operation costs (?P<cpu2>{TIME}) on the CPU\.", "check_op_reason"),
    ("attention best", rf"On the (?P<dev>{DEV}) attention reached at best (?P<rates>.+?){END}", "check_attention_best"),
    ("attention backend", rf"On the (?P<dev>{DEV}) PyTorch chose its (?P<backend>[^.]+?) kernel for (?:all "
                          rf"(?P<n>{N}) attention calls|the (?P<one>one) attention call) measured",
     "check_attention_backend"),
    ("attention backends", rf"On the (?P<dev>{DEV}) PyTorch chose (?P<choices>its .+?) of the (?P<total>{N}) "
                           rf"attention calls measured", "check_attention_backends"),
    ("attention compared", rf"In (?P<dtype>{DTYPE}), attention (?:is (?P<how>faster|slower) on the (?P<dev>{DEV}) "
                           rf"than on the CPU for every call measured on both(?:, up to (?P<f>{N})× faster|: it takes "
                           rf"up to (?P<f2>{N})× as long) at (?P<seq>{N}) positions with head size (?P<dim>{N})|on "
                           rf"the (?P<dev2>{DEV}) and on the CPU is (?P<level>level) within noise for every call "
                           rf"measured on both|is faster on the (?P<dev3>{DEV}) than on the CPU (?:at (?P<faster>.+?), "
                           rf"and not at (?P<other>.+?)|for (?P<none>none) of the calls measured on both "
                           rf"\((?P<rest>.+?)\))){END}", "check_attention_compared"),
    ("attention, none common", rf"No attention call in (?P<dtype>{DTYPE}) was measured well on both the "
                               rf"(?P<dev>{DEV}) and the CPU", "check_attention_none_common"),
    ("attention rule", rf"(?:Attention in (?P<dtype>{DTYPE}) (?:belongs on the (?P<dev>{DEV}) too: it was "
                       rf"(?P<faster>faster) there|is better kept on the CPU here: the (?P<dev2>{DEV}) was "
                       rf"(?P<slower>slower))|For attention in (?P<dtype2>{DTYPE}) the device does not matter here: "
                       rf"the two were (?P<level>level) within noise) for every call measured on both|For attention "
                       rf"in (?P<dtype3>{DTYPE}), which device wins (?P<mixed>depends) on the length and head size",
     "check_attention_rule"),
    ("decode step", rf"On the (?P<dev>{DEV}), the model of (?P<params>{N}) (?P<unit>billion|million) parameters in "
                    rf"(?P<dtype>{DTYPE}) generated (?P<tokens>{N}) tokens? per second at a context of (?P<ctx>{N}) "
                    rf"positions: one token every (?P<time>{TIME})", "check_decode"),
    ("decode bound", rf"It reads (?P<bytes>{N} [kMGT]B) per token; at the (?P<r>{RATE}) that B @ a reached on the "
                     rf"(?P<dev>{DEV}) at m = (?P<m>{N}), that allows at most (?P<r2>{RATE}) ÷ (?P<b2>{N} [kMGT]B) ≈ "
                     rf"(?P<bound>{N}) tokens? per second, so the step reached (?P<share>{N})% of its bound",
     "check_decode_bound"),
    ("decode limit", rf"Its (?P<ops>{N}) operations at (?P<cost>{TIME}) each come to (?P<total>{TIME}) of its "
                     rf"(?P<time>{TIME}): (?:on the (?P<dev>{DEV}) the fixed cost of each call, not bandwidth, "
                     rf"(?P<overhead>limits) it|on the (?P<dev2>{DEV}), (?P<neither>neither) bandwidth)",
     "check_decode_limit"),
    ("decode, bandwidth", rf"So on the (?P<dev>{DEV}) bandwidth accounts for most of its time",
     "check_decode_bandwidth"),
    ("decode replayed", rf"(?P<how>Replayed as a CUDA graph|Compiled with torch\.compile), the same step "
                        rf"(?:generated (?P<tokens>{N}) tokens? per second, (?:(?P<f>{N})× (?P<faster>faster) than "
                        rf"eager|(?P<level>level) within noise with eager)|was (?P<slower>slower) than eager: "
                        rf"(?P<tokens2>{N}) tokens? per second, (?P<f2>{N})× as long)(?:,? (?:and )?\(?(?P<share>{N})% "
                        rf"of its bound)?", "check_decode_graph"),
    ("decode missing", rf"On the (?P<dev>{DEV}), the decode step of the model of .+? was not measured",
     "check_decode_missing"),
    ("decode answer", rf"Measured here, a model of (?P<params>{N}) (?P<unit>billion|million) parameters reading "
                      rf"(?P<bytes>{N} [kMGT]B) per token generated (?P<tokens>{N}) tokens? per second on the "
                      rf"(?P<dev>{DEV}), against a bound of (?P<r>{RATE}) ÷ (?P<b2>{N} [kMGT]B) ≈ (?P<bound>{N}) "
                      rf"tokens? per second: (?P<share>{N})% of it(?P<rest>[^.]*)", "check_decode_answer"),
    ("decode rule", rf"To generate text on the (?P<dev>{DEV}), count (?P<what>the operations per token, not only the "
                    rf"bytes|the bytes per token|both the bytes and the operations per token): eager PyTorch reached "
                    rf"(?P<share>{N})% of the bandwidth bound here", "check_decode_rule"),
    ("decode rule, none", r"No rule of thumb for generating text follows from this build: no decode step was measured "
                          r"well beside a bound", "check_decode_rule_none"),
    # -- the model of a call's time and its predictions for Apple chips (tests/oracle_model.py: patterns, checkers)
    *MODEL_CLAIM_TABLE,
    ("code in prose", CODE, "check_code"),
]

#: Text that states nothing measured: the machine's names, the model's size, captions, the gaps' list.
NO_CLAIMS: list[re.Pattern] = [re.compile(p) for p in [
    r"Measured on: .+?\.(?= [A-Z]|$)",
    # The method chapter's selfcheck compares the engine with references: rows, not points of the set.
    r"In this build the \d+ comparisons? (?:all )?agrees?: (?:in each, )?(?:its|the) two 95% intervals, each across "
    r"[^,]+, lie within ±[\d.]+% of each other\.",
    r"The synchronised timer spent .+? in all on these points, .+",
    r"This build (?:measured|found) (?:the |no ).+?\.(?= [A-Z]|$)",
    r"This build measured no accelerator, only its CPU \(.+?\), so it cannot say where a GPU would win",
    r"Every comparison of this build's .+",
    r"With no accelerator to compare, the chart .+",
    r"Not measured on this machine, and so gaps in the figures: .+",
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
    """(value, low, high) of a point, read plainly from its samples: measured in one process, their median and
    the order-statistic interval of it; in several, the geometric mean of the process medians (the value the
    package reports) and the hull of each process's own interval (what holds of every process it measured)."""
    groups = process_groups(point)
    if len(groups) == 1:
        return (median(groups[0]), *interval(groups[0]))
    bounds = [interval(g) for g in groups]
    centre = math.exp(statistics.fmean(math.log(median(g)) for g in groups))
    return centre, min(b[0] for b in bounds), max(b[1] for b in bounds)


def process_groups(point: Point) -> list[list[float]]:
    """The samples of each process that measured the point (one group: measured in one process)."""
    groups = [list(g) for g in point.processes if g]
    return groups if len(groups) >= 2 else [list(point.samples)]


def good(point: Point) -> bool:
    return point.status == "ok" and point.check != "failed" and bool(point.samples)


@dataclass(frozen=True)
class Timed:
    """One good point, its value and interval recomputed from its samples (see :func:`reading`).

    A point measured in several processes has several readings (:meth:`readings`): as two points of one size
    from different suites are, each process is one reading of the point; and one more, the point as a rerun
    could find it: its process medians widened by ``reach``, the largest spread (in logarithm) between the
    process medians of any point of its device. A comparison at a size is every pair of readings: a claim must
    hold for some pair, and one that every pair shows must be made.
    """

    point: Point
    median: float
    low: float
    high: float
    reach: float = 0.0

    def readings(self) -> list[Timed]:
        """The point as each process measured it, and as a rerun could find it (one process: itself); and its value
        with each median of an even count taken as the geometric mean of the two middle samples, as the package
        takes medians of logarithms (a rate printed to three digits can tell the two apart)."""
        groups = process_groups(self.point)
        logged = math.exp(statistics.fmean(math.log(_middle(g)) for g in groups))
        also = [Timed(self.point, logged, self.low, self.high)] if logged != self.median else []
        if len(groups) == 1:
            return [self, *also]
        medians = [median(g) for g in groups]
        wide = Timed(self.point, self.median, min(self.low, min(medians) * math.exp(-self.reach)),
                     max(self.high, max(medians) * math.exp(self.reach)))
        return [Timed(self.point, median(g), *interval(g)) for g in groups] + [wide, *also]

    @property
    def suite(self) -> str | None:
        return self.point.suite

    def rate(self, amount: str) -> tuple[float, float, float]:
        """(rate, low, high) of ``amount`` ("flops" or "bytes_moved") per second."""
        work = getattr(self.point, amount)
        return work / self.median, work / self.high, work / self.low


def direction(base: Timed, other: Timed) -> str:
    """``other`` against ``base`` (the accelerator against the CPU), by time: faster when base's interval lies
    wholly above other's."""
    if base.low > other.high:
        return FASTER
    if other.low > base.high:
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


def naive_verdict(engine: Timed, naive: Timed) -> str:
    """The naive figure against the synchronised timer's: the two agree within a fifth (the whole interval of
    their ratio inside it), else too small or too large (wholly on one side of 1), else too noisy to say."""
    low, high = engine.low / naive.high, engine.high / naive.low
    if 1 / AGREE <= low and high <= AGREE:
        return AGREES
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

    def common(self) -> list[int]:
        return sorted(self.base.keys() & self.other.keys())

    def at(self, size: int) -> list[tuple[Timed, Timed]]:
        return [(b, o) for b in self.base.get(size, []) for o in self.other.get(size, [])]

    def directions(self, size: int) -> set[str]:
        """Every direction a pair of readings at ``size`` shows (see :class:`Timed`)."""
        return {direction(b, o) for pb, po in self.at(size) for b in pb.readings() for o in po.readings()}

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
        """The medians and 97.5 % intervals of the pairs at ``size``, for a failure's message."""
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
        reach: dict[str, float] = {}  # device -> the largest spread between the process medians of a point
        for p in chosen:
            medians = [median(g) for g in process_groups(p)]
            reach[p.device] = max(reach.get(p.device, 0.0), math.log(max(medians) / min(medians)))
        self.good = [Timed(p, *reading(p), reach[p.device]) for p in chosen]
        kinds = [p.device for p in results.points if p.device != "cpu"]
        measured = [t.point.device for t in self.good if t.point.device != "cpu"]
        self.accelerator: str | None = (measured or kinds or [None])[0]
        devices = results.environment.get("devices", {})
        self.environment = {kind: d for kind, d in devices.items() if isinstance(d, dict)}
        self.cache = {kind: d.get("cache_bytes") for kind, d in self.environment.items()}
        self.devices = list(dict.fromkeys(t.point.device for t in self.good))
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
    def comparisons(self) -> list[tuple[str, object, set[str]]]:
        """(what, size, directions) for every comparison the build has: B @ a, the training step and each
        precision's matrix product size by size, and each precision's best rate against best rate."""
        found: list[tuple[str, object, set[str]]] = []
        for pairs in [self.compare("matvec"), self.compare("train_step")] + \
                [self.compare("matmul", dtype=d) for d in DTYPES]:
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

    def best_rate_directions(self, dtype: str) -> set[str]:
        if self.accelerator is None:
            return set()
        mine = self.best("matmul", self.accelerator, "flops", dtype=dtype)
        theirs = self.best("matmul", "cpu", "flops", dtype=dtype)
        return {rate_direction(a, c, "flops") for pa in mine for pc in theirs for a in pa.readings()
                for c in pc.readings()}

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


# -- printed numbers ---------------------------------------------------------------------

@dataclass(frozen=True)
class Printed:
    """A number as printed, with the unit of its last digit (its resolution)."""

    value: float
    unit: float

    @classmethod
    def parse(cls, text: str) -> Printed:
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
        """``value`` rounds to this: within half a unit of the last printed digit."""
        return abs(self.value - value) <= self.unit / 2 * (1 + 1e-9) + 1e-300

    def below(self, value: float) -> bool:
        """``value`` is more than this number can be a rounding of."""
        return value > self.value + self.unit / 2 * (1 + 1e-9)


def number(text: str) -> float:
    return Printed.parse(text).value


def size(text: str) -> int:
    return int(text.replace(",", ""))


def sizes(text: str) -> list[int]:
    return [size(s) for s in re.findall(N, text)]


def _bytes(text: str) -> float:
    """``16.0 MiB`` in bytes."""
    value, unit = text.split()
    return number(value) * 1024.0 ** ("KiB MiB GiB TiB".split().index(unit) + 1)


def _bytes_match(printed: str, value: float) -> bool:
    number_, unit = printed.split()
    return Printed.parse(number_).matches(value / 1024.0 ** ("KiB MiB GiB TiB".split().index(unit) + 1))


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

    def side(self, side: str, pairs: Pairs, at: int, where: str) -> None:
        """``other`` is ``side`` (faster/slower/same) at ``at``, for one of the pairs there."""
        found = pairs.directions(at)
        if not found:
            self.fail(f"{where}: {pairs.what} at {pairs.unit} {at:,} was not measured well on both")
        elif side not in found:
            self.fail(f"{where}: {pairs.what} at {pairs.unit} {at:,}: the {pairs.other_name} is "
                      f"{'/'.join(sorted(found))}, not {side} ({pairs.evidence(at)})")

    def winner_factor(self, side: str, pairs: Pairs, at: int, printed: str, where: str) -> None:
        self.factor(printed, pairs.advantages(side, at), where)

    def up_to(self, printed: str, per_size: Iterable[list[float]], where: str) -> None:
        """'Up to F': no size shows more, whichever of its pairs is taken."""
        least = [min(values) for values in per_size if values]
        if least and Printed.parse(printed).below(max(least)):
            self.fail(f"{where}: 'up to {printed}×', but the advantage reaches {max(least):.4g}")


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
        if isinstance(at, int):
            workload, _, dtype = what.partition(" ")
            pairs = o.compare(workload, **({"dtype": dtype} if dtype else {}))
            against.append(f"{what} {pairs.unit} {at:,} ({pairs.evidence(at)})")
        else:
            against.append(f"{what}, {at}")
    if against:
        c.fail(f"'{said}', but the accelerator is {side} at " + "; ".join(against))


def check_loses_nowhere(m: re.Match, c: Context) -> None:
    _nowhere(c, SLOWER, "the CPU beats it at none of the sizes both measured")


def check_beats_nowhere(m: re.Match, c: Context) -> None:
    _nowhere(c, FASTER, "beats the CPU at none of the sizes both measured")


def check_level(m: re.Match, c: Context) -> None:
    for what, at, found in c.oracle.comparisons():
        if SAME not in found:
            c.fail(f"{what} {at}: {'/'.join(sorted(found))}, not level")


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


def _factor_at(c: Context, side: str, pairs: Pairs, printed: str | None, at: int, claimed: list[int],
               where: str) -> None:
    if printed is None:
        return
    if at not in claimed:
        c.fail(f"{where}: the factor's size {at:,} is not one of the area's sizes {claimed}")
    c.side(side, pairs, at, where)
    c.winner_factor(side, pairs, at, printed, where)


#: One area of the answer or of the rule; each item of a list of areas must read as one of these, whole.
_F = rf"(?P<f>{N})× faster"
_U = r"(?:m =|batch)"
AREA_FORMS = [
    ("all", re.compile(rf"(?P<w>{WHAT}) (?:at|of) every (?:size|batch) from (?:m = )?(?P<first>{N}) to "
                       rf"(?P<last>{N})(?: \({_F} at {_U} (?P<at>{N})\))?")),
    ("from", re.compile(rf"(?P<w>{WHAT}) from {_U} (?P<n>{N}) on(?: \({_F} at {_U} (?P<at>{N})\)| \(matrices of "
                        rf"(?P<bytes>{BYTES}) and more\))?")),
    ("below", re.compile(rf"(?P<w>{WHAT}) below {_U} (?P<n>{N})(?: \({_F} at {_U} (?P<at>{N})\))?")),
    ("range", re.compile(rf"(?P<w>{WHAT}) from {_U} (?P<first>{N}) to (?P<last>{N})(?: \(up to {_F}, at {_U} "
                         rf"(?P<at>{N})\))?")),
    ("sizes", re.compile(rf"(?P<w>{WHAT}) at {_U} (?P<list>{LIST})(?: \((?P<upto>up to )?{_F}(?:, at {_U} "
                         rf"(?P<at>{N}))?\))?")),
    ("every", re.compile(rf"(?P<w>{WHAT})(?: like this one)?")),
]
_ITEM_SPLIT = re.compile(rf"(?:, and |, | and )(?={WHAT})")


def _what(c: Context, w: str) -> Pairs:
    if w.startswith("matrix-vector"):
        return c.oracle.compare("matvec")
    if "training" in w:
        return c.oracle.compare("train_step")
    return c.oracle.compare("matmul", dtype=w.split()[0])


def check_areas(segment: str, side: str, c: Context) -> None:
    """Every area named in ``segment``; ``side`` is the accelerator's (faster: it wins there)."""
    for item in _ITEM_SPLIT.split(segment.strip()):
        for scope, form in AREA_FORMS:
            m = form.fullmatch(item)
            if m:
                _area(scope, m, side, c)
                break
        else:
            c.fail(f"area not understood: {item!r}")


def _area(scope: str, m: re.Match, side: str, c: Context) -> None:
    pairs, where = _what(c, m["w"]), m[0]
    common = pairs.common()
    found = m.groupdict()
    if scope in ("all", "every"):
        claimed = common
        if scope == "all" and (size(m["first"]), size(m["last"])) != (common[0], common[-1]):
            c.fail(f"{where}: every size from {m['first']} to {m['last']}, but those measured on both run from "
                   f"{common[0]:,} to {common[-1]:,}")
    elif scope == "from":
        claimed = [s for s in common if s >= size(m["n"])]
        if size(m["n"]) not in common:
            c.fail(f"{where}: {pairs.unit} {m['n']} was not measured on both")
        if m["bytes"]:
            moved = [t.point.bytes_moved for d in ("cpu", c.oracle.accelerator) if d
                     for t in c.oracle.timed("matvec", d).get(size(m["n"]), [])]
            if not any(_bytes_match(m["bytes"], b) for b in moved):
                c.fail(f"{where}: matrices of {m['bytes']} at m = {m['n']}, but its points moved {_fmt(moved)} bytes")
    elif scope == "below":
        claimed = [s for s in common if s < size(m["n"])]
    elif scope == "range":
        first, last = size(m["first"]), size(m["last"])
        claimed = [s for s in common if first <= s <= last]
        for end in (first, last):
            if end not in common:
                c.fail(f"{where}: {pairs.unit} {end:,} was not measured on both")
        _exhaustive(c, side, pairs, claimed, where)
    else:
        claimed = sizes(m["list"])
        for at in claimed:
            if at not in common:
                c.fail(f"{where}: {pairs.unit} {at:,} was not measured on both")
        _exhaustive(c, side, pairs, claimed, where)
    _every(c, side, pairs, claimed, where)
    if found.get("f"):
        at = size(m["at"]) if m["at"] else claimed[0] if len(claimed) == 1 else None
        if at is None:
            c.fail(f"{where}: a factor without its size, for {len(claimed)} sizes")
        else:
            _factor_at(c, side, pairs, m["f"], at, claimed, where)
        if scope == "range" or found.get("upto"):
            c.up_to(m["f"], [pairs.advantages(side, s) for s in claimed], where)


def check_wins(m: re.Match, c: Context) -> None:
    check_areas(m["areas"], FASTER, c)


def check_losses(m: re.Match, c: Context) -> None:
    check_areas(m["areas"], SLOWER, c)


def check_rule(m: re.Match, c: Context) -> None:
    use, keep = m.groupdict().get("use") or "", m.groupdict().get("keep") or ""
    if use:
        check_areas(use, FASTER, c)
    if keep:
        check_areas(keep, SLOWER, c)


def check_rule_keep(m: re.Match, c: Context) -> None:
    check_rule(m, c)
    _nowhere(c, FASTER, "did not beat it at any size both measured")


MISSING_STATUS = {"failed their correctness check": "failed_check", "failed the correctness check": "failed_check",
                  "did not fit in memory": "out_of_memory", "ran out of memory": "out_of_memory",
                  "failed with an error": "error", "stopped at the time limit per point": "timeout",
                  "does not support": "unsupported", "is not supported": "unsupported",
                  "are not supported": "unsupported"}


def _status_of(point: Point) -> str:
    return "failed_check" if point.status == "ok" and point.check == "failed" else point.status


def _missing(c: Context, device: str, dtype: str, status: str, where: str) -> None:
    tried = [p for p in c.oracle.results.select(workload="matmul", device=device) if p.params.get("dtype") == dtype]
    if any(good(p) for p in tried):
        c.fail(f"{where}: {dtype} on the {device}, but a point of it is good")
    if not any(_status_of(p) == status for p in tried):
        c.fail(f"{where}: {dtype} on the {device}, but no point of it is {status} "
               f"({sorted({_status_of(p) for p in tried}) or 'none tried'})")


def check_not_compared(m: re.Match, c: Context) -> None:
    name = m["dev"] or m["dev2"]
    status = MISSING_STATUS[m["why"] or "does not support"]
    for dtype in re.findall(DTYPE, m["dtypes"]):
        _missing(c, c.device(name), dtype, status, f"{dtype} not compared")


def check_always(m: re.Match, c: Context) -> None:
    pairs = c.oracle.compare("matvec")
    _every(c, FASTER, pairs, pairs.common(), "at every size measured on both")
    common = pairs.common()
    if common and (size(m["s1"]), size(m["s2"])) != (common[0], common[-1]):
        c.fail(f"the sizes quoted, m = {m['s1']} and {m['s2']}, are not the smallest and largest of {common}")
    for f, at in ((m["f1"], m["s1"]), (m["f2"], m["s2"])):
        c.side(FASTER, pairs, size(at), f"{f}× faster at m = {at}")
        c.winner_factor(FASTER, pairs, size(at), f, f"{f}× faster at m = {at}")


BELOW = {"the CPU is faster": {SLOWER}, "the two are about as fast": {SAME},
         "it is slower than the CPU or about as fast": {SLOWER, SAME}}


def check_from(m: re.Match, c: Context) -> None:
    pairs, start = c.oracle.compare("matvec"), size(m["n"])
    common = pairs.common()
    if start not in common:
        c.fail(f"m = {start:,} was not measured on both (common sizes: {common})")
    _every(c, FASTER, pairs, [s for s in common if s >= start], f"wins from m = {m['n']} on")
    c.side(FASTER, pairs, size(m["at"]), f"{m['f']}× faster at m = {m['at']}")
    c.winner_factor(FASTER, pairs, size(m["at"]), m["f"], f"{m['f']}× faster at m = {m['at']}")
    under = [s for s in common if s < start]
    if not under:
        c.fail(f"'Below m = {m['n']}': no size below it was measured on both")
        return
    if pairs.must_be(FASTER, under[-1]):
        c.fail(f"the accelerator also wins at m = {under[-1]:,}, just below the crossover "
               f"({pairs.evidence(under[-1])})")
    below = m["below"]
    if below in BELOW:
        for at in under:
            found = pairs.directions(at)
            if not found & BELOW[below]:
                c.fail(f"'Below m = {m['n']} {below}', but at m = {at:,} the accelerator is "
                       f"{'/'.join(sorted(found))} ({pairs.evidence(at)})")
    elif not any(pairs.can_be(FASTER, s) for s in under):
        c.fail("'wins at some sizes' below the crossover, but it wins at none")


def check_never(m: re.Match, c: Context) -> None:
    pairs = c.oracle.compare("matvec")
    for at in pairs.common():
        if pairs.must_be(FASTER, at):
            c.fail(f"'beats the CPU at none of the sizes measured', but it is faster at m = {at:,} "
                   f"({pairs.evidence(at)})")
    at = size(m["at"])
    if pairs.common() and at != pairs.common()[-1]:
        c.fail(f"m = {at:,} quoted, but the largest size measured on both is {pairs.common()[-1]:,}")
    if m["f"]:
        c.side(SLOWER, pairs, at, f"{m['f']}× as long at m = {m['at']}")
        c.winner_factor(SLOWER, pairs, at, m["f"], f"{m['f']}× as long at m = {m['at']}")
    else:
        c.side(SAME, pairs, at, f"about as fast at m = {m['at']}")
        _pair_times(c, "matvec", at, m["acc"], m["cpu"])


def check_mixed(m: re.Match, c: Context) -> None:
    pairs, listed = c.oracle.compare("matvec"), sizes(m["list"])
    for at in listed:
        c.side(FASTER, pairs, at, f"beats the CPU at m = {at:,}")
    _exhaustive(c, FASTER, pairs, listed, "the list of wins")
    best = size(m["at"]) if m["at"] else listed[0]
    c.winner_factor(FASTER, pairs, best, m["f"], f"{m['f']}× faster at m = {best:,}")
    c.up_to(m["f"], [pairs.advantages(FASTER, s) for s in listed], "the list of wins")
    largest, common = size(m["l"]), pairs.common()
    if not common or largest != common[-1]:
        c.fail(f"'the largest size measured' is m = {largest:,}, but the largest common size is "
               f"{common[-1] if common else None}")
    if m["sf"]:
        c.side(SLOWER, pairs, largest, f"{m['sf']}× as long at m = {m['l']}")
        c.winner_factor(SLOWER, pairs, largest, m["sf"], f"{m['sf']}× as long at m = {m['l']}")
    else:
        c.side(SAME, pairs, largest, f"about as fast at m = {m['l']}")


def _pair_times(c: Context, workload: str, at: int, acc: str, cpu: str, where: str = "") -> None:
    """The two times quoted are the ENGINE medians of some point at ``at`` (never naive timeit's)."""
    o = c.oracle
    where = where or f"{_unit(workload)} {at:,}"
    c.quantity(cpu, [t.median for t in o.timed(workload, "cpu").get(at, [])], f"{where}, CPU time (engine)")
    if o.accelerator is None:
        c.fail(f"{where}: no accelerator to quote {acc} for")
        return
    c.quantity(acc, [t.median for t in o.timed(workload, o.accelerator).get(at, [])],
               f"{where}, accelerator time (engine)")


def check_small(m: re.Match, c: Context) -> None:
    pairs, at = c.oracle.compare("matvec"), size(m["m"])
    common = pairs.common()
    how = "level" if m["level"] else m["how"]
    if not common or at != common[0]:
        c.fail(f"'the smallest matrix-vector product measured' is m = {at:,}, but the smallest measured on both "
               f"is m = {common[0] if common else 0:,}")
    side = {"Even": FASTER, "level": SAME}.get(how, SLOWER)
    c.side(side, pairs, at, f"m = {at:,}")
    _pair_times(c, "matvec", at, m["acc"], m["cpu"])


def check_small_cpu(m: re.Match, c: Context) -> None:
    at = size(m["m"])
    measured = list(c.oracle.timed("matvec", "cpu"))
    if not measured or at != measured[0]:
        c.fail(f"'the smallest matrix-vector product measured' is m = {at:,}, but the CPU measured m = "
               f"{measured[0] if measured else 0:,}")
    c.quantity(m["cpu"], [t.median for t in c.oracle.timed("matvec", "cpu").get(at, [])],
               f"CPU at m = {at:,} (engine)")


def check_streaming(m: re.Match, c: Context) -> None:
    device, large = c.device(m["dev"]), size(m["large"])
    rates = c.tied(m["r"], c.oracle.rates("matvec", device, "bytes_moved").get(large, []),
                   f"B @ a on the {m['dev']} at m = {large:,}")
    small = re.search(rf"the smallest matrix-vector product measured, m = ({N})", c.text)
    if small is None:
        c.fail("no smallest size to stream")
        return
    moved = {t.point.bytes_moved for t in c.oracle.timed("matvec", device).get(size(small[1]), [])}
    c.quantity(m["stream"], [b / r for b in moved for r in rates], f"m = {small[1]}'s bytes at {m['r']}")
    o = c.oracle
    c.quantity(m["acc"], [t.median for t in o.timed("matvec", device).get(size(small[1]), [])],
               f"the {m['dev']}'s time at m = {small[1]} (engine)")
    if not Printed.parse(m["stream"]).value < Printed.parse(m["acc"]).value:
        c.fail(f"streaming {m['stream']} is not less than the call's {m['acc']}")


#: One device's reading of a large matrix in the closing chapter's reason.
READING = re.compile(rf"(?P<r>{RATE}) on the (?P<dev>{DEV}) \(m = (?P<m>{N}), (?:a matrix of (?P<mb>{BYTES}), larger "
                     rf"than its caches: from memory|its largest matrix; its cache size is not known, so this is not "
                     rf"shown to be memory's speed|its largest matrix, (?P<fb>{BYTES}), which fits in its "
                     rf"(?P<cache>{BYTES}) of cache, so this may be partly the cache's speed)\)")


def _basis(c: Context, device: str, at: int, basis: str, where: str, matrix: str | None = None,
           cache_text: str | None = None) -> None:
    """How far the rate at ``at`` is from memory: beyond the cache, the largest (cache unknown), or fits."""
    o = c.oracle
    cache = o.cache.get(device)
    cache = cache if isinstance(cache, int) and cache > 0 else None
    moved = [t.point.bytes_moved for t in o.timed("matvec", device).get(at, [])]
    measured = list(o.timed("matvec", device))
    if matrix and not any(_bytes_match(matrix, b) for b in moved):
        c.fail(f"{where}: a matrix of {matrix}, but m = {at:,} moved {_fmt(moved)} bytes")
    if basis == "beyond_cache":
        if cache is None or not moved or min(moved) <= cache:
            c.fail(f"{where}: 'larger than its caches' at m = {at:,}, but the cache is {cache} bytes and the matrix "
                   f"{_fmt(moved)}")
        return
    if not measured or at != measured[-1]:
        c.fail(f"{where}: 'its largest matrix (m = {at:,})', but it measured m = {measured[-1] if measured else 0:,}")
    if basis == "largest" and cache is not None:
        c.fail(f"{where}: 'its cache size is not known', but the environment says {cache} bytes")
    if basis == "fits_cache":
        if cache is None or (cache_text and not _bytes_match(cache_text, cache)):
            c.fail(f"{where}: a cache of {cache_text}, but the environment says {cache}")
        elif not moved or max(moved) > cache:
            c.fail(f"{where}: 'fits in its {cache_text} of cache', but the matrix is {_fmt(moved)} bytes")


def check_reading(m: re.Match, c: Context) -> None:
    o, found = c.oracle, {}
    for reading in READING.finditer(m["reads"]):
        device, at = c.device(reading["dev"]), size(reading["m"])
        basis = "beyond_cache" if reading["mb"] else "fits_cache" if reading["fb"] else "largest"
        where = f"B @ a on the {reading['dev']} at m = {at:,}"
        points = [t for t in o.timed("matvec", device).get(at, []) if t.point.bytes_moved]
        tied = [t for t in points if Printed.parse(reading["r"]).matches(t.rate("bytes_moved")[0])]
        if not tied:
            c.quantity(reading["r"], [t.rate("bytes_moved")[0] for t in points], where)
        _basis(c, device, at, basis, where, reading["mb"] or reading["fb"], reading["cache"])
        found[device] = tied
    if set(found) != {"cpu", o.accelerator}:
        c.fail(f"readings of {sorted(found)} not understood in {m['reads']!r}")
        return
    acc, cpu = found[o.accelerator], found["cpu"]
    directions = {rate_direction(a, p, "bytes_moved") for pa in acc for pp in cpu for a in pa.readings()
                  for p in pp.readings()}
    ratios = [a.rate("bytes_moved")[0] / p.rate("bytes_moved")[0] for a in acc for p in cpu]
    if m["level"]:
        if directions and SAME not in directions:
            c.fail(f"'level within noise', but the accelerator reads {'/'.join(sorted(directions))}")
        return
    side = SLOWER if m["who"] == CPU_NAME else FASTER
    if directions and side not in directions:
        c.fail(f"'the {m['who']} reads {m['f']}× as fast', but the accelerator reads {'/'.join(sorted(directions))}")
    c.factor(m["f"], [r if side == FASTER else 1 / r for r in ratios], "bandwidth ratio")


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
        if achieved.below(top):
            c.fail(f"'At its best (m = {at:,})' {m['r']}, but m = {top_size:,} reached {top / 1e9:.4g} GB/s")
    if m["c"]:
        ceilings = c.tied(m["c"], _memory_copies(c, device), f"the {m['dev']}'s copy from memory")
        shares = [r / ceiling for r in reached for ceiling in ceilings]
        if m["share"] and shares:
            c.quantity(m["share"] + "%", [100 * x for x in shares], "share of the copy")
        if m["times"] and shares:
            c.factor(m["times"], shares, "times the copy")
        if m["level"]:
            _level_with_copy(c, device, at, m["dev"])
    if m["matrix"]:
        cache = c.oracle.cache.get(device)
        moved = [t.point.bytes_moved for t in c.oracle.timed("matvec", device).get(at, [])]
        if not any(_bytes_match(m["matrix"], b) for b in moved):
            c.fail(f"a matrix of {m['matrix']} at m = {at:,}, but its points moved {_fmt(moved)} bytes")
        if not cache or not _bytes_match(m["cache"], cache):
            c.fail(f"a cache of {m['cache']}, but the environment says {cache}")
        elif moved and min(moved) > cache:
            c.fail(f"'fits in its {m['cache']} of cache', but the matrix is larger")


def _level_with_copy(c: Context, device: str, at: int, name: str) -> None:
    """B @ a at ``at`` and the copy from memory overlap: their rates' intervals (each point's, at 97.5 %) meet."""
    def bounds(timed, amount: str) -> tuple[float, float]:
        low, high = timed.low, timed.high
        moved = getattr(timed.point, amount)
        return moved / high, moved / low
    products = [bounds(t, "bytes_moved") for t in c.oracle.timed("matvec", device).get(at, [])]
    cache = c.oracle.cache.get(device)
    copies = [t for ts in c.oracle.timed("copy", device).values() for t in ts
              if not (isinstance(cache, int) and cache > 0) or t.point.bytes_moved > cache]
    ceilings = [bounds(t, "bytes_moved") for t in copies]
    if not any(p[0] <= q[1] and q[0] <= p[1] for p in products for q in ceilings):
        c.fail(f"'level within noise with' the copy on the {name}, but B @ a at m = {at:,} and the copy's rates "
               f"do not overlap: {products} against {ceilings}")


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


FALL_WHAT = {"B @ a": "matvec", "the plain copy": "copy"}


def _fall_of(c: Context, m: re.Match) -> Fall | None:
    workload = FALL_WHAT.get(m["what"], "matmul")
    device, before, after = c.device(m["dev"]), size(m["before"]), size(m["after"])
    for fall in c.oracle.falls:
        if (fall.workload, fall.device, fall.dtype, fall.before) == (workload, device, m["dtype"], before):
            if fall.after != after:
                c.fail(f"{m['what']} on the {m['dev']}: the size after {m['k1']} = {m['before']} is "
                       f"{fall.after:,}, not {after:,}")
                return None
            return fall
    c.fail(f"{m['what']} on the {m['dev']}: no two consecutive sizes measured well from {m['k1']} = {m['before']}")
    return None


def check_fall(m: re.Match, c: Context) -> None:
    fall = _fall_of(c, m)
    if fall is None:
        return
    unit = "n" if fall.workload == "copy" else "m"
    if (m["k1"], m["k2"]) != (unit, unit):
        c.fail(f"sizes written as {m['k1']} = and {m['k2']} =, not {unit} =")
    highs = c.tied(m["high"], fall.high, f"the rate at {unit} = {m['before']}")
    lows = c.tied(m["low"], fall.low, f"the rate at {unit} = {m['after']}")
    c.quantity(m["share"] + "%", [100 * b / a for a in highs or fall.high for b in lows or fall.low],
               "the share of the rate left")
    if not fall.can:
        c.fail(f"'falls', but {fall} is never under half")


def _falls_named(text: str) -> list[tuple]:
    return [(FALL_WHAT.get(f["what"], "matmul"), DEVICE_NAMES[f["dev"]], f["dtype"], size(f["before"]))
            for f in CLAIMS_BY_NAME["falls"].finditer(text)]


def check_fall_cache(m: re.Match, c: Context) -> None:
    """The bytes the two points of a fall moved, on either side of the cache the device's environment records."""
    device = c.device(m["dev"])
    cache = c.oracle.cache.get(device)
    if not isinstance(cache, int) or not _bytes_match(m["cache"], cache):
        c.fail(f"'{m['cache']} of cache', but the {m['dev']} recorded {cache}")
        return
    workloads = ("copy",) if m["k1"] == "n" else ("matvec", "matmul")
    for printed, at, side in ((m["small"], size(m["before"]), "within"), (m["large"], size(m["after"]), "past")):
        moved = [t.point.bytes_moved for w in workloads for t in c.oracle.timed(w, device).get(at, [])]
        if not any(_bytes_match(printed, b) for b in moved):
            c.fail(f"{printed} moved at {m['k1']} = {at:,}, but its points moved {_fmt(moved)} bytes")
        elif not all((b <= cache) == (side == "within") for b in moved):
            c.fail(f"{printed} at {m['k1']} = {at:,} said to be {side} the cache of {cache} bytes")
    if not any(f"{m['k1']} = {m['before']} to" in fall[0] for fall in CLAIMS_BY_NAME["falls"].finditer(c.text)):
        c.fail(f"a cache named for a fall from {m['k1']} = {m['before']} that the text does not name")


def check_fall_count(m: re.Match, c: Context) -> None:
    count = len(_falls_named(c.text))
    if (m["n"] == "this") != (count == 1) or not count:
        c.fail(f"'{m['n']}' after {count} falls")


def _tokens(m: re.Match, c: Context, rates: list[float]) -> None:
    model = re.search(rf"reads ({N}) GB per token", c.text)
    if model is None:
        c.fail("no model size to divide by")
        return
    if m.groupdict().get("gb") and m["gb"] != model[1]:
        c.fail(f"divided by {m['gb']} GB, but the model reads {model[1]} GB per token")
    gb = number(model[1])
    c.quantity(m["tokens"], [r / 1e9 / gb for r in rates], f"{m['r']} ÷ {model[1]} GB in tokens per second")


def check_model(m: re.Match, c: Context) -> None:
    c.quantity(m["gb"], [number(m["p"]) * number(m["bits"]) / 8], "parameters × bytes per parameter, in GB")


def check_llm(m: re.Match, c: Context) -> None:
    device = c.device(m["dev"])
    at = size(m["m"] or m["lm"] or m["fm"])
    rates = c.oracle.rates("matvec", device, "bytes_moved")
    tied = c.tied(m["r"], rates.get(at, []), f"B @ a on the {m['dev']} at m = {at:,}")
    if m.groupdict().get("r2") and m["r2"] != m["r"]:
        c.fail(f"the rate divided, {m['r2']}, is not the rate quoted, {m['r']}")
    basis = "beyond_cache" if m["m"] else "fits_cache" if m["fm"] else "largest"
    _basis(c, device, at, basis, f"the bound on the {m['dev']}", cache_text=m["cache"])
    _tokens(m, c, tied)


def check_gap(m, c: Context) -> None:
    device = c.device(m["dev"]) if m["dev"] else "cpu"
    at = size(m["m"])
    o = c.oracle
    naive_points = o.timed("matvec", device, method="naive").get(at, [])
    engine_points = o.timed("matvec", device).get(at, [])
    naive, engine = [t.median for t in naive_points], [t.median for t in engine_points]
    c.quantity(m["naive"], naive, f"naive timeit at m = {at:,}")
    c.quantity(m["engine"], engine, f"the synchronised timer at m = {at:,}")
    if m["events"]:
        c.quantity(m["events"], [t.median for t in o.timed("matvec", device, method="events").get(at, [])],
                   f"events at m = {at:,}")
    ratios = [e / n for e in engine for n in naive]
    verdicts = {naive_verdict(e, n) for pe in engine_points for pn in naive_points for e in pe.readings()
                for n in pn.readings()}
    how = m["how"]
    if how in ("too small, too optimistic", "more"):
        c.factor(m["f"], ratios, "synchronised over naive")
        if verdicts and TOO_SMALL not in verdicts:
            c.fail(f"naive called too small, but synchronised/naive = {_fmt(ratios)} ({'/'.join(sorted(verdicts))})")
    elif how in ("too large, too pessimistic", "less"):
        c.factor(m["f"], [1 / r for r in ratios], "naive over synchronised")
        if verdicts and TOO_LARGE not in verdicts:
            c.fail(f"naive called too large, but synchronised/naive = {_fmt(ratios)} ({'/'.join(sorted(verdicts))})")
    elif how == "noisy":
        if verdicts and NOISY not in verdicts:
            c.fail(f"'too noisy to say', but synchronised/naive = {_fmt(ratios)} is {'/'.join(sorted(verdicts))}")
    elif verdicts and AGREES not in verdicts:
        c.fail(f"'agree within a fifth', but synchronised/naive = {_fmt(ratios)}, {'/'.join(sorted(verdicts))} "
               f"beyond noise")


def check_gap_agrees(m: re.Match, c: Context) -> None:
    check_gap({**m.groupdict(), "how": "agree", "f": None}, c)


def check_gap_noisy(m: re.Match, c: Context) -> None:
    check_gap({**m.groupdict(), "how": "noisy", "f": None}, c)


def check_gap_cpu(m: re.Match, c: Context) -> None:
    found = m.groupdict()
    check_gap({**found, "dev": None, "m": found["m"] or found["m2"], "events": None,
               "how": found["how"] or ("noisy" if found.get("noisy") else "agree")}, c)


# -- the blog post's sizes, naive timeit against the synchronised timer ---------------------------

def _post(c: Context, name: str) -> tuple[str, dict[int, set[str]]]:
    device = c.device(name)
    found = c.oracle.post_verdicts(device)
    if not found:
        c.fail(f"no size of the blog post was timed both ways on the {name}")
    return device, found


def _post_factors(c: Context, device: str, at: int, verdict: str) -> list[float]:
    ratios = [e.median / n.median for e, n in c.oracle.post(device).get(at, [])]
    return ratios if verdict == TOO_SMALL else [1 / r for r in ratios]


def _post_margin(c: Context, printed: str) -> None:
    if not Printed.parse(printed).matches(100 * (AGREE - 1)):
        c.fail(f"'within {printed}%', but naive timeit is said to agree within {100 * (AGREE - 1):.0f}%")


def check_post_all(m: re.Match, c: Context) -> None:
    device, found = _post(c, m["dev"])
    if not found:
        return
    ordered = sorted(found)
    if (size(m["first"]), size(m["last"])) != (ordered[0], ordered[-1]):
        c.fail(f"'m = {m['first']} to {m['last']}', but the post's sizes timed both ways are {ordered}")
    against = [s for s in ordered if TOO_SMALL not in found[s]]
    if against:
        c.fail(f"'too short a time at every one', but not at m = {against} "
               f"({', '.join('/'.join(sorted(found[s])) for s in against)})")
    at = size(m["at"])
    c.factor(m["f"], _post_factors(c, device, at, TOO_SMALL), f"too small at m = {at:,}")
    c.up_to(m["f"], [_post_factors(c, device, s, TOO_SMALL) for s in ordered], "naive too small")


POST_CLAUSE = re.compile(rf"too (?P<how>short|long) a time at m = (?P<list>{LIST}) \((?:(?P<upto>up to )?)"
                         rf"(?P<f>{N})× too (?P<adjective>small|large)(?:, at m = (?P<at>{N}))?\)"
                         rf"|times too (?P<how2>noisy) to judge at m = (?P<list2>{LIST})")


def check_post_mixed(m: re.Match, c: Context) -> None:
    device, found = _post(c, m["dev"])
    rest = m["clauses"]
    for clause in POST_CLAUSE.finditer(m["clauses"]):
        rest = rest.replace(clause[0], "", 1)
        if clause["how2"]:
            for at in sizes(clause["list2"]):
                if at not in found or NOISY not in found[at]:
                    c.fail(f"'too noisy to judge' at m = {at:,}, but there it is {'/'.join(sorted(found.get(at, ())))}")
            left = [s for s in found if s not in sizes(clause["list2"]) and found[s] == {NOISY}]
            if left:
                c.fail(f"naive also too noisy to judge at m = {left}, which the list leaves out")
            continue
        verdict = TOO_SMALL if clause["how"] == "short" else TOO_LARGE
        if (clause["how"] == "short") != (clause["adjective"] == "small"):
            c.fail(f"'too {clause['how']} a time' but '{clause['f']}× too {clause['adjective']}'")
        listed = sizes(clause["list"])
        for at in listed:
            if at not in found:
                c.fail(f"m = {at:,} is not one of the post's sizes timed both ways ({sorted(found)})")
            elif verdict not in found[at]:
                c.fail(f"naive {verdict} at m = {at:,}, but there it is {'/'.join(sorted(found[at]))}")
        left = [s for s in found if s not in listed and found[s] == {verdict}]
        if left:
            c.fail(f"naive also {verdict} at m = {left}, which the list leaves out")
        at = size(clause["at"]) if clause["at"] else listed[0]
        if at not in listed:
            c.fail(f"the factor's size m = {at:,} is not listed")
        c.factor(clause["f"], _post_factors(c, device, at, verdict), f"naive {verdict} at m = {at:,}")
        c.up_to(clause["f"], [_post_factors(c, device, s, verdict) for s in listed], f"naive {verdict}")
    if re.sub(r"(?:, and |, | and )", "", rest).strip():
        c.fail(f"clauses not understood: {rest!r}")


def _post_every(m: re.Match, c: Context, verdict: str, claim: str) -> None:
    """A sentence about every one of the blog post's sizes, m = first to last: each has ``verdict`` among its
    readings' verdicts."""
    _, found = _post(c, m["dev"])
    _post_margin(c, m["margin"])
    ordered = sorted(found)
    if ordered and (size(m["first"]), size(m["last"])) != (ordered[0], ordered[-1]):
        c.fail(f"'m = {m['first']} to {m['last']}', but the post's sizes timed both ways are {ordered}")
    against = [s for s in ordered if verdict not in found[s]]
    if against:
        c.fail(f"'{claim} … at every one', but not at m = {against}")


def check_post_agree(m: re.Match, c: Context) -> None:
    _post_every(m, c, AGREES, "agreed")


def check_post_noisy(m: re.Match, c: Context) -> None:
    _post_every(m, c, NOISY, "too wide to say")


def _post_device(c: Context) -> str | None:
    named = re.search(rf"naive timeit on this build's ({DEV})", c.text)
    return named[1] if named else None


def check_post_rest(m: re.Match, c: Context) -> None:
    name = _post_device(c)
    if name is None:
        c.fail("'the other sizes' of no device")
        return
    _, found = _post(c, name)
    _post_margin(c, m["margin"])
    listed = {s for clause in POST_CLAUSE.finditer(c.text) for s in sizes(clause["list"] or clause["list2"])}
    against = [s for s in sorted(found) if s not in listed and AGREES not in found[s]]
    if against:
        c.fail(f"'At the other sizes the two agreed', but not at m = {against}")
    if not [s for s in found if s not in listed]:
        c.fail("'the other sizes': there are none")


def _post_everything(c: Context) -> dict[int, set[str]]:
    name = _post_device(c) or re.search(rf"On this build's ({DEV}), naive timeit", c.text)
    name = name if isinstance(name, str) else name[1] if name else None
    if name is None:
        c.fail("no device named for the post's sizes")
        return {}
    return _post(c, name)[1]


def check_post_some(m: re.Match, c: Context) -> None:
    found = _post_everything(c)
    if found and (not any(TOO_SMALL in v for v in found.values()) or all(v == {TOO_SMALL} for v in found.values())):
        c.fail(f"'too short … at some of the post's sizes and not at others', but: {found}")


def check_post_none(m: re.Match, c: Context) -> None:
    found = _post_everything(c)
    against = [s for s, v in found.items() if v == {TOO_SMALL}]
    if against:
        c.fail(f"'too short a time at none of the post's sizes', but at m = {against}")


def check_post_cpu_differs(m: re.Match, c: Context) -> None:
    found = c.oracle.post_verdicts("cpu")
    if found and all(v == {AGREES} for v in found.values()):
        c.fail("'the differences', but naive timeit agrees with the synchronised timer at every size")


def check_post_unmeasured(m: re.Match, c: Context) -> None:
    found = c.oracle.post(c.device(m["dev"]))
    if found:
        c.fail(f"'none of the blog post's sizes was measured well both ways', but m = {sorted(found)} were")


def check_post_nothing(m: re.Match, c: Context) -> None:
    for device in c.oracle.devices:
        if c.oracle.post(device):
            c.fail(f"'none … on any device', but the {device} timed m = {sorted(c.oracle.post(device))} both ways")


# -- matrix products -------------------------------------------------------------------------------

def check_rates(m: re.Match, c: Context) -> None:
    device = c.device(m["dev"])
    for dtype, rate in re.findall(rf"({DTYPE}) ({RATE})", m["rates"]):
        best = [t.rate("flops")[0] for t in c.oracle.best("matmul", device, "flops", dtype=dtype)]
        c.quantity(rate, best, f"best {dtype} rate on the {m['dev']}")
    for words, status in (("failed the correctness check", "failed_check"), ("failed with an error", "error"),
                          ("ran out of memory", "out_of_memory"), ("(?:is|are) not supported", "unsupported"),
                          ("stopped at the time limit per point", "timeout")):
        for found in re.finditer(rf"((?:{DTYPE}(?:{SEP})?)+) {words}", m["rates"]):
            for dtype in re.findall(DTYPE, found[1]):
                _missing(c, device, dtype, status, f"best rates on the {m['dev']}")


#: The same-size clauses of the matrix-product chapter (``matmul.same_size.*``).
SAME_SIZE = [
    re.compile(rf"the (?P<dev>{DEV}) is faster in (?P<d>{DTYPE})(?: at each of them, m = (?P<list>{LIST}))? "
               rf"\((?P<f>{N})× faster at m = (?P<at>{N})\)"),
    re.compile(rf"the two are level within noise in (?P<d>{DTYPE})(?: \(at m = (?P<at>{N})\)| at each of them, "
               rf"m = (?P<list>{LIST}))"),
    re.compile(rf"in (?P<d>{DTYPE}) the (?P<dev>{DEV}) is faster only at m = (?P<wins>(?:{LIST})?) \(of m = "
               rf"(?P<list>{LIST})\)"),
    re.compile(rf"in (?P<d>{DTYPE}) the (?P<dev>{DEV}) is faster at none of m = (?P<list>{LIST}) \(the CPU is "
               rf"faster at m = (?P<losses>{LIST}), level at the others\)"),
]


def _clauses(text: str, starts: str) -> list[str]:
    return re.split(rf"(?:, and |, | and )(?={starts})", text)


def _same_sizes(c: Context, pairs: Pairs, m: re.Match, where: str) -> None:
    """One clause of a same-size comparison (the accelerator's, or the CPU's half precision's)."""
    common = pairs.common()
    found = m.groupdict()
    if found.get("losses") is not None:  # faster at none: slower at the listed sizes, level at the rest
        _common(c, pairs, sizes(m["list"]), where)
        losses = sizes(m["losses"])
        for at in common:
            c.side(SLOWER if at in losses else SAME, pairs, at, where)
        if not losses or len(losses) == len(common):
            c.fail(f"{where}: 'faster at none' with losses {losses} of {common}: not a mix")
        return
    if found.get("wins") is not None:
        wins = sizes(m["wins"])
        if not wins:
            c.fail(f"{where}: 'faster only at m = ' names no size: at m = {common} it is " +
                   ", ".join('/'.join(sorted(pairs.directions(s))) for s in common) + ", faster at none")
        _common(c, pairs, sizes(m["list"]), where)
        for at in wins:
            c.side(FASTER, pairs, at, where)
        slower = sizes(found["slower"]) if found.get("slower") else []
        for at in slower:
            c.side(SLOWER, pairs, at, where)
        for at in common:
            if at not in wins and pairs.must_be(FASTER, at):
                c.fail(f"{where}: 'faster only at m = {m['wins']}', but also at m = {at:,} ({pairs.evidence(at)})")
            if "slower" in found and at not in slower and pairs.must_be(SLOWER, at):
                # (a form that can say where it is slower must name every such size)
                c.fail(f"{where}: slower at m = {at:,} ({pairs.evidence(at)}), unsaid")
        if len(wins) == len(common):
            c.fail(f"{where}: 'only at' every size")
        return
    side = found["side"]
    if found.get("list"):
        _common(c, pairs, sizes(m["list"]), where)
    elif len(common) != 1:
        c.fail(f"{where}: said of one size, but both measured {common}")
    _every(c, side, pairs, common, where)
    at = size(m["at"]) if found.get("at") else None
    if at is not None and at not in common:
        c.fail(f"{where}: m = {at:,} was not measured on both ({common})")
    if found.get("f") and at is not None:
        c.winner_factor(side, pairs, at, m["f"], where)


def _form(forms: list[re.Pattern], clause: str, c: Context) -> re.Match | None:
    """The first of ``forms`` the whole clause matches; a clause none matches is a failure."""
    found = next((f for f in (form.fullmatch(clause) for form in forms) if f), None)
    if found is None:
        c.fail(f"clause not understood: {clause!r}")
    return found


def check_same_size(m: re.Match, c: Context) -> None:
    for clause in _clauses(m["clauses"], rf"the |in {DTYPE} "):
        found = _form(SAME_SIZE, clause, c)
        if found is None:
            continue
        pairs = c.oracle.compare("matmul", dtype=found["d"])
        values = found.groupdict()
        if values.get("wins") is None and values.get("losses") is None:
            values["side"] = SAME if "level" in clause else SLOWER if values.get("dev") == CPU_NAME else FASTER
        _same_sizes(c, pairs, _Found(found, values), f"same size, {found['d']}")


class _Found:
    """A match with some groups added (a side read from the words around them)."""

    def __init__(self, match: re.Match, values: dict) -> None:
        self.match, self.values = match, values

    def __getitem__(self, key):
        return self.match[0] if key == 0 else self.values.get(key)

    def groupdict(self) -> dict:
        return self.values


BEST = [re.compile(rf"in (?P<d>{DTYPE}) the (?P<x>{DEV})'s best \(m = (?P<xs>{N})\) is (?P<f>{N})× the "
                   rf"(?P<y>{DEV})'s best \(m = (?P<ys>{N})\)"),
        re.compile(rf"in (?P<d>{DTYPE}) the two bests \(m = (?P<xs>{N}) and m = (?P<ys>{N})\) are level within "
                   rf"noise")]


def check_best(m: re.Match, c: Context) -> None:
    o = c.oracle
    for clause in _clauses(m["clauses"], rf"in {DTYPE} "):
        found = _form(BEST, clause, c)
        if found is None:
            continue
        dtype = found["d"]
        groups = found.groupdict()
        cpu_first = groups.get("x") == CPU_NAME
        acc_size, cpu_size = (found["ys"], found["xs"]) if cpu_first else (found["xs"], found["ys"])
        side = SAME if "level" in clause else SLOWER if cpu_first else FASTER
        mine = o.best("matmul", o.accelerator, "flops", dtype=dtype) if o.accelerator else []
        theirs = o.best("matmul", "cpu", "flops", dtype=dtype)
        for name, tops, printed in (("accelerator", mine, acc_size), ("CPU", theirs, cpu_size)):
            at = [int(t.point.params["m"]) for t in tops]
            if size(printed) not in at:
                c.fail(f"best {dtype} on the {name} said to be at m = {printed}, but it is at m = {at}")
        directions = o.best_rate_directions(dtype)
        if side not in directions:
            c.fail(f"best rates in {dtype}: the accelerator's is {'/'.join(sorted(directions)) or 'not compared'}, "
                   f"not {side}")
        if groups.get("f"):
            ratios = [a.rate("flops")[0] / b.rate("flops")[0] for a in mine for b in theirs]
            c.factor(found["f"], [r if side == FASTER else 1 / r for r in ratios], f"best rate in {dtype}")


def check_tf32(m: re.Match, c: Context) -> None:
    device = c.device(m["dev"])
    recorded = c.oracle.environment.get(device, {}).get("matmul_allow_tf32")
    if device != "cuda" or recorded is None:
        c.fail(f"TF32 said of the {m['dev']}, whose environment records no matmul_allow_tf32")
        return
    if (m["state"] == "on") != (m["flag"] == "True") or (m["flag"] == "True") != bool(recorded):
        c.fail(f"TF32 {m['state']} / allow_tf32 was {m['flag']}, but the environment recorded {recorded}")


def check_conv_tf32(m: re.Match, c: Context) -> None:
    device = c.device(m["dev"])
    recorded = c.oracle.environment.get(device, {}).get("cudnn_allow_tf32")
    if device != "cuda" or recorded is None:
        c.fail(f"cuDNN's TF32 said of the {m['dev']}, whose environment records no cudnn_allow_tf32")
    elif (m["flag"] == "True") != bool(recorded) or ("allowed" in m[0]) != bool(recorded):
        c.fail(f"cuDNN TF32 {m['flag']}, but the environment recorded {recorded}")
    elif not c.oracle.timed("train_step", "cuda"):
        c.fail("cuDNN's TF32 said of a training step the CUDA GPU did not measure")


HALF_CLAUSE = [
    re.compile(rf"(?P<d>{DTYPE}) is faster(?: at every one of them, m = (?P<list>{LIST}))? \((?P<f>{N})× faster at "
               rf"m = (?P<at>{N})\)"),
    re.compile(rf"(?P<d>{DTYPE}) is slower(?: at every one of them, m = (?P<list>{LIST}))? \(float32 is (?P<f>{N})× "
               rf"faster at m = (?P<at>{N})\)"),
    re.compile(rf"(?P<d>{DTYPE}) is neither faster nor slower beyond noise(?: \(at m = (?P<at>{N})\)| at every one of "
               rf"them, m = (?P<list>{LIST}))"),
    re.compile(rf"(?P<d>{DTYPE}) is faster only at m = (?P<wins>(?:{LIST})?)(?: and slower at m = "
               rf"(?P<slower>{LIST}))? \(of m = (?P<list>{LIST})\)"),
    re.compile(rf"(?P<d>{DTYPE}) is faster at none of m = (?P<list>{LIST}) \(slower at m = (?P<losses>{LIST}), level "
               rf"at the others\)"),
]


def check_cpu_halves(m: re.Match, c: Context) -> None:
    seen = set()
    for clause in _clauses(m["clauses"], rf"{DTYPE} is "):
        found = _form(HALF_CLAUSE, clause, c)
        if found is None:
            continue
        seen.add(found["d"])
        values = found.groupdict()
        if values.get("wins") is None and values.get("losses") is None:
            values["side"] = SAME if "beyond noise" in clause else SLOWER if "slower" in clause else FASTER
        _same_sizes(c, c.oracle.halves(found["d"]), _Found(found, values), f"CPU {found['d']} against float32")
    for dtype in HALVES:
        if dtype not in seen and c.oracle.halves(dtype).common():
            c.fail(f"the CPU measured {dtype} and float32 at m = {c.oracle.halves(dtype).common()}, unsaid")


def check_cpu_halves_none(m: re.Match, c: Context) -> None:
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
            found[dtype] = (any(pairs.can_be(FASTER, s) for s in pairs.common()),
                            any(pairs.must_be(FASTER, s) for s in pairs.common()))
    return found


def check_cpu_rule(m: re.Match, c: Context) -> None:
    found = _pays_off(c)
    if not found:
        c.fail("a rule about half precision, but no half precision shares a size with float32 on the CPU")
    named = set(re.findall(DTYPE, m["dtypes"] or ""))
    for dtype, (can, must) in found.items():
        if dtype in named and not can:
            c.fail(f"'{dtype} can pay off', but it is faster than float32 at no size")
        if dtype not in named and must:
            c.fail(f"{'stay with float32' if m['stay'] else 'the rule'} leaves out {dtype}, faster than float32 at "
                   f"some size ({c.oracle.halves(dtype).common()})")
    for dtype in named - set(found):
        c.fail(f"'{dtype} can pay off', but it was not measured beside float32")


def check_cpu_rule_alone(m: re.Match, c: Context) -> None:
    if any(c.oracle.halves(d).common() for d in HALVES):
        c.fail("'the CPU measured float32 alone', but it measured a half precision at a size of float32's")


def check_cpu_rule_unmeasured(m: re.Match, c: Context) -> None:
    if c.oracle.timed("matmul", "cpu", dtype="float32"):
        c.fail("'no float32 matrix product was measured well on the CPU', but one was")


# -- training, correctness, counts -----------------------------------------------------------------

def check_train(m: re.Match, c: Context) -> None:
    pairs = c.oracle.compare("train_step")
    at, how, factor = size(m["b"]), m["how"] or m["how2"], m["f1"] or m["f2"]
    side = {"faster": FASTER, "slower": SLOWER}.get(how, SAME)
    c.side(side, pairs, at, f"batch {at:,}")
    _pair_times(c, "train_step", at, m["acc"], m["cpu"])
    if factor:
        c.winner_factor(side, pairs, at, factor, f"batch {at:,}")


def check_train_also(m: re.Match, c: Context) -> None:
    pairs, at = c.oracle.compare("train_step"), size(m["b"])
    side = FASTER if m["fast"] else SLOWER if m["slow"] else SAME
    c.side(side, pairs, at, f"batch {at:,}")
    if m["fast"] or m["slow"]:
        c.winner_factor(side, pairs, at, m["fast"] or m["slow"], f"batch {at:,}")


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


#: The kinds of points a list of them names (``point.*`` of the catalog).
POINTS = re.compile(rf"(?P<what>B @ a|A @ B in (?P<dtype>{DTYPE})|the copy of|the training step) (?:at )?(?:m =|n =|"
                    rf"batch) (?P<list>{LIST}) on the (?P<dev>{DEV})")
POINT_WORKLOADS = {"B @ a": "matvec", "the copy of": "copy", "the training step": "train_step"}
#: The points of the chapter on language models, as such a list names them.
POINTS_MORE = re.compile(rf"(?:the chain of (?P<ops>{LIST}) small operations|attention in (?P<dtype>{DTYPE}) at "
                         rf"(?P<att>{LIST}) positions|the decode step of width (?P<width>{LIST})) on the "
                         rf"(?P<dev>{DEV})")


def check_failed_count(m: re.Match, c: Context) -> None:
    failed = [p for p in c.oracle.results.points if p.status == "ok" and p.check == "failed"]
    if size(m["n"]) != len(failed):
        c.fail(f"{m['n']} failed their check, but {len(failed)} points did")
    named = set()
    for found in POINTS.finditer(m["where"]):
        workload = POINT_WORKLOADS.get(found["what"], "matmul")
        for at in sizes(found["list"]):
            named.add((workload, c.device(found["dev"]), found["dtype"] if workload == "matmul" else None, at))
    for found in POINTS_MORE.finditer(m["where"]):
        workload = "op_chain" if found["ops"] else "attention" if found["att"] else "decode"
        for at in sizes(found["ops"] or found["att"] or found["width"]):
            named.add((workload, c.device(found["dev"]), found["dtype"] if workload == "attention" else None, at))
    real = {(p.workload, p.device, p.params.get("dtype") if p.workload in ("matmul", "attention") else None,
             int(p.params.get(SIZE_KEYS.get(p.workload, "m"), 0))) for p in failed}
    if named != real and not re.search(r"\d+ more kinds?", m["where"]):
        c.fail(f"the points named, {sorted(named)}, are not those that failed, {sorted(real)}")


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
        rates = [r for rs in o.rates("matvec", "cpu", "bytes_moved").values() for r in rs]
        c.quantity(found["r"], [max(rates, default=math.nan)], "the CPU's best B @ a")
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


def check_measured(m: re.Match, c: Context) -> None:
    points = c.oracle.results.points
    if size(m["n"]) != len(points):
        c.fail(f"{m['n']} points, but the set has {len(points)}")
    statuses = {"were not supported": lambda p: p.status == "unsupported",
                "was not supported": lambda p: p.status == "unsupported",
                "failed its correctness check": lambda p: p.status == "ok" and p.check == "failed",
                "failed their correctness check": lambda p: p.status == "ok" and p.check == "failed",
                "did not fit in memory": lambda p: p.status == "out_of_memory",
                "failed with an error": lambda p: p.status == "error",
                "stopped at the time limit per point": lambda p: p.status == "timeout"}
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
    listed = re.findall(rf"For .+?, the synchronised timer read ({N}) times what .+? measured, and their intervals "
                        rf"lay ({N})% apart\.", m["list"])
    if len(listed) != size(m["outside"]):
        c.fail(f"{m['outside']} comparisons said to fall outside, {len(listed)} listed")
    if size(m["outside"]) > size(m["rows"]):
        c.fail(f"{m['outside']} of {m['rows']}")
    for ratio, gap in listed:
        printed = Printed.parse(ratio)
        # Intervals further apart than the tolerance put the medians' ratio outside it too.
        if 1 / (1 + tolerance) - printed.unit / 2 <= printed.value <= 1 + tolerance + printed.unit / 2:
            c.fail(f"ratio printed {ratio} against ±{m['t']}%: as printed it cannot show it is outside")
        if Printed.parse(gap).value <= 100 * tolerance:
            c.fail(f"intervals {gap}% apart said to fall outside ±{m['t']}%")


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


def check_processes_one(m: re.Match, c: Context) -> None:
    several = _several(c, None)
    if several:
        c.fail(f"'measured in one process', but {len(several)} points were measured in several")


POINT_NAMED = [
    ("matvec", rf"B @ a at m = (?P<size>{N}) on the (?P<dev>{DEV})"),
    ("matmul", rf"A @ B in (?P<dtype>{DTYPE}) at m = (?P<size>{N}) on the (?P<dev>{DEV})"),
    ("copy", rf"the copy of n = (?P<size>{N}) on the (?P<dev>{DEV})"),
    ("train_step", rf"the training step at batch (?P<size>{N}) on the (?P<dev>{DEV})"),
    ("op_chain", rf"the chain of (?P<size>{N}) small operations on the (?P<dev>{DEV})"),
    ("attention", rf"attention in (?P<dtype>{DTYPE}) at (?P<size>{N}) positions on the (?P<dev>{DEV})"),
    ("decode", rf"the decode step of width (?P<size>{N}) on the (?P<dev>{DEV})"),
]


def _named_points(text: str, candidates: Iterable[Point]) -> list[Point]:
    """The points a description such as "B @ a at m = 4,096 on the CPU" may mean (any suite or method)."""
    for workload, pattern in POINT_NAMED:
        found = re.fullmatch(pattern, text)
        if found:
            dtype = found.groupdict().get("dtype")
            return [p for p in candidates if p.workload == workload and p.device == DEVICE_NAMES[found["dev"]]
                    and p.params.get(SIZE_KEYS[workload]) == size(found["size"])
                    and (dtype is None or p.params.get("dtype") == dtype)]
    return []


def _printed_as(printed: str, value: float) -> bool:
    shown = Printed.parse(printed)
    return abs(shown.value - value) <= shown.unit / 2 + 1e-9 * max(1.0, abs(value))


def check_processes(m: re.Match, c: Context) -> None:
    several = _several(c)
    counts = {len([g for g in p.processes if g]) for p, _, _ in several}
    if counts != {size(m["p"])}:
        c.fail(f"'measured in {m['p']} fresh processes', but the points were measured in {sorted(counts)}")
    if size(m["n"]) != len(several):
        c.fail(f"'the median of {m['n']}', but {len(several)} points were measured in several processes")
    shares = [share for _, share, _ in several]
    if shares and not _printed_as(m["share"], 100 * statistics.median(shares)):
        c.fail(f"typical share {m['share']}%, but the median of the points' shares is "
               f"{100 * statistics.median(shares):.3g}%")
    above = [(p, share, spread) for p, share, spread in several if share > 0.5]
    if m["none"]:
        if above:
            c.fail(f"'for no point was it more than half', but {len(above)} points have more: "
                   + ", ".join(f"{_name(p)} {share:.0%}" for p, share, _ in above))
        return
    items = re.findall(rf"(.+?) \(({N})% between processes; its slowest process took ({N})× as long as its "
                       rf"fastest\)(?:, and |, | and |$)", m["most"])
    if not items:
        c.fail(f"the points the process mattered most for cannot be read: {m['most']!r}")
    named: list[tuple[Point, float, float]] = []
    for text, share, spread in items:
        fits = [(p, s_, f_) for p, s_, f_ in above if p in _named_points(text, [q for q, _, _ in above])
                and _printed_as(share, 100 * s_) and _printed_as(spread, f_)]
        if not fits:
            c.fail(f"{text}: no point measured in several processes has more than half its spread between them "
                   f"with {share}% and {spread}×")
        named += fits[:1]
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


def check_no_apple_gpu(m: re.Match, c: Context) -> None:
    if _has_mps(c):
        c.fail("'built on a machine without an Apple GPU', but the build has the MPS device")
    raw = str(c.oracle.results.environment.get("cpu"))
    if m["cpu"] != " ".join(re.sub(r"\((?:R|TM)\)", " ", raw, flags=re.IGNORECASE).split()):
        c.fail(f"its CPU {m['cpu']!r}, but the environment says {c.oracle.results.environment.get('cpu')!r}")


def check_cited_copies(m: re.Match, c: Context) -> None:
    rows = _csv("cited_measurements.csv")
    if size(m["rows"]) != len(rows) or size(m["chips"]) != len({r["chip"] for r in rows}):
        c.fail(f"{m['rows']} measurements of {m['chips']} chips, but the file has {len(rows)} rows of "
               f"{len({r['chip'] for r in rows})} chips")
    copies = sorted(_mps_copies(), key=lambda r: float(r["value"]))
    if not copies:
        c.fail("a cited copy range, but no PyTorch MPS copy is cited")
        return
    for side, row in (("low", copies[0]), ("high", copies[-1])):
        if float(m[side]) != float(row["value"]) or m[f"{side}_chip"] != row["chip"]:
            c.fail(f"{side} {m[side]} GB/s on the {m[side + '_chip']}, but the file's {side}est is {row['value']} on "
                   f"the {row['chip']}")
    if m["source"] not in copies[-1]["source_url"]:
        c.fail(f"source {m['source']}, but the highest copy comes from {copies[-1]['source_url']}")


def check_this_mac(m: re.Match, c: Context) -> None:
    env = c.oracle.results.environment
    chip = (env.get("mac") or {}).get("chip") or env.get("cpu")
    if not _has_mps(c) or m["chip"] != chip:
        c.fail(f"'ran on the {m['chip']}' with its GPU, but the build's chip is {chip!r} (MPS: {_has_mps(c)})")
    same = [r for r in _csv("cited_measurements.csv") if r["chip"] == m["chip"] and r["framework"] == "PyTorch MPS"]
    if m["none"]:
        if same:
            c.fail(f"'no published measurement', but {len(same)} are cited for the {m['chip']}")
        return
    if size(m["n"]) != len(same):
        c.fail(f"{m['n']} figures of PyTorch on its GPU, but {len(same)} are cited for the {m['chip']}")
    copies = _mps_copies(m["chip"])
    if m["copy"] and (not copies or float(m["copy"]) != max(float(r["value"]) for r in copies)):
        c.fail(f"their best copy {m['copy']} GB/s, but the cited copies are {[r['value'] for r in copies]}")
    if m["mine"]:
        rates = [t.rate("bytes_moved")[0] / 1e9 for ts in c.oracle.timed("copy", "mps").values() for t in ts]
        if not any(Printed.parse(m["mine"]).matches(r) for r in rates) or \
                Printed.parse(m["mine"]).below(max(rates, default=0.0)):
            c.fail(f"this build's copy reached {m['mine']} GB/s, but its copies read {_fmt(rates)} GB/s")


def check_spec_summary(m: re.Match, c: Context) -> None:
    spec = _csv("apple_chips.csv")
    names = list(dict.fromkeys(r["chip"] for r in spec))
    cited_chips = {r["chip"] for r in _csv("cited_measurements.csv")}
    found = {"chips": len(names), "variants": len(spec), "measured": len(cited_chips & set(names)),
             "rows": len(_csv("cited_measurements.csv")),
             "sources": len({"/".join(r["source_url"].split("/")[3:5]) for r in _csv("cited_measurements.csv")})}
    for key, value in found.items():
        if size(m[key]) != value:
            c.fail(f"{key}: {m[key]} said, {value} in the files")
    if (m["first"], m["last"]) != (names[0], names[-1]):
        c.fail(f"from the {m['first']} to the {m['last']}, but the spec sheet runs from {names[0]} to {names[-1]}")


def check_spec_arithmetic(m: re.Match, c: Context) -> None:
    rows = [r for r in _csv("apple_chips.csv") if r["chip"] == m["chip"]]
    bandwidths = {float(r["bandwidth_gb_s"]) for r in rows}
    if float(m["bw"].replace(",", "")) not in bandwidths or any(r["bandwidth_kind"] != "apple" for r in rows):
        c.fail(f"{m['chip']} at {m['bw']} GB/s 'by Apple's spec sheet', but the file has {rows and bandwidths}")
        return
    bw = float(m["bw"].replace(",", "")) * 1e9
    at = size(m["m"])
    moved = 4.0 * (at * at + 2 * at)
    checks = [("moved", m["moved"], moved / 1e6), ("weights", m["weights"], 14.0), ("tokens", m["tokens"], bw / 14e9)]
    for name, printed, value in checks:
        if not Printed.parse(printed).matches(value):
            c.fail(f"{name} printed {printed}, the arithmetic gives {value:.4g}")
    if not Printed.parse(m["least"]).matches(moved / bw):
        c.fail(f"least time printed {m['least']}, the arithmetic gives {moved / bw:.4g} s")
    memory = {r["max_memory_gb"] for r in rows}
    if {m["memory"].replace(",", "").removesuffix(".0")} != memory:
        c.fail(f"its memory {m['memory']} GB, but the spec sheet gives {memory}")


# -- language models: the cost of one operation, attention, the decode step --------------------------

#: The en catalog's names of the attention backends (backend.*), back to their codes.
BACKEND_NAMES = {text: name for name, text in _EN["backend"].items() if name != "select"}
#: Decimal units of the bytes a decode step reads per token.
_DECIMAL = "kB MB GB TB".split()
#: What limits a decode step: it reached at least this share of its bound (bandwidth), or its operations' fixed
#: cost is at least this share of its time (overhead); neither.
HALF = 0.5


def _decimal_bytes(text: str) -> tuple[Printed, float]:
    value, unit = text.split()
    return Printed.parse(value), 1000.0 ** (_DECIMAL.index(unit) + 1)


def _percent(c: Context, printed: str, fractions: Iterable[float], where: str) -> None:
    c.quantity(printed, [100 * f for f in fractions], where)


def _values(timed: Iterable[Timed]) -> list[float]:
    """Every reading's value of these points (see :meth:`Timed.readings`)."""
    return [r.median for t in timed for r in t.readings()]


def _op_values(c: Context, device: str) -> list[float]:
    """One operation's cost on ``device``: every reading of a chain of operations, over its operations."""
    return [r.median / ops for ops, ts in c.oracle.timed("op_chain", device).items() for t in ts
            for r in t.readings()]


def check_op_costs(m: re.Match, c: Context) -> None:
    named = set()
    for found in re.finditer(rf"(?P<cost>{TIME}) on the (?P<dev>{DEV})", m["costs"]):
        device = c.device(found["dev"])
        named.add(device)
        c.quantity(found["cost"], _op_values(c, device), f"one operation on the {found['dev']}")
    measured = {p.device for p in (t.point for t in c.oracle.good) if p.workload == "op_chain"}
    if named != measured:
        c.fail(f"the costs name {sorted(named)}, but the chain was measured well on {sorted(measured)}")
    chains = [t.point for t in c.oracle.good if t.point.workload == "op_chain"]
    if not any(p.params.get("ops") == size(m["ops"]) and p.params.get("n") == size(m["n"]) for p in chains):
        c.fail(f"no chain of {m['ops']} additions on {m['n']} values was measured")


def check_op_reason(m: re.Match, c: Context) -> None:
    if m["cpu2"]:
        c.quantity(m["cpu2"], _op_values(c, "cpu"), "one operation on the CPU")
        return
    c.quantity(m["acc"], _op_values(c, c.device(m["dev"])), f"one operation on the {m['dev']}")
    c.quantity(m["cpu"], _op_values(c, "cpu"), "one operation on the CPU")


ATTENTION_RATE = re.compile(rf"(?P<r>{RATE}) in (?P<dtype>{DTYPE}) \((?P<seq>{N}) positions, head size (?P<dim>{N})"
                            rf"(?:; its best (?P=dtype) matrix product reached (?P<mm>{RATE}) at m = (?P<m>{N}))?\)")


def _attention_points(c: Context, device: str) -> list[Timed]:
    return [t for t in c.oracle.good if t.point.workload == "attention" and t.point.device == device
            and t.point.method == "engine"]


def check_attention_best(m: re.Match, c: Context) -> None:
    device = c.device(m["dev"])
    listed = set()
    for found in ATTENTION_RATE.finditer(m["rates"]):
        dtype, where = found["dtype"], f"attention in {found['dtype']} on the {m['dev']}"
        listed.add(dtype)
        best = c.oracle.best("attention", device, "flops", dtype=dtype)
        at = [t for t in best if t.point.params.get("seq") == size(found["seq"])
              and t.point.params.get("head_dim") == size(found["dim"])]
        if not at:
            c.fail(f"{where}: its best rate is not at {found['seq']} positions, head size {found['dim']} "
                   f"({[(t.point.params['seq'], t.point.params['head_dim']) for t in best]})")
        c.quantity(found["r"], [t.rate("flops")[0] for t in at], where)
        if found["mm"]:
            products = [t for t in c.oracle.best("matmul", device, "flops", dtype=dtype)
                        if t.point.params.get("m") == size(found["m"])]
            if not products:
                c.fail(f"{where}: the best {dtype} matrix product on the {m['dev']} is not at m = {found['m']}")
            c.quantity(found["mm"], [t.rate("flops")[0] for t in products], f"best {dtype} A @ B on the {m['dev']}")
    measured = {str(t.point.params.get("dtype")) for t in _attention_points(c, device)}
    if listed != measured:
        c.fail(f"the rates name {sorted(listed)}, but attention was measured well in {sorted(measured)}")


def _backends(c: Context, device: str) -> dict[str, int]:
    counted: dict[str, int] = {}
    for t in _attention_points(c, device):
        name = str(t.point.detail.get("backend", "unknown"))
        counted[name] = counted.get(name, 0) + 1
    return counted


def check_attention_backend(m: re.Match, c: Context) -> None:
    counted = _backends(c, c.device(m["dev"]))
    n = 1 if m["one"] else size(m["n"])
    code = BACKEND_NAMES.get(m["backend"], m["backend"])
    if counted != {code: n}:
        c.fail(f"'its {m['backend']} kernel for every one of {n}', but the points say {counted}")


def check_attention_backends(m: re.Match, c: Context) -> None:
    counted = _backends(c, c.device(m["dev"]))
    said = {BACKEND_NAMES.get(name, name): size(n) for name, n in re.findall(rf"its (.+?) kernel for ({N})",
                                                                             m["choices"])}
    if said != counted or sum(counted.values()) != size(m["total"]):
        c.fail(f"backends {said} of {m['total']}, but the points say {counted}")


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


def check_attention_compared(m: re.Match, c: Context) -> None:
    dtype = m["dtype"]
    calls = _calls(c, dtype)
    if not calls:
        c.fail(f"no attention call in {dtype} measured well on both")
        return
    if m["how"] or m["level"]:
        side = {"faster": FASTER, "slower": SLOWER}.get(m["how"] or "", SAME)
        for seq, dim, pairs in calls:
            c.side(side, pairs, seq, f"attention {dtype} at {seq:,} positions, head size {dim}")
        if m["how"]:
            at, dim = size(m["seq"]), size(m["dim"])
            pairs = next((p for s, d, p in calls if s == at and d == dim), None)
            if pairs is None:
                c.fail(f"{at:,} positions with head size {dim} was not measured on both")
                return
            printed = m["f"] or m["f2"]
            c.winner_factor(side, pairs, at, printed, f"attention at {at:,} positions")
            c.up_to(printed, [p.advantages(side, s) for s, _, p in calls], f"attention in {dtype}")
        return
    said_faster = {(size(s), size(d)) for s, d in re.findall(rf"({N}) positions with head size ({N})",
                                                             m["faster"] or "")}
    said_other = {(size(s), size(d)) for s, d in re.findall(rf"({N}) positions with head size ({N})",
                                                            m["other"] or m["rest"] or "")}
    every = {(s, d) for s, d, _ in calls}
    if said_faster | said_other != every or said_faster & said_other:
        c.fail(f"the calls named, {sorted(said_faster)} and {sorted(said_other)}, are not the {sorted(every)} "
               f"measured on both, each once")
    for seq, dim, pairs in calls:
        if (seq, dim) in said_faster and not pairs.can_be(FASTER, seq):
            c.fail(f"'faster at {seq:,} positions, head size {dim}', but {pairs.evidence(seq)}")
        if (seq, dim) in said_other and pairs.must_be(FASTER, seq):
            c.fail(f"'not faster at {seq:,} positions, head size {dim}', but every pair says faster")


def check_attention_none_common(m: re.Match, c: Context) -> None:
    if _calls(c, m["dtype"]):
        c.fail(f"'no attention call in {m['dtype']} in common', but {len(_calls(c, m['dtype']))} were")


def check_attention_rule(m: re.Match, c: Context) -> None:
    dtype = m["dtype"] or m["dtype2"] or m["dtype3"]
    calls = _calls(c, dtype)
    if not calls:
        c.fail(f"a rule for attention in {dtype}, but no call was measured on both")
        return
    if m["mixed"]:
        for side in (FASTER, SLOWER, SAME):
            if all(p.must_be(side, s) for s, _, p in calls):
                c.fail(f"'which device wins depends', but every call is {side}")
        return
    side = FASTER if m["faster"] else SLOWER if m["slower"] else SAME
    for seq, dim, pairs in calls:
        c.side(side, pairs, seq, f"attention {dtype} at {seq:,} positions, head size {dim}")


def _decoder_parameters(params: Mapping) -> int:
    """Every weight of a decoder with these parameters, counted plainly: embedding table and output layer, and per
    layer the query, key, value and output projections, the three MLP matrices and two norms; the final norm."""
    d, kv = int(params["d_model"]), int(params["kv_heads"]) * int(params["d_model"]) // int(params["heads"])
    layer = d * d + d * kv + d * kv + d * d + 3 * d * int(params["ffn"]) + 2 * d
    return 2 * int(params["vocab"]) * d + int(params["layers"]) * layer + d


def _steps(c: Context, device: str, mode: str) -> list[Timed]:
    return [t for ts in c.oracle.timed("decode", device, mode=mode).values() for t in ts]


def _memory_rates(c: Context, device: str) -> list[float]:
    """The B @ a rate a bound is read at: the best beyond the device's cache where the cache is known and a
    matrix exceeded it, else the largest matrix's (each point's value)."""
    o = c.oracle
    cache = o.cache.get(device)
    measured = o.timed("matvec", device)
    beyond = {s: ts for s, ts in measured.items() if isinstance(cache, int) and cache > 0
              and all(t.point.bytes_moved > cache for t in ts)}
    if beyond:
        rates = [t.rate("bytes_moved")[0] for ts in beyond.values() for t in ts]
        top = max(rates)
        return [r for r in rates if r >= top * (1 - 1e-12)]
    if not measured:
        return []
    return [t.rate("bytes_moved")[0] for t in measured[max(measured)]]


def _shares(c: Context, device: str, steps: list[Timed]) -> list[float]:
    """Tokens per second over the bound, for every reading of ``steps`` and every rate the bound may use."""
    return [(1 / value) / (rate / t.point.bytes_moved) for t in steps for value in _values([t])
            for rate in _memory_rates(c, device)]


def _limits(c: Context, device: str) -> set[str]:
    """What may limit the eager step on ``device``, over every pair of readings (share of the bound, operations'
    cost against the step's time)."""
    steps = _steps(c, device, "eager")
    costs = _op_values(c, device)
    found = set()
    for t in steps:
        ops = t.point.detail.get("ops_per_call")
        for value in _values([t]):
            for rate in _memory_rates(c, device):
                if (1 / value) / (rate / t.point.bytes_moved) >= HALF:
                    found.add("bandwidth")
                    continue
                for cost in costs:
                    if isinstance(ops, int):
                        found.add("overhead" if ops * cost >= HALF * value else "neither")
    return found


def _model(c: Context, m: re.Match, point: Point) -> None:
    scale = 1e9 if m["unit"] == "billion" else 1e6
    c.quantity(m["params"], [_decoder_parameters(point.params) / scale], "the decoder's parameters")


def check_decode(m: re.Match, c: Context) -> None:
    device = c.device(m["dev"])
    steps = _steps(c, device, "eager")
    if not steps:
        c.fail(f"no eager decode step measured well on the {m['dev']}")
        return
    point = steps[0].point
    _model(c, m, point)
    if point.params.get("dtype") != m["dtype"] or point.params.get("context") != size(m["ctx"]):
        c.fail(f"the step ran in {point.params.get('dtype')} at context {point.params.get('context')}")
    c.quantity(m["tokens"], [1 / v for v in _values(steps)], f"tokens per second on the {m['dev']}")
    c.quantity(m["time"], _values(steps), f"one token on the {m['dev']}")


def _bound(c: Context, m: re.Match, device: str, steps: list[Timed]) -> None:
    """The bound's arithmetic: bytes per token, the rate, the bound, the share reached."""
    point = steps[0].point
    printed, scale = _decimal_bytes(m["bytes"])
    if not printed.matches(point.bytes_moved / scale):
        c.fail(f"{m['bytes']} per token, but the step reads {point.bytes_moved:.4g} bytes")
    if m["b2"] != m["bytes"] or (m.groupdict().get("r2") and m["r2"] != m["r"]):
        c.fail("the division does not use the quoted rate and bytes")
    rates = c.tied(m["r"], _memory_rates(c, device), f"the B @ a rate a bound on the {m['dev']} is read at")
    if m.groupdict().get("m"):
        at = c.oracle.timed("matvec", device).get(size(m["m"]), [])
        if not any(Printed.parse(m["r"]).matches(t.rate("bytes_moved")[0]) for t in at):
            c.fail(f"{m['r']} is not the rate of B @ a at m = {m['m']} on the {m['dev']}")
    c.quantity(m["bound"], [r / point.bytes_moved for r in rates], "the bound in tokens per second")
    _percent(c, m["share"], [(1 / v) / (r / point.bytes_moved) for v in _values(steps) for r in rates],
             "the share of the bound")


def check_decode_bound(m: re.Match, c: Context) -> None:
    device = c.device(m["dev"])
    steps = _steps(c, device, "eager")
    if not steps:
        c.fail(f"a bound for a step never measured well on the {m['dev']}")
        return
    _bound(c, m, device, steps)


def check_decode_limit(m: re.Match, c: Context) -> None:
    device = c.device(m["dev"] or m["dev2"])
    steps = _steps(c, device, "eager")
    if not steps:
        c.fail("no eager step to explain")
        return
    ops = steps[0].point.detail.get("ops_per_call")
    if ops != size(m["ops"]):
        c.fail(f"{m['ops']} operations, but the step recorded {ops}")
    costs = c.tied(m["cost"], _op_values(c, device), "one operation's cost")
    c.quantity(m["total"], [size(m["ops"]) * cost for cost in costs], "operations × cost")
    c.quantity(m["time"], _values(steps), "the eager step")
    claimed = "overhead" if m["overhead"] else "neither"
    found = _limits(c, device)
    if claimed not in found:
        c.fail(f"'{claimed}' limits the step, but the readings allow only {sorted(found)}")


def check_decode_bandwidth(m: re.Match, c: Context) -> None:
    found = _limits(c, c.device(m["dev"]))
    if "bandwidth" not in found:
        c.fail(f"'bandwidth limits it', but no reading reaches half the bound ({sorted(found)})")


def check_decode_graph(m: re.Match, c: Context) -> None:
    device = c.oracle.accelerator
    graphs, steps = _steps(c, device or "", "graph"), _steps(c, device or "", "eager")
    if not graphs or not steps:
        c.fail("a replayed step, but no replayed and eager step were both measured well")
        return
    how = {"Replayed as a CUDA graph": "cuda_graph", "Compiled with torch.compile": "torch_compile"}[m["how"]]
    if graphs[0].point.detail.get("overhead_removed_by") != how:
        c.fail(f"replayed {m['how']}, but the point says {graphs[0].point.detail.get('overhead_removed_by')}")
    c.quantity(m["tokens"] or m["tokens2"], [1 / v for v in _values(graphs)], "replayed tokens per second")
    sides = {direction(e, g) for te in steps for tg in graphs for e in te.readings() for g in tg.readings()}
    side = FASTER if m["faster"] else SLOWER if m["slower"] else SAME
    if side not in sides:
        c.fail(f"the replay '{side}' than eager, but the readings say {sorted(sides)}")
    if m["f"] or m["f2"]:
        ratios = [e.median / g.median for te in steps for tg in graphs for e in te.readings() for g in tg.readings()]
        c.factor(m["f"] or m["f2"], ratios if side == FASTER else [1 / r for r in ratios], "replay against eager")
    if m["share"]:
        _percent(c, m["share"], _shares(c, device or "", graphs), "the replay's share of the bound")


def check_decode_missing(m: re.Match, c: Context) -> None:
    if _steps(c, c.device(m["dev"]), "eager"):
        c.fail(f"'not measured', but the {m['dev']} has a good eager step")


def check_decode_answer(m: re.Match, c: Context) -> None:
    device, wanted = c.device(m["dev"]), _answered(c)
    if device != wanted:
        c.fail(f"the answer quotes the {m['dev']}'s step, but the {wanted}'s was measured beside a bound")
    steps = _steps(c, device, "eager")
    if not steps:
        c.fail(f"no eager step on the {m['dev']}")
        return
    _model(c, m, steps[0].point)
    c.quantity(m["tokens"], [1 / v for v in _values(steps)], "tokens per second")
    _bound(c, m, device, steps)
    rest = m["rest"]
    claimed = ("overhead" if "fixed cost of each call" in rest else "bandwidth" if "bandwidth accounts for most" in rest
               else "neither" if "neither" in rest else None)
    found = _limits(c, device)
    if claimed is None and found:
        c.fail(f"the answer says nothing of what limits the step, but the readings allow {sorted(found)}")
    elif claimed is not None and claimed not in found:
        c.fail(f"the answer says '{claimed}', but the readings allow only {sorted(found)}")


def _answered(c: Context) -> str:
    """The device whose decode step the answer quotes: the accelerator where its eager step was measured well beside
    a bound, else the CPU."""
    o = c.oracle
    return o.accelerator if o.accelerator and _steps(c, o.accelerator, "eager") and _memory_rates(
        c, o.accelerator) else "cpu"


def check_decode_rule_none(m: re.Match, c: Context) -> None:
    device = _answered(c)
    if _limits(c, device):
        c.fail(f"'no rule', but the {device} has a decode step measured beside a bound and an operation's cost")


def check_decode_rule(m: re.Match, c: Context) -> None:
    device = c.device(m["dev"])
    if device != _answered(c):
        c.fail(f"the rule quotes the {m['dev']}'s step, but the answer's is the {_answered(c)}'s")
    claimed = {"the operations": "overhead", "the bytes per ": "bandwidth"}.get(m["what"][:14], "neither")
    found = _limits(c, device)
    if claimed not in found:
        c.fail(f"the rule says '{claimed}', but the readings allow only {sorted(found)}")
    _percent(c, m["share"], _shares(c, device, _steps(c, device, "eager")), "the share of the bound")


def check_code(m: re.Match, c: Context) -> None:
    c.fail(f"code in prose: {m[0]!r}")


# -- a chapter as a whole: what it must not leave out ------------------------------------------------

#: Which key of a chapter names which falls (B @ a's and the copy's beside bandwidth, A @ B's beside the rates).
FALLS_IN = {"bandwidth_sentence": ("matvec", "copy"), "peak_sentence": ("matmul",),
            "precision_sentence": ("matmul",)}
TF32_IN = ("peak_sentence", "precision_sentence")
#: Where a CUDA training step's cuDNN TF32 setting must be said.
CONV_TF32_IN = "train_sentence"


def chapter_failures(texts: Mapping[str, str], oracle: Oracle) -> list[Failure]:
    """Falls of more than half that every pair of points shows, left out of the key that must name them; a CUDA
    build's TF32 setting, left unsaid beside its matrix products."""
    failures = []
    for key, workloads in FALLS_IN.items():
        if key not in texts:
            continue
        named = set(_falls_named(texts[key]))
        left = [f for f in oracle.falls if f.workload in workloads and f.must and
                (f.workload, f.device, f.dtype, f.before) not in named]
        if left:
            failures.append(Failure(key, "every fall of more than half is named", texts[key][:80] + "…",
                                    tuple(f"a fall left out: {f}" for f in left)))
    recorded = oracle.environment.get("cuda", {}).get("matmul_allow_tf32")
    measured = oracle.accelerator == "cuda" and oracle.timed("matmul", "cuda", dtype="float32")
    for key in TF32_IN:
        if key in texts and recorded is not None and measured and "TF32" not in texts[key]:
            failures.append(Failure(key, "TF32 is said", texts[key][:80] + "…",
                                    (f"the CUDA build recorded matmul_allow_tf32 = {recorded}, unsaid",)))
    conv = oracle.environment.get("cuda", {}).get("cudnn_allow_tf32")
    if CONV_TF32_IN in texts and conv is not None and oracle.timed("train_step", "cuda") and \
            "cudnn.allow_tf32" not in texts[CONV_TF32_IN]:
        failures.append(Failure(CONV_TF32_IN, "cuDNN's TF32 is said", texts[CONV_TF32_IN][:80] + "…",
                                (f"the CUDA build recorded cudnn_allow_tf32 = {conv}, unsaid",)))
    return failures


#: A sentence that carries a number or a comparison must be read by some pattern.
_CLAIMING = re.compile(r"\d|faster|slower|nowhere|none of|level|as fast|agree|wins|beats|loses|falls|too short|"
                       r"too long|pay off|pays off|fits in|larger than|from memory")


def _sentences(text: str) -> list[tuple[int, int]]:
    spans, start = [], 0
    for m in re.finditer(r"(?<=[.!?])\s+(?=[A-Z])", text):
        spans.append((start, m.start()))
        start = m.end()
    spans.append((start, len(text)))
    return spans


def check_texts(texts: Mapping[str, str], results: ResultSet,
                claims: list[tuple[str, re.Pattern, Checker]] | None = None) -> tuple[list[Failure], int]:
    """(false claims, how many claims were read) of ``texts`` (key -> English text) against ``results``; with
    the whole table (``claims`` None), also what the chapter must not leave out (:func:`chapter_failures`)."""
    oracle = oracle_of(results)
    failures, read = [], 0
    for key, text in texts.items():
        for name, pattern, checker in CLAIMS if claims is None else claims:
            for m in pattern.finditer(text):
                read += 1
                context = Context(oracle, text)
                try:
                    checker(m, context)
                except (KeyError, ValueError, IndexError, TypeError, AttributeError) as error:
                    context.fail(f"could not be tied to points: {type(error).__name__}: {error}")
                if context.problems:
                    failures.append(Failure(key, name, m[0], tuple(context.problems)))
    if claims is None:
        failures += chapter_failures(texts, oracle)
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
#: The table compiled, each checker found by its name (here, or for the model's rows in tests/oracle_model.py).
CLAIMS: list[tuple[str, re.Pattern, Checker]] = [(name, re.compile(pattern),
                                                  globals().get(checker) or getattr(oracle_model, checker))
                                                 for name, pattern, checker in CLAIM_TABLE]
CLAIMS_BY_NAME = {name: pattern for name, pattern, _ in CLAIMS}
