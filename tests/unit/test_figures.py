"""The figures: both languages, failed points never drawn as speeds, the crossover, files, the CLI.

Every ResultSet here is synthetic: nothing is measured.
"""

from __future__ import annotations

import warnings
from itertools import pairwise

import matplotlib

matplotlib.use("Agg")

import matplotlib.image
import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from mpsarticle.article import figures
from mpsarticle.article.wording import Num, Words
from mpsarticle.cli.main import main
from mpsarticle.core.reasons import Reason
from mpsarticle.results.model import Point, ResultSet

ENVIRONMENT = {"torch": "2.13.0", "python": "3.11", "os": "Linux", "cpu": "x", "devices": {}}
ORIGINAL = (100, 300, 500, 750, 1000, 1500, 2000, 2500, 3000)
MATVEC = (256, 512, 1000, 2048, 4096)
#: The accelerator's time at m = 2048 that fails its check: it must never appear as a time.
FAILED_SECONDS = 1.234e-3
ALL_FIGURES = ["original_bars", "time_vs_size", "speedup", "methods", "bandwidth", "matmul", "train"]


def _point(device: str, workload: str, params: dict, seconds: float | None, *, suite: str, method: str = "engine",
           status: str = "ok", check: str = "passed", flops: float = 0.0, nbytes: float = 0.0) -> Point:
    return Point(
        device=device, workload=workload, params=params, method=method, suite=suite, status=status,
        reason=None if status == "ok" and check != "failed" else Reason.of("legacy", message="synthetic"),
        median_s=seconds, iqr_s=None if seconds is None else seconds * 0.06,
        repeats=0 if seconds is None else 7, number_per_run=1, samples=[] if seconds is None else [seconds],
        flops=flops, bytes_moved=nbytes, check=check if status == "ok" else "skipped",
    ).summarize()


def _cpu_seconds(m: int) -> float:
    return 2e-6 + 4 * m * m / 20e9  # reads the matrix at 20 GB/s


def _accelerator_seconds(m: int) -> float:
    return 1.5e-4 + 4 * m * m / 400e9  # a launch cost, then 400 GB/s: wins from m = 1000 on


def build(accelerators: tuple[str, ...] = ("mps",)) -> ResultSet:
    """A plausible run: cpu and accelerators, one failed check (mps, m=2048) and one out-of-memory point."""
    points: list[Point] = []
    for device in ("cpu", *accelerators):
        cpu = device == "cpu"
        scale = 0.5 if device == "cuda" else 1.0  # a second accelerator, twice as fast as the first

        def time_of(m: int, cpu: bool = cpu, scale: float = scale) -> float:
            return _cpu_seconds(m) if cpu else scale * _accelerator_seconds(m)

        for m in ORIGINAL:
            mv = {"m": m, "dtype": "float32"}
            points.append(_point(device, "matvec", mv, time_of(m) * (1.0 if cpu else 0.02), suite="original",
                                 method="naive", flops=2 * m * m, nbytes=4 * m * m))
            points.append(_point(device, "matvec", mv, time_of(m), suite="original", flops=2 * m * m, nbytes=4 * m * m))
        for m in MATVEC:
            mv = {"m": m, "dtype": "float32"}
            methods = ("naive", "engine") if cpu else ("naive", "engine", "events")
            for method in methods:
                seconds = time_of(m) * (0.02 if method == "naive" and not cpu else 1.0)
                failing = not cpu and m == 2048 and method == "engine"
                points.append(_point(device, "matvec", mv, FAILED_SECONDS if failing else seconds, suite="matvec",
                                     method=method, check="failed" if failing else "passed",
                                     flops=2 * m * m, nbytes=4 * m * m))
        if not cpu:
            points.append(_point(device, "matvec", {"m": 65536, "dtype": "float32"}, None, suite="matvec",
                                 status="out_of_memory", nbytes=4 * 65536**2))
        for n in (1 << 20, 1 << 24):
            points.append(_point(device, "copy", {"n": n}, 8 * n / (25e9 if cpu else 500e9), suite="copy",
                                 nbytes=8 * n))
        for dtype in ("float32", "float16", "bfloat16"):
            for m in (256, 512, 1024):
                rate = (100e9 if dtype == "float32" else 5e9) if cpu else (5e12 if dtype == "float32" else 20e12)
                points.append(_point(device, "matmul", {"m": m, "dtype": dtype}, 2 * m**3 / rate, suite="matmul",
                                     flops=2 * m**3, nbytes=12 * m * m))
        for batch in (32, 128):
            failing = not cpu and batch == 128
            points.append(_point(device, "train_step", {"batch": batch, "width": 32},
                                 batch * (1e-3 if cpu else 1e-4), suite="train",
                                 check="failed" if failing else "passed"))
    return ResultSet(environment=dict(ENVIRONMENT), points=points, profile="quick")


def cpu_only() -> ResultSet:
    full = build()
    return ResultSet(environment=full.environment, points=[p for p in full if p.device == "cpu"])


def _texts(figure: Figure) -> list[str]:
    found = [figure._suptitle.get_text()] if figure._suptitle else []
    for ax in figure.axes:
        found += [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
        found += [t.get_text() for t in ax.texts]
        legend = ax.get_legend()
        if legend:
            found += [t.get_text() for t in legend.get_texts()]
    for legend in figure.legends:
        found += [t.get_text() for t in legend.get_texts()]
    return [text for text in found if text]


def _plotted_y(figure: Figure) -> list[float]:
    """Every y value drawn as a line or bar, failed-check markers left out."""
    values: list[float] = []
    for ax in figure.axes:
        for line in ax.lines:
            if line.get_gid() != figures.FAILED_GID:
                values += [float(v) for v in line.get_ydata()]
        values += [patch.get_height() for patch in ax.patches]
    return values


def _failed_markers(figure: Figure) -> list:
    return [line for ax in figure.axes for line in ax.lines if line.get_gid() == figures.FAILED_GID]


@pytest.mark.parametrize("name", ALL_FIGURES)
@pytest.mark.parametrize("lang", ["en", "id"])
def test_every_figure_draws_in_both_languages(name: str, lang: str) -> None:
    figure = getattr(figures, name)(build(("mps",)), lang)
    assert isinstance(figure, Figure)
    assert _texts(figure)
    figure.canvas.draw()  # layout and tick labels must not fail either


@pytest.mark.parametrize("name", ALL_FIGURES)
def test_labels_come_from_the_table_and_differ_by_language(name: str) -> None:
    results = build(("mps",))
    english, indonesian = (set(_texts(getattr(figures, name)(results, lang))) for lang in ("en", "id"))
    assert english != indonesian


def test_exact_labels_in_each_language() -> None:
    results = build(("mps",))
    for lang, time_label, size_label in (("en", "Time per call", "Matrix size m"),
                                         ("id", "Waktu per panggilan", "Ukuran matriks m")):
        ax = figures.time_vs_size(results, lang).axes[0]
        assert (ax.get_ylabel(), ax.get_xlabel()) == (time_label, size_label)
    original = {lang: figures.original_bars(results, lang).axes[0] for lang in ("en", "id")}
    assert original["en"].get_xlabel() == "Dimension"
    assert original["id"].get_xlabel() == "Dimensi"
    assert original["en"].get_ylabel() == "Elapsed time (ms, 100 calls)"
    assert original["id"].get_ylabel() == "Waktu eksekusi (ms, 100 panggilan)"
    assert figures.speedup(results, "id").axes[0].get_ylabel() == "Percepatan terhadap CPU (×)"
    assert "GPU Apple (MPS), penyalinan memori biasa: 500 GB/s" in _texts(figures.bandwidth(results, "id"))


def test_the_figures_words_have_the_same_keys_in_both_languages() -> None:
    english, indonesian = (Words(lang).table("figure") for lang in ("en", "id"))
    assert english and set(english) == set(indonesian)


@pytest.mark.parametrize("lang", ["en", "id"])
def test_a_device_has_the_name_the_sentences_give_it(lang: str) -> None:
    words = Words(lang)
    texts = set(_texts(figures.time_vs_size(build(("mps", "cuda")), lang)))
    for device in ("cpu", "mps", "cuda"):
        assert figures.device_name(device, lang) == words.device(device)
        assert words.device(device) in texts
    assert {"Apple GPU (MPS)", "NVIDIA GPU"} <= set(_texts(figures.time_vs_size(build(("mps", "cuda")), "en")))
    assert "MPS" not in texts and "CUDA" not in texts


def test_failed_check_is_marked_not_drawn() -> None:
    results = build(("mps",))
    for draw in (figures.time_vs_size, figures.bandwidth, figures.speedup):
        figure = draw(results, "en")
        markers = _failed_markers(figure)
        assert markers and 2048 in list(markers[0].get_xdata())
        assert "failed correctness check" in _texts(figure)
    drawn = _plotted_y(figures.time_vs_size(results, "en"))
    assert FAILED_SECONDS not in drawn
    assert pytest.approx(_accelerator_seconds(4096)) in drawn  # the good points are there
    # The speed-up at m = 2048 would use the failed time: it is left out.
    speedup_lines = [line for line in figures.speedup(results, "en").axes[0].lines
                     if line.get_label() == "Apple GPU (MPS)"]
    assert 2048 not in list(speedup_lines[0].get_xdata())
    assert "gagal uji kebenaran" in _texts(figures.time_vs_size(results, "id"))


def test_out_of_memory_point_is_left_out_silently() -> None:
    figure = figures.time_vs_size(build(("mps",)), "en")
    xs = [x for line in figure.axes[0].lines for x in line.get_xdata()]
    assert 65536 not in xs


def test_original_bars_show_100_calls_and_skip_nothing_good() -> None:
    figure = figures.original_bars(build(("mps",)), "en")
    heights = sorted(patch.get_height() for patch in figure.axes[0].patches)
    assert len(heights) == 2 * len(ORIGINAL)
    # In milliseconds: the tallest bar, 100 calls at m = 3,000, takes 0.18 s.
    assert max(heights) == pytest.approx(_cpu_seconds(3000) * 100 * 1e3)
    engine = figures.original_bars(build(("mps",)), "en", method="engine")
    assert max(p.get_height() for p in engine.axes[0].patches) == pytest.approx(_cpu_seconds(3000) * 100 * 1e3)
    # One vertical scale for both charts: they compare bar by bar.
    assert figure.axes[0].get_ylim() == engine.axes[0].get_ylim()
    assert figure.axes[0].get_ylim()[0] == 0


def test_train_marks_each_bar_with_its_check() -> None:
    figure = figures.train(build(("mps",)), "en")
    ax = figure.axes[0]
    assert len(ax.patches) == 3  # MPS batch 128 failed its check: no bar
    assert sum("✓" in text for text in _texts(figure)) == 3
    assert any("✗" in text for text in _texts(figure))
    assert _failed_markers(figure)
    assert 128 * 1e-4 * 1e3 not in [p.get_width() for p in ax.patches]


def test_speedup_crossover_line_at_the_first_winning_size() -> None:
    ax = figures.speedup(build(("mps",)), "en").axes[0]
    lines = [line for line in ax.lines if line.get_gid() == "crossover-mps"]
    assert len(lines) == 1
    assert list(lines[0].get_xdata()) == [1000, 1000]
    assert lines[0].get_linestyle() == "--"
    # The size as the prose writes it, in each language.
    assert "Apple GPU (MPS) faster from m = 1,000" in _texts(ax.figure)
    assert "GPU Apple (MPS) lebih cepat mulai m = 1.000" in _texts(figures.speedup(build(("mps",)), "id"))


def test_several_accelerators_each_get_a_line_and_a_colour() -> None:
    results = build(("mps", "cuda"))
    ax = figures.speedup(results, "en").axes[0]
    assert {line.get_gid() for line in ax.lines} >= {"crossover-mps", "crossover-cuda"}
    colours = {line.get_label(): line.get_color() for line in ax.lines
               if line.get_label() in ("Apple GPU (MPS)", "NVIDIA GPU")}
    assert colours == {"Apple GPU (MPS)": figures.DEVICE_COLORS["mps"], "NVIDIA GPU": figures.DEVICE_COLORS["cuda"]}
    # The NVIDIA GPU, twice as fast, already wins at the blog post's m = 750: every suite's sizes count.
    assert {"Apple GPU (MPS) faster from m = 1,000", "NVIDIA GPU faster from m = 750"} <= set(_texts(ax.figure))
    methods = figures.methods(results, "en")
    assert len(methods.axes) == 3
    assert "failed correctness check" in _texts(methods) and "device events" in _texts(methods)


#: B @ a on a CPU that reads faster than it copies from m = 300 to 2,000 (its cache) and slower outside: the line
#: crosses its copy ceiling near both ends of the size axis, where a label fixed at one end would sit.
CROSSING_RATES = {100: 21, 300: 60, 500: 70, 750: 62, 1000: 72, 1500: 74, 2000: 50, 2500: 23, 4096: 25, 8192: 28}
CROSSING_CEILING_GB_S = 37.5


@pytest.mark.parametrize("lang", ["en", "id"])
def test_the_copy_ceilings_label_is_where_no_measured_line_crosses_it(lang: str) -> None:
    n = 1 << 26
    points = [_point("cpu", "copy", {"n": n}, 8 * n / (CROSSING_CEILING_GB_S * 1e9), suite="copy", nbytes=8 * n)]
    points += [_point("cpu", "matvec", {"m": m, "dtype": "float32"}, 4 * m * m / (rate * 1e9), suite="matvec",
                      flops=2 * m * m, nbytes=4 * m * m) for m, rate in CROSSING_RATES.items()]
    figure = figures.bandwidth(ResultSet(environment=dict(ENVIRONMENT), points=points), lang)
    renderer = FigureCanvasAgg(figure).get_renderer()
    figure.draw(renderer)
    ax = figure.axes[0]
    (note,) = [t for t in ax.texts if Words(lang)("figure.ceiling", device=Words(lang).device("cpu"),
                                                  value=Num(CROSSING_CEILING_GB_S)) == t.get_text()]
    box = note.get_window_extent(renderer)
    measured = [line for line in ax.get_lines() if line.get_linestyle() == "-"]
    assert measured
    for line in measured:
        xy = line.get_transform().transform(np.column_stack([line.get_xdata(), line.get_ydata()]))
        # The line's path, a point every pixel or so, each point with the room of a marker around it.
        path = np.concatenate([np.linspace(a, b, 200) for a, b in pairwise(xy)])
        reach = line.get_markersize() / 2 * figure.dpi / 72
        inside = ((path[:, 0] > box.x0 - reach) & (path[:, 0] < box.x1 + reach)
                  & (path[:, 1] > box.y0 - reach) & (path[:, 1] < box.y1 + reach))
        assert not inside.any(), f"{note.get_text()!r} at {box.bounds} is crossed by the {line.get_label()} line"


def test_cpu_only_results_explain_instead_of_raising() -> None:
    results = cpu_only()
    for lang, message in (("en", "No accelerator on this machine: nothing to compare"),
                          ("id", "Tidak ada akselerator di mesin ini: tidak ada yang bisa dibandingkan")):
        assert message in _texts(figures.speedup(results, lang))
    for name in ALL_FIGURES:
        assert isinstance(getattr(figures, name)(results, "en"), Figure)


def test_missing_suite_gives_a_message() -> None:
    results = ResultSet(environment=dict(ENVIRONMENT), points=[p for p in build() if p.suite == "original"])
    for name in ("methods", "matmul", "train"):
        assert "No measurements for this figure in these results" in _texts(getattr(figures, name)(results, "en"))
    # The matrix-vector charts read every suite: the blog post's sizes alone still draw.
    for name in ("time_vs_size", "bandwidth"):
        assert "No measurements for this figure in these results" not in _texts(getattr(figures, name)(results, "en"))
    empty = ResultSet(environment=dict(ENVIRONMENT))
    for name in ALL_FIGURES:
        getattr(figures, name)(empty, "id")


def test_nothing_but_failures_draws_without_raising(tmp_path) -> None:
    full = build(("mps",))
    only_failed = ResultSet(dict(ENVIRONMENT), [p for p in full if p.check == "failed"])
    only_oom = ResultSet(dict(ENVIRONMENT), [p for p in full if p.status == "out_of_memory"])
    written = [p.name for p in figures.save_all(only_failed, tmp_path / "failed", "en")]
    assert "time.png" in written and "train.png" in written
    assert _failed_markers(figures.time_vs_size(only_failed, "en"))
    assert figures.save_all(only_oom, tmp_path / "oom", "en") == []


@pytest.mark.parametrize("name", ALL_FIGURES)
def test_bad_language_is_refused(name: str) -> None:
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        getattr(figures, name)(build(), "fr")


def test_no_pyplot_state_and_a_notebook_png() -> None:
    import matplotlib.pyplot as plt

    before = plt.get_fignums()
    figure = figures.speedup(build(("mps",)), "en")
    assert plt.get_fignums() == before
    assert figure._repr_png_().startswith(b"\x89PNG")


def test_no_glyph_is_missing_from_the_font() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for name in ALL_FIGURES:
            for lang in ("en", "id"):
                getattr(figures, name)(build(("mps",)), lang).canvas.draw()
    assert not [w for w in caught if "missing from" in str(w.message)]


def _check_png(path) -> None:
    data = path.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    assert 1_000 < len(data) < 200_000
    image = matplotlib.image.imread(path)
    assert image.ndim == 3
    if image.shape[2] == 4:
        assert (image[..., 3] == 1.0).all()  # opaque: readable on the site's dark theme
    assert image[2, 2, :3].min() > 0.99  # a white corner


def test_save_all_writes_opaque_pngs(tmp_path) -> None:
    paths = figures.save_all(build(("mps",)), tmp_path / "figures", "id")
    names = [path.name for path in paths]
    assert names == ["original.png", "time.png", "speedup.png", "bandwidth.png", "methods.png", "matmul.png",
                     "train.png"]
    for path in paths:
        _check_png(path)


def test_save_all_skips_figures_without_data(tmp_path) -> None:
    names = [path.name for path in figures.save_all(cpu_only(), tmp_path, "en")]
    assert "speedup.png" not in names and "time.png" in names


def test_cli_plot(tmp_path, capsys) -> None:
    file = build(("cuda",)).save(tmp_path / "results.json")
    out = tmp_path / "f"
    assert main(["plot", str(file), "--lang", "id", "--out", str(out)]) == 0
    written = sorted(path.name for path in out.iterdir())
    assert "speedup.png" in written and len(written) == 7
    for path in out.iterdir():
        _check_png(path)


def test_cli_plot_missing_file(tmp_path, capsys) -> None:
    assert main(["plot", str(tmp_path / "missing.json")]) != 0
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "missing.json" in error


def test_size_labels_do_not_print_over_each_other() -> None:
    """Every suite on one axis (m = 750, 1,000, 1,024, 1,500, …): every size gets a tick, but a number only where it
    is at least LABEL_RATIO times the last number written."""
    from mpsarticle.article.figures.frame import LABEL_RATIO

    from ..machines import results_of

    results = results_of("nvidia-h200-build")
    figure = figures.time_vs_size(results, "en")
    figure.canvas.draw()
    ax = figure.axes[0]
    ticks = list(ax.get_xticks())
    written = [tick for tick, label in zip(ticks, ax.get_xticklabels(), strict=True) if label.get_text()]
    measured = {int(p.params["m"]) for p in results.select(workload="matvec", method="engine")}
    assert {1000, 1024} <= measured and len(written) < len(measured)
    # Every tick is numbered, and none stands beside another: an unnumbered tick at 1,024 beside 1,000 drew its
    # gridline as a second of a pair.
    assert written == ticks and not ax.get_xticks(minor=True).size
    assert all(b >= LABEL_RATIO * a for a, b in pairwise(written)), written
