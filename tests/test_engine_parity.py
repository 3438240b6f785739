"""Engine parity (issue: foundation): the same events give identical relations on DuckDB and Spark."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.lw.dbt_runner import PROJECT_DIR

pytestmark = pytest.mark.spark

EVENTS_DIR = PROJECT_DIR / "tests" / "fixtures" / "events"
HOSTILE_DIR = PROJECT_DIR / "tests" / "fixtures" / "hostile"


def run_compare(events: str, schema: str = "marts") -> list[str]:
    proc = subprocess.run([sys.executable, "scripts/compare_engines.py", "--events", events, "--schema", schema],
                          cwd=PROJECT_DIR, text=True, capture_output=True)
    lines = proc.stdout.strip().splitlines()
    assert proc.returncode == 0, proc.stdout[-5000:] + proc.stderr[-3000:]
    return lines


def test_shared_corpora_marts_identical_on_both_engines() -> None:
    assert EVENTS_DIR.is_dir(), f"fixture folder {EVENTS_DIR} is missing"  # fail, never skip
    lines = run_compare("tests/fixtures/events/**/*.json*")
    match = re.fullmatch(r"engine parity: (\d+)/(\d+) marts identical", lines[-1])
    assert match and match.group(1) == match.group(2) and int(match.group(2)) >= 1, "\n".join(lines[-40:])


def test_hostile_set_staging_identical_on_both_engines() -> None:
    """Quarantine reasons, placed events and facet issues agree, not only the counts."""
    assert HOSTILE_DIR.is_dir(), f"fixture folder {HOSTILE_DIR} is missing"
    lines = run_compare("tests/fixtures/hostile/h*", schema="staging")
    match = re.fullmatch(r"engine parity: (\d+)/(\d+) staging relations identical", lines[-1])
    assert match and match.group(1) == match.group(2), "\n".join(lines[-40:])
    assert "quarantined_events: identical" in "\n".join(lines)
