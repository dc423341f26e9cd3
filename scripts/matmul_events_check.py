"""Engine against CUDA events for MatMul at m >= 4096 (float32, bfloat16), and the events' own spread.

    python scripts/matmul_events_check.py [REPEATS]

For each point, the engine and the events alternate REPEATS times on the
same inputs. Prints each engine median with its interval, each events
median, and the spread of the events' medians across the repeats: where a
point moves between runs, that spread is the reference's own noise, to be
seen before the engine is blamed.
"""

from __future__ import annotations

import statistics
import sys

from mpsarticle.core.specs import MatMul
from mpsarticle.core.stats import summarize
from mpsarticle.measure.devices import get_device
from mpsarticle.measure.kernels import prepare
from mpsarticle.measure.timing import TimingOptions, time_engine, time_events


def main(repeats: str = "5") -> int:
    device = get_device("cuda")
    options = TimingOptions(budget_s=0.5, number=10)
    print("| dtype | m | engine median [95% interval] TFLOP/s | events medians (min–max) TFLOP/s | engine/events | "
          "events spread |")
    print("|---|---|---|---|---|---|")
    failures = []
    for dtype in ("float32", "bfloat16"):
        for m in ((4096, 8192) if dtype == "float32" else (4096, 8192, 16384)):
            work = MatMul(m, dtype)
            prepared = prepare(work, device)
            engine, events = [], []
            for _ in range(int(repeats)):
                engine.append(time_engine(prepared, device, options)["samples"])
                events.append(summarize(time_events(prepared, device, options)["samples"]).median)
            pooled = summarize([s for run in engine for s in run])

            def tflops(seconds: float, flops: float = work.flops) -> float:
                return flops / seconds / 1e12

            ratio = pooled.median / statistics.median(events)
            spread = (max(events) - min(events)) / statistics.median(events)
            print(f"| {dtype} | {m} | {tflops(pooled.median):.1f} "
                  f"[{tflops(pooled.ci_high):.1f}, {tflops(pooled.ci_low):.1f}] | "
                  f"{tflops(statistics.median(events)):.1f} ({tflops(max(events)):.1f}–{tflops(min(events)):.1f}) | "
                  f"{ratio:.3f} | {spread:.1%} |")
            if abs(ratio - 1) > 0.03:
                failures.append(f"{dtype} m={m}: engine {ratio:.3f}x events")
            del prepared
    print("\nchecks: " + ("all hold" if not failures else "; ".join(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main(*sys.argv[1:]))
