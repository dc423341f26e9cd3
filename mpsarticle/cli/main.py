"""The command line: ``python -m mpsarticle info | run | record | share | selfcheck | validate | plot | settings``.

:func:`main` parses the arguments (:mod:`mpsarticle.cli.parser`: an argument
error is one line and exit status 2), runs the command
(:mod:`mpsarticle.cli.commands`) and catches, once, the errors a user can act
on: every :class:`~mpsarticle.errors.MpsarticleError` is one line on stderr
and that error's exit status. An interruption saves what was measured and
says where. Anything else is a bug, ours or a library's, and keeps its
traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from mpsarticle.cli.commands import COMMANDS
from mpsarticle.cli.parser import parse
from mpsarticle.errors import MpsarticleError
from mpsarticle.measure.interrupt import Interrupted

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    try:
        return COMMANDS[args.command](args)
    except Interrupted as exc:
        if exc.notice is None:  # before the first point: nothing to save
            print(f"mpsarticle: interrupted ({exc.name}) before measuring; nothing saved", file=sys.stderr)
        return exc.exit_status
    except KeyboardInterrupt:
        print("mpsarticle: interrupted (SIGINT) before measuring; nothing saved", file=sys.stderr)
        return 130
    except MpsarticleError as exc:
        print(f"mpsarticle: error: {exc}", file=sys.stderr)
        return exc.exit_status
