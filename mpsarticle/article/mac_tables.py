"""What the chapters show about Macs: the device card's Mac rows, spec-sheet bounds, sustained runs.

Three pieces of HTML for :class:`mpsarticle.page.Page`, in English and
Indonesian, every value escaped:

- :func:`card_rows`: the ``mac`` block of the environment (chip, cores,
  macOS, native or Rosetta Python, power) and the risky conditions
  recorded while measuring, as rows of the devices chapter's card;
- :func:`spec_sheet_table`: Apple's figures per chip and the least time a
  matrix-vector product can take at the spec bandwidth, labelled as
  spec-sheet bounds (never measurements);
- :func:`sustained_rates`: burst and sustained rates of the machines that
  were measured with ``--sustained`` (nothing at all when none was).
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from mpsarticle.article.wording import Count, Rate, Seconds, Share, Size, Text, Words
from mpsarticle.core.specsheet import chips, spec_bounds

__all__ = ["CONDITION_CODES", "card_rows", "spec_sheet_table", "sustained_rates"]

#: The size of the spec-sheet bound: the article's largest matrix-vector product on an accelerator.
BOUND_SIZE = 16384

#: The warning codes of mpsarticle.core.conditions, and how the card names each.
CONDITION_KEYS = {"on_battery": "mac.condition.on_battery", "low_power_mode": "mac.condition.low_power_mode",
                  "mps_fallback": "mac.condition.mps_fallback", "swap_in_use": "mac.condition.swap_in_use",
                  "thermal_warning": "mac.condition.thermal_warning",
                  "cpu_speed_limited": "mac.condition.cpu_speed_limited", "rosetta": "mac.condition.rosetta"}
CONDITION_CODES = tuple(CONDITION_KEYS)
#: The power sources the card names in words (on battery it also gives the charge: ``mac.battery``); another
#: source is written as the results file writes it.
POWER_KEYS = {"ac": "mac.ac"}
#: The columns of the spec-sheet table (the last names the size of its bound) and of the sustained rates.
SPEC_COLUMNS = ("column.chip", "column.gpu_cores", "column.bandwidth", "mac.spec.fp32_peak",
                "mac.spec.least")
SUSTAINED_COLUMNS = ("column.machine", "column.workload", "column.device",
                     "mac.sustained.run", "mac.sustained.burst", "mac.sustained.sustained",
                     "mac.sustained.ratio")


def card_rows(environment: Mapping[str, Any], lang: str) -> list[tuple[str, str]]:
    """Rows for the device card: the Mac's provenance (on a Mac) and the conditions recorded (always)."""
    words = Words(lang)
    rows = []
    mac = environment.get("mac")
    if isinstance(mac, Mapping):
        count = lambda key: Count(mac[key]) if isinstance(mac.get(key), int) else "?"  # noqa: E731
        rows.append((words("mac.chip"), f"{mac.get('chip') or '?'}: " + words(
            "mac.cores", p=count("performance_cores"), e=count("efficiency_cores"), gpu=count("gpu_cores"))))
        rows.append(("macOS", " ".join(str(mac[key]) for key in ("macos", "macos_build") if mac.get(key)) or "?"))
        python = words("mac.rosetta") if mac.get("python_translated") else words(
            "mac.native", arch=str(mac.get("python_arch") or "?"))
        rows.append((words("mac.python"), python))
        power = str(mac.get("power_source") or "")
        if power == "battery":
            text = words("mac.battery", percent=Share((mac.get("battery_percent") or 0) / 100))
        else:
            text = words(POWER_KEYS[power]) if power in POWER_KEYS else power or "?"
        rows.append((words("mac.power"), text + (f"; {words('mac.low_power')}" if mac.get("low_power_mode") else "")))
    found = [words(CONDITION_KEYS[code]) if code in CONDITION_KEYS else code
             for code in environment.get("warnings") or ()]
    if found:  # no row where nothing risky was recorded: an empty condition says nothing to a reader
        rows.append((words("mac.conditions"), ", ".join(found)))
    return rows


def merge_variants(rows: Sequence[Sequence[str]], words: Words) -> list[list[str]]:
    """Rows of one chip's variants (name first, GPU cores second) whose every other cell agrees, as one row naming
    each variant's cores ("14/16"): a reader then scans one row per chip and sees at once where the variants
    differ."""
    merged: list[list[str]] = []
    cores: list[list[str]] = []
    for row in rows:
        if merged and merged[-1][0] == row[0] and list(merged[-1][2:]) == list(row[2:]):
            cores[-1].append(row[1])
            continue
        merged.append(list(row))
        cores.append([row[1]])
    for row, each in zip(merged, cores, strict=True):
        if len(each) > 1:
            row[1] = words("column.cores_or", cores=Text("/".join(each[:-1])), last=Text(each[-1]))
    return merged


def _table(head: Sequence[str], rows: list[list[str]], extra_class: str) -> str:
    header = "".join(f"<th>{html.escape(text)}</th>" for text in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows)
    return (f'<div class="mpsarticle-scroll"><table class="{extra_class}"><thead><tr>{header}</tr></thead>'
            f"<tbody>{body}</tbody></table></div>")


def spec_sheet_table(lang: str) -> str:
    """Every chip of Apple's spec sheet with its bounds (HTML); derived figures say so."""
    words = Words(lang)
    derived = f" ({words('mac.derived')})"
    rows = []
    for chip in chips():
        bound = spec_bounds(chip, BOUND_SIZE)
        bandwidth = words.render(Rate(chip.bandwidth_gb_s, "GB/s"))
        if chip.bandwidth_kind == "derived":
            bandwidth += derived
        elif chip.bandwidth_kind == "reported":
            bandwidth += REPORTED_MARK
        peak = chip.fp32_tflops
        fp32 = words.render(Rate(peak, "TFLOP/s")) if peak else words("mac.unknown")
        if chip.fp32_kind == "derived":
            fp32 += derived
        rows.append([chip.name + (SINGLE_MARK if chip.single_source else ""), words.render(Count(chip.gpu_cores)),
                     bandwidth, fp32, words.render(Seconds(bound.least_s))])
    # Only the last column names a size; the others ignore the value.
    head = [words(key, m=Size(BOUND_SIZE)) for key in SPEC_COLUMNS]
    return _table(head, merge_variants(rows, words), "mpsarticle-table mpsarticle-spec") + reported_note(
        any(chip.bandwidth_kind == "reported" for chip in chips()), lang,
        single=any(chip.single_source for chip in chips()))


#: After a figure of a spec-sheet table that others reported and Apple's pages do not give (explained under the
#: table once, instead of a parenthesis in every such cell).
REPORTED_MARK = " ‡"
#: After the chip's name in a row whose figures all come from one third-party source that no other confirms.
SINGLE_MARK = " §"
#: After the chip's name in a table or chart of predictions, which all rest on the chip's bandwidth: that bandwidth
#: is a third party's report. The same mark as :data:`REPORTED_MARK`, for the same idea (a figure from others'
#: reports), so that a page explains one mark once, under its first table.
PREDICTION_MARK = REPORTED_MARK


def reported_note(any_reported: bool, lang: str, *, single: bool = False, rows_below: bool = False) -> str:
    """The lines under a table that explain its marks: reported figures, and rows of a single source (none
    where it marks none); ``rows_below``: the tables and chart below it mark, after a chip's name, a row that rests
    on such a bandwidth, which the same note says (it is the page's one note on the mark)."""
    words = Words(lang)
    # Each line stays shorter than the run of words the site refuses to see twice: the spec table's note stands on two
    # chapters.
    lines = ([REPORTED_MARK.strip() + " " + words("mac.reported_note")] if any_reported else []) + \
        ([words("mac.reported_rows_note")] if any_reported and rows_below else []) + \
        ([SINGLE_MARK.strip() + " " + words("mac.single_source_note")] if single else [])
    return "".join(f'<p class="mpsarticle-note">{html.escape(text)}</p>' for text in lines)


def sustained_rates(entries: Sequence[tuple[str, Any]], lang: str) -> str | None:
    """Burst and sustained rates of every machine measured with ``--sustained`` (HTML), or ``None`` if none was.

    A run whose result failed its correctness check is left out: it is not a speed.
    """
    words = Words(lang)
    rows = []
    for label, results in entries:
        block = results.sustained
        if not block or block.get("check") == "failed":
            continue
        # The workload as the command line and the results file write it, a call: its numbers stay as code.
        params = ", ".join(f"{key}={value}" for key, value in block["params"].items())
        unit = str(block["unit"])
        rows.append([label, f"{block['workload']}({params})", block["device"],
                     *(words.render(value) for value in (
                         Seconds(block["duration_s"]), Rate(block["burst_rate"], unit),
                         Rate(block["sustained_rate"], unit), Share(block["ratio"])))])
    if not rows:
        return None
    intro = f'<p class="mpsarticle-sustained-intro">{html.escape(words("mac.sustained_intro"))}</p>'
    return intro + _table([words(key) for key in SUSTAINED_COLUMNS], rows, "mpsarticle-sustained")
