"""Results written atomically get the permissions any new file gets, not mkstemp's private ones."""

import os
import stat

from mpsarticle.results.files import write_atomically


def test_written_file_has_the_umask_permissions(tmp_path):
    old = os.umask(0o022)
    try:
        path = write_atomically(tmp_path / "machines.csv", "a,b\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    assert path.read_text() == "a,b\n"


def test_a_stricter_umask_is_kept(tmp_path):
    old = os.umask(0o077)
    try:
        path = write_atomically(tmp_path / "results.json", "{}")
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
