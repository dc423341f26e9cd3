"""Summarise a results file taken on a CUDA machine: the table an engine change must be checked against.

    python scripts/gpu_check.py results.json

Prints, for MatVec, the naive, engine and CUDA-event times and the engine's
bandwidth; the Copy ceiling; the bf16 MatMul rate at m = 8192; and whether
the engine agrees with the events (within 5 % for m >= 4096) and MatVec
m = 16384 reaches 95 % of the Copy bandwidth.
"""

from __future__ import annotations

import sys

from mpsarticle import load
from mpsarticle.analysis import ceiling_gb_s, peak_gflop_s


def main(path: str, device: str = "cuda") -> int:
    results = load(path)
    print(f"{results.environment['devices'].get(device, {}).get('name', device)}, torch {results.environment['torch']}, profile {results.profile}")
    ceiling = ceiling_gb_s(results, device)
    print(f"\nCopy ceiling: {ceiling:.0f} GB/s" if ceiling else "\nno copy measured")
    print("\n| m | naive µs | engine µs | events µs | engine/events | engine GB/s | of copy |")
    print("|---|---|---|---|---|---|---|")
    failures = []
    sizes = sorted({p.params["m"] for p in results.select(workload="matvec", device=device, suite="matvec")})
    for m in sizes:
        got = {method: results.one(workload="matvec", device=device, suite="matvec", method=method, m=m)
               for method in ("naive", "engine", "events")}
        if not all(point and point.ok for point in got.values()):
            print(f"| {m} | " + " | ".join(p.status if p else "-" for p in got.values()) + " | | | |")
            continue
        ratio = got["engine"].median_s / got["events"].median_s
        share = got["engine"].gb_s / ceiling if ceiling else float("nan")
        print(f"| {m} | {got['naive'].median_s*1e6:,.1f} | {got['engine'].median_s*1e6:,.1f} | "
              f"{got['events'].median_s*1e6:,.1f} | {ratio:.3f} | {got['engine'].gb_s:,.0f} | {share:.1%} |")
        if m >= 4096 and abs(ratio - 1) > 0.05:
            failures.append(f"m={m}: engine {ratio:.3f}x the events")
        if m == 16384 and share < 0.95:
            failures.append(f"m=16384 at {share:.1%} of copy bandwidth")
    for dtype in ("float32", "float16", "bfloat16"):
        point = results.one(workload="matmul", device=device, m=8192, dtype=dtype)
        if point and point.ok:
            print(f"MatMul {dtype} m=8192: {point.gflop_s/1e3:.1f} TFLOP/s (rel. error {point.rel_error:.1e})")
    print(f"best bf16 MatMul: {(peak_gflop_s(results, device, 'bfloat16') or 0)/1e3:.1f} TFLOP/s")
    bad = [p for p in results if not p.ok]
    for point in bad:
        print(f"not ok: {point.device} {point.workload} {point.params} {point.method}: {point.status} {point.reason}")
    print("\nchecks: " + ("all hold" if not failures else "; ".join(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main(*sys.argv[1:]))
