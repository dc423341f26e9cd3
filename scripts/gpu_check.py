"""Summarise a results file taken on a CUDA machine: the table an engine change must be checked against.

    python scripts/gpu_check.py results.json

Prints, for MatVec, the naive, engine (with its 95 % interval) and
CUDA-event times and the engine's bandwidth; the Copy ceiling; the MatMul
rates at m = 8192; the fewest timed blocks of any CUDA engine point; and
whether the engine agrees with the events (within 3 % for m >= 4096) and
MatVec m = 16384 reaches 95 % of the Copy bandwidth.
"""

from __future__ import annotations

import sys

from mpsarticle import load
from mpsarticle.analysis.series import ceiling_gb_s, peak_gflop_s


def _us(seconds: float) -> str:
    return f"{seconds * 1e6:,.1f}"


def main(path: str, device: str = "cuda") -> int:
    results = load(path)
    name = results.environment["devices"].get(device, {}).get("name", device)
    print(f"{name}, torch {results.environment['torch']}, profile {results.profile}")
    ceiling = ceiling_gb_s(results, device)
    print(f"\nCopy ceiling: {ceiling:.0f} GB/s" if ceiling else "\nno copy measured")
    print("\n| m | naive µs | engine µs [95% interval] | blocks | events µs | engine/events | engine GB/s | of copy |")
    print("|---|---|---|---|---|---|---|---|")
    failures = []
    sizes = sorted({p.params["m"] for p in results.select(workload="matvec", device=device, suite="matvec")})
    for m in sizes:
        got = {method: results.one(workload="matvec", device=device, suite="matvec", method=method, m=m)
               for method in ("naive", "engine", "events")}
        if not all(point and point.ok for point in got.values()):
            print(f"| {m} | " + " | ".join(p.status if p else "-" for p in got.values()) + " | | | | |")
            continue
        engine = got["engine"]
        ratio = engine.median_s / got["events"].median_s
        share = engine.gb_s / ceiling if ceiling else float("nan")
        print(f"| {m} | {_us(got['naive'].median_s)} | {_us(engine.median_s)} "
              f"[{_us(engine.ci_low_s)}, {_us(engine.ci_high_s)}] | "
              f"{engine.repeats} | {_us(got['events'].median_s)} | {ratio:.3f} | {engine.gb_s:,.0f} | {share:.1%} |")
        if m >= 4096 and abs(ratio - 1) > 0.03:
            failures.append(f"m={m}: engine {ratio:.3f}x the events")
        if m == 16384 and share < 0.95:
            failures.append(f"m=16384 at {share:.1%} of copy bandwidth")
    for dtype in ("float32", "float16", "bfloat16"):
        point = results.one(workload="matmul", device=device, m=8192, dtype=dtype)
        if point and point.ok:
            print(f"MatMul {dtype} m=8192: {point.gflop_s/1e3:.1f} TFLOP/s ± {point.half_width:.1%} "
                  f"(rel. error {point.rel_error:.1e})")
    print(f"best bf16 MatMul: {(peak_gflop_s(results, device, 'bfloat16') or 0)/1e3:.1f} TFLOP/s")
    engine_points = [p for p in results.select(device=device, method="engine") if p.ok]
    fewest = min((p.repeats for p in engine_points), default=0)
    print(f"{len(engine_points)} {device} engine points, fewest blocks {fewest}; "
          f"{sum(not p.stable for p in engine_points)} not stable (interval wider than ±5 %)")
    if fewest < 10:
        failures.append(f"a {device} engine point has only {fewest} blocks")
    for point in results:
        if point.ok and point.half_width is not None and point.half_width > 0.03:
            print(f"wider than ±3 %: {point.device} {point.workload} {point.params} {point.method}: "
                  f"±{point.half_width:.1%} "
                  f"({point.repeats} blocks, {point.outliers} outliers)")
    for point in (p for p in results if not p.ok):
        print(f"not ok: {point.device} {point.workload} {point.params} {point.method}: {point.status} {point.reason}")
    print("\nchecks: " + ("all hold" if not failures else "; ".join(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main(*sys.argv[1:]))
