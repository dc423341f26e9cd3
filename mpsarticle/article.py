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

import html
import io
import os
from pathlib import Path
from typing import Any, Callable

from . import analysis, plots
from .profiles import SUITES
from .results import Point, ResultSet
from .runner import current_profile, measure_once, published_dir

__all__ = ["LANGUAGES", "Page", "article_results", "language"]

LANGUAGES = ("en", "id")
LANG_VARIABLE = "MPSARTICLE_LANG"
DATA_FILES = ("results.json", "results.csv")
DEVICE_LABELS = {"cpu": "CPU", "cuda": "CUDA GPU", "mps": "MPS (Apple GPU)"}


def language() -> str:
    """The chapter's language: ``MPSARTICLE_LANG``, else the name of the folder the kernel runs in."""
    chosen = os.environ.get(LANG_VARIABLE) or Path.cwd().name
    return chosen if chosen in LANGUAGES else "en"


def article_results() -> ResultSet:
    """This build's measurements of every suite, published as JSON and CSV beside the pages."""
    results = measure_once(tuple(SUITES), current_profile())
    folder = published_dir() / "data"
    if not all((folder / name).exists() for name in DATA_FILES):
        results.save(folder / "results.json")
        results.save_csv(folder / "results.csv")
    return results


# -- formatting ----------------------------------------------------------------

def number(value: float, lang: str, digits: int = 3) -> str:
    """``value`` with ``digits`` significant digits (at least whole units), in the language's style."""
    from babel.numbers import format_decimal

    if value == 0:
        return "0"
    magnitude = len(str(int(abs(value)))) if abs(value) >= 1 else 0
    decimals = max(0, digits - magnitude) if abs(value) >= 1 else digits
    pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(round(value, decimals), format=pattern, locale=lang)


def whole(value: float, lang: str) -> str:
    from babel.numbers import format_decimal

    return format_decimal(round(value), format="#,##0", locale=lang)


def duration(seconds: float, lang: str) -> str:
    """A time in the unit that reads best: ``17.2 µs``, ``1.05 ms``, ``2.31 s``."""
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6), ("ns", 1e-9)):
        if seconds >= scale or unit == "ns":
            return f"{number(seconds / scale, lang)} {unit}"
    raise AssertionError("unreachable")


def ratio(value: float, lang: str) -> str:
    return f"{number(value, lang, 2 if value < 10 else 3)}×"


def rate(value_per_s: float, unit: str, lang: str) -> str:
    """``4,103 GB/s``; rates over 10,000 GFLOP/s read as TFLOP/s."""
    if unit == "GFLOP/s" and value_per_s >= 10_000:
        return f"{number(value_per_s / 1000, lang)} TFLOP/s"
    return f"{number(value_per_s, lang)} {unit}"


def percent(fraction: float, lang: str) -> str:
    return f"{number(100 * fraction, lang, 2)} %" if lang == "id" else f"{number(100 * fraction, lang, 2)}%"


# -- sentences -----------------------------------------------------------------

#: Every sentence whose truth depends on the hardware, in both languages.
#: Placeholders are filled with numbers already formatted for the language.
SENTENCES: dict[str, dict[str, str]] = {
    "no_accelerator": {
        "en": "This build found no accelerator ({why}), so only the CPU was measured: the comparisons below show the CPU alone.",
        "id": "Build ini tidak menemukan akselerator ({why}), jadi hanya CPU yang diukur: perbandingan di bawah hanya menampilkan CPU.",
    },
    "accelerator_found": {
        "en": "This build measured the {device} ({name}) beside the CPU ({cpu}, {threads} threads).",
        "id": "Build ini mengukur {device} ({name}) di samping CPU ({cpu}, {threads} utas).",
    },
    "idiom_result": {
        "en": "On this build machine the idiom picks `{device}`.",
        "id": "Di mesin build ini, idiom tersebut memilih `{device}`.",
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
        "en": "At m = {size}, naive `timeit` reports {naive} per product on the {device}, while the synchronised engine measures {engine} and the device's own events {events}: the naive number is {factor} too optimistic.",
        "id": "Pada m = {size}, `timeit` naif melaporkan {naive} per perkalian di {device}, padahal mesin ukur yang menyinkronkan mencatat {engine} dan event milik perangkat itu sendiri {events}: angka naif itu {factor} terlalu optimistis.",
    },
    "naive_cpu_agrees": {
        "en": "On the CPU the two agree: at m = {size} naive `timeit` gives {naive} and the engine {engine}, because the CPU finishes each product before the call returns.",
        "id": "Di CPU keduanya sepakat: pada m = {size} `timeit` naif memberi {naive} dan mesin ukur {engine}, karena CPU menyelesaikan setiap perkalian sebelum panggilan kembali.",
    },
    "bandwidth": {
        "en": "At m = {size} the {device} streams the matrix at {achieved}, {share} of its measured copy ceiling of {ceiling}.",
        "id": "Pada m = {size}, {device} mengalirkan matriks dengan {achieved}, {share} dari batas salinan terukurnya sebesar {ceiling}.",
    },
    "matmul_peak": {
        "en": "The best rate on the {device} is {best} in {dtype} (m = {size}); in float32 it reaches {fp32}.",
        "id": "Laju terbaik di {device} adalah {best} dalam {dtype} (m = {size}); dalam float32 mencapai {fp32}.",
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
        "en": "Every result in this build passed its correctness check: the largest relative error against float64 was {worst} (training step, {device}).",
        "id": "Semua hasil di build ini lulus uji kebenaran: galat relatif terbesar terhadap float64 adalah {worst} (langkah pelatihan, {device}).",
    },
    "check_failed": {
        "en": "{count} result(s) failed the correctness check; they are marked in the figures and never counted as speed.",
        "id": "{count} hasil gagal uji kebenaran; hasil itu ditandai di gambar dan tidak pernah dihitung sebagai kecepatan.",
    },
    "measured_points": {
        "en": "This build measured {points} points with the `{profile}` profile on {date}.",
        "id": "Build ini mengukur {points} titik dengan profil `{profile}` pada {date}.",
    },
}


def say(key: str, lang: str, **values: str) -> str:
    return SENTENCES[key][lang].format(**values)


def device_label(device: str) -> str:
    return DEVICE_LABELS.get(device, device.upper())


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
    acc = _first_accelerator(results)
    values = {
        "torch_version": env["torch"],
        "python_version": env["python"],
        "cpu_name": env["cpu"],
        "cpu_threads": whole(cpu.get("threads_used") or env.get("logical_cores") or 1, lang),
        "chosen_device": "mps" if "mps" in env["devices"] else "cpu",
        "idiom_sentence": say("idiom_result", lang, device="mps" if "mps" in env["devices"] else "cpu"),
    }
    values["hardware_sentence"] = _hardware_sentence(results, lang, acc)
    return values


def _hardware_sentence(results: ResultSet, lang: str, acc: str | None) -> str:
    env = results.environment
    if acc is None:
        reasons = "; ".join(f"{k}: {v}" for k, v in env.get("unavailable", {}).items()) or "-"
        return say("no_accelerator", lang, why=reasons)
    cpu = env["devices"].get("cpu", {})
    return say("accelerator_found", lang, device=device_label(acc), name=env["devices"][acc]["name"],
               cpu=env["cpu"], threads=whole(cpu.get("threads_used") or 1, lang))


def numbers_matvec(results: ResultSet, lang: str) -> dict[str, str]:
    acc = _first_accelerator(results)
    values: dict[str, str] = {"hardware_sentence": _hardware_sentence(results, lang, acc)}
    for device in ["cpu"] + ([acc] if acc else []):
        tag = "cpu" if device == "cpu" else "acc"
        last = _largest(results, workload="matvec", device=device, method="naive", suite="original")
        if last:
            values[f"orig_{tag}_total"] = duration(last[1].median_s * last[1].number_per_run, lang)
            values["orig_size"] = whole(last[0], lang)
    values["crossover_sentence"] = _crossover_sentence(results, lang, acc)
    for device in ["cpu"] + ([acc] if acc else []):
        tag = "cpu" if device == "cpu" else "acc"
        last = _largest(results, workload="matvec", device=device, suite="matvec")
        ceiling = analysis.ceiling_gb_s(results, device)
        if last and ceiling:
            values[f"bandwidth_{tag}_sentence"] = say(
                "bandwidth", lang, size=whole(last[0], lang), device=device_label(device),
                achieved=rate(last[1].gb_s, "GB/s", lang), share=percent(last[1].gb_s / ceiling, lang),
                ceiling=rate(ceiling, "GB/s", lang))
            values[f"ceiling_{tag}"] = rate(ceiling, "GB/s", lang)
    return values


def _crossover_sentence(results: ResultSet, lang: str, acc: str | None) -> str:
    if acc is None:
        return say("crossover_cpu_only", lang)
    pairs = analysis.speedups(results, acc, suite="matvec")
    if not pairs:
        return say("crossover_cpu_only", lang)
    found = analysis.crossover(pairs)
    largest, speedup = pairs[-1]
    fields = dict(device=device_label(acc), largest=whole(largest, lang), speedup=ratio(speedup, lang))
    if found.never:
        return say("crossover_never", lang, **fields)
    key = "crossover_always" if found.always else "crossover_at"
    return say(key, lang, size=whole(found.size, lang), **fields)


def numbers_timing(results: ResultSet, lang: str) -> dict[str, str]:
    acc = _first_accelerator(results)
    values: dict[str, str] = {"hardware_sentence": _hardware_sentence(results, lang, acc)}
    cpu = _methods_at_largest(results, "cpu")
    if cpu:
        size, got = cpu
        values["cpu_sentence"] = say("naive_cpu_agrees", lang, size=whole(size, lang),
                                     naive=duration(got["naive"].median_s, lang), engine=duration(got["engine"].median_s, lang))
    if acc:
        found = _methods_at_largest(results, acc)
        if found and "events" in found[1]:
            size, got = found
            values["naive_sentence"] = say(
                "naive_misleads", lang, size=whole(size, lang), device=device_label(acc),
                naive=duration(got["naive"].median_s, lang), engine=duration(got["engine"].median_s, lang),
                events=duration(got["events"].median_s, lang),
                factor=ratio(got["engine"].median_s / got["naive"].median_s, lang))
            values["naive_factor"] = ratio(got["engine"].median_s / got["naive"].median_s, lang)
    values.setdefault("naive_sentence", say("crossover_cpu_only", lang) if not acc else "")
    return values


def _methods_at_largest(results: ResultSet, device: str) -> tuple[int, dict[str, Point]] | None:
    sizes = [m for m, _ in analysis.series(results, workload="matvec", device=device, suite="matvec", method="naive")]
    for size in reversed(sizes):
        got = {p.method: p for p in results.select(workload="matvec", device=device, suite="matvec", m=size) if p.ok}
        if "naive" in got and "engine" in got:
            return size, got
    return None


def numbers_matmul(results: ResultSet, lang: str) -> dict[str, str]:
    acc = _first_accelerator(results)
    values: dict[str, str] = {"hardware_sentence": _hardware_sentence(results, lang, acc)}
    for device in ["cpu"] + ([acc] if acc else []):
        tag = "cpu" if device == "cpu" else "acc"
        best = max((p for _, p in analysis.series(results, workload="matmul", device=device) if p.gflop_s),
                   key=lambda p: p.gflop_s, default=None)
        fp32 = analysis.peak_gflop_s(results, device, "float32")
        if best and fp32:
            values[f"peak_{tag}_sentence"] = say(
                "matmul_peak", lang, device=device_label(device), best=rate(best.gflop_s, "GFLOP/s", lang),
                dtype=best.params["dtype"], size=whole(best.params["m"], lang), fp32=rate(fp32, "GFLOP/s", lang))
    return values


def numbers_training(results: ResultSet, lang: str) -> dict[str, str]:
    acc = _first_accelerator(results)
    values: dict[str, str] = {"hardware_sentence": _hardware_sentence(results, lang, acc)}
    cpu = _largest(results, workload="train_step", device="cpu")
    if cpu:
        batch, cpu_point = cpu
        fast = results.one(workload="train_step", device=acc, batch=batch) if acc else None
        if fast is not None and fast.ok:
            values["train_sentence"] = say(
                "train_compare", lang, batch=whole(batch, lang), device=device_label(acc),
                acc=duration(fast.median_s, lang), cpu=duration(cpu_point.median_s, lang),
                speedup=ratio(cpu_point.median_s / fast.median_s, lang))
        else:
            values["train_sentence"] = say("train_cpu_only", lang, batch=whole(batch, lang),
                                           cpu=duration(cpu_point.median_s, lang))
    values["check_sentence"] = _check_sentence(results, lang)
    return values


def _check_sentence(results: ResultSet, lang: str) -> str:
    failed = [p for p in results if p.status == "ok" and p.check == "failed"]
    if failed:
        return say("check_failed", lang, count=whole(len(failed), lang))
    trained = [p for p in results.select(workload="train_step") if p.rel_error is not None]
    if not trained:
        return ""
    worst = max(trained, key=lambda p: p.rel_error)
    return say("check_all_passed", lang, worst=f"{worst.rel_error:.1e}".replace(".", "," if lang == "id" else "."),
               device=device_label(worst.device))


def numbers_method(results: ResultSet, lang: str) -> dict[str, str]:
    return {
        "profile": results.profile or "-",
        "measured_sentence": say("measured_points", lang, points=whole(len(results), lang),
                                 profile=results.profile or "-", date=results.created[:10]),
        "torch_version": results.environment["torch"],
    }


CHAPTERS: dict[str, tuple[Callable[[ResultSet, str], dict[str, str]], tuple[str, ...]]] = {
    "intro": (numbers_devices, ()),
    "devices": (numbers_devices, ()),
    "matvec": (numbers_matvec, ("original", "original_engine", "time", "speedup", "bandwidth")),
    "timing": (numbers_timing, ("methods",)),
    "matmul": (numbers_matmul, ("matmul",)),
    "training": (numbers_training, ("train",)),
    "method": (numbers_method, ()),
}

FIGURES: dict[str, Callable[[ResultSet, str], Any]] = {
    "original": lambda results, lang: plots.original_bars(results, lang),
    "original_engine": lambda results, lang: plots.original_bars(results, lang, method="engine"),
    "time": lambda results, lang: plots.time_vs_size(results, lang),
    "speedup": lambda results, lang: plots.speedup(results, lang),
    "bandwidth": lambda results, lang: plots.bandwidth(results, lang),
    "methods": lambda results, lang: plots.methods(results, lang),
    "matmul": lambda results, lang: plots.matmul(results, lang),
    "train": lambda results, lang: plots.train(results, lang),
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
        return CHAPTERS[self.chapter][0](self.results, self.lang)

    def figure_png(self, name: str) -> bytes:
        figure = FIGURES[name](self.results, self.lang)
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
        rows = [
            (labels["os"], f"{env['os']} ({env.get('arch', '')})"),
            (labels["cpu"], f"{env['cpu']}, {env['devices'].get('cpu', {}).get('threads_used', '?')} {labels['threads']}"),
            (labels["memory"], _gib(env.get("memory_bytes"), self.lang)),
        ]
        for name, device in env["devices"].items():
            if name == "cpu":
                continue
            rows.append((device_label(name), f"{device['name']} — {device.get('backend', '')}, {_gib(device.get('memory_bytes'), self.lang)}"))
        for name, why in env.get("unavailable", {}).items():
            rows.append((device_label(name), f"{labels['unavailable']}: {why}"))
        rows += [
            ("PyTorch", env["torch"]),
            ("Python", env["python"]),
            (labels["profile"], self.results.profile or "-"),
            (labels["date"], self.results.created),
            (labels["commit"], env.get("git_commit") or "-"),
        ]
        body = "".join(f"<tr><th>{html.escape(str(k))}</th><td>{html.escape(str(v))}</td></tr>" for k, v in rows)
        return HTML(f'<table class="mpsarticle-card">{body}</table>')

    def data_links(self) -> Any:
        """Links to this build's raw data, published beside the pages."""
        from IPython.display import HTML

        text = {"en": "Raw data of this build", "id": "Data mentah build ini"}[self.lang]
        # Chapters sit at the top of each language's tree, so data/ is beside them.
        links = " · ".join(f'<a href="data/{name}">{name}</a>' for name in DATA_FILES)
        return HTML(f'<p class="mpsarticle-data">{text}: {links}</p>')


    def methods_table(self) -> Any:
        """Naive, engine and event times per device and size (suite ``matvec``), as HTML."""
        from IPython.display import HTML

        labels = TABLE_LABELS[self.lang]
        head = "".join(f"<th>{html.escape(text)}</th>" for text in labels)
        rows = []
        for device in self.results.devices:
            for size, engine in analysis.series(self.results, workload="matvec", device=device, suite="matvec"):
                got = {p.method: p for p in self.results.select(workload="matvec", device=device, suite="matvec", m=size) if p.ok}
                cells = [device_label(device), whole(size, self.lang)]
                cells += [duration(got[m].median_s, self.lang) if m in got else "–" for m in ("naive", "engine", "events")]
                cells.append(ratio(engine.median_s / got["naive"].median_s, self.lang) if "naive" in got else "–")
                rows.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>")
        return HTML(f'<table class="mpsarticle-table"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>')


TABLE_LABELS = {
    "en": ("Device", "m", "naive timeit", "engine (synchronised)", "device events", "engine ÷ naive"),
    "id": ("Perangkat", "m", "timeit naif", "mesin ukur (tersinkron)", "event perangkat", "mesin ukur ÷ naif"),
}

CARD_LABELS = {
    "en": {"os": "Operating system", "cpu": "CPU", "threads": "threads used", "memory": "Memory",
           "unavailable": "not usable", "profile": "Profile", "date": "Measured", "commit": "Commit"},
    "id": {"os": "Sistem operasi", "cpu": "CPU", "threads": "utas dipakai", "memory": "Memori",
           "unavailable": "tidak dapat dipakai", "profile": "Profil", "date": "Diukur", "commit": "Commit"},
}


def _gib(value: int | None, lang: str) -> str:
    return f"{number(value / 2**30, lang, 3)} GiB" if value else "-"
