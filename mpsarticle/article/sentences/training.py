"""The sentences of the chapter on training: one step on the accelerator against the CPU, TF32 in its
convolutions, and the checks of every result against float64."""

from __future__ import annotations

from mpsarticle.analysis import findings as f
from mpsarticle.analysis.series import AGREEMENT_MARGIN
from mpsarticle.article.sentences.common import advantage, cuda_setting, describe_points, reading_word
from mpsarticle.article.wording import Choice, Count, Factor, Listing, Num, Phrase, Sci, Seconds, Size, Words
from mpsarticle.core.stats import SAME, Ratio
from mpsarticle.results.model import ResultSet

__all__ = ["NAMED_FAILURES", "check_sentence", "conv_tf32_sentence", "scaling_sentence", "sentences",
           "training_sentence"]

#: How many failed points a sentence names before it says "and N more".
NAMED_FAILURES = 3


def sentences(results: ResultSet, words: Words) -> dict[str, str]:
    # The other batches' verdicts follow the scaling sentence, which gives their times first; TF32 is said beside
    # the note on it, before the check of the gradients.
    trained, scaling = f.training(results), f.batch_scaling(results)
    given = _given(trained)
    return {"train_sentence": training_sentence(trained, words),
            "scaling_sentence": " ".join(filter(None, (scaling_sentence(scaling, words, given),
                                                       also_sentence(trained, words, _last_batch(scaling, given))))),
            # A build whose accelerator ran no step has no speed-up to set beside the launch claims.
            "launch_sentence": words("train.launch") if trained.device is not None else "",
            "check_sentence": " ".join(filter(None, (conv_tf32_sentence(results, words),
                                                     check_sentence(f.checks(results), results, words))))}


def _alone(found: f.Training) -> tuple[str, int] | None:
    """("cpu", batch) where the training sentence gives the CPU's step alone, at that batch (no accelerator was
    compared): the scaling sentence then goes on from it instead of naming the CPU again."""
    compared = found.largest is not None and found.device is not None
    missing = found.device is not None and bool(found.accelerator_status)
    if compared or missing or found.cpu_batch is None or found.cpu_s is None:
        return None
    return "cpu", found.cpu_batch


def _given(found: f.Training) -> frozenset[tuple[str, int]]:
    """The devices and batch whose step times the training sentence gives: both devices at the largest batch they
    compared, or the CPU alone (:func:`_alone`). The scaling sentence gives only the smaller batch's time for
    those, so that no time is said twice in a row."""
    if found.largest is not None and found.device is not None:
        return frozenset({(found.device, found.largest.size), ("cpu", found.largest.size)})
    alone = _alone(found)
    return frozenset({alone}) if alone else frozenset()


def _kind(s: f.BatchScaling) -> str:
    """The form for a step whose time grows: where the ratio's interval holds the batch ratio, so that its median
    would read as growing faster or slower than the batch when the runs cannot tell, ``even`` (per image the two
    batches are level within noise: the interval over the batch ratio lies within the margin of "level") or
    ``spread`` (too noisy to tell which costs less per image); ``flat`` where the larger batch's median took no
    longer, so that "less than half the batch ratio in time" would undersell it."""
    if s.kind == "fixed" and s.large_s <= s.small_s:
        return "flat"
    if s.kind == "grows" and s.ratio.low <= s.times <= s.ratio.high:
        per_image = Ratio(s.ratio.value / s.times, s.ratio.low / s.times, s.ratio.high / s.times)
        return "even" if per_image.agreement(AGREEMENT_MARGIN) == SAME else "spread"
    return s.kind


def _lead(found: tuple[f.BatchScaling, ...], i: int, given: frozenset[tuple[str, int]]) -> str:
    """The form of the ``i``-th device's scaling sentence. A second device whose time grows says so in a shorter
    form, not the first one's frame again; one as unclear as the device before it gives its medians without the
    noise hedge again."""
    s = found[i]
    again = bool(i) and _kind(s) == "unclear" and _kind(found[i - 1]) == "unclear"
    if (s.device, s.large) in given:
        return "after_again" if again else "after"
    if again:
        return "again"
    return "rest" if i else "first"


def scaling_sentence(found: tuple[f.BatchScaling, ...], words: Words,
                     given: frozenset[tuple[str, int]] = frozenset()) -> str:
    """How each device's step time grows from its smallest batch to its largest, and what that says about what
    the step spends its time on (see :class:`mpsarticle.analysis.findings.BatchScaling`); where no device
    measured two batches well, that (a device with two has a reading, however wide its interval). ``given``: the
    devices and batch whose times the sentence before gave (:func:`_given`)."""
    return " ".join(words("train.scaling", kind=Choice(_kind(s)), lead=Choice(_lead(found, i, given)),
                          device=words.device(s.device), small=Size(s.small), large=Size(s.large),
                          small_s=Seconds(s.small_s), large_s=Seconds(s.large_s), times=_whole(s.times),
                          half=_whole(s.times / 2), small_each=Seconds(s.small_s / s.small),
                          large_each=Seconds(s.large_s / s.large), **_interval(s.ratio))
                    for i, s in enumerate(found)) \
        or words("train.scaling.none")


def _whole(value: float) -> Factor:
    """A ratio of batch sizes as written: "4×", "16×" (one of two powers of two is whole), else three digits."""
    return Factor(value, len(str(round(value))) if value == round(value) else 3)


def conv_tf32_sentence(results: ResultSet, words: Words) -> str:
    """Whether cuDNN could run a CUDA GPU's float32 convolutions (the training step's) in TF32, as recorded; nothing
    where no training step ran on a CUDA GPU or the setting was not recorded."""
    allowed = cuda_setting(results, "cudnn_allow_tf32")
    if allowed is None or not any(p.ok and p.workload == "train_step" and p.device == "cuda" for p in results):
        return ""
    return words("tf32.conv.on" if allowed else "tf32.conv.off", device=words.device("cuda"))


def _step(status: str) -> Phrase:
    """Why the training step has no time: "ran out of memory", ..."""
    return Phrase.of("step", status=Choice(status))


def _interval(ratio: Ratio) -> dict[str, Factor | Num]:
    """A ratio with its interval: what a "too noisy to tell" beside two times that look apart rests on, for the
    oracle to check; the chart draws the interval."""
    return dict(ratio=Factor(ratio.value), low=Num(ratio.low, 2), high=Factor(ratio.high))


def training_sentence(found: f.Training, words: Words) -> str:
    last = found.largest
    if last is not None and found.device is not None:  # (the accelerator and the CPU compared at some batch)
        name = words.device(found.device)
        said = words("train.result", direction=Choice(reading_word(last.reading)), batch=Size(last.size),
                     acc=Seconds(last.accelerator_s), device=name, cpu=Seconds(last.cpu_s), factor=advantage(last),
                     **_interval(last.speedup))
        if found.accelerator_status and found.accelerator_status != "not_measured" and found.cpu_batch is not None:
            said += " " + words("train.also", direction=Choice("missing"), batch=Size(found.cpu_batch), device=name,
                                why=_step(found.accelerator_status))
        return said
    if found.cpu_batch is None or found.cpu_s is None:
        return words("train.none")
    if found.device is not None and found.accelerator_status:
        return words("train.accelerator_missing", batch=Size(found.cpu_batch), cpu=Seconds(found.cpu_s),
                     device=words.device(found.device), why=_step(found.accelerator_status))
    return words("train.cpu_only", batch=Size(found.cpu_batch), cpu=Seconds(found.cpu_s))


#: The scaling forms (kind, lead) whose wording ends on the smaller batch ("… {small_s} at batch {small}.").
ENDS_ON_SMALL = frozenset({("unclear", "again"), ("unclear", "after"), ("unclear", "after_again"),
                           ("grows", "first"), ("grows", "rest"), ("grows", "after"), ("spread", "after")})


def _last_batch(found: tuple[f.BatchScaling, ...], given: frozenset[tuple[str, int]]) -> int | None:
    """The batch the scaling sentence's last words name, where its form ends on one (:data:`ENDS_ON_SMALL`)."""
    if not found or (_kind(found[-1]), _lead(found, len(found) - 1, given)) not in ENDS_ON_SMALL:
        return None
    return found[-1].small


def also_sentence(found: f.Training, words: Words, named: int | None = None) -> str:
    """The smaller batches whose verdict differs from the largest's, after the scaling sentence has given their
    times; where the runs are too noisy to tell, that alone (the speed-up and its interval go to the oracle).
    ``named``: the batch the sentence before ends on, which the first verdict here need not name again."""
    last = found.largest
    if last is None or found.device is None:
        return ""
    name = words.device(found.device)
    parts: list[str] = []
    for other in found.comparisons[:-1]:
        if other.reading == last.reading:
            continue
        lead = "that" if not parts and other.size == named else "named"
        parts.append(words("train.also", direction=Choice(reading_word(other.reading)), batch=Size(other.size),
                           lead=Choice(lead),
                           device=name, factor=advantage(other), acc=Seconds(other.accelerator_s),
                           cpu=Seconds(other.cpu_s), **_interval(other.speedup)))
    return " ".join(parts)


def check_sentence(found: f.Checks, results: ResultSet, words: Words) -> str:
    if found.failed:
        named = describe_points(found.failed, words)
        if len(named) > NAMED_FAILURES:
            named = named[:NAMED_FAILURES] + [Phrase.of("point.more", count=Count(len(named) - NAMED_FAILURES))]
        return words("check.failed", count=Count(len(found.failed)), where=Listing(tuple(named)))
    worst = found.worst_training
    if worst is not None and worst.rel_error is not None:  # (the worst training step is one with an error)
        return words("check.passed", where=Choice("several" if found.training_devices > 1 else "one"),
                     worst=Sci(worst.rel_error), tolerance=Sci(worst.tolerance or 0), device=words.device(worst.device))
    return words("check.passed_no_training") if any(p.ok for p in results) else words("check.nothing")
