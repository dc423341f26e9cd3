"""A measuring worker: ``python -m mpsarticle.measure.worker``, started by :mod:`mpsarticle.measure.workers`.

It reads one line of JSON on stdin, ``{"tasks": [spec, ...]}``; before its
first point on a device it starts that device's runtime
(:meth:`~mpsarticle.measure.devices.Device.start_runtime`); and for each
task it writes ``{"start": i}`` before measuring it and ``{"index": i, "point":
{...}}`` after, one line each, flushed. Nothing else reaches its stdout: the
protocol has its own copy of the descriptor, and file descriptor 1 is pointed
at stderr, so a library that prints (from Python or from C) cannot corrupt
a line. A signal, a crash or an exit before a point's line is the parent's
to record (``crashed``); SIGINT is the parent's to handle, so it is ignored
here (Ctrl-C in a terminal reaches the whole process group).
"""

from __future__ import annotations

import json
import os
import signal
import sys


def main() -> int:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    protocol = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    request = json.loads(sys.stdin.readline())

    from mpsarticle.measure.devices import get_device
    from mpsarticle.measure.timing import measure
    from mpsarticle.measure.workers import tasks_in

    devices = {}
    for index, (spec, workload, options) in enumerate(tasks_in(request["tasks"])):
        protocol.write(json.dumps({"start": index}) + "\n")
        device = devices.get(spec["device"])
        if device is None:
            device = devices[spec["device"]] = get_device(spec["device"])
            device.start_runtime()
        point = measure(workload, device, spec["method"], options, suite=spec["suite"], check=spec["check"])
        protocol.write(json.dumps({"index": index, "point": point.to_dict()}, allow_nan=False) + "\n")
    protocol.close()
    return 0


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    except BrokenPipeError:  # the parent is gone (killed): nobody is left to tell
        os._exit(1)
