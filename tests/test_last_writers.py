"""Last writer by event order and the job types of the spec's rules (issue 54 part 5; docs/rules.md "Lineage: last
writer", "§3.2 Which events create which jobs"), on the Airflow 3.3 events of tests/fixtures/events/last-writers
(written by tests/fixtures/last_writer_events.py). The shared corpora hold them, so tests/test_engine_parity.py
compares these marts on Spark and tests/test_incremental.py checks them built in batches against a full refresh.

Every expected value is worked out by hand from the rules and the fixture events, not copied from a build."""
from __future__ import annotations

import datetime as dt
import subprocess
import sys

import pytest

from tests.fixtures import last_writer_events as fx
from tests.lw.dbt_runner import PROJECT_DIR, Warehouse


@pytest.fixture(scope="module")
def wh(corpora_duckdb: Warehouse) -> Warehouse:
    return corpora_duckdb


def overview(wh: Warehouse, name: str) -> tuple[object, ...]:
    [row] = wh.query(
        "select o.last_written_at, j.name, o.last_writer_run_id, o.last_writer_run_status"
        " from marts.datasets_overview as o inner join marts.jobs as j on o.last_writer_job_id = j.job_id"
        f" where o.name = '{name}' and o.location_name = 'warehouse.last-writers.example.com:5432'")
    return row


def test_fixture_file_is_what_the_script_writes() -> None:
    subprocess.run([sys.executable, "tests/fixtures/last_writer_events.py", "--check"], cwd=PROJECT_DIR, check=True)


def test_last_writer_is_the_write_last_in_d1_order_not_the_run_created_latest(wh: Warehouse) -> None:
    """public.sales: the late scheduled run of 2025-03-01 (created_at = its logical date) wrote at 10:30 on
    2025-03-02, after the on-time run of 2025-03-02 (10:10) and the query child job (10:29, its own later hour
    bucket): the late run's task is the last writer. last_written_at is the latest hour bucket, the child's."""
    assert overview(wh, "public.sales") == (
        dt.datetime(2025, 3, 2, 10, 29), "sales.load", fx.LATE_LOAD, "SUCCEEDED")


def test_last_writer_of_a_retried_task_is_the_retry(wh: Warehouse) -> None:
    """public.refunds: try 1 (greater runId, same created_at) failed at 10:12, try 2 succeeded at 10:45."""
    assert fx.REFUND_TRY_1 > fx.REFUND_TRY_2
    assert overview(wh, "public.refunds") == (dt.datetime(2025, 3, 2, 10), "sales.refund", fx.REFUND_TRY_2, "SUCCEEDED")


def test_airflow_query_child_job_typed_and_every_job_type_known(wh: Warehouse) -> None:
    """The provider 2.20 child job `sales.load.query.1` is an AIRFLOW_QUERY job under its task, and the corpora
    build (with every data test) warns on no test: the job-type test knows every type the spec's rules give."""
    assert wh.query(
        "select j.type, p.name from marts.jobs as j inner join marts.jobs as p on j.parent_job_id = p.job_id"
        " where j.name = 'sales.load.query.1'") == [("AIRFLOW_QUERY", "sales.load")]
    statuses = wh.test_statuses()
    assert len(statuses) > 100
    assert {test: status for test, status in statuses.items() if status != "pass"} == {}
