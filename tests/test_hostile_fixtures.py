"""The committed hostile set is exactly what scripts/make_hostile_events.py writes (no drift), and its
EXPECTED.json covers every record of every file."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.lw.dbt_runner import PROJECT_DIR
from tests.lw.records import records

HOSTILE = PROJECT_DIR / "tests" / "fixtures" / "hostile"


def test_hostile_set_is_regenerated_byte_for_byte(tmp_path: Path) -> None:
    subprocess.run([sys.executable, "scripts/make_hostile_events.py", "--out", str(tmp_path)],
                   cwd=PROJECT_DIR, check=True)
    committed = sorted(p.name for p in HOSTILE.iterdir())
    assert sorted(p.name for p in tmp_path.iterdir()) == committed
    for name in committed:
        assert (tmp_path / name).read_bytes() == (HOSTILE / name).read_bytes(), name


def test_expected_covers_every_record() -> None:
    expected = json.loads((HOSTILE / "EXPECTED.json").read_text())
    files = sorted(p.name for p in HOSTILE.iterdir() if p.name != "EXPECTED.json")
    assert sorted(expected) == files
    for name in files:
        keys = [(r.line_number, r.element_index) for r in records(HOSTILE / name)]
        assert keys == [(o["line"], o.get("element")) for o in expected[name]], name


def test_hostile_set_covers_every_quarantine_reason() -> None:
    expected = json.loads((HOSTILE / "EXPECTED.json").read_text())
    reasons = {o["reason"] for outcomes in expected.values() for o in outcomes if o["expect"] == "quarantined"}
    assert reasons == {"not_json", "lone_surrogate", "not_an_object", "missing_event_time", "invalid_event_time",
                       "missing_run_id", "invalid_run_id", "missing_job_namespace", "missing_job_name",
                       "invalid_job_namespace", "invalid_job_name", "missing_dataset_namespace",
                       "missing_dataset_name", "invalid_dataset_namespace", "invalid_dataset_name"}
