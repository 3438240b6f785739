"""Data quality (issue 20; docs/rules.md "Data quality: metrics", "Data quality: assertions"; D1, D5):
data_quality_metrics and data_quality_assertions on the events of tests/fixtures/events/dataset-facets (written by
tests/fixtures/dataset_facets_events.py) and the real events of the corpora (Marquez demo, the Python client's full
example, the dbt-ol build with its tests). The shared corpora are read, so tests/test_engine_parity.py compares these
marts on Spark too and tests/test_incremental.py builds them in batches.

Every expected value is worked out by hand from the rules and the fixture events. Each fixture event is an operation
of its own whose run id is a UUIDv7 of its eventTime, so created_at (the hour bucket) is the eventTime."""
from __future__ import annotations

import datetime as dt

import pytest

from tests.fixtures.dataset_facets_events import events as fixture_events
from tests.lw.dbt_runner import Warehouse


def at(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text)


def run(serial: int) -> str:
    return next(e["run"]["runId"] for e in fixture_events() if int(e["run"]["runId"][-12:], 16) == serial)


@pytest.fixture(scope="module")
def wh(corpora_duckdb: Warehouse) -> Warehouse:
    return corpora_duckdb


def rows_of(wh: Warehouse, mart: str, columns: str, location: str) -> set[tuple]:
    return set(wh.query(
        f"select d.name, {columns} from marts.{mart} as m inner join marts.datasets as d on m.dataset_id = "
        f"d.dataset_id inner join marts.locations as l on d.location_id = l.location_id where l.name = '{location}'"))


def test_data_quality_metrics_input_facet_and_dataset_facet_with_quantiles(wh: Warehouse) -> None:
    """09:00: the input facet of older producers (rows, bytes; column id with quantiles as JSON text); 10:00: the
    dataset facet of OpenLineage 1.38+ (rows, files, lastUpdated; column amount). '' is the dataset-level row; the
    column `broken` whose metrics are a string has no row (noted, below)."""
    metrics = rows_of(wh, "data_quality_metrics", "m.created_at, m.operation_id, m.run_id, m.io_kind, m.column_name, "
                      "m.row_count, m.bytes, m.file_count, m.last_updated, m.null_count, m.distinct_count, m.sum, "
                      "m.count, m.min, m.max, m.quantiles", "facets-db:5432")
    nine, ten = at("2025-07-02 09:00:00"), at("2025-07-02 10:00:00")
    assert metrics == {
        ("public.orders", nine, run(5), run(5), "INPUT", "", 100, 2048, None, None, None, None, None, None, None,
         None, None),
        ("public.orders", nine, run(5), run(5), "INPUT", "id", None, None, None, None, 1, 99, None, None, 1.0, 100.0,
         '{"0.5":50.5,"1":100}'),
        ("public.orders", ten, run(6), run(6), "INPUT", "", 120, None, 3, at("2025-07-02 09:30:00"), None, None, None,
         None, None, None, None),
        ("public.orders", ten, run(6), run(6), "INPUT", "amount", None, None, None, None, 0, None, 1234.5, 120.0,
         None, None, None),
    }


def test_data_quality_metrics_job_is_the_operations_job(wh: Warehouse) -> None:
    jobs = {name for (name,) in wh.query(
        "select distinct j.name from marts.data_quality_metrics as m inner join marts.jobs as j on m.job_id = j.job_id")}
    assert jobs == {"check_orders"}


def test_data_quality_assertions_failing_then_passing_and_dbt_test_run(wh: Warehouse) -> None:
    """not_null on id fails at 09:00 and passes at 10:00 (two operations: two rows); the dbt test (TestRunFacet,
    status fail, severity warn) is on the event's input dataset, named by the test's name."""
    assertions = rows_of(wh, "data_quality_assertions", "m.created_at, m.operation_id, m.assertion, m.column_name, "
                         "m.success, m.severity, m.description, m.expected, m.actual, m.asserted_at", "facets-db:5432")
    nine, ten, half_past = at("2025-07-02 09:00:00"), at("2025-07-02 10:00:00"), at("2025-07-02 11:30:00")
    assert assertions == {
        ("public.orders", nine, run(5), "not_null", "id", False, "error", None, None, None, nine),
        ("public.orders", nine, run(5), "row_count", "", True, None, None, None, None, nine),
        ("public.orders", ten, run(6), "not_null", "id", True, "error", "ids are set", "0", "0", ten),
        ("public.orders", half_past, run(8), "test.shop.unique_orders_id", "", False, "warn", None, "0", "2",
         half_past),
    }


def test_data_quality_assertions_real_events(wh: Warehouse) -> None:
    """Marquez demo: delivery_7_days not_null(driver_id) failed, is_string(customer_address) passed. The Python
    client's full example: row_count_equal_to and no_null_values(id) passed. dbt-ol build: the TestRunFacet of the
    singular test and the assertions facet of the generic tests, on the tested models."""
    demo = rows_of(wh, "data_quality_assertions", "m.assertion, m.column_name, m.success", "food_delivery")
    assert demo == {("public.delivery_7_days", "not_null", "driver_id", False),
                    ("public.delivery_7_days", "is_string", "customer_address", True)}
    client = rows_of(wh, "data_quality_assertions", "m.assertion, m.column_name, m.success", "my-datasource-namespace")
    assert client == {("instance.schema.table", "row_count_equal_to", "", True),
                      ("instance.schema.table", "no_null_values", "id", True)}
    dbt = rows_of(wh, "data_quality_assertions", "m.assertion, m.column_name, m.success",
                  "/srv/analytics/probe_project/ol_probe.duckdb")
    assert ("ol_probe.main.ol_event_inputs", "test.ol_probe.assert_input_row_count", "", True) in dbt
    assert ("ol_probe.main.stg_ol_events", "not_null", "run_id", True) in dbt


def test_data_quality_d5_column_metrics_not_an_object_noted(wh: Warehouse) -> None:
    issues = set(wh.query(
        "select facet, reason from staging.facet_issues where event_hash in (select event_hash from "
        f"staging.stg_events where run_id = '{run(6)}')"))
    assert issues == {("inputs[0].facets.dataQualityMetrics.columnMetrics.broken", "not_an_object")}


def test_data_quality_in_the_overview_failed_assertion_upstream(wh: Warehouse) -> None:
    """docs/rules.md "Data quality: in the overview": orders' latest assertion is the dbt test of 11:30 (run 8), which
    failed once; the dashboard reads orders, so a check failed upstream of it; raw.orders upstream of orders has no
    check."""
    overview = {name: rest for name, *rest in wh.query(
        "select o.name, o.last_assertion_at, o.failed_assertions_last_run, o.has_failed_assertion_upstream "
        "from marts.datasets_overview as o where o.location_name = 'facets-db:5432'")}
    assert overview["public.orders"] == [at("2025-07-02 11:30:00"), 1, False]
    assert overview["bi.orders_dashboard"] == [None, None, True]
    assert overview["raw.orders"] == [None, None, False]


def analysis_rows(wh: Warehouse, tmp_path, as_of: str) -> set[tuple]:
    """The analysis compiled (in a warehouse of its own: compiling needs no data) and run on the corpora."""
    compiler = Warehouse(tmp_path / "compile")
    compiler.dbt(["compile", "--select", "datasets_with_failed_assertion_upstream"],
                 extra_vars={"failed_assertions_as_of": as_of})
    sql = (compiler.root / "target" / "compiled" / "lineage_warehouse" / "analyses"
           / "datasets_with_failed_assertion_upstream.sql").read_text()
    return set(wh.query(sql))


def test_data_quality_analysis_failed_assertion_upstream_in_the_last_24_hours(wh: Warehouse, tmp_path) -> None:
    """At 2025-07-02 12:00 both failures on orders (09:00 not_null(id), 11:30 the dbt test) are within 24 hours; the
    dashboard downstream has no owner, orders is owned by team:data and alice. A day later only the 11:30 one is."""
    owners = "team:data (MAINTAINER), user:alice (STEWARD)"
    dbt_test = ("bi.orders_dashboard", None, "public.orders", owners, "test.shop.unique_orders_id", "",
                at("2025-07-02 11:30:00"), 1)
    not_null = ("bi.orders_dashboard", None, "public.orders", owners, "not_null", "id", at("2025-07-02 09:00:00"), 1)
    noon = {row for row in analysis_rows(wh, tmp_path / "noon", "2025-07-02T12:00:00") if row[2] == "public.orders"}
    assert noon == {dbt_test, not_null}
    later = {row for row in analysis_rows(wh, tmp_path / "later", "2025-07-03T10:00:00") if row[2] == "public.orders"}
    assert later == {dbt_test}
