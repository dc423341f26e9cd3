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

from mpsarticle.article.formatting import duration, number, percent, rate, whole
from mpsarticle.core.specsheet import chips, spec_bounds

__all__ = ["CONDITION_CODES", "card_rows", "spec_sheet_table", "sustained_rates"]

#: The size of the spec-sheet bound: the article's largest matrix-vector product on an accelerator.
BOUND_SIZE = 16384

#: The warning codes of mpsarticle.core.conditions, as the card names them.
#: The warning codes of mpsarticle.core.conditions, as the card names them (catalog keys ``mac.condition.*``).
CONDITION_CODES = ("on_battery", "low_power_mode", "mps_fallback", "swap_in_use", "thermal_warning",
                   "cpu_speed_limited", "rosetta")
_COLUMNS = {"spec_columns": 5, "sustained_columns": 7}


def _words(lang: str) -> dict[str, Any]:
    """This module's words from the language's catalog (keys ``mac.*``), column headings as tuples."""
    from mpsarticle.article.wording import Words

    table = Words(lang).table("mac")
    found: dict[str, Any] = {k: v for k, v in table.items() if not k.startswith(("condition.", *_COLUMNS))}
    for name, count in _COLUMNS.items():
        found[name] = tuple(table[f"{name}.{i}"] for i in range(count))
    found["conditions_named"] = {code: table[f"condition.{code}"] for code in CONDITION_CODES}
    return found

def card_rows(environment: Mapping[str, Any], lang: str) -> list[tuple[str, str]]:
    """Rows for the device card: the Mac's provenance (on a Mac) and the conditions recorded (always)."""
    words = _words(lang)
    rows = []
    mac = environment.get("mac")
    if isinstance(mac, Mapping):
        count = lambda key: whole(mac[key], lang) if isinstance(mac.get(key), int) else "?"  # noqa: E731
        rows.append((words["chip"], f"{mac.get('chip') or '?'}: " + words["cores"].format(
            p=count("performance_cores"), e=count("efficiency_cores"), gpu=count("gpu_cores"))))
        rows.append(("macOS", " ".join(str(mac[key]) for key in ("macos", "macos_build") if mac.get(key)) or "?"))
        python = words["rosetta"] if mac.get("python_translated") else words["native"].format(
            arch=mac.get("python_arch") or "?")
        rows.append((words["python"], python))
        power = str(mac.get("power_source") or "")
        text: str = words["battery"].format(percent=percent((mac.get("battery_percent") or 0) / 100, lang)) \
            if power == "battery" else words.get(power, power or "?")
        rows.append((words["power"], text + (f"; {words['low_power']}" if mac.get("low_power_mode") else "")))
    found = [words["conditions_named"].get(code, code) for code in environment.get("warnings") or ()]
    if found:  # no row where nothing risky was recorded: an empty condition says nothing to a reader
        rows.append((words["conditions"], ", ".join(found)))
    return rows


def _table(head: Sequence[str], rows: list[list[str]], extra_class: str) -> str:
    header = "".join(f"<th>{html.escape(text)}</th>" for text in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows)
    return (f'<div class="mpsarticle-scroll"><table class="{extra_class}"><thead><tr>{header}</tr></thead>'
            f"<tbody>{body}</tbody></table></div>")


def spec_sheet_table(lang: str) -> str:
    """Every chip of Apple's spec sheet with its bounds (HTML); derived figures say so."""
    words = _words(lang)
    rows = []
    for chip in chips():
        bound = spec_bounds(chip, BOUND_SIZE)
        bandwidth = rate(chip.bandwidth_gb_s, "GB/s", lang)
        if chip.bandwidth_kind == "derived":
            bandwidth += f" ({words['derived']})"
        elif chip.bandwidth_kind == "reported":
            bandwidth += REPORTED_MARK
        peak = chip.fp32_tflops
        fp32 = f"{number(peak, lang)} TFLOP/s" if peak else words["unknown"]
        if chip.fp32_kind == "derived":
            fp32 += f" ({words['derived']})"
        rows.append([chip.name, whole(chip.gpu_cores, lang), bandwidth, fp32, duration(bound.least_s, lang)])
    head = [text.format(m=whole(BOUND_SIZE, lang)) for text in words["spec_columns"]]
    return _table(head, rows, "mpsarticle-table mpsarticle-spec") + reported_note(
        any(chip.bandwidth_kind == "reported" for chip in chips()), lang)


#: After a figure of a spec-sheet table that others reported and Apple's pages do not give (explained under the
#: table once, instead of a parenthesis in every such cell).
REPORTED_MARK = " ‡"


def reported_note(any_reported: bool, lang: str) -> str:
    """The line under a table that marks reported figures (none where it marks none)."""
    if not any_reported:
        return ""
    text = REPORTED_MARK.strip() + " " + _words(lang)["reported_note"]
    return f'<p class="mpsarticle-note">{html.escape(text)}</p>'


def sustained_rates(entries: Sequence[tuple[str, Any]], lang: str) -> str | None:
    """Burst and sustained rates of every machine measured with ``--sustained`` (HTML), or ``None`` if none was.

    A run whose result failed its correctness check is left out: it is not a speed.
    """
    words = _words(lang)
    rows = []
    for label, results in entries:
        block = results.sustained
        if not block or block.get("check") == "failed":
            continue
        params = ", ".join(f"{key}={value}" for key, value in block["params"].items())
        rows.append([label, f"{block['workload']}({params})", block["device"], duration(block["duration_s"], lang),
                     rate(block["burst_rate"], block["unit"], lang), rate(block["sustained_rate"], block["unit"], lang),
                     percent(block["ratio"], lang)])
    if not rows:
        return None
    intro = f'<p class="mpsarticle-sustained-intro">{html.escape(words["sustained_intro"])}</p>'
    return intro + _table(words["sustained_columns"], rows, "mpsarticle-sustained")
