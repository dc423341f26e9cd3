"""The figures of "Results from other machines": several ResultSets side by side, labels from untrusted files.

Every ResultSet here is synthetic: nothing is measured.
"""

from __future__ import annotations

import io
import warnings

import matplotlib

matplotlib.use("Agg")

import matplotlib.image
import pytest
from matplotlib import cbook
from matplotlib.figure import Figure
from matplotlib.text import Text

from mpsarticle.article import figures
from mpsarticle.article.chapters import CHAPTERS
from mpsarticle.article.wording import Words
from mpsarticle.results.model import ResultSet

from .test_figures import ENVIRONMENT, _point, _texts, build, cpu_only

FUNCTIONS = ["machines_speedup", "machines_efficiency", "machines_train"]
HOSTILE = ("<script>alert(1)</script> $\\frac{1}{0}$ \x00 " + "ü€—" * 100)[:300]


def entries() -> list[tuple[str, ResultSet]]:
    return [("Mac mini M2", build(("mps",))), ("Workstation RTX", build(("cuda",))), ("2-core CPU", cpu_only())]


def with_hostile() -> list[tuple[str, ResultSet]]:
    return [*entries(), (HOSTILE, build(("cuda",))), ("🙂 研究室 \u202eevil\u202c", build(("mps",)))]


def _all_texts(figure: Figure) -> list[str]:
    """Every string drawn: titles, labels, notes, tick labels, legends."""
    return [t.get_text() for t in figure.findobj(Text) if t.get_text()]


def _png(figure: Figure) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=figures.DPI, facecolor=figures.BACKGROUND)
    return buffer.getvalue()


# -- every figure ------------------------------------------------------------------


@pytest.mark.parametrize("name", FUNCTIONS)
@pytest.mark.parametrize("lang", ["en", "id"])
def test_draws_and_renders_in_both_languages(name: str, lang: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        figure = getattr(figures, name)(with_hostile(), lang)
        assert isinstance(figure, Figure)
        data = _png(figure)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert 1_000 < len(data) < 200_000
    image = matplotlib.image.imread(io.BytesIO(data))
    if image.shape[2] == 4:
        assert (image[..., 3] == 1.0).all()  # opaque: readable on the site's dark theme
    assert not [w for w in caught if "missing from" in str(w.message)]


@pytest.mark.parametrize("name", FUNCTIONS)
def test_labels_differ_by_language(name: str) -> None:
    english, indonesian = (set(_texts(getattr(figures, name)(entries(), lang))) for lang in ("en", "id"))
    assert english != indonesian


@pytest.mark.parametrize("name", FUNCTIONS)
def test_bad_language_is_one_line_value_error(name: str) -> None:
    with pytest.raises(ValueError, match="unknown language 'fr'") as error:
        getattr(figures, name)(entries(), "fr")
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("name", FUNCTIONS)
@pytest.mark.parametrize("given", [[], [("empty", ResultSet(environment=dict(ENVIRONMENT)))], None,
                                   [("broken",), ("no results", None)]])
def test_missing_data_gives_a_message(name: str, given) -> None:
    figure = getattr(figures, name)(given, "en")
    assert any(t.get_gid() == figures.MESSAGE_GID for ax in figure.axes for t in ax.texts)
    _png(figure)


def test_the_table_still_has_the_same_keys_in_both_languages() -> None:
    assert set(Words("en").table("figure")) == set(Words("id").table("figure"))
    assert {"machines_speedup", "machines_efficiency", "machines_train"} <= set(figures.__all__)


# -- untrusted labels ----------------------------------------------------------------


@pytest.mark.parametrize("name", FUNCTIONS)
@pytest.mark.parametrize("lang", ["en", "id"])
def test_hostile_label_is_drawn_literally(name: str, lang: str) -> None:
    figure = getattr(figures, name)(with_hostile(), lang)
    _png(figure)  # a mathtext parse of "\frac{1}{0}" or a NUL would fail here
    texts = _all_texts(figure)
    shown = [t for t in texts if "<script>alert(1)</script>" in t]
    assert shown, texts
    for text in shown:
        assert r"\$\frac{1}{0}\$" in text  # escaped: drawn as "$\frac{1}{0}$", not as a fraction
        assert "\x00" not in text
    # No string in the figure would be parsed as math.
    assert not [t for t in texts if cbook.is_math_text(t)]


def test_machine_name_cuts_escapes_and_never_raises() -> None:
    name = figures.machine_name(HOSTILE)
    visible = name.replace(r"\$", "$")
    assert len(visible) <= figures.LABEL_LIMIT and visible.endswith("…")
    assert visible.startswith("<script>alert(1)</script> $\\frac{1}{0}$")
    assert figures.machine_name("a\x00b\x1b[31m") == "a\ufffdb\ufffd[31m"  # control characters made visible
    assert figures.machine_name("🙂 box") == "\ufffd box"  # no glyph in the font: no warning at drawing time
    assert not cbook.is_math_text(name)
    assert figures.machine_name("a\nb\tc") == "a b c"
    assert figures.machine_name("") == "unnamed machine"
    assert figures.machine_name("   ", "id") == "mesin tanpa nama"
    assert figures.machine_name(None) == "unnamed machine"
    assert figures.machine_name(r"costs \$5 or $6") == r"costs \\$5 or \$6"
    for odd in ("\ud800", "\u202e\u200b", "🙂" * 50, "$" * 200, "\\" * 60, 12345):
        figures.machine_name(odd)


def test_a_label_starting_with_an_underscore_still_has_its_legend_entry() -> None:
    given = [("_nolegend_", build(("cuda",))), ("_child0", build(("mps",)))]
    for name in ("machines_speedup", "machines_efficiency"):
        legends = getattr(figures, name)(given, "en").legends
        labels = [t.get_text() for legend in legends for t in legend.get_texts()]
        assert "_nolegend_ — NVIDIA GPU" in labels and "_child0 — Apple GPU (MPS)" in labels


def test_equal_labels_are_told_apart() -> None:
    figure = figures.machines_efficiency([("box", build(("cuda",))), ("box", build(("mps",)))], "en")
    labels = [t.get_text() for t in figure.legends[0].get_texts()]
    assert "box — CPU" in labels and "box (2) — CPU" in labels


# -- speed-up ----------------------------------------------------------------------


def test_speedup_one_line_per_machine_and_accelerator() -> None:
    figure = figures.machines_speedup([*entries(), ("both", build(("mps", "cuda")))], "en")
    ax = figure.axes[0]
    labels = {line.get_label(): line for line in ax.lines if not line.get_label().startswith("_")}
    assert set(labels) == {"Mac mini M2 — Apple GPU (MPS)", "Workstation RTX — NVIDIA GPU", "both — Apple GPU (MPS)",
                           "both — NVIDIA GPU"}
    # Colour by machine, marker by accelerator.
    assert (labels["both — Apple GPU (MPS)"].get_color() == labels["both — NVIDIA GPU"].get_color()
            == figures.MACHINE_COLORS[3])
    assert labels["Mac mini M2 — Apple GPU (MPS)"].get_color() == figures.MACHINE_COLORS[0]
    assert labels["both — Apple GPU (MPS)"].get_marker() != labels["both — NVIDIA GPU"].get_marker()
    assert ax.get_xscale() == "log"
    assert any(list(line.get_ydata()) == [1.0, 1.0] for line in ax.lines)  # the line at 1
    assert "failed correctness check" in _texts(figure)  # mps and cuda fail at m = 2048 in build()


def test_speedup_names_cpu_only_machines_in_a_note() -> None:
    for lang, note in (("en", "CPU only: 2-core CPU"), ("id", "Hanya CPU: 2-core CPU")):
        figure = figures.machines_speedup(entries(), lang)
        assert note in _all_texts(figure)
    two = figures.machines_speedup([*entries(), ("Raspberry Pi", cpu_only())], "en")
    assert "CPU only: 2-core CPU, Raspberry Pi" in _all_texts(two)
    hostile = figures.machines_speedup([("cuda box", build(("cuda",))), (HOSTILE, cpu_only())], "en")
    assert [t for t in _all_texts(hostile) if t.startswith("CPU only: <script>alert(1)</script> \\$")]


def test_speedup_without_any_accelerator_is_a_message() -> None:
    for lang, message in (("en", "No machine here has an accelerator: nothing to compare"),
                          ("id", "Tidak satu pun mesin di sini punya akselerator: tidak ada yang bisa dibandingkan")):
        figure = figures.machines_speedup([("a", cpu_only()), ("b", cpu_only())], lang)
        assert message in _texts(figure)


def test_speedup_values_are_cpu_time_over_accelerator_time() -> None:
    from mpsarticle.analysis import series as analysis

    results = build(("cuda",))
    ax = figures.machines_speedup([("x", results)], "en").axes[0]
    line = next(line for line in ax.lines if line.get_label() == "x — NVIDIA GPU")
    expected = analysis.speedups(results, "cuda", suite="matvec")
    assert list(line.get_xdata()) == [s for s, _ in expected]
    assert list(line.get_ydata()) == pytest.approx([r.value for _, r in expected])
    assert 2048 not in list(line.get_xdata())  # its check failed: no speed


# -- efficiency ----------------------------------------------------------------------


def _ceiling_machine(cpu_copy: float, cpu_read: float, acc_copy: float, acc_read: float) -> ResultSet:
    """Copy at two sizes (the largest is the ceiling), B @ a at one size, float32 A @ B at two sizes; GB/s."""
    points = []
    for device, copy, read, rates in (("cpu", cpu_copy, cpu_read, (50e9, 200e9)),
                                      ("cuda", acc_copy, acc_read, (1e12, 8e12))):
        for n, speed in ((1 << 20, copy * 3), (1 << 26, copy)):  # a small copy beats the ceiling: cache
            points.append(_point(device, "copy", {"n": n}, 8 * n / (speed * 1e9), suite="copy", nbytes=8 * n))
        m = 4096
        points.append(_point(device, "matvec", {"m": m, "dtype": "float32"}, 4 * m * m / (read * 1e9),
                             suite="matvec", flops=2 * m * m, nbytes=4 * m * m))
        for m, rate in zip((512, 1024), rates, strict=True):
            points.append(_point(device, "matmul", {"m": m, "dtype": "float32"}, 2 * m**3 / rate, suite="matmul",
                                 flops=2 * m**3))
        points.append(_point(device, "matmul", {"m": 1024, "dtype": "float16"}, 2 * 1024**3 / 100e12,
                             suite="matmul", flops=2 * 1024**3))  # faster, but not float32: not the peak
    return ResultSet(environment=dict(ENVIRONMENT), points=points)


def test_efficiency_fractions_are_against_each_devices_own_ceiling() -> None:
    given = [("one", _ceiling_machine(100, 50, 1000, 250)), ("two", _ceiling_machine(20, 30, 4000, 3000))]
    figure = figures.machines_efficiency(given, "en")
    left, right = figure.axes[:2]
    share = {line.get_label(): list(line.get_ydata()) for line in left.lines if line.get_gid()
             and line.get_gid().startswith("share-")}
    assert share["one — CPU"] == pytest.approx([0.5])  # copy 100 GB/s, B @ a 50 GB/s
    assert share["one — NVIDIA GPU"] == pytest.approx([0.25])
    assert share["two — CPU"] == pytest.approx([1.5])  # above 1: not clipped
    assert share["two — NVIDIA GPU"] == pytest.approx([0.75])
    rates = {line.get_label(): list(line.get_ydata()) for line in right.lines if line.get_gid()
             and line.get_gid().startswith("share-")}
    assert rates["one — CPU"] == pytest.approx([0.25, 1.0])
    assert rates["one — NVIDIA GPU"] == pytest.approx([0.125, 1.0])
    for ax in (left, right):
        limit = [line for line in ax.lines if line.get_gid() == "own-limit"]
        assert len(limit) == 1 and list(limit[0].get_ydata()) == [1.0, 1.0] and limit[0].get_linestyle() == "--"
        assert ax.get_xscale() == "log"
    assert left.get_ylim()[1] > 1.5


def test_efficiency_colour_by_machine_style_by_device() -> None:
    figure = figures.machines_efficiency(entries(), "en")
    lines = {line.get_label(): line for ax in figure.axes for line in ax.lines
             if (line.get_gid() or "").startswith("share-")}
    assert (lines["Mac mini M2 — CPU"].get_color() == lines["Mac mini M2 — Apple GPU (MPS)"].get_color()
            == figures.MACHINE_COLORS[0])
    assert lines["Workstation RTX — NVIDIA GPU"].get_color() == figures.MACHINE_COLORS[1]
    assert lines["2-core CPU — CPU"].get_color() == figures.MACHINE_COLORS[2]
    assert lines["Mac mini M2 — CPU"].get_linestyle() == "-"
    assert lines["Mac mini M2 — Apple GPU (MPS)"].get_linestyle() == "--"
    legend = [t.get_text() for t in figure.legends[0].get_texts()]
    assert legend[:2] == ["Mac mini M2 — CPU", "Mac mini M2 — Apple GPU (MPS)"] and "2-core CPU — CPU" in legend
    assert Words("id")("figure.machines.own_limit") in _all_texts(figures.machines_efficiency(entries(), "id"))


def test_efficiency_without_copy_says_so_in_its_panel() -> None:
    results = ResultSet(dict(ENVIRONMENT), [p for p in build(("cuda",)) if p.workload != "copy"])
    figure = figures.machines_efficiency([("no copy", results)], "en")
    left, right = figure.axes[:2]
    assert any(t.get_gid() == figures.MESSAGE_GID for t in left.texts)
    assert [line for line in right.lines if (line.get_gid() or "").startswith("share-")]


# -- training ----------------------------------------------------------------------


def _train_only(device_batches: dict[str, dict[int, tuple[float, str]]]) -> ResultSet:
    points = [_point(device, "train_step", {"batch": batch, "width": 32}, seconds, suite="train", check=check)
              for device, batches in device_batches.items() for batch, (seconds, check) in batches.items()]
    return ResultSet(environment=dict(ENVIRONMENT), points=points)


def test_train_bars_at_batch_32_from_zero_on_a_linear_axis() -> None:
    """A bar twice as long is a step twice as slow: every bar starts at zero on a linear axis."""
    odd = _train_only({"cpu": {64: (0.05, "passed"), 8: (0.02, "passed")}, "cuda": {8: (0.003, "failed")}})
    figure = figures.machines_train([*entries(), ("odd", odd)], "en")
    ax = figure.axes[0]
    assert ax.get_xscale() == "linear" and ax.get_xlim()[0] == 0
    assert all(patch.get_x() == 0 for patch in ax.patches)
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels == ["Mac mini M2 — CPU", "Mac mini M2 — Apple GPU (MPS)", "Workstation RTX — CPU",
                      "Workstation RTX — NVIDIA GPU",
                      "2-core CPU — CPU", "odd — CPU, batch 8", "odd — NVIDIA GPU, batch 8"]
    ends = [patch.get_x() + patch.get_width() for patch in ax.patches]
    # build(): the CPU takes batch * 1 ms, accelerators batch * 0.1 ms; batch 32 everywhere, 8 for "odd".
    assert ends == pytest.approx([32.0, 3.2, 32.0, 3.2, 32.0, 20.0])
    assert len(ax.patches) == 6  # the failed CUDA step of "odd" has no bar
    failed = [line for line in ax.lines if line.get_gid() == figures.FAILED_GID]
    assert len(failed) == 1 and list(failed[0].get_ydata()) == [6]
    assert "✗ failed correctness check" in _texts(figure)
    assert "32.0 ms ✓" in _texts(figure)
    indonesian = _texts(figures.machines_train(entries(), "id"))
    assert "Satu langkah pelatihan CNN kecil di tiap mesin (batch 32)" in indonesian
    assert "odd — CPU, batch 8" in _all_texts(figures.machines_train([("odd", odd)], "id"))


def test_train_only_failures_still_draws() -> None:
    only = _train_only({"cuda": {32: (0.001, "failed")}})
    figure = figures.machines_train([("gpu", only)], "en")
    assert not figure.axes[0].patches
    assert [line for line in figure.axes[0].lines if line.get_gid() == figures.FAILED_GID]
    _png(figure)


def test_every_figure_the_machines_chapter_draws_is_tested_here() -> None:
    """FUNCTIONS, which the tests above run, are the figures the chapter glues (mpsarticle.article.chapters)."""
    assert FUNCTIONS == list(CHAPTERS["machines"].figures)
