"""D6: credentials live only in raw (issue 17 point 4, issue 54 part 3). The hostile set's h17_credentials.jsonl
(scripts/make_hostile_events.py credential_events) carries a secret in every form D6 names, each holding the marker
Pw0ned: userinfo, `password=` style parameters, a value under every sensitive key name (macros/credentials.sql
`sensitive_key_names`) in job, run and dataset tags, Spark properties, an environment facet and a facet kept as
text, and SQL literals after PASSWORD, IDENTIFIED BY and SECRET. The session's DuckDB build of the hostile set must
hold no marker in any column of any relation outside the landed lines, while what surrounds each secret is kept;
the Spark history's first build (tests/test_incremental.py `spark_history`, which holds the hostile set) must hold
none in any value of any staging, intermediate or mart relation. The macro test
tests/dbt/credentials/test_without_credentials.sql runs on both engines."""
from __future__ import annotations

import ast
import json
from typing import Any

import pytest

from tests.lw.column_search import columns_where
from tests.lw.dbt_runner import PROJECT_DIR, Warehouse
from tests.lw.spark_reader import Relations

MARKER = "pw0ned"
SECRETS = 37  # Pw0ned1 .. Pw0ned37 in h17_credentials.jsonl
SENSITIVE_KEYS = ("password", "passwd", "pwd", "secret", "token", "api_key", "apikey", "access_key", "accesskey",
                  "access_token", "authorization", "private_key", "credential")


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


def test_d6_sensitive_key_names_masked_in_tags_properties_and_facets(hostile_duckdb: Warehouse) -> None:
    """Issue 54 part 3: a value under a key that holds a sensitive name is '***' in the job tags (job and run tags
    facets, either member order), the dataset tags, and the facets kept as text (Spark properties, an environment
    facet, a custom facet); the other pairs of the same lists are kept."""
    job_tags = rows(hostile_duckdb, "select tag, value from marts.job_tags")
    assert {("db_password", "***"), ("ldap_passwd", "***"), ("DB_PWD", "***"), ("slack_token", "***"),
            ("Authorization", "***"), ("source", "https://git.example.com")} <= job_tags
    assert {("api_key", "***"), ("ApiKey", "***"), ("repo", "https://git.example.com/org/repo.git")} <= rows(
        hostile_duckdb, "select tag, value from marts.dataset_tags")
    [(run_facets, job_facets)] = hostile_duckdb.query(
        "select p.run_facets, p.job_facets from staging.stg_event_payloads as p inner join staging.stg_events as e"
        " on p.event_hash = e.event_hash where e.job_name = 'credentials.first'")
    assert '"access_key":"***"' in str(job_facets["acme_connection"]).replace(" ", "")
    [(second,)] = hostile_duckdb.query(
        "select p.run_facets from staging.stg_event_payloads as p inner join staging.stg_events as e"
        " on p.event_hash = e.event_hash where e.job_name like 'load postgres://%'")
    environment = str(second["environment-properties"]).replace(" ", "")
    assert all(f'"{key}":"***"' in environment for key in ("AWS_ACCESS_TOKEN", "GITHUB_CREDENTIALS", "APP_SECRET"))
    assert '"HOME":"/home/etl"' in environment
    [(failed,)] = hostile_duckdb.query(
        "select p.run_facets from staging.stg_event_payloads as p inner join staging.stg_events as e"
        " on p.event_hash = e.event_hash where e.job_name = 'credentials.failed'")
    properties = str(failed["spark_properties"]).replace(" ", "")
    assert all(f'"{key}":"***"' in properties for key in (
        "spark.hadoop.fs.s3a.secret.key", "spark.hadoop.google.cloud.auth.service.account.private_key",
        "spark.datasource.accessKey"))
    assert '"spark.master":"yarn"' in properties
    assert run_facets is not None


def test_d6_sql_literals_after_password_identified_by_and_secret_masked(hostile_duckdb: Warehouse) -> None:
    """Issue 54 part 3: the literal after PASSWORD, IDENTIFIED BY and SECRET is '***' (quotes included, as the
    value of a password= parameter), the rest of the SQL kept."""
    [(query,)] = hostile_duckdb.query(
        "select p.job_sql__query from staging.stg_event_payloads as p inner join staging.stg_events as e"
        " on p.event_hash = e.event_hash where e.job_name = 'credentials.failed'")
    assert query == ("alter user x password ***;\nCREATE USER y IDENTIFIED BY ***; "
                     "CREATE SECRET s (TYPE s3, KEY_ID 'k', SECRET ***)")


def keys_of_secrets(value: Any, found: set[str]) -> set[str]:
    """The lower-case keys whose value holds the marker in a parsed event: member keys, and the `key` of a
    key/value pair."""
    if isinstance(value, dict):
        if isinstance(value.get("key"), str) and MARKER in str(value.get("value")).lower():
            found.add(value["key"].lower())
        for key, item in value.items():
            if isinstance(item, str) and MARKER in item.lower():
                found.add(key.lower())
            keys_of_secrets(item, found)
    elif isinstance(value, list):
        for item in value:
            keys_of_secrets(item, found)
    return found


def test_d6_every_sensitive_key_name_is_in_the_fixture_the_macro_and_the_rules() -> None:
    """The one list of names (macros/credentials.sql `sensitive_key_names`) is the list docs/rules.md D6 names,
    and the fixture carries a secret under a key holding each of them."""
    macro = (PROJECT_DIR / "macros" / "credentials.sql").read_text()
    listed = macro[macro.index("macro sensitive_key_names"):]
    assert sorted(ast.literal_eval(listed[listed.index("["):listed.index("]") + 1])) == sorted(SENSITIVE_KEYS)
    rules = (PROJECT_DIR / "docs" / "rules.md").read_text()
    d6 = rules[rules.index("## D6"):rules.index("## D7")]
    assert all(f"`{name}`" in d6 for name in SENSITIVE_KEYS)
    keys: set[str] = set()
    for text in (PROJECT_DIR / "tests" / "fixtures" / "hostile" / "h17_credentials.jsonl").read_text().splitlines():
        try:
            keys_of_secrets(json.loads(text), keys)
        except json.JSONDecodeError:
            continue  # the quarantined line
    assert [name for name in SENSITIVE_KEYS if not any(name in key for key in keys)] == []


def relations_holding_the_marker(relations: Relations) -> list[str]:
    """The relations (of one schema, as read from Spark) and columns holding the marker in any value."""
    found = []
    for name, (columns, table) in sorted(relations.items()):
        for index, column in enumerate(columns):
            if any(MARKER in str(row[index]).lower() for row in table):
                found.append(f"{name}.{column}")
    return found


@pytest.mark.spark
def test_d6_no_credential_outside_raw_on_spark(spark_history: dict[str, Any]) -> None:
    """The Spark history's first build holds the hostile set: every value of every relation of staging,
    intermediate and marts, as engine parity read them, is free of the marker."""
    scanned = spark_history["credentials_on_spark"]
    assert sorted(scanned) == ["intermediate", "marts", "staging"], sorted(scanned)
    assert {schema: leaks for schema, leaks in scanned.items() if leaks} == {}
