"""Write the hostile event set: bad lines of every kind beside good ones, so landing can be proved lossless.

Deterministic: running it twice gives identical bytes. Writes one file per theme and EXPECTED.json, which says
for every record where it must end: parsed, or quarantined with a reason code (docs/decisions/, D5).
"""
from __future__ import annotations

import argparse
import gzip
import io
import json
import uuid
from pathlib import Path
from typing import Any

PRODUCER = "https://example.com/hostile"


def run_id(n: int) -> str:
    """A deterministic UUIDv7-shaped id (2025 timestamp, version 7, variant 10)."""
    ms = 1_735_689_600_000 + n * 1000
    return str(uuid.UUID(f"{ms:012x}7{n:03x}8{n:015x}"))


def event(n: int, **override: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "eventType": "COMPLETE",
        "eventTime": f"2025-01-01T00:{n // 60 % 60:02d}:{n % 60:02d}.000Z",
        "run": {"runId": run_id(n), "facets": {}},
        "job": {"namespace": "hostile", "name": f"job_{n}", "facets": {}},
        "inputs": [{"namespace": "postgres://db:5432", "name": f"public.source_{n}"}],
        "outputs": [{"namespace": "postgres://db:5432", "name": f"public.target_{n}"}],
        "producer": PRODUCER,
        "schemaURL": "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent",
    }
    for key, value in override.items():
        if value is DROP:
            base.pop(key, None)
        else:
            base[key] = value
    return base


DROP = object()


def line(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False)


def without(obj: dict[str, Any], *path: str) -> dict[str, Any]:
    copy = json.loads(json.dumps(obj))
    target = copy
    for key in path[:-1]:
        target = target[key]
    target.pop(path[-1], None)
    return copy


def with_value(obj: dict[str, Any], path: tuple[str, ...], value: Any) -> dict[str, Any]:
    copy = json.loads(json.dumps(obj))
    target = copy
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return copy


P, Q = "parsed", "quarantined"


def themes() -> dict[str, list[tuple[str, str, str | None]]]:
    """File name → [(line text, expectation, reason)]."""
    good = event
    big_fields = [{"name": f"column_{i:06d}", "type": "string", "description": "x" * 60} for i in range(50_000)]
    return {
        "h01_not_json.jsonl": [
            (line(good(1)), P, None),
            ("this is not json", Q, "not_json"),
            ('{"eventType": "START", "eventTime": "2025-01-01T00:00:00Z"', Q, "not_json"),
            ('{"a": 1} trailing', Q, "not_json"),
            (line(good(2))[:40], Q, "not_json"),
            (line(good(3)), P, None),
            # an escaped surrogate without its pair is no character: both engines' readers reject the line, with
            # its own reason (docs/decisions/json-validity-across-engines.md); a pair is a character (U+1F600)
            (line(good(89)).replace('"job_89"', '"job_\\ud800_89"'), Q, "lone_surrogate"),
            (line(good(90)).replace('"job_90"', '"job_\\ud83d\\ude00_90"'), P, None),
        ],
        "h02_not_objects.jsonl": [
            ('"just a string"', Q, "not_an_object"),
            ("42", Q, "not_an_object"),
            ("null", Q, "not_an_object"),
            ("true", Q, "not_an_object"),
            (line([good(4)]), Q, "not_an_object"),
            (line(good(5)), P, None),
        ],
        "h03_run_ids.jsonl": [
            (line(without(good(6), "run", "runId")), Q, "missing_run_id"),
            (line(good(7, run={"facets": {}})), Q, "missing_run_id"),
            (line(good(8, run=DROP)), Q, "missing_run_id"),
            (line(with_value(good(9), ("run", "runId"), "abc")), Q, "invalid_run_id"),
            (line(with_value(good(10), ("run", "runId"), 12345)), Q, "invalid_run_id"),
            (line(with_value(good(11), ("run", "runId"), run_id(11) + "0")), Q, "invalid_run_id"),
            (line(with_value(good(12), ("run", "runId"), run_id(12).upper())), P, None),
            (line(with_value(good(13), ("run", "runId"), "6ba7b810-9dad-11d1-80b4-00c04fd430c8")), P, None),
        ],
        "h04_event_times.jsonl": [
            (line(good(14, eventTime=DROP)), Q, "missing_event_time"),
            (line(good(15, eventTime=None)), Q, "missing_event_time"),
            (line(good(16, eventTime="yesterday")), Q, "invalid_event_time"),
            (line(good(17, eventTime="2024-13-45T99:00:00Z")), Q, "invalid_event_time"),
            (line(good(18, eventTime=1700000000)), Q, "invalid_event_time"),
            (line(good(19, eventTime="2025-01-01T10:00:00+05:30")), P, None),
            (line(good(20, eventTime="2025-01-01T10:00:00Z")), P, None),
            (line(good(21, eventTime="2025-01-01T10:00:00")), P, None),
            (line(good(22, eventTime="2025-01-01T10:00:00.123456789Z")), P, None),
            # instants outside the years 1 to 9999 (UTC) are no event time (docs/decisions/event-time-formats.md): year
            # 0000, and an offset that moves 0001-01-01 into year 0
            (line(good(80, eventTime="0000-06-01T00:00:00Z")), Q, "invalid_event_time"),
            (line(good(81, eventTime="0001-01-01T00:30:00+01:00")), Q, "invalid_event_time"),
            (line(good(82, eventTime="0001-01-02T00:00:00Z")), P, None),
        ],
        "h05_jobs.jsonl": [
            (line(without(good(23), "job", "namespace")), Q, "missing_job_namespace"),
            (line(with_value(good(24), ("job", "namespace"), "")), Q, "missing_job_namespace"),
            (line(without(good(25), "job", "name")), Q, "missing_job_name"),
            (line(with_value(good(26), ("job", "name"), "")), Q, "missing_job_name"),
            (line(good(27, job="not an object")), Q, "missing_job_namespace"),
            # a job namespace or name that is not a JSON string is no name (docs/decisions/names-are-strings.md); a
            # string that looks like another JSON value is a name
            (line(with_value(good(83), ("job", "namespace"), {"k": "v"})), Q, "invalid_job_namespace"),
            (line(with_value(good(84), ("job", "namespace"), 5)), Q, "invalid_job_namespace"),
            (line(with_value(good(85), ("job", "name"), True)), Q, "invalid_job_name"),
            (line(with_value(good(86), ("job", "name"), ["a"])), Q, "invalid_job_name"),
            (line(with_value(good(87), ("job", "name"), "5")), P, None),
            (line(with_value(good(88), ("job", "namespace"), "[not json")), P, None),
        ],
        "h06_wrong_types.jsonl": [
            (line(good(28, eventType=42)), P, None),
            (line(good(29, eventType="EXPLODED")), P, None),
            (line(good(30, eventType=DROP)), P, None),
            (line(good(31, inputs="not a list")), P, None),
            (line(with_value(good(32), ("run", "facets"), [1, 2])), P, None),
            (line(with_value(good(33), ("job", "facets"), "x")), P, None),
            (line(good(34, outputs=[{"namespace": "s3://b", "facets": {"schema": {"fields": "oops"}}}])), P, None),
            (line(good(35, producer=DROP)), P, None),
            (line(with_value(good(36), ("run", "facets"), {"parent": "not an object", "nominalTime": 3})), P, None),
            (line(with_value(good(63), ("run", "facets"), {"jobDependencies": {
                "upstream": ["oops", None, {"job": {"namespace": "hostile", "name": ""}},
                             {"job": {"namespace": "hostile", "name": "up"}}],
                "downstream": [[1]]}})), P, None),
            (line(wrong_list_types()), P, None),
        ],
        "h07_big_event.jsonl": [
            (line(with_value(good(37), ("outputs",), [{"namespace": "hdfs://big", "name": "/big/table",
                                                       "facets": {"schema": {"fields": big_fields}}}])), P, None),
        ],
        "h08_unicode_and_quotes.jsonl": [
            (line(with_value(good(38), ("job", "name"), "ジョブ_🚀_données")), P, None),
            (line(good(39, outputs=[{"namespace": "s3://bücket", "name": "表/😀.parquet"}])), P, None),
            (line(with_value(good(40), ("job", "name"), "it's a \"quoted\" name")), P, None),
            (line(with_value(good(41), ("job", "name"), "{{ config(x=1) }} {% if %} {# c #}")), P, None),
            (line(with_value(good(42), ("job", "namespace"), "ns'; drop table raw.raw_event_lines; --")), P, None),
            (line(good(43, inputs=[{"namespace": "{{ var('x') }}", "name": "{% raw %}'\"\\"}])), P, None),
            (line(with_value(good(44), ("job", "name"), "nul\u0000inside")), P, None),
            ('{"eventTime": "2025-01-01T00:00:00Z", "raw": "\x00"}', Q, "not_json"),
            (line(with_value(good(45), ("job", "namespace"), "postgres://user:secret@db.example.com:5432")), P, None),
        ],
        "h09_duplicates.jsonl": [
            (line(good(46)), P, None),
            (line(good(46)), P, None),
            (line(good(47)), P, None),
            (line(good(46)), P, None),
        ],
        "h17_credentials.jsonl": [(text, P, None) for text in credential_events()] + [
            ('{"eventTime": "2025-01-01T00:00:00Z", "job": {"namespace": "postgres://max:Pw0ned21@db"', Q, "not_json"),
        ],
        # D16: DatasetEvents and JobEvents need no run, but their dataset's or job's namespace and name
        "h18_static_events.jsonl": [
            (line(static_event("DatasetEvent", dataset={"namespace": "postgres://db:5432", "name": "public.s"})), P,
             None),
            (line(static_event("DatasetEvent", dataset={"name": "public.s"})), Q, "missing_dataset_namespace"),
            (line(static_event("DatasetEvent", dataset={"namespace": "postgres://db:5432", "name": ""})), Q,
             "missing_dataset_name"),
            (line(static_event("DatasetEvent", dataset={"namespace": ["postgres://db:5432"], "name": "public.s"})), Q,
             "invalid_dataset_namespace"),
            (line(static_event("DatasetEvent", dataset={"namespace": "postgres://db:5432", "name": 7})), Q,
             "invalid_dataset_name"),
            (line(static_event("JobEvent", job={"namespace": "hostile", "name": "static_job"})), P, None),
            (line(static_event("JobEvent", job={"namespace": "hostile"})), Q, "missing_job_name"),
            (line(static_event("JobEvent", job={"name": "static_job"}, eventTime=DROP)), Q, "missing_event_time"),
        ],
        # the reference 0.7 gaps (tests/test_reference_gaps.py): Hive nominal times, and facets the reference
        # rejects that D5 drops alone
        "h19_reference_gaps.jsonl": [(text, P, None) for text in reference_gap_events()],
    }


def reference_gap_events() -> list[str]:
    """Hive sessions with nominal times; required fields of flink_job, dbt_run, spark_jobDetails; dataset and job
    tags facets with a tag lacking its value; lifecycleStateChange previousIdentifier without its name; a schema
    field without a name and a negative row count."""
    def hive(n: int, session: str, start: str, end: str) -> dict[str, Any]:
        return event(n, run={"runId": run_id(n), "facets": {
            "hive_session": {"sessionId": session, "creationTime": "2025-01-01T00:00:00Z", "username": "ann",
                             "clientIp": "10.0.0.9"},
            "hive_query": {"queryId": f"query_{n}", "operationName": "QUERY"},
            "nominalTime": {"nominalStartTime": start, "nominalEndTime": end}}},
            job={"namespace": "hive://metastore:9083", "name": f"hive_query_{n}", "facets": {
                "jobType": {"integration": "HIVE", "jobType": "QUERY", "processingType": "BATCH"}}})

    def own(n: int, integration: str, namespace: str, facets: dict[str, Any]) -> dict[str, Any]:
        return event(n, inputs=[], outputs=[], run={"runId": run_id(n), "facets": facets},
                     job={"namespace": namespace, "name": f"{integration.lower()}_job_{n}", "facets": {
                         "jobType": {"integration": integration, "jobType": "JOB", "processingType": "BATCH"}}})

    def spark_job(n: int, details: dict[str, Any]) -> dict[str, Any]:
        return event(n, run={"runId": run_id(n), "facets": {
            "parent": {"run": {"runId": run_id(73)}, "job": {"namespace": "spark", "name": "gap_app"}},
            "spark_jobDetails": details}},
            job={"namespace": "spark", "name": f"gap_app.sql_job_{n}", "facets": {
                "jobType": {"integration": "SPARK", "jobType": "SQL_JOB", "processingType": "BATCH"}}})

    def output(name: str, facets: dict[str, Any]) -> dict[str, Any]:
        return {"namespace": "postgres://db:5432", "name": name, "facets": facets}

    tags = event(71, job={"namespace": "hostile", "name": "gap_tags", "facets": {
        "tags": {"tags": [{"key": "team", "value": "data"}, {"key": "tier"}]}}},
        outputs=[output("public.gap_bad_tags", {"tags": {"tags": [{"key": "a", "value": "1"}, {"key": "b"}]}}),
                 output("public.gap_good_tags", {"tags": {"tags": [{"key": "c", "value": "3"}]}}),
                 output("public.gap_tags_text", {"tags": {"tags": "c:3"}})])
    lifecycle = event(72, outputs=[
        output("public.gap_renamed_bad", {"lifecycleStateChange": {
            "lifecycleStateChange": "RENAME", "previousIdentifier": {"namespace": "postgres://db:5432"}}}),
        output("public.gap_renamed_good", {"lifecycleStateChange": {
            "lifecycleStateChange": "RENAME",
            "previousIdentifier": {"namespace": "postgres://db:5432", "name": "public.gap_old"}}}),
        # IO checks of the integration models (int_operations_io_facet_issues): a nameless schema field, a
        # negative row count
        {**output("public.gap_bad_statistics", {"schema": {"fields": [{"type": "int"}]}}),
         "outputFacets": {"outputStatistics": {"rowCount": -5, "size": 10}}}])
    events = [
        hive(64, "gap-session-1", "2025-01-01T06:00:00Z", "2025-01-01T07:00:00Z"),
        hive(65, "gap-session-2", "2025-01-02T06:00:00Z", "2025-01-02T06:00:00Z"),
        own(66, "FLINK", "http://flink.example.com:8081", {"flink_job": {"jobName": "no id"}}),
        own(67, "DBT", "dbt://gap", {"dbt_run": {"invocation_id": None}}),
        spark_job(68, {"jobId": 7, "jobGroup": "g7", "jobDescription": "d7"}),
        spark_job(69, {"jobId": "seven", "jobGroup": "g_text", "jobDescription": "d_text"}),
        spark_job(70, {"jobGroup": "g_none", "jobDescription": "d_none"}),
        tags,
        lifecycle,
    ]
    return [line(e) for e in events]


def static_event(definition: str, **fields: Any) -> dict[str, Any]:
    """A static event (D16): no run and no eventType, its definition named by schemaURL."""
    base: dict[str, Any] = {"eventTime": "2025-01-01T00:00:00.000Z", "producer": PRODUCER,
                            "schemaURL": f"https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/{definition}"}
    for key, value in fields.items():
        if value is DROP:
            base.pop(key, None)
        else:
            base[key] = value
    return base


def wrong_list_types() -> dict[str, Any]:
    """D5 for every declared list (tests/test_facet_lists.py): each sent as another JSON type, beside an empty list
    and a JSON null, which are no issue."""
    wrong = event(91, run={"runId": run_id(91), "facets": {
        "test": {"tests": {"name": "not_null_id", "status": "pass"}},
        "jobDependencies": {"upstream": "dag.extract", "downstream": 7}}})
    wrong["job"]["facets"] = {"ownership": {"owners": "alice"}}
    wrong["inputs"][0]["facets"] = {"ownership": {"owners": None}, "hierarchy": {"hierarchy": []}}
    wrong["inputs"][0]["inputFacets"] = {"dataQualityAssertions": {"assertions": "all passed"}}
    wrong["outputs"][0]["facets"] = {
        "ownership": {"owners": "bob"}, "hierarchy": {"hierarchy": "DB:sales/TABLE:orders"},
        "dataQualityAssertions": {"assertions": True}, "symlinks": {"identifiers": {"name": "db.t"}},
        "storage": {"storageLayer": "iceberg"}}
    return wrong


def credential_events() -> list[str]:
    """Credentials in every form D6 removes, each secret holding the marker Pw0ned (tests/test_credentials.py)."""
    tags = {"tags": [{"key": "repo", "value": "https://ivan:Pw0ned8@git.example.com/org/repo.git", "source": "USER"},
                     {"key": "api_key", "value": "Pw0ned27", "source": "USER"},
                     {"source": "USER", "value": "Pw0ned28", "key": "ApiKey"}]}
    first = event(
        58,
        job={"namespace": "airflow://admin:x/y?z#Pw0ned1@airflow.example.com:8080", "name": "credentials.first",
             "facets": {"tags": {"tags": [{"key": "source", "value": "https://u:Pw0ned18@git.example.com",
                                          "source": "USER"},
                                         {"key": "db_password", "value": "Pw0ned22", "source": "USER"},
                                         {"key": "ldap_passwd", "value": "Pw0ned23"},
                                         {"key": "DB_PWD", "value": "Pw0ned24", "source": "USER"}]},
                        "acme_connection": {"host": "db.example.com", "access_key": "Pw0ned34", "port": 5432},
                        "sql": {"query": "CREATE USER etl WITH password='Pw0ned16'"}}},
        inputs=[{"namespace": "postgres://bob:line1\nPw0ned2@db.example.com:5432", "name": "public.orders",
                 "facets": {"tags": tags, "symlinks": {"identifiers": [
                     {"namespace": "hive://kim:Pw0ned13@metastore.example.com:9083", "name": "db.orders",
                      "type": "TABLE"}]}}}],
        outputs=[{"namespace": "carol:Pw0ned3@warehouse.example.com", "name": "sales.daily", "facets": {
            "columnLineage": {"fields": {"total": {"inputFields": [
                {"namespace": "postgres://bob:Pw0ned15@db.example.com:5432", "name": "public.orders",
                 "field": "amount"}]}}}}}],
    )
    second = event(
        59,
        run={"runId": run_id(59), "facets": {
            "tags": {"tags": [{"key": "endpoint", "value": "jdbc:mysql://root:Pw0ned19@mysql:3306/db"},
                              {"key": "slack_token", "value": "Pw0ned25"},
                              {"value": "Bearer Pw0ned26", "key": "Authorization"}]},
            "environment-properties": {"environment-properties": {
                "AWS_ACCESS_TOKEN": "Pw0ned31", "GITHUB_CREDENTIALS": "Pw0ned32", "APP_SECRET": "Pw0ned33",
                "HOME": "/home/etl"}},
            "dataRentgen_run": {"running_log_url": "https://logs.example.com/view?id=1&token=Pw0ned11"},
            "parent": {"run": {"runId": run_id(60)},
                       "job": {"namespace": "airflow://leo:Pw0ned14@airflow.example.com", "name": "dag.task"}}}},
        job={"namespace": "hostile", "name": "load postgres://frank:Pw0ned6@db.example.com:5432/sales"},
        inputs=[{"namespace": "sqlserver://mssql.example.com:1433;user=dave;password=Pw0ned4;database=sales",
                 "name": "dbo.customers"}],
        outputs=[{"namespace": "wasbs://erin:Pw0ned5@account.blob.core.windows.net", "name": "/container/path"},
                 {"namespace": "https://files.example.com",
                  "name": "https://hank:Pw0ned7@files.example.com/exports/a.csv"}],
    )
    failed = event(
        61, eventType="FAIL",
        run={"runId": run_id(61), "facets": {
            "errorMessage": {"message": "could not connect to mysql://judy:Pw0ned9@mysql.example.com:3306/app",
                             "programmingLanguage": "python", "stackTrace": "connect(host, password=Pw0ned10)"},
            "spark_properties": {"properties": {
                "spark.hadoop.fs.s3a.secret.key": "Pw0ned17",
                "spark.hadoop.google.cloud.auth.service.account.private_key": "Pw0ned29",
                "spark.datasource.accessKey": "Pw0ned30", "spark.master": "yarn"}}}},
        job={"namespace": 'postgres://u:pa"Pw0ned20@quoted.example.com', "name": "credentials.failed",
             "facets": {"sql": {"query": "alter user x password 'Pw0ned35';\nCREATE USER y IDENTIFIED BY 'Pw0ned36';"
                                         " CREATE SECRET s (TYPE s3, KEY_ID 'k', SECRET 'Pw0ned37')"}}},
    )
    spark = event(
        62, inputs=[], outputs=[], producer="https://github.com/OpenLineage/OpenLineage/tree/1.23.0/integration/spark",
        run={"runId": run_id(62), "facets": {
            "processing_engine": {"name": "spark", "version": "3.5.0"},
            "spark_applicationDetails": {"master": "yarn", "appName": "app", "applicationId": "application_1_1",
                                         "deployMode": "cluster", "driverHost": "10.0.0.1", "userName": "spark",
                                         "proxyUrl": "http://yarn:Pw0ned12@rm.example.com:8088/proxy/app"}}},
        job={"namespace": "spark", "name": "credentials_app", "facets": {
            "jobType": {"integration": "SPARK", "jobType": "APPLICATION", "processingType": "BATCH"}}},
    )
    return [line(e) for e in (first, second, failed, spark)]


def write(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    expected: dict[str, list[dict[str, Any]]] = {}
    for name, rows in themes().items():
        (out / name).write_text("".join(text + "\n" for text, _, _ in rows), encoding="utf-8")
        expected[name] = [{"line": i, "expect": e, "reason": r} for i, (_, e, r) in enumerate(rows, start=1)]

    pretty = event(48)
    (out / "h10_pretty.json").write_text(json.dumps(pretty, indent=2) + "\n", encoding="utf-8")
    expected["h10_pretty.json"] = [{"line": 1, "expect": P, "reason": None}]

    array = [event(49), 7, event(50)]
    (out / "h11_array.json").write_text(json.dumps(array, indent=2) + "\n", encoding="utf-8")
    expected["h11_array.json"] = [
        {"line": 1, "element": 0, "expect": P, "reason": None},
        {"line": 1, "element": 1, "expect": Q, "reason": "not_an_object"},
        {"line": 1, "element": 2, "expect": P, "reason": None},
    ]

    buffer = io.BytesIO()
    with gzip.GzipFile(fileobj=buffer, mode="wb", mtime=0, filename="") as gz:
        gz.write((line(event(51)) + "\n" + "{broken\n" + line(event(52)) + "\n").encode("utf-8"))
    (out / "h12_gzip.jsonl.gz").write_bytes(buffer.getvalue())
    expected["h12_gzip.jsonl.gz"] = [
        {"line": 1, "expect": P, "reason": None},
        {"line": 2, "expect": Q, "reason": "not_json"},
        {"line": 3, "expect": P, "reason": None},
    ]

    (out / "h13_crlf.jsonl").write_bytes((line(event(53)) + "\r\n" + "oops\r\n" + line(event(54)) + "\r\n").encode())
    expected["h13_crlf.jsonl"] = [
        {"line": 1, "expect": P, "reason": None},
        {"line": 2, "expect": Q, "reason": "not_json"},
        {"line": 3, "expect": P, "reason": None},
    ]

    (out / "h14_blank_lines.jsonl").write_text(
        line(event(55)) + "\n\n   \n\t\n" + line(event(56)) + "\n\n", encoding="utf-8")
    expected["h14_blank_lines.jsonl"] = [
        {"line": 1, "expect": P, "reason": None},
        {"line": 5, "expect": P, "reason": None},
    ]

    (out / "h15_empty.jsonl").write_bytes(b"")
    expected["h15_empty.jsonl"] = []

    half = json.dumps(event(57), indent=2).splitlines()[:8]
    (out / "h16_truncated_pretty.json").write_text("\n".join(half) + "\n", encoding="utf-8")
    expected["h16_truncated_pretty.json"] = [
        {"line": i, "expect": Q, "reason": "not_json"} for i in range(1, len(half) + 1)
    ]

    (out / "EXPECTED.json").write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("tests/fixtures/hostile"), help="output folder")
    write(parser.parse_args().out)


if __name__ == "__main__":
    main()
