"""The workloads of the chapter on language models: a chain of operations, attention, a decode step."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
import torch
from torch.nn import functional as F

from mpsarticle.core.profiles import DECODERS, OTHER_HALF, for_machine, get_profile, plan
from mpsarticle.core.reasons import Reason
from mpsarticle.core.specs import Attention, Decode, OpChain, Prefill, TimingOptions, Unsupported
from mpsarticle.errors import InputError
from mpsarticle.measure import decoder, kernels
from mpsarticle.measure.devices import Device
from mpsarticle.measure.kernels import dispatched, prepare, sdpa_backend
from mpsarticle.measure.timing import time_point

CPU = Device("cpu")


@pytest.fixture(autouse=True)
def _nothing_held():
    """Each test draws its decoder afresh: one that spoils the held weights spoils them for no other."""
    decoder.let_go()
    yield
    decoder.let_go()
TINY = Decode(d_model=64, layers=2, heads=4, kv_heads=2, ffn=160, vocab=512, context=32, dtype="float32")


def test_a_decoders_parameters_are_its_tensors():
    """Decode.parameters (no torch) counts exactly the weights the decoder draws."""
    built = decoder.build(TINY, "cpu", torch.float32, seed=0)
    tensors = list(built.top.values()) + [t for layer in built.layers for t in layer.values()]
    assert sum(t.numel() for t in tensors) == TINY.parameters
    one_token = TINY.parameters - (TINY.vocab - 1) * TINY.d_model
    cache = sum(k.numel() + v.numel() for k, v in built.caches)
    assert TINY.cache_values == cache
    assert TINY.bytes_moved == 4 * (one_token + cache + TINY.layers * 2 * TINY.kv_heads * TINY.head_dim)


@pytest.mark.parametrize("ahead", [1, 3])
def test_layers_drawn_in_threads_are_the_numbers_drawn_one_after_another(monkeypatch, ahead):
    """The build and the reference draw layers a few at a time; each layer's numbers are those of its own
    generators, drawn alone, in the order of the layers."""
    model = replace(TINY, layers=5)
    monkeypatch.setattr(decoder, "DRAW_AHEAD", ahead)
    top, layers = decoder._drawn(model, seed=3)
    alone = decoder.top_weights(model, 3)
    assert all(torch.equal(top[name], alone[name]) for name in alone)
    drawn = list(layers)
    assert len(drawn) == model.layers
    for index, (weights, (keys, values)) in enumerate(drawn):
        expected = decoder.layer_weights(model, 3, index)
        assert all(torch.equal(weights[name], expected[name]) for name in expected)
        expected_keys, expected_values = decoder.cache(model, 3, index)
        assert torch.equal(keys, expected_keys) and torch.equal(values, expected_values)
    assert not torch.equal(drawn[0][0]["wq"], drawn[1][0]["wq"])


@pytest.mark.parametrize("dtype", ["float32", "bfloat16"])
def test_a_prompt_read_at_once_matches_its_float64_reference(dtype):
    """The prompt runs through the decode step's weights (same seed, same numbers) and is checked in float64."""
    model = Prefill(d_model=64, layers=2, heads=4, kv_heads=2, ffn=160, vocab=512, tokens=24, dtype=dtype)
    point = time_point(model, CPU, options=TimingOptions(budget_s=0.02))
    assert point.status == "ok" and point.check == "passed", point.reason
    assert point.rel_error is not None and point.rel_error < kernels.DECODE_TOLERANCE[dtype] / 4
    built = decoder.build_prefill(model, "cpu", torch.float32, seed=0)
    assert all(torch.equal(a, b) for a, b in zip(built.layers[1].values(),
                                                  decoder.layer_weights(model.shape, 0, 1).values(), strict=True))


def test_a_prompt_reads_each_position_causally():
    """Changing the last prompt token changes the logits; the prompt's attention never looks ahead (the written-out
    reference over the first positions alone gives the same hidden state as over the whole prompt)."""
    model = Prefill(d_model=64, layers=1, heads=4, kv_heads=2, ffn=160, vocab=512, tokens=8, dtype="float32")
    query = torch.randn(1, 4, 8, 16, dtype=torch.float64)
    keys, values = torch.randn(1, 2, 8, 16, dtype=torch.float64), torch.randn(1, 2, 8, 16, dtype=torch.float64)
    whole = decoder.causal_written_out(query, keys, values)
    first = decoder.causal_written_out(query[:, :, :5], keys[:, :, :5], values[:, :, :5])
    assert torch.allclose(whole[:, :, :5], first)
    assert torch.allclose(decoder.causal_sdpa(query, keys, values), whole)
    assert model.flops > 2 * model.tokens * model.layers * model.shape.layer_parameters * 0.9


def test_the_1_1b_decoder_is_the_size_the_article_says():
    """The chapter's model: 1.1 billion parameters, about 2.08 GB a token in bfloat16 (the issue's 2.07 GB)."""
    model = replace(DECODERS["1.1b"], dtype="bfloat16")
    assert 1.09e9 < model.parameters < 1.11e9
    assert 2.07e9 < model.bytes_moved < 2.09e9


def test_the_decode_step_matches_its_float64_reference():
    point = time_point(TINY, CPU, options=TimingOptions(budget_s=0.02))
    assert point.status == "ok" and point.check == "passed", point.reason
    assert point.rel_error is not None and point.rel_error < 1e-5
    assert point.detail["ops_per_call"] > 10 * TINY.layers


@pytest.mark.parametrize("spoil", ["zero one layer's MLP output", "one output weight", "one key weight"])
def test_a_spoiled_weight_fails_the_decode_check(spoil):
    """The reference draws the weights again from the seed; it never reads the device's, so a weight spoiled
    there (after the model was built) makes the check fail."""
    prepared = prepare(TINY, CPU)
    assert prepared.verify() <= prepared.tolerance
    built = prepared.state
    if spoil == "zero one layer's MLP output":
        built.layers[1]["down"].zero_()
    elif spoil == "one output weight":
        built.top["head"][3, 7] += 10.0
    else:
        built.layers[0]["wk"][5, 2] += 5.0
    assert prepared.verify() > prepared.tolerance


def test_the_reference_attention_is_pytorchs():
    """The reference's attention, written out, agrees with scaled_dot_product_attention (grouped-query)."""
    g = torch.Generator().manual_seed(3)
    query, keys, values = (torch.rand(shape, generator=g, dtype=torch.float64) for shape in
                           ((1, 8, 1, 16), (1, 2, 9, 16), (1, 2, 9, 16)))
    torch.testing.assert_close(decoder.written_out(query, keys, values), decoder.sdpa(query, keys, values))


def test_the_graph_mode_is_unsupported_on_a_cpu():
    point = time_point(Decode(**{**TINY.params(), "mode": "graph"}), CPU)
    assert point.status == "unsupported" and point.reason == Reason.of("no_graph_cpu")


def test_a_failing_torch_compile_is_recorded_as_unsupported(monkeypatch):
    """On MPS the replay is torch.compile; where it fails, the point says why (here the CPU stands in for MPS)."""
    def broken(fn):
        def call():
            raise RuntimeError("inductor: no backend for mps")
        return call

    monkeypatch.setattr(torch, "compile", broken)
    with pytest.raises(Unsupported) as raised:
        kernels.build(Decode(**{**TINY.params(), "mode": "graph"}), CPU, seed=0, rotations=1)
    assert raised.value.reason.code == "compile_failed"
    assert "no backend for mps" in raised.value.reason.get("message")


def test_the_compiled_replay_is_checked_too(monkeypatch):
    monkeypatch.setattr(torch, "compile", lambda fn: fn)
    prepared = kernels.build(Decode(**{**TINY.params(), "mode": "graph"}), CPU, seed=0, rotations=1)
    assert prepared.detail["overhead_removed_by"] == "torch_compile"
    assert prepared.verify() <= prepared.tolerance


def test_bad_decoders_are_refused_with_a_message():
    with pytest.raises(InputError, match="must split into 3 heads"):
        Decode(d_model=64, layers=1, heads=3, kv_heads=1, ffn=8)
    with pytest.raises(InputError, match="mode must be one of"):
        Decode(d_model=64, layers=1, heads=4, kv_heads=2, ffn=8, mode="fast")


def test_the_chain_counts_its_operations_and_checks_its_result():
    point = time_point(OpChain(ops=20, n=16), CPU, options=TimingOptions(budget_s=0.02))
    assert point.status == "ok" and point.check == "passed"
    assert point.detail == {"ops_per_call": 20}


def test_attention_is_checked_and_names_its_backend():
    point = time_point(Attention(seq=128, head_dim=32, heads=4, dtype="float32"), CPU,
                    options=TimingOptions(budget_s=0.02))
    assert point.status == "ok" and point.check == "passed" and point.rel_error < 1e-5
    assert point.detail["backend"] in ("flash", "math")


def test_a_wrong_attention_is_caught(monkeypatch):
    """Attention without its causal mask is a different result: the float64 reference says so."""
    real = F.scaled_dot_product_attention
    monkeypatch.setattr(F, "scaled_dot_product_attention", lambda q, k, v, **kw: real(q, k, v))
    prepared = prepare(Attention(seq=64, head_dim=16, heads=2, dtype="float32"), CPU)
    assert prepared.verify() > prepared.tolerance


def test_attention_flops_are_the_lower_triangle():
    found = Attention(seq=4, head_dim=8, heads=2)
    # 10 query-key pairs (4 · 5 / 2), two products of head_dim multiply-adds each, two heads.
    assert found.flops == 10 * 2 * 2 * 8 * 2


def test_the_backend_is_read_from_the_operator_dispatched():
    assert sdpa_backend(["mm", "_scaled_dot_product_flash_attention_for_cpu.default"]) == "flash"
    assert sdpa_backend(["_scaled_dot_product_efficient_attention.default"]) == "efficient"
    assert sdpa_backend(["bmm", "_softmax", "bmm"]) == "math"
    names = dispatched(lambda: torch.ones(3).view(1, 3) + 1)
    assert "view" not in " ".join(names) and any(name.startswith("add") for name in names)


def test_every_profile_plans_the_new_suites_on_a_cpu_and_an_accelerator():
    class Accelerator:
        name, is_accelerator = "cuda", True

    for profile in ("quick", "default", "full"):
        cpu = plan(("overhead", "attention", "decode"), profile, [CPU])
        gpu = plan(("overhead", "attention", "decode"), profile, [Accelerator()])
        assert [t.workload.kind for t in cpu].count("decode") == 1
        base = DECODERS[get_profile(profile).decoder.accelerator].context
        longer = get_profile(profile).decoder.contexts
        assert longer and min(longer) > base
        assert [(t.workload.params()["mode"], t.workload.params()["dtype"], t.workload.params()["context"])
                for t in gpu if t.workload.kind == "decode"] == [
            ("eager", "bfloat16", base), ("graph", "bfloat16", base), ("compiled", "bfloat16", base)] + [
            (mode, "bfloat16", context) for context in longer for mode in ("eager", "graph")] + [
            ("eager", "float16", base)]
        common = {(t.workload.params()["seq"], t.workload.params()["head_dim"]) for t in cpu
                  if t.workload.kind == "attention" and t.workload.params()["dtype"] == "bfloat16"}
        assert common & {(t.workload.params()["seq"], t.workload.params()["head_dim"]) for t in gpu
                         if t.workload.kind == "attention" and t.workload.params()["dtype"] == "bfloat16"}
        assert all(math.isfinite(t.workload.bytes_moved) for t in cpu + gpu)


@pytest.mark.parametrize("machine", ["apple-m1-base", "cuda-faulty", "all-failed"])
def test_the_decode_figure_draws_each_step_measured_well_and_its_bound(machine):
    from mpsarticle.analysis.findings.llm import decoding
    from mpsarticle.article.figures.frame import has_data
    from mpsarticle.article.figures.llm import decode_bars

    from ..machines import results_of

    results = results_of(machine)
    figure = decode_bars(results, "en")
    judged = {d.device: (d.dtype, d.context) for d in decoding(results)}
    # The figure draws PyTorch's steps eager and replayed; the compiled step is the table's (tables.ways_table), and
    # MLX's step its own section's.
    good = [p for p in results.select(workload="decode") if p.ok and p.device in judged
            and (p.params["dtype"], p.params["context"]) == judged[p.device] and p.params["mode"] != "compiled"]
    if not good:
        assert not has_data(figure)
        return
    ax = figure.axes[0]
    bounds = {d.device: d.bound_tokens_per_s for d in decoding(results)}
    # A linear axis from zero: each bar is its share of its device's bound (tokens per second where no device
    # has one), the bound a line at 1.
    if any(bounds.values()):
        expected = [(1 / p.median_s) / bounds[p.device] for p in good if bounds[p.device]]
        assert [line.get_xdata()[0] for line in ax.lines] == [1.0]
    else:
        expected = [1 / p.median_s for p in good]
    assert sorted(bar.get_width() for bar in ax.patches) == pytest.approx(sorted(expected))
    assert ax.get_xscale() == "linear" and ax.get_xlim()[0] == 0


@pytest.mark.parametrize("chip, devices, expected", [
    ("Apple M1", {"mps": {}}, "float16"), ("Apple M2 Ultra", {"mps": {}}, "float16"),
    ("Apple M3 Max", {"mps": {}}, "bfloat16"), ("Apple M5", {"mps": {}}, "bfloat16"),
    ("Intel(R) Xeon(R) Platinum 8480+", {"cuda": {}}, "bfloat16"), ("Apple M1", {}, "bfloat16")])
def test_the_decoder_runs_in_float16_only_where_the_apple_gpu_emulates_bfloat16(chip, devices, expected):
    class Accelerator:
        name, is_accelerator = "mps", True

    environment = {"cpu": chip, "mac": {"chip": chip}, "devices": {"cpu": {}, **devices}}
    for name in ("quick", "default", "full"):
        chosen = for_machine(get_profile(name), environment)
        planned = plan(("decode",), chosen, [Accelerator()])
        steps = [(t.workload.params()["mode"], t.workload.params()["dtype"]) for t in planned
                 if t.workload.kind == "decode"]
        assert steps[:2] == [("eager", expected), ("graph", expected)] and steps[-1] == ("eager", OTHER_HALF[expected])
        assert set(steps[2:-1]) == {("eager", expected), ("graph", expected)}
        # The prompt is read in both half precisions, the decoder's first: the regime is said in it.
        assert [t.workload.params()["dtype"] for t in planned if t.workload.kind == "prefill"] == [
            expected, OTHER_HALF[expected]]
        assert [t.workload.params()["dtype"] for t in plan(("decode",), chosen, [CPU])] == ["float32"] * 2


@pytest.mark.parametrize("dtype", ["float32", "bfloat16"])
def test_the_steps_products_alone_read_its_weights_and_match_float64(dtype):
    """The size-matched bound's workload: every matrix of the step (the same seeded weights) times one vector,
    checked against float64; its bytes are those weights, nothing else."""
    from mpsarticle.core.specs import StepProducts

    model = StepProducts(d_model=64, layers=2, heads=4, kv_heads=2, ffn=160, vocab=512, dtype=dtype)
    point = time_point(model, CPU, options=TimingOptions(budget_s=0.02))
    assert point.status == "ok" and point.check == "passed", point.reason
    assert point.rel_error is not None and point.rel_error < kernels.DECODE_TOLERANCE[dtype] / 4
    shape = replace(TINY, dtype=dtype)
    built = decoder.build_products(shape, "cpu", torch.float32, seed=0)
    matrices = [t for layer in built.layers for name, t in layer.items() if not name.startswith("norm")]
    assert model.weights == sum(t.numel() for t in matrices) + built.top["head"].numel()
    assert model.bytes_moved == model.weights * (2 if dtype == "bfloat16" else 4)
    assert point.detail["ops_per_call"] == 7 * model.layers + 1
    # A spoiled matrix fails the check: the reference draws its own.
    prepared = prepare(model, CPU)
    prepared.state.layers[1]["down"].zero_()
    assert prepared.verify() > prepared.tolerance


def test_one_decoder_is_held_per_process_and_another_precision_lets_it_go():
    """Every mode and context of one decoder reads the same weights, drawn once; another precision draws anew,
    after letting the first go."""
    first = decoder.build(TINY, "cpu", torch.float32, seed=0)
    longer = decoder.build(replace(TINY, context=64, mode="graph"), "cpu", torch.float32, seed=0)
    assert first.layers[0]["wq"] is longer.layers[0]["wq"] and first.top["head"] is longer.top["head"]
    assert first.caches[0][0].shape[2] == TINY.context + 1 and longer.caches[0][0].shape[2] == 65
    half = decoder.build(TINY, "cpu", torch.bfloat16, seed=0)
    assert half.layers[0]["wq"].dtype == torch.bfloat16 and len(decoder._HELD) == 1
    again = decoder.build(TINY, "cpu", torch.float32, seed=0)
    assert again.layers[0]["wq"] is not first.layers[0]["wq"]
    assert torch.equal(again.layers[0]["wq"], first.layers[0]["wq"])


def test_the_compiled_mode_compiles_once_and_says_how_long(monkeypatch):
    """mode compiled: torch.compile's default mode, compiled before the timed blocks; a compile past the limit is
    not measured and says how long it took."""
    calls = []

    def fake_compile(fn, **kwargs):
        calls.append(kwargs)
        return fn

    monkeypatch.setattr(torch, "compile", fake_compile)
    point = time_point(replace(TINY, mode="compiled"), CPU, options=TimingOptions(budget_s=0.02))
    assert point.status == "ok" and point.check == "passed" and calls == [{}]
    assert 0 <= point.detail["compile_ms"] < kernels.COMPILE_LIMIT_S * 1000
    clock = iter([0.0, kernels.COMPILE_LIMIT_S + 5.0])
    monkeypatch.setattr(kernels.time, "perf_counter", lambda: next(clock, kernels.COMPILE_LIMIT_S + 9.0))
    with pytest.raises(Unsupported) as refused:
        kernels._compiled(lambda: torch.zeros(1))
    assert refused.value.reason == Reason.of("compile_slow", took_s=kernels.COMPILE_LIMIT_S + 5.0,
                                             limit_s=kernels.COMPILE_LIMIT_S)


def test_the_decode_suite_plans_three_modes_where_graphs_replay_and_groups_by_precision():
    from mpsarticle.core.specs import StepProducts

    profile = get_profile("default")
    for device, modes, replays in ((Device("cuda"), {"eager", "graph", "compiled"}, True),
                                   (Device("mps"), {"eager", "graph"}, False)):
        tasks = [t.workload for t in plan(["decode"], "default", [device])]
        judged = profile.decoder.accelerator_dtype
        assert {w.mode for w in tasks if isinstance(w, Decode) and w.context == 512 and w.dtype == judged} == modes
        dtypes = [w.dtype for w in tasks]
        assert dtypes == sorted(dtypes, key=lambda d: d != judged)  # one precision's points, then the other's
        products = [w for w in tasks if isinstance(w, StepProducts)]
        # The step's matrices alone only where a CUDA graph replays them (launched one by one, no bound).
        assert len(products) == int(replays)
        assert all(p.dtype == judged and p.d_model == DECODERS["1.1b"].d_model for p in products)
    cpu = [t.workload for t in plan(["decode"], "quick", [CPU])]
    assert [type(w).__name__ for w in cpu] == ["Decode", "Prefill"]


@pytest.mark.parametrize("machine", ["nvidia-h200-like", "apple-m1-base", "all-failed"])
def test_the_ways_table_shows_each_step_measured_well_with_its_kernels_and_launches(machine):
    """One row per way measured well at the judged precision and shortest context: its tokens per second from the
    point's median, its kernels as recorded, one launch for a CUDA graph, the share of the products' bound."""
    import re

    from mpsarticle.article.tables import ways_table
    from mpsarticle.article.wording import Words

    from ..machines import results_of

    results = results_of(machine)
    html = ways_table(results, Words("en"))
    rows = re.findall(r"<tr>(.*?)</tr>", html)[1:]
    cells = [re.findall(r"<td[^>]*>(.*?)</td>", row) for row in rows]
    expected = []
    for device in [d for d in results.devices if d != "cpu"] + ["cpu"]:
        decode = results.select(workload="decode", device=device)
        if not decode:
            continue
        shortest = min(p.params["context"] for p in decode)
        graph_dtypes = {p.params["dtype"] for p in decode if p.params["mode"] == "graph"}
        dtype = next(iter(graph_dtypes)) if graph_dtypes else decode[0].params["dtype"]
        products = [p for p in results.select(workload="step_products", device=device) if p.ok]
        # A device with its eager step alone and no bound of its own gets no row (its step is the decode table's).
        rows_before = len(expected)
        for mode in ("eager", "graph", "compiled"):
            for p in decode:
                if p.ok and p.params["mode"] == mode and p.params["context"] == shortest and p.params["dtype"] == dtype:
                    kernels = p.detail.get("kernels_per_call")
                    launches = 1 if p.detail.get("overhead_removed_by") == "cuda_graph" else kernels
                    share = (1 / p.median_s) / (products[0].bytes_moved / products[0].median_s / p.bytes_moved) \
                        if products else None
                    expected.append((kernels, launches, 1 / p.median_s, share))
        if len(expected) - rows_before < 2 and not products:
            del expected[rows_before:]
    assert len(cells) == len(expected)
    for row, (kernels, launches, tokens, share) in zip(cells, expected, strict=True):
        assert row[2] == (f"{kernels:,}" if kernels is not None else "–")
        assert row[3] == (f"{launches:,}" if launches is not None else "–")
        assert float(row[4].split(" ")[0].replace(",", "")) == pytest.approx(tokens, rel=5e-3)
        assert row[5] == "–" if share is None else float(row[5].rstrip("%")) == pytest.approx(100 * share, abs=1)
