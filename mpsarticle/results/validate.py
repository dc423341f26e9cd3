"""Check results files before they join the archive: ``python -m mpsarticle validate FILE...``.

A file sent in a pull request is checked four ways, each problem reported on
one line that names the file and the field:

1. **schema**: :func:`mpsarticle.results.model.load` (types, bounds, required
   fields, the schema version), plus a label (an archive entry needs one)
   and something measured;
2. **consistency**: each point's stored ``gb_s`` and ``gflop_s`` agree with
   its bytes and FLOPs divided by its median time (within 1 %), a point that
   was not measured carries no rate, and the median lies within the range
   of its samples;
3. **plausibility**: on a Mac whose chip is on Apple's spec sheet
   (:mod:`mpsarticle.core.specsheet`), no memory-bound rate is more than 10 %
   above the chip's memory bandwidth;
4. **no markup**: no string anywhere (label, environment, reasons,
   parameters) holds HTML or script markup.

The article escapes every string it shows, so markup would do no harm
there; it is refused because no honest run writes it, and a file that holds
it was edited by hand.

A ``.csv`` file is read as cited measurements (:mod:`mpsarticle.core.cited`):
each row needs a source, a unit and a licence, and holds no markup.
:func:`warnings` compares a Mac's results with the figures cited for its
chip: a copy bandwidth or a float32 matrix-product rate more than
:data:`DISAGREE_FACTOR` times apart from a published one is worth a second
look (a throttled laptop, a chip read wrongly), though not refused: the
published figure may be the wrong one.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from mpsarticle.core import cited as cited_rows
from mpsarticle.core.specsheet import chip_of
from mpsarticle.results.archive import MAX_FILE_BYTES
from mpsarticle.results.model import ResultsFileError, load
from mpsarticle.results.schema import upgrade
from mpsarticle.results.sustained import amount_per_call, summarise, window_rate

__all__ = ["BANDWIDTH_MARGIN", "DISAGREE_FACTOR", "RATE_TOLERANCE", "validate", "validate_file", "warnings"]

#: A stored rate may differ from size / median by this share (rounding in other writers).
RATE_TOLERANCE = 0.01
#: A rate up to this share above the spec bandwidth is believed (Apple rounds its figures).
BANDWIDTH_MARGIN = 0.10
#: Only points that move at least this much are held to the spec bandwidth: a
#: smaller working set can be served from the chip's system-level cache
#: (up to 96 MB on an Ultra), faster than memory. Cache-cold points always are.
CACHE_PROOF_BYTES = 128 << 20
#: Markup: a tag's opening ``<``; a ``>`` glued to what precedes it (``">``,
#: ``/>``, ``b>``; a comparison such as ``1.2e-03 > 1e-03``, which the
#: correctness check writes into reasons, keeps its spaces); script URLs;
#: character references; control characters.
MARKUP = re.compile(r"<|\S>|(?i:\b(?:javascript|vbscript|data)\s*:)|&#?\w+;|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_RATES = (("gb_s", "bytes_moved"), ("gflop_s", "flops"))
#: A Mac's rate this many times above or below a figure cited for its chip is warned about.
DISAGREE_FACTOR = 2.0


def validate(paths: Sequence[str | Path]) -> list[str]:
    """Every problem of every file, one line each (an empty list: all valid)."""
    return [problem for path in paths for problem in validate_file(path)]


def validate_file(path: str | Path) -> list[str]:
    """The problems of one results file, each ``FILE: field NAME: what is wrong`` (a ``.csv`` file: cited
    measurements, each ``FILE: line N: FIELD what is wrong``)."""
    source = str(path)
    if source.endswith(".csv"):
        return _cited_problems(Path(path))
    try:
        size = Path(path).stat().st_size
    except OSError:
        size = 0  # load() says what is wrong with a missing or unreadable file
    if size > MAX_FILE_BYTES:
        return [f"{source}: field (top level): {size} bytes, more than the {MAX_FILE_BYTES} an archive file may have"]
    try:
        results = load(path)
    except ResultsFileError as exc:
        return [str(exc)]
    raw = upgrade(json.loads(Path(path).read_text(encoding="utf-8")))  # older files' field names, as loading does
    problems = [f"{source}: field {where}: {what}" for where, what in _problems(raw, results)]
    return problems


def _cited_problems(path: Path) -> list[str]:
    found = cited_rows.problems(path)
    if found and found[0].endswith(("cannot be read", "the header lacks")):
        return found
    import csv

    with open(path, encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        for row in reader:
            found += [f"{path}: line {reader.line_num}: {name} holds markup: {text!r}"
                      for name, text in row.items() if isinstance(text, str) and MARKUP.search(text)]
    return found


def warnings(paths: Sequence[str | Path], published: Sequence[cited_rows.Cited] | None = None) -> list[str]:
    """One line per rate of a Mac's results file that lies more than :data:`DISAGREE_FACTOR` times from a
    figure published for its chip (copy bandwidth, float32 matrix-product rate, PyTorch on MPS)."""
    rows = cited_rows.cited() if published is None else published
    lines = []
    for path in paths:
        if str(path).endswith(".csv"):
            continue
        try:
            results = load(path)
        except ResultsFileError:
            continue  # validate_file says why
        chip = chip_of(results.environment)
        mac = results.environment.get("mac") or {}
        name = chip.name if chip else mac.get("chip") if isinstance(mac, dict) else None
        cores = chip.gpu_cores if chip else None
        for row in rows:
            if row.chip != name or row.framework != "PyTorch MPS" or (cores and row.gpu_cores not in (None, cores)):
                continue
            mine = _best_rate(results, row)
            if mine is None:
                continue
            theirs = row.value * (1000.0 if row.unit == "TFLOP/s" else 1.0)
            factor = max(mine / theirs, theirs / mine)
            if factor > DISAGREE_FACTOR:
                unit = "GFLOP/s" if row.unit == "TFLOP/s" else row.unit
                lines.append(f"{path}: warning: the best MPS {row.workload} here is {mine:.4g} {unit}; "
                             f"{row.source_name} published {row.value:g} {row.unit} for the {row.chip} "
                             f"({factor:.1f}x apart, more than {DISAGREE_FACTOR:g}x): check the file and the chip")
    return lines


def _best_rate(results: Any, row: cited_rows.Cited) -> float | None:
    """The file's best MPS rate comparable with a cited row: copy GB/s, or float32 matrix products in GFLOP/s."""
    if row.workload == "copy" and row.unit == "GB/s":
        rates = [p.gb_s for p in results if p.device == "mps" and p.workload == "copy" and p.ok and p.gb_s]
    elif row.workload == "matmul" and row.unit in ("TFLOP/s", "GFLOP/s") and row.dtype == "float32":
        rates = [p.gflop_s for p in results if p.device == "mps" and p.workload == "matmul" and p.ok
                 and p.params.get("dtype") == "float32" and p.gflop_s]
    else:
        return None
    return max(rates) if rates else None


def _problems(raw: dict[str, Any], results: Any) -> Iterator[tuple[str, str]]:
    if not raw.get("label"):
        yield "label", "an archive entry needs a label (record --label)"
    if not raw["points"] and not raw.get("sustained"):
        yield "points", "nothing was measured"
    for index, point in enumerate(raw["points"]):
        yield from _point_problems(f"points[{index}]", point)
    if raw.get("sustained"):
        yield from _sustained_problems(raw["sustained"])
    yield from _plausibility(raw, results)
    for where, text in _strings(raw, ""):
        found = MARKUP.search(text)
        if found:
            yield where, f"markup in a string ({found.group(0)!r}): results files hold plain text"


def _measured(point: dict[str, Any]) -> bool:
    """As :attr:`mpsarticle.results.model.Point.ok`: only such a point may carry a rate."""
    return point["status"] == "ok" and point.get("check") != "failed" and point.get("median_s") is not None


def _point_problems(where: str, point: dict[str, Any]) -> Iterator[tuple[str, str]]:
    median = point.get("median_s")
    for rate, amount in _RATES:
        stored, size = point.get(rate), point.get(amount) or 0
        if not _measured(point) or not size or median is None:  # (median is None only where not measured)
            if stored is not None:
                yield f"{where}.{rate}", "a rate is stored for a point that has no measured time or no size"
            continue
        expected = size / median / 1e9 if median > 0 else math.inf
        if stored is None or not math.isclose(stored, expected, rel_tol=RATE_TOLERANCE):
            yield f"{where}.{rate}", f"{stored} does not match {amount} / median_s = {expected:.6g}"
    samples = point.get("samples") or []
    if median is not None and samples and not min(samples) * (1 - 1e-9) <= median <= max(samples) * (1 + 1e-9):
        yield f"{where}.median_s", f"{median} lies outside its samples ({min(samples)} to {max(samples)})"


def _sustained_problems(block: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """Each window's rate from its calls and time, and the burst, sustained rate and ratio from the windows."""
    amount = amount_per_call(block)
    rates = []
    for index, window in enumerate(block["windows"]):
        expected = window_rate(amount, window["calls"], window["seconds"]) if window["seconds"] > 0 else math.inf
        if not math.isclose(window["rate"], expected, rel_tol=RATE_TOLERANCE):
            yield (f"sustained.windows[{index}].rate",
                   f"{window['rate']} does not match calls x size / seconds = {expected:.6g}")
        rates.append(window["rate"])
    for key, expected in summarise(rates).items():
        if not math.isclose(block[key], expected, rel_tol=RATE_TOLERANCE):
            yield f"sustained.{key}", f"{block[key]} does not match {expected:.6g} computed from the windows"


def _plausibility(raw: dict[str, Any], results: Any) -> Iterator[tuple[str, str]]:
    chip = chip_of(results.environment)
    if chip is None:
        return
    limit = chip.bandwidth_gb_s * (1 + BANDWIDTH_MARGIN)
    for index, point in enumerate(raw["points"]):
        rate = point.get("gb_s")
        if rate and rate > limit and (point.get("bytes_moved", 0) >= CACHE_PROOF_BYTES or point.get("cold")):
            yield (f"points[{index}].gb_s", f"{rate:.1f} GB/s is more than 10 % above the {chip.bandwidth_gb_s:g} GB/s "
                   f"of Apple's spec sheet for the {chip.label}")


def _strings(value: Any, where: str) -> Iterator[tuple[str, str]]:
    """(field path, text) for every string in a JSON value, dictionary keys included."""
    if isinstance(value, str):
        yield where or "(top level)", value
    elif isinstance(value, dict):
        for key, item in value.items():
            inner = f"{where}.{key}" if where else str(key)
            yield inner, str(key)
            yield from _strings(item, inner)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, f"{where}[{index}]")
