"""The bridge between the measurements and the article's chapters.

A chapter's first code cell is the same in both languages::

    from mpsarticle.article import Page
    page = Page("matvec")
    page.glue_all()

:class:`Page` finds the chapter's language (from ``MPSARTICLE_LANG`` or the
folder the chapter lives in: ``docs/en`` or ``docs/id``), takes this build's
measurements (:func:`mpsarticle.runner.measure_once`: measured by the first
chapter, loaded by the rest), and glues every number, every
hardware-dependent sentence and every figure the chapter quotes. The prose
refers to them with ``{glue:text}`key``` and ``{glue:figure}``; nothing
measured is ever typed into the text.

Numbers are formatted for the chapter's language by Babel (``1,234.5`` in
English, ``1.234,5`` in Indonesian); the values are the same.
"""

from __future__ import annotations

import functools
import html
import io
import os
from pathlib import Path
from typing import Any, Callable

from . import analysis, mac_tables, plots
from .gaps import gaps_sentence
from .archive import Archive, load_archive
from .formatting import duration, number, percent, rate, ratio, ratio_interval, scientific, whole, with_interval
from .results import Point, ResultSet
from .runner import SUITE_NAMES, current_profile, measure_once, published_dir, selfcheck_once

__all__ = ["LANGUAGES", "Page", "article_results", "language"]

LANGUAGES = ("en", "id")
LANG_VARIABLE = "MPSARTICLE_LANG"
DATA_FILES = ("results.json", "results.csv")
DEVICE_LABELS = {
    "en": {"cpu": "CPU", "cuda": "CUDA GPU", "mps": "Apple GPU (MPS)"},
    "id": {"cpu": "CPU", "cuda": "GPU CUDA", "mps": "GPU Apple (MPS)"},
}


def language() -> str:
    """The chapter's language: ``MPSARTICLE_LANG``, else the name of the folder the kernel runs in."""
    chosen = os.environ.get(LANG_VARIABLE) or Path.cwd().name
    return chosen if chosen in LANGUAGES else "en"


def article_results() -> ResultSet:
    """This build's measurements of every suite, published as JSON and CSV beside the pages."""
    results = measure_once(SUITE_NAMES, current_profile())
    folder = published_dir() / "data"
    if not all((folder / name).exists() for name in DATA_FILES):
        results.save(folder / "results.json")
        results.save_csv(folder / "results.csv")
    return results


# -- sentences -----------------------------------------------------------------

#: Every sentence whose truth depends on the hardware, in both languages.
#: Placeholders are filled with numbers already formatted for the language.
SENTENCES: dict[str, dict[str, str]] = {
    "no_accelerator": {
        "en": "This build found no usable accelerator (neither MPS nor CUDA), so only the CPU was measured: the comparisons below show the CPU alone.",
        "id": "Build ini tidak menemukan akselerator yang bisa dipakai (tidak ada MPS maupun CUDA), jadi hanya CPU yang diukur: perbandingan di bawah hanya menampilkan CPU.",
    },
    "machine_label": {
        "en": "Measured on: {label}.",
        "id": "Diukur di: {label}.",
    },
    "accelerator_found": {
        "en": "This build measured the {device} ({name}) beside the CPU ({cpu}, {threads} threads).",
        "id": "Build ini mengukur {device} ({name}) di samping CPU ({cpu}, {threads} thread).",
    },
    "idiom_result": {
        "en": "On this build machine the idiom picks {device}.",
        "id": "Di mesin build ini, idiom tersebut memilih {device}.",
    },
    "default_result": {
        "en": "The extended choice, mps before cuda before cpu, picks {device} here.",
        "id": "Pilihan yang diperluas, mps lalu cuda lalu cpu, di sini memilih {device}.",
    },
    "original_total": {
        "en": "{total} on the {device}",
        "id": "{total} di {device}",
    },
    "original_sentence": {
        "en": "Timed the original way, 100 products at m = {size} took {totals}.",
        "id": "Diukur dengan cara aslinya, 100 perkalian pada m = {size} memakan {totals}.",
    },
    "naive_no_accelerator": {
        "en": "This build had no accelerator, so the gap between naive and synchronised timing cannot be shown on this machine; the table shows the CPU, where both agree.",
        "id": "Build ini tidak memiliki akselerator, jadi selisih antara pengukuran naif dan tersinkron tidak bisa ditunjukkan di mesin ini; tabel menampilkan CPU, tempat keduanya sepakat.",
    },
    "crossover_at": {
        "en": "On this machine the {device} wins from m = {size} on, and at m = {largest} it is {speedup} faster than the CPU.",
        "id": "Di mesin ini {device} unggul mulai m = {size}, dan pada m = {largest} ia {speedup} lebih cepat daripada CPU.",
    },
    "crossover_always": {
        "en": "On this machine the {device} is faster than the CPU at every size measured, from m = {size} ({speedup} faster at m = {largest}).",
        "id": "Di mesin ini {device} lebih cepat daripada CPU pada semua ukuran yang diukur, mulai m = {size} ({speedup} lebih cepat pada m = {largest}).",
    },
    "crossover_never": {
        "en": "On this machine the {device} never beats the CPU at the sizes measured (at m = {largest} it takes {speedup} of the CPU's time).",
        "id": "Di mesin ini {device} tidak pernah mengalahkan CPU pada ukuran yang diukur (pada m = {largest} waktunya {speedup} waktu CPU).",
    },
    "crossover_cpu_only": {
        "en": "With no accelerator in this build there is no crossover to report; the CPU's own curve is shown.",
        "id": "Tanpa akselerator di build ini tidak ada titik persilangan untuk dilaporkan; yang ditampilkan hanya kurva CPU.",
    },
    "naive_misleads": {
        "en": "At m = {size}, naive timeit reports {naive} per product on the {device}, while the synchronised timer measures {engine} and the device's own events {events}: the naive number is {factor} too optimistic.",
        "id": "Pada m = {size}, timeit naif melaporkan {naive} per perkalian di {device}, padahal pewaktu tersinkron mencatat {engine} dan event milik perangkat itu sendiri {events}: angka naif itu {factor} terlalu optimistis.",
    },
    "naive_agrees": {
        "en": "At m = {size} on the {device}, naive timeit gives {naive} per product and the synchronised timer {engine}: here the two agree within a fifth.",
        "id": "Pada m = {size} di {device}, timeit naif memberi {naive} per perkalian dan pewaktu tersinkron {engine}: di sini keduanya berselisih kurang dari seperlima.",
    },
    "naive_cpu_differs": {
        "en": "On the CPU, at m = {size}, naive timeit gives {naive} and the synchronised timer {engine}; the CPU does finish each product before the call returns, so the difference comes from other things, such as the naive method's missing warm-up.",
        "id": "Di CPU, pada m = {size}, timeit naif memberi {naive} dan pewaktu tersinkron {engine}; CPU memang menyelesaikan setiap perkalian sebelum panggilan kembali, jadi selisihnya berasal dari hal lain, misalnya metode naif yang tidak melakukan pemanasan.",
    },
    "naive_cpu_agrees": {
        "en": "On the CPU the two agree: at m = {size} naive timeit gives {naive} and the synchronised timer {engine}, because the CPU finishes each product before the call returns.",
        "id": "Di CPU keduanya sepakat: pada m = {size} timeit naif memberi {naive} dan pewaktu tersinkron {engine}, karena CPU menyelesaikan setiap perkalian sebelum panggilan kembali.",
    },
    "bandwidth": {
        "en": "At its best (m = {size}) the {device} streams the matrix at {achieved}, {share} of the {ceiling} its memory reached in a plain copy.",
        "id": "Pada titik terbaiknya (m = {size}), {device} mengalirkan matriks dengan {achieved}, {share} dari {ceiling} yang dicapai memorinya dalam salinan biasa.",
    },
    "matmul_peak": {
        "en": "Best rates on the {device}: {rates}.",
        "id": "Laju terbaik di {device}: {rates}.",
    },
    "train_compare": {
        "en": "With a batch of {batch}, one training step takes {acc} on the {device} and {cpu} on the CPU: {speedup} faster.",
        "id": "Dengan batch {batch}, satu langkah pelatihan memakan {acc} di {device} dan {cpu} di CPU: {speedup} lebih cepat.",
    },
    "train_cpu_only": {
        "en": "With a batch of {batch}, one training step takes {cpu} on this build's CPU.",
        "id": "Dengan batch {batch}, satu langkah pelatihan memakan {cpu} di CPU build ini.",
    },
    "check_all_passed": {
        "en": "Every result in this build passed its correctness check; for the training step the largest relative error of the gradients against float64 was {worst} ({device}; the limit is {tolerance}).",
        "id": "Semua hasil di build ini lolos uji kebenaran; untuk langkah pelatihan, galat relatif gradien terbesar terhadap float64 adalah {worst} ({device}; batasnya {tolerance}).",
    },
    "check_failed": {
        "en": "{count} {results_word} failed the correctness check; they are marked in the figures and never counted as speed.",
        "id": "{count} hasil gagal uji kebenaran; hasil itu ditandai di gambar dan tidak pernah dihitung sebagai kecepatan.",
    },
    "machines_listing": {
        "en": "Beside this build, the archive holds {count} {machines}: {labels}.",
        "id": "Di samping build ini, arsip menyimpan {count} mesin: {labels}.",
    },
    "machines_none": {
        "en": "The archive is empty: this chapter shows this build alone until a machine is added.",
        "id": "Arsipnya kosong: bab ini hanya menampilkan build ini sampai ada mesin yang ditambahkan.",
    },
    "machines_skipped": {
        "en": "Warning: {count} invalid archive {files_word} left out: {files}",
        "id": "Peringatan: {count} berkas arsip tidak valid dan tidak dipakai: {files}",
    },
    "measured_points": {
        "en": "This build measured {points} points with the {profile} profile on {date}.",
        "id": "Build ini mengukur {points} titik dengan profil {profile} pada {date}.",
    },
    "selfcheck_all_agree": {
        "en": "In this build all {rows} comparisons agree within ±{tolerance}.",
        "id": "Di build ini, seluruh {rows} perbandingan sepakat dalam batas ±{tolerance}.",
    },
    "selfcheck_some_differ": {
        "en": "In this build {outside} of {rows} comparisons fall outside ±{tolerance}: {points}.",
        "id": "Di build ini, {outside} dari {rows} perbandingan jatuh di luar batas ±{tolerance}: {points}.",
    },
    "selfcheck_cost": {
        "en": "The synchronised timer spent {wall} in all on these points, {timed} of it inside timed blocks; the references, given as long in timed blocks, spent {theirs}.",
        "id": "Secara keseluruhan pewaktu tersinkron menghabiskan {wall} untuk titik-titik ini, {timed} di antaranya di dalam blok yang diukur; pembandingnya, yang diberi waktu terukur sepanjang itu, menghabiskan {theirs}.",
    },
}


def say(key: str, lang: str, **values: str) -> str:
    return SENTENCES[key][lang].format(**values)


def device_label(device: str, lang: str) -> str:
    return DEVICE_LABELS[lang].get(device, device.upper())


# -- chapter numbers -------------------------------------------------------------

def _first_accelerator(results: ResultSet) -> str | None:
    found = analysis.accelerators(results)
    return found[0] if found else None


def _largest(results: ResultSet, **criteria: Any) -> tuple[int, Point] | None:
    found = analysis.series(results, **criteria)
    return found[-1] if found else None


def numbers_devices(results: ResultSet, lang: str) -> dict[str, str]:
    env = results.environment
    cpu = env["devices"].get("cpu", {})
    chosen = "mps" if "mps" in env["devices"] else "cpu"
    extended = next((kind for kind in ("mps", "cuda") if kind in env["devices"]), "cpu")
    return {
        "hardware_sentence": _hardware_sentence(results, lang),
        "idiom_sentence": say("idiom_result", lang, device=chosen),
        "default_sentence": say("default_result", lang, device=extended),
        "torch_version": env["torch"],
        "cpu_name": env["cpu"],
        "cpu_threads": whole(analysis.cpu_threads(results) or 1, lang),
    }


def _hardware_sentence(results: ResultSet, lang: str) -> str:
    env = results.environment
    acc = _first_accelerator(results)
    if acc is None:
        return _labelled(results, lang) + say("no_accelerator", lang)
    cpu = env["devices"].get("cpu", {})
    return _labelled(results, lang) + say("accelerator_found", lang, device=device_label(acc, lang), name=env["devices"][acc]["name"],
               cpu=env["cpu"], threads=whole(analysis.cpu_threads(results) or 1, lang))


def _labelled(results: ResultSet, lang: str) -> str:
    """"Measured on: <label>. " where the build was given a machine label."""
    return say("machine_label", lang, label=results.label) + " " if results.label else ""


def _measured(results: ResultSet) -> list[str]:
    """The CPU and the first accelerator, the two devices the prose compares."""
    acc = _first_accelerator(results)
    return ["cpu"] + ([acc] if acc else [])


def numbers_matvec(results: ResultSet, lang: str) -> dict[str, str]:
    totals = []
    size = None
    for device in _measured(results):
        last = _largest(results, workload="matvec", device=device, method="naive", suite="original")
        if last:
            size = last[0]
            totals.append(say("original_total", lang, device=device_label(device, lang),
                              total=duration(last[1].median_s * last[1].number_per_run, lang)))
    original = say("original_sentence", lang, size=whole(size or 0, lang), totals=_join(totals, lang)) if totals else ""
    bandwidth = []
    for device in _measured(results):
        found = analysis.series(results, workload="matvec", device=device, suite="matvec")
        best = max(found, key=lambda pair: pair[1].gb_s, default=None)
        ceiling = analysis.ceiling_gb_s(results, device)
        if best and ceiling:
            bandwidth.append(say(
                "bandwidth", lang, size=whole(best[0], lang), device=device_label(device, lang),
                achieved=rate(best[1].gb_s, "GB/s", lang), share=percent(best[1].gb_s / ceiling, lang),
                ceiling=rate(ceiling, "GB/s", lang)))
    return {
        "hardware_sentence": _hardware_sentence(results, lang),
        "orig_sentence": original,
        "crossover_sentence": _crossover_sentence(results, lang),
        "bandwidth_sentence": " ".join(bandwidth),
        "gaps_sentence": gaps_sentence(results, lang, ("original", "matvec", "copy"), device_label),
    }


def _join(parts: list[str], lang: str) -> str:
    word = {"en": " and ", "id": " dan "}[lang]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + word + parts[-1]


def _crossover_sentence(results: ResultSet, lang: str) -> str:
    acc = _first_accelerator(results)
    pairs = analysis.speedups(results, acc, suite="matvec") if acc else []
    if not pairs:
        return say("crossover_cpu_only", lang)
    found = analysis.crossover(pairs)
    largest, speedup = pairs[-1]
    fields = dict(device=device_label(acc, lang), largest=whole(largest, lang), speedup=ratio(speedup.value, lang))
    if found.never:
        return say("crossover_never", lang, **fields)
    key = "crossover_always" if found.always else "crossover_at"
    return say(key, lang, size=whole(found.size, lang), **fields)


def numbers_timing(results: ResultSet, lang: str) -> dict[str, str]:
    values = {"hardware_sentence": _hardware_sentence(results, lang), "naive_sentence": "", "cpu_sentence": ""}
    cpu = _methods_at_largest(results, "cpu")
    if cpu:
        size, got = cpu
        key = "naive_cpu_agrees" if _agree(got["naive"], got["engine"]) else "naive_cpu_differs"
        values["cpu_sentence"] = say(key, lang, size=whole(size, lang),
                                     naive=duration(got["naive"].median_s, lang), engine=duration(got["engine"].median_s, lang))
    acc = _first_accelerator(results)
    found = _methods_at_largest(results, acc) if acc else None
    if found and "events" in found[1] and _agree(found[1]["naive"], found[1]["engine"]):
        size, got = found
        values["naive_sentence"] = say("naive_agrees", lang, size=whole(size, lang), device=device_label(acc, lang),
                                       naive=duration(got["naive"].median_s, lang),
                                       engine=duration(got["engine"].median_s, lang))
    elif found and "events" in found[1]:
        size, got = found
        values["naive_sentence"] = say(
            "naive_misleads", lang, size=whole(size, lang), device=device_label(acc, lang),
            naive=duration(got["naive"].median_s, lang), engine=duration(got["engine"].median_s, lang),
            events=duration(got["events"].median_s, lang),
            factor=ratio(got["engine"].median_s / got["naive"].median_s, lang))
    else:
        values["naive_sentence"] = say("naive_no_accelerator", lang)
    return values


def _agree(naive: Point, engine: Point) -> bool:
    """The ratio's interval lies within a fifth of 1 or contains it: then "misleads" would overstate it."""
    return analysis.agreement(naive, engine) == "same"


def _methods_at_largest(results: ResultSet, device: str) -> tuple[int, dict[str, Point]] | None:
    sizes = [m for m, _ in analysis.series(results, workload="matvec", device=device, suite="matvec", method="naive")]
    for size in reversed(sizes):
        got = {p.method: p for p in results.select(workload="matvec", device=device, suite="matvec", m=size) if p.ok}
        if "naive" in got and "engine" in got:
            return size, got
    return None


def numbers_matmul(results: ResultSet, lang: str) -> dict[str, str]:
    peaks = []
    for device in _measured(results):
        rates = {dtype: analysis.peak_gflop_s(results, device, dtype) for dtype in ("float32", "float16", "bfloat16")}
        listed = [f"{dtype} {rate(value, 'GFLOP/s', lang)}" for dtype, value in rates.items() if value]
        if listed:
            peaks.append(say("matmul_peak", lang, device=device_label(device, lang), rates=_join(listed, lang)))
    return {"hardware_sentence": _hardware_sentence(results, lang), "peak_sentence": " ".join(peaks),
            "gaps_sentence": gaps_sentence(results, lang, ("matmul",), device_label)}


def numbers_training(results: ResultSet, lang: str) -> dict[str, str]:
    acc = _first_accelerator(results)
    values = {"hardware_sentence": _hardware_sentence(results, lang), "train_sentence": "",
              "check_sentence": _check_sentence(results, lang),
              "gaps_sentence": gaps_sentence(results, lang, ("train",), device_label)}
    cpu = _largest(results, workload="train_step", device="cpu")
    if cpu:
        batch, cpu_point = cpu
        fast = results.one(workload="train_step", device=acc, batch=batch) if acc else None
        if fast is not None and fast.ok:
            values["train_sentence"] = say(
                "train_compare", lang, batch=whole(batch, lang), device=device_label(acc, lang),
                acc=duration(fast.median_s, lang), cpu=duration(cpu_point.median_s, lang),
                speedup=ratio(cpu_point.median_s / fast.median_s, lang))
        else:
            values["train_sentence"] = say("train_cpu_only", lang, batch=whole(batch, lang),
                                           cpu=duration(cpu_point.median_s, lang))
    return values


def _check_sentence(results: ResultSet, lang: str) -> str:
    failed = [p for p in results if p.status == "ok" and p.check == "failed"]
    if failed:
        return say("check_failed", lang, count=whole(len(failed), lang),
                   results_word="result" if len(failed) == 1 else "results")
    trained = [p for p in results.select(workload="train_step") if p.rel_error is not None]
    if not trained:
        return ""
    worst = max(trained, key=lambda p: p.rel_error)
    return say("check_all_passed", lang, worst=scientific(worst.rel_error, lang),
               tolerance=scientific(worst.tolerance or 0, lang), device=device_label(worst.device, lang))


def numbers_method(page: "Page") -> dict[str, str]:
    results, lang, rows = page.results, page.lang, page.selfcheck
    outside = [row for row in rows if not row.agrees]
    tolerance = percent(max((row.tolerance for row in rows), default=0.0), lang)
    if outside:
        listed = _join([f"{device_label(r.device, lang)} {r.label} ({r.reference}, {ratio(r.ratio, lang)})"
                        for r in outside], lang)
        verdict = say("selfcheck_some_differ", lang, outside=whole(len(outside), lang), rows=whole(len(rows), lang),
                      tolerance=tolerance, points=listed)
    else:
        verdict = say("selfcheck_all_agree", lang, rows=whole(len(rows), lang), tolerance=tolerance)
    wall = sum(r.engine_wall_s for r in rows)
    timed = sum(r.engine_timed_s for r in rows)
    cost = say("selfcheck_cost", lang, wall=duration(wall, lang), timed=duration(timed, lang),
               theirs=duration(sum(r.reference_wall_s for r in rows), lang))
    return {
        "measured_sentence": say("measured_points", lang, points=whole(len(results), lang),
                                 profile=results.profile or "-", date=results.created[:10]),
        "profile": results.profile or "-",
        "torch_version": results.environment["torch"],
        "selfcheck_sentence": f"{verdict} {cost}",
    }


def numbers_machines(page: "Page") -> dict[str, str]:
    lang = page.lang
    labels = [label for label, _ in page.entries[1:]]
    if labels:
        listing = say("machines_listing", lang, count=whole(len(labels), lang), labels=_join(labels, lang),
                      machines="machine" if len(labels) == 1 else "machines")
    else:
        listing = say("machines_none", lang)
    skipped = page.archive.skipped
    if skipped:
        listing += " " + say("machines_skipped", lang, count=whole(len(skipped), lang), files="; ".join(skipped),
                             files_word="file was" if len(skipped) == 1 else "files were")
    return {"machines_sentence": listing, "hardware_sentence": _hardware_sentence(page.results, lang)}


def _from_results(numbers: Callable[[ResultSet, str], dict[str, str]]) -> Callable[["Page"], dict[str, str]]:
    """Most chapters quote only this build's results; the machines chapter also needs the archive."""
    return lambda page: numbers(page.results, page.lang)


def numbers_intro(results: ResultSet, lang: str) -> dict[str, str]:
    return {"hardware_sentence": _hardware_sentence(results, lang), "torch_version": results.environment["torch"]}


#: Each chapter: what it glues (numbers and sentences), and its figures.
CHAPTERS: dict[str, tuple[Callable[["Page"], dict[str, str]], tuple[str, ...]]] = {
    "intro": (_from_results(numbers_intro), ()),
    "devices": (_from_results(numbers_devices), ()),
    "matvec": (_from_results(numbers_matvec), ("original", "original_engine", "time", "speedup", "bandwidth")),
    "timing": (_from_results(numbers_timing), ("methods",)),
    "matmul": (_from_results(numbers_matmul), ("matmul",)),
    "training": (_from_results(numbers_training), ("train",)),
    "method": (numbers_method, ()),
    "machines": (numbers_machines, ("machines_speedup", "machines_efficiency", "machines_train")),
}

FIGURES: dict[str, Callable[["Page"], Any]] = {
    "original": lambda page: plots.original_bars(page.results, page.lang),
    "original_engine": lambda page: plots.original_bars(page.results, page.lang, method="engine"),
    "time": lambda page: plots.time_vs_size(page.results, page.lang),
    "speedup": lambda page: plots.speedup(page.results, page.lang),
    "bandwidth": lambda page: plots.bandwidth(page.results, page.lang),
    "methods": lambda page: plots.methods(page.results, page.lang),
    "matmul": lambda page: plots.matmul(page.results, page.lang),
    "train": lambda page: plots.train(page.results, page.lang),
    "machines_speedup": lambda page: plots.machines_speedup(page.entries, page.lang),
    "machines_efficiency": lambda page: plots.machines_efficiency(page.entries, page.lang),
    "machines_train": lambda page: plots.machines_train(page.entries, page.lang),
}


# -- the page --------------------------------------------------------------------

class Page:
    """One chapter of the article in one language, and this build's results."""

    def __init__(self, chapter: str, lang: str | None = None, results: ResultSet | None = None) -> None:
        if chapter not in CHAPTERS:
            raise ValueError(f"unknown chapter {chapter!r}: known are {', '.join(CHAPTERS)}")
        self.chapter = chapter
        self.lang = lang or language()
        self.results = results if results is not None else article_results()

    def numbers(self) -> dict[str, str]:
        return CHAPTERS[self.chapter][0](self)

    @functools.cached_property
    def archive(self) -> Archive:
        """The archived machines (validated; see :mod:`mpsarticle.archive`), also published as data."""
        archive = load_archive()
        folder = published_dir() / "data" / "machines"
        folder.mkdir(parents=True, exist_ok=True)
        for name, results in archive.machines.items():
            if not (folder / name).exists():
                results.save(folder / name)
        return archive

    @functools.cached_property
    def selfcheck(self) -> list:
        """This build's selfcheck rows (measured once per build, see :func:`mpsarticle.runner.selfcheck_once`)."""
        return selfcheck_once(progress=True)

    @property
    def entries(self) -> list[tuple[str, ResultSet]]:
        """This build first, then every archived machine: (label, results)."""
        this = THIS_BUILD[self.lang] + (f" ({self.results.label})" if self.results.label else "")
        return [(this, self.results)] + [(r.label or name, r) for name, r in self.archive.machines.items()]

    def figure_png(self, name: str) -> bytes:
        figure = FIGURES[name](self)
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", facecolor=figure.get_facecolor())
        return buffer.getvalue()

    def glue_all(self) -> None:
        """Glue every number, sentence and figure of this chapter (shown nowhere until the prose asks)."""
        from IPython.display import Image
        from myst_nb import glue

        for key, value in self.numbers().items():
            glue(key, value, display=False)
        for name in CHAPTERS[self.chapter][1]:
            glue(f"fig_{name}", Image(data=self.figure_png(name), format="png"), display=False)

    # -- things shown in the page ----------------------------------------------
    def device_card(self) -> Any:
        """This build's hardware and software as an HTML table (every value escaped)."""
        from IPython.display import HTML

        env = self.results.environment
        labels = CARD_LABELS[self.lang]
        rows = [(labels["machine"], self.results.label)] if self.results.label else []
        rows += [
            (labels["os"], f"{env['os']} ({env.get('arch', '')})"),
            (labels["cpu"], f"{env['cpu']}, {analysis.cpu_threads(self.results) or '?'} {labels['threads']}"),
            (labels["memory"], _gib(env.get("memory_bytes"), self.lang)),
        ]
        for name, device in env["devices"].items():
            if name == "cpu":
                continue
            rows.append((device_label(name, self.lang), f"{device['name']} — {device.get('backend', '')}, {_gib(device.get('memory_bytes'), self.lang)}"))
        for name, why in env.get("unavailable", {}).items():
            rows.append((device_label(name, self.lang), f"{labels['unavailable']}: {_reason(why, self.lang)}"))
        rows += mac_tables.card_rows(env, self.lang)
        rows += [
            ("PyTorch", env["torch"]),
            ("Python", env["python"]),
            ("PYTORCH_ENABLE_MPS_FALLBACK", labels["yes"] if env.get("mps_fallback_to_cpu") else labels["no"]),
            (labels["profile"], self.results.profile or "-"),
            (labels["date"], self.results.created),
            (labels["commit"], env.get("git_commit") or "-"),
        ]
        body = "".join(f"<tr><th>{html.escape(str(k))}</th><td>{html.escape(str(v))}</td></tr>" for k, v in rows)
        return HTML(f'<div class="mpsarticle-scroll"><table class="mpsarticle-card">{body}</table></div>')

    def data_links(self) -> Any:
        """Links to this build's raw data, published beside the pages."""
        from IPython.display import HTML

        text = {"en": "Raw data of this build", "id": "Data mentah build ini"}[self.lang]
        # Chapters sit at the top of each language's tree, so data/ is beside them.
        links = " · ".join(f'<a href="data/{name}">{name}</a>' for name in DATA_FILES)
        return HTML(f'<p class="mpsarticle-data">{text}: {links}</p>')


    def machines_table(self) -> Any:
        """One row per machine (this build first); every value from a file is escaped."""
        from IPython.display import HTML

        none = {"en": "none", "id": "tidak ada"}[self.lang]
        rows = []
        for (label, results), name in zip(self.entries, [None, *self.archive.machines]):
            env = results.environment
            accelerators = [f"{d.get('name', kind)} ({d.get('backend', kind)})"
                            for kind, d in env["devices"].items() if kind != "cpu"]
            threads = analysis.cpu_threads(results)
            link = "data/results.json" if name is None else f"data/machines/{name}"
            cells = [label, env["cpu"], whole(threads, self.lang) if isinstance(threads, int) else "-",
                     _gib(env.get("memory_bytes") if isinstance(env.get("memory_bytes"), int) else None, self.lang),
                     "; ".join(accelerators) or none, env["torch"], results.profile or "-", results.created[:10]]
            row = "".join(f"<td>{html.escape(str(c))}</td>" for c in cells)
            rows.append(f'<tr>{row}<td><a href="{html.escape(link)}">JSON</a></td></tr>')
        head = "".join(f"<th>{html.escape(c)}</th>" for c in MACHINE_COLUMNS[self.lang])
        return HTML(f'<div class="mpsarticle-scroll"><table class="mpsarticle-table mpsarticle-machines">'
                    f'<thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')

    def selfcheck_table(self) -> Any:
        """This build's selfcheck: engine against references, one row per point and reference, as HTML."""
        from IPython.display import HTML

        labels = SELFCHECK_LABELS[self.lang]
        head = "".join(f"<th>{html.escape(text)}</th>" for text in labels)
        rows = []
        for row in self.selfcheck:
            verdict = labels[-1] if row.agrees else SELFCHECK_OUTSIDE[self.lang]
            cells = [device_label(row.device, self.lang), row.label, row.reference,
                     f"{duration(row.engine_median_s, self.lang)} [{duration(row.engine_ci_low_s, self.lang)}; "
                     f"{duration(row.engine_ci_high_s, self.lang)}]",
                     duration(row.reference_median_s, self.lang), number(row.ratio, self.lang),
                     verdict if row.agrees else f"{verdict} ±{percent(row.tolerance, self.lang)}"]
            rows.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>")
        return HTML(f'<div class="mpsarticle-scroll"><table class="mpsarticle-table mpsarticle-selfcheck"><thead><tr>{head}</tr></thead>'
                    f'<tbody>{"".join(rows)}</tbody></table></div>')

    def spec_sheet_table(self) -> Any:
        """Apple's spec sheet per chip, with the least time of a matrix-vector product (bounds, not measurements)."""
        from IPython.display import HTML

        return HTML(mac_tables.spec_sheet_table(self.lang))

    def sustained_rates(self) -> Any:
        """Burst and sustained rates of the machines measured with --sustained; nothing when there are none."""
        from IPython.display import HTML

        found = mac_tables.sustained_rates(self.entries, self.lang)
        return HTML(found) if found else None

    def methods_table(self) -> Any:
        """Naive, engine and event times per device and size (suite ``matvec``), as HTML."""
        from IPython.display import HTML

        labels = TABLE_LABELS[self.lang]
        head = "".join(f"<th>{html.escape(text)}</th>" for text in labels)
        rows = []
        for device in self.results.devices:
            for size, engine in analysis.series(self.results, workload="matvec", device=device, suite="matvec"):
                got = {p.method: p for p in self.results.select(workload="matvec", device=device, suite="matvec", m=size) if p.ok}
                cells = [device_label(device, self.lang), whole(size, self.lang)]
                cells += [with_interval(got[m], self.lang) if m in got else "–" for m in ("naive", "engine", "events")]
                cells.append(ratio_interval(analysis.compare(engine, got["naive"]), self.lang) if "naive" in got else "–")
                rows.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>")
        return HTML(f'<div class="mpsarticle-scroll"><table class="mpsarticle-table"><thead><tr>{head}</tr></thead>'
                    f'<tbody>{"".join(rows)}</tbody></table></div>')


THIS_BUILD = {"en": "This build", "id": "Build ini"}

SELFCHECK_LABELS = {
    "en": ("Device", "Point", "Reference", "Synchronised timer: median [95% interval]", "Reference: median", "Timer ÷ reference", "agrees"),
    "id": ("Perangkat", "Titik", "Pembanding", "Pewaktu tersinkron: median [interval 95%]", "Pembanding: median", "Pewaktu ÷ pembanding", "sepakat"),
}
SELFCHECK_OUTSIDE = {"en": "outside", "id": "di luar"}

MACHINE_COLUMNS = {
    "en": ("Machine", "CPU", "Threads", "Memory", "Accelerator", "PyTorch", "Profile", "Measured", "Data"),
    "id": ("Mesin", "CPU", "Thread", "Memori", "Akselerator", "PyTorch", "Profil", "Diukur", "Data"),
}

TABLE_LABELS = {
    "en": ("Device", "m", "naive timeit", "synchronised timer", "device events", "synchronised ÷ naive"),
    "id": ("Perangkat", "m", "timeit naif", "pewaktu tersinkron", "event perangkat", "tersinkron ÷ naif"),
}

CARD_LABELS = {
    "en": {"machine": "Machine", "os": "Operating system", "cpu": "CPU", "threads": "threads used", "memory": "Memory",
           "unavailable": "not usable", "profile": "Profile", "date": "Measured", "commit": "Commit", "yes": "set: missing MPS operators run on the CPU", "no": "not set"},
    "id": {"machine": "Mesin", "os": "Sistem operasi", "cpu": "CPU", "threads": "thread dipakai", "memory": "Memori",
           "unavailable": "tidak dapat dipakai", "profile": "Profil", "date": "Diukur", "commit": "Commit", "yes": "aktif: operator yang tidak ada di MPS dijalankan di CPU", "no": "tidak aktif"},
}


def _reason(text: str, lang: str) -> str:
    """The reasons mpsarticle.devices gives for a missing device, in the page's
    language; any other reason (an exception's message, say) is shown as it came."""
    if lang != "id":
        return text
    from . import devices  # imports torch: only the devices chapter's card needs this

    translated = {
        devices.NO_MPS_BUILD: "build PyTorch ini tidak memiliki backend MPS (MPS memerlukan macOS di Apple silicon)",
        devices.NO_MPS_HERE: "MPS ada di build PyTorch ini tetapi tidak tersedia di mesin ini",
        devices.NO_CUDA: "tidak ada perangkat CUDA yang terlihat oleh PyTorch (build khusus CPU atau tidak ada GPU NVIDIA)",
        devices.NO_MPS_ROSETTA: "Python berjalan lewat Rosetta 2 (sebagai program x86_64) di Mac Apple silicon ini; "
                                "MPS memerlukan Python arm64 asli",
    }
    return translated.get(text, text)


def _gib(value: int | None, lang: str) -> str:
    return f"{number(value / 2**30, lang, 3)} GiB" if value else "-"
