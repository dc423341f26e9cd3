"""The sentences of the chapter "Your Mac": its bounds and cited figures (:mod:`mpsarticle.article.your_mac`)
and the model fitted to this build (:mod:`mpsarticle.article.mac_model`)."""

from __future__ import annotations

from mpsarticle.article import mac_model, your_mac
from mpsarticle.article.wording import Words
from mpsarticle.results.model import ResultSet

__all__ = ["sentences"]


def sentences(results: ResultSet, words: Words) -> dict[str, str]:
    return {**your_mac.chapter_sentences(results, words), "model_fit_sentence": mac_model.fit_sentences(results, words),
            "model_fit_replayed": mac_model.fit_replayed_sentences(results, words),
            "model_fit_note": mac_model.fit_note(results, words),
            "model_threshold_sentence": mac_model.threshold_sentences(results, words),
            "model_batch_sentence": mac_model.batch_sentence(results, words),
            "model_decode_sentence": mac_model.decode_sentence(results, words),
            "model_accounting_sentence": mac_model.accounting_sentence(results, words),
            "model_sources_sentence": mac_model.sources_sentences(results, words),
            "model_speedup_sentence": mac_model.speedup_sentence(results, words),
            "model_cpu_half": mac_model.cpu_half_sentence(results, words)}
