"""The command line: ``python -m mpsarticle info | run | plot | record | selfcheck | validate``.

Every argument error is one line on stderr and exit status 2; a results
file that cannot be read is one line and exit status 1. Only the commands
that look at this machine (``info``, ``run``, ``record``, ``selfcheck``)
import torch; ``plot`` and ``validate`` read files and do not.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import NoReturn, Sequence

from mpsarticle.results.archive import ArchiveNotFound
from mpsarticle.core.conditions import machine_conditions, warning_lines
from mpsarticle.measure.interrupt import Interrupted
from mpsarticle.results.files import OutputError, SavedElsewhere, check_writable, save_text
from mpsarticle.core.profiles import PROFILES, SUITES
from mpsarticle.cli.report import mac_lines, memory_lines, share_lines, spec_lines, sustained_summary
from mpsarticle.results.model import ResultsFileError, load
from mpsarticle.measure.resume import ResumeRefused
from mpsarticle.core.specs import DeviceUnavailable

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    """argparse, but an error is one line (no usage block) and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def _build_parser() -> _Parser:
    parser = _Parser(prog="python -m mpsarticle", description="Honest CPU-vs-accelerator measurements of PyTorch.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser, metavar="COMMAND")

    info = commands.add_parser("info", help="devices and environment of this machine")
    info.add_argument("--json", action="store_true", help="print the environment block as JSON")

    def add_measuring(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--suite", action="append", choices=list(SUITES), metavar="SUITE",
                         help=f"suite to run, repeatable (default: all of {', '.join(SUITES)})")
        sub.add_argument("--profile", choices=list(PROFILES), default="default",
                         help="; ".join(f"{p.name}: {p.help}" for p in PROFILES.values()))
        sub.add_argument("--device", action="append", metavar="DEVICE",
                         help="device to measure, repeatable: cpu, cuda, cuda:1, mps (default: every usable one)")
        sub.add_argument("--no-progress", action="store_true", help="no progress bar")
        sub.add_argument("--cold", action="store_true",
                         help="cache-cold timing: rotate through enough input sets to exceed the device's cache")
        sub.add_argument("--threads", type=_positive_int, metavar="N",
                         help="CPU threads (default: PyTorch's own default, what a user's code gets)")
        sub.add_argument("--resume", type=Path, metavar="FILE",
                         help="continue the interrupted run saved in FILE, measuring only the points it lacks")
        sub.add_argument("--point-limit", type=_limit_seconds, metavar="SECONDS",
                         help="longest one point may take before it is recorded as timeout (default: the profile's, "
                              + ", ".join(f"{p.name} {p.point_limit_s:g} s" for p in PROFILES.values()) + "; 0: none)")

    run = commands.add_parser("run", help="measure and write a results file")
    add_measuring(run)
    run.add_argument("--out", type=Path, help="JSON file to write (default: the --resume FILE, else results.json)")
    run.add_argument("--csv", type=Path, help="also write the points as CSV here")

    record = commands.add_parser("record", help="measure the article's suites into the archive of machines")
    add_measuring(record)
    record.add_argument("--label", required=True, help="a short name for this machine, e.g. 'M1 Pro 16 GB'")
    record.add_argument("--dir", type=Path, help="archive folder (default: the project's, see mpsarticle.results.archive)")
    record.add_argument("--force", action="store_true", help="overwrite an archive file of the same label")

    selfcheck = commands.add_parser("selfcheck", help="time fixed points with the synchronised timer and with independent references")
    selfcheck.add_argument("--device", action="append", metavar="DEVICE",
                       help="device to check, repeatable (default: every usable one)")
    selfcheck.add_argument("--tolerance", type=_fraction, default=0.05,
                       help="accepted engine/reference ratios: 1/(1+T) to 1+T (default: 0.05)")
    selfcheck.add_argument("--budget", type=_positive, default=0.25,
                       help="seconds of timed blocks per method and round (default: 0.25)")
    selfcheck.add_argument("--json", type=Path, help="also write the rows as JSON here")
    selfcheck.add_argument("--no-progress", action="store_true", help="no progress bar")

    run.add_argument("--sustained", type=float, metavar="SECONDS",
                     help="run the suite's largest workload (one --suite) for SECONDS and record its rate over time")
    record.add_argument("--sustained", type=float, metavar="SECONDS",
                        help="after the suites, also run one workload for SECONDS (see run --sustained)")
    record.add_argument("--sustained-suite", choices=list(SUITES), default="matmul",
                        help="the suite whose largest workload --sustained runs (default: matmul)")

    validate = commands.add_parser("validate", help="check results files before they join the archive")
    validate.add_argument("files", type=Path, nargs="+", metavar="FILE", help="results JSON files")

    plot = commands.add_parser("plot", help="draw the article's figures from a results file")
    plot.add_argument("file", type=Path, help="a results JSON file")
    plot.add_argument("--lang", choices=("en", "id"), default="en", help="language of labels (default: en)")
    plot.add_argument("--out", type=Path, default=Path("figures"), help="folder for the PNG files (default: figures)")
    return parser


def _positive_int(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive whole number")
    return int(text)


def _fraction(text: str) -> float:
    value = _positive(text)
    if value >= 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a fraction below 1 (e.g. 0.05 for 5 %)")
    return value


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} must be a positive number")
    return value


def _selfcheck(args: argparse.Namespace) -> int:
    from mpsarticle.results.model import write_atomically
    from mpsarticle.measure.runner import _devices
    from mpsarticle.measure.selfcheck import run_selfcheck
    from mpsarticle.results.selfcheck import table

    devices = _devices(args.device)
    rows = run_selfcheck(devices, budget_s=args.budget, tolerance=args.tolerance, progress=not args.no_progress)
    print(table(rows))
    if args.json:
        write_atomically(args.json, json.dumps([row.to_dict() for row in rows], indent=1) + "\n")
    return 0 if all(row.agrees for row in rows) else 1


def _print_info(as_json: bool) -> None:
    from mpsarticle.article.reasons import reason_text
    from mpsarticle.article.wording import Words
    from mpsarticle.measure.environment import describe_machine

    machine = describe_machine()
    if as_json:
        print(json.dumps(machine, indent=1))
        return
    print(f"{machine['os']} on {machine['arch']}, Python {machine['python']}, torch {machine['torch']}")
    print(f"CPU: {machine['cpu']} ({machine['logical_cores']} threads)")
    for name, device in machine["devices"].items():
        memory = device.get("memory_bytes")
        size = f", {memory / 2**30:.0f} GiB" if memory else ""
        print(f"  {name:5s} {device['name']} [{device['backend']}]{size}")
    english = Words("en")
    for name, why in machine["unavailable"].items():
        print(f"  {name:5s} unavailable: {reason_text(why, english)}")
    for line in mac_lines(machine) + spec_lines(machine) + warning_lines(machine):
        print(line)


def _warn_before_measuring() -> None:
    """One line per risky condition (battery, Low Power Mode, swap...), while they can still be fixed.

    The MPS fallback is left to the measuring session, which warns about it
    for every way of measuring (the site build's included).
    """
    found = machine_conditions()
    found = {**found, "warnings": [code for code in found.get("warnings") or () if code != "mps_fallback"]}
    for line in warning_lines(found):
        print(line, file=sys.stderr)


def _limit_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds (0 or more)")
    return value


def _measure(args: argparse.Namespace, rescue_to: Path, label: str | None = None):
    from mpsarticle.measure.session import Request, measure

    _warn_before_measuring()
    request = Request(tuple(args.suite or SUITES), args.profile, tuple(args.device) if args.device else None, label,
                      args.cold, args.point_limit, not args.no_progress, args.threads)
    results = measure(request, rescue_to, resume=args.resume, stream=sys.stderr)
    if getattr(args, "sustained", None) is not None:
        from mpsarticle.measure.sustained import run_sustained

        device = args.device[0] if args.device else None
        suite = getattr(args, "sustained_suite", None) or (args.suite or ["matmul"])[0]
        results.sustained = run_sustained(suite, args.sustained, profile=args.profile, device=device).sustained
    return results


def _write(results, out: Path, table: Path | None) -> int:
    """Write the JSON (and CSV); a file that cannot be written goes to a temporary file, named."""
    failed = False
    for path, text in ((out, results.to_json()), (table, results.to_csv() if table else None)):
        if path is None:
            continue
        try:
            save_text(text, path)
        except SavedElsewhere as exc:
            print(f"mpsarticle: error: {exc}", file=sys.stderr)
            failed = True
    if not failed:
        print(f"wrote {out} ({len(results)} points: {_summary(results)})")
    return 1 if failed else 0


def _summary(results) -> str:
    counts = Counter(point.status for point in results)
    failed = sum(point.check == "failed" for point in results)
    text = ", ".join(f"{n} {status}" for status, n in counts.items())
    return text + (f", {failed} failed their correctness check" if failed else "")


def main(argv: Sequence[str] | None = None) -> int:
    parser = _build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "info":
            _print_info(args.json)
        elif args.command == "run" and args.sustained is not None:
            from mpsarticle.measure.sustained import run_sustained

            if len(args.suite or []) != 1 or args.device and len(args.device) > 1:
                parser.error("--sustained runs one workload: give exactly one --suite and at most one --device")
            _warn_before_measuring()
            results = run_sustained(args.suite[0], args.sustained, profile=args.profile,
                                    device=args.device[0] if args.device else None)
            print(f"wrote {results.save(args.out or Path('results.json'))} ({sustained_summary(results.sustained)})")
        elif args.command == "run":
            out = args.out or args.resume or Path("results.json")
            for path in (out, args.csv):
                if path:
                    check_writable(path)
            code = _write(_measure(args, out), out, args.csv)
            if code == 0:
                for line in share_lines(load(out)) + memory_lines(load(out)):
                    print(line)
            return code
        elif args.command == "record":
            from mpsarticle.results.archive import archive_dir, archive_path, record

            folder = args.dir or archive_dir()
            target = archive_path(args.label, folder)
            partial = target.with_name(target.name + ".partial")  # not *.json: never read as an entry
            path = record(args.label, folder, force=args.force,
                          measure=lambda: _measure(args, check_writable(partial), args.label))
            partial.unlink(missing_ok=True)
            print(f"wrote {path}")
            for line in share_lines(load(path)) + memory_lines(load(path)):
                print(line)
        elif args.command == "validate":
            from mpsarticle.results.validate import validate

            problems = validate(args.files)
            for line in problems:
                print(line)
            print(f"{len(args.files)} file(s) checked: " + (f"{len(problems)} problem(s)" if problems else "all valid"))
            return 1 if problems else 0
        elif args.command == "selfcheck":
            return _selfcheck(args)
        elif args.command == "plot":
            from mpsarticle.article.figures import save_all

            results = load(args.file)
            for path in save_all(results, args.out, lang=args.lang):
                print(path)
    except Interrupted as exc:
        if exc.notice is None:  # before the first point: nothing to save
            print(f"mpsarticle: interrupted ({exc.name}) before measuring; nothing saved", file=sys.stderr)
        return exc.exit_status
    except KeyboardInterrupt:
        print("mpsarticle: interrupted (SIGINT) before measuring; nothing saved", file=sys.stderr)
        return 130
    except (ResultsFileError, DeviceUnavailable, FileExistsError, ValueError, OutputError, SavedElsewhere,
            ArchiveNotFound) as exc:
        print(f"mpsarticle: error: {exc}", file=sys.stderr)
        return 2 if isinstance(exc, (DeviceUnavailable, FileExistsError, OutputError, ResumeRefused)) else 1
    return 0
