"""Print the model fitted to a results file: per device its parameters, the combination the fit chose, each
workload's median and worst relative error, and the sizes where it changes regime (for the closing note of a
build on a new machine)."""

from __future__ import annotations

import sys

from mpsarticle.analysis.model import fit_all, thresholds
from mpsarticle.results.model import load


def main(paths: list[str]) -> None:
    for path in paths:
        results = load(path)
        print(f"# {path}")
        for device, fitted in fit_all(results).items():
            rates = ", ".join(f"{d} {v / 1e12:.4g} TFLOP/s" for d, v in sorted(fitted.flops_per_s.items()))
            print(f"{device}: {fitted.combination}; {fitted.op_s * 1e6:.3g} us per op, {fitted.gb_s:.4g} GB/s, "
                  f"{rates}; rms log error sum {fitted.rms_log['sum']:.3f}, max {fitted.rms_log['max']:.3f}")
            print("| workload | points | median error | worst error | worst at |")
            print("| --- | --- | --- | --- | --- |")
            for e in fitted.errors + fitted.replayed_errors:
                name = e.workload + (" (replayed)" if e in fitted.replayed_errors else "")
                print(f"| {name} | {e.points} | {e.median:.1%} | {e.worst:.1%} | {e.worst_size} |")
            for t in thresholds(fitted):
                print(f"threshold: {t.workload} {t.dtype}: {t.before} -> {t.after} at m = {t.m}")


if __name__ == "__main__":
    main(sys.argv[1:])
