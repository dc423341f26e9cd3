"""The toolchain block of a results file: the versions that shaped the pages, beside torch's."""

from __future__ import annotations

import json
from importlib import metadata

import pytest

from mpsarticle.measure import toolchain
from mpsarticle.measure.environment import environment
from mpsarticle.results.model import ResultSet, ResultsFileError, load


def test_environment_records_each_toolchain_version_from_the_installed_metadata():
    block = environment()["toolchain"]
    assert list(block) == list(toolchain.TOOLCHAIN)
    for name, version in block.items():
        try:
            assert version == metadata.version(name)
        except metadata.PackageNotFoundError:
            assert version is None, name
    # The build's own tools are installed wherever a results file is written by `make html`.
    assert block["sphinx"] and block["myst-nb"] and block["sphinx-book-theme"] and block["matplotlib"]


def test_a_missing_distribution_is_recorded_as_null(monkeypatch):
    real = metadata.version

    def version(name: str) -> str:
        if name == "myst-nb":
            raise metadata.PackageNotFoundError(name)
        return real(name)

    monkeypatch.setattr(toolchain.metadata, "version", version)
    block = toolchain.toolchain_versions()
    assert block["myst-nb"] is None
    assert block["sphinx"] == real("sphinx")


def test_a_results_file_with_the_toolchain_block_loads_and_a_bad_one_is_refused(tmp_path):
    results = ResultSet(environment=environment(), points=[], profile="quick")
    results.environment["toolchain"]["scipy"] = None
    path = tmp_path / "r.json"
    results.save(path)
    assert load(path).environment["toolchain"] == results.environment["toolchain"]

    data = json.loads(path.read_text())
    data["environment"]["toolchain"]["sphinx"] = {"nested": "object"}
    path.write_text(json.dumps(data))
    with pytest.raises(ResultsFileError, match=r"r\.json: field environment\.toolchain\.sphinx"):
        load(path)
