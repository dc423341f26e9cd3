"""The command line's commands, one function each: ``info``, ``run``, ``record``, ``share``, ``label``,
``selfcheck``, ``validate``, ``plot`` and ``settings``.

Each takes the parsed arguments and returns the exit status. A problem the
user can act on is raised as an :class:`~mpsarticle.errors.MpsarticleError`
and said in one line by :func:`mpsarticle.cli.main.main`. Only the commands
that look at this machine (``info``, ``run``, ``record``, ``selfcheck``)
import torch; ``plot``, ``label``, ``validate``, ``share`` and ``settings`` read files and do not (``share``
hands one to the GitHub CLI).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from mpsarticle import config
from mpsarticle.cli.report import mac_lines, memory_lines, share_lines, spec_lines, sustained_summary
from mpsarticle.core.conditions import machine_conditions, warning_lines
from mpsarticle.core.profiles import SUITES
from mpsarticle.measure.journal import JOURNAL_SUFFIX
from mpsarticle.measure.session import finished
from mpsarticle.results.files import SavedElsewhere, check_writable, save_text
from mpsarticle.results.lock import holding
from mpsarticle.results.model import load

__all__ = ["COMMANDS"]


def info(args: argparse.Namespace) -> int:
    from mpsarticle.article.reasons import reason_text
    from mpsarticle.article.wording import Words
    from mpsarticle.measure.environment import describe_machine

    machine = describe_machine()
    if args.json:
        print(json.dumps(machine, indent=1))
        return 0
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
    return 0


def run(args: argparse.Namespace) -> int:
    if args.sustained is not None:
        return _sustained(args)
    out = args.out or (_results_of(args.resume) if args.resume else Path("results.json"))
    for path in (out, args.csv):
        if path:
            check_writable(path)
    with holding(out):
        code = _write(_measure(args, out), out, args.csv)
        if code == 0:
            finished(out)
    if code == 0:
        for line in share_lines(load(out)) + memory_lines(load(out)):
            print(line)
    return code


def _sustained(args: argparse.Namespace) -> int:
    from mpsarticle.measure.sustained import run_sustained

    _warn_before_measuring()
    out = args.out or Path("results.json")
    with holding(out):
        results = run_sustained(args.suite[0], args.sustained, profile=args.profile,
                                device=args.device[0] if args.device else None)
        print(f"wrote {results.save(out)} ({sustained_summary(results.sustained)})")
    return 0


def record(args: argparse.Namespace) -> int:
    from mpsarticle.results.archive import archive_dir, archive_path, translated_labels
    from mpsarticle.results.archive import record as record_entry

    folder = args.dir or archive_dir()
    target = archive_path(args.label, folder)
    partial = target.with_name(target.name + ".partial")  # not *.json: never read as an entry
    labels = translated_labels(args.label_in)  # (checked before measuring)
    with holding(target, "record"):
        path = record_entry(args.label, folder, force=args.force, labels=labels,
                            measure=lambda: _measure(args, check_writable(partial), args.label))
        partial.unlink(missing_ok=True)
        finished(partial)
    print(f"wrote {path}")
    for line in share_lines(load(path)) + memory_lines(load(path)):
        print(line)
    return _share(path) if args.share else 0


def share(args: argparse.Namespace) -> int:
    return _share(args.file)


def _share(path: Path) -> int:
    """Validate ``path``, then open a pull request with it or say how to upload it (mpsarticle.cli.share)."""
    from mpsarticle.cli.share import share as share_file
    from mpsarticle.results.validate import validate as validate_files

    problems = validate_files([path])
    for line in problems:
        print(line)
    if problems:
        print(f"{path}: not shared, {len(problems)} problem(s) (the file is kept)")
        return 1
    for line in share_file(path, load(path).label or path.stem):
        print(line)
    return 0


def label(args: argparse.Namespace) -> int:
    from mpsarticle.results.archive import relabel

    print(f"wrote {relabel(args.file, args.lang, args.text)}")
    return 0


def validate(args: argparse.Namespace) -> int:
    from mpsarticle.results.validate import validate as validate_files
    from mpsarticle.results.validate import warnings

    problems = validate_files(args.files)
    for line in problems:
        print(line)
    for line in warnings(args.files):
        print(line)
    print(f"{len(args.files)} file(s) checked: " + (f"{len(problems)} problem(s)" if problems else "all valid"))
    return 1 if problems else 0


def plot(args: argparse.Namespace) -> int:
    from mpsarticle.article.figures import save_all

    results = load(args.file)
    for path in save_all(results, args.out, lang=args.lang):
        print(path)
    return 0


def settings(args: argparse.Namespace) -> int:
    """Every setting: its variable, its value here (or default) and its help text."""
    for name, setting in config.SETTINGS.items():
        here = config.value(name)
        shown = here if here is not None else "(not set)"
        backed = f"; else [tool.mpsarticle] {setting.key}" if setting.key else ""
        print(f"{setting.variable}={shown}\n    {setting.help}{backed}")
    return 0


def selfcheck(args: argparse.Namespace) -> int:
    from mpsarticle.cli.selfcheck_table import table
    from mpsarticle.measure.loop import resolve_devices
    from mpsarticle.measure.selfcheck import run_selfcheck
    from mpsarticle.results.selfcheck import save_rows

    devices = resolve_devices(args.device)
    rows = run_selfcheck(devices, processes=args.processes, budget_s=args.budget, tolerance=args.tolerance,
                         progress=not args.no_progress)
    print(table(rows))
    if args.json:
        save_rows(rows, args.json)
    # A row too wide to check shows no disagreement: the table says so, and only a row outside fails.
    return 1 if any(row.outside for row in rows) else 0


def _warn_before_measuring() -> None:
    """One line per risky condition (battery, Low Power Mode, swap...), while they can still be fixed.

    The MPS fallback is left to the measuring session, which warns about it
    for every way of measuring (the site build's included).
    """
    found = machine_conditions()
    found = {**found, "warnings": [code for code in found.get("warnings") or () if code != "mps_fallback"]}
    for line in warning_lines(found):
        print(line, file=sys.stderr)


def _results_of(resume: Path) -> Path:
    """The results file a resumed run writes: the file itself, or the one a journal is beside."""
    name = resume.name
    return resume.with_name(name[: -len(JOURNAL_SUFFIX)]) if name.endswith(JOURNAL_SUFFIX) else resume


def _measure(args: argparse.Namespace, rescue_to: Path, label: str | None = None):
    from mpsarticle.measure.session import Request, run_request

    _warn_before_measuring()
    request = Request(tuple(args.suite or SUITES), args.profile, tuple(args.device) if args.device else None, label,
                      args.cold, args.point_limit, not args.no_progress, args.threads, args.processes)
    results = run_request(request, rescue_to, resume=args.resume, stream=sys.stderr, keep_journal=True)
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


#: Each command's function, by its name on the command line.
COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "info": info, "run": run, "record": record, "share": share, "selfcheck": selfcheck, "label": label,
    "validate": validate, "plot": plot, "settings": settings,
}
