"""Jobs, job tags, users and runs (openlineage-to-entities §3, §4, §5, Appendix A; deviations D1, D5, D6, D8, D9,
D11, D13, D14) on the hand-made events of tests/fixtures/jobs_runs (README there).

Every expected value below is derived by hand from the spec and the fixture events, not copied from a build.
"""
from __future__ import annotations

import datetime as dt
import random
import re
from pathlib import Path
from typing import Any

import pytest

from tests.lw.shared import shared_warehouse
from tests.lw.dbt_runner import DATA_INDEPENDENT_TESTS, PROJECT_DIR, Warehouse

FIXTURES = PROJECT_DIR / "tests" / "fixtures" / "jobs_runs"
EVENTS = "tests/fixtures/jobs_runs/*.jsonl"
SELECT = "+runs +jobs +users +job_tags int_jobs_runs_facet_issues path:tests/dbt/jobs_runs"
MARTS = ("jobs", "job_tags", "users", "runs")

# run ids of the fixture events
SA = "01908224-8410-7a1b-8c2d-3e4f5a6b7c8d"       # Spark application Sales_ETL
AT = "01908223-c260-7001-8000-000000000001"       # its parent (Airflow task run, never sends events)
AD = "0190821e-4420-7002-8000-000000000002"       # its root (Airflow DAG run, never sends events)
SQ1 = "01908228-5640-7003-8000-000000000003"      # Spark SQL_JOB operation runs (not runs)
SQ2 = "0190822c-ea20-7004-8000-000000000004"
SB = "01908256-1d00-700b-8000-00000000000b"       # application whose SQL_JOB carries spark_applicationDetails
SC = "0190825f-44c0-700c-8000-00000000000c"       # spark_applicationDetails without userName
SD = "0190828d-0b80-700d-8000-00000000000d"       # D11: unknown → real_app
SE = "01908296-3340-700e-8000-00000000000e"       # D11: first_app → unknown
SF = "0190829f-5b00-700f-8000-00000000000f"       # D11: app_v1 → app_v2
SG = "019082a8-82c0-7010-8000-000000000010"       # engine version 3.3.2-amzn-1
A2D = "019081e8-5388-70a1-8000-0000000000a1"      # Airflow 2.9.3 DAG run
A2T = "019081e9-2a60-70a2-8000-0000000000a2"      # its task run
AOD = "017e12ef-af88-70a3-8000-0000000000a3"      # Airflow 2.2.5 DAG run
AOT = "017e12ef-c310-70a4-8000-0000000000a4"      # its task run (no processing_engine)
A3D = "01908256-20e8-70a5-8000-0000000000a5"      # Airflow 3.0.2 DAG run (credentials in the namespace)
A3T = "01908256-4410-70a6-8000-0000000000a6"      # Airflow 3.0.2 mapped task
A3E = "01908256-6b20-70a7-8000-0000000000a7"      # Airflow 3.0.0rc1 task
A3L = "01908256-9230-70a8-8000-0000000000a8"      # task with log_url
ABD = "0190825f-44c0-70a9-8000-0000000000a9"      # dag.tags "prod"
ACD = "01908268-6c80-70aa-8000-0000000000aa"      # run_type asset_triggered
F1 = "019082c3-fa00-70f1-8000-0000000000f1"       # Flink on an http namespace
F2 = "019082e8-9900-70f2-8000-0000000000f2"       # Flink on a plain namespace
DJ = "019082fa-e880-70d1-8000-0000000000d1"       # dbt JOB
DM = "019082fb-0f90-70d2-8000-0000000000d2"       # dbt MODEL (operation)
H1Q = "0197833d-6cec-7000-8000-000000000071"      # Hive query (operation)
HIVE_SESSION_RUN = "0197833d-511d-7034-be27-078fb128ca59"  # Appendix A example
U1 = "01908331-d700-7101-8000-000000000101"
U5 = "01908331-d700-7105-8000-000000000105"
U8 = "01908356-7600-7109-8000-000000000109"       # malformed tags and nominalTime facets
U6 = "01908344-2680-7106-8000-000000000106"       # dataRentgen_operation only
UPAR = "0190833f-92a0-7107-8000-000000000107"     # its parent, never sends events
P1 = "01908368-c580-7201-8000-000000000201"
P2 = "01908368-c580-7202-8000-000000000202"
P3 = "01908368-c580-7203-8000-000000000203"
P4 = "01908368-c580-7204-8000-000000000204"
P6 = "01908368-c580-7206-8000-000000000206"
P5 = "3f1b9a2e-7c4d-4e5f-8a6b-1c2d3e4f5a6b"       # UUID v4
C1 = "0190839f-b400-7301-8000-000000000301"
C2 = "01908396-8c40-7302-8000-000000000302"
C3 = "019083a0-9e60-7303-8000-000000000303"


def ts(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text)


def build(root: Path, events: str) -> Warehouse:
    return build_selected(Warehouse(root), events)


def build_selected(wh: Warehouse, events: str) -> Warehouse:
    wh.dbt(["build", "--select", *SELECT.split(), "--indirect-selection", "cautious", *DATA_INDEPENDENT_TESTS],
           events=events)
    return wh


@pytest.fixture(scope="session")
def jobs_runs_duckdb(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    """Built once per session (tests/lw/shared.py); the Spark history builds the same files on Spark."""
    return shared_warehouse(tmp_path_factory, "jobs_runs", lambda warehouse: build_selected(warehouse, EVENTS))


@pytest.fixture(scope="module")
def wh(jobs_runs_duckdb: Warehouse) -> Warehouse:
    return jobs_runs_duckdb


def rows(wh: Warehouse, sql: str) -> list[dict[str, Any]]:
    import duckdb

    con = duckdb.connect(str(wh.duckdb_path), read_only=True)
    try:
        con.execute("set TimeZone = 'UTC'")
        cur = con.execute(sql)
        names = [d[0] for d in cur.description]
        return [dict(zip(names, r)) for r in cur.fetchall()]
    finally:
        con.close()


def run(wh: Warehouse, run_id: str) -> dict[str, Any]:
    found = rows(wh, f"""
        select r.*, j.name as job_name, j.type as job_type, u.name as user_name
        from marts.runs as r
        left join marts.jobs as j on r.job_id = j.job_id
        left join marts.users as u on r.started_by_user_id = u.user_id
        where r.run_id = '{run_id}'""")
    assert len(found) == 1, (run_id, found)
    return found[0]


def jobs(wh: Warehouse) -> dict[str, str]:
    return {r["name"]: r["type"] for r in rows(wh, "select name, type from marts.jobs")}


def tags(wh: Warehouse, job_name: str) -> dict[str, str]:
    return {r["tag"]: r["value"] for r in rows(wh, f"""
        select t.tag, t.value from marts.job_tags as t inner join marts.jobs as j on t.job_id = j.job_id
        where j.name = '{job_name}'""")}


# --------------------------------------------------------------------------------------------------------------
# marts shape
# --------------------------------------------------------------------------------------------------------------

def test_marts_md_columns(wh: Warehouse) -> None:
    """marts.md: the four relations have exactly the contract's columns."""
    assert wh.columns("marts.jobs") == ["job_id", "location_id", "name", "type", "parent_job_id"]
    assert wh.columns("marts.job_tags") == ["job_id", "tag", "value"]
    assert wh.columns("marts.users") == ["user_id", "name"]
    assert wh.columns("marts.runs") == [
        "run_id", "created_at", "job_id", "parent_run_id", "root_run_id", "status", "started_at",
        "started_by_user_id", "start_reason", "ended_at", "ended_reason", "external_id", "attempt",
        "running_log_url", "persistent_log_url", "expected_start_at", "expected_end_at"]


def test_every_fixture_event_is_placed(wh: Warehouse) -> None:
    lines = sum(1 for p in FIXTURES.glob("*.jsonl") for line in p.read_text().splitlines() if line.strip())
    assert rows(wh, "select count(*) as n from staging.stg_events")[0]["n"] == lines == 66


# --------------------------------------------------------------------------------------------------------------
# §3.1 / §3.2 jobs
# --------------------------------------------------------------------------------------------------------------

def test_s3_2_spark_application_job_and_sql_jobs_only_create_the_parent(wh: Warehouse) -> None:
    """Spark: APPLICATION events create the event job (SPARK_APPLICATION); SQL_JOB events only the parent job."""
    all_jobs = jobs(wh)
    assert all_jobs["Sales_ETL"] == "SPARK_APPLICATION"
    assert all_jobs["report_app"] == "SPARK_APPLICATION"
    assert not [n for n in all_jobs if n.startswith(("sales_etl.", "report_app."))]
    assert rows(wh, f"select count(*) as n from marts.runs where run_id in ('{SQ1}', '{SQ2}')")[0]["n"] == 0


def test_s3_1_first_spelling_of_the_name_is_kept(wh: Warehouse) -> None:
    """§3.1/D1: jobs are keyed by (location, lower(name)); the earliest event's spelling is the name."""
    names = [r["name"] for r in rows(wh, "select name from marts.jobs where lower(name) = 'sales_etl'")]
    assert names == ["Sales_ETL"]
    assert [r["name"] for r in rows(wh, "select name from marts.jobs where lower(name) = 'retyped_job'")] == \
        ["retyped_job"]


def test_s3_1_later_non_null_type_wins(wh: Warehouse) -> None:
    """§3.1: TOOL_A_JOB at 14:30, TOOL_B_JOB at 14:31, no jobType at 14:32 → TOOL_B_JOB; a parent reference
    (no type) after the DAG's own typed event does not erase AIRFLOW_DAG."""
    all_jobs = jobs(wh)
    assert all_jobs["retyped_job"] == "TOOL_B_JOB"
    assert all_jobs["sales_daily"] == "AIRFLOW_DAG"


def test_s3_2_airflow_dag_and_task_jobs(wh: Warehouse) -> None:
    all_jobs = jobs(wh)
    assert all_jobs["sales_daily"] == "AIRFLOW_DAG"
    assert all_jobs["sales_daily.group_a.extract"] == "AIRFLOW_TASK"
    assert all_jobs["legacy_dag.t1"] == "AIRFLOW_TASK"
    assert all_jobs["ml_train"] == "AIRFLOW_DAG"


def test_s3_2_flink_and_dbt_jobs(wh: Warehouse) -> None:
    """Flink: the event job (FLINK_JOB). dbt: JOB events create DBT_JOB; MODEL events only the parent job."""
    all_jobs = jobs(wh)
    assert all_jobs["orders_stream"] == "FLINK_JOB"
    assert all_jobs["dbt-run-jaffle_shop"] == "DBT_JOB"
    assert "jaffle_shop.main.stg_orders" not in all_jobs


def test_s3_2_hive_session_job(wh: Warehouse) -> None:
    """Hive: '{username}@{clientIp}' when the OL name starts with lower(operationName) + '.', else the OL name;
    always HIVE_SESSION (the jobType facet QUERY is ignored); location from the hive:// job namespace."""
    found = rows(wh, """
        select j.name, j.type, a.address from marts.jobs as j
        inner join intermediate.int_location_addresses as a on j.location_id = a.location_id
        where j.type = 'HIVE_SESSION' order by j.name""")
    assert [(r["name"], r["type"]) for r in found] == [
        ("alice@172.18.0.217", "HIVE_SESSION"), ("nightly_hive_job", "HIVE_SESSION")]
    assert {r["address"] for r in found} == {"hive://hive-server:10000"}
    assert "createtable_as_select.test.result_t" not in jobs(wh)


def test_s3_1_generic_type_rule_for_unknown_integrations(wh: Warehouse) -> None:
    """upper(integration_jobType); upper(integration) when jobType is empty; UNKNOWN without the facet."""
    all_jobs = jobs(wh)
    assert all_jobs["my_job"] == "MYTOOL_BATCH_JOB"
    assert all_jobs["custom_no_jobtype_value"] == "CUSTOM"
    assert all_jobs["no_facet_job"] == "UNKNOWN"


def test_s3_2_unknown_operation_only_event_creates_only_the_parent(wh: Warehouse) -> None:
    """dataRentgen_operation + parent + no dataRentgen_run: only the parent job and run (status UNKNOWN)."""
    assert "my_op" not in jobs(wh)
    parent = run(wh, UPAR)
    assert (parent["job_name"], parent["job_type"], parent["status"]) == ("parent_job", "UNKNOWN", "UNKNOWN")
    assert rows(wh, f"select count(*) as n from marts.runs where run_id = '{U6}'")[0]["n"] == 0


def test_d9_parent_and_root_without_events_get_job_and_run_rows(wh: Warehouse) -> None:
    """D9: the Spark run's parent (task run) and root (DAG run) never send events: UNKNOWN runs and jobs."""
    parent, root = run(wh, AT), run(wh, AD)
    assert (parent["job_name"], parent["job_type"], parent["status"]) == ("etl_dag.run_spark", "UNKNOWN", "UNKNOWN")
    assert (root["job_name"], root["job_type"], root["status"]) == ("etl_dag", "UNKNOWN", "UNKNOWN")
    assert parent["started_at"] is None and parent["ended_at"] is None and parent["parent_run_id"] is None
    # created_at from the UUIDv7s: 0x01908223c260 ms = 2024-07-05 09:05:00, 0x0190821e4420 ms = 08:59:00
    assert parent["created_at"] == ts("2024-07-05 09:05:00")
    assert root["created_at"] == ts("2024-07-05 08:59:00")


# --------------------------------------------------------------------------------------------------------------
# §3.3 / D13 job tags
# --------------------------------------------------------------------------------------------------------------

def test_s3_3_spark_application_tags(wh: Warehouse) -> None:
    """Engine tag spark.version from the APPLICATION events (3.5.1; the SQL_JOB's 3.5.9 is ignored), adapter
    1.35.0-SNAPSHOT → 1.35.0, openlineage_client_version renamed, job and run tags facets, and the SQL_JOB's run
    tags on the application job with openlineage_client_version kept raw. D13: env sent as Env=prod (job facet)
    and env=staging (run facet) at 09:05:50, ENV=Production at 09:20 → Production; tag and value spellings are the
    first ever seen: 'env' and 'data' come from the sales_daily DAG tags (08:00:05), earlier than Sales_ETL."""
    assert tags(wh, "Sales_ETL") == {
        "team": "data", "env": "Production", "spark.version": "3.5.1", "openlineage_adapter.version": "1.35.0",
        "openlineage_client.version": "1.35.0", "openlineage_client_version": "1.35.0", "sql_tag": "x"}


def test_s3_3_pep440_engine_versions(wh: Warehouse) -> None:
    """Engine name lower-cased (Spark → spark.version); 3.4.0-SNAPSHOT → 3.4.0; 1.0.0-rc1 → 1.0.0rc1;
    D5: 3.3.2-amzn-1 is not PEP 440: the whole processing_engine facet is dropped (no tags) and recorded."""
    assert tags(wh, "snapshot_app") == {"spark.version": "3.4.0", "openlineage_adapter.version": "1.0.0rc1"}
    assert tags(wh, "emr_app") == {}
    assert tags(wh, "ml_train.evaluate") == {"airflow.version": "3.0.0rc1"}


def test_s3_3_airflow_dag_tags_from_a_list_literal_string(wh: Warehouse) -> None:
    """No run tags facet: dag.tags "['env:prod', 'plain', 'team:data:manual', 'feature/ABC-123']" → only k:v[:src]
    strings: env=prod, team=data."""
    assert tags(wh, "sales_daily") == {
        "airflow.version": "2.9.3", "openlineage_adapter.version": "1.9.0", "env": "prod", "team": "data"}


def test_s3_3_airflow_run_tags_facet_replaces_dag_tags(wh: Warehouse) -> None:
    """A run tags facet is used as is; the DAG's tags (team:sales) are then not read."""
    assert tags(wh, "sales_daily.group_a.extract") == {
        "airflow.version": "2.9.3", "openlineage_adapter.version": "1.9.0", "custom": "yes"}


def test_s3_3_airflow_job_tags_facet_and_json_dag_tags(wh: Warehouse) -> None:
    """Provider 2.4+ job tags: key == value entries kept only as k:v (tier:gold → tier=gold; gpu dropped);
    key != value kept (owner_team); dag.tags as a JSON list ["team:ml", "gpu"] → team=ml."""
    assert tags(wh, "ml_train") == {
        "airflow.version": "3.0.2", "openlineage_adapter.version": "2.4.0", "tier": "gold",
        "owner_team": "ml-platform", "team": "ml"}


def test_s3_3_dbt_tags(wh: Warehouse) -> None:
    """dbt: 'from_model.tag2:value2'='true' → from_model.tag2=value2; from_model.tag1=true raw; the MODEL event's
    tags (model_tag, dbt 9.9.9) go nowhere."""
    assert tags(wh, "dbt-run-jaffle_shop") == {
        "dbt.version": "1.8.2", "openlineage_adapter.version": "1.18.0", "openlineage_client.version": "1.54.0",
        "from_model.tag2": "value2", "from_model.tag1": "true"}
    assert rows(wh, "select count(*) as n from marts.job_tags where tag = 'model_tag'")[0]["n"] == 0


def test_s3_3_hive_and_flink_tags(wh: Warehouse) -> None:
    """Hive: engine, adapter, client version and run tags on the session job; the job tags facet is ignored."""
    assert tags(wh, "alice@172.18.0.217") == {
        "hive.version": "3.1.3", "openlineage_adapter.version": "1.35.0", "openlineage_client.version": "1.35.0"}
    assert tags(wh, "orders_stream") == {"flink.version": "1.19.1", "openlineage_adapter.version": "1.30.0"}


# --------------------------------------------------------------------------------------------------------------
# §4 users
# --------------------------------------------------------------------------------------------------------------

def test_s4_users_sources_and_filters(wh: Warehouse) -> None:
    """Spark userName (Etl_User first, etl_user later: one user, first spelling), SQL_JOB facet (spark), Airflow
    owners alice and bob (owner airflow and *** skipped), dataRentgen started_by_user Carol; Hive 'hive' skipped;
    users of dropped facets (carol of bad dag tags, dave of asset_triggered, mallory of a bad start_reason)
    are not read, and dbt/Flink never give users."""
    assert sorted(r["name"] for r in rows(wh, "select name from marts.users")) == \
        ["Carol", "Etl_User", "alice", "bob", "spark"]
    assert run(wh, SA)["user_name"] == "Etl_User"
    assert run(wh, HIVE_SESSION_RUN)["user_name"] == "alice"
    assert run(wh, A2D)["started_by_user_id"] is None and run(wh, AOD)["started_by_user_id"] is None
    assert run(wh, ABD)["started_by_user_id"] is None and run(wh, U5)["started_by_user_id"] is None


# --------------------------------------------------------------------------------------------------------------
# §5.1 identity, created_at; Appendix A
# --------------------------------------------------------------------------------------------------------------

def test_appendix_a_uuid7_created_at(wh: Warehouse) -> None:
    """01908224-8410-… → 2024-07-05 09:05:49.584."""
    assert run(wh, SA)["created_at"] == ts("2024-07-05 09:05:49.584")


def test_d5_created_at_of_a_non_v7_run_is_its_earliest_event_time(wh: Warehouse) -> None:
    """UUID v4 run: COMPLETE 15:00:00, START 14:59:00.123456 → created_at 14:59:00.123456 (D14 microseconds)."""
    assert run(wh, P5)["created_at"] == ts("2024-07-05 14:59:00.123456")


def test_appendix_a_hive_session_run(wh: Warehouse) -> None:
    """Session 0ba6765b-3019-4172-b748-63c257158d20 created 2025-06-18T13:32:03.229Z →
    0197833d-511d-7034-be27-078fb128ca59: always STARTED (even after the query's COMPLETE), started_at =
    creationTime, no end, external_id = sessionId; the query's own runId is no run."""
    r = run(wh, HIVE_SESSION_RUN)
    assert (r["status"], r["started_at"], r["ended_at"]) == ("STARTED", ts("2025-06-18 13:32:03.229"), None)
    assert r["created_at"] == ts("2025-06-18 13:32:03.229")
    assert (r["external_id"], r["job_name"]) == ("0ba6765b-3019-4172-b748-63c257158d20", "alice@172.18.0.217")
    assert rows(wh, f"select count(*) as n from marts.runs where run_id = '{H1Q}'")[0]["n"] == 0


# --------------------------------------------------------------------------------------------------------------
# §5.2 status and timestamps
# --------------------------------------------------------------------------------------------------------------

def test_s5_2_status_precedence_events_in_reversed_order(wh: Warehouse) -> None:
    """COMPLETE 15:00 then START 15:05 → SUCCEEDED, started 15:05, ended 15:00; START/FAIL/COMPLETE → FAILED
    (ended_at of the latest ending event, 15:02); START/ABORT/FAIL → KILLED; OTHER and a missing eventType →
    UNKNOWN; RUNNING then OTHER → STARTED without started_at."""
    p1, p2, p3, p4, p6 = (run(wh, r) for r in (P1, P2, P3, P4, P6))
    assert (p1["status"], p1["started_at"], p1["ended_at"]) == \
        ("SUCCEEDED", ts("2024-07-05 15:05:00"), ts("2024-07-05 15:00:00"))
    assert (p2["status"], p2["ended_at"]) == ("FAILED", ts("2024-07-05 15:02:00"))
    assert (p3["status"], p3["ended_at"]) == ("KILLED", ts("2024-07-05 15:02:00"))
    assert (p4["status"], p4["started_at"], p4["ended_at"]) == ("UNKNOWN", None, None)
    assert (p6["status"], p6["started_at"]) == ("STARTED", None)


def test_s5_2_operation_events_do_not_move_their_parent_run(wh: Warehouse) -> None:
    """A failed Spark SQL_JOB and a failed dbt MODEL leave their application / dbt run SUCCEEDED."""
    sa, dj = run(wh, SA), run(wh, DJ)
    assert (sa["status"], sa["started_at"], sa["ended_at"], sa["ended_reason"]) == \
        ("SUCCEEDED", ts("2024-07-05 09:05:50"), ts("2024-07-05 09:20:00"), None)
    assert (dj["status"], dj["ended_at"], dj["ended_reason"]) == ("SUCCEEDED", ts("2024-07-05 13:01:00"), None)


def test_d8_ended_reason_from_error_message(wh: Warehouse) -> None:
    """D8: errorMessage.message of FAIL and ABORT events."""
    assert (run(wh, AOT)["status"], run(wh, AOT)["ended_reason"]) == ("FAILED", "Task failed: division by zero")
    assert (run(wh, P2)["status"], run(wh, P2)["ended_reason"]) == ("FAILED", "boom")
    assert (run(wh, F1)["status"], run(wh, F1)["ended_reason"]) == ("KILLED", "cancelled by user")


# --------------------------------------------------------------------------------------------------------------
# §5.3 fields per integration
# --------------------------------------------------------------------------------------------------------------

def test_s5_3_spark_fields_and_d6_credentials(wh: Warehouse) -> None:
    """applicationId; running = first comma item of proxyUrl, 'yarn:secret@' removed (D6); persistent = first
    comma item of historyUrl; nominalTime of the APPLICATION event (the SQL_JOB's 2030 nominal time is ignored)."""
    r = run(wh, SA)
    assert r["external_id"] == "application_1720170000000_0001"
    assert r["running_log_url"] == "http://rm1.example.com:8088/proxy/application_1720170000000_0001"
    assert r["persistent_log_url"] == "http://history1.example.com:18081/history/application_1720170000000_0001"
    assert (r["expected_start_at"], r["expected_end_at"]) == (ts("2024-07-05 09:00:00"), ts("2024-07-05 10:00:00"))
    assert (r["attempt"], r["start_reason"]) == (None, None)


def test_s5_3_spark_sql_job_application_details_fill_the_application_run(wh: Warehouse) -> None:
    """Only the SQL_JOB event carries spark_applicationDetails: its fields go to the parent run (no proxyUrl →
    uiWebUrl; no historyUrl → NULL)."""
    r = run(wh, SB)
    assert (r["external_id"], r["running_log_url"], r["persistent_log_url"], r["user_name"], r["status"]) == \
        ("local-1720173600000", "http://driver:4040", None, "spark", "STARTED")


def test_s5_3_airflow_2_9_urls(wh: Warehouse) -> None:
    """Airflow 2.9.3 (≥ 2.3 DAG form, ≥ 2.9.1 task form), run_id quoted (':' → %3A, '+' → %2B), map_index 0 kept
    (D3), try_number 2 → attempt '2', scheduled → AUTOMATIC; nominal end = start → NULL."""
    d, t = run(wh, A2D), run(wh, A2T)
    assert d["persistent_log_url"] == \
        "http://airflow:8080/dags/sales_daily/grid?dag_run_id=scheduled__2024-07-05T08%3A00%3A00%2B00%3A00"
    assert t["persistent_log_url"] == (
        "http://airflow:8080/dags/sales_daily/grid?tab=logs&dag_run_id=scheduled__2024-07-05T08%3A00%3A00%2B00%3A00"
        "&task_id=group_a.extract&map_index=0")
    assert (d["external_id"], d["start_reason"]) == ("scheduled__2024-07-05T08:00:00+00:00", "AUTOMATIC")
    assert (t["attempt"], t["start_reason"], t["user_name"]) == ("2", "AUTOMATIC", "alice")
    assert (d["expected_start_at"], d["expected_end_at"]) == (ts("2024-07-05 08:00:00"), None)


def test_s5_3_airflow_old_urls(wh: Warehouse) -> None:
    """Airflow 2.2.5 DAG and a task without processing_engine: graph / log forms with
    q(isoformat(data_interval_start)) = 2022-01-01T00%3A00%3A00%2B00%3A00; manual → MANUAL."""
    d, t = run(wh, AOD), run(wh, AOT)
    assert d["persistent_log_url"] == \
        "http://old-airflow:8080/graph?dag_id=legacy_dag&execution_date=2022-01-01T00%3A00%3A00%2B00%3A00"
    assert t["persistent_log_url"] == \
        "http://old-airflow:8080/log?&dag_id=legacy_dag&task_id=t1&execution_date=2022-01-01T00%3A00%3A00%2B00%3A00"
    assert (d["start_reason"], t["start_reason"], t["attempt"]) == ("MANUAL", "MANUAL", "1")


def test_s5_3_airflow_3_urls_and_d6(wh: Warehouse) -> None:
    """Airflow 3.0.2: nothing quoted, /mapped/{map_index}, ?try_number=1; 'admin:s3cret@' removed from the
    namespace base (D6); 3.0.0rc1 is older than 3.0.0 → the 2.9.1+ form with map_index -1; log_url wins."""
    assert run(wh, A3D)["persistent_log_url"] == \
        "http://airflow3:8080/dags/ml_train/runs/manual__2024-07-05T10:00:00+00:00"
    assert run(wh, A3T)["persistent_log_url"] == \
        "http://airflow3:8080/dags/ml_train/runs/manual__2024-07-05T10:00:00+00:00/tasks/train/mapped/3?try_number=1"
    assert run(wh, A3E)["persistent_log_url"] == (
        "http://airflow3:8080/dags/ml_train/grid?tab=logs&dag_run_id=manual__2024-07-05T10%3A00%3A00%2B00%3A00"
        "&task_id=evaluate&map_index=-1")
    assert run(wh, A3L)["persistent_log_url"] == "http://airflow3:8080/log?dag_id=ml_train&task_id=publish"


def test_d6_no_credentials_in_log_urls(wh: Warehouse) -> None:
    leaked = rows(wh, """
        select run_id from marts.runs
        where running_log_url like '%@%' or persistent_log_url like '%@%'
            or running_log_url like '%secret%' or persistent_log_url like '%s3cret%'""")
    assert leaked == []


def test_s5_3_flink_urls_only_for_http_namespaces(wh: Warehouse) -> None:
    """Namespace 'http://flink-jm:8081/' without its trailing '/' + /#/job/running|completed/{jobId}; a plain
    namespace gives no URLs, only the jobId."""
    f1, f2 = run(wh, F1), run(wh, F2)
    assert f1["running_log_url"] == "http://flink-jm:8081/#/job/running/8d3619213f23f3bb42f221e899eee4dd"
    assert f1["persistent_log_url"] == "http://flink-jm:8081/#/job/completed/8d3619213f23f3bb42f221e899eee4dd"
    assert f1["external_id"] == "8d3619213f23f3bb42f221e899eee4dd"
    assert (f2["external_id"], f2["running_log_url"], f2["persistent_log_url"]) == ("0000aaaa", None, None)


def test_s5_3_dbt_and_unknown_fields(wh: Warehouse) -> None:
    """dbt: invocation_id of the JOB events (the MODEL's other-invocation is ignored). Unknown: dataRentgen_run
    (running URL without 'u:p@'), nominalTime."""
    assert run(wh, DJ)["external_id"] == "4ba35050-ece6-43eb-910a-a69995e64600"
    u = run(wh, U1)
    assert (u["external_id"], u["attempt"], u["start_reason"], u["user_name"]) == ("ext-1", "3", "MANUAL", "Carol")
    assert (u["running_log_url"], u["persistent_log_url"]) == \
        ("http://ui.example.com/run/1", "http://logs.example.com/run/1")
    assert (u["expected_start_at"], u["expected_end_at"]) == (ts("2024-07-05 00:00:00"), ts("2024-07-06 00:00:00"))


def test_d5_malformed_facets_are_dropped_and_recorded(wh: Warehouse) -> None:
    """D5: each bad facet is dropped (its fields read as absent), the event kept, and one issue recorded."""
    issues = {(r["run_id"], r["facet"], r["reason"]) for r in rows(wh, """
        select e.run_id, i.facet, i.reason from intermediate.int_jobs_runs_facet_issues as i
        inner join staging.stg_events as e on i.event_hash = e.event_hash""")}
    assert issues == {
        (SC, "run.facets.spark_applicationDetails", "missing_required_field"),
        (SG, "run.facets.processing_engine", "version_not_pep440"),
        (ABD, "run.facets.airflowDagRun", "dag_tags_not_a_list"),
        (ACD, "run.facets.airflowDagRun", "invalid_run_type"),
        (U5, "run.facets.dataRentgen_run", "invalid_start_reason"),
        (U8, "job.facets.tags", "tags_not_a_list"),
        (U8, "run.facets.tags", "tag_without_key_or_value"),
        (U8, "run.facets.nominalTime", "invalid_timestamp"),
        (A2T, "run.facets.airflow.task.upstream_task_ids", "not_a_list"),  # 42
        (A2T, "run.facets.airflow.task.downstream_task_ids", "not_a_list"),  # "load", not a list literal
    }
    for run_id in (SC, ABD, ACD, U5):
        r = run(wh, run_id)
        assert (r["external_id"], r["start_reason"], r["persistent_log_url"]) == (None, None, None), run_id
        assert r["status"] == "STARTED", run_id
    assert tags(wh, "bad_tags_dag") == {"airflow.version": "2.9.3"}
    assert tags(wh, "bad_tags_job") == {}
    assert run(wh, U8)["expected_start_at"] is None


# --------------------------------------------------------------------------------------------------------------
# §5.4 / D9 parents and roots, D11 job binding
# --------------------------------------------------------------------------------------------------------------

def test_s5_4_parent_run_ids(wh: Warehouse) -> None:
    """Parent from the run's own events' parent facet; operation events (SQL_JOB, MODEL) bound to their parent
    do not make it their own parent."""
    assert run(wh, SA)["parent_run_id"] == AT
    assert run(wh, A2T)["parent_run_id"] == A2D
    assert run(wh, DJ)["parent_run_id"] is None
    assert run(wh, C3)["parent_run_id"] == C1 and run(wh, C1)["parent_run_id"] == C2


def test_d9_root_run_ids(wh: Warehouse) -> None:
    """Reported root (parent.root) wins: Sales_ETL → AD; the parent it names shares that root (AT → AD); a chain
    without root facets walks to its top (C3 → C1 → C2); a run without parent is its own root."""
    assert run(wh, SA)["root_run_id"] == AD
    assert run(wh, AT)["root_run_id"] == AD
    assert run(wh, AD)["root_run_id"] == AD
    assert run(wh, A2T)["root_run_id"] == A2D
    assert [run(wh, r)["root_run_id"] for r in (C3, C1, C2)] == [C2, C2, C2]
    assert run(wh, DJ)["root_run_id"] == DJ
    assert rows(wh, "select count(*) as n from intermediate.int_run_roots where root_walk_status != 'RESOLVED'")[0][
        "n"] == 0


def test_d11_job_binding(wh: Warehouse) -> None:
    """D11: the job of the latest event, but a job named `unknown` never replaces a known one (both ways)."""
    assert run(wh, SD)["job_name"] == "real_app"
    assert run(wh, SE)["job_name"] == "first_app"
    assert run(wh, SF)["job_name"] == "app_v2"
    assert jobs(wh)["unknown"] == "SPARK_APPLICATION"


# --------------------------------------------------------------------------------------------------------------
# D1: the same set of events in another order and other files gives the same marts
# --------------------------------------------------------------------------------------------------------------

def marts_snapshot(target: Warehouse) -> dict[str, list[tuple[Any, ...]]]:
    from tests.lw.spark_reader import read_duckdb_relations

    relations = read_duckdb_relations(target.duckdb_path, "marts")
    result = {name: sorted(map(repr, relations[name][1])) for name in MARTS}
    issues = rows(target, "select * from intermediate.int_jobs_runs_facet_issues")
    result["facet_issues"] = sorted(repr(sorted(r.items())) for r in issues)
    return result


def test_d1_marts_do_not_depend_on_event_order_or_files(wh: Warehouse, tmp_path: Path) -> None:
    """D1/§5.2: all fixture events shuffled into two files, each in reversed order → identical marts."""
    lines = [line for p in sorted(FIXTURES.glob("*.jsonl")) for line in p.read_text().splitlines() if line.strip()]
    random.Random(7).shuffle(lines)
    events_dir = tmp_path / "events"
    events_dir.mkdir()
    half = len(lines) // 2
    (events_dir / "b.jsonl").write_text("\n".join(reversed(lines[:half])) + "\n")
    (events_dir / "a.jsonl").write_text("\n".join(reversed(lines[half:])) + "\n")
    other = build(tmp_path / "wh", str(events_dir / "*.jsonl"))
    assert marts_snapshot(other) == marts_snapshot(wh)


# --------------------------------------------------------------------------------------------------------------
# engine parity
# --------------------------------------------------------------------------------------------------------------

def test_fixture_gives_41_runs_and_39_jobs(wh: Warehouse) -> None:
    """41 runs (39 sent by id, and two Hive session runs whose ids are derived from their session ids, Appendix A)
    of 39 jobs: the Spark history's check of this fixture counts the 39 (`assert_jobs_runs_fixture_like_duckdbs`)."""
    assert wh.query("select count(*) from marts.runs") == [(41,)]
    assert wh.query("select count(*) from marts.jobs") == [(39,)]


def assert_jobs_runs_fixture_like_duckdbs(spark: Warehouse) -> None:
    """The Spark history's first build (tests/test_incremental.py `spark_history`) holds this fixture's files beside
    the corpora: its runs mart holds the runs whose ids this fixture sends. That the marts and the facet issues
    (`int_jobs_runs_facet_issues`) equal DuckDB's is checked with every mart and intermediate relation
    (tests/test_engine_parity.py)."""
    fixture_ids = set(re.findall(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
                                 "".join(path.read_text(encoding="utf-8") for path in FIXTURES.glob("*.jsonl"))))
    columns, rows = spark.relations("marts", ["runs"])["runs"]
    spark_runs = {row[columns.index("run_id")] for row in rows} & fixture_ids
    # the fixture's 41 runs less its two Hive session runs, whose ids are derived (Appendix A), not sent
    assert len(spark_runs) == 39


@pytest.mark.spark
def test_spark_gives_identical_jobs_runs_marts(spark_history: dict[str, Any]) -> None:
    """The four marts and the facet issues are row for row identical on Spark, in the Spark history's first build
    (`assert_jobs_runs_fixture_like_duckdbs`; the marts and intermediate relations in tests/test_engine_parity.py)."""
    for kept in ("first_jobs_runs_like_duckdbs", "first_build_like_duckdbs", "first_layers_like_duckdbs"):
        if spark_history[kept] is not None:
            raise spark_history[kept]
