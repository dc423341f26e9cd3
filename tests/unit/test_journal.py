"""The wire format and the journal: a point reads back as it was written, its reason included."""

from __future__ import annotations

import json

from mpsarticle.core.reasons import Reason
from mpsarticle.measure import wire
from mpsarticle.measure.journal import Journal, journal_path, load_journal
from mpsarticle.measure.pool import crash_reason
from mpsarticle.results.model import Point, ResultSet

from ..machines import results_of


def _unmeasured() -> list[Point]:
    """Points a worker or the parent records with a reason: a crash, and a precision the device refuses."""
    return [Point(device="cpu", workload="copy", params={"n": 1 << 22}, method="engine", suite="copy",
                  status="crashed", reason=crash_reason(-11)),
            Point(device="mps", workload="matmul", params={"m": 512, "dtype": "bfloat16"}, method="engine",
                  suite="matmul", status="unsupported", reason=Reason.of("mps_bfloat16", macos=13))]


def test_a_point_with_a_reason_reads_back_from_a_workers_line():
    for index, point in enumerate(_unmeasured()):
        message = json.loads(wire.measured(index, point))
        assert message["index"] == index
        assert wire.point_from(message["point"]) == point


def test_a_journal_of_points_with_reasons_loads_them_back(tmp_path):
    environment = results_of("ci-2core-workers").environment
    journal = Journal(journal_path(tmp_path / "r.json"), ResultSet(environment=environment, profile="quick"))
    for point in _unmeasured():
        journal.add(point, 0)
    journal.close()
    assert journal.path.name == "r.json.journal"
    assert load_journal(journal.path).points == _unmeasured()
