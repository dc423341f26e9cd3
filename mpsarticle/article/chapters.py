"""The article's chapters, registered once: what each one glues.

A chapter is ``docs/en/<name>.md`` and ``docs/id/<name>.md``; :data:`CHAPTERS`
holds one :class:`Chapter` per name, in the article's order: the function
that gives its sentences by glue key, the figures it glues (``fig_<name>``,
keys of :data:`mpsarticle.article.figures.files.FIGURES`), the suites whose
unmeasured points its ``gaps_sentence`` names, and what its sentences need
beyond this build's results (the selfcheck's rows, the archive's machines).
:class:`mpsarticle.page.Page` and the tests read the chapters from here; a
chapter file without an entry, or an entry without a file, fails the tests.

Each ``<chapter>_sentences`` only puts together sentences that
:mod:`mpsarticle.article.sentences` and :mod:`mpsarticle.article.answer` choose
from the findings. Nothing here imports matplotlib: the figures are named
here and drawn by the page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mpsarticle.analysis import findings as f
from mpsarticle.analysis.findings.common import present_accelerator
from mpsarticle.article import llm, mac_model, your_mac
from mpsarticle.article.answer import answer_sentences, reason_sentences
from mpsarticle.article.gaps import gaps_sentence
from mpsarticle.article.sentences import (
    bandwidth_sentences,
    check_sentence,
    conv_tf32_sentence,
    cpu_gap_sentence,
    cpu_half_sentence,
    crossover_sentence,
    default_sentence,
    hardware_sentence,
    idiom_sentence,
    machines_sentence,
    measured_sentence,
    naive_sentence,
    original_sentence,
    peak_sentence,
    post_sentence,
    processes_sentence,
    selfcheck_sentence,
    training_sentence,
)
from mpsarticle.article.wording import Words
from mpsarticle.results.model import ResultSet
from mpsarticle.results.selfcheck import Row

__all__ = ["CHAPTERS", "Chapter", "chapter_sentences"]


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


# -- each chapter's sentences ----------------------------------------------------------------

#: The glued values that may be empty: a chapter's ``gaps_sentence`` when every one of its points was measured
#: (nothing to say; the page's style hides the empty paragraph). Every other glued value says something.
MAY_BE_EMPTY = frozenset({"gaps_sentence"})

#: What the opening page states of the answer (a short answer; the rule of thumb and the bound on a
#: language model stand in the closing chapter, with the reasons).
INDEX_ANSWER = ("answer_lead", "answer_detail", "answer_caption")


def index_sentences(results: ResultSet, words: Words) -> dict[str, str]:
    answer = answer_sentences(results, words)
    return {"model_answer": mac_model.answer(results, words), **{key: answer[key] for key in INDEX_ANSWER},
            "answer_decode": llm.decode_answer(results, words)}


def your_mac_sentences(results: ResultSet, words: Words) -> dict[str, str]:
    return {**your_mac.chapter_sentences(results, words), "model_fit_sentence": mac_model.fit_sentences(results, words),
            "model_threshold_sentence": mac_model.threshold_sentences(results, words),
            "model_sources_sentence": mac_model.sources_sentences(results, words)}


def intro_sentences(results: ResultSet, words: Words) -> dict[str, str]:
    """Nothing measured: the introduction points to the chapter on devices for the machine (the machine is
    described once)."""
    return {}


def devices_sentences(results: ResultSet, words: Words) -> dict[str, str]:
    machine = f.machine(results)
    return {
        "hardware_sentence": hardware_sentence(results, words),
        "idiom_sentence": idiom_sentence(machine, words),
        "default_sentence": default_sentence(machine, words),
    }


def matvec_sentences(results: ResultSet, words: Words) -> dict[str, str]:
    return {
        "orig_sentence": original_sentence(f.original(results), words),
        "crossover_sentence": crossover_sentence(f.crossover(results), words),
        "bandwidth_sentence": " ".join(bandwidth_sentences(results, words)),
    }


def timing_sentences(results: ResultSet, words: Words) -> dict[str, str]:
    gaps = f.naive_gaps(results)
    machine = f.machine(results)
    return {"naive_sentence": naive_sentence(gaps, machine, words),
            "cpu_sentence": cpu_gap_sentence(gaps, words),
            "post_sentence": post_sentence(f.naive_timing(results), machine, words),
            "model_post_sentence": mac_model.post_sentence(results, words)}


def matmul_sentences(results: ResultSet, words: Words) -> dict[str, str]:
    found = f.matmul(results)
    return {"peak_sentence": peak_sentence(found, results, words),
            "cpu_half_sentence": cpu_half_sentence(found, words)}


def training_sentences(results: ResultSet, words: Words) -> dict[str, str]:
    return {"train_sentence": " ".join(filter(None, (training_sentence(f.training(results), words),
                                                     conv_tf32_sentence(results, words)))),
            "check_sentence": check_sentence(f.checks(results), results, words)}


def method_sentences(results: ResultSet, words: Words, rows: Sequence[Row]) -> dict[str, str]:
    return {"measured_sentence": measured_sentence(f.coverage(results), words),
            "processes_sentence": processes_sentence(f.processes(results), words),
            "selfcheck_sentence": selfcheck_sentence(f.selfcheck(rows), words)}


def machines_sentences(results: ResultSet, words: Words, labels: Sequence[str], skipped: Sequence[str],
                       archive: Sequence[tuple[str, ResultSet]] = ()) -> dict[str, str]:
    """The archive's machines; and, as in this build's own chapters, any rate of theirs that fell by more than half
    (the chapter's figures draw those curves too)."""
    return {"machines_sentence": machines_sentence(labels, skipped, archive, words)}


def llm_sentences(results: ResultSet, words: Words) -> dict[str, str]:
    return llm.chapter_sentences(results, words)


def verdict_sentences(results: ResultSet, words: Words) -> dict[str, str]:
    """The reasons behind the answer (the opening page states the answer; the chapters keep their own findings)."""
    answer = answer_sentences(results, words)
    return {"answer_rule": answer["answer_rule"], "answer_rule_more": llm.rule_more(results, words),
            "answer_llm": answer["answer_llm"], **reason_sentences(results, words),
            "reason_ops": llm.op_reason(results, words, present_accelerator(results)),
            "model_rules": mac_model.rules(results, words)}


# -- the registry ------------------------------------------------------------------------------

#: Every chapter, in the article's order.
CHAPTERS: dict[str, Chapter] = {
    "index": Chapter(index_sentences, figures=("mac_model", "answer")),
    "intro": Chapter(intro_sentences),
    "devices": Chapter(devices_sentences),
    "matvec": Chapter(matvec_sentences, figures=("original", "original_engine", "time", "speedup", "bandwidth"),
                      gap_suites=("original", "matvec", "copy")),
    "timing": Chapter(timing_sentences, figures=("methods",)),
    "matmul": Chapter(matmul_sentences, figures=("matmul",), gap_suites=("matmul",)),
    "training": Chapter(training_sentences, figures=("train",), gap_suites=("train",)),
    "llm": Chapter(llm_sentences, figures=("decode",), gap_suites=("overhead", "attention", "decode")),
    "method": Chapter(method_sentences, needs_selfcheck=True),
    "your_mac": Chapter(your_mac_sentences, figures=("your_mac_bandwidth",)),
    "machines": Chapter(machines_sentences, figures=("machines_speedup", "machines_efficiency", "machines_train"),
                        needs_archive=True),
    "verdict": Chapter(verdict_sentences),
}


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
