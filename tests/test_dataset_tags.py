"""Dataset tags (openlineage-to-entities §2.2 with deviations D13) and run-level IO (§0 step 2).

The events are written by this module into a temporary folder: a Spark application with two SQL_JOB operations
writing the same physical path (swapped to its Hive table, §2.3), and an Airflow DAG run-level event whose output
carries tags too. Expected values are derived by hand from the rules.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.lw.dbt_runner import Warehouse

SPARK = "https://github.com/OpenLineage/OpenLineage/tree/1.30.0/integration/spark"
APP = "0197827b-2d00-7001-8001-0000000000a1"
OP_A = "0197827b-30e8-7002-8002-0000000000a2"
OP_B = "0197827b-4088-7003-8003-0000000000a3"
DAG_RUN = "0197827b-5410-7004-8004-0000000000a4"
PHYSICAL = "/warehouse/sales.db/orders"


def spark_op(run_id: str, time: str, outputs: list[dict[str, Any]], inputs: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "eventTime": time, "producer": SPARK, "eventType": "COMPLETE",
        "schemaURL": "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent",
        "run": {"runId": run_id, "facets": {"parent": {"run": {"runId": APP},
                                                        "job": {"namespace": "yarn://c", "name": "tag_app"}}}},
        "job": {"namespace": "yarn://c", "name": "tag_app.insert",
                "facets": {"jobType": {"processingType": "BATCH", "integration": "SPARK", "jobType": "SQL_JOB"}}},
        "inputs": inputs, "outputs": outputs,
    }


def orders_output(tags: list[dict[str, str]]) -> dict[str, Any]:
    return {"namespace": "hdfs://nn:8020", "name": PHYSICAL,
            "facets": {"tags": {"tags": tags},
                       "symlinks": {"identifiers": [{"namespace": "hive://ms:9083", "name": "sales.orders",
                                                     "type": "TABLE"}]}}}


def events() -> list[dict[str, Any]]:
    source = {"namespace": "s3://raw", "name": "customers",
              "facets": {"tags": {"tags": [{"key": "pii", "value": "true", "source": "CONFIG"},
                                           {"key": "", "value": "dropped: empty key"}]}}}
    first = spark_op(OP_A, "2025-06-18T10:00:02Z", [orders_output([{"key": "Env", "value": "Prod"},
                                                                  {"key": "owner", "value": "alice"}])], [source])
    later = spark_op(OP_B, "2025-06-18T11:00:00Z", [orders_output([{"key": "ENV", "value": "staging"}])], [])
    dag = {
        "eventTime": "2025-06-18T12:00:00Z", "producer": "https://github.com/apache/airflow", "eventType": "COMPLETE",
        "schemaURL": "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent",
        "run": {"runId": DAG_RUN, "facets": {}},
        "job": {"namespace": "http://airflow:8080", "name": "sales_dag",
                "facets": {"jobType": {"processingType": "BATCH", "integration": "AIRFLOW", "jobType": "DAG"}}},
        "inputs": [], "outputs": [{"namespace": "s3://raw", "name": "dag_level_output",
                                   "facets": {"tags": {"tags": [{"key": "ignored", "value": "yes"}]}}}],
    }
    return [later, dag, first]  # file order is not event order (D1)


@pytest.fixture(scope="module")
def wh(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    root = tmp_path_factory.mktemp("dataset_tags")
    events_dir = root / "events"
    events_dir.mkdir()
    (events_dir / "tags.jsonl").write_text("\n".join(json.dumps(e) for e in events()) + "\n", encoding="utf-8")
    warehouse = Warehouse(root / "wh")
    warehouse.build(f"{events_dir}/*.jsonl")
    return warehouse


def tags_of(wh: Warehouse, name: str) -> dict[str, str]:
    rows = wh.query(f"""
        select t.tag, t.value from marts.dataset_tags as t
        inner join marts.datasets as d on t.dataset_id = d.dataset_id where d.name = '{name}'""")
    return dict(rows)


def test_s2_2_d13_dataset_tags_latest_value_first_spelling(wh: Warehouse) -> None:
    """The later operation's ENV=staging replaces Env=Prod; the key keeps its first spelling `Env`."""
    assert tags_of(wh, PHYSICAL) == {"Env": "staging", "owner": "alice"}


def test_s2_2_tags_of_inputs_and_malformed_entries(wh: Warehouse) -> None:
    """Input entries carry tags too; `source` is ignored; an entry with an empty key is skipped. (A tag without a key
    or a value drops the whole facet, reference 0.7 §6: tests/test_reference_gaps.py.)"""
    assert tags_of(wh, "customers") == {"pii": "true"}


def test_s2_3_spark_swap_leaves_tags_on_the_physical_dataset(wh: Warehouse) -> None:
    assert tags_of(wh, "sales.orders") == {}
    table_outputs = wh.query("""
        select count(*) from marts.outputs as o inner join marts.datasets as d on o.dataset_id = d.dataset_id
        where d.name = 'sales.orders'""")
    assert table_outputs == [(2,)], "the IO rows point at the table, not at the tagged physical path"


def test_s0_run_level_event_outputs_create_no_dataset_and_no_tags(wh: Warehouse) -> None:
    assert wh.query("select count(*) from marts.datasets where name = 'dag_level_output'") == [(0,)]
    assert wh.query("select count(*) from marts.dataset_tags where tag = 'ignored'") == [(0,)]
