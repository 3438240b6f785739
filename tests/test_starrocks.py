"""The StarRocks extractor (issue 19; docs/rules.md "StarRocks"; reference 0.7 §1), on the events of
tests/fixtures/events/starrocks (written by tests/fixtures/starrocks_events.py; read by the shared corpora, so
tests/test_engine_parity.py compares these marts on Spark too and tests/test_incremental.py builds them in batches).

Session A is the reference's checked example (its QUERY COMPLETE as published, and the session's SESSION COMPLETE);
session B a SESSION START alone; session C one query per SQL case of the output-type rule; D events whose
starrocks_session cannot be used; E a `hive://` job namespace. Every expected value is worked out by hand from the
rules and the fixture events (UUIDv7 times: the first 12 hex digits are milliseconds since 1970), not copied from a
build."""
from __future__ import annotations

import datetime as dt

import pytest

from tests.fixtures import starrocks_events as fx
from tests.lw.dbt_runner import Warehouse

STARROCKS = ("starrocks", "some-starrocks:9030")
ICEBERG = ("http", "test-iceberg:8181")


def at(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text)


@pytest.fixture(scope="module")
def wh(corpora_duckdb: Warehouse) -> Warehouse:
    return corpora_duckdb


def run_row(wh: Warehouse, run_id: str) -> dict:
    """The run with its job (location type, location name, name, type) and user name."""
    columns = ["run_id", "created_at", "status", "started_at", "ended_at", "ended_reason", "parent_run_id",
               "external_id", "attempt", "running_log_url", "persistent_log_url", "start_reason", "expected_start_at",
               "expected_end_at"]
    rows = wh.query(f"""
        select {', '.join('runs.' + c for c in columns)}, locations.type, locations.name, jobs.name, jobs.type,
            users.name
        from marts.runs as runs
        left join marts.jobs as jobs on runs.job_id = jobs.job_id
        left join marts.locations as locations on jobs.location_id = locations.location_id
        left join marts.users as users on runs.started_by_user_id = users.user_id
        where runs.run_id = '{run_id}'""")
    assert len(rows) == 1, run_id
    return dict(zip([*columns, "job", "user"], [*rows[0][:len(columns)], rows[0][len(columns):-1],
                                                 rows[0][-1]]))


def operation_row(wh: Warehouse, operation_id: str) -> dict:
    columns = ["operation_id", "created_at", "run_id", "name", "type", "status", "started_at", "ended_at",
               "ended_reason", "position", "group_name", "description", "sql_query"]
    rows = wh.query(f"select {', '.join(columns)} from marts.operations where operation_id = '{operation_id}'")
    assert len(rows) == 1, operation_id
    return dict(zip(columns, rows[0]))


def output_masks(wh: Warehouse, operation_ids: list[str]) -> dict[str, int]:
    ids = ", ".join(f"'{i}'" for i in operation_ids)
    return dict(wh.query(f"select operation_id, output_types_mask from marts.outputs where operation_id in ({ids})"))


def session_issues(wh: Warehouse, run_id: str) -> set[tuple[str, str]]:
    return set(wh.query(f"""
        select issues.facet, issues.reason from staging.facet_issues as issues
        inner join staging.stg_events as events on issues.event_hash = events.event_hash
        where events.run_id = '{run_id}'"""))


def job_id_of(wh: Warehouse, location: tuple[str, str], name: str) -> str:
    rows = wh.query(f"""
        select jobs.job_id from marts.jobs as jobs
        inner join marts.locations as locations on jobs.location_id = locations.location_id
        where locations.type = '{location[0]}' and locations.name = '{location[1]}' and jobs.name = '{name}'""")
    assert len(rows) == 1, name
    return rows[0][0]


def test_r07_1_checked_example(wh: Warehouse) -> None:
    """§1.3: session job, user, run (created and started at the sessionId time, ended by the SESSION COMPLETE),
    operation and its input and output."""
    run = run_row(wh, fx.SA)
    assert run["job"] == (*STARROCKS, "myuser@11.22.33.44", "STARROCKS_SESSION")
    assert run["user"] == "myuser"
    assert run["created_at"] == run["started_at"] == at("2026-03-31 19:30:00.106")
    assert (run["status"], run["ended_at"]) == ("SUCCEEDED", at("2026-03-31 19:40:00.456"))
    operation = operation_row(wh, fx.QA)
    assert operation == {
        "operation_id": fx.QA, "created_at": at("2026-03-31 19:30:00.456"), "run_id": fx.SA, "name": "insert_query",
        "type": "BATCH", "status": "SUCCEEDED", "started_at": None, "ended_at": at("2026-03-31 19:40:00.456"),
        "ended_reason": None, "position": None, "group_name": None, "description": None,
        "sql_query": "INSERT INTO users_backup SELECT * FROM users WHERE active = true"}
    job_id = job_id_of(wh, STARROCKS, "myuser@11.22.33.44")
    io = set(wh.query(f"""
        select 'INPUT', l.type, l.name, d.name, io.created_at, io.run_id, io.job_id, null, io.num_rows
        from marts.inputs as io inner join marts.datasets as d on io.dataset_id = d.dataset_id
        inner join marts.locations as l on d.location_id = l.location_id where io.operation_id = '{fx.QA}'
        union all
        select 'OUTPUT', l.type, l.name, d.name, io.created_at, io.run_id, io.job_id, io.output_types, io.num_rows
        from marts.outputs as io inner join marts.datasets as d on io.dataset_id = d.dataset_id
        inner join marts.locations as l on d.location_id = l.location_id where io.operation_id = '{fx.QA}'"""))
    created = at("2026-03-31 19:30:00.456")
    assert io == {("INPUT", *ICEBERG, "test_db.test_table", created, fx.SA, job_id, None, None),
                  ("OUTPUT", *ICEBERG, "test_db.users_backup", created, fx.SA, job_id, "APPEND", 8500)}


def test_r07_1_run_id_is_the_session_id_not_the_run_id(wh: Warehouse) -> None:
    """A StarRocks event's runId is the operation (QUERY) or nothing (SESSION); the run is the sessionId's, created
    at its UUIDv7 time (session C: 2026-04-01 09:00:00)."""
    assert wh.query(f"select count(*) from marts.runs where run_id in ('{fx.QA}', '{fx.RB}')") == [(0,)]
    ids = ", ".join(f"'{op}'" for op, _, _ in fx.QUERIES.values())
    assert wh.query(f"select distinct run_id from marts.operations where operation_id in ({ids})") == [(fx.SC,)]
    assert run_row(wh, fx.SC)["created_at"] == at("2026-04-01 09:00:00")


def test_r07_1_session_job_is_user_at_client_ip_and_the_ol_job_is_no_job(wh: Warehouse) -> None:
    """Job (job namespace's location) `{user}@{clientIp}`, STARROCKS_SESSION; the OL job names (insert_query, the
    q_* queries, starrocks_session) are no jobs."""
    jobs = set(wh.query("""
        select locations.type, locations.name, jobs.name, jobs.type from marts.jobs as jobs
        inner join marts.locations as locations on jobs.location_id = locations.location_id
        where locations.type = 'starrocks'"""))
    assert {j for j in jobs if j[3] == "STARROCKS_SESSION"} == {
        (*STARROCKS, name, "STARROCKS_SESSION") for name in ("myuser@11.22.33.44", "anonymous@10.0.0.7", "etl@10.0.0.8")}
    assert {j[2] for j in jobs} & {"insert_query", "starrocks_session", *fx.QUERIES} == set()


def test_r07_1_user_is_the_session_user_without_filter(wh: Warehouse) -> None:
    """`anonymous` is kept (Hive would drop it)."""
    assert {run_row(wh, r)["user"] for r in (fx.SA, fx.SB, fx.SC)} == {"myuser", "anonymous", "etl"}


def test_r07_1_query_events_leave_the_run_started_with_no_end(wh: Warehouse) -> None:
    """Session C has only QUERY events (COMPLETE, START, FAIL): STARTED at the sessionId time, never ended, no
    ended_reason although a query failed; external id, attempt, log URLs and start reason NULL."""
    run = run_row(wh, fx.SC)
    assert (run["status"], run["started_at"], run["ended_at"], run["ended_reason"]) == (
        "STARTED", at("2026-04-01 09:00:00"), None, None)
    assert [run[c] for c in ("external_id", "attempt", "running_log_url", "persistent_log_url", "start_reason")] == [
        None] * 5


def test_r07_1_session_start_gives_started_at_its_event_time(wh: Warehouse) -> None:
    """Session B: a SESSION START at 08:00:02, sessionId time 08:00:00.250."""
    run = run_row(wh, fx.SB)
    assert (run["created_at"], run["status"], run["started_at"], run["ended_at"]) == (
        at("2026-04-01 08:00:00.250"), "STARTED", at("2026-04-01 08:00:02"), None)
    assert run["job"] == (*STARROCKS, "anonymous@10.0.0.7", "STARROCKS_SESSION")


def test_r07_1_session_event_is_a_run_event_its_io_ignored(wh: Warehouse) -> None:
    """Session events make no operation; session B's input makes no dataset."""
    assert wh.query(f"select count(*) from marts.operations where operation_id in ('{fx.RB}', '{fx.SA}')") == [(0,)]
    assert wh.query("select count(*) from marts.datasets where name = 'test_db.read_by_a_session_event'") == [(0,)]


def test_r07_1_operation_fields_from_each_query(wh: Warehouse) -> None:
    """Name = OL job name, type from processingType (STREAMING; NONE → BATCH), status and times from the events,
    D8 failure reason; no position, group or description."""
    drop = operation_row(wh, fx.QUERIES["q_drop"][0])
    assert (drop["name"], drop["status"], drop["started_at"], drop["ended_at"], drop["ended_reason"]) == (
        "q_drop", "FAILED", at("2026-04-01 09:06:01"), at("2026-04-01 09:06:05"), "Table test_db.sql_cases is in use")
    insertx = operation_row(wh, fx.QUERIES["q_insertx"][0])
    assert (insertx["status"], insertx["started_at"], insertx["ended_at"]) == (
        "SUCCEEDED", at("2026-04-01 09:02:01"), at("2026-04-01 09:02:05"))
    types = {name: operation_row(wh, fx.QUERIES[name][0])["type"] for name in ("q_alter", "q_truncate", "q_create")}
    assert types == {"q_alter": "STREAMING", "q_truncate": "BATCH", "q_create": "BATCH"}
    assert {(r["position"], r["group_name"], r["description"]) for r in (
        operation_row(wh, op) for op, _, _ in fx.QUERIES.values())} == {(None, None, None)}


def test_r07_1_output_type_from_the_start_of_the_normalised_sql(wh: Warehouse) -> None:
    """Case-sensitive prefix of the normalised SQL: INSERT (INSERTX too) APPEND, CREATE/ALTER/DROP/TRUNCATE their
    flag; `insert`, `WITH ... INSERT`, DELETE, no SQL UNKNOWN; lifecycleStateChange ignored (CREATE with OVERWRITE,
    no SQL with DROP); the indented INSERT is dedented and stripped first."""
    expected = {"q_insert_lower": 0, "q_insertx": 1, "q_with_insert": 0, "q_create": 2, "q_alter": 4, "q_drop": 32,
                "q_truncate": 64, "q_delete": 0, "q_no_sql": 0, "q_indented": 1}
    masks = output_masks(wh, [fx.QUERIES[name][0] for name in expected])
    assert {name: masks[fx.QUERIES[name][0]] for name in expected} == expected


def test_r07_1_session_job_gets_engine_adapter_client_and_run_tags_not_job_tags(wh: Warehouse) -> None:
    job_id = job_id_of(wh, STARROCKS, "etl@10.0.0.8")
    assert set(wh.query(f"select tag, value from marts.job_tags where job_id = '{job_id}'")) == {
        ("starrocks.version", "3.5.2"), ("openlineage_adapter.version", "1.40.1"),
        ("openlineage_client.version", "1.40.1"), ("team", "warehouse")}


def test_r07_1_job_facets_of_a_query_are_not_the_session_jobs(wh: Warehouse) -> None:
    """q_create's documentation facet describes the query, which is no job (docs/decisions/)."""
    job_id = job_id_of(wh, STARROCKS, "etl@10.0.0.8")
    assert wh.query(f"select count(*) from marts.job_facets where job_id = '{job_id}'") == [(0,)]


def test_r07_1_parent_run_and_parent_job_from_the_parent_facet(wh: Warehouse) -> None:
    run = run_row(wh, fx.SC)
    assert run["parent_run_id"] == fx.PC
    assert run_row(wh, fx.PC)["job"] == ("http", "airflow:8080", "sr_dag.sr_task", "UNKNOWN")
    session_job = job_id_of(wh, STARROCKS, "etl@10.0.0.8")
    parent_job = wh.query(f"select parent_job_id from marts.jobs where job_id = '{session_job}'")
    assert parent_job == [(job_id_of(wh, ("http", "airflow:8080"), "sr_dag.sr_task"),)]


def test_r07_1_nominal_times_on_the_session_run(wh: Warehouse) -> None:
    """q_alter's nominalTime (docs/decisions/starrocks-query-rules.md)."""
    run = run_row(wh, fx.SC)
    assert (run["expected_start_at"], run["expected_end_at"]) == (at("2026-04-01 09:00:00"), at("2026-04-01 10:00:00"))


def test_r07_1_unusable_session_gives_unknown_rules_and_a_facet_issue(wh: Warehouse) -> None:
    """Missing facet, v4 sessionId, no clientIp: the event's own run and OL job (generic type STARROCKS_QUERY),
    an operation only with IO, the generic output type (DELETE), and a facet issue with the reason; a facet that
    is not an object is noted once, as any other."""
    missing = run_row(wh, fx.RD_MISSING)
    assert (missing["status"], missing["job"]) == ("SUCCEEDED", (*STARROCKS, "orphan_query", "STARROCKS_QUERY"))
    assert operation_row(wh, fx.RD_MISSING)["run_id"] == fx.RD_MISSING
    assert output_masks(wh, [fx.RD_MISSING]) == {fx.RD_MISSING: 128}
    not_v7 = run_row(wh, fx.RD_NOT_V7)
    assert (not_v7["status"], not_v7["job"], not_v7["user"]) == (
        "SUCCEEDED", (*STARROCKS, "v4_session_query", "STARROCKS_QUERY"), None)
    assert wh.query(f"select count(*) from marts.operations where operation_id = '{fx.RD_NOT_V7}'") == [(0,)]
    assert wh.query(f"select count(*) from marts.runs where run_id = '{fx.V4_SESSION}'") == [(0,)]
    no_ip = run_row(wh, fx.RD_NO_IP)
    assert (no_ip["status"], no_ip["started_at"]) == ("STARTED", at("2026-04-01 10:02:05"))
    issue = "run.facets.starrocks_session"
    assert session_issues(wh, fx.RD_MISSING) == {(issue, "missing_facet")}
    assert session_issues(wh, fx.RD_NOT_V7) == {(issue, "session_id_not_uuid7")}
    assert session_issues(wh, fx.RD_NO_IP) == {(issue, "missing_required_field")}
    assert session_issues(wh, fx.RD_STRING) == {(issue, "not_an_object")}
    assert session_issues(wh, fx.QA) == session_issues(wh, fx.SA) == set()


def test_r07_1_hive_namespace_goes_to_hive_first(wh: Warehouse) -> None:
    """Integration STARROCKS with a valid session in a hive:// job namespace: the Hive extractor (without Hive
    facets its own run, the OL job as HIVE_SESSION, APPEND), no session run, no facet issue."""
    assert operation_row(wh, fx.RE)["run_id"] == fx.RE
    assert run_row(wh, fx.RE)["job"] == ("hive", "hive-server:10000", "hive_namespace_query", "HIVE_SESSION")
    assert wh.query(f"select count(*) from marts.runs where run_id = '{fx.SE}'") == [(0,)]
    assert output_masks(wh, [fx.RE]) == {fx.RE: 1}
    assert session_issues(wh, fx.RE) == set()
