"""Do a run's 95 % intervals hold another run's values, and how wide are they? Simulated runs and real files.

    python scripts/interval_check.py simulate [--seeds N] [--runs R] [scenario ...]
    python scripts/interval_check.py real [--history] [FILE | REV:PATH ...]

Two estimators side by side:

- ``before``: every point's between-process variance raised to its
  device's upper-quartile variance (a device-wide floor), with the pooled
  degrees of freedom, and Student's t interval of the mean of the process
  values (written out below, as the package computed it);
- ``after``: the package's estimator now (``ResultSet.pool_processes``:
  each point's variance moderated by those of its device and method, and
  its interval the prediction interval of a rerun's value; see
  ``mpsarticle.core.stats.moderated_pools``).

``simulate`` draws runs from a model with known truth: each point has a
between-process spread that varies with its time (a launch-bound regime on
the accelerator), a shift that one process gives every point of a series
(``rho``), an occasional slow process, and log-normal noise inside each
process. Its scenarios are set from the archive's runs (the H200 host's
and the 2-core CI machine's, three processes each): on the H200, points
under 20 µs vary 10 to 25 % between processes and longer ones 0.2 to 3 %;
on the CI machine, points vary 2 to 40 % whatever their size, and one
process in about twenty runs 10 to 80 % slow. For each scenario and seed,
``runs`` runs of the same truth are drawn, and every run's intervals are
checked against every other run's values.

``real`` reads results files (a path, or ``REV:PATH`` for a file as git
holds it at a revision; ``--history`` adds every earlier version of the
archive's files measured in several processes). It checks three things:

- rerun: the intervals of each run against the values of every other run
  of the same machine (the archive's repeated runs);
- quick: the same with each run cut to two of its processes (every pair),
  as the quick profile measures;
- held-out process: the intervals from all processes but one against the
  median of the one left out (the ``after`` interval asked to hold a rerun
  in one process).

Coverage is the share of (point, other run) pairs whose value lies in the
interval; the half-width is the median over points of half the interval
as a share of the value. Nothing here measures.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mpsarticle.core import stats  # noqa: E402
from mpsarticle.core.specs import size_key  # noqa: E402
from mpsarticle.results.model import Point, ResultSet  # noqa: E402

ARCHIVE = ROOT / "docs" / "_data" / "machines"
#: (value, low, high) of each point of a run.
Intervals = list[tuple[float, float, float]]


@dataclass
class Spot:
    """One point of a run: what identifies it across runs, and its samples per process."""

    device: str
    workload: str
    method: str
    key: tuple
    size: int
    groups: list[list[float]]

    @property
    def seconds(self) -> float:
        return math.exp(float(np.mean([np.median(np.log(g)) for g in self.groups])))


# -- the two estimators ------------------------------------------------------------------


def before(run: Sequence[Spot], level: float = stats.CONFIDENCE) -> Intervals:
    """The device-wide floor: each device's upper quartile of its points' between-process variances, with their
    pooled degrees of freedom, and Student's t interval of the mean of the process values."""
    from scipy.stats import t as student

    floors: dict[str, tuple[float, int] | None] = {}
    for device in {spot.device for spot in run}:
        variances, freedom = [], 0
        for spot in run:
            if spot.device == device and len(spot.groups) >= 2:
                centres = [float(np.median(np.log(g))) for g in spot.groups]
                variances.append(float(np.var(centres, ddof=1)))
                freedom += len(centres) - 1
        floors[device] = (float(np.quantile(variances, 0.75)), freedom) if len(variances) >= 2 else None
    found = []
    for spot in run:
        logs = [np.log(np.asarray(g, dtype=float)) for g in spot.groups]
        if len(logs) < 2:
            found.append(stats.interval(spot.groups, level))
            continue
        centres = np.asarray([np.median(g) for g in logs])
        mean, variance, freedom = float(centres.mean()), float(centres.var(ddof=1)), centres.size - 1
        floor = floors[spot.device]
        if floor is not None:
            variance, freedom = max(variance, floor[0]), max(freedom, floor[1])
        half = float(student.ppf(1 - (1 - level) / 2, freedom)) * math.sqrt(variance / centres.size)
        reach = float(centres.max() - centres.min()) if floor is None else math.inf
        low_all, high_all, _ = stats.median_interval(np.exp(np.concatenate(logs)), level)
        found.append((math.exp(mean), min(math.exp(max(mean - half, centres.min() - reach)), low_all),
                      max(math.exp(min(mean + half, centres.max() + reach)), high_all)))
    return found


def _pooled_set(run: Sequence[Spot]) -> ResultSet:
    points = []
    for spot in run:
        samples = [s for group in spot.groups for s in group]
        points.append(Point(spot.device, spot.workload, {size_key(spot.workload) or "m": spot.size}, spot.method,
                            samples=samples, processes=[list(g) for g in spot.groups], repeats=len(samples),
                            number_per_run=1).summarize())
    results = ResultSet(environment={"devices": {}}, points=points)
    results.pool_processes()
    return results


def after(run: Sequence[Spot], level: float = stats.CONFIDENCE, rerun: int | None = None) -> Intervals:
    """The package's estimator, through ``ResultSet.pool_processes`` as a measured run takes it; ``rerun``: the
    processes of the rerun the interval is to hold (default: as many as the run's)."""
    found = []
    for spot, point in zip(run, _pooled_set(run).points, strict=True):
        if len(spot.groups) >= 2 and (rerun is not None or level != stats.CONFIDENCE):
            spread = stats.across_processes(spot.groups, level, point.pool, rerun)
            found.append((spread.value, spread.low, spread.high))
        elif len(spot.groups) >= 2:
            found.append((point.measured_s, point.ci_low_s, point.ci_high_s))
        else:
            found.append(stats.interval(spot.groups, level))
    return found


ESTIMATORS: dict[str, Callable[[Sequence[Spot]], Intervals]] = {"before": before, "after": after}


# -- scoring -------------------------------------------------------------------------------


@dataclass
class Score:
    held: list[bool] = field(default_factory=list)
    widths: list[float] = field(default_factory=list)

    def add(self, other: Score) -> None:
        self.held += other.held
        self.widths += other.widths

    @property
    def coverage(self) -> float:
        return float(np.mean(self.held)) if self.held else math.nan

    @property
    def half_width(self) -> float:
        return float(np.median(self.widths)) if self.widths else math.nan


def cross(runs: Sequence[Sequence[Spot]], intervals: Sequence[Intervals], keep: Callable[[Spot], bool],
          pairs: Callable[[int, int], bool] = lambda i, j: i != j) -> Score:
    """Each run's intervals against every other run's values (``pairs`` says which runs count as another)."""
    values = [{spot.key: found[0] for spot, found in zip(run, each, strict=True)} for run, each in
              zip(runs, intervals, strict=True)]
    score = Score()
    for i, (run, each) in enumerate(zip(runs, intervals, strict=True)):
        for spot, (value, low, high) in zip(run, each, strict=True):
            if not keep(spot):
                continue
            score.widths.append((high - low) / 2 / value)
            score.held += [low <= values[j][spot.key] <= high for j in range(len(runs))
                           if pairs(i, j) and spot.key in values[j]]
    return score


# -- simulation -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Series:
    """Points of one workload, method and precision on one device: their sizes, the time of each (seconds), the
    between-process spread (log-normal sigma) at a given time, and samples per process."""

    device: str
    workload: str
    method: str
    tag: str
    sizes: tuple[int, ...]
    seconds: Callable[[int], float]
    spread: Callable[[float], float]
    samples: int


@dataclass(frozen=True)
class Scenario:
    processes: int
    series: tuple[Series, ...]
    #: A process runs slow at a point with this probability, by a factor drawn uniformly from ``slow_by``.
    slow: float = 0.02
    slow_by: tuple[float, float] = (1.05, 1.3)
    #: The share of a point's between-process variance that a process gives every point of its series.
    rho: float = 0.3
    #: Points differ: each one's spread is the scenario's times a log-normal factor of this sigma.
    jitter: float = 0.5
    #: Noise of one sample inside a process (log-normal sigma).
    within: float = 0.02


def _launch(quiet: float, noisy: float, edge_s: float = 2e-5) -> Callable[[float], float]:
    return lambda seconds: noisy if seconds < edge_s else quiet


def _flat(spread: float) -> Callable[[float], float]:
    return lambda seconds: spread


ORIGINAL = (100, 300, 500, 750, 1000, 1500, 2000, 2500, 3000)


def _h200(processes: int) -> Scenario:
    mv = lambda m: 1.4e-5 + 4.0 * m * m / 3e12  # noqa: E731  launch, then 3 TB/s
    mm = lambda rate: (lambda m: 1.2e-5 + 2.0 * m ** 3 / rate)  # noqa: E731
    return Scenario(processes, (
        Series("cuda", "matvec", "engine", "original", ORIGINAL, lambda m: 1.5e-5, _launch(0.012, 0.15), 100),
        Series("cuda", "matvec", "engine", "matvec", (1024, 2048, 4096, 8192, 16384), mv, _launch(0.012, 0.15), 100),
        Series("cuda", "matvec", "events", "matvec", (1024, 2048, 4096, 8192, 16384), mv, _launch(0.008, 0.15), 50),
        Series("cuda", "matvec", "naive", "matvec", ORIGINAL + (1024, 2048, 4096, 8192, 16384), lambda m: 5e-6,
               _flat(0.3), 1),
        Series("cuda", "matmul", "engine", "float32", (512, 1024, 2048, 4096, 8192), mm(5e13), _launch(0.008, 0.15),
               80),
        Series("cuda", "matmul", "engine", "float16", (512, 1024, 2048, 4096, 8192), mm(5e14), _launch(0.006, 0.15),
               80),
        Series("cuda", "matmul", "engine", "bfloat16", (512, 1024, 2048, 4096, 8192), mm(5e14),
               _launch(0.006, 0.15), 80),
        Series("cuda", "copy", "engine", "copy", (1 << 20, 1 << 24, 1 << 26, 1 << 28), lambda n: 5e-6 + 8.0 * n / 4e12,
               _launch(0.008, 0.1, 1e-5), 100),
        Series("cuda", "attention", "engine", "64", (512, 1024, 2048, 8192), lambda s: 1.5e-5 + s * s * 4096 / 3e14,
               _launch(0.01, 0.15, 3e-5), 100),
        Series("cuda", "train_step", "engine", "32", (32, 128), lambda b: 1.7e-3, _flat(0.05), 90),
        Series("cuda", "op_chain", "engine", "256", (100,), lambda n: 1e-3, _flat(0.15), 70),
        Series("cpu", "matvec", "engine", "original", ORIGINAL, lambda m: 1e-6 + 4.0 * m * m / 2e10, _flat(0.08), 80),
        Series("cpu", "matvec", "naive", "original", ORIGINAL, lambda m: 1e-6 + 4.0 * m * m / 2e10, _flat(0.3), 1),
        Series("cpu", "matvec", "engine", "matvec", (1024, 2048, 4096, 8192), lambda m: 4.0 * m * m / 2e10,
               _flat(0.06), 60),
        Series("cpu", "matmul", "engine", "float32", (128, 256, 512, 1024), lambda m: 2.0 * m ** 3 / 1e12,
               _flat(0.06), 60),
        Series("cpu", "copy", "engine", "copy", (1 << 18, 1 << 22, 1 << 24, 1 << 26), lambda n: 8.0 * n / 2e10,
               _flat(0.1), 60),
    ), slow=0.01, slow_by=(1.05, 1.2), rho=0.3, jitter=0.5, within=0.01)


def _cpu(processes: int, spread: float, naive: float, slow: float, slow_by: tuple[float, float],
         jitter: float) -> Scenario:
    mv = lambda m: 4.0 * m * m / 1e10  # noqa: E731  10 GB/s
    return Scenario(processes, (
        Series("cpu", "matvec", "engine", "original", ORIGINAL, lambda m: 2e-6 + mv(m), _flat(spread), 20),
        Series("cpu", "matvec", "naive", "original", ORIGINAL, lambda m: 2e-6 + mv(m), _flat(naive), 1),
        Series("cpu", "matvec", "engine", "matvec", (1024, 2048, 4096), mv, _flat(spread), 20),
        Series("cpu", "matvec", "naive", "matvec", (1024, 2048, 4096), mv, _flat(naive), 1),
        Series("cpu", "copy", "engine", "copy", (1 << 18, 1 << 22, 1 << 24), lambda n: 8.0 * n / 1e10,
               _flat(spread), 20),
        Series("cpu", "matmul", "engine", "float32", (128, 256, 512), lambda m: 2.0 * m ** 3 / 1e11, _flat(spread),
               20),
        Series("cpu", "matmul", "engine", "float16", (128, 256), lambda m: 2.0 * m ** 3 / 1e9, _flat(spread), 10),
        Series("cpu", "matmul", "engine", "bfloat16", (128, 256), lambda m: 2.0 * m ** 3 / 1e9, _flat(spread), 10),
        Series("cpu", "train_step", "engine", "32", (32,), lambda b: 5e-2, _flat(spread), 8),
        Series("cpu", "op_chain", "engine", "256", (100,), lambda n: 5e-4, _flat(spread), 30),
        Series("cpu", "attention", "engine", "64", (512,), lambda s: 3e-2, _flat(spread), 5),
    ), slow=slow, slow_by=slow_by, rho=0.2, jitter=jitter, within=0.03)


SCENARIOS: dict[str, Scenario] = {
    "h200-default": _h200(3),
    "h200-quick": _h200(2),
    "cpu-quick-quiet": _cpu(2, 0.02, 0.1, 0.02, (1.05, 1.3), 0.5),
    "cpu-quick-noisy": _cpu(2, 0.07, 0.25, 0.06, (1.1, 1.8), 0.7),
    "cpu-default-noisy": _cpu(3, 0.07, 0.25, 0.06, (1.1, 1.8), 0.7),
}


def truth(scenario: Scenario, rng: np.random.Generator) -> list[tuple[Series, int, float]]:
    """Each point's series, size and between-process spread, drawn once per seed."""
    return [(series, size, series.spread(series.seconds(size)) * math.exp(rng.normal(0, scenario.jitter)))
            for series in scenario.series for size in series.sizes]


def draw(scenario: Scenario, points: list[tuple[Series, int, float]], rng: np.random.Generator) -> list[Spot]:
    """One run of the truth: per process, a shift shared by its series, one of its own, perhaps a slow one."""
    count, rho = scenario.processes, scenario.rho
    shared: dict[tuple, np.ndarray] = {}
    run = []
    for series, size, spread in points:
        name = (series.device, series.workload, series.method, series.tag)
        if name not in shared:
            shared[name] = rng.normal(0, 1, count)
        effect = spread * (math.sqrt(rho) * shared[name] + math.sqrt(1 - rho) * rng.normal(0, 1, count))
        effect += (rng.random(count) < scenario.slow) * np.log(rng.uniform(*scenario.slow_by, count))
        seconds = math.log(series.seconds(size))
        groups = [list(np.exp(seconds + e + rng.normal(0, scenario.within, series.samples))) for e in effect]
        run.append(Spot(series.device, series.workload, series.method, (*name, size), size, groups))
    return run


def big_accelerator(spot: Spot) -> bool:
    """The accelerator's products at m ≥ 4,096 timed by a synchronised clock (engine or events)."""
    return (spot.device != "cpu" and spot.workload in ("matvec", "matmul") and spot.size >= 4096
            and spot.method != "naive")


def simulate(names: Sequence[str], seeds: int, runs: int) -> None:
    print("| scenario | points | estimator | coverage (min over seeds) | median half-width |"
          " accelerator m ≥ 4,096: coverage | half-width |")
    print("|---|---|---|---|---|---|---|")
    for name in names:
        scenario = SCENARIOS[name]
        total = {label: Score() for label in ESTIMATORS}
        big = {label: Score() for label in ESTIMATORS}
        lowest = {label: 1.0 for label in ESTIMATORS}
        for seed in range(seeds):
            rng = np.random.default_rng(seed)
            points = truth(scenario, rng)
            drawn = [draw(scenario, points, rng) for _ in range(runs)]
            for label, estimator in ESTIMATORS.items():
                found = [estimator(run) for run in drawn]
                score = cross(drawn, found, lambda spot: True)
                lowest[label] = min(lowest[label], score.coverage)
                total[label].add(score)
                big[label].add(cross(drawn, found, big_accelerator))
        for label in ESTIMATORS:
            tail = (f"{big[label].coverage:.1%} | ±{big[label].half_width:.1%}" if big[label].widths else "– | –")
            print(f"| {name} ({scenario.processes} processes) | {len(points)} | {label} | {total[label].coverage:.1%}"
                  f" ({lowest[label]:.1%}) | ±{total[label].half_width:.1%} | {tail} |", flush=True)


# -- real files -------------------------------------------------------------------------------


def _read(source: str) -> dict:
    if ":" in source and not Path(source).exists():
        revision, path = source.split(":", 1)
        shown = subprocess.run(["git", "show", f"{revision}:{path}"], cwd=ROOT, capture_output=True, text=True,
                               check=True)
        return json.loads(shown.stdout)
    return json.loads(Path(source).read_text(encoding="utf-8"))


def history() -> list[str]:
    """Every version git holds of the archive's files (``REV:PATH``), one per distinct run."""
    found, seen = [], set()
    for path in sorted(ARCHIVE.glob("*.json")):
        relative = path.relative_to(ROOT).as_posix()
        revisions = subprocess.run(["git", "log", "--format=%H", "--", relative], cwd=ROOT, capture_output=True,
                                   text=True, check=True).stdout.split()
        for revision in revisions:
            source = f"{revision}:{relative}"
            data = _read(source)
            if (relative, data.get("created")) not in seen and (data.get("processes") or 1) >= 2:
                seen.add((relative, data.get("created")))
                found.append(source)
    return found


def spots(data: dict, keep: Sequence[int] | None = None) -> list[Spot]:
    """The good points of a results file measured in several processes (``keep``: only those processes)."""
    results = ResultSet.from_dict(data, source="<file>")
    found = []
    for point in results.points:
        if not point.ok or len(point.processes) < 2:
            continue
        key_name = size_key(point.workload) or "m"
        groups = [list(g) for g in point.processes]
        if keep is not None:
            if max(keep) >= len(groups):
                continue
            groups = [groups[i] for i in keep]
        params = tuple(sorted((k, str(v)) for k, v in point.params.items()))
        found.append(Spot(point.device, point.workload, point.method,
                          (point.device, point.workload, point.method, point.suite, point.cold, params),
                          int(point.params.get(key_name, 0)), groups))
    return found


def machine(data: dict) -> str:
    return data.get("label") or str(data["environment"].get("cpu"))


#: A default run's largest sizes on an accelerator (mpsarticle.core.profiles).
DEFAULT_LARGEST = {"matvec": 16384, "matmul": 8192}

KINDS: dict[str, Callable[[Spot], bool]] = {
    "all": lambda spot: True,
    "CPU": lambda spot: spot.device == "cpu",
    "accelerator": lambda spot: spot.device != "cpu",
    "accelerator m ≥ 4,096": big_accelerator,
    "accelerator m ≥ 4,096, a default run's sizes":
        lambda spot: big_accelerator(spot) and spot.size <= DEFAULT_LARGEST[spot.workload],
}


def real(sources: Sequence[str]) -> None:
    by_machine: dict[str, list[tuple[str, dict]]] = {}
    seen = set()
    for source in sources:
        data = _read(source)
        if (data.get("processes") or 1) >= 2 and (machine(data), data.get("created")) not in seen:
            seen.add((machine(data), data.get("created")))
            by_machine.setdefault(machine(data), []).append((source, data))
    print("| machine | check | runs | points | estimator | coverage | median half-width |")
    print("|---|---|---|---|---|---|---|")
    for name, files in by_machine.items():
        kinds = [k for k in KINDS if any(KINDS[k](s) for s in spots(files[0][1]))]
        if len(files) >= 2:
            runs = [spots(data) for _, data in files]
            _rows(name, "rerun", len(files), runs, kinds, lambda i, j: i != j)
            subsets = list(itertools.combinations(range(files[0][1].get("processes") or 2), 2))
            cut = [spots(data, keep) for _, data in files for keep in subsets]
            _rows(name, "quick (2 processes)", len(files), cut, kinds, _other_file(len(subsets)))
        for label, kind in [(k, KINDS[k]) for k in kinds]:
            for estimator in ESTIMATORS:
                score = Score()
                for _, data in files:
                    score.add(_held_out(data, estimator, kind))
                print(f"| {name} | held-out process, {label} | {len(files)} | {len(score.widths)} | {estimator} | "
                      f"{score.coverage:.1%} | ±{score.half_width:.1%} |", flush=True)


def _other_file(per: int) -> Callable[[int, int], bool]:
    """Whether two cut runs come from different files (each file gives ``per`` of them, one after another)."""
    return lambda i, j: i // per != j // per


def _rows(name: str, check: str, count: int, runs: list[list[Spot]], kinds: list[str],
          pairs: Callable[[int, int], bool]) -> None:
    for label, estimator in ESTIMATORS.items():
        found = [estimator(run) for run in runs]
        for kind in kinds:
            score = cross(runs, found, KINDS[kind], pairs)
            print(f"| {name} | {check}, {kind} | {count} | {len(score.widths)} | {label} | {score.coverage:.1%} | "
                  f"±{score.half_width:.1%} |", flush=True)


def _held_out(data: dict, estimator: str, keep: Callable[[Spot], bool]) -> Score:
    """Intervals from all processes but one, against the median of the one left out."""
    whole = {spot.key: spot for spot in spots(data)}
    count = data.get("processes") or 2
    score = Score()
    for out in range(count):
        rest = [i for i in range(count) if i != out]
        run = spots(data, rest)
        found = before(run) if estimator == "before" else after(run, rerun=1)
        for spot, (value, low, high) in zip(run, found, strict=True):
            groups = whole[spot.key].groups
            if keep(spot) and out < len(groups):
                score.widths.append((high - low) / 2 / value)
                score.held.append(low <= float(np.median(groups[out])) <= high)
    return score


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate")
    sim.add_argument("scenarios", nargs="*", help=f"some of {', '.join(SCENARIOS)} (default: all)")
    sim.add_argument("--seeds", type=int, default=5)
    sim.add_argument("--runs", type=int, default=5)
    files = commands.add_parser("real")
    files.add_argument("sources", nargs="*")
    files.add_argument("--history", action="store_true", help="add every version of the archive's files in git")
    args = parser.parse_args(argv)
    if args.command == "simulate":
        unknown = sorted(set(args.scenarios) - set(SCENARIOS))
        if unknown:
            parser.error(f"no scenario {', '.join(unknown)}; there are {', '.join(SCENARIOS)}")
        simulate(args.scenarios or list(SCENARIOS), args.seeds, args.runs)
    else:
        sources = list(args.sources) or [str(p) for p in sorted(ARCHIVE.glob("*.json"))]
        if args.history:
            sources += [s for s in history() if s not in sources]
        real(sources)


if __name__ == "__main__":
    main()
