"""The command line's arguments: one parser, its subcommands, and the converters that check values.

Every argument error is one line on stderr and exit status 2 (argparse's
usage block is left out: the line says what is wrong and points to --help).
Building the parser imports no torch: the defaults it shows come from the
torch-free core.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from mpsarticle.core.profiles import PROFILES, SELFCHECK_BUDGET_S, SELFCHECK_PROCESSES, SELFCHECK_TOLERANCE, SUITES
from mpsarticle.languages import LANGUAGES

__all__ = ["build_parser", "parse"]


class _Parser(argparse.ArgumentParser):
    """argparse, but an error is one line (no usage block) and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The arguments, with the checks that span several of them (one line and exit status 2 when they fail)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "run" and args.sustained is not None and (
            len(args.suite or []) != 1 or args.device and len(args.device) > 1):
        parser.error("--sustained runs one workload: give exactly one --suite and at most one --device")
    return args


def build_parser() -> _Parser:
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
        sub.add_argument("--processes", type=_positive_int, metavar="N",
                         help="fresh processes to measure each point in (default: the profile's, "
                              + ", ".join(f"{p.name} {p.processes}" for p in PROFILES.values())
                              + "; 1: measure in this process)")
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
    record.add_argument("--dir", type=Path, help="archive folder (default: the project's, see "
                                                 "mpsarticle.results.archive)")
    record.add_argument("--force", action="store_true", help="overwrite an archive file of the same label")
    record.add_argument("--label-in", action="append", default=[], metavar="LANG=TEXT",
                        help="the label in another language, repeatable, e.g. --label-in id='M1 Pro 16 GB, kantor' "
                             "(the pages of that language show it)")

    record.add_argument("--share", action="store_true",
                        help="then validate the file and open a pull request with it (with the GitHub CLI, gh, "
                             "logged in), else print the link to upload it (see the share command)")

    share = commands.add_parser("share", help="validate an archive file and open a pull request with it, or print "
                                              "the link that uploads it")
    share.add_argument("file", type=Path, help="a results JSON file written by record")

    label = commands.add_parser("label", help="give an archive file its label in another language")
    label.add_argument("file", type=Path, help="a results JSON file with a label")
    label.add_argument("lang", help="two-letter language code, e.g. id")
    label.add_argument("text", help="the label in that language")

    selfcheck = commands.add_parser("selfcheck", help="time fixed points with the synchronised timer and with "
                                                      "independent references; exit 1 when a row is outside (a "
                                                      "row too wide to check is printed as such and exits 0)")
    selfcheck.add_argument("--device", action="append", metavar="DEVICE",
                       help="device to check, repeatable (default: every usable one)")
    selfcheck.add_argument("--tolerance", type=_fraction, default=SELFCHECK_TOLERANCE,
                           help="a row is outside when the synchronised timer's and the reference's 95%% intervals "
                                f"lie more than this fraction apart (default: {SELFCHECK_TOLERANCE:g})")
    selfcheck.add_argument("--budget", type=_positive, default=SELFCHECK_BUDGET_S,
                           help="seconds of timed blocks per method and round, shared among the processes "
                                f"(default: {SELFCHECK_BUDGET_S:g})")
    selfcheck.add_argument("--processes", type=_positive_int, default=SELFCHECK_PROCESSES, metavar="N",
                           help=f"fresh processes to measure the points in (default: {SELFCHECK_PROCESSES}; "
                                "1: in this process)")
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
    plot.add_argument("--lang", choices=LANGUAGES, default="en", help="language of labels (default: en)")
    plot.add_argument("--out", type=Path, default=Path("figures"), help="folder for the PNG files (default: figures)")

    commands.add_parser("settings", help="every MPSARTICLE_* environment variable: its value here and what it does")
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


def _limit_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds (0 or more)")
    return value
