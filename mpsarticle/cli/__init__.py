"""The command line: ``python -m mpsarticle`` and what it prints."""
