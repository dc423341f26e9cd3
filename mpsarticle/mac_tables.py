"""What the chapters show about Macs: the device card's Mac rows, spec-sheet bounds, sustained runs.

Three pieces of HTML for :class:`mpsarticle.article.Page`, in English and
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
from typing import Any, Mapping, Sequence

from .formatting import duration, number, percent, rate, whole
from .specsheet import chips, spec_bounds

__all__ = ["CONDITIONS", "card_rows", "spec_sheet_table", "sustained_rates"]

#: The size of the spec-sheet bound: the article's largest matrix-vector product on an accelerator.
BOUND_SIZE = 16384

#: The warning codes of mpsarticle.conditions, as the card names them.
CONDITIONS = {
    "en": {"on_battery": "on battery", "low_power_mode": "Low Power Mode", "mps_fallback": "MPS fallback to the CPU",
           "swap_in_use": "swap in use", "thermal_warning": "thermal warning", "cpu_speed_limited": "CPU speed limited",
           "rosetta": "Python under Rosetta 2"},
    "id": {"on_battery": "memakai baterai", "low_power_mode": "Mode Daya Rendah", "mps_fallback": "MPS beralih ke CPU",
           "swap_in_use": "swap terpakai", "thermal_warning": "peringatan suhu", "cpu_speed_limited": "kecepatan CPU dibatasi",
           "rosetta": "Python lewat Rosetta 2"},
}

WORDS = {
    "en": {"chip": "Apple chip", "cores": "{p} performance + {e} efficiency cores, {gpu}-core GPU",
           "python": "Python build", "native": "native ({arch})", "rosetta": "under Rosetta 2 (x86_64 emulation)",
           "power": "Power", "battery": "battery, {percent}", "ac": "mains", "low_power": "Low Power Mode on",
           "conditions": "Conditions while measuring", "none": "none",
           "spec_columns": ("Chip", "GPU cores", "Memory bandwidth", "FP32 peak", "Least time for B @ a, m = {m}"),
           "derived": "derived", "unknown": "not published",
           "sustained_intro": "Some machines were also measured with a long run of one workload (run --sustained): "
                              "the burst is the rate of its first window, the sustained rate the median of its last third.",
           "sustained_columns": ("Machine", "Workload", "Device", "Run", "Burst", "Sustained", "Sustained ÷ burst")},
    "id": {"chip": "Chip Apple", "cores": "{p} inti performa + {e} inti efisiensi, GPU {gpu} inti",
           "python": "Build Python", "native": "asli ({arch})", "rosetta": "lewat Rosetta 2 (emulasi x86_64)",
           "power": "Daya", "battery": "baterai, {percent}", "ac": "listrik", "low_power": "Mode Daya Rendah aktif",
           "conditions": "Kondisi saat mengukur", "none": "tidak ada",
           "spec_columns": ("Chip", "Inti GPU", "Bandwidth memori", "Puncak FP32", "Waktu tersingkat B @ a, m = {m}"),
           "derived": "turunan", "unknown": "tidak dipublikasikan",
           "sustained_intro": "Sebagian mesin juga diukur dengan satu beban kerja yang dijalankan lama (run --sustained): "
                              "laju awal adalah laju jendela pertamanya, laju bertahan adalah median sepertiga terakhirnya.",
           "sustained_columns": ("Mesin", "Beban kerja", "Perangkat", "Lama", "Laju awal", "Laju bertahan",
                                 "Bertahan ÷ awal")},
}


def card_rows(environment: Mapping[str, Any], lang: str) -> list[tuple[str, str]]:
    """Rows for the device card: the Mac's provenance (on a Mac) and the conditions recorded (always)."""
    words = WORDS[lang]
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
        power = mac.get("power_source")
        text = words["battery"].format(percent=percent((mac.get("battery_percent") or 0) / 100, lang)) \
            if power == "battery" else words.get(power or "", power or "?")
        rows.append((words["power"], text + (f"; {words['low_power']}" if mac.get("low_power_mode") else "")))
    found = [CONDITIONS[lang].get(code, code) for code in environment.get("warnings") or ()]
    rows.append((words["conditions"], ", ".join(found) or words["none"]))
    return rows


def _table(head: Sequence[str], rows: list[list[str]], extra_class: str) -> str:
    header = "".join(f"<th>{html.escape(text)}</th>" for text in head)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows)
    return (f'<div class="mpsarticle-scroll"><table class="{extra_class}"><thead><tr>{header}</tr></thead>'
            f"<tbody>{body}</tbody></table></div>")


def spec_sheet_table(lang: str) -> str:
    """Every chip of Apple's spec sheet with its bounds (HTML); derived figures say so."""
    words = WORDS[lang]
    rows = []
    for chip in chips():
        bound = spec_bounds(chip, BOUND_SIZE)
        bandwidth = rate(chip.bandwidth_gb_s, "GB/s", lang)
        if chip.bandwidth_kind == "derived":
            bandwidth += f" ({words['derived']})"
        peak = chip.fp32_tflops
        fp32 = f"{number(peak, lang)} TFLOP/s" if peak else words["unknown"]
        if chip.fp32_kind == "derived":
            fp32 += f" ({words['derived']})"
        rows.append([chip.name, whole(chip.gpu_cores, lang), bandwidth, fp32, duration(bound.least_s, lang)])
    head = [text.format(m=whole(BOUND_SIZE, lang)) for text in words["spec_columns"]]
    return _table(head, rows, "mpsarticle-table mpsarticle-spec")


def sustained_rates(entries: Sequence[tuple[str, Any]], lang: str) -> str | None:
    """Burst and sustained rates of every machine measured with ``--sustained`` (HTML), or ``None`` if none was.

    A run whose result failed its correctness check is left out: it is not a speed.
    """
    words = WORDS[lang]
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
