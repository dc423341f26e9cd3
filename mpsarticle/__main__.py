"""``python -m mpsarticle``: see :mod:`mpsarticle.cli.main`."""

from mpsarticle.cli.main import main

raise SystemExit(main())
