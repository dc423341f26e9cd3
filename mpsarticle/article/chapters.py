"""The article's chapters, registered once: what each one glues.

A chapter is ``docs/en/<name>.md`` and ``docs/id/<name>.md``; :data:`CHAPTERS`
holds one :class:`Chapter` per name, in the article's order: the function
that gives its sentences by glue key (``sentences`` of its module in
:mod:`mpsarticle.article.sentences`, of the same name), the figures it glues
(``fig_<name>``, keys of :data:`mpsarticle.article.figures.files.FIGURES`),
the suites whose unmeasured points its ``gaps_sentence`` names, and what its
sentences need beyond this build's results (the selfcheck's rows, the
archive's machines). :class:`mpsarticle.page.Page` and the tests read the
chapters from here; a chapter file without an entry, or an entry without a
file, fails the tests. Nothing here imports matplotlib: the figures are named
here and drawn by the page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mpsarticle.article.gaps import gaps_sentence
from mpsarticle.article.sentences import (
    devices,
    index,
    llm,
    machines,
    matmul,
    matvec,
    method,
    timing,
    training,
    verdict,
    your_mac,
)
from mpsarticle.article.wording import Choice, Words
from mpsarticle.results.model import ResultSet
from mpsarticle.results.selfcheck import Row

__all__ = ["CHAPTERS", "CONTENTS_MARK", "TOC_MARK", "Chapter", "chapter_sentences", "contents", "toctree"]


@dataclass(frozen=True)
class Chapter:
    """One chapter: its sentences, its figures, the suites whose gaps it names, and the inputs it needs."""

    #: The chapter's values by glue key, from this build's results and a language's words (and ``rows`` where
    #: :attr:`needs_selfcheck`; ``labels``, ``skipped`` and ``archive`` where :attr:`needs_archive`).
    sentences: Callable[..., dict[str, str]]
    #: The figures it glues as ``fig_<name>``, by their names in :data:`mpsarticle.article.figures.files.FIGURES`.
    figures: tuple[str, ...] = ()
    #: The suites whose unmeasured points its ``gaps_sentence`` names (:func:`mpsarticle.article.gaps.gaps_sentence`);
    #: none: the chapter has no such sentence.
    gap_suites: tuple[str, ...] = ()
    #: Its sentences take this build's selfcheck rows (measured once per build).
    needs_selfcheck: bool = False
    #: Its sentences take the archive: the other machines' labels and results, and the files skipped.
    needs_archive: bool = False


#: The glued values that may be empty: a chapter's ``gaps_sentence`` when every one of its points was measured, the
#: method chapter's ``rejected_sentence`` when no device-event interval read zero or less, the matrix-product chapter's
#: ``best_sentence`` when no precision has a best rate on both devices and its ``peak_sentence`` when no CUDA GPU
#: recorded its TF32 setting and no accelerator's rate fell by half, the machines chapter's ``machines_drops_sentence``
#: and ``machines_twin_sentence`` when no archived rate fell and no archived machine looks like this one, an item of the
#: verdict chapter's list of rules that this build has nothing for, and the chapter "Your Mac"'s sentences behind two of
#: those rules when their figures are missing, its check of the predicted speed-ups when no chip has both published
#: rates and its sentence on the CPU's float16 rate when this build did not measure it, and on a build with no
#: accelerator the sentences that only an accelerator gives (the same-size products, attention against the CPU, the
#: table of ways to run a step and what it shows, longer contexts, float16 against bfloat16, memory against the CPU's),
#: which the opening and the chapter on devices say once,
#: the language-model chapter's ``decode_scope`` (what a build without one left untimed) and ``sections_none`` (which
#: sections it leaves without a result) on a build with an accelerator,
#: the verdict's ``reason_small_others`` when no chain of small additions was measured, its
#: ``answer_llm_arithmetic`` where every precision's products keep up with the bound on a language model and its
#: ``pace_sentence`` where no device read B @ a from a matrix too big for its caches beside a plain copy, the
#: matrix-vector chapter's ``steep_sentence`` when no doubling of m took clearly longer than its bytes grew, the timing
#: chapter's ``cpu_sentence`` on a build with only a CPU whose table shows the two timers apart at no size (said once,
#: at the blog post's sizes), the method chapter's ``duration_sentence`` when no point recorded how long it took, and
#: the matrix-vector chapter's ``alike_sentence`` on a build with an accelerator (or a CPU whose timers part) and
#: ``mark_sentence`` on one without (nothing to say; the page's style hides the empty paragraph or item), and the
#: language-model chapter's ``mlx_sentence`` on a build with neither an accelerator nor MLX (its ``decode_scope``
#: says both) and its ``prompt_legend`` where no prompt was read well (the table has no labels to explain). Every
#: other glued value says something.
MAY_BE_EMPTY = frozenset({"gaps_sentence", "rejected_sentence", "best_sentence", "peak_sentence",
                          "machines_drops_sentence", "machines_twin_sentence", "model_rule_fixed",
                          "model_rule_mac", "model_rule_batch", "model_rule_memory", "model_rule_text",
                          "model_batch_sentence", "model_decode_sentence", "same_sentence", "attention_compared",
                          "decode_scope", "sections_none", "ways_lead", "ways_sentence", "ways_bound", "bound_basis",
                          "contexts_sentence", "precision_sentence", "reason_large", "model_fit_replayed",
                          "reason_small_others", "model_speedup_sentence", "model_cpu_half",
                          "steep_sentence", "cpu_sentence", "duration_sentence", "answer_llm_arithmetic",
                          "alike_sentence", "mark_sentence", "unified_sentence", "answer_machine", "mlx_sentence",
                          "prompt_legend", "pace_sentence", "launch_sentence"})


def _nothing_measured(results: ResultSet, words: Words) -> dict[str, str]:
    """The introduction's: it points to the chapter on devices for the machine (the machine is described once)."""
    return {}


#: Every chapter, in the article's order, which is a reader's: the answer (the opening page), what to expect from
#: each Apple chip, the verdict, then the chapters that show how, and the method last. The opening page's table of
#: contents lists them from here (conf.py).
CHAPTERS: dict[str, Chapter] = {
    "index": Chapter(index.sentences, figures=("answer",)),
    "your_mac": Chapter(your_mac.sentences, figures=("mac_model", "your_mac_bandwidth")),
    "verdict": Chapter(verdict.sentences),
    "intro": Chapter(_nothing_measured),
    "devices": Chapter(devices.sentences),
    "matvec": Chapter(matvec.sentences, figures=("original", "original_engine", "time", "speedup", "bandwidth"),
                      gap_suites=("original", "matvec", "copy")),
    "timing": Chapter(timing.sentences, figures=("methods",)),
    "matmul": Chapter(matmul.sentences, figures=("matmul",), gap_suites=("matmul",)),
    "training": Chapter(training.sentences, figures=("train",), gap_suites=("train",)),
    "llm": Chapter(llm.sentences, figures=("decode",), gap_suites=("overhead", "attention", "decode")),
    "machines": Chapter(machines.sentences, figures=("machines_speedup", "machines_efficiency", "machines_train"),
                        needs_archive=True),
    "method": Chapter(method.sentences, needs_selfcheck=True),
}


#: What the opening page's table of contents holds in its source, for :func:`toctree` to replace.
TOC_MARK = "% the chapters, from mpsarticle.article.chapters.CHAPTERS"


def toctree(source: str) -> str:
    """``source`` (the opening page's) with :data:`TOC_MARK` replaced by every chapter but the opening page, in
    the article's order: conf.py does this as Sphinx reads the page, so that a new chapter is listed in one place."""
    return source.replace(TOC_MARK, "\n".join(name for name in CHAPTERS if name != "index"))


#: What the introduction holds in its source where it lists what each chapter measures, for :func:`contents`.
CONTENTS_MARK = "% what each chapter measures, from mpsarticle.article.chapters.CHAPTERS"


def contents(source: str, words: Words) -> str:
    """``source`` (the introduction's) with :data:`CONTENTS_MARK` replaced by one item per chapter after the
    introduction, in the article's order: a link and what the chapter measures (the ``contents`` message's form
    for the chapter, in its own catalog). conf.py does this as Sphinx reads the page; a chapter with no form
    stops the build, so a new chapter is described where its words are."""
    listed = [name for name in CHAPTERS if name not in ("index", "intro")]
    return source.replace(CONTENTS_MARK, "\n".join(
        f"- {{doc}}`{name}`: {words('contents', chapter=Choice(name))}" for name in listed))


def chapter_sentences(chapter: str, results: ResultSet, words: Words, *, rows: Sequence[Row] = (),
                      labels: Sequence[str] = (), skipped: Sequence[str] = (),
                      archive: Sequence[tuple[str, ResultSet]] = ()) -> dict[str, str]:
    """What ``chapter`` glues, then its ``gaps_sentence`` where it has one; ``rows`` reach a chapter that needs
    the selfcheck, ``labels``, ``skipped`` and ``archive`` one that needs the archive (the others ignore them)."""
    entry = CHAPTERS[chapter]
    extra: dict[str, object] = {}
    if entry.needs_selfcheck:
        extra["rows"] = rows
    if entry.needs_archive:
        extra.update(labels=labels, skipped=skipped, archive=archive)
    found = entry.sentences(results, words, **extra)
    if entry.gap_suites:
        found["gaps_sentence"] = gaps_sentence(results, words, entry.gap_suites)
    return found
