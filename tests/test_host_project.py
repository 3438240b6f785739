"""Extending the warehouse without a fork (issue 55, docs/extending.md): examples/host_project installs it as a
dbt package (packages.yml `local: ../..`), declares the custom run facet acme_costCenter (var
lineage_custom_facets) and overrides the dispatched rule event_job_type for its own producer. Built here on DuckDB in
a temporary folder on tests/fixtures/host_project; every expected value is worked out in Python from the fixture
events and the example's own declaration, not written down."""
from __future__ import annotations

import json
import shutil
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import duckdb
import pytest
import yaml

from tests.lw.dbt_runner import PROJECT_DIR
from tests.test_package import host_dbt

EXAMPLE = PROJECT_DIR / "examples" / "host_project"
FIXTURE = PROJECT_DIR / "tests" / "fixtures" / "host_project" / "acme_events.jsonl"
ACME_PRODUCER_PREFIX = "https://acme.example/pipelines/"


def fixture_events() -> list[dict[str, Any]]:
    return [json.loads(line) for line in FIXTURE.read_text().splitlines() if line.strip()]


def declaration() -> dict[str, Any]:
    project = yaml.safe_load((EXAMPLE / "dbt_project.yml").read_text())
    [declared] = project["vars"]["lineage_warehouse"]["lineage_custom_facets"]
    return declared


def event_time(event: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(event["eventTime"].replace("Z", "+00:00")).astimezone(timezone.utc).replace(tzinfo=None)


def of_type(value: Any, declared: str) -> bool:
    """The declared types as docs/extending.md defines them."""
    if declared == "string":
        return isinstance(value, str)
    if declared == "boolean":
        return isinstance(value, bool)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return (isinstance(value, int) and abs(value) < 10**18) if declared == "bigint" else abs(value) < 1e300


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("host_project")
    host = root / "acme_lineage"
    shutil.copytree(EXAMPLE, host, ignore=shutil.ignore_patterns("dbt_packages", "target", "logs", "*.duckdb"))
    # the example installs the warehouse from two folders up; the copy points at the same project
    assert yaml.safe_load((EXAMPLE / "packages.yml").read_text()) == {"packages": [{"local": "../.."}]}
    assert (EXAMPLE / "../..").resolve() == PROJECT_DIR.resolve()
    (host / "packages.yml").write_text(f"packages:\n  - local: {PROJECT_DIR}\n")
    (host / "events").mkdir()
    shutil.copy(FIXTURE, host / "events" / FIXTURE.name)
    host_dbt(host, "deps")
    host_dbt(host, "build", "--exclude", "tag:heavy_test", "tag:macro_test", "--exclude-resource-type", "unit_test")
    return host


def rows(host: Path, sql: str) -> list[tuple[Any, ...]]:
    con = duckdb.connect(str(host / "acme_lineage.duckdb"), read_only=True)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def test_issue55_declared_custom_facet_fields_are_typed_columns_latest_valid_value_wins(host: Path) -> None:
    declared = declaration()
    expected: dict[tuple[str, str], dict[str, Any]] = {}
    for event in sorted(fixture_events(), key=event_time):  # D1: later eventTime wins (no two share one here)
        facet = event["run"]["facets"].get(declared["facet"])
        for field, field_type in declared["fields"].items():
            if facet is None or facet.get(field) is None:
                continue
            row = expected.setdefault((event["run"]["runId"], field), {"type": field_type, "value": None})
            if of_type(facet[field], field_type):
                row["value"] = float(facet[field]) if field_type == "double" else facet[field]
            row["last_seen_at"] = event_time(event)
    found = {(run_id, field): {"type": field_type, "value": {"string": s, "bigint": b, "double": d, "boolean": o}[field_type],
                               "last_seen_at": seen}
             for run_id, field, field_type, s, b, d, o, seen in rows(host, """
                 select entity_id, field_name, field_type, string_value, bigint_value, double_value, boolean_value,
                        last_seen_at
                 from marts.custom_facet_fields
                 where entity_kind = 'RUN' and facet_container = 'run' and facet_name = 'acme_costCenter'""")}
    assert found == expected
    # a malformed value does not clear an earlier valid one, and one never valid stays NULL
    assert any(r["value"] is None for r in expected.values()) and len(expected) > len(declared["fields"])
    # only the declared type's column is set
    assert rows(host, """select count(*) from marts.custom_facet_fields
                         where (string_value is not null)::int + (bigint_value is not null)::int
                             + (double_value is not null)::int + (boolean_value is not null)::int > 1""") == [(0,)]
    # the host's own model reads them side by side
    budgets = dict(rows(host, "select run_id, budget from acme_run_budgets"))
    assert budgets == {run_id: row["value"] for (run_id, field), row in expected.items() if field == "budget"} | {
        run_id: None for (run_id, _) in expected if (run_id, "budget") not in expected}


def test_issue55_d5_a_custom_facet_field_of_the_wrong_type_is_noted_alone(host: Path) -> None:
    declared = declaration()
    expected = sorted(
        (event["run"]["runId"], event_time(event), f"run.facets.{declared['facet']}.{field}", f"not_a_{field_type}")
        for event in fixture_events()
        for field, field_type in declared["fields"].items()
        if (value := event["run"]["facets"].get(declared["facet"], {}).get(field)) is not None
        and not of_type(value, field_type))
    noted = sorted(rows(host, """
        select events.run_id, events.event_time, issues.facet, issues.reason
        from staging.facet_issues as issues
        inner join staging.stg_events as events on issues.event_hash = events.event_hash
        where issues.facet like 'run.facets.acme_costCenter%'"""))
    assert noted == expected and len(expected) >= 2
    # the facet itself is kept: its other fields are read, and marts.facets holds it
    kept = dict(rows(host, """select entity_id, event_count from marts.facets
                              where entity_kind = 'RUN' and facet_name = 'acme_costCenter'"""))
    carried: dict[str, int] = {}
    for event in fixture_events():
        if declared["facet"] in event["run"]["facets"]:
            carried[event["run"]["runId"]] = carried.get(event["run"]["runId"], 0) + 1
    assert kept == carried


def test_issue55_dispatch_override_gives_the_custom_producer_its_job_type(host: Path) -> None:
    """The example's default__event_job_type: jobs of ACME's producer are ACME_PIPELINE; other events keep the
    package's rule (upper(integration || '_' || jobType) of the jobType facet, §3.1)."""
    expected = {}
    for event in fixture_events():
        job_type = (event["job"]["facets"].get("jobType") or {})
        if event["producer"].startswith(ACME_PRODUCER_PREFIX):
            expected[event["job"]["name"]] = "ACME_PIPELINE"
        else:
            expected[event["job"]["name"]] = f"{job_type['integration']}_{job_type['jobType']}".upper()
    assert dict(rows(host, "select name, type from marts.jobs")) == expected
    assert "ACME_PIPELINE" in expected.values() and len(set(expected.values())) == 2
