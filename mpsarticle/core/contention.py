"""What else used the CPU while a process measured, and which processes of a point are set aside.

A measuring process (:mod:`mpsarticle.measure.child`) reads the CPU's counters
around each point it measures (:mod:`mpsarticle.measure.cpuload`) and keeps a
*reading* (a JSON object) with the point: over its window,

- ``window_s``: the wall time of the window, and ``points``: how many points
  it spans. The window is the point's own measuring time, widened back over
  the points the same process measured just before it on the same device
  until it spans at least :data:`MIN_WINDOW_S`: the counters tick at 100 Hz,
  too coarse to tell anything of a 20-ms point alone;
- ``own_cpu_s``: this process's CPU time, user + system;
- ``others_cpu_s``: the CPU time that the CPUs this process may run on spent
  busy outside it (``psutil.cpu_times()`` deltas, less its own). It includes
  steal, the time a hypervisor gave to other guests. The counters tick, so
  over a short window it can be slightly negative;
- ``cpus``: the logical CPUs this process may run on; ``load_1m``: the
  1-minute load average, recorded for the reader, not judged (it averages
  over a minute, a point lasts milliseconds);
- ``tick_s``: the counters' resolution;
- ``involuntary_switches``: how often the system took a CPU from this
  process over the window (``num_ctx_switches``), recorded for the reader, not
  judged: a count says how often, not for how long;
- ``contended``: :func:`contended`'s verdict.

Any value that cannot be read is ``null``; a reading that cannot say is never
taken for contention.

Why this definition: a process that is not given the CPUs it can use runs
slower, and a point's value moves with it (on a 2-core CPU one busy loop
beside a run made single processes 9-43x slower than their siblings). Two
signs say a process was not given them:

- other processes used more than :data:`OTHERS_SHARE` of the CPU time this
  process left unused, and more than :data:`OTHERS_FLOOR_CPUS` of a CPU: had
  the CPUs been free, that time would have been idle, and a thread of this
  process that wanted to run could have had it. A process whose threads fill
  every CPU leaves little, so the floor keeps a background task's crumbs
  from counting. A process that uses one CPU of sixteen leaves fifteen, and
  a browser on two of them is no contention;
- on the CPU device, the process got less than :data:`OWN_SHARE` of one
  CPU's wall time: its timing thread never waits (it computes, or feeds the
  threads that do), so less means the system ran something else instead.
  An accelerator's process waits for its device by design, so this sign is
  read on the CPU only.

Both are judged beyond the counters' resolution: a tick of each CPU at
either end of the window (and two of the process's own) is taken in the
process's favour.

A process is *suspect* when it was measured under contention, or, on the
synchronised timer (``engine``: the article's values), when its median lies
more than :data:`OUTLIER_FACTOR` from its siblings': from the median of all
its processes' medians with three or more processes (the median of the
other two would be pulled halfway to the outlier), from each other with two
(then both are suspect: two cannot say which one is off). Naive ``timeit``
and device events are not judged by their spread: how much they vary from
one fresh process to the next is what the article shows of them.

A point with a suspect process is measured again in a fresh process, at most
:data:`EXTRA_PER_POINT` times, and a run measures again at most
:func:`extra_limit` processes in all (:data:`EXTRA_RUN_SHARE` of those it
plans), so that a machine busy for the whole run makes it at most half as long
again. Of a point's processes (:func:`judge`), those that are not suspect
make its value. Where none is, processes too far apart to say which is off
are all kept until another says (the next process measured is judged with
them), and of processes measured under contention the fastest alone makes
the value (contention only ever adds time, so the fastest was slowed the
least). A contended process mixed in with clean ones would move the value by
as much as it is off (on a 2-core CPU beside a busy loop, one took 500 times
as long as its sibling), and two processes that far apart give an interval
no reader can use. Where fewer than two processes are left that are not
suspect (fewer than the run plans, if it plans one), a limit having been
reached, the point is marked ``unresolved``. Every process stays in the
results file: those set aside with why.

Nothing here reads the counters, and nothing here imports torch.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args

__all__ = ["EXTRA_PER_POINT", "EXTRA_RUN_SHARE", "MIN_WINDOW_S", "OTHERS_FLOOR_CPUS", "OTHERS_SHARE",
           "OUTLIER_FACTOR", "OWN_SHARE", "SUSPECTS", "Suspect", "Verdict", "contended", "cpus_in_use",
           "extra_limit", "judge", "outliers", "thresholds"]

#: The shortest window a reading spans, widened over the points measured just before (the counters tick at 100 Hz).
MIN_WINDOW_S = 0.25
#: Contended: other processes used more than this share of the CPU time this process left unused ...
OTHERS_SHARE = 0.5
#: ... and more than this many CPUs' worth on average over the window.
OTHERS_FLOOR_CPUS = 0.25
#: Contended (CPU device): the process got less than this share of one CPU's wall time.
OWN_SHARE = 0.8
#: Outlier (synchronised timer): a process's median more than this factor from its siblings', either way.
OUTLIER_FACTOR = 4.0
#: Extra processes a point with a suspect process is measured in, at most.
EXTRA_PER_POINT = 2
#: Extra processes a run measures, at most: this share of the (point, process) measurements it plans.
EXTRA_RUN_SHARE = 0.5
#: The counters' resolution where a reading does not say (Linux's and macOS's 100 Hz).
DEFAULT_TICK_S = 0.01

#: Why a process is suspect.
Suspect = Literal["contended", "outlier"]
SUSPECTS: tuple[Suspect, ...] = get_args(Suspect)


def thresholds() -> dict[str, float]:
    """The definitions' constants, as a results file records them beside its counts."""
    return {"min_window_s": MIN_WINDOW_S, "others_share": OTHERS_SHARE, "others_floor_cpus": OTHERS_FLOOR_CPUS,
            "own_share": OWN_SHARE, "outlier_factor": OUTLIER_FACTOR, "extra_per_point": EXTRA_PER_POINT,
            "extra_run_share": EXTRA_RUN_SHARE}


def extra_limit(planned: int) -> int:
    """Extra processes a run may measure when it plans ``planned`` (point, process) measurements."""
    return math.ceil(EXTRA_RUN_SHARE * planned)


def _number(reading: Mapping[str, Any], name: str) -> float | None:
    value = reading.get(name)
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def cpus_in_use(reading: Mapping[str, Any] | None) -> tuple[float, float] | None:
    """``(this process, the others)``: the CPUs each kept busy on average over the window; ``None`` where
    the reading lacks them."""
    if not reading:
        return None
    window, own, others = (_number(reading, name) for name in ("window_s", "own_cpu_s", "others_cpu_s"))
    if not window or window <= 0 or own is None or others is None:
        return None
    return own / window, others / window


def contended(reading: Mapping[str, Any], cpu_point: bool) -> bool | None:
    """Whether the process that took ``reading`` was measured under contention (see the module notes);
    ``None`` where the reading cannot say. ``cpu_point``: it measured the CPU device."""
    window, own = _number(reading, "window_s"), _number(reading, "own_cpu_s")
    if not window or window <= 0 or own is None:
        return None
    tick = _number(reading, "tick_s") or DEFAULT_TICK_S
    own_cpus = own / window
    if cpu_point and own_cpus + 2 * tick / window < OWN_SHARE:
        return True
    others, cpus = _number(reading, "others_cpu_s"), _number(reading, "cpus")
    if others is None or not cpus:
        return None
    beyond_ticks = others / window - (cpus + 2) * tick / window
    left_unused = max(cpus - own_cpus, 0.0)
    return beyond_ticks > OTHERS_FLOOR_CPUS and beyond_ticks > OTHERS_SHARE * left_unused


def outliers(medians: Sequence[float]) -> dict[int, float]:
    """The processes (by index) whose median lies more than :data:`OUTLIER_FACTOR` from their siblings', each
    with its factor (at least 1, either way): against the median of all the medians from three processes on,
    against each other with two."""
    if len(medians) < 2 or any(m <= 0 for m in medians):
        return {}
    if len(medians) == 2:
        factor = max(medians) / min(medians)
        return {0: factor, 1: factor} if factor > OUTLIER_FACTOR else {}
    typical = statistics.median(medians)
    found = {}
    for index, value in enumerate(medians):
        factor = max(value / typical, typical / value)
        if factor > OUTLIER_FACTOR:
            found[index] = factor
    return found


@dataclass(frozen=True)
class Verdict:
    """What :func:`judge` makes of a point's processes (indices into the processes it was given, in order)."""

    #: The processes its statistics use.
    keep: tuple[int, ...]
    #: The processes set aside, each with why and, for an outlier, its factor.
    aside: tuple[tuple[int, Suspect, float | None], ...]
    #: Why its value rests on fewer than two processes that are not suspect: its suspects' why (``contended``
    #: before ``outlier``); ``None``: it does not.
    unresolved: Suspect | None
    #: Its processes that are not suspect.
    clean: int


def judge(medians: Sequence[float], contention: Sequence[bool | None], planned: int, *,
          by_spread: bool) -> Verdict:
    """Which of a point's processes make its value (see the module notes): ``medians`` and ``contention``
    (each process's :func:`contended`) per process, ``planned`` the processes the run measures each point in,
    ``by_spread`` whether outliers are judged (the synchronised timer)."""
    count = len(medians)
    suspect: dict[int, tuple[Suspect, float | None]] = {i: ("contended", None) for i in range(count)
                                                         if contention[i]}
    fair = [i for i in range(count) if i not in suspect]
    if by_spread:
        for position, factor in outliers([medians[i] for i in fair]).items():
            suspect[fair[position]] = ("outlier", factor)
    clean = [i for i in range(count) if i not in suspect]
    apart = [i for i in fair if i in suspect]
    keep = clean or apart or sorted(suspect, key=lambda i: (medians[i], i))[:1]
    whys = {suspect[i][0] for i in (keep if not clean else suspect)}
    short = len(clean) < min(planned, 2, count)
    unresolved: Suspect | None = next((why for why in SUSPECTS if why in whys), None) if short else None
    aside = tuple((i, *suspect[i]) for i in range(count) if i not in keep)
    return Verdict(tuple(keep), aside, unresolved, len(clean))
