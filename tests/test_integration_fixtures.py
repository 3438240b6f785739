"""Integration fixtures (tests/fixtures/integrations), built by scripts/build_integration_fixtures.py from the
OpenLineage integration-test fragments plus a synthetic Airflow set.

Checks that the committed files are exactly what the script writes (no hand edits, no drift), that every event is a
complete run event in the sense of D5 (deviations.md) with no matcher placeholder left, that the envelope the script
fills follows its own rules (UUIDv7 run ids from the first event time, START < RUNNING < COMPLETE, the parent and
session facets each integration needs), and that the whole set lands on DuckDB with nothing quarantined.
"""
from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
import uuid
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from tests.lw.dbt_runner import DATA_INDEPENDENT_TESTS, PROJECT_DIR, Warehouse

FIXTURES = PROJECT_DIR / "tests" / "fixtures" / "integrations"
FRAGMENTS = PROJECT_DIR / "tests" / "fixtures" / "events" / "partial-fragments"
SCRIPT = PROJECT_DIR / "scripts" / "build_integration_fixtures.py"
PLACEHOLDER_MARKS = ("${", "{{ any", "json-unit")
RANK = {"START": 0, "RUNNING": 1, "COMPLETE": 2, "FAIL": 2, "ABORT": 2}


def fixture_files() -> list[Path]:
    return sorted(FIXTURES.rglob("*.jsonl"))


def fixture_lines() -> list[tuple[str, int, str]]:
    """(file relative to FIXTURES, 1-based line number, line text) of every non-blank line."""
    result = []
    for path in fixture_files():
        for number, text in enumerate(path.read_text(encoding="utf-8").split("\n"), start=1):
            if text.strip():
                result.append((path.relative_to(FIXTURES).as_posix(), number, text))
    return result


def events_by_file() -> dict[str, list[dict[str, Any]]]:
    result: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for name, _, text in fixture_lines():
        result[name].append(json.loads(text))
    return result


def event_time(event: dict[str, Any]) -> dt.datetime:
    parsed = dt.datetime.fromisoformat(event["eventTime"])
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=dt.timezone.utc)


def uuid7_ms(value: str) -> int:
    return int(uuid.UUID(value).hex[:12], 16)


def epoch_ms(ts: dt.datetime) -> int:
    return (ts - dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)) // dt.timedelta(milliseconds=1)


def manifest() -> dict[str, Any]:
    return json.loads((FIXTURES / "MANIFEST.json").read_text(encoding="utf-8"))


# --------------------------------------------------------------------------------------------------------------
# the generator
# --------------------------------------------------------------------------------------------------------------

def test_fixtures_are_exactly_what_the_generator_writes(tmp_path: Path) -> None:
    """No drift: regenerating from the project's copy of the fragments gives the committed bytes, file for file."""
    out = tmp_path / "integrations"
    proc = subprocess.run([sys.executable, str(SCRIPT), "--out", str(out)], cwd=tmp_path, text=True,
                          capture_output=True)
    assert proc.returncode == 0, proc.stderr
    committed = {p.relative_to(FIXTURES).as_posix(): p.read_bytes() for p in FIXTURES.rglob("*") if p.is_file()}
    regenerated = {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert sorted(regenerated) == sorted(committed)
    drifted = [name for name in committed if committed[name] != regenerated[name]]
    assert drifted == []


def test_generator_help_names_its_options() -> None:
    proc = subprocess.run([sys.executable, str(SCRIPT), "--help"], text=True, capture_output=True)
    assert proc.returncode == 0
    assert "--src" in proc.stdout and "--out" in proc.stdout


def test_manifest_lists_every_file_its_sources_and_fills() -> None:
    files = manifest()["files"]
    by_file = events_by_file()
    assert sorted(files) == sorted(by_file)
    fragment_files = {p.relative_to(FRAGMENTS).as_posix() for p in FRAGMENTS.rglob("*.json")}
    used: set[str] = set()
    for name, entry in files.items():
        assert entry["events"] == len(by_file[name]), name
        assert entry["synthetic"] == name.startswith("airflow/"), name
        if entry["synthetic"]:
            assert entry["sources"] == [] and entry["notes"].startswith("synthetic"), name
        else:
            assert entry["sources"] and set(entry["sources"]) <= fragment_files, name
            assert entry["filled"], name  # every fragment lacks some part of the envelope
        used |= set(entry["sources"])
    assert used == fragment_files, "every fragment is used exactly in some output file"


def test_every_integration_and_airflow_version_is_covered() -> None:
    integrations: dict[str, set[str]] = defaultdict(set)
    engines = set()
    for name, events in events_by_file().items():
        for event in events:
            integrations[name.split("/")[0]].add(event["job"]["facets"]["jobType"]["integration"])
            engine = event["run"]["facets"].get("processing_engine")
            if name.startswith("airflow/") and engine:
                engines.add((engine["name"], engine["version"].rsplit(".", 1)[0]))
    assert dict(integrations) == {"spark": {"SPARK"}, "hive": {"HIVE"}, "flink": {"FLINK"}, "dbt": {"DBT"},
                                  "airflow": {"AIRFLOW"}}
    assert engines == {("Airflow", "2.8"), ("Airflow", "2.10"), ("Airflow", "3.0")}


# --------------------------------------------------------------------------------------------------------------
# the events
# --------------------------------------------------------------------------------------------------------------

def test_d5_every_event_has_a_complete_envelope_and_no_placeholder() -> None:
    """D5: eventTime is an ISO-8601 timestamp, run.runId a UUID, job.namespace and job.name non-empty."""
    lines = fixture_lines()
    assert len(lines) > 500
    for name, number, text in lines:
        where = f"{name}:{number}"
        assert not any(mark in text for mark in PLACEHOLDER_MARKS), where
        event = json.loads(text)
        assert isinstance(event, dict), where
        event_time(event)  # raises if not ISO-8601
        uuid.UUID(event["run"]["runId"])
        assert isinstance(event["job"]["namespace"], str) and event["job"]["namespace"], where
        assert isinstance(event["job"]["name"], str) and event["job"]["name"], where
        assert event["eventType"] in RANK, where
        assert event["producer"].startswith("https://") and event["schemaURL"].startswith("https://"), where


def test_run_ids_are_uuid7_of_the_runs_first_event_time() -> None:
    """Filled run ids: version 7, RFC 4122 variant, 48-bit ms timestamp = the run's first eventTime in the file."""
    for name, events in events_by_file().items():
        first: dict[str, dt.datetime] = {}
        for event in events:
            run_id = event["run"]["runId"]
            first[run_id] = min(first.get(run_id, event_time(event)), event_time(event))
        for run_id, ts in first.items():
            parsed = uuid.UUID(run_id)
            assert parsed.version == 7 and parsed.variant == uuid.RFC_4122, (name, run_id)
            assert run_id == run_id.lower()
            assert uuid7_ms(run_id) == epoch_ms(ts), (name, run_id)


def test_event_times_follow_start_running_complete_within_a_run() -> None:
    """Lines are in time order; within one run START <= RUNNING <= COMPLETE/FAIL (strictly where times were
    filled); filled times are 2025 dates."""
    files = manifest()["files"]
    for name, events in events_by_file().items():
        times = [event_time(e) for e in events]
        assert times == sorted(times), name
        runs: dict[str, list[tuple[int, dt.datetime]]] = defaultdict(list)
        for event in events:
            runs[event["run"]["runId"]].append((RANK[event["eventType"]], event_time(event)))
        filled = files[name]["filled"].get("eventTime", 0) > 0
        for run_id, seen in runs.items():
            for rank_a, time_a in seen:
                for rank_b, time_b in seen:
                    if rank_a < rank_b:
                        assert time_a < time_b if filled else time_a <= time_b, (name, run_id)
        if filled:
            assert all(t.year == 2025 for t in times), name


def test_spark_sql_jobs_point_at_an_application_run_with_its_details() -> None:
    """§3.2/§5.1: a Spark non-APPLICATION event needs a parent facet; the APPLICATION run carries
    spark_applicationDetails (§9 required keys) and brackets its jobs in time."""
    required = {"master", "appName", "applicationId", "deployMode", "driverHost", "userName"}
    for name, events in events_by_file().items():
        if not name.startswith("spark/"):
            continue
        apps = [e for e in events if e["job"]["facets"]["jobType"]["jobType"] == "APPLICATION"]
        jobs = [e for e in events if e["job"]["facets"]["jobType"]["jobType"] != "APPLICATION"]
        assert {e["eventType"] for e in apps} == {"START", "COMPLETE"}, name
        app_run_ids = {e["run"]["runId"] for e in apps}
        assert len(app_run_ids) == 1, name
        for app in apps:
            details = app["run"]["facets"]["spark_applicationDetails"]
            assert required <= set(details) and details["deployMode"] in ("client", "cluster"), name
            assert details["uiWebUrl"].startswith("http") and details["historyUrl"].startswith("http"), name
        start = min(event_time(e) for e in apps)
        end = max(event_time(e) for e in apps)
        assert jobs, name
        for job in jobs:
            parent = job["run"]["facets"]["parent"]
            assert parent["run"]["runId"] in app_run_ids, name
            assert (parent["job"]["namespace"], parent["job"]["name"]) == (
                apps[0]["job"]["namespace"], apps[0]["job"]["name"]), name
            assert start < event_time(job) < end, name


def test_hive_events_carry_session_and_query_facets() -> None:
    """§5.1/§6.1: hive_session (sessionId, username, clientIp, creationTime) and hive_query (queryId,
    operationName) on every Hive event; the session is created before the query starts."""
    for name, events in events_by_file().items():
        if not name.startswith("hive/"):
            continue
        sessions = set()
        for event in events:
            session = event["run"]["facets"]["hive_session"]
            query = event["run"]["facets"]["hive_query"]
            assert all(session.get(k) for k in ("sessionId", "username", "clientIp", "creationTime")), name
            assert query.get("queryId", "").startswith("hive_") and query.get("operationName"), name
            assert dt.datetime.fromisoformat(session["creationTime"]) < event_time(event), name
            sessions.add(json.dumps(session, sort_keys=True))
        assert len(sessions) == 1, name


def test_dbt_and_airflow_parents_are_runs_of_the_same_file() -> None:
    """dbt node events and Airflow task events name their parent run (and dbt/Airflow 3 root run) by an id
    that is a run of the same invocation / DAG run, with the parent job's name."""
    for name, events in events_by_file().items():
        if not name.startswith(("dbt/", "airflow/")):
            continue
        jobs_of_run = {e["run"]["runId"]: e["job"]["name"] for e in events}
        for event in events:
            job_type = event["job"]["facets"]["jobType"]["jobType"]
            parent = event["run"]["facets"].get("parent")
            if job_type in ("JOB", "DAG"):
                assert parent is None, name
                continue
            assert parent is not None, (name, event["job"]["name"])
            for link in (parent, parent.get("root")):
                if link:
                    assert jobs_of_run[link["run"]["runId"]] == link["job"]["name"], name


def test_airflow_task_events_have_the_provider_shape() -> None:
    """§3.3/§5.3/§6.2: task START events carry the airflow facet (dag, dagRun, task, taskInstance with
    try_number and map_index), DAG events airflowDagRun; processing_engine names Airflow."""
    for name, events in events_by_file().items():
        if not name.startswith("airflow/"):
            continue
        for event in events:
            facets = event["run"]["facets"]
            job_type = event["job"]["facets"]["jobType"]["jobType"]
            if job_type == "DAG" and event["eventType"] == "START":
                dag_run = facets["airflowDagRun"]
                assert {"dag", "dagRun"} <= set(dag_run), name
                assert {"data_interval_start", "data_interval_end", "run_id", "run_type"} <= set(dag_run["dagRun"])
            if job_type == "TASK" and event["eventType"] == "START":
                airflow = facets["airflow"]
                assert {"dag", "dagRun", "task", "taskInstance"} <= set(airflow), name
                assert isinstance(airflow["taskInstance"]["try_number"], int), name
                assert isinstance(airflow["taskInstance"]["map_index"], int), name
                assert event["job"]["name"] == f"{airflow['dag']['dag_id']}.{airflow['task']['task_id']}", name
                assert facets["processing_engine"]["name"] == "Airflow", name


# --------------------------------------------------------------------------------------------------------------
# landing on DuckDB
# --------------------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def landed(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    wh = Warehouse(tmp_path_factory.mktemp("integration_fixtures"))
    # only the landing models (and the data tests whose parents are all built): other layers are not this test's
    wh.dbt(["build", "--select", "+landing_audit +stg_events +quarantined_events", "--indirect-selection",
            "cautious", *DATA_INDEPENDENT_TESTS], events=f"{FIXTURES}/**/*.jsonl")
    return wh


def test_d5_every_fixture_line_is_parsed_nothing_quarantined(landed: Warehouse) -> None:
    expected: dict[str, int] = defaultdict(int)
    for name, _, _ in fixture_lines():
        expected[name] += 1
    audit = {str(Path(r[0]).relative_to(FIXTURES)): r[1:] for r in landed.query(
        "select source_file, lines, parsed, quarantined from marts.landing_audit")}
    assert sorted(audit) == sorted(expected)
    for name, count in expected.items():
        assert audit[name] == (count, count, 0), name
    assert landed.query("select count(*) from staging.quarantined_events") == [(0,)]


def test_d1_stg_events_has_every_fixture_event_once(landed: Warehouse) -> None:
    """D1: byte-identical duplicates count once; everything else is one placed event."""
    texts = [text for _, _, text in fixture_lines()]
    duplicates = len(texts) - len(set(texts))
    assert landed.query("select count(*) from staging.stg_events") == [(len(texts) - duplicates,)]
    assert landed.query("select sum(duplicates) from marts.landing_audit") == [(duplicates,)]
