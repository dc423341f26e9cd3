"""``python -m mpsarticle``: see :mod:`mpsarticle.cli`."""

from .cli import main

raise SystemExit(main())
