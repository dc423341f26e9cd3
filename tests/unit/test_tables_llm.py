"""The decode table of the chapter on language models, read from its HTML and set against the raw points.

The oracle reads the table's rows as typed values (``table.decode`` in tests/oracle.py, with mutations in
test_oracle.py); this test reads what a reader sees: each cell, in both languages, parsed back and compared with the
points the row names, so a row drawn from other evidence than its own, or a cell formatted from the wrong value,
fails here.
"""

from __future__ import annotations

import dataclasses
import html
import re

import pytest

from mpsarticle.article.tables import attention_table, decode_table, mlx_table, prompt_table
from mpsarticle.article.wording import Words
from mpsarticle.core.frameworks import torch_counterpart

from ..machines import results_of
from ..rendering import NUMBER, parse_number


def _cells(table: str) -> list[list[str]]:
    """The table's rows of cells; a table of one row, turned on its side (device in the heading, a heading and its
    cell per line), read back as that one row."""
    def clean(text: str) -> str:
        return html.unescape(text).replace("\u00a0", " ")
    rows = re.findall(r"<tr>(.*?)</tr>", table)
    if "mpsarticle-turned" in table:
        device = clean(re.findall(r"<th[^>]*>(.*?)</th>", rows[0])[1])
        return [[device, *(clean(re.findall(r"<td[^>]*>(.*?)</td>", row)[1]) for row in rows[1:])]]
    return [[clean(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)] for row in rows[1:]]


def _numbers(text: str, lang: str) -> list[float]:
    return [parse_number(token, lang) for token in NUMBER.findall(text)]


def _eager(results, device: str):
    """The device's eager step measured well at its shortest context, in its decoder's precision (the one it was
    also replayed in, else the one it ran in)."""
    decode = [p for p in results.select(workload="decode", device=device, method="engine")]
    if not decode:
        return None
    shortest = min(p.params["context"] for p in decode)
    replayed = {p.params["dtype"] for p in decode if p.params["mode"] == "graph"}
    dtype = next(iter(replayed)) if replayed else decode[0].params["dtype"]
    return next((p for p in decode if p.ok and p.params["mode"] == "eager" and p.params["context"] == shortest
                 and p.params["dtype"] == dtype), None)


def _close(printed: float, value: float) -> bool:
    """Printed to three significant digits (or as a whole number): within half a unit of its last digit."""
    return abs(printed - value) <= max(5e-3 * abs(value), 0.5 if printed >= 1000 else 0.0) + 1e-12


@pytest.mark.parametrize("lang", ["en", "id"])
@pytest.mark.parametrize("machine", ["nvidia-h200-prompts", "nvidia-h200-like", "apple-m1-base", "apple-m3-max",
                                     "cuda-faulty", "ci-2core"])
def test_each_decode_row_shows_its_own_eager_step(machine: str, lang: str) -> None:
    results = results_of(machine)
    table = decode_table(results, Words(lang))
    cells = _cells(table)
    devices = [d for d in results.devices if d != "cpu"] + [d for d in results.devices if d == "cpu"]
    expected = [(d, p) for d in devices if (p := _eager(results, d)) is not None]
    assert len(cells) == len(expected), (machine, cells)
    if not expected:
        assert table == ""
        return
    for row, (device, point) in zip(cells, expected, strict=True):
        _check_row(row, results, device, point, lang)


@pytest.mark.parametrize("lang", ["en", "id"])
def test_a_lone_row_is_turned_on_its_side_and_reads_the_same(lang: str) -> None:
    """A build whose CPU alone decoded (the H200 prompts' machine without its GPU) gets one row, shown as a
    heading and its cell per line: read back, it is the same row, checked against the same points."""
    full = results_of("nvidia-h200-prompts")
    environment = {**full.environment, "devices": {"cpu": full.environment["devices"]["cpu"]}}
    results = dataclasses.replace(full, environment=environment, points=[p for p in full.points if p.device == "cpu"])
    table = decode_table(results, Words(lang))
    assert "mpsarticle-turned" in table and "mpsarticle-turned" in prompt_table(results, Words(lang))
    [row] = _cells(table)
    assert len(row) == 10
    _check_row(row, results, "cpu", _eager(results, "cpu"), lang)


def _check_row(row: list[str], results, device: str, point, lang: str) -> None:
    """Each cell of ``row`` against the raw points of ``device`` (its eager step ``point``)."""
    words = Words(lang)
    assert row[0] == words.device(device)
    assert row[2] == point.params["dtype"]
    tokens, low, high = _numbers(row[3], lang)
    assert _close(tokens, 1 / point.measured_s), row
    assert _close(low, 1 / point.ci_high_s) and _close(high, 1 / point.ci_low_s), row
    [nbytes] = _numbers(row[4], lang)
    assert _close(nbytes * {"MB": 1e6, "GB": 1e9}[row[4].split()[-1]], point.bytes_moved), row
    ops = point.detail.get("ops_per_call")
    assert row[8] == "–" if ops is None else _numbers(row[8], lang) == [ops], row
    if row[5] != "–":
        # The bound is the rate cell's GB/s over the bytes a token reads, and the share is the step's tokens
        # per second over it; the rate is the step's own matrices' where they were replayed alone, else one
        # of the device's B @ a points', or, where the cell names the plain copy, one of its copies'.
        [bound] = _numbers(row[5], lang)
        rate = _numbers(row[6], lang)[0]
        assert _close(bound, rate * 1e9 / point.bytes_moved), row
        share = _numbers(row[7], lang)[0] / 100
        assert abs(share - (1 / point.measured_s) / bound) <= max(5e-3 * share, 5e-4 if share < 0.1 else 5e-3)
        products = [p for p in results.select(workload="step_products", device=device, method="engine")
                    if p.ok and p.detail.get("overhead_removed_by")]
        workload = "copy" if ("copy" in row[6] or "penyalinan" in row[6]) else "matvec"
        rates = [p.bytes_moved / p.measured_s / 1e9 for p in products] or [
            p.gb_s for p in results.select(workload=workload, device=device, method="engine") if p.ok and p.gb_s]
        assert any(_close(rate, r) for r in rates), (row, rates)
    if row[9] != "–":
        total, time = _numbers(row[9], lang)
        chain = max((p for p in results.select(workload="op_chain", device=device, method="engine") if p.ok),
                    key=lambda p: p.params["ops"])
        scale = {"ms": 1e-3, "µs": 1e-6, "s": 1.0}
        units = re.findall(r"(ms|µs|s)\b", row[9])
        assert _close(total * scale[units[0]], ops * chain.measured_s / chain.params["ops"]), row
        assert _close(time * scale[units[1]], point.measured_s), row


@pytest.mark.parametrize("column, text", [(3, "377 [372–383]"), (5, "1,000"), (7, "19%"), (8, "17"),
                                          (9, "13.3 ms of 15.9 ms")])
def test_a_cell_from_other_evidence_is_caught(column: int, text: str) -> None:
    """The comparison above can fail: the H200's row with the replayed step's tokens per second, another bound, the
    replay's share, another count of operations, or the replay's saving in place of the operations' cost."""
    results = results_of("nvidia-h200-prompts")
    row = _cells(decode_table(results, Words("en")))[0]
    point = _eager(results, "cuda")
    _check_row(row, results, "cuda", point, "en")
    with pytest.raises(AssertionError):
        _check_row([*row[:column], text, *row[column + 1:]], results, "cuda", point, "en")


def _unit(text: str, value: float) -> float:
    """A rate printed with its unit, in GFLOP/s."""
    return value * {"GFLOP/s": 1.0, "TFLOP/s": 1e3}[re.search(r"[GT]FLOP/s", text).group(0)]


def _share_digit(share: float) -> float:
    """Half a unit of a printed percentage's last digit: two significant digits, so 0.5 % from 10 % up."""
    return (5e-3 if share >= 0.1 else 5e-4) + 1e-9


def _best_product(results, device: str, dtype: str):
    products = [p for p in results.select(workload="matmul", device=device, dtype=dtype, method="engine")
                if p.ok and p.gflop_s]
    return max(products, key=lambda p: p.gflop_s) if products else None


@pytest.mark.parametrize("lang", ["en", "id"])
@pytest.mark.parametrize("machine", ["nvidia-h200-prompts", "nvidia-h200-like", "apple-m1-base", "apple-m3-max",
                                     "cuda-faulty", "ci-2core"])
def test_each_prompt_row_shows_its_own_prompt(machine: str, lang: str) -> None:
    """Each row of the prompt table against its prefill point and the best matrix product of its precision: the
    arithmetic's bound is that product's rate over the operations per token, computed here from the point's."""
    results = results_of(machine)
    cells = _cells(prompt_table(results, Words(lang)))
    devices = [d for d in results.devices if d != "cpu"] + [d for d in results.devices if d == "cpu"]
    points = [p for d in devices for p in results.select(workload="prefill", device=d, method="engine") if p.ok]
    assert len(cells) == len(points), (machine, cells)
    for row, point in zip(cells, points, strict=True):
        _check_prompt_row(row, results, point, lang)


def _check_prompt_row(row: list[str], results, point, lang: str) -> None:
    tokens = point.params["tokens"]
    assert row[0] == Words(lang).device(point.device) and row[2] == point.params["dtype"]
    assert _numbers(row[1], lang) == [tokens]
    rate, low, high = _numbers(row[3], lang)
    assert _close(rate, tokens / point.measured_s), row
    assert _close(low, tokens / point.ci_high_s) and _close(high, tokens / point.ci_low_s), row
    product = _best_product(results, point.device, point.params["dtype"])
    assert (row[4] == "–") == (product is None), row
    if product is not None:
        [bound] = _numbers(row[4], lang)
        mm, m = _numbers(row[5], lang)
        assert _close(_unit(row[5], mm), product.gflop_s) and m == product.params["m"], row
        exact = product.gflop_s * 1e9 * tokens / point.flops
        assert _close(bound, exact), row
        # The share against the bound itself, not against the bound as printed (rounded to a whole token); at or
        # over the bound the cell says so, never as a share over 100 %.
        ratio = (tokens / point.measured_s) / exact
        if ratio < 1:
            share = _numbers(row[6], lang)[0] / 100
            assert abs(share - ratio) <= _share_digit(share), row
        else:
            assert "%" not in row[6], row


@pytest.mark.parametrize("lang", ["en", "id"])
@pytest.mark.parametrize("machine", ["nvidia-h200-prompts", "apple-m1-base", "cuda-faulty", "ci-2core-workers"])
def test_each_attention_row_shows_its_own_best(machine: str, lang: str) -> None:
    """Each row of the attention table against the device's attention points in that precision (its best rate and
    call) and its best matrix product in that precision; the share is computed here from both."""
    results = results_of(machine)
    cells = _cells(attention_table(results, Words(lang)))
    pairs = list(dict.fromkeys((p.device, p.params["dtype"]) for p in results.select(workload="attention",
                                                                                     method="engine") if p.ok))
    assert sorted((Words(lang).device(d), t) for d, t in pairs) == sorted((r[0], r[1]) for r in cells), cells
    for row in cells:
        _check_attention_row(row, results, lang)


def _check_attention_row(row: list[str], results, lang: str) -> None:
    device = next(d for d in results.devices if Words(lang).device(d) == row[0])
    points = [p for p in results.select(workload="attention", device=device, dtype=row[1], method="engine") if p.ok]
    best = max(points, key=lambda p: p.gflop_s or 0.0)
    [rate] = _numbers(row[2], lang)
    assert _close(_unit(row[2], rate), best.gflop_s), row
    assert _numbers(row[3], lang) == [best.params["seq"], best.params["head_dim"]], row
    product = _best_product(results, device, row[1])
    assert (row[4] == "–") == (product is None), row
    if product is not None:
        mm, m = _numbers(row[4], lang)
        assert _close(_unit(row[4], mm), product.gflop_s) and m == product.params["m"], row
        share = _numbers(row[5], lang)[0] / 100
        assert abs(share - best.gflop_s / product.gflop_s) <= _share_digit(share), row


@pytest.mark.parametrize("table, column, text", [("prompt", 3, "40,447 [24,576–66,569]"), ("prompt", 4, "348,806"),
                                                 ("prompt", 6, "12%"), ("attention", 2, "692 TFLOP/s"),
                                                 ("attention", 5, "71%"), ("attention", 3,
                                                                           "1,024 positions with head size 128")])
def test_a_prompt_or_attention_cell_from_other_evidence_is_caught(table: str, column: int, text: str) -> None:
    """The comparisons above can fail: the H200's first row given the other precision's rate, bound or share, or
    attention's rate given the product's, another precision's share, another call."""
    results = results_of("nvidia-h200-prompts")
    if table == "prompt":
        row = _cells(prompt_table(results, Words("en")))[0]
        point = next(p for p in results.select(workload="prefill", device="cuda", method="engine")
                     if p.ok and p.params["dtype"] == row[2])
        _check_prompt_row(row, results, point, "en")
        with pytest.raises(AssertionError):
            _check_prompt_row([*row[:column], text, *row[column + 1:]], results, point, "en")
        return
    row = _cells(attention_table(results, Words("en")))[0]
    _check_attention_row(row, results, "en")
    with pytest.raises(AssertionError):
        _check_attention_row([*row[:column], text, *row[column + 1:]], results, "en")


@pytest.mark.parametrize("lang", ["en", "id"])
@pytest.mark.parametrize("machine", ["apple-m3-max", "cuda-faulty"])
def test_each_mlx_row_shows_its_own_two_points(machine: str, lang: str) -> None:
    """Each row of the MLX table, read back from its cells: the value and published interval of MLX's point and of
    PyTorch's point at exactly its parameters on the counterpart device (tokens per second, else the rate)."""
    results = results_of(machine)
    cells = _cells(mlx_table(results, Words(lang)))
    mlx = [p for p in results.points if p.device.startswith("mlx-") and p.ok]
    assert cells and len(cells) <= len(mlx), (machine, cells)
    for row in cells:
        m = int(_numbers(row[2], lang)[-1]) if row[1].startswith(("B @ a", "A @ B")) else None
        point = next(p for p in mlx if p.params["dtype"] == row[3] and
                     (p.params.get("m") == m if m else p.workload == "decode"))
        torch = next(p for p in results.points if p.ok and p.device == torch_counterpart(point.device)
                     and p.method == "engine" and p.workload == point.workload and p.params == point.params)
        assert row[0] == Words(lang).device(torch.device)
        for cell, one in ((row[4], point), (row[5], torch)):
            value, low, high = _numbers(cell, lang)
            amount = {"decode": 1.0, "matvec": one.bytes_moved / 1e9, "matmul": one.flops / 1e9}[one.workload]
            unit = 1e3 if cell.split("[")[0].strip().endswith("TFLOP/s") else 1.0
            assert _close(value * unit, amount / one.measured_s), (row, cell)
            assert _close(low * unit, amount / one.ci_high_s) and _close(high * unit, amount / one.ci_low_s), cell
