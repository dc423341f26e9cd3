"""A measuring child process: ``python -m mpsarticle.measure.child``, started by :mod:`mpsarticle.measure.pool`.

It imports what it measures with, writes ``{"ready": true}``, and then reads
one line of JSON on stdin, ``{"tasks": [spec, ...]}`` (no line: it was
started and not needed, and ends); before its
first point on a device it starts that device's runtime
(:meth:`~mpsarticle.measure.devices.Device.start_runtime`); and for each
task it writes ``{"start": i}`` before measuring it and ``{"index": i, "point":
{...}}`` after, one line each, flushed (:mod:`mpsarticle.measure.wire` holds
the messages). Each point carries what else used the CPU while it was
measured (``process_load``: :mod:`mpsarticle.measure.cpuload`), so that the
parent can measure it again where this process was not given the CPU. With
``"selfcheck": {"devices": [...], "rounds": r, "budget_s": b, "share": p,
"reverse": bool}`` in the request it then writes ``{"start": "extra"}``, ``{"step": k}`` after each
selfcheck point, and ``{"extra": [...]}``: what
:func:`mpsarticle.measure.selfcheck.sample_all` measured. Nothing else reaches its stdout: the
protocol has its own copy of the descriptor, and file descriptor 1 is pointed
at stderr, so a library that prints (from Python or from C) cannot corrupt
a line. A signal, a crash or an exit before a point's line is the parent's
to record (``crashed``); SIGINT is the parent's to handle, so it is ignored
here (Ctrl-C in a terminal reaches the whole process group).
"""

from __future__ import annotations

import itertools
import json
import os
import signal
import sys


def main() -> int:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    protocol = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    # Importing torch and the timer is most of a worker's start (some 2 s on a 2-core CPU), and nothing in it
    # depends on the request: done first, it lets the parent start the workers of several rounds at once, each
    # waiting on its request until its round, so that none of them imports while another measures.
    from mpsarticle.measure import wire
    from mpsarticle.measure.cpuload import Window
    from mpsarticle.measure.timing import time_point

    protocol.write(wire.ready())
    line = sys.stdin.readline()
    if not line:
        protocol.close()
        return 0
    request = json.loads(line)

    devices = {}
    window = Window()
    for index, (spec, workload, options) in enumerate(wire.tasks_in(request["tasks"])):
        protocol.write(wire.started(index))
        device = _device(spec["device"], devices)
        window.start(device.name)  # after the device's runtime starts: that is no part of the point
        # The parent summarises each point from all its processes: this process needs no statistics (nor scipy).
        point = time_point(workload, device, spec["method"], options, suite=spec["suite"], check=spec["check"],
                           summarize=False)
        reading = window.reading(cpu_point=not device.is_accelerator)
        if point.status == "ok":  # a point with no time has nothing the reading could explain
            point.process_load = [reading]
        protocol.write(wire.measured(index, point))
    if "selfcheck" in request:
        protocol.write(wire.extra_started())
        protocol.write(wire.extra_done(_selfcheck(request["selfcheck"], devices, protocol)))
    protocol.close()
    return 0


def _device(name: str, devices: dict):
    """The device of that name, its runtime started the first time this worker uses it."""
    from mpsarticle.measure.devices import get_device

    if name not in devices:
        devices[name] = get_device(name)
        devices[name].start_runtime()
    return devices[name]


def _selfcheck(spec: dict, devices: dict, protocol) -> list:
    """The selfcheck's points (``spec``: devices, rounds, budget_s, share, reverse), one ``{"step": k}`` line
    after each."""
    from mpsarticle.measure import wire
    from mpsarticle.measure.selfcheck import points_of, sample_all

    steps = itertools.count(1)
    return sample_all(points_of([_device(name, devices) for name in spec["devices"]]), reverse=spec["reverse"],
                      rounds=spec["rounds"], budget_s=spec["budget_s"], share=spec["share"],
                      each=lambda: protocol.write(wire.stepped(next(steps))))


if __name__ == "__main__":
    try:
        status = main()
    except BrokenPipeError:  # the parent is gone (killed): nobody is left to tell
        os._exit(1)
    # Everything this process owes is written and flushed: its lines on the protocol, files in the calls
    # that wrote them. Python's own shutdown with torch loaded takes about half a second, which the parent
    # would wait through between rounds, so the process ends at once.
    sys.stderr.flush()
    os._exit(status)
