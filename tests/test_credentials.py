"""D6: credentials live only in raw (issue 17 point 4). The hostile set's h17_credentials.jsonl
(scripts/make_hostile_events.py credential_events) carries a secret in every form the issue lists, each holding
the marker Pw0ned. The session's DuckDB build of the hostile set must hold no marker in any column of any
relation outside the landed lines, while what surrounds each secret is kept. On Spark the same text leaves
staging identical (tests/test_engine_parity.py compares the hostile set's staging on both engines), and the
macro test tests/dbt/cross_db/test_without_credentials.sql runs on both engines."""
from __future__ import annotations

from tests.lw.column_search import columns_where
from tests.lw.dbt_runner import Warehouse

MARKER = "pw0ned"
SECRETS = 21  # Pw0ned1 .. Pw0ned21 in h17_credentials.jsonl


def columns_holding_the_marker(wh: Warehouse) -> dict[str, list[str]]:
    """{schema.relation: [columns]} of every relation of every layer but the landed lines holding the marker in
    any value (cast to text, so maps, lists and structs are searched too)."""
    searched, leaks = columns_where(wh, ("raw", "staging", "intermediate", "marts"),
                                    f"lower({{value}}) like '%{MARKER}%'", skip=("raw.raw_event_lines",))
    assert searched > 60, searched
    return leaks


def test_d6_no_credential_outside_raw(hostile_duckdb: Warehouse) -> None:
    [(lines, secrets)] = hostile_duckdb.query("""
        select count(*), sum(len(regexp_extract_all(payload, 'Pw0ned[0-9]+')))
        from raw.raw_event_lines where source_file like '%h17_credentials.jsonl'""")
    assert (lines, secrets) == (5, SECRETS)  # the landed lines keep every secret
    assert columns_holding_the_marker(hostile_duckdb) == {}


def rows(wh: Warehouse, sql: str) -> set[tuple[object, ...]]:
    return set(wh.query(sql))


def test_d6_credentials_removed_and_the_rest_kept(hostile_duckdb: Warehouse) -> None:
    """Each form, in the mart where it lands: the secret and only the secret is gone."""
    locations = {name for (name,) in hostile_duckdb.query("select name from marts.locations")}
    assert {
        "airflow.example.com:8080",  # password holding / ? #
        "db.example.com:5432",  # password holding a newline
        "warehouse.example.com",  # user:password@ without a scheme
        "mssql.example.com:1433;user=dave;password=***;database=sales",  # SQL Server ;password=
        "account.blob.core.windows.net",  # wasbs://user:password@
        "metastore.example.com:9083",  # a symlink's namespace
        "quoted.example.com",  # password holding a quote
        "airflow.example.com",  # a parent job's namespace
    } <= locations
    assert ("load postgres://db.example.com:5432/sales",) in rows(hostile_duckdb, "select name from marts.jobs")
    assert ("https://files.example.com/exports/a.csv",) in rows(hostile_duckdb, "select name from marts.datasets")
    assert {("source", "https://git.example.com"), ("endpoint", "jdbc:mysql://mysql:3306/db")} <= rows(
        hostile_duckdb, "select tag, value from marts.job_tags")
    assert ("repo", "https://git.example.com/org/repo.git") in rows(
        hostile_duckdb, "select tag, value from marts.dataset_tags")
    runs = rows(hostile_duckdb, "select ended_reason, running_log_url from marts.runs")
    assert ("could not connect to mysql://mysql.example.com:3306/app", None) in runs
    assert (None, "https://logs.example.com/view?id=1&token=***") in runs
    assert (None, "http://rm.example.com:8088/proxy/app") in runs
    assert ("CREATE USER etl WITH password=***",) in rows(hostile_duckdb, "select sql_query from marts.operations")
    [(payload,)] = hostile_duckdb.query(
        "select payload from staging.quarantined_events where source_file like '%h17_credentials.jsonl'")
    assert payload == '{"eventTime": "2025-01-01T00:00:00Z", "job": {"namespace": "postgres://db"'
