"""Published measurements of Apple chips, cited row by row; no torch.

``mpsarticle/data/cited_measurements.csv`` holds one row per figure that
someone else measured and published: the chip (and, where the source says,
its GPU cores and memory), the framework, what was measured, the value and
its unit, how the source timed it, the PyTorch and macOS versions where it
states them, the source (a commit-pinned address and the section read), its
licence and the date it was read. A figure is added only after reading it
at its source; the article shows these rows as *cited*, each cell linked to
its source, never in a column with this build's own measurements.

CSV, not TOML: one figure is one line, so a diff shows which figure changed;
it opens in a spreadsheet, where a contributor checks a row against its
source; and it is the format of the spec sheet beside it
(:mod:`mpsarticle.core.specsheet`), read by the same standard library.

:func:`problems` is what ``python -m mpsarticle validate FILE.csv`` prints:
one line per refused row, naming the file, the line and the field (a row
with no source, no unit or no licence, a value that is not a positive
number, a chip, workload or framework the article does not know, a date
that is not a date). The text of a row is kept as written; every page
escapes it (a row with markup in it is shown as text).
"""

from __future__ import annotations

import csv
import datetime as dt
import functools
import io
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields
from importlib import resources
from pathlib import Path
from typing import Any

from mpsarticle.errors import InputError

__all__ = ["COLUMNS", "Cited", "CitedError", "FRAMEWORKS", "UNITS", "WORKLOADS", "cited", "load", "problems"]

DATA_FILE = "cited_measurements.csv"
#: The columns, in the file's order.
COLUMNS = ("chip", "gpu_cores", "memory_gb", "framework", "workload", "description", "dtype", "value", "unit",
           "statistic", "synchronised", "torch_version", "macos_version", "source_url", "source_section", "licence",
           "read_on")
REQUIRED = ("chip", "framework", "workload", "description", "value", "unit", "statistic", "synchronised",
            "source_url", "source_section", "licence", "read_on")
FRAMEWORKS = ("PyTorch MPS", "PyTorch CPU", "MLX", "llama.cpp Metal")
#: What was measured: a matrix product, a concatenation, a copy (bandwidth), generating tokens, reading a prompt,
#: one small operation (its fixed cost).
WORKLOADS = ("matmul", "concat", "copy", "decode", "prompt", "op")
UNITS = ("µs", "ms", "s", "GB/s", "GFLOP/s", "TFLOP/s", "tokens/s")
SYNCHRONISED = ("yes", "no", "not stated")
#: "Apple M1", "Apple M2 Pro", "Apple M4 Max", "Apple M3 Ultra", "Apple M5".
CHIP = re.compile(r"Apple M[1-9](?: (?:Pro|Max|Ultra))?")
SOURCE = re.compile(r"https://[^\s<>\"']+")
#: A cited value is shown with the digits it was published with, up to this many.
SHOWN_DIGITS = 4


class CitedError(InputError):
    """A cited-measurements file that cannot be read (one line per problem)."""


@dataclass(frozen=True)
class Cited:
    """One published figure (see the module notes for each field's meaning)."""

    chip: str
    gpu_cores: int | None
    memory_gb: int | None
    framework: str
    workload: str
    description: str
    dtype: str
    value: float
    unit: str
    statistic: str
    synchronised: str
    torch_version: str
    macos_version: str
    source_url: str
    source_section: str
    licence: str
    read_on: str
    #: The value as the source writes it (``56``, ``13.84``): the digits it was published with.
    value_text: str = ""

    @property
    def digits(self) -> int:
        """Significant digits the value was published with, at most :data:`SHOWN_DIGITS` (a value published as
        ``20.29667512`` is shown as ``20.30``)."""
        text = self.value_text.lstrip("0.").replace(".", "") or "0"
        return max(1, min(SHOWN_DIGITS, len(text)))

    @property
    def source_name(self) -> str:
        """The source as ``owner/repository`` (a GitHub address), else its host."""
        found = re.match(r"https://github\.com/([^/]+/[^/]+)", self.source_url)
        return found[1] if found else self.source_url.split("/")[2]


def _row_problems(row: Mapping[str, str]) -> Iterator[tuple[str, str]]:
    for name in REQUIRED:
        if not (row.get(name) or "").strip():
            yield name, "is empty"
    text = {name: (row.get(name) or "").strip() for name in COLUMNS}
    if text["chip"] and not CHIP.fullmatch(text["chip"]):
        yield "chip", f"{text['chip']!r} is not an Apple chip the article knows (Apple M1 ... Apple M9 Ultra)"
    for name in ("gpu_cores", "memory_gb"):
        if text[name] and not (text[name].isdigit() and int(text[name]) > 0):
            yield name, f"{text[name]!r} is not a positive whole number"
    if text["framework"] and text["framework"] not in FRAMEWORKS:
        yield "framework", f"{text['framework']!r} is not one of {', '.join(FRAMEWORKS)}"
    if text["workload"] and text["workload"] not in WORKLOADS:
        yield "workload", f"{text['workload']!r} is not one of {', '.join(WORKLOADS)}"
    if text["unit"] and text["unit"] not in UNITS:
        yield "unit", f"{text['unit']!r} is not one of {', '.join(UNITS)}"
    if text["synchronised"] and text["synchronised"] not in SYNCHRONISED:
        yield "synchronised", f"{text['synchronised']!r} is not one of {', '.join(SYNCHRONISED)}"
    if text["value"]:
        try:
            value = float(text["value"])
        except ValueError:
            yield "value", f"{text['value']!r} is not a number"
        else:
            if not (value > 0 and value != float("inf")):
                yield "value", f"{text['value']!r} is not a positive number"
    if text["source_url"] and not SOURCE.fullmatch(text["source_url"]):
        yield "source_url", f"{text['source_url']!r} is not an https:// address"
    if text["read_on"]:
        try:
            dt.date.fromisoformat(text["read_on"])
        except ValueError:
            yield "read_on", f"{text['read_on']!r} is not a date (YYYY-MM-DD)"


def _rows(text: str, where: str) -> tuple[list[Cited], list[str]]:
    reader = csv.DictReader(io.StringIO(text))
    missing = [name for name in COLUMNS if name not in (reader.fieldnames or ())]
    if missing:
        return [], [f"{where}: line 1: the header lacks {', '.join(missing)}"]
    found, refused = [], []
    for row in reader:
        line = reader.line_num
        wrong = list(_row_problems(row))
        if wrong:
            refused += [f"{where}: line {line}: {name} {why}" for name, why in wrong]
            continue
        values: dict[str, Any] = {f.name: (row.get(f.name) or "").strip() for f in fields(Cited)}
        for name in ("gpu_cores", "memory_gb"):
            values[name] = int(values[name]) if values[name] else None
        values["value_text"] = values["value"]
        values["value"] = float(values["value"])
        found.append(Cited(**values))
    return found, refused


def problems(path: str | Path) -> list[str]:
    """One line per problem of a cited-measurements file (empty: every row is usable)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return [f"{path}: cannot be read: {error}"]
    return _rows(text, str(path))[1]


def load(path: str | Path) -> tuple[Cited, ...]:
    """Every row of a cited-measurements file; :class:`CitedError` (every problem, one per line) if one is refused."""
    found, refused = _rows(Path(path).read_text(encoding="utf-8"), str(path))
    if refused:
        raise CitedError("\n".join(refused))
    return tuple(found)


@functools.lru_cache(maxsize=1)
def cited() -> tuple[Cited, ...]:
    """The package's cited measurements, in the file's order."""
    text = (resources.files("mpsarticle") / "data" / DATA_FILE).read_text(encoding="utf-8")
    found, refused = _rows(text, f"mpsarticle/data/{DATA_FILE}")
    if refused:
        raise CitedError("\n".join(refused))
    return tuple(found)
