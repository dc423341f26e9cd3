"""The chapter "Your Mac": every Apple chip's spec sheet, what follows from it, and what others measured.

Four tables and three sentences, in English and Indonesian, every value from
a data file escaped:

- :func:`bounds_table`: per chip variant, Apple's memory bandwidth and the
  largest memory it is sold with (each linked to where it was read, figures
  not read at Apple marked), and the least time ``B @ a`` can take at the blog
  post's m = 3,000 and at m = 16,384: bounds, not measurements;
- :func:`tokens_table`: the most tokens per second a language model can
  generate on each chip if every token reads every weight once, for 1B, 7B
  and 70B parameters at 16-bit and 4-bit weights, or that the model does not
  fit the chip's memory;
- :func:`cited_table`: what others measured, chip by chip, each value linked
  to its source (:mod:`mpsarticle.core.cited`), never beside this build's;
- :func:`sources_table`: each source, its licence, how many figures it gave,
  how it timed and where that timing cannot be trusted;
- :func:`chapter_sentences` (the chapter's) and :func:`mac_answer` (the
  opening page's answer for Macs when this build ran on something else).
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass

from mpsarticle.analysis.series import ceiling_gb_s
from mpsarticle.article.formatting import duration, list_separator, number, rate, reading_name, whole
from mpsarticle.article.mac_tables import PREDICTION_MARK, REPORTED_MARK, SINGLE_MARK, merge_variants, reported_note
from mpsarticle.article.tables import html_table
from mpsarticle.article.wording import Bytes, Choice, Count, Num, Rate, Seconds, Share, Text, Words
from mpsarticle.core.cited import Cited, cited
from mpsarticle.core.specs import MatVec
from mpsarticle.core.specsheet import FIT_SHARE, Chip, chips, memory_bound, spec_bounds
from mpsarticle.results.model import ResultSet

__all__ = ["CITED_COLUMNS", "bounds_table", "chapter_sentences", "cited_table", "mac_answer",
           "sources_table", "token_bound", "tokens_table"]

#: The blog post's largest size and the article's largest matrix-vector product on an accelerator.
SIZES = (3000, 16384)
#: Weights by bytes per parameter (16-bit; 4-bit, scales aside).
WEIGHTS = (("16", 2.0), ("4", 0.5))
#: The (parameters, bits) pairs the tokens table shows.
TOKEN_COLUMNS = ((1e9, "16"), (7e9, "16"), (7e9, "4"), (70e9, "16"), (70e9, "4"))
#: After a bound whose model may not fit: the chip's largest memory is not known.
UNKNOWN_MARK = " *"


@dataclass(frozen=True)
class Column:
    """One column of the cited table: which rows fill it."""

    key: str
    framework: str
    workload: str
    unit: str
    #: A word the row's description or dtype must contain (empty: any).
    contains: str = ""


CITED_COLUMNS = (
    Column("mps_matmul_ms", "PyTorch MPS", "matmul", "ms"),
    Column("cpu_matmul_ms", "PyTorch CPU", "matmul", "ms"),
    Column("mps_matmul_tflops", "PyTorch MPS", "matmul", "TFLOP/s", "float32"),
    Column("mps_copy", "PyTorch MPS", "copy", "GB/s"),
    Column("mps_decode", "PyTorch MPS", "decode", "tokens/s"),
    Column("llama_decode", "llama.cpp Metal", "decode", "tokens/s", "q4"),
)


def _fills(column: Column, row: Cited) -> bool:
    text = f"{row.description} {row.dtype}".lower()
    return (row.framework == column.framework and row.workload == column.workload and row.unit == column.unit
            and column.contains in text)


def _link(text: str, url: str, title: str = "") -> str:
    extra = f' title="{html.escape(title)}"' if title else ""
    return f'<a href="{html.escape(url)}"{extra}>{html.escape(text)}</a>'


def _table(head: Sequence[str], rows: Sequence[Sequence[str]], extra_class: str) -> str:
    """A table whose cells are HTML already (each made by :func:`_link` or escaped)."""
    return html_table(head, ["<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows],
                      extra_class)


def _kind(words: Words, kind: str) -> str:
    """As mac_tables: "(derived)" after a derived figure, a mark after a reported one (explained under the table)."""
    if kind == "reported":
        return html.escape(REPORTED_MARK)
    return f" ({html.escape(words('mac.derived'))})" if kind == "derived" else ""


def token_bound(chip: Chip, parameters: float, bytes_per_weight: float) -> tuple[float | None, bool]:
    """Tokens per second at most, reading every weight once per token at the spec bandwidth, and whether the model
    is known to fit; ``(None, True)`` when its weights cannot fit in :data:`FIT_SHARE` of the chip's memory."""
    weights = parameters * bytes_per_weight
    memory, own = memory_bound(chip)
    if memory is not None and weights > FIT_SHARE * memory * 1e9:
        return None, True
    return chip.bandwidth_gb_s * 1e9 / weights, memory is not None and own


def bounds_table(lang: str) -> str:
    words = Words(lang)
    rows = []
    for chip in chips():
        bandwidth = _link(rate(chip.bandwidth_gb_s, "GB/s", lang), chip.bandwidth_source) + \
            _kind(words, chip.bandwidth_kind)
        memory = (_link(f"{whole(chip.max_memory_gb, lang)} GB", chip.memory_source) + _kind(words, chip.memory_kind)
                  if chip.max_memory_gb else html.escape(words("your_mac.unknown")))
        least = [html.escape(duration(spec_bounds(chip, m).memory_s, lang)) for m in SIZES]
        name = chip.name + (SINGLE_MARK if chip.single_source else "")
        rows.append([html.escape(name), html.escape(whole(chip.gpu_cores, lang)), bandwidth, memory, *least])
    head = [words("column.chip"), words("column.gpu_cores"), words("column.bandwidth"),
            words("your_mac.bounds.memory")] + [words("your_mac.bounds.least", m=Text(whole(m, lang))) for m in SIZES]
    reported = any("reported" in (chip.bandwidth_kind, chip.memory_kind) for chip in chips())
    # A derived bandwidth is Apple's statement worked out (memory type and bus width): said what it is, once.
    derived = (f'<p class="mpsarticle-note">{html.escape(words("your_mac.derived_note"))}</p>'
               if any(chip.bandwidth_kind == "derived" for chip in chips()) else "")
    # The chapter's one note on the mark: its later tables and chart mark the rows that rest on a reported bandwidth.
    return _table(head, merge_variants(rows, words), "mpsarticle-your-mac-bounds") + derived + reported_note(
        reported, lang, single=any(chip.single_source for chip in chips()), rows_below=True)


def tokens_table(lang: str) -> str:
    words = Words(lang)
    rows = []
    for chip in chips():
        # Every rate of a row rests on the chip's bandwidth: a third party's report of it marks the row.
        name = chip.name + (PREDICTION_MARK if chip.bandwidth_kind == "reported" else "")
        cells = [html.escape(name), html.escape(whole(chip.gpu_cores, lang))]
        for parameters, bits in TOKEN_COLUMNS:
            found, known = token_bound(chip, parameters, dict(WEIGHTS)[bits])
            if memory_bound(chip)[0] is None:
                # No variant of the chip has a known largest memory: a rate would read as if the model fitted.
                text = words("your_mac.tokens.fit_unknown")
            elif found is None:
                # Where the variant's own memory is unknown, the bound is the largest of its chip's variants, so the
                # model fits none of them: said without a size, which would read as this variant's.
                memory, own = memory_bound(chip)
                text = (words("your_mac.tokens.no_fit", memory=Text(whole(memory or 0, lang))) if own
                        else words("your_mac.tokens.no_fit_any"))
            else:
                text = number(found, lang) + ("" if known else UNKNOWN_MARK)
            cells.append(html.escape(text))
        rows.append(cells)
    head = [words("column.chip"), words("column.gpu_cores")] + [
        words("your_mac.tokens.column", size=Text(f"{parameters / 1e9:g}B"), bits=Text(bits))
        for parameters, bits in TOKEN_COLUMNS]
    lines = [words("your_mac.tokens.fit_rule", share=Share(FIT_SHARE)),
             UNKNOWN_MARK.strip() + " " + words("your_mac.tokens.memory_unknown")]
    # Its marked rows are explained once, under the table of bounds right above it.
    notes = "".join(f'<p class="mpsarticle-note">{html.escape(text)}</p>' for text in lines)
    return _table(head, merge_variants(rows, words), "mpsarticle-your-mac-tokens") + notes


#: A remark in parentheses, one level deep: "(row has one more cell than the header; ...)".
READING_REMARK = re.compile(r"\s*\((?:[^()]|\([^()]*\))*\)")


def _conditions(row: Cited, words: Words) -> str:
    """A cited figure's conditions, as a link's title: what, how timed, versions, where in the source."""
    parts = [row.description, row.dtype, words("your_mac.sync", sync=Choice(row.synchronised.replace(" ", "_"))),
             row.statistic]
    if row.gpu_cores:
        parts.append(words("your_mac.cores", cores=Text(whole(row.gpu_cores, words.lang))))
    if row.memory_gb:
        parts.append(f"{whole(row.memory_gb, words.lang)} GB")
    if row.torch_version:
        parts.append(f"PyTorch {row.torch_version}")
    if row.macos_version:
        parts.append(f"macOS {row.macos_version}")
    # Where in the source, less the remarks in parentheses on how a row was read (the data file keeps them whole).
    parts.append(f"{row.source_name}: {READING_REMARK.sub('', row.source_section).strip()}")
    return "; ".join(p for p in parts if p)


def cited_table(rows: Sequence[Cited], lang: str) -> str:
    """What others measured, one row per chip (and GPU cores, where the source says), one column per kind of
    figure; each value links its source, a dash says none is cited."""
    words = Words(lang)
    order = [chip.name for chip in chips()]
    keys = sorted({(row.chip, row.gpu_cores) for row in rows},
                  key=lambda k: (order.index(k[0]) if k[0] in order else len(order), k[0], k[1] or 0))
    body = []
    for name, cores in keys:
        label = name + (" (" + words("your_mac.cores", cores=Text(whole(cores, lang))) + ")" if cores else "")
        cells = [html.escape(label)]
        for column in CITED_COLUMNS:
            found = [row for row in rows if (row.chip, row.gpu_cores) == (name, cores) and _fills(column, row)]
            values = [number(row.value, lang, row.digits) for row in found]
            if len(found) > 2:
                # Many figures of one kind (several models, say) read as a range: each one's conditions stay in
                # the link's title, and every figure is in the data file.
                ends = sorted(found, key=lambda row: row.value)
                text = "–".join(number(row.value, lang, row.digits) for row in (ends[0], ends[-1]))
                title = " | ".join(f"{number(row.value, lang, row.digits)}: {_conditions(row, words)}" for row in found)
                cells.append(_link(text, ends[0].source_url, title) + " " +
                             html.escape(words("your_mac.cited.range", figures=Count(len(found)))))
                continue
            cells.append(list_separator(values, lang).join(
                _link(value, row.source_url, _conditions(row, words)) for value, row in zip(values, found, strict=True))
                or "–")
        if any(cell != "–" for cell in cells[1:]):  # a chip whose only figures are of other kinds: in the data file
            body.append(cells)
    head = [words("column.chip")] + [words("your_mac.cited", column=Choice(c.key)) for c in CITED_COLUMNS]
    return _table(head, body, "mpsarticle-your-mac-cited")


def sources_table(rows: Sequence[Cited], lang: str) -> str:
    """Each source: licence, figures, chips, how it timed its GPU work, and the caveat that follows."""
    words = Words(lang)
    body = []
    for source in dict.fromkeys(row.source_name for row in rows):
        mine = [row for row in rows if row.source_name == source]
        timed = sorted({row.synchronised for row in mine if row.framework == "PyTorch MPS"})
        caveats = [words("your_mac.caveat", sync=Choice(kind.replace(" ", "_"))) for kind in timed] or \
            [words("your_mac.caveat.none")]
        # The remarks in parentheses (where the code lies, which call is dropped) stay in each value's title and the
        # data file: the cell says how each figure was averaged. A source that timed its runs several ways gives the
        # averaging its ways share and sends the reader to each value's title for the rest, so that one cell does not
        # hold every protocol with its count; ways that share nothing are each given with how many figures follow it.
        averaged = [READING_REMARK.sub("", row.statistic).strip() for row in mine]
        ways = dict.fromkeys(averaged)
        shared = {way.split(", ")[0] for way in ways}
        if len(ways) == 1:
            statistics = next(iter(ways))
        elif len(shared) == 1 and all(", " in way for way in ways):
            statistics = words("your_mac.sources.ways", statistic=Text(shared.pop()), ways=Count(len(ways)))
        else:
            statistics = "; ".join(
                words("your_mac.sources.statistic", figures=Count(averaged.count(way)), statistic=Text(way))
                for way in ways)
        licence = mine[0].licence
        shown = words("your_mac.licence.none") if licence.startswith("none stated") else licence
        body.append([_link(source, mine[0].source_url), html.escape(shown),
                     html.escape(whole(len(mine), lang)), html.escape(whole(len({row.chip for row in mine}), lang)),
                     html.escape(statistics), html.escape(" ".join(caveats))])
    head = [words(key) for key in ("column.source", "your_mac.sources.licence", "your_mac.sources.figures",
                                   "your_mac.sources.chips", "your_mac.sources.what", "your_mac.sources.trust")]
    return _table(head, body, "mpsarticle-your-mac-sources")


# -- sentences ----------------------------------------------------------------------------------

def _example_chip() -> Chip:
    """The chip the chapter works its arithmetic on: the first with Apple's own bandwidth and memory."""
    return next(c for c in chips() if c.bandwidth_kind == "apple" and c.memory_kind == "apple")


def chapter_sentences(results: ResultSet, words: Words) -> dict[str, str]:
    rows = cited()
    listed = chips()
    names = list(dict.fromkeys(chip.name for chip in listed))
    measured = {row.chip for row in rows}
    chip = _example_chip()
    m = SIZES[0]
    moved = MatVec(m).bytes_moved
    weights = 7e9 * dict(WEIGHTS)["16"]
    return {
        "your_mac_sentence": words(
            "your_mac.summary", chips=Count(len(names)), variants=Count(len(listed)),
            first=Text(names[0].removeprefix("Apple ")), last=Text(names[-1].removeprefix("Apple ")),
            measured=Count(len(measured & set(names))), rows=Count(len(rows)),
            sources=Count(len({row.source_name for row in rows}))),
        "arithmetic_sentence": words(
            "your_mac.arithmetic", chip=Text(chip.name), bandwidth=Rate(chip.bandwidth_gb_s, "GB/s"),
            m=Text(whole(m, words.lang)), moved=Bytes(moved, binary=False),
            least=Seconds(moved / (chip.bandwidth_gb_s * 1e9)), weights=Bytes(weights, binary=False),
            tokens=Num(chip.bandwidth_gb_s * 1e9 / weights),
            # A memory size is sold in whole gigabytes: "32 GB", not "32.0 GB".
            memory=Bytes((chip.max_memory_gb or 0) * 1e9, binary=False,
                         digits=max(1, len(str(round(chip.max_memory_gb or 0)))))),
        "mac_answer": mac_answer(results, words),
    }


def _as_published(row: Cited, words: Words) -> str:
    """A cited value with its unit, in the digits it was published with (``56 GB/s``, not ``56.0 GB/s``)."""
    return f"{number(row.value, words.lang, row.digits)} {row.unit}"


def _copies(rows: Sequence[Cited]) -> list[Cited]:
    return sorted((row for row in rows if _fills(CITED_COLUMNS[3], row)), key=lambda row: row.value)


def mac_answer(results: ResultSet, words: Words) -> str:
    """The chapter's answer for this build: its own chip beside what others measured on it, or, on a build without
    an Apple GPU, that plainly."""
    rows = cited()
    mac = results.environment.get("mac")
    found = mac.get("chip") if isinstance(mac, dict) else None
    chip_name = found if isinstance(found, str) else str(results.environment.get("cpu") or "")
    if "mps" in (results.environment.get("devices") or {}) or any(p.device == "mps" for p in results):
        same = [row for row in rows if row.chip == chip_name and row.framework == "PyTorch MPS"]
        if not same:
            return words("your_mac.answer.mac_uncited", chip=Text(chip_name))
        copies = _copies(same)
        # The GPU's copy rate is its largest copy's, as everywhere in the article (the opening's prediction,
        # copy against copy in the verdict, the dashed lines of B @ a): one figure for one concept.
        mine = ceiling_gb_s(results, "mps")
        if copies and mine:
            return words("your_mac.answer.mac_both", chip=Text(chip_name), figures=Count(len(same)),
                         mine=Rate(mine, "GB/s"), copy=Text(_as_published(copies[-1], words)),
                         source=Text(copies[-1].source_name))
        if copies:
            return words("your_mac.answer.mac_cited", chip=Text(chip_name), figures=Count(len(same)),
                         copy=Text(_as_published(copies[-1], words)), source=Text(copies[-1].source_name))
        return words("your_mac.answer.mac_cited_other", chip=Text(chip_name), figures=Count(len(same)))
    # The range of published copies stays in the table and chart of what others measured: shown once.
    cpu = results.environment.get("cpu") or "?"
    return words("your_mac.answer.none", cpu=Text(reading_name(str(cpu))))
