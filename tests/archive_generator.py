"""A large synthetic archive of other machines, for testing how the machines chapter and the site scale.

Nothing here is measured and nothing it writes is committed: ``write_archive(folder, count, seed)`` fills a
folder (a temporary one) with ``count`` results files, each a machine drawn from the families below and
modelled by :func:`tests.machines.synthetic`, so that every file is valid as a contributor's would be (the
schema, rates that agree with times and sizes, no Mac above its spec-sheet bandwidth). Point a build at it
with ``MPSARTICLE_ARCHIVE``::

    .venv/bin/python -m tests.archive_generator /tmp/archive-500 500
    MPSARTICLE_ARCHIVE=/tmp/archive-500 make html PROFILE=quick

The families and their assumptions (each machine varies around them by a seeded draw):

- **Apple silicon** (a Mac: the CPU and the GPU through MPS): every M1 to M4 variant of Apple's spec sheet
  (:mod:`mpsarticle.core.specsheet`), the GPU reading 60 to 85 % of the chip's memory bandwidth and computing
  50 to 75 % of its float32 peak (where Apple gives none: GPU cores × 128 lanes × 2 × 1.4 GHz), float16 a
  little faster, bfloat16 at half of float16's rate on M1 and M2 (emulated there); the CPU reading 40 to 60 %
  of the bandwidth from memory and about three times that from its cache.
- **NVIDIA GPUs** on a Linux host (the CPU and the GPU through CUDA): data-centre and desktop cards with their
  published memory bandwidth and float32 and float16 (tensor) peaks, reached at 75 to 90 % and 50 to 75 %.
- **CPUs alone** (no accelerator): Intel Xeon and Core, AMD EPYC and Ryzen on x86-64, AWS Graviton and
  Ampere Altra on Arm.

Each machine also draws its PyTorch release, its processes per point (one or three) and its date.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from mpsarticle.core.specsheet import chips
from mpsarticle.results.archive import archive_path
from mpsarticle.results.model import ResultSet

from .machines import DeviceModel, Machine, synthetic

__all__ = ["FAMILIES", "draw_machine", "generate", "write_archive"]

#: PyTorch releases a contributor may have run.
TORCH = ("2.3.1", "2.4.1", "2.5.1", "2.6.0", "2.7.1", "2.8.0", "2.9.1", "2.10.0", "2.11.0", "2.12.0", "2.13.0")


@dataclass(frozen=True)
class Gpu:
    """An NVIDIA card's published figures: memory bandwidth (GB/s), float32 and float16 (tensor) peaks (TFLOP/s),
    memory (GiB)."""

    name: str
    bandwidth_gb_s: float
    fp32_tflops: float
    fp16_tflops: float
    memory_gib: int
    bfloat16: bool = True


GPUS = (
    Gpu("NVIDIA H200", 4800, 67, 990, 141),
    Gpu("NVIDIA H100 80GB HBM3", 3350, 67, 990, 80),
    Gpu("NVIDIA A100-SXM4-80GB", 2039, 19.5, 312, 80),
    Gpu("NVIDIA L4", 300, 30, 121, 23),
    Gpu("NVIDIA A10G", 600, 31, 125, 23),
    Gpu("NVIDIA GeForce RTX 4090", 1008, 82.6, 165, 24),
    Gpu("NVIDIA GeForce RTX 3090", 936, 35.6, 71, 24),
    Gpu("NVIDIA GeForce RTX 3060", 360, 12.7, 25, 12),
    Gpu("Tesla T4", 320, 8.1, 65, 15, bfloat16=False),
)


@dataclass(frozen=True)
class Cpu:
    """A server or desktop CPU: its name as the OS reports it, logical cores, memory bandwidth (GB/s), float32
    peak of a matrix product (GFLOP/s), last-level cache (MiB), and whether it is Arm."""

    name: str
    cores: int
    bandwidth_gb_s: float
    gflop_s: float
    cache_mib: int
    arm: bool = False


CPUS = (
    Cpu("Intel(R) Xeon(R) Platinum 8480+", 56, 250, 4000, 105),
    Cpu("Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz", 32, 150, 1800, 48),
    Cpu("AMD EPYC 7763 64-Core Processor", 64, 180, 2500, 256),
    Cpu("AMD EPYC 9654 96-Core Processor", 96, 350, 6000, 384),
    Cpu("Intel(R) Core(TM) i9-13900K", 32, 80, 1500, 36),
    Cpu("AMD Ryzen 9 7950X 16-Core Processor", 32, 70, 1700, 64),
    Cpu("AMD Ryzen 7 5800X 8-Core Processor", 16, 45, 700, 32),
    Cpu("Neoverse-V1 (AWS Graviton3)", 64, 260, 2000, 32, arm=True),
    Cpu("Ampere Altra Q80-30", 80, 180, 1500, 32, arm=True),
)

#: The kinds of machine and how often each is drawn.
FAMILIES = {"mac": 0.45, "cuda": 0.35, "cpu": 0.20}


def _around(rng: np.random.Generator, low: float, high: float) -> float:
    return float(rng.uniform(low, high))


def _cpu_model(cpu: Cpu, rng: np.random.Generator) -> DeviceModel:
    memory = cpu.bandwidth_gb_s * _around(rng, 0.45, 0.7)
    return DeviceModel("cpu", cpu.name, overhead_s=_around(rng, 2e-6, 5e-6), memory_gb_s=memory,
                       copy_gb_s=memory * _around(rng, 0.9, 1.1), cache_bytes=cpu.cache_mib << 20,
                       cache_gb_s=memory * _around(rng, 2.0, 4.0),
                       gflop_s={"float32": cpu.gflop_s * _around(rng, 0.6, 0.9),
                                "float16": cpu.gflop_s * _around(rng, 0.02, 0.05),
                                "bfloat16": cpu.gflop_s * _around(rng, 0.02, 1.2)},
                       per_sample_s=_around(rng, 5e-5, 3e-4), memory_bytes=int(2 ** rng.integers(5, 10)) << 30)


def _mac(rng: np.random.Generator, index: int) -> Machine:
    apple = [chip for chip in chips() if chip.name.split()[1][:2] in ("M1", "M2", "M3", "M4")]
    chip = apple[int(rng.integers(len(apple)))]
    fp32 = chip.fp32_tflops or chip.gpu_cores * 128 * 2 * 1.4 / 1000
    memory_gib = int(rng.choice([8, 16, 24, 32, 64, 96, 128]))
    emulated = chip.name.split()[1] in ("M1", "M2")
    gpu_rate = fp32 * 1000 * _around(rng, 0.5, 0.75)
    gpu_memory = chip.bandwidth_gb_s * _around(rng, 0.6, 0.85)
    gpu = DeviceModel("mps", f"{chip.name} GPU", overhead_s=_around(rng, 6e-6, 2e-4), memory_gb_s=gpu_memory,
                      copy_gb_s=gpu_memory * _around(rng, 0.85, 1.0), cache_bytes=None, cache_gb_s=gpu_memory,
                      gflop_s={"float32": gpu_rate, "float16": gpu_rate * _around(rng, 1.0, 1.2),
                               "bfloat16": gpu_rate * (0.5 if emulated else 1.05)},
                      per_sample_s=_around(rng, 1e-5, 1.5e-4), kernels=int(rng.integers(40, 61)),
                      memory_bytes=memory_gib << 30, op_s=_around(rng, 1.5e-5, 4e-5), decoder="1.1b",
                      decode_dtype="float16" if emulated else "bfloat16", graph_s=_around(rng, 1e-4, 2e-3),
                      # The validator holds every point to the spec bandwidth, naive timeit's too: a queue that
                      # fills and blocks gives about the real time, where one that never fills would claim more.
                      naive_scale=_around(rng, 1.0, 1.05))
    cpu_memory = chip.bandwidth_gb_s * _around(rng, 0.35, 0.55)
    cpu = DeviceModel("cpu", chip.name, overhead_s=3e-6, memory_gb_s=cpu_memory,
                      copy_gb_s=cpu_memory * _around(rng, 0.95, 1.1),
                      cache_bytes=int(rng.choice([12, 16, 24, 32, 48, 64])) << 20,
                      cache_gb_s=cpu_memory * _around(rng, 2.0, 3.0),
                      gflop_s={"float32": _around(rng, 1000, 3000), "float16": _around(rng, 20, 50),
                               "bfloat16": _around(rng, 15, 40)},
                      per_sample_s=_around(rng, 1e-4, 2.5e-4), memory_bytes=memory_gib << 30)
    macos = int(rng.integers(14, 16))
    return Machine(f"mac-{index}", f"Mac {chip.name.removeprefix('Apple ')} {chip.gpu_cores}-core GPU "
                                   f"{memory_gib} GB #{index} (synthetic)",
                   cpu, gpu, os=f"Darwin {macos + 9}.{int(rng.integers(0, 6))}.0",
                   backend=f"Metal Performance Shaders (macOS {macos}.{int(rng.integers(0, 6))})",
                   threads=int(rng.choice([8, 10, 12, 14, 16, 24])), gpu_cores=chip.gpu_cores,
                   processes=int(rng.choice([1, 3])), process_sigma=0.02)


def _cuda(rng: np.random.Generator, index: int) -> Machine:
    card = GPUS[int(rng.integers(len(GPUS)))]
    host = CPUS[int(rng.integers(len(CPUS) - 2))]  # an x86-64 host
    memory = card.bandwidth_gb_s * _around(rng, 0.75, 0.9)
    fp32 = card.fp32_tflops * 1000 * _around(rng, 0.5, 0.75)
    fp16 = card.fp16_tflops * 1000 * _around(rng, 0.5, 0.75)
    gpu = DeviceModel("cuda", card.name, overhead_s=_around(rng, 5e-6, 1.5e-5), memory_gb_s=memory,
                      copy_gb_s=memory * _around(rng, 0.9, 1.0), cache_bytes=int(rng.choice([4, 6, 40, 50])) << 20,
                      cache_gb_s=memory * 2, gflop_s={"float32": fp32, "float16": fp16,
                                                      "bfloat16": fp16 if card.bfloat16 else fp32 * 0.5},
                      per_sample_s=_around(rng, 1e-6, 2e-5), kernels=int(rng.integers(40, 61)),
                      memory_bytes=card.memory_gib << 30, op_s=_around(rng, 1.5e-6, 5e-6),
                      decoder="1.1b", decode_dtype="bfloat16" if card.bfloat16 else "float16",
                      graph_s=_around(rng, 5e-5, 2e-4))
    return Machine(f"cuda-{index}", f"{card.name.removeprefix('NVIDIA ')} host #{index} (synthetic)",
                   _cpu_model(host, rng), gpu, os=f"Linux 6.{int(rng.integers(1, 12))}.0",
                   backend=f"CUDA 12.{int(rng.integers(1, 9))}", threads=host.cores,
                   processes=int(rng.choice([1, 3])), process_sigma=0.02)


def _cpu_only(rng: np.random.Generator, index: int) -> Machine:
    cpu = CPUS[int(rng.integers(len(CPUS)))]
    short = cpu.name.split(" @ ")[0].replace("(R)", "").replace("(TM)", "")
    return Machine(f"cpu-{index}", f"{' '.join(short.split())} #{index} (synthetic)", _cpu_model(cpu, rng), None,
                   os=f"Linux 6.{int(rng.integers(1, 12))}.0", threads=cpu.cores,
                   processes=int(rng.choice([1, 3])), process_sigma=0.02)


def draw_machine(seed: int, index: int) -> tuple[Machine, str, str]:
    """The ``index``-th machine of the archive drawn from ``seed``: its model, its PyTorch release and its date."""
    rng = np.random.default_rng([seed, index])
    kind = rng.choice(list(FAMILIES), p=list(FAMILIES.values()))
    machine = {"mac": _mac, "cuda": _cuda, "cpu": _cpu_only}[str(kind)](rng, index)
    day = int(rng.integers(0, 700))
    date = np.datetime64("2025-01-01") + np.timedelta64(day, "D")
    torch = TORCH[int(rng.integers(len(TORCH)))]
    return replace(machine, name=f"{machine.name}-{seed}"), torch, f"{date}T12:00:00+00:00"


def generate(seed: int, index: int) -> ResultSet:
    """The results file of the ``index``-th machine drawn from ``seed`` (see the module notes)."""
    machine, torch, date = draw_machine(seed, index)
    results = synthetic(machine)
    results.environment["torch"] = torch
    results.environment["date"] = results.created = date
    if not machine.os.startswith("Darwin"):
        arm = any(cpu.arm and cpu.name == machine.cpu.name for cpu in CPUS)
        results.environment["arch"] = "aarch64" if arm else "x86_64"
    return results


def _write(folder: str, seed: int, index: int) -> str:
    results = generate(seed, index)
    path = archive_path(results.label, folder)
    path.write_text(results.to_json(), encoding="utf-8")
    return str(path)


def write_archive(folder: str | Path, count: int, seed: int = 35, workers: int = 2) -> list[Path]:
    """Write ``count`` synthetic machines into ``folder`` (created if missing): one results file each."""
    Path(folder).mkdir(parents=True, exist_ok=True)
    with ProcessPoolExecutor(max_workers=max(1, workers)) as pool:
        written = list(pool.map(_write, [str(folder)] * count, [seed] * count, range(count),
                                chunksize=max(1, math.ceil(count / (4 * max(1, workers))))))
    return [Path(path) for path in written]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.archive_generator", description=__doc__.split("\n")[0])
    parser.add_argument("folder", help="where to write the files (never the repository's archive)")
    parser.add_argument("count", type=int, help="how many machines")
    parser.add_argument("--seed", type=int, default=35)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    written = write_archive(args.folder, args.count, args.seed, args.workers)
    print(json.dumps({"folder": args.folder, "files": len(written),
                      "bytes": sum(path.stat().st_size for path in written)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
