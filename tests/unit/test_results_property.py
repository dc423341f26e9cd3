"""Results files, property-tested: every mutation of a valid file loads or is refused naming file and field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mpsarticle.results import safejson
from mpsarticle.results.model import ResultsFileError, load

from .test_results import sample

#: Placeholders replaced in the JSON text: values json.dumps cannot write itself.
HUGE_INT = "\u0000huge-int\u0000"
DEEP = "\u0000deep:{}\u0000"


def _valid() -> dict[str, Any]:
    return json.loads(sample().to_json())


VALID = _valid()


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


PATHS = [path for path in _paths(VALID) if path]

wrong_types = st.one_of(
    st.none(), st.booleans(), st.integers(-10, 10**6), st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20), st.lists(st.integers(0, 3), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)
non_finite = st.sampled_from([float("nan"), float("inf"), float("-inf")])
huge = st.sampled_from([10**19, 10**30, -(10**30), 1e308, -1e308, 1e300, HUGE_INT])
deep = st.integers(2, 3000).map(DEEP.format)
mutation = st.one_of(
    st.tuples(st.just("set"), wrong_types), st.tuples(st.just("set"), non_finite), st.tuples(st.just("set"), huge),
    st.tuples(st.just("set"), deep), st.tuples(st.just("delete"), st.none()),
)


def _mutated_text(path: tuple, kind: str, value: Any) -> str:
    data = json.loads(json.dumps(VALID))
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    if kind == "delete":
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    text = json.dumps(data)  # NaN and Infinity written as JSON's common extension
    text = text.replace(json.dumps(HUGE_INT), "9" * 5000)
    if isinstance(value, str) and value.startswith("\u0000deep:"):
        depth = int(value.split(":")[1].rstrip("\u0000"))
        text = text.replace(json.dumps(value), "[" * depth + "]" * depth)
    return text


@pytest.fixture(scope="module")
def where(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("mutated") / "mutated.json"


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(PATHS), change=mutation)
@example(path=("points", 0, "median_s"), change=("set", float("nan")))
@example(path=("points", 0, "samples"), change=("set", DEEP.format(3000)))
@example(path=("points", 0, "repeats"), change=("set", HUGE_INT))
@example(path=("environment", "devices"), change=("set", DEEP.format(40)))
def test_a_mutated_file_loads_or_is_refused_naming_file_and_field(where, path, change):
    where.write_text(_mutated_text(path, *change), encoding="utf-8")
    try:
        results = load(where)
    except ResultsFileError as exc:
        message = str(exc)
        assert message.startswith(f"{where}: field "), message
        assert "\n" not in message and len(message) < 1000
        return
    # What loads is usable: it can be written again (every number finite, every field of the schema's type).
    assert isinstance(json.loads(results.to_json())["points"], list)  # a file with no points loads too


@pytest.mark.parametrize("path, value, words", [
    (("points", 0, "median_s"), float("nan"), "field points[0].median_s: NaN is not allowed"),
    (("points", 0, "samples", 1), float("inf"), "field points[0].samples[1]: an infinite number"),
    (("points", 0, "flops"), 1e400, "field points[0].flops: an infinite number (or one too large for a float)"),
    (("points", 0, "repeats"), HUGE_INT, "field points[0].repeats: an infinite number"),
    (("points", 0, "samples"), DEEP.format(5000), "field points[0].samples" + "[0]" * 29 + ": nested more than 32"),
    (("environment", "extra"), DEEP.format(100), "field environment.extra" + "[0]" * 30 + ": nested more than 32"),
])
def test_each_kind_of_damage_names_its_field(where, path, value, words):
    where.write_text(_mutated_text(path, "set", value))
    with pytest.raises(ResultsFileError) as info:
        load(where)
    assert str(info.value).startswith(f"{where}: {words}"), str(info.value)


def test_a_1_gb_file_is_refused_by_its_size_before_parsing(tmp_path, monkeypatch):
    big = tmp_path / "big.json"
    with open(big, "wb") as handle:
        handle.truncate(1 << 30)  # sparse: a gigabyte that takes no disk

    def never(*args, **kwargs):
        raise AssertionError("read a file that its size alone refuses")

    monkeypatch.setattr(Path, "read_text", never)
    with pytest.raises(ResultsFileError) as info:
        load(big)
    assert str(info.value) == (f"{big}: 1,073,741,824 bytes, more than the {safejson.MAX_FILE_BYTES:,} a results file "
                               "may have")
