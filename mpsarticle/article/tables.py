"""The article's HTML tables, every value escaped, every label from the catalogs.

Each function returns an HTML string; :class:`mpsarticle.page.Page` shows
it in the chapter. Values come from results files, which anyone can write
(the archive), so every cell passes through :func:`html.escape`.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from mpsarticle.analysis import series as analysis
from mpsarticle.analysis.findings.common import machine
from mpsarticle.analysis.findings.llm import (
    MlxPair,
    PromptRead,
    attention,
    context_slowdown,
    contexts,
    decoding,
    mlx_beside,
    prompts,
    step_ways,
)
from mpsarticle.analysis.findings.matmul import matmul
from mpsarticle.analysis.findings.matvec import Bandwidth, bandwidths
from mpsarticle.analysis.findings.method import processes
from mpsarticle.analysis.findings.timing import naive_timing
from mpsarticle.analysis.verdict import Area, verdict
from mpsarticle.article.formatting import (
    bounds,
    duration,
    interval_digits,
    ratio_interval,
    reading_date,
    reading_name,
)
from mpsarticle.article.reasons import reason_text
from mpsarticle.article.selfcheck_words import point_words, reference_words, row_gap_percent, row_ratio_digits
from mpsarticle.article.sentences.common import describe_points
from mpsarticle.article.wording import (
    Billions,
    Bytes,
    Choice,
    Count,
    Factor,
    Listing,
    Num,
    Phrase,
    Rate,
    Said,
    Seconds,
    Share,
    Size,
    Text,
    Words,
)
from mpsarticle.core.mps_issues import known_issues, status
from mpsarticle.core.specs import Decode
from mpsarticle.core.stats import FASTER, SLOWER
from mpsarticle.core.vendor import peaks_for
from mpsarticle.results.model import Point, ResultSet
from mpsarticle.results.selfcheck import Row

__all__ = ["ARCHIVE_FILE", "against_bound", "attention_against", "attention_rows", "attention_table", "bandwidth_rows",
           "bandwidth_source", "bandwidth_table", "contexts_rows", "contexts_table", "data_links", "decode_rows",
           "decode_table", "device_card",
           "families_table", "folded", "html_table", "machines_table", "matmul_rows", "matmul_same_rows",
           "matmul_same_table", "matmul_table", "memory_rows", "memory_table", "methods_table",
           "mlx_rows", "mlx_table", "post_rows", "post_table", "processes_rows", "processes_table", "prompt_rows",
           "prompt_table",
           "selfcheck_table", "selfcheck_table_rows", "vendor_peaks_table", "ways_table", "where_cell", "where_rows",
           "table_row", "where_table"]

DATA_FILES = ("results.json", "results.csv", "predictions.csv")
#: The archive's machines, as the machines chapter draws them: one file at the site's root for every language.
ARCHIVE_FILE = "machines.csv"


#: A number and its unit, which a cell that wraps must not part (a no-break space joins them).
_UNIT = re.compile(r"(\d) (?=(?:[µmn]?s|[KMGT]i?B|[kMGT]B|[GT]FLOP/s|[kMGT]B/s)(?![\w/]))")


def _joined(text: str) -> str:
    """``text`` with each number joined to its unit, and ``m = 1,024`` held together, by no-break spaces."""
    return re.sub(r"\b([mn]) = (?=\d)", "\\1\u00a0=\u00a0", _UNIT.sub("\\1\u00a0", text))


#: A cell that is a number (a count, a time, a rate, a ratio; or a dash where there is none): aligned on the right.
_NUMBER = re.compile(r"^(?:[\d.,]+(?:\u00a0\S+)?(?: \[.*\])?|[–-])$")


#: A cell that is a date (``2026-12-07``): kept on one line, since a break at its hyphen reads as two values.
_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class Plain(str):
    """A cell's text that looks like a number but is a name (a version: ``2.14``): aligned as text, on the left."""


def _cell(value: object, tag: str) -> str:
    text = _joined(str(value))
    number = tag == "td" and not isinstance(value, Plain) and _NUMBER.match(text)
    opening = f'{tag} class="num"' if number else f'{tag} class="date"' if _DATE.match(text) else tag
    shown = html.escape(text)
    if tag == "th":
        # A heading may break after a slash ("token/detik", "GB/s") where a narrow column needs it: a wide table of
        # eight columns then fits the page's column instead of overflowing it by a word.
        shown = shown.replace("/", "/<wbr>")
    return f"<{opening}>{shown}</{tag}>"


def _cells(values: Iterable[object], tag: str = "td") -> str:
    return "".join(_cell(value, tag) for value in values)


def table_row(values: Iterable[object]) -> str:
    """One body row of :func:`html_table`, each cell aligned as its text reads (a number right, a name left)."""
    return f"<tr>{_cells(values)}</tr>"


def html_table(head: Sequence[str], rows: Iterable[str], extra_class: str = "") -> str:
    """A scrolling table: ``head`` escaped, ``rows`` HTML already (``<tr>…</tr>`` each)."""
    classes = "mpsarticle-table" + (f" {extra_class}" if extra_class else "")
    return (f'<div class="mpsarticle-scroll"><table class="{classes}"><thead><tr>{_cells(head, "th")}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>')


def rows_table(head: Sequence[str], rows: Sequence[Sequence[str]], extra_class: str = "") -> str:
    """A table of one device's row or more. One row alone is turned on its side: the first heading and cell (the
    device) head it, and each other heading stands beside its cell, so that a reader matches no wall of headings
    to a single line."""
    if not rows:
        return ""
    if len(rows) == 1:
        [row] = rows
        lines = [f"<tr>{_cells((name, cell))}</tr>" for name, cell in zip(head[1:], row[1:], strict=True)]
        return html_table((head[0], row[0]), lines, f"{extra_class} mpsarticle-turned".strip())
    return html_table(head, [f"<tr>{_cells(row)}</tr>" for row in rows], extra_class)


def memory(value: object, words: Words) -> str:
    """An amount of memory from a results file (``16.0 GiB``), or a dash where the file gives none."""
    return words.render(Bytes(value)) if isinstance(value, (int, float)) and value else "-"


def device_card(results: ResultSet, words: Words) -> str:
    """This build's hardware and software, one row per fact."""
    env = results.environment
    lang = words.lang
    label = results.label_in(lang)
    rows: list[tuple[str, object]] = [(words("column.machine"), label)] if label else []
    threads = analysis.cpu_threads(results)
    rows += [
        (words("card.os"), f"{env['os']} ({env.get('arch', '')})"),
        (words("column.cpu"), f"{reading_name(str(env['cpu']))}, {words.render(Count(threads)) if threads else '?'} "
                            f"{words('card.threads')}"),
        (words("column.memory"), memory(env.get("memory_bytes"), words)),
    ]
    for name, device in env["devices"].items():
        if name != "cpu":
            rows.append((words.device(name), f"{reading_name(str(device['name']))} — {device.get('backend', '')}, "
                                             f"{memory(device.get('memory_bytes'), words)}"))
    for name, why in env.get("unavailable", {}).items():
        rows.append((words.device(name), f"{words('card.unavailable')}: {reason_text(why, words)}"))
    from mpsarticle.article.mac_tables import card_rows

    rows += card_rows(env, lang)
    rows += [
        ("PyTorch", env["torch"]),
        ("Python", env["python"]),
        ("PYTORCH_ENABLE_MPS_FALLBACK",
         words("card.fallback_on" if env.get("mps_fallback_to_cpu") else "card.fallback_off")),
        (words("column.profile"), results.profile or "-"),
        (words("column.measured"), reading_date(results.created, lang, time=True)),
        (words("card.commit"), commit(env.get("git_commit"), words)),
    ]
    body = "".join(f"<tr><th>{html.escape(str(k))}</th><td>{html.escape(str(v))}</td></tr>" for k, v in rows)
    return f'<div class="mpsarticle-scroll"><table class="mpsarticle-card">{body}</table></div>'


#: How mpsarticle.measure.environment.git_commit marks a commit whose checkout had uncommitted changes to tracked files.
DIRTY = "+dirty"


def commit(value: object, words: Words) -> str:
    """A results file's commit as the card shows it: ``abc123 (with uncommitted changes)`` for ``abc123+dirty``."""
    text = str(value or "-")
    if text.endswith(DIRTY):
        return f"{text[:-len(DIRTY)]} ({words('card.dirty')})"
    return text


def data_links(words: Words) -> str:
    """Links to this build's raw data, published beside the pages (chapters sit at the top of each tree)."""
    links = " · ".join(f'<a href="data/{name}">{name}</a>' for name in DATA_FILES)
    return f'<p class="mpsarticle-data">{html.escape(words("data_links"))}: {links}</p>'


#: The machines, as two tables that each fit a desktop's column: the hardware, then the software and the data.
MACHINE_COLUMNS = ("column.machine", "column.cpu", "machines_table.threads", "column.memory",
                   "machines_table.accelerator")
SOFTWARE_COLUMNS = ("column.machine", "machines_table.torch", "column.profile",
                    "column.measured", "machines_table.data")


def machines_table(entries: Sequence[tuple[str, ResultSet, str | None]], words: Words,
                   same_machine: Sequence[tuple[str, str | None]] = ()) -> str:
    """One row per machine (label, results, link to its data), this build first, in two tables: its hardware, and
    its software with the link to its data (nine columns in one would not fit a page's column); ``same_machine``
    are the archive's files (label, link) from this build's own machine and software, left out and named in a
    note."""
    hardware, software = [], []
    for label, results, link in entries:
        env = results.environment
        accelerators = [f"{d.get('name', kind)} ({d.get('backend', kind)})"
                        for kind, d in env["devices"].items() if kind != "cpu"]
        threads = analysis.cpu_threads(results)
        installed = env.get("memory_bytes")
        cells = [label, reading_name(str(env["cpu"])),
                 words.render(Count(threads)) if isinstance(threads, int) else "-",
                 memory(installed if isinstance(installed, int) else None, words),
                 "; ".join(accelerators) or words("machines_table.none")]
        hardware.append(f"<tr>{_cells(cells)}</tr>")
        data = f'<td><a href="{html.escape(link)}">JSON</a></td>' if link else "<td>-</td>"
        software.append(f"<tr>{_cells([label, Plain(env['torch']), results.profile or '-', results.created[:10]])}"
                        f"{data}</tr>")
    table = (html_table([words(key) for key in MACHINE_COLUMNS], hardware, "mpsarticle-machines")
             + html_table([words(key) for key in SOFTWARE_COLUMNS], software, "mpsarticle-machines"))
    if len(entries) > 1:
        # Pages sit in a language's folder; the summary at the site's root serves both.
        table += (f'<p class="mpsarticle-data">{html.escape(words("machines_table.summary"))}: '
                  f'<a href="../data/{ARCHIVE_FILE}">{ARCHIVE_FILE}</a></p>')
    if not same_machine:
        return table
    files = words.join([f'<a href="{html.escape(link)}">{html.escape(label)}</a>' if link else html.escape(label)
                        for label, link in same_machine])
    note = html.escape(words("machines_table.same_machine", files="\0", count=Count(len(same_machine))))
    note = note.replace("\0", files)
    return f'{table}<p class="mpsarticle-note">{note}</p>'



FAMILY_COLUMNS = ("machines_table.family", "machines_table.kind", "machines_table.machines")


def families_table(entries: Sequence[tuple[str, ResultSet]], words: Words) -> str:
    """The archived machines counted by chip family (:mod:`mpsarticle.analysis.families`), the kinds in order and
    each kind's largest families first."""
    from mpsarticle.analysis.families import by_family

    rows = []
    for family, members in by_family(entries).items():
        cells = [family.name, words("machines_table.kind_of", kind=Choice(family.kind)),
                 words.render(Count(len(members)))]
        rows.append(f"<tr>{_cells(cells)}</tr>")
    return html_table([words(key) for key in FAMILY_COLUMNS], rows, "mpsarticle-families")


def folded(content: str, summary: str) -> str:
    """``content`` folded under a line that says what it holds (a reader opens it to search it)."""
    return (f'<details class="mpsarticle-folded"><summary>{html.escape(summary)}</summary>{content}'
            "</details>")


SELFCHECK_COLUMNS = ("column.device", "selfcheck_table.point", "selfcheck_table.reference",
                     "selfcheck_table.engine", "selfcheck_table.reference_interval", "selfcheck_table.ratio",
                     "selfcheck_table.verdict")


def selfcheck_table_rows(rows: Sequence[Row], words: Words) -> tuple[Said, ...]:
    """One row per point and reference, as typed values (what the oracle reads): the point and the reference in
    words, each method's value and 95 % interval across processes, their ratio and how far apart the intervals lie
    (with the digits that show their side of the tolerance; no gap where the intervals overlap), the tolerance,
    and the verdict."""
    found = []
    for row in rows:
        values: dict = dict(device=words.device(row.device), point=Text(point_words(row, words)),
                            reference=reference_words(row, words), engine=Seconds(row.engine_median_s),
                            engine_low=Seconds(row.engine_ci_low_s), engine_high=Seconds(row.engine_ci_high_s),
                            theirs=Seconds(row.reference_median_s), theirs_low=Seconds(row.reference_ci_low_s),
                            theirs_high=Seconds(row.reference_ci_high_s), ratio=Num(row.ratio, row_ratio_digits(row)),
                            tolerance=Share(row.tolerance), verdict=Choice(row.verdict))
        if row.gap > 0:
            values["gap"] = row_gap_percent(row)
        found.append(Said("table.selfcheck", values))
    return tuple(found)


def selfcheck_table(rows: Sequence[Row], words: Words) -> str:
    """The engine against references (:func:`selfcheck_table_rows`), one row per point and reference."""
    def interval(v: Mapping[str, Any], name: str) -> str:
        median, low, high = (words.render(v[key]) for key in (name, f"{name}_low", f"{name}_high"))
        # The site's interval notation, the unit once where both ends share it: "50.1 µs [48.9–53.6 µs]".
        low_number, _, low_unit = low.rpartition(" ")
        if low_number and low_unit == high.rpartition(" ")[2]:
            return f"{median} [{low_number}–{high}]"
        return f"{median} [{low}–{high}]"

    body = []
    for row in selfcheck_table_rows(rows, words):
        v = row.values
        if v["verdict"] == Choice("outside"):
            verdict = f"{words('selfcheck_table.outside')} ±{words.render(v['tolerance'])}"
        else:
            verdict = words("selfcheck_table.agrees" if v["verdict"] == Choice("agrees") else "selfcheck_table.unclear")
        # How far apart the intervals lie goes with the verdict it decides (nothing where they overlap): a column of
        # its own would not fit a page 1,280 px wide beside two intervals.
        if "gap" in v:
            verdict = words("selfcheck_table.verdict_apart", verdict=Text(verdict), gap=v["gap"])
        cells = [v["device"], words.render(v["point"]), words.render(v["reference"]), interval(v, "engine"),
                 interval(v, "theirs"), words.render(v["ratio"]), verdict]
        body.append(f"<tr>{_cells(cells)}</tr>")
    return html_table([words(key) for key in SELFCHECK_COLUMNS], body, "mpsarticle-selfcheck")


METHODS_COLUMNS = ("column.device", "methods_table.m", "methods_table.naive", "method.engine",
                   "method.events", "methods_table.ratio")


def methods_table(results: ResultSet, words: Words) -> str:
    """Naive, engine and event times per device and size (suite ``matvec``)."""
    lang = words.lang
    rows = []
    for device in results.devices:
        for size, engine in analysis.series(results, workload="matvec", device=device, suite="matvec"):
            same = results.select(workload="matvec", device=device, suite="matvec", m=size)
            got = {p.method: p for p in same if p.ok}
            cells = [words.device(device), words.render(Size(size))]
            # Always as bounds: one column, one format (a "±" beside "(a–b)" makes the reader convert).
            cells += [_bounded(got[m], lang) if m in got else "–" for m in ("naive", "engine", "events")]
            cells.append(ratio_interval(analysis.compare(engine, got["naive"]), lang) if "naive" in got else "–")
            rows.append(f"<tr>{_cells(cells)}</tr>")
    return html_table([words(key) for key in METHODS_COLUMNS], rows)


def _bounded(point: Point, lang: str) -> str:
    """A point's median with its 95 % interval written as its bounds: ``20.3 µs [18.0–93.0 µs]``."""
    text = duration(point.measured_s, lang)
    if point.ci_low_s and point.ci_high_s and math.isfinite(point.ci_high_s):
        return f"{text} [{bounds(point.ci_low_s, point.ci_high_s, lang)}]"
    return text


def post_rows(results: ResultSet, words: Words) -> tuple[Said, ...]:
    """One row per blog post size timed both ways, as typed values (what the oracle reads), on the device the
    timing chapter's sentence on those sizes is about (the accelerator, else the CPU): the synchronised time over
    the naive one, and what that makes the naive figure (too short or too long by how much, within the margin,
    or too scattered to judge). Nothing where that device timed none of them both ways."""
    accelerator = machine(results).accelerator
    device = accelerator.kind if accelerator is not None else "cpu"
    timing = naive_timing(results).get(device)
    if timing is None:
        return ()
    # The ratio with the digits that show its side of 1, or two where its interval holds 1 (as the first table of
    # the chapter), and its interval, which is what decides the reading.
    return tuple(Said("table.post", dict(device=words.device(device), m=Size(s.size), **_post_ratio(s.ratio),
                                         verdict=Choice(s.verdict), factor=Factor(s.factor),
                                         margin=Factor(1 + analysis.AGREEMENT_MARGIN)))
                 for s in timing.sizes)


def _post_ratio(found) -> dict[str, Any]:
    """A ratio and its interval's ends as :func:`ratio_interval` writes them."""
    digits, low, high = interval_digits(found)
    return dict(ratio=Factor(found.value, digits), low=Num(found.low, low), high=Factor(found.high, high))


def post_table(results: ResultSet, words: Words) -> str:
    """The blog post's sizes timed both ways (:func:`post_rows`): the sizes the chapter's sentence on them
    concludes from, so that it names only the extremes; what each ratio makes of the naive figure in a column of
    its own only where that differs between sizes (the sentence below the table says it where it does not).
    Nothing where there are none."""
    rows = [row.values for row in post_rows(results, words)]
    if not rows:
        return ""
    readings = len({str(v["verdict"]) for v in rows}) > 1
    body = []
    for v in rows:
        ratio, low, high = (words.render(v[key]) for key in ("ratio", "low", "high"))
        cells = [words.render(v["m"]), f"{ratio} [{low}–{high}]"]
        body.append(f"<tr>{_cells(cells + ([words('post_table.cell', **v)] if readings else []))}</tr>")
    head = [words("methods_table.m"), words("methods_table.ratio")]
    head += [words("post_table.reading")] if readings else []
    return html_table(head, body)


def matmul_rows(results: ResultSet, words: Words) -> tuple[Said, ...]:
    """One row per precision, as typed values (what the oracle reads): the CPU's best rate of ``A @ B`` and the
    size it was reached at (or why it has none), the accelerator's likewise, and where both have one, the
    accelerator's best over the CPU's with its interval. Nothing where no matrix product was tried."""
    found = matmul(results)
    best = {c.dtype: c.best for c in found.comparisons if c.best is not None}
    rows = []
    for dtype in dict.fromkeys(p.dtype for p in found.precisions):
        values: dict = dict(dtype=Text(dtype))
        if found.device:
            values["device"] = words.device(found.device)
        for side, device in (("cpu", "cpu"), ("acc", found.device)):
            mine = next((p for p in found.on(device) if p.dtype == dtype), None) if device else None
            if mine is None:
                continue
            if mine.gflop_s is not None and mine.size is not None:
                values.update({f"{side}_rate": Rate(mine.gflop_s, "GFLOP/s"), f"{side}_size": Size(mine.size)})
            else:
                values[f"{side}_missing"] = Choice(mine.status)
        top = best.get(dtype)
        if top is not None:
            values.update(factor=Factor(top.ratio.value), low=_low(top.ratio.low), high=Factor(top.ratio.high))
        rows.append(Said("table.matmul", values))
    return tuple(rows)


def _low(value: float) -> Num:
    """An interval's low end, with the digits a factor beside it has (two below 10, three above), so that "25–59.5×"
    does not read as two precisions."""
    return Num(value, 3 if value >= 10 else 2)


def matmul_table(results: ResultSet, words: Words) -> str:
    """Per precision, each device's best rate of ``A @ B`` at the size it was reached (or why it has none), and
    the accelerator's best over the CPU's with its interval (:func:`matmul_rows`): the numbers the chapter's
    sentences conclude from, so that they need not list them. Nothing where no matrix product was tried."""
    found = matmul(results)
    devices = ["cpu"] + [d for d in [found.device] if d]
    rows = matmul_rows(results, words)
    # One unit for the whole table, so that no reader converts GFLOP/s to TFLOP/s between two cells of a row.
    rates = [v[f"{side}_rate"].value for v in (r.values for r in rows) for side in ("cpu", "acc")
             if f"{side}_rate" in v]
    tera = bool(rates) and max(rates) >= 10_000
    body = []
    for row in rows:
        v = row.values
        cells = [words.render(v["dtype"])]
        for side in ("cpu", "acc")[:len(devices)]:
            if f"{side}_rate" in v:
                rate = Rate(v[f"{side}_rate"].value / 1000, "TFLOP/s") if tera else v[f"{side}_rate"]
                cells.append(words("column.best.rate", rate=rate, size=v[f"{side}_size"]))
            elif f"{side}_missing" in v:
                cells.append(words.render(Phrase.of("missing", status=v[f"{side}_missing"],
                                                    dtypes=Listing((v["dtype"],)))))
            else:
                cells.append("–")
        if found.device:
            cells.append(f"{words.render(v['factor'])} [{words.render(v['low'])}–{words.render(v['high'])}]"
                         if "factor" in v else "–")
        body.append(f"<tr>{_cells(cells)}</tr>")
    if not body:
        return ""
    head = [words("column.precision")] + [words("column.best", device=words.device(d)) for d in devices]
    if found.device:
        head.append(words("column.best_ratio", device=words.device(found.device)))
    return html_table(head, body)


def matmul_same_rows(results: ResultSet, words: Words) -> tuple[Said, ...]:
    """One row per precision and size both devices measured, as typed values (what the oracle reads): the
    accelerator's rate over the CPU's there, and what its interval reads as (faster, slower, level, or too noisy
    to tell): the reading, not the interval, is shown, as a ratio's middle need not lie inside its interval.
    Nothing where no size was measured on both."""
    found = matmul(results)
    rows = []
    for precision in found.compared:
        for c in precision.comparisons:
            rows.append(Said("table.matmul_same", dict(
                device=words.device(found.device or ""), dtype=Text(precision.dtype), m=Size(c.size),
                factor=Factor(c.speedup.value), low=_low(c.speedup.low), high=Factor(c.speedup.high),
                reading=Choice(c.reading))))
    return tuple(rows)


def matmul_same_table(results: ResultSet, words: Words) -> str:
    """The accelerator against the CPU at each size both measured, per precision (:func:`matmul_same_rows`): the
    ratios the chapter's sentence on who is faster concludes from. Nothing where no size was measured on both."""
    rows = matmul_same_rows(results, words)
    if not rows:
        return ""
    device = rows[0].values["device"]
    # The reading column is shown only where it varies: the sentence above the table says what a constant one
    # would repeat on every row.
    varies = len({str(r.values["reading"]) for r in rows}) > 1
    body = []
    for row in rows:
        v = row.values
        cells = [words.render(v["dtype"]), words.render(v["m"]),
                 words("column.same.interval", factor=v["factor"], low=v["low"], high=v["high"])]
        if varies:
            cells.append(words("column.same.reading", reading=v["reading"], device=device))
        body.append(f"<tr>{_cells(cells)}</tr>")
    head = [words("column.precision"), words("methods_table.m"), words("column.same.ratio", device=device)]
    if varies:
        head.append(words("column.same.faster"))
    return html_table(head, body, "mpsarticle-same-size")


#: The columns of the table of a GPU's published peaks.
VENDOR_COLUMNS = ("vendor.column.quantity", "vendor.column.value", "vendor.column.conditions", "column.source",
                  "your_mac.sources.licence")


def vendor_peaks_table(results: ResultSet, words: Words) -> str:
    """The peaks the vendor publishes for this build's accelerator (mpsarticle.core.vendor), each row with its
    conditions, the source it was read at and its licence: cited, in a table of their own beside the measured
    rates, never in their columns. Where every source has the same licence, it is said once under the table
    rather than in a column that repeats it. Nothing where the data file lists no figure for the accelerator."""
    rows, licences, named = [], [], ""
    for kind, device in results.environment.get("devices", {}).items():
        if kind == "cpu" or not isinstance(device, dict):
            continue
        for peak in peaks_for(str(device.get("name", ""))):
            named = peak.gpu
            cells = _cells([words("vendor.quantity", quantity=Choice(peak.quantity)),
                            words.render(Rate(peak.value * (1e3 if peak.unit == "TFLOP/s" else 1),
                                              "GFLOP/s" if peak.unit == "TFLOP/s" else "GB/s")),
                            words("vendor.conditions", conditions=Choice(peak.conditions))])
            host = peak.source.split("/")[2]
            rows.append(f'{cells}<td><a href="{html.escape(peak.source)}">{html.escape(host)}</a></td>')
            licences.append(words("your_mac.licence.none") if peak.licence.startswith("none stated")
                            else peak.licence)
    if not rows:
        return ""
    shared = len(set(licences)) == 1
    columns = VENDOR_COLUMNS[:-1] if shared else VENDOR_COLUMNS
    body = [f"<tr>{row}</tr>" if shared else f"<tr>{row}{_cells([licence])}</tr>"
            for row, licence in zip(rows, licences, strict=True)]
    table = html_table([words(key) for key in columns], body, "mpsarticle-vendor-peaks")
    caption = html.escape(words("vendor.caption", gpu=Text(named)))
    table = table.replace("<thead>", f"<caption>{caption}</caption><thead>", 1)
    if shared:
        table += f'<p class="mpsarticle-note">{html.escape(words("vendor.licence", licence=Text(licences[0])))}</p>'
    return table


#: The columns of the table of known MPS problems.
ISSUE_COLUMNS = ("mps_issues.column.problem", "mps_issues.column.chips", "mps_issues.column.fixed",
                 "this_build")


def mps_issues_table(results: ResultSet, words: Words) -> str:
    """The known MPS problems (mpsarticle.core.mps_issues), each linked to its PyTorch issues, and whether each
    applies to this build's torch, chip and macOS."""
    env = results.environment
    rows = []
    for issue in known_issues():
        links = ", ".join(f'<a href="https://github.com/{i.replace("#", "/issues/")}">{html.escape(i)}</a>'
                          for i in issue.issues)
        what = html.escape(words("mps_issues.what", problem=Choice(issue.key)))
        chips = words.join([Text(c) for c in issue.chips]) if issue.chips else words("mps_issues.every_chip")
        if issue.macos_from is not None:
            chips += " " + words("mps_issues.from_macos", macos=Text(str(issue.macos_from)))
        version = "{}.{}".format(*issue.fixed_in) if issue.fixed_in else None
        fixed = (words("mps_issues.partly", version=Text(version)) if version and issue.partly else Plain(version or "")
                 or words("mps_issues.not_fixed", problem=Choice(issue.key)))
        here = words("mps_issues.here", status=Choice(status(issue, env)), torch=Text(str(env.get("torch", "?"))))
        # The reports on a line of their own: several problems end in a parenthesis already.
        rows.append((f"<td>{what}<br>{links}</td>{_cells([chips, fixed])}", _cells([here])))
    # A build that measured no Apple GPU would repeat "does not apply" on every row: it says so once, above.
    if all(status(issue, env) == "no_apple_gpu" for issue in known_issues()):
        lead = html.escape(words("mps_issues.none_here", torch=Text(str(env.get("torch", "?")))))
        table = html_table([words(key) for key in ISSUE_COLUMNS[:-1]], [f"<tr>{row}</tr>" for row, _ in rows],
                           "mpsarticle-mps-issues")
        return f"<p>{lead}</p>{table}"
    return html_table([words(key) for key in ISSUE_COLUMNS], [f"<tr>{row}{here}</tr>" for row, here in rows],
                      "mpsarticle-mps-issues")


#: The columns of the table of ways to run the decode step.
WAYS_COLUMNS = ("column.device", "ways.column.way", "ways.column.kernels", "ways.column.launches",
                "ways.column.tokens", "ways.column.share")


def ways_table(results: ResultSet, words: Words) -> str:
    """Per device, each way its decode step was run (eager, replayed, compiled): kernels and host launches per
    token, tokens per second with their interval, and the share of the size-matched bound."""
    rows = []
    for one in step_ways(results):
        # A device with its eager step alone, no kernels counted and no bound of its own, would fill a row with
        # dashes: its step stands in the decode table already.
        if sum(way.step is not None for way in one.ways) < 2 and one.bound_tokens_per_s is None:
            continue
        for way in one.ways:
            step = way.step
            if step is None:
                continue
            low, high = step.tokens_interval
            share = one.share(way)
            cells = [words.device(one.device),
                     words("ways.mode", mode=Choice(way.mode), how=Choice(way.how or "none")),
                     words.render(Count(way.kernels)) if way.kernels is not None else "–",
                     words.render(Count(way.launches)) if way.launches is not None else "–",
                     f"{words.render(Num(step.tokens_per_s))} [{words.render(Num(low))}–{words.render(Num(high))}]",
                     words.render(Share(share)) if share is not None else "–"]
            rows.append(f"<tr>{_cells(cells)}</tr>")
    return html_table([words(key) for key in WAYS_COLUMNS], rows, "mpsarticle-ways") if rows else ""


#: The columns of the decode table, and the keys of a row's values (:func:`decode_rows`) each cell shows.
DECODE_COLUMNS = ("column.device", "decode.column.model", "column.precision", "ways.column.tokens",
                  "decode.column.bytes", "decode.column.bound", "decode.column.rate", "decode.column.share",
                  "decode.column.ops", "decode.column.cost")


def decode_rows(results: ResultSet, words: Words) -> tuple[Said, ...]:
    """One row per device whose eager decode step was measured well, as typed values (what the oracle reads): the
    model, tokens per second with their 95 % interval, the bytes a token reads, the bound and the rate it rests
    on (its own matrices read alone, or ``B @ a`` at its size), the share of it reached, and the operations a
    token dispatches with their fixed cost (one small operation's, times their number) against the step's time."""
    rows = []
    for one in decoding(results):
        step = one.eager
        if step is None:
            continue
        low, high = step.tokens_interval
        values: dict = dict(device=words.device(one.device), params=Billions(one.parameters, fraction_digits=1),
                            dtype=Text(one.dtype), tokens=Num(step.tokens_per_s), low=Num(low), high=Num(high),
                            bytes=Bytes(one.bytes_per_token, binary=False), time=Seconds(step.seconds))
        share, rate, bound = one.share(step), one.rate_gb_s, one.bound_tokens_per_s
        if share is not None and rate is not None and bound is not None and one.bound_basis is not None:
            values.update(bound=Num(bound), rate=Rate(rate, "GB/s"), basis=Choice(one.bound_basis),
                          share=Share(share[0]))
            if one.bound_basis == "best" and one.band is not None:
                values["m"] = Size(one.band.memory_size)
            if one.bound_basis == "copy" and one.band is not None and one.band.cache_bytes:
                values["cache"] = Bytes(one.band.cache_bytes)
        if step.ops is not None:
            values["ops"] = Count(step.ops)
            if one.overhead_s is not None:
                values["total"] = Seconds(one.overhead_s)
        rows.append(Said("table.decode", values))
    return tuple(rows)


def decode_table(results: ResultSet, words: Words) -> str:
    """The eager decode step per device (:func:`decode_rows`), a dash where a value was not measured."""
    body = []
    for row in decode_rows(results, words):
        v = row.values
        rate = words("decode.cell.rate", basis=v["basis"], rate=v["rate"],
                     **{k: v[k] for k in ("m", "cache") if k in v}) if "basis" in v else "–"
        cost = words("decode.cell.cost", total=v["total"], time=v["time"]) if "total" in v else "–"
        cells = [v["device"], words.render(v["params"]), words.render(v["dtype"]),
                 f"{words.render(v['tokens'])} [{words.render(v['low'])}–{words.render(v['high'])}]",
                 words.render(v["bytes"]), words.render(v["bound"]) if "bound" in v else "–", rate,
                 words.render(v["share"]) if "share" in v else "–",
                 words.render(v["ops"]) if "ops" in v else "–", cost]
        body.append(cells)
    return rows_table([words(key) for key in DECODE_COLUMNS], body)


#: The columns of the table of longer contexts (:func:`contexts_rows`).
CONTEXTS_COLUMNS = ("column.device", "decode.column.context", "decode.column.cache", "decode.column.eager",
                    "decode.column.replayed", "decode.column.bound")


def contexts_rows(results: ResultSet, words: Words) -> tuple[Said, ...]:
    """One row per context of each accelerator whose eager step was measured well at two contexts or more, as
    typed values (what the oracle reads): the context, the cache's share of a token's bytes, the step's tokens per
    second eager and replayed, each with its 95 % interval (replayed only where measured well), and the bound from
    bandwidth with the cache's bytes counted (where a rate was measured)."""
    rows = []
    for device, ladder in contexts(results).items():
        if context_slowdown(ladder) is None:
            continue
        for one in ladder:
            if one.eager is None:
                continue
            values: dict = dict(device=words.device(device), context=Size(one.context),
                                cache=Share(one.cache_share))
            for name, step in (("eager", one.eager), ("graph", one.graph)):
                if step is not None:
                    low, high = step.tokens_interval
                    values.update({name: Num(step.tokens_per_s), f"{name}_low": Num(low),
                                   f"{name}_high": Num(high)})
            if one.bound_tokens_per_s is not None:
                values["bound"] = Num(one.bound_tokens_per_s)
            rows.append(Said("table.contexts", values))
    return tuple(rows)


def contexts_table(results: ResultSet, words: Words) -> str:
    """The decoder at each context (:func:`contexts_rows`), a dash where a value was not measured; nothing where
    no accelerator measured two contexts."""
    body = []
    for row in contexts_rows(results, words):
        v = row.values
        steps = [f"{words.render(v[name])} [{words.render(v[f'{name}_low'])}–{words.render(v[f'{name}_high'])}]"
                 if name in v else "–" for name in ("eager", "graph")]
        cells = [v["device"], words.render(v["context"]), words.render(v["cache"]), *steps,
                 words.render(v["bound"]) if "bound" in v else "–"]
        body.append(f"<tr>{_cells(cells)}</tr>")
    return html_table([words(key) for key in CONTEXTS_COLUMNS], body) if body else ""


#: The columns of the prompt table (:func:`prompt_rows`).
PROMPT_COLUMNS = ("column.device", "prefill.column.tokens", "column.precision", "ways.column.tokens",
                  "prefill.column.compute", "prefill.column.product", "prefill.column.share", "prefill.column.bytes",
                  "prefill.column.limit")


def against_bound(read: PromptRead, bound: float, point: Point) -> tuple[str, Share | Factor | None]:
    """Where the prompt's rate stands against a bound: ``below`` it (a share), ``at`` it where the median is above
    but the prompt's 95 % interval reaches the bound's (a rate measured on another workload, with its own
    interval: a few percent over it is noise), ``above`` it where the whole interval lies beyond the bound's (the
    bound does not hold for this prompt; a factor says by how much)."""
    share = read.tokens_per_s / bound
    if share < 1:
        return "below", Share(share)
    seconds = point.measured_s
    bound_high = bound * seconds / (point.ci_low_s or seconds)
    low, _ = read.tokens_interval
    return ("at", None) if low <= bound_high else ("above", Factor(share))


def prompt_rows(results: ResultSet, words: Words) -> tuple[Said, ...]:
    """One row per device and precision that read a prompt well, as typed values (what the oracle reads): the
    prompt's tokens per second with their 95 % interval, the bound its best matrix product in that precision
    allows and that product's rate and size, the share of that bound reached, the bound from reading the weights
    once at the rate of ``B @ a``, and what limits it
    (:attr:`~mpsarticle.analysis.findings.llm.PromptRead.limit`; ``unknown`` where no bound or no operation's
    cost was measured well)."""
    rows = []
    for reads in prompts(results):
        for one in reads:
            low, high = one.tokens_interval
            values: dict = dict(device=words.device(one.device), prompt=Size(one.tokens), dtype=Text(one.dtype),
                                tokens=Num(one.tokens_per_s), low=Num(low), high=Num(high),
                                limit=Choice(one.limit or "unknown"))
            if one.product is not None and one.compute_bound is not None and one.share is not None:
                values.update(bound=Num(one.compute_bound), mm=Rate(one.product.gflop_s or 0.0, "GFLOP/s"),
                              m=Size(int(one.product.params["m"])))
                # The share cell reads the bound as the sentence does: a share below it, else at it within noise,
                # else above it by a factor (a share over 100 % would read as more than the bound allows).
                side, against = against_bound(one, one.compute_bound, one.product)
                values["side"] = Choice(side)
                if isinstance(against, Share):
                    values["share"] = against
                elif against is not None:
                    values["factor"] = against
            if one.bytes_bound is not None:
                values["bytes_bound"] = Num(one.bytes_bound)
            rows.append(Said("table.prompt", values))
    return tuple(rows)


def _figures(value: Num, words: Words) -> str:
    """A count of tokens per second to three significant figures: ``31,800``, not ``31,775``, whose last digits an
    interval twice as wide leaves meaningless."""
    return words.render(Num(float(f"{value.value:.2e}")))


def _tera(rows: Sequence[Said], *keys: str) -> bool:
    """Whether a table's GFLOP/s rates are written in TFLOP/s: where one of them reaches 10,000, as the matrix
    product's table does, so that one rate reads the same in every chapter's table."""
    return any(row.values[key].value >= 10_000 for row in rows for key in keys if key in row.values)


def _in(rate: Rate, tera: bool) -> Rate:
    return Rate(rate.value / 1000, "TFLOP/s") if tera and rate.unit == "GFLOP/s" else rate


def prompt_table(results: ResultSet, words: Words) -> str:
    """The prompt read at once per device and precision (:func:`prompt_rows`), a dash where a value was not
    measured."""
    body = []
    rows = prompt_rows(results, words)
    tera = _tera(rows, "mm")
    for row in rows:
        v = row.values
        product = words("prefill.cell.product", mm=_in(v["mm"], tera), m=v["m"]) if "mm" in v else "–"
        cells = [v["device"], words.render(v["prompt"]), words.render(v["dtype"]),
                 f"{_figures(v['tokens'], words)} [{_figures(v['low'], words)}–{_figures(v['high'], words)}]",
                 _figures(v["bound"], words) if "bound" in v else "–", product,
                 words("prefill.cell.share", side=v["side"], **{k: v[k] for k in ("share", "factor") if k in v})
                 if "side" in v else "–",
                 _figures(v["bytes_bound"], words) if "bytes_bound" in v else "–",
                 words("prefill.cell.limit", limit=v["limit"])]
        body.append(cells)
    return rows_table([words(key) for key in PROMPT_COLUMNS], body)


#: The columns of the attention table (:func:`attention_rows`).
ATTENTION_COLUMNS = ("column.device", "column.precision", "attention.column.rate", "attention.column.call",
                     "attention.column.product", "attention.column.share")


def attention_against(share: float) -> Share | Factor:
    """Attention's rate against the best matrix product's: a share below the product (``77%``), a factor from it
    on (``16×``). Attention can outrun the product of its precision where that product is slow, a CPU's emulated
    bfloat16 say; a percentage such as ``1,613%`` would then read as a share of something it exceeds."""
    return Share(share) if share < 1 else Factor(share)


def attention_rows(results: ResultSet, words: Words) -> tuple[Said, ...]:
    """One row per device and precision whose attention was measured well, as typed values (what the oracle
    reads): attention's best rate and the call it was reached at, the best matrix product in that precision and
    its size, and attention's share of it."""
    rows = []
    for best in attention(results, None).bests:
        values: dict = dict(device=words.device(best.device), dtype=Text(best.dtype),
                            rate=Rate(best.gflop_s, "GFLOP/s"), seq=Size(best.seq), dim=Size(best.head_dim))
        if best.matmul_gflop_s and best.share is not None:
            values.update(mm=Rate(best.matmul_gflop_s, "GFLOP/s"), m=Size(best.matmul_size or 0),
                          share=attention_against(best.share))
        rows.append(Said("table.attention", values))
    return tuple(rows)


def attention_table(results: ResultSet, words: Words) -> str:
    """Attention's best rate per device and precision beside the best matrix product's (:func:`attention_rows`)."""
    body = []
    rows = attention_rows(results, words)
    tera = _tera(rows, "rate", "mm")
    for row in rows:
        v = row.values
        cells = [v["device"], words.render(v["dtype"]), words.render(_in(v["rate"], tera)),
                 words("attention.call", seq=v["seq"], dim=v["dim"]),
                 words("prefill.cell.product", mm=_in(v["mm"], tera), m=v["m"]) if "mm" in v else "–",
                 words.render(v["share"]) if "share" in v else "–"]
        body.append(f"<tr>{_cells(cells)}</tr>")
    return html_table([words(key) for key in ATTENTION_COLUMNS], body) if body else ""


#: The columns of the MLX table (:func:`mlx_rows`).
MLX_COLUMNS = ("column.device", "column.workload", "mlx.column.size", "column.precision", "mlx.column.mlx",
               "mlx.column.torch", "mlx.column.outcome")


def _mlx_span(point: Point, workload: str) -> tuple[Num | Rate, Num | Rate]:
    """A point's published 95 % interval as its cell states its value: tokens per second for a decode step, else
    its rate (the slow end first)."""
    slow, fast = point.ci_high_s or point.measured_s, point.ci_low_s or point.measured_s
    if workload == "decode":
        return Num(1 / slow), Num(1 / fast)
    amount, unit = (point.bytes_moved, "GB/s") if workload == "matvec" else (point.flops, "GFLOP/s")
    return Rate(amount / slow / 1e9, unit), Rate(amount / fast / 1e9, unit)


def _mlx_value(point: Point, workload: str) -> Num | Rate:
    """What a cell states of a point: tokens per second for a decode step, else its rate."""
    if workload == "decode":
        return Num(1 / point.measured_s)
    rate, unit = ("gb_s", "GB/s") if workload == "matvec" else ("gflop_s", "GFLOP/s")
    return Rate(getattr(point, rate) or 0.0, unit)


def mlx_rows(results: ResultSet, words: Words) -> tuple[Said, ...]:
    """One row per workload that MLX and PyTorch both measured well at the same parameters, as typed values (what
    the oracle reads): PyTorch's device, the workload, its size (a decoder's parameters and context, else ``m``),
    the precision, each framework's value with its published 95 % interval, and which is faster by how much."""
    rows = []
    for one in mlx_beside(results):
        for pair in one.pairs:
            if not compared(pair):
                continue
            point, torch, ratio = pair.mlx, pair.torch, pair.ratio
            assert torch is not None and ratio is not None  # compared() says so
            direction = ratio.reading()
            values: dict = dict(device=words.device(one.counterpart), workload=Choice(pair.workload),
                                dtype=Text(str(point.params["dtype"])), direction=Choice(direction),
                                mlx=_mlx_value(point, pair.workload), torch=_mlx_value(torch, pair.workload))
            values["mlx_low"], values["mlx_high"] = _mlx_span(point, pair.workload)
            values["torch_low"], values["torch_high"] = _mlx_span(torch, pair.workload)
            if direction in (FASTER, SLOWER):
                values["factor"] = Factor(ratio.value if direction == FASTER else 1 / ratio.value)
            if pair.workload == "decode":
                values.update(params=Billions(Decode(**point.params).parameters, fraction_digits=1),
                              context=Size(int(point.params["context"])))
            else:
                values["m"] = Size(int(point.params["m"]))
            rows.append(Said("table.mlx", values))
    return tuple(rows)


def compared(pair: MlxPair) -> bool:
    """Whether MLX and PyTorch were set side by side at ``pair``: both measured well, with a ratio of the two."""
    return pair.ratio is not None and pair.torch is not None


def mlx_table(results: ResultSet, words: Words) -> str:
    """MLX beside PyTorch, workload by workload (:func:`mlx_rows`); nothing where no workload was compared."""
    body = []
    for row in mlx_rows(results, words):
        v = row.values
        workload = v["workload"]
        size = {k: v[k] for k in ("params", "context", "m") if k in v}
        factor = {"factor": v["factor"]} if "factor" in v else {}
        cells = [v["device"], words("mlx.cell.workload", workload=workload),
                 words("mlx.cell.size", workload=workload, **size), words.render(v["dtype"]),
                 f"{words.render(v['mlx'])} [{words.render(v['mlx_low'])}–{words.render(v['mlx_high'])}]",
                 f"{words.render(v['torch'])} [{words.render(v['torch_low'])}–{words.render(v['torch_high'])}]",
                 words("mlx.cell.outcome", direction=v["direction"], **factor)]
        body.append(f"<tr>{_cells(cells)}</tr>")
    return html_table([words(key) for key in MLX_COLUMNS], body, "mpsarticle-mlx") if body else ""


#: The columns of the table of points the process mattered most for (:func:`processes_rows`).
PROCESSES_COLUMNS = ("selfcheck_table.point", "processes.column.share", "processes.column.spread")


def processes_rows(results: ResultSet, words: Words) -> tuple[Said, ...]:
    """The points whose spread lay most between their fresh processes, as typed values (what the oracle reads):
    the point, the share of its spread between processes, and its slowest process's time over its fastest's."""
    return tuple(Said("table.processes", dict(point=describe_points([point], words)[0], share=Share(share),
                                              spread=Factor(spread)))
                 for point, share, spread in processes(results).most)


def processes_table(results: ResultSet, words: Words) -> str:
    """The points the process they ran in mattered most for (:func:`processes_rows`); nothing where none."""
    body = [f"<tr>{_cells(words.render(row.values[k]) for k in ('point', 'share', 'spread'))}</tr>"
            for row in processes_rows(results, words)]
    return html_table([words(key) for key in PROCESSES_COLUMNS], body, "mpsarticle-processes") if body else ""


#: The columns of the table of each device's best ``B @ a`` against its copy (:func:`bandwidth_rows`).
BANDWIDTH_COLUMNS = ("column.device", "bandwidth.column.best", "memory.column.copy", "bandwidth.column.ratio",
                     "bandwidth.column.matrix", "bandwidth.column.memory")


def bandwidth_source(found: Bandwidth) -> str:
    """What a device's best rate is read as: ``no_ceiling`` where no copy was measured, else the finding's."""
    return "no_ceiling" if found.ceiling_gb_s is None or found.share is None else found.source


def _fits_cache(found: Bandwidth) -> bool:
    """Whether the best rate's matrix fits in the cache the device reports: the likely reason a rate level with
    the copy, or too noisy to tell from it, looks above it."""
    return bool(found.cache_bytes) and found.matrix_bytes <= (found.cache_bytes or 0)


def bandwidth_rows(results: ResultSet, words: Words) -> tuple[Said, ...]:
    """Each device's best ``B @ a`` as typed values (what the oracle reads): its size and rate, the rate its
    memory reached in a plain copy, the one over the other (a share below it, times above it; none where the
    two are level or too noisy to tell), where the matrix fits in a cache of known size, both sizes, and where a
    matrix too big for the caches was measured, its size, bytes and rate (``memory_*``: the rate the article's
    bounds read weights at)."""
    rows = []
    for found in bandwidths(results):
        source = bandwidth_source(found)
        values: dict = dict(device=words.device(found.device), source=Choice(source), size=Size(found.size),
                            achieved=Rate(found.gb_s, "GB/s"))
        if source != "no_ceiling":
            values["ceiling"] = Rate(found.ceiling_gb_s or 0.0, "GB/s")
        if source in ("memory", "in_cache"):
            values["share"] = Share(found.share or 0.0)
        elif source in ("cache", "above_copy", "above_unknown"):
            values["times"] = Factor(found.share or 0.0)
        if source in ("in_cache", "cache") or _fits_cache(found):
            values.update(matrix=Bytes(found.matrix_bytes), cache=Bytes(found.cache_bytes or 0))
        if found.from_memory:
            values.update(memory_rate=Rate(found.memory_gb_s, "GB/s"), memory_size=Size(found.memory_size),
                          memory_matrix=Bytes(found.memory_point.bytes_moved))
        rows.append(Said("table.bandwidth", values))
    return tuple(rows)


def bandwidth_table(results: ResultSet, words: Words) -> str:
    """Each device's best ``B @ a`` against its copy (:func:`bandwidth_rows`); nothing where none was measured."""
    body = []
    for row in bandwidth_rows(results, words):
        v = row.values
        # One unit down the column: a share below the copy is shown as a factor too, as those above it are.
        ratio = v.get("times") or (Factor(v["share"].fraction) if "share" in v else None)
        # Level with the copy or too noisy to tell: the verdict in words, so that the dash keeps meaning "no figure".
        source = v["source"].value
        told = words("bandwidth.cell.reading", source=Choice(source)) if source in ("level", "unclear") else "–"
        cells = [v["device"], words("bandwidth.cell.best", achieved=v["achieved"], size=v["size"]),
                 words.render(v["ceiling"]) if "ceiling" in v else "–", words.render(ratio) if ratio else told,
                 words("bandwidth.cell.matrix", matrix=v["matrix"], cache=v["cache"]) if "matrix" in v else "–",
                 words("bandwidth.cell.memory", rate=v["memory_rate"], size=v["memory_size"],
                       matrix=v["memory_matrix"]) if "memory_rate" in v else "–"]
        body.append(f"<tr>{_cells(cells)}</tr>")
    return html_table([words(key) for key in BANDWIDTH_COLUMNS], body) if body else ""


def where_cell(area: Area) -> Phrase:
    """Where one side wins at one kind of work, as the verdict chapter's table shows it: "from m = 4,096 on (2.1×
    at m = 16,384)" (the row names the work, the column the side)."""
    ends = {"first": Size(area.sizes[0]), "last": Size(area.sizes[-1])} if area.sizes else {}
    return Phrase.of("where.cell", workload=Choice(area.workload), scope=Choice(area.scope),
                     size=Size(area.size or 0), sizes=Listing(tuple(Size(s) for s in area.sizes)),
                     factor=Factor(area.factor), at=Size(area.at), dtype=Text(area.dtype or ""), **ends)


#: The columns of the table of where each side wins (:func:`where_rows`).
WHERE_COLUMNS = ("column.workload", "figure.answer.faster", "figure.answer.slower")


def where_rows(results: ResultSet, words: Words) -> tuple[Said, ...]:
    """One row per kind of work compared (each precision of the matrix products apart), as typed values (what the
    oracle reads): the sizes at which the accelerator is faster, with its best factor and where (``faster``), and
    those at which the CPU is (``slower``), each a ``where.cell`` phrase; a side that wins nowhere has none."""
    found = verdict(results)
    rows = []
    for workload, dtype, comparisons in found.kinds:
        if not comparisons:
            continue
        values: dict = dict(workload=Choice(workload), dtype=Text(dtype or ""))
        for name, areas in (("faster", found.wins), ("slower", found.losses)):
            area = next((a for a in areas if a.workload == workload and a.dtype == dtype), None)
            if area is not None:
                values[name] = where_cell(area)
        rows.append(Said("table.where", values))
    return tuple(rows)


def where_table(results: ResultSet, words: Words) -> str:
    """Where the accelerator beats the CPU and where the CPU beats it, kind of work by kind of work
    (:func:`where_rows`); a dash where a side wins nowhere in a row, no column for a side that wins in none, nothing
    where nothing was compared or neither side won anywhere (the rule then says so alone)."""
    found = verdict(results)
    device = words.device(found.crossover.device or found.matmul.device or found.training.device or "")
    rows = [row.values for row in where_rows(results, words)]
    # A side that wins in no row gets no column: the rule above the table says it never won.
    sides = [name for name in ("faster", "slower") if any(name in v for v in rows)]
    body = []
    for v in rows:
        cells = [words("where.cell.workload", workload=v["workload"], dtype=v["dtype"]),
                 *(words.render(v[name]) if name in v else "–" for name in sides)]
        body.append(f"<tr>{_cells(cells)}</tr>")
    head = [words(key, device=device) for key, name in zip(WHERE_COLUMNS, ("workload", "faster", "slower"), strict=True)
            if name == "workload" or name in sides]
    return html_table(head, body, "mpsarticle-where") if body and sides else ""


#: The columns of the verdict chapter's table of each device's memory (:func:`memory_rows`).
MEMORY_COLUMNS = ("column.device", "memory.column.matvec", "memory.column.copy")


def memory_rows(results: ResultSet, words: Words) -> tuple[Said, ...]:
    """The accelerator compared (if any), then the CPU, as typed values (what the oracle reads): the rate of
    ``B @ a`` that stands for its memory (``read``: a ``reading``, which says how far it is memory's) and its largest
    plain copy (``copy``), each where it was measured well; nothing for a device with neither."""
    found = verdict(results)
    bands = {b.device: b for b in found.bandwidths}
    copies = {c.device: c for c in found.copies}
    rows = []
    for device in (d for d in (found.crossover.device, "cpu") if d and (d in bands or d in copies)):
        values: dict = dict(device=words.device(device))
        band = bands.get(device)
        if band is not None:
            read: dict = dict(basis=Choice(band.memory_basis), rate=Rate(band.memory_gb_s, "GB/s"),
                              size=Size(band.memory_size), matrix=Bytes(band.memory_point.bytes_moved))
            if band.memory_basis == "fits_cache":
                read["cache"] = Bytes(band.cache_bytes or 0)
            values["read"] = Phrase.of("reading", **read)
        copy = copies.get(device)
        if copy is not None:
            values["copy"] = Phrase.of("memory.cell.copy", fits=Choice("cache" if copy.cache_bytes else "memory"),
                                       rate=Rate(copy.gb_s, "GB/s"), moved=Bytes(copy.point.bytes_moved),
                                       cache=Bytes(copy.cache_bytes or 0))
        rows.append(Said("table.memory", values))
    return tuple(rows)


def memory_table(results: ResultSet, words: Words) -> str:
    """Each device's memory, read two ways (:func:`memory_rows`); a dash where one was not measured well, nothing
    where neither was on any device."""
    body = [f"<tr>{_cells([v['device'], *(words.render(v[k]) if k in v else '–' for k in ('read', 'copy'))])}</tr>"
            for v in (row.values for row in memory_rows(results, words))]
    return html_table([words(key) for key in MEMORY_COLUMNS], body) if body else ""
