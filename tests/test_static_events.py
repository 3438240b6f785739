"""D16 static lineage events are kept (docs/rules.md "D16 Static lineage events are kept";
docs/decisions/static-events.md), on the shared corpora: the events of tests/fixtures/events/static-events
(written by hand) and the real DatasetEvents and JobEvents of openlineage-examples and marquez-edge-cases. The
corpora are also built on Spark by tests/test_engine_parity.py, which compares these marts there.

The fixture (static_events.jsonl), by line:
1. 10:00 DatasetEvent: `mysql://reader:s3cret@static-db:3306` + `default.shop.orders`, schema (id, amount), a TABLE
   symlink to `hive://static-metastore:9083` + `shop.orders`, tag domain=sales, documentation "orders table";
2. 11:00 JobEvent `static-scheduler` + `load_orders`: jobType CUSTOM/LOADER, tag team=data-eng, parent facet job
   `orders_nightly`, documentation "loads orders"; inputs `default.shop.orders_raw` (schema id) and the reserved
   `shop.information_schema.tables` (at `postgres://static-pg:5432`); output `default.shop.orders` with schema
   (id, amount, status) and column lineage from `default.shop.payments`;
3. 12:00 RunEvent COMPLETE, run RUN, job `summarise_orders`: reads `default.shop.orders` (schema id, tag
   domain=finance), writes `default.shop.orders_summary`;
4. 13:00 DatasetEvent without a dataset name;
5. 14:00 DatasetEvent `default.shop.orders`, tag domain=retail, version v5;
6. a JobEvent without eventTime.
All at MySQL `static-db:3306` (the cut drops `default.`: rules.md "Dataset names: rewrites"). Every expected value
is worked out by hand from the rules and the events, not copied from a build."""
from __future__ import annotations

import json
import uuid
from datetime import datetime

import pytest

from tests.lw.dbt_runner import Warehouse

RUN = "01955a1c-d600-7000-8000-00000000d016"
FIXTURE = "%/events/static-events/static_events.jsonl"
REAL = {  # file (under tests/fixtures/events) -> event_kind
    "openlineage-examples/client_serde_example_dataset_event.json": "DATASET",
    "openlineage-examples/client_serde_example_job_event.json": "JOB",
    "marquez-edge-cases/event_dataset_event.json": "DATASET",
    "marquez-edge-cases/event_job_event.json": "JOB",
}


def schema_id(fields: list[dict]) -> str:
    """§2.4 / Appendix A: UUIDv5 (URL namespace) of the normalised fields as Python's json.dumps(sort_keys=True)."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, json.dumps(fields, sort_keys=True)))


ID = {"name": "id", "type": "int"}
AMOUNT = {"name": "amount", "type": "decimal(10,2)"}
S_ID = schema_id([ID])                                                        # line 2's input, line 3's input
S_DECLARED = schema_id([ID, AMOUNT])                                          # line 1
S_WRITTEN = schema_id([ID, AMOUNT, {"name": "status", "type": "varchar"}])    # line 2's output


def at(hour: int) -> datetime:
    return datetime(2025, 3, 1, hour)


@pytest.fixture(scope="module")
def wh(corpora_duckdb: Warehouse) -> Warehouse:
    return corpora_duckdb


def dataset(wh: Warehouse, location_type: str, location_name: str, name: str) -> dict:
    rows = wh.query(f"""
        select datasets.dataset_id, datasets.schema_id, datasets.schema_relevance, datasets.first_seen_at,
            datasets.last_seen_at
        from marts.datasets as datasets
        inner join marts.locations as locations on datasets.location_id = locations.location_id
        where locations.type = '{location_type}' and locations.name = '{location_name}'
            and datasets.name = '{name}'""")
    assert len(rows) == 1, (location_type, location_name, name, rows)
    return dict(zip(("dataset_id", "schema_id", "schema_relevance", "first_seen_at", "last_seen_at"), rows[0]))


def shop(wh: Warehouse, name: str) -> dict:
    return dataset(wh, "mysql", "static-db:3306", name)


def job(wh: Warehouse, name: str) -> tuple[str, str, str | None]:
    rows = wh.query(f"""
        select jobs.job_id, jobs.type, jobs.parent_job_id
        from marts.jobs as jobs
        inner join marts.locations as locations on jobs.location_id = locations.location_id
        where locations.name = 'static-scheduler' and jobs.name = '{name}'""")
    assert len(rows) == 1, (name, rows)
    return rows[0]


def count(wh: Warehouse, sql: str) -> int:
    return wh.query(f"select count(*) from ({sql}) as counted")[0][0]


def test_d16_dataset_event_contributes_its_dataset(wh: Warehouse) -> None:
    """Line 1: the dataset at its location (credentials gone, D6; the MySQL cut), its schema, symlinks and facets."""
    orders = shop(wh, "shop.orders")
    assert count(wh, "select * from marts.location_addresses where url like '%s3cret%' or url like '%reader%'") == 0
    assert count(wh, "select * from marts.locations where name like '%s3cret%'") == 0
    assert wh.query(f"select fields from marts.dataset_schemas where schema_id = '{S_DECLARED}'") == [
        ('[{"name": "id", "type": "int"}, {"name": "amount", "type": "decimal(10,2)"}]',)]
    table = dataset(wh, "hive", "static-metastore:9083", "shop.orders")
    symlinks = set(wh.query(f"""
        select from_dataset_id, to_dataset_id, type from marts.dataset_symlinks
        where '{orders["dataset_id"]}' in (from_dataset_id, to_dataset_id)"""))
    assert symlinks == {(orders["dataset_id"], table["dataset_id"], "METASTORE"),
                        (table["dataset_id"], orders["dataset_id"], "WAREHOUSE")}
    assert wh.query(f"select description from marts.dataset_facets where dataset_id = '{orders['dataset_id']}'") == [
        ("orders table",)]


def test_d16_job_event_contributes_its_job_and_declared_datasets(wh: Warehouse) -> None:
    """Line 2: the job typed by jobType, its parent from the parent job facet, its tags and facets; its inputs and
    outputs as datasets only, by the entry rules (a reserved name gives nothing; column lineage is not read)."""
    load_id, load_type, load_parent = job(wh, "load_orders")
    nightly_id, nightly_type, _ = job(wh, "orders_nightly")
    assert (load_type, load_parent, nightly_type) == ("CUSTOM_LOADER", nightly_id, "UNKNOWN")
    assert ("JOB", nightly_id, "JOB", load_id) in set(wh.query(
        "select from_kind, from_id, to_kind, to_id from marts.lineage_parents"))
    assert wh.query(f"select tag, value from marts.job_tags where job_id = '{load_id}'") == [("team", "data-eng")]
    assert wh.query(f"select description from marts.job_facets where job_id = '{load_id}'") == [("loads orders",)]
    raw = shop(wh, "shop.orders_raw")
    assert (raw["schema_id"], raw["schema_relevance"], raw["first_seen_at"]) == (S_ID, "EXACT_MATCH", at(11))
    assert count(wh, "select * from marts.datasets where lower(name) like '%information_schema%'") == 0
    assert count(wh, "select * from marts.locations where name = 'static-pg:5432'") == 0
    assert count(wh, "select * from marts.datasets where name in ('shop.payments', 'default.shop.payments')") == 0
    assert count(wh, f"select * from marts.runs where job_id in ('{load_id}', '{nightly_id}')") == 0
    for relation in ("inputs", "outputs"):
        assert count(wh, f"select * from marts.{relation} where dataset_id = '{raw['dataset_id']}'") == 0, relation


def test_d16_static_events_take_part_in_d1(wh: Warehouse) -> None:
    """Lines 1, 2, 3, 5 on one dataset: the run event of line 3 gives the only io row; the latest tag value is line
    5's (a static event after a run event wins, D1); the dataset is seen from line 1 to line 5; the schema shown is
    the newest of the outputs and the declarations (line 2's output at 11:00 over line 1's at 10:00; line 3's input
    is not an output row), LATEST_KNOWN since the oldest (line 1) differs. Line 5's version is the latest version
    of dataset_facets, and no row of dataset_versions (which lists the versions runs saw)."""
    orders = shop(wh, "shop.orders")
    assert (orders["first_seen_at"], orders["last_seen_at"]) == (at(10), at(14))
    assert (orders["schema_id"], orders["schema_relevance"]) == (S_WRITTEN, "LATEST_KNOWN")
    assert wh.query(f"select tag, value from marts.dataset_tags where dataset_id = '{orders['dataset_id']}'") == [
        ("domain", "retail")]
    assert wh.query("select operation_id, run_id, schema_id from marts.inputs "
                    f"where dataset_id = '{orders['dataset_id']}'") == [(RUN, RUN, S_ID)]
    assert count(wh, f"select * from marts.outputs where dataset_id = '{orders['dataset_id']}'") == 0
    summary = shop(wh, "shop.orders_summary")
    assert wh.query(f"select dataset_id from marts.outputs where operation_id = '{RUN}'") == [(summary["dataset_id"],)]
    summarise_id, _, _ = job(wh, "summarise_orders")
    assert wh.query(f"select job_id, status from marts.runs where run_id = '{RUN}'") == [(summarise_id, "SUCCEEDED")]
    assert count(wh, f"select * from marts.column_lineage where target_dataset_id = '{orders['dataset_id']}'") == 0
    # the version of a static event is the dataset's latest version, but no version a run saw
    assert wh.query(f"select latest_version from marts.dataset_facets where dataset_id = '{orders['dataset_id']}'"
                    ) == [("v5",)]
    assert count(wh, f"select * from marts.dataset_versions where dataset_id = '{orders['dataset_id']}'") == 0


def test_d16_incomplete_static_events_are_quarantined_with_a_reason(wh: Warehouse) -> None:
    """Line 4 (no dataset name) and line 6 (no eventTime) are quarantined with their reasons; the other four are
    placed with their kind; the landing audit of the file adds up."""
    quarantined = wh.query(f"""
        select line_number, reason, reason_description from staging.quarantined_events
        where source_file like '{FIXTURE}' order by line_number""")
    assert [(line, reason) for line, reason, _ in quarantined] == [(4, "missing_dataset_name"),
                                                                 (6, "missing_event_time")]
    assert all("dataset.name" in text or "eventTime" in text for _, _, text in quarantined)
    assert wh.query(f"select line_number, event_kind, event_type, run_id from staging.stg_events "
                    f"where source_file like '{FIXTURE}' order by line_number") == [
        (1, "DATASET", None, None), (2, "JOB", None, None), (3, "RUN", "COMPLETE", RUN), (5, "DATASET", None, None)]
    assert wh.query(f"select lines, parsed, quarantined, duplicates from marts.landing_audit "
                    f"where source_file like '{FIXTURE}'") == [(6, 4, 2, 0)]


def test_d16_real_dataset_and_job_events_are_placed(wh: Warehouse) -> None:
    """The four real static events are placed (Marquez's JobEvent sends eventType COMPLETE, ignored); their datasets
    carry the declared schemas; the JobEvent's datasets dataset_a and dataset_b, named by no run event, get no io
    row."""
    for path, kind in REAL.items():
        assert wh.query(f"select lines, parsed, quarantined from marts.landing_audit "
                        f"where source_file like '%/events/{path}'") == [(1, 1, 0)], path
        assert wh.query(f"select event_kind, event_type, run_id from staging.stg_events "
                        f"where source_file like '%/events/{path}'") == [(kind, None, None)], path
    client = datetime(2021, 11, 3, 10, 53, 52, 427343)  # 2021-11-03T10:53:52.427343, no offset: UTC (D14)
    marquez = datetime(2020, 12, 28, 9, 52, 0, 1000)    # 2020-12-28T19:52:00.001+10:00
    expected = {  # (location name, dataset name) -> the schema declared for it, the eventTime that declared it
        ("openlineage", "name"): (
            schema_id([{"name": "a", "type": "string"}, {"name": "b", "type": "string"}]), client),
        ("openlineage", "dataset_a"): (schema_id([{"name": "a", "type": "string"}]), client),
        ("openlineage", "dataset_b"): (schema_id([{"name": "a", "type": "string"}]), client),
        ("my-dataset-namespace", "my-dataset-name"): (
            schema_id([{"name": "col_a", "type": "VARCHAR", "description": "string"}]), marquez),
    }
    for (location, name), (declared, event_time) in expected.items():
        found = dataset(wh, "unknown", location, name)
        assert (found["schema_id"], found["schema_relevance"], found["first_seen_at"], found["last_seen_at"]) == (
            declared, "EXACT_MATCH", event_time, event_time), name
    for name in ("dataset_a", "dataset_b"):
        found = dataset(wh, "unknown", "openlineage", name)
        for relation in ("inputs", "outputs"):
            assert count(wh, f"select * from marts.{relation} where dataset_id = '{found['dataset_id']}'") == 0
    assert count(wh, "select * from marts.jobs as jobs inner join marts.locations as locations "
                     "on jobs.location_id = locations.location_id "
                     "where locations.name = 'my-scheduler-namespace' and jobs.name = 'myjob'") == 1


def test_d16_static_events_create_no_run_operation_or_io_row(wh: Warehouse) -> None:
    """Over the whole corpora: the seven placed static events (four real, three of the fixture) describe no run and
    are no operation; no run, operation, io, column-lineage or data-quality fact comes from them; the landing audit
    adds up."""
    static = "select event_hash from intermediate.int_events_classified where event_kind != 'RUN'"
    assert count(wh, static) == 7
    assert count(wh, "select * from intermediate.int_events_classified where event_kind != 'RUN' and ("
                     "is_operation_event or run_id is not null or event_run_id is not null"
                     " or operation_run_id is not null)") == 0
    for model in ("int_run_facts", "int_operation_facts", "int_io_entry_facts", "int_column_lineage_fields",
                  "int_data_quality_metric_events", "int_data_quality_assertion_events"):
        assert count(wh, f"select * from intermediate.{model} where event_hash in ({static})") == 0, model
    assert count(wh, f"select * from intermediate.int_event_datasets where event_hash in ({static}) "
                     "and not is_static") == 0
    assert count(wh, "select * from marts.runs where run_id is null") == 0
    lines, parsed, quarantined = wh.query(
        "select sum(lines), sum(parsed), sum(quarantined) from marts.landing_audit")[0]
    assert lines == parsed + quarantined
