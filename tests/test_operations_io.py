"""Operations, inputs/outputs, dataset schemas and column lineage (openlineage-to-entities §2.4, §6, §7, §8,
Appendix A; deviations D1-D5, D8, D10; "kept as in the reference": run-level events contribute no IO, status
precedence, hour bucketing).

The events are hand-written in tests/fixtures/operations_io (see SOURCE.md there): every id is a UUIDv7 whose
timestamp is a known offset from T0 = 2025-06-18 10:00:00 UTC, so every expected value below is derived by hand
from the spec and the fixture, never read back from a build.
"""
from __future__ import annotations

import datetime as dt
import json
import uuid
from pathlib import Path
from typing import Any

import pytest

from tests.lw.dbt_runner import PROJECT_DIR, Warehouse

FIXTURES = PROJECT_DIR / "tests" / "fixtures" / "operations_io"
SELECT = ("+facet_issues +operations +inputs +outputs +dataset_schemas +column_lineage +int_dataset_current_schemas "
          "+datasets +jobs +runs")
T0 = dt.datetime(2025, 6, 18, 10, 0, 0)


def at(seconds: float) -> dt.datetime:
    return T0 + dt.timedelta(seconds=seconds)


# Ids of the fixture (UUIDv7: the first 48 bits are the millisecond timestamp at(n)).
APP = "0197827b-2d00-7001-8001-000000000001"      # Spark application, at(0)
O1 = "0197827b-30e8-7002-8002-000000000002"       # Spark SQL_JOB insert, at(1), events over two hours
O2 = "0197827b-4088-7003-8003-000000000003"       # Spark, bad statistics, at(5)
O3 = "0197827b-5410-7004-8004-000000000004"       # Spark, lifecycle + SQL, at(10)
O4 = "0197827b-7b20-7005-8005-000000000005"       # Spark, multi-line name, FAIL, at(20)
DAGRUN = "0197827c-b3a0-700a-800a-00000000000a"   # Airflow DAG run, at(100)
T1 = "0197827c-b788-700b-800b-00000000000b"       # Airflow task merge_daily, at(101)
T2 = "0197827c-bb70-700c-800c-00000000000c"       # Airflow task reset (FAIL), at(102)
T3 = "0197827c-bf58-700d-800d-00000000000d"       # Airflow task export (ABORT), at(103)
H1 = "0197827e-3a40-7014-8014-000000000014"       # Hive CTAS, at(200)
H2 = "0197827e-6150-7015-8015-000000000015"       # Hive QUERY, at(210)
HIVE_SESSION_RUN = "0197833d-511d-7034-be27-078fb128ca59"  # Appendix A example session
F1 = "0197827f-c0e0-701e-801e-00000000001e"       # Flink JOB, at(300)
F_APP = "0197827f-e7f0-701f-801f-00000000001f"    # Flink non-JOB event, at(310)
DJOB = "01978281-4780-7028-8028-000000000028"     # dbt JOB, at(400)
DM = "01978281-4f50-7029-8029-000000000029"       # dbt MODEL, at(402)
UPARENT = "01978282-ce20-7032-8032-000000000032"  # Unknown parent run, at(500)
U1 = "01978282-d208-7033-8033-000000000033"       # Unknown with dataRentgen_operation, at(501)
U2 = "01978282-d5f0-7034-8034-000000000034"       # Unknown with IO only, at(502)
U3 = "01978282-d9d8-7035-8035-000000000035"       # Unknown without IO or facet, at(503)
U4 = "01978282-ddc0-7036-8036-000000000036"       # Unknown with SQL to normalise, at(504)


class SelectedWarehouse(Warehouse):
    """Builds only the selected models; data tests run only when all their parents are selected."""

    def env(self) -> dict[str, str]:
        env = super().env()
        env["DBT_INDIRECT_SELECTION"] = "cautious"
        return env


@pytest.fixture(scope="module")
def wh(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    warehouse = SelectedWarehouse(tmp_path_factory.mktemp("operations_io"))
    warehouse.build(f"{FIXTURES}/*.jsonl", select=SELECT)
    return warehouse


def one(wh: Warehouse, sql: str) -> tuple[Any, ...]:
    rows = wh.query(sql)
    assert len(rows) == 1, rows
    return rows[0]


def ds(wh: Warehouse, name: str) -> str:
    return one(wh, f"select dataset_id from marts.datasets where name = '{name}'")[0]


def operation(wh: Warehouse, operation_id: str) -> dict[str, Any]:
    cols = ["run_id", "name", "type", "status", "started_at", "ended_at", "ended_reason", "position", "group_name",
            "description", "sql_query", "created_at"]
    row = one(wh, f"select {', '.join(cols)} from marts.operations where operation_id = '{operation_id}'")
    return dict(zip(cols, row))


def operation_ids(wh: Warehouse) -> set[str]:
    return {r[0] for r in wh.query("select operation_id from marts.operations")}


def io_rows(wh: Warehouse, relation: str, operation_id: str, dataset: str) -> list[tuple[Any, ...]]:
    extra = ", output_types, output_types_mask" if relation == "outputs" else ""
    return wh.query(f"""
        select created_at, num_rows, num_bytes, num_files{extra}
        from marts.{relation}
        where operation_id = '{operation_id}' and dataset_id = '{ds(wh, dataset)}'
        order by created_at, num_rows nulls first""")


def output_types(wh: Warehouse, operation_id: str, dataset: str) -> set[tuple[str, int]]:
    return {(r[-2], r[-1]) for r in io_rows(wh, "outputs", operation_id, dataset)}


# --------------------------------------------------------------------------------------------------------------
# §6.1 which events are operations, and their run
# --------------------------------------------------------------------------------------------------------------

def test_s6_1_spark_sql_job_is_an_operation_of_the_parent_application_run(wh: Warehouse) -> None:
    assert operation(wh, O1)["run_id"] == APP
    assert APP not in operation_ids(wh)


def test_s6_1_airflow_task_is_an_operation_of_its_own_run_dag_is_not(wh: Warehouse) -> None:
    assert [operation(wh, t)["run_id"] for t in (T1, T2, T3)] == [T1, T2, T3]
    assert DAGRUN not in operation_ids(wh)


def test_s6_1_hive_query_is_an_operation_of_the_synthetic_session_run(wh: Warehouse) -> None:
    """Appendix A: session 0ba6765b-... created 2025-06-18T13:32:03.229Z gives run
    0197833d-511d-7034-be27-078fb128ca59."""
    assert operation(wh, H1)["run_id"] == HIVE_SESSION_RUN
    assert operation(wh, H2)["run_id"] == HIVE_SESSION_RUN


def test_s6_1_flink_job_event_is_an_operation_other_job_types_are_not(wh: Warehouse) -> None:
    assert operation(wh, F1)["run_id"] == F1
    assert F_APP not in operation_ids(wh)


def test_s6_1_dbt_model_is_an_operation_of_the_parent_run_job_event_is_not(wh: Warehouse) -> None:
    op = operation(wh, DM)
    assert (op["run_id"], op["name"], op["group_name"]) == (DJOB, "model.jaffle_shop.orders", "MODEL")
    assert DJOB not in operation_ids(wh)


def test_s6_1_unknown_integration_operations(wh: Warehouse) -> None:
    """dataRentgen_operation + parent + no dataRentgen_run → parent run, facet fields; IO only → own run, job
    name; neither → run-only."""
    u1 = operation(wh, U1)
    assert (u1["run_id"], u1["name"], u1["position"], u1["group_name"], u1["description"]) == \
        (UPARENT, "load step", 0, "loading", "loads rows")
    u2 = operation(wh, U2)
    assert (u2["run_id"], u2["name"]) == (U2, "copier")
    assert U3 not in operation_ids(wh)


# --------------------------------------------------------------------------------------------------------------
# §6.2 fields, §6.3 merge, D3, D8
# --------------------------------------------------------------------------------------------------------------

def test_s6_2_created_at_is_the_uuid7_timestamp(wh: Warehouse) -> None:
    assert operation(wh, O1)["created_at"] == at(1)
    assert operation(wh, DM)["created_at"] == at(402)


def test_s6_2_spark_name_lines_joined_and_parent_prefix_removed(wh: Warehouse) -> None:
    assert operation(wh, O1)["name"] == "execute_insert_into_hadoop_fs_relation_command.dst_agg"
    # "etl_app.SELECT customer_id\n        FROM src.orders\r\n   WHERE amount > 0  \n"
    assert operation(wh, O4)["name"] == "SELECT customer_id FROM src.orders WHERE amount > 0"


def test_s6_2_spark_job_details_and_d3_position_zero(wh: Warehouse) -> None:
    op = operation(wh, O1)
    assert (op["position"], op["group_name"], op["description"]) == (0, "nightly", "insert agg")


def test_s6_2_airflow_task_named_after_task_id_although_complete_has_no_facet(wh: Warehouse) -> None:
    op = operation(wh, T1)
    assert (op["name"], op["position"], op["group_name"], op["description"]) == \
        ("merge_daily", 0, "loading", "SQLExecuteQueryOperator")
    assert (op["status"], op["started_at"], op["ended_at"]) == ("SUCCEEDED", at(110), at(160))
    assert operation(wh, T3)["position"] == -1


def test_s6_2_hive_name_is_query_id_and_description_operation_name(wh: Warehouse) -> None:
    op = operation(wh, H1)
    assert (op["name"], op["description"], op["status"]) == ("hive_20250618_q1", "CREATETABLE_AS_SELECT", "SUCCEEDED")


def test_s6_2_flink_streaming_type_and_batch_default(wh: Warehouse) -> None:
    assert operation(wh, F1)["type"] == "STREAMING"
    assert operation(wh, F1)["status"] == "STARTED"
    assert operation(wh, U2)["type"] == "BATCH"   # no jobType facet


def test_s6_3_status_precedence_and_d8_ended_reason(wh: Warehouse) -> None:
    o4 = operation(wh, O4)
    assert (o4["status"], o4["started_at"], o4["ended_at"], o4["ended_reason"]) == \
        ("FAILED", at(21), at(25), "Job aborted: disk full")
    t2 = operation(wh, T2)
    assert (t2["status"], t2["ended_reason"]) == ("FAILED", "SQL compilation error:\nobject does not exist")
    t3 = operation(wh, T3)
    assert (t3["status"], t3["ended_reason"]) == ("KILLED", "killed by user")
    assert operation(wh, O1)["ended_reason"] is None


def test_s6_2_sql_query_dedented_stripped_and_control_characters_escaped(wh: Warehouse) -> None:
    assert operation(wh, O1)["sql_query"] == (
        "INSERT INTO dst.agg\nSELECT customer_id, sum(amount) AS total  -- 'DROP TABLE x' only in a comment\n"
        "FROM src.orders\nGROUP BY customer_id")
    # "\t\n    SELECT 'it\\'s an update ' AS note,\r\n\tx\x00y\x7f FROM t\n      \n        WHERE a = 1\n   \n":
    # the indents "    ", "\t" and "        " share no prefix (no dedent); blank lines emptied; stripped;
    # \r \t \x00 \x7f escaped, \n kept.
    assert operation(wh, U4)["sql_query"] == (
        "SELECT 'it\\'s an update ' AS note,\\r\n\\tx\\x00y\\x7f FROM t\n\n        WHERE a = 1")


# --------------------------------------------------------------------------------------------------------------
# §7 inputs and outputs
# --------------------------------------------------------------------------------------------------------------

def test_run_level_events_contribute_no_io(wh: Warehouse) -> None:
    """Kept as in the reference (§0 step 2): Spark APPLICATION, Airflow DAG, Flink non-JOB and dbt JOB events carry
    outputs that must not become IO rows, nor even datasets: a run event's inputs/outputs are ignored completely."""
    for name in ("/tmp/application_level_output", "ANALYTICS.DAG_LEVEL_OUTPUT", "flink_app_level_topic",
                 "postgres.public.job_level"):
        assert wh.query(f"select count(*) from marts.datasets where lower(name) = lower('{name}')") == [(0,)], name
    # the operations of the same fixture do create datasets: the filter is on the event kind, not on the name
    assert wh.query("select count(*) from marts.datasets where name = 'dst.agg'") == [(1,)]


def test_s2_3_spark_io_rows_point_at_the_table_after_the_swap(wh: Warehouse) -> None:
    inputs = {r[0] for r in wh.query(f"select dataset_id from marts.inputs where operation_id = '{O1}'")}
    outputs = {r[0] for r in wh.query(f"select dataset_id from marts.outputs where operation_id = '{O1}'")}
    assert (inputs, outputs) == ({ds(wh, "src.orders")}, {ds(wh, "dst.agg")})


def test_s7_1_io_rows_carry_run_and_job_of_the_operation(wh: Warehouse) -> None:
    app_job = one(wh, "select job_id from marts.jobs where name = 'etl_app'")[0]
    rows = set(wh.query(f"select run_id, job_id from marts.outputs where operation_id = '{O1}'"))
    assert rows == {(APP, app_job)}


def test_s7_2_hour_buckets_of_a_long_running_operation(wh: Warehouse) -> None:
    """Flink job created at(300) = 10:05:00; events at 10:05:05, 11:35:00, 13:15:00 → buckets 10:05, 11:05, 13:05."""
    assert io_rows(wh, "outputs", F1, "orders_enriched") == [
        (at(300), 0, None, None, "APPEND", 1),
        (at(300 + 3600), 500, None, None, "APPEND", 1),
        (at(300 + 3 * 3600), 900, None, None, "APPEND", 1),
    ]
    assert [r[0] for r in io_rows(wh, "inputs", F1, "orders")] == [at(300), at(300 + 3600), at(300 + 3 * 3600)]


def test_s7_2_event_before_created_at_falls_in_the_first_bucket(wh: Warehouse) -> None:
    """dbt model created at(402); its START at(401) and COMPLETE at(409) both bucket at(402). The START output has a
    schema, the COMPLETE output none: two rows (D2 grain includes the schema)."""
    assert io_rows(wh, "outputs", DM, "public.orders") == [
        (at(402), None, None, None, "APPEND", 1),
        (at(402), 42, None, None, "APPEND", 1),
    ]


def test_d2_counters_are_max_not_sum_and_d3_zero_is_kept(wh: Warehouse) -> None:
    """O1 created at(1): START (0, 0, 0), RUNNING +30 min (100, 1000, 0), RUNNING +40 min (250, 2500, 0) share the
    first bucket; COMPLETE +70 min (300, 3000, 2) is in the second."""
    assert io_rows(wh, "outputs", O1, "dst.agg") == [
        (at(1), 250, 2500, 0, "APPEND", 1),
        (at(3601), 300, 3000, 2, "APPEND", 1),
    ]
    assert io_rows(wh, "inputs", O1, "src.orders") == [
        (at(1), 1000, 50000, 0),
        (at(3601), 1000, 50000, 4),
    ]


def test_d4_huge_negative_and_fractional_statistics_are_null_and_the_event_is_kept(wh: Warehouse) -> None:
    assert operation(wh, O2)["status"] == "SUCCEEDED"
    # rowCount 9223372036854775807 (= 2^63-1) and size -5 → NULL; fileCount 3 kept
    assert io_rows(wh, "inputs", O2, "/data/in_bad") == [(at(5), None, None, 3)]
    # rowCount 99999999999999999999 → NULL, size 9223372036854775806 kept, fileCount 1.5 → NULL
    assert io_rows(wh, "outputs", O2, "/data/out_bad") == [(at(5), None, 9223372036854775806, None, "UNKNOWN", 0)]
    issues = set(wh.query("select facet, reason from staging.facet_issues"))
    assert {("inputs[0].inputFacets.inputStatistics.rowCount", "statistic_too_large"),
            ("inputs[0].inputFacets.inputStatistics.size", "negative_statistic"),
            ("outputs[0].outputFacets.outputStatistics.rowCount", "statistic_too_large"),
            ("outputs[0].outputFacets.outputStatistics.fileCount", "statistic_not_an_integer")} <= issues


def test_s7_4_hive_output_type_from_operation_name_only(wh: Warehouse) -> None:
    """CREATETABLE_AS_SELECT → CREATE although the output says lifecycleStateChange DROP; QUERY → APPEND although
    the SQL is DROP TABLE."""
    assert output_types(wh, H1, "test.xxx") == {("CREATE", 2)}
    assert output_types(wh, H2, "test.yyy") == {("APPEND", 1)}


def test_s7_4_lifecycle_state_change_beats_sql_which_is_the_fallback(wh: Warehouse) -> None:
    assert output_types(wh, O3, "/warehouse/dst.db/snapshot") == {("OVERWRITE", 16)}
    assert output_types(wh, O3, "/warehouse/dst.db/snapshot_copy") == {("CREATE", 2)}


def test_s7_4_d10_sql_keyword_ignores_comments_and_literals(wh: Warehouse) -> None:
    assert output_types(wh, O1, "dst.agg") == {("APPEND", 1)}                   # INSERT; DROP only in a comment
    assert output_types(wh, T1, "ANALYTICS.SALES_DAILY") == {("MERGE", 512)}    # insert only in a comment
    assert output_types(wh, T2, "ANALYTICS.SALES") == {("UPDATE", 256)}         # INSERT in comment and literal
    # 'it\'s an update ' is one literal (backslash escape), so no keyword is left: the default UNKNOWN
    assert output_types(wh, U4, "public.report") == {("UNKNOWN", 0)}


def test_s7_4_default_append_for_flink_and_dbt_unknown_otherwise(wh: Warehouse) -> None:
    assert output_types(wh, F1, "orders_enriched") == {("APPEND", 1)}
    assert output_types(wh, DM, "public.orders") == {("APPEND", 1)}
    assert output_types(wh, O4, "/tmp/export/orders_positive") == {("UNKNOWN", 0)}
    assert output_types(wh, T3, "sales/2025-06-18.csv") == {("UNKNOWN", 0)}
    assert output_types(wh, U2, "public.copied") == {("UNKNOWN", 0)}


# --------------------------------------------------------------------------------------------------------------
# §8 column lineage
# --------------------------------------------------------------------------------------------------------------

def column_lineage(wh: Warehouse, operation_id: str) -> set[tuple[Any, ...]]:
    return set(wh.query(f"""
        select created_at, source_dataset_id, target_dataset_id, source_column, target_column, lineage_kind, types,
            types_mask
        from marts.column_lineage where operation_id = '{operation_id}'"""))


def test_s8_per_field_and_dataset_forms_with_the_spark_swap_and_d2_grain(wh: Warehouse) -> None:
    """O1: the sources name the physical path /warehouse/src.db/orders, swapped for src.orders in the same operation.
    Bucket 1: IDENTITY (START) and TRANSFORMATION (RUNNING) OR-ed into one row. Bucket 2 (COMPLETE): per-field
    DIRECT and INDIRECT relations plus the dataset-level list (one entry without transformations → UNKNOWN)."""
    src, dst = ds(wh, "src.orders"), ds(wh, "dst.agg")
    assert column_lineage(wh, O1) == {
        (at(1), src, dst, "customer_id", "customer_id", "DIRECT", "IDENTITY,TRANSFORMATION", 6),
        (at(3601), src, dst, "customer_id", "customer_id", "DIRECT", "IDENTITY", 2),
        (at(3601), src, dst, "amount", "total", "DIRECT", "AGGREGATION", 16),
        (at(3601), src, dst, "amount", None, "INDIRECT", "UNKNOWN,GROUP_BY", 257),
        (at(3601), src, dst, "customer_id", None, "INDIRECT", "JOIN,GROUP_BY,SORT", 896),
        (at(3601), src, dst, "status", None, "INDIRECT", "FILTER", 64),
    }


def test_s8_2_masking_types(wh: Warehouse) -> None:
    """Hive: masked TRANSFORMATION and AGGREGATION; masked INDIRECT JOIN → UNKNOWN, OR-ed with the dataset-level
    GROUP_BY of the same source column."""
    t1, xxx = ds(wh, "test.t1"), ds(wh, "test.xxx")
    assert column_lineage(wh, H1) == {
        (at(200), t1, xxx, "a", "mt", "DIRECT", "TRANSFORMATION_MASKING", 8),
        (at(200), t1, xxx, "b", "ma", "DIRECT", "AGGREGATION_MASKING", 32),
        (at(200), t1, xxx, "a", None, "INDIRECT", "UNKNOWN,GROUP_BY", 257),
    }


def test_s8_1_legacy_form(wh: Warehouse) -> None:
    """transformationType IDENTITY → DIRECT IDENTITY; MASKED → DIRECT TRANSFORMATION_MASKING;
    INDIRECT → no target, UNKNOWN; missing → DIRECT UNKNOWN."""
    loaded, copied = ds(wh, "public.loaded"), ds(wh, "public.copied")
    assert column_lineage(wh, U2) == {
        (at(502), loaded, copied, "id", "id", "DIRECT", "IDENTITY", 2),
        (at(502), loaded, copied, "secret", "secret", "DIRECT", "TRANSFORMATION_MASKING", 8),
        (at(502), loaded, copied, "flag", None, "INDIRECT", "UNKNOWN", 1),
        (at(502), loaded, copied, "note", "note", "DIRECT", "UNKNOWN", 1),
    }


# --------------------------------------------------------------------------------------------------------------
# §2.4 schemas and the schema shown for a dataset
# --------------------------------------------------------------------------------------------------------------

def python_digest(fields: list[dict[str, Any]]) -> str:
    """Appendix A, as the spec defines it: UUIDv5(NAMESPACE_URL, json.dumps(fields, sort_keys=True))."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, json.dumps(fields, sort_keys=True)))


def output_schema(wh: Warehouse, dataset: str) -> tuple[Any, ...]:
    return one(wh, f"""
        select o.schema_id, s.fields from marts.outputs as o left join marts.dataset_schemas as s
            on o.schema_id = s.schema_id
        where o.dataset_id = '{ds(wh, dataset)}' order by o.created_at limit 1""")


def test_s2_4_appendix_a_test_vector(wh: Warehouse) -> None:
    text = ('[{"name": "dt", "type": "timestamp"}, {"name": "customer_id", "type": "decimal(20,0)"}, '
            '{"name": "total_spent", "type": "float"}]')
    assert output_schema(wh, "public.vector") == ("8b577785-202a-5795-bce2-d9dd0f6d54f6", text)
    digest = "8b577785-202a-5795-bce2-d9dd0f6d54f6"
    assert one(wh, f"select digest from marts.dataset_schemas where schema_id = '{digest}'") == (digest,)


def test_s2_4_nested_fields_normalised(wh: Warehouse) -> None:
    """Empty type/description/fields dropped, description stripped, quotes and backslashes escaped, key order
    name/type/description/fields; the digest sorts keys."""
    normalised = [{"name": "payload", "type": "struct", "description": "the body",
                   "fields": [{"name": "id"},
                              {"name": "tags", "type": "array",
                               "fields": [{"name": "element", "type": "string",
                                           "description": 'tag "quoted" \\ text'}]}]}]
    text = ('[{"name": "payload", "type": "struct", "description": "the body", "fields": [{"name": "id"}, '
            '{"name": "tags", "type": "array", "fields": [{"name": "element", "type": "string", '
            '"description": "tag \\"quoted\\" \\\\ text"}]}]}]')
    assert output_schema(wh, "public.nested") == (python_digest(normalised), text)


def test_s2_4_non_ascii_escaped_like_python_json_dumps(wh: Warehouse) -> None:
    """é → \\u00e9, 😀 → surrogate pair \\ud83d\\ude00, tab → \\t."""
    normalised = [{"name": "café 😀", "type": "string", "description": "naïve\ttab"}]
    text = '[{"name": "caf\\u00e9 \\ud83d\\ude00", "type": "string", "description": "na\\u00efve\\ttab"}]'
    assert output_schema(wh, "public.unicode") == (python_digest(normalised), text)


def test_d5_nameless_field_or_too_deep_schema_gives_no_schema_and_a_facet_issue(wh: Warehouse) -> None:
    assert output_schema(wh, "public.nameless") == (None, None)
    assert output_schema(wh, "public.deep9") == (None, None)
    deep8 = {"name": "l8", "type": "int"}
    for level in range(7, 0, -1):
        deep8 = {"name": f"l{level}", "type": "struct", "fields": [deep8]}
    assert output_schema(wh, "public.deep8")[0] == python_digest([deep8])
    issues = set(wh.query("select facet, reason from staging.facet_issues"))
    assert {("outputs[0].facets.schema", "field_without_name"),
            ("outputs[1].facets.schema", "nested_deeper_than_8_levels")} <= issues


def test_schema_shown_for_a_dataset(wh: Warehouse) -> None:
    """lineage.md: outputs preferred (public.evolving's input schema is ignored), newest row's schema, EXACT_MATCH
    only when the oldest and newest rows agree; input rows when there is no output (public.read_only)."""
    def shown(dataset: str) -> tuple[Any, ...]:
        return one(wh, f"""select schema_id, schema_relevance from intermediate.int_dataset_current_schemas
                           where dataset_id = '{ds(wh, dataset)}'""")
    assert shown("public.evolving") == (python_digest([{"name": "a", "type": "int"}, {"name": "b", "type": "int"}]),
                                        "LATEST_KNOWN")
    assert shown("public.read_only") == (python_digest([{"name": "r"}]), "EXACT_MATCH")
    assert shown("public.vector") == ("8b577785-202a-5795-bce2-d9dd0f6d54f6", "EXACT_MATCH")


# --------------------------------------------------------------------------------------------------------------
# D1: the same events in another order and other files give the same marts
# --------------------------------------------------------------------------------------------------------------

MY_MARTS = ("operations", "inputs", "outputs", "dataset_schemas", "column_lineage")


def test_d1_marts_do_not_depend_on_order_or_files(wh: Warehouse, tmp_path_factory: pytest.TempPathFactory) -> None:
    lines = [line for path in sorted(FIXTURES.glob("*.jsonl"))
             for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    root = tmp_path_factory.mktemp("operations_io_reordered")
    events = root / "events"
    events.mkdir()
    reversed_lines = lines[::-1]
    half = len(reversed_lines) // 3
    (events / "b.jsonl").write_text("\n".join(reversed_lines[:half]) + "\n", encoding="utf-8")
    (events / "a.jsonl").write_text("\n".join(reversed_lines[half:] + reversed_lines[:2]) + "\n", encoding="utf-8")
    other = SelectedWarehouse(root / "warehouse")
    other.build(f"{events}/*.jsonl", select=SELECT)
    for mart in MY_MARTS:
        mine = sorted(map(repr, wh.query(f"select * from marts.{mart}")))
        theirs = sorted(map(repr, other.query(f"select * from marts.{mart}")))
        assert mine == theirs, mart
