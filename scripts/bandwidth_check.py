"""Is MatVec m = 16384 within 95 % of the copy bandwidth? Alternate the two several times.

    python scripts/bandwidth_check.py [rounds] [device]

One engine measurement of each per round (the same code the article runs), so
the spread between rounds shows how much of the gap is noise.
"""

from __future__ import annotations

import statistics
import sys

from mpsarticle import Copy, MatVec, TimingOptions, get_device, time_point


def main(rounds: int = 5, device_name: str = "cuda") -> None:
    device = get_device(device_name)
    options = TimingOptions(budget_s=1.0)
    shares = []
    print("| round | copy GB/s (n = 2^31) | matvec GB/s (m = 16384) | matvec / copy |")
    print("|---|---|---|---|")
    for index in range(rounds):
        copy = time_point(Copy(1 << 31), device, "engine", options)
        matvec = time_point(MatVec(16384), device, "engine", options)
        shares.append(matvec.gb_s / copy.gb_s)
        print(f"| {index + 1} | {copy.gb_s:,.0f} | {matvec.gb_s:,.0f} | {shares[-1]:.1%} |")
    print(f"median share {statistics.median(shares):.1%}, min {min(shares):.1%}, max {max(shares):.1%}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5, *sys.argv[2:3])
