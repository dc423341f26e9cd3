"""Results written atomically get the permissions any new file gets, not mkstemp's private ones."""

import os
import stat

import pytest

from mpsarticle.results.files import write_atomically


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600)])
def test_written_file_has_the_umask_permissions(tmp_path, umask, mode):
    old = os.umask(umask)
    try:
        path = write_atomically(tmp_path / "machines.csv", "a,b\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == mode
    assert path.read_text() == "a,b\n"
