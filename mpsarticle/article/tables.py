"""The article's HTML tables, every value escaped, every label from the catalogs.

Each function returns an HTML string; :class:`mpsarticle.page.Page` shows
it in the chapter. Values come from results files, which anyone can write
(the archive), so every cell passes through :func:`html.escape`.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence

from mpsarticle.analysis import series as analysis
from mpsarticle.analysis.findings.llm import step_ways
from mpsarticle.analysis.findings.matmul import matmul
from mpsarticle.article.formatting import ratio_interval, reading_date, reading_name, with_interval
from mpsarticle.article.reasons import reason_text
from mpsarticle.article.selfcheck_words import point_words, reference_words, row_ratio_digits
from mpsarticle.article.wording import (
    Bytes,
    Choice,
    Count,
    Listing,
    Num,
    Phrase,
    Rate,
    Seconds,
    Share,
    Size,
    Text,
    Words,
)
from mpsarticle.core.mps_issues import known_issues, status
from mpsarticle.core.vendor import peaks_for
from mpsarticle.results.model import ResultSet
from mpsarticle.results.selfcheck import Row

__all__ = ["data_links", "device_card", "html_table", "machines_table", "matmul_table", "methods_table",
           "selfcheck_table", "vendor_peaks_table", "ways_table"]

DATA_FILES = ("results.json", "results.csv", "predictions.csv")


#: A number and its unit, which a cell that wraps must not part (a no-break space joins them).
_UNIT = re.compile(r"(\d) (?=(?:[µmn]?s|[KMGT]i?B|[kMGT]B|[GT]FLOP/s|[kMGT]B/s)(?![\w/]))")


def _joined(text: str) -> str:
    """``text`` with each number joined to its unit, and ``m = 1,024`` held together, by no-break spaces."""
    return re.sub(r"\b([mn]) = (?=\d)", "\\1\u00a0=\u00a0", _UNIT.sub("\\1\u00a0", text))


#: A cell that is a number (a count, a time, a rate, a ratio; or a dash where there is none): aligned on the right.
_NUMBER = re.compile(r"^(?:[\d.,]+(?:\u00a0\S+)?(?: \[.*\])?|[–-])$")


def _cell(value: object, tag: str) -> str:
    text = _joined(str(value))
    number = tag == "td" and _NUMBER.match(text)
    opening = f'{tag} class="num"' if number else tag
    return f"<{opening}>{html.escape(text)}</{tag}>"


def _cells(values: Iterable[object], tag: str = "td") -> str:
    return "".join(_cell(value, tag) for value in values)


def html_table(head: Sequence[str], rows: Iterable[str], extra_class: str = "") -> str:
    """A scrolling table: ``head`` escaped, ``rows`` HTML already (``<tr>…</tr>`` each)."""
    classes = "mpsarticle-table" + (f" {extra_class}" if extra_class else "")
    return (f'<div class="mpsarticle-scroll"><table class="{classes}"><thead><tr>{_cells(head, "th")}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>')


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


def machines_table(entries: Sequence[tuple[str, ResultSet, str]], words: Words,
                   same_machine: Sequence[tuple[str, str]] = ()) -> str:
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
        software.append(f"<tr>{_cells([label, env['torch'], results.profile or '-', results.created[:10]])}"
                        f'<td><a href="{html.escape(link)}">JSON</a></td></tr>')
    table = (html_table([words(key) for key in MACHINE_COLUMNS], hardware, "mpsarticle-machines")
             + html_table([words(key) for key in SOFTWARE_COLUMNS], software, "mpsarticle-machines"))
    if not same_machine:
        return table
    files = words.join([f'<a href="{html.escape(link)}">{html.escape(label)}</a>' for label, link in same_machine])
    note = html.escape(words("machines_table.same_machine", files="\0", count=Count(len(same_machine))))
    note = note.replace("\0", files)
    return f'{table}<p class="mpsarticle-note">{note}</p>'



SELFCHECK_COLUMNS = ("column.device", "selfcheck_table.point", "selfcheck_table.reference",
                     "selfcheck_table.engine", "selfcheck_table.reference_interval", "selfcheck_table.ratio",
                     "selfcheck_table.agrees")


def selfcheck_table(rows: Sequence[Row], words: Words) -> str:
    """The engine against references, one row per point and reference: the point and the reference in words,
    each method's value and 95 % interval across processes, their ratio, and the verdict."""
    def interval(value: float, low: float, high: float) -> str:
        median, low_text, high_text = (words.render(Seconds(s)) for s in (value, low, high))
        return f"{median} [{low_text}; {high_text}]"

    body = []
    for row in rows:
        verdict = words("selfcheck_table.agrees") if row.agrees else \
            f"{words('selfcheck_table.outside')} ±{words.render(Share(row.tolerance))}"
        cells = [words.device(row.device), point_words(row, words), words.render(reference_words(row, words)),
                 interval(row.engine_median_s, row.engine_ci_low_s, row.engine_ci_high_s),
                 interval(row.reference_median_s, row.reference_ci_low_s, row.reference_ci_high_s),
                 words.render(Num(row.ratio, row_ratio_digits(row))), verdict]
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
            cells += [with_interval(got[m], lang) if m in got else "–" for m in ("naive", "engine", "events")]
            cells.append(ratio_interval(analysis.compare(engine, got["naive"]), lang) if "naive" in got else "–")
            rows.append(f"<tr>{_cells(cells)}</tr>")
    return html_table([words(key) for key in METHODS_COLUMNS], rows)


def matmul_table(results: ResultSet, words: Words) -> str:
    """Per precision, each device's best rate of ``A @ B`` at the size it was reached (or why it has none), and
    the accelerator's best over the CPU's with its interval: the numbers the chapter's sentence concludes from,
    so that the sentence need not list them. Nothing where no matrix product was tried."""
    found = matmul(results)
    devices = ["cpu"] + [d for d in [found.device] if d]
    best = {c.dtype: c.best for c in found.comparisons if c.best is not None}
    rows = []
    for dtype in dict.fromkeys(p.dtype for p in found.precisions):
        cells = [dtype]
        for device in devices:
            mine = next((p for p in found.on(device) if p.dtype == dtype), None)
            if mine is None:
                cells.append("–")
            elif mine.gflop_s is not None and mine.size is not None:
                cells.append(words("column.best.rate", rate=Rate(mine.gflop_s, "GFLOP/s"), size=Size(mine.size)))
            else:
                cells.append(words.render(Phrase.of("missing", status=Choice(mine.status),
                                                    dtypes=Listing((Text(dtype),)))))
        if found.device:
            top = best.get(dtype)
            cells.append(ratio_interval(top.ratio, words.lang) if top is not None else "–")
        rows.append(f"<tr>{_cells(cells)}</tr>")
    if not rows:
        return ""
    head = [words("column.precision")] + [words("column.best", device=words.device(d)) for d in devices]
    if found.device:
        head.append(words("column.best_ratio", device=words.device(found.device)))
    return html_table(head, rows)


#: The columns of the table of a GPU's published peaks.
VENDOR_COLUMNS = ("vendor.column.quantity", "vendor.column.value", "vendor.column.conditions", "column.source",
                  "your_mac.sources.licence")


def vendor_peaks_table(results: ResultSet, words: Words) -> str:
    """The peaks the vendor publishes for this build's accelerator (mpsarticle.core.vendor), each row with its
    conditions, the source it was read at and its licence: cited, in a table of their own beside the measured
    rates, never in their columns. Nothing where the data file lists no figure for the accelerator."""
    rows, named = [], ""
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
            link = f'<td><a href="{html.escape(peak.source)}">{html.escape(host)}</a></td>'
            licence = words("your_mac.licence.none") if peak.licence.startswith("none stated") else peak.licence
            rows.append(f"<tr>{cells}{link}{_cells([licence])}</tr>")
    if not rows:
        return ""
    table = html_table([words(key) for key in VENDOR_COLUMNS], rows, "mpsarticle-vendor-peaks")
    caption = html.escape(words("vendor.caption", gpu=Text(named)))
    return table.replace("<thead>", f"<caption>{caption}</caption><thead>", 1)


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
        fixed = ("{}.{}".format(*issue.fixed_in) if issue.fixed_in
                 else words("mps_issues.not_fixed", problem=Choice(issue.key)))
        here = words("mps_issues.here", status=Choice(status(issue, env)), torch=Text(str(env.get("torch", "?"))))
        rows.append(f"<tr><td>{what} ({links})</td>{_cells([chips, fixed, here])}</tr>")
    return html_table([words(key) for key in ISSUE_COLUMNS], rows, "mpsarticle-mps-issues")


#: The columns of the table of ways to run the decode step.
WAYS_COLUMNS = ("column.device", "ways.column.way", "ways.column.kernels", "ways.column.launches",
                "ways.column.tokens", "ways.column.share")


def ways_table(results: ResultSet, words: Words) -> str:
    """Per device, each way its decode step was run (eager, replayed, compiled): kernels and host launches per
    token, tokens per second with their interval, and the share of the size-matched bound."""
    rows = []
    for one in step_ways(results):
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
    return html_table([words(key) for key in WAYS_COLUMNS], rows) if rows else ""
