"""Dataset and job facets (issue 20; docs/rules.md "Facets: datasets", "Facets: jobs", "Facets: owners",
"Facets: dataset versions"; deviations D1, D5, D6): dataset_facets, dataset_versions, dataset_owners, job_facets and
job_owners, on the events of tests/fixtures/events/dataset-facets (written by tests/fixtures/dataset_facets_events.py)
and on the real events of the corpora (Marquez demo, the spec's full example). The shared corpora are read, so
tests/test_engine_parity.py compares these marts on Spark too, and tests/test_incremental.py checks them built in
batches.

Every expected value is worked out by hand from the rules and the fixture events, not copied from a build."""
from __future__ import annotations

import datetime as dt
import subprocess
import sys

import pytest

from tests.fixtures.dataset_facets_events import events as fixture_events
from tests.lw.dbt_runner import PROJECT_DIR, Warehouse

DB = ("postgres", "facets-db:5432")
JOBS = ("facets", "scheduler")


def at(text: str) -> dt.datetime:
    return dt.datetime.fromisoformat(text)


def run(serial: int) -> str:
    return next(event["run"]["runId"] for event in fixture_events() if int(event["run"]["runId"][-12:], 16) == serial)


@pytest.fixture(scope="module")
def wh(corpora_duckdb: Warehouse) -> Warehouse:
    return corpora_duckdb


def dict_rows(wh: Warehouse, sql: str) -> list[dict]:
    import duckdb

    con = duckdb.connect(str(wh.duckdb_path), read_only=True)
    try:
        cursor = con.execute(sql)
        names = [d[0] for d in cursor.description]
        return [dict(zip(names, row)) for row in cursor.fetchall()]
    finally:
        con.close()


def by_name(wh: Warehouse, mart: str, entity: str, location: tuple[str, str]) -> dict[str, dict]:
    """Rows of a facet mart keyed by the name of their dataset or job, for one location."""
    key = "dataset_id" if entity == "datasets" else "job_id"
    sql = (f"select e.name as entity_name, m.* from marts.{mart} as m inner join marts.{entity} as e on m.{key} = "
           f"e.{key} inner join marts.locations as l on e.location_id = l.location_id "
           f"where l.type = '{location[0]}' and l.name = '{location[1]}'")
    return {row["entity_name"]: row for row in dict_rows(wh, sql)}


def grouped(wh: Warehouse, mart: str, entity: str, location: tuple[str, str], *columns: str) -> dict[str, set]:
    rows: dict[str, set] = {}
    key = "dataset_id" if entity == "datasets" else "job_id"
    sql = (f"select e.name, {', '.join('m.' + c for c in columns)} from marts.{mart} as m inner join marts.{entity} "
           f"as e on m.{key} = e.{key} inner join marts.locations as l on e.location_id = l.location_id "
           f"where l.type = '{location[0]}' and l.name = '{location[1]}'")
    for name, *values in wh.query(sql):
        rows.setdefault(name, set()).add(tuple(values))
    return rows


def test_fixture_file_is_the_generator_output() -> None:
    proc = subprocess.run([sys.executable, str(PROJECT_DIR / "tests" / "fixtures" / "dataset_facets_events.py"),
                           "--check"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_facets_datasets_each_field_latest_non_null_in_d1_order(wh: Warehouse) -> None:
    """The 12:00 event is written first and the 10:00 one second (D1 ignores arrival); the 11:00 backfill's
    description is older than the 12:00 one; content type, storage and catalog were sent at 10:00 only."""
    orders = by_name(wh, "dataset_facets", "datasets", DB)["public.orders"]
    orders.pop("dataset_id")
    assert orders == {
        "entity_name": "public.orders", "dataset_type": "TABLE", "dataset_subtype": "EXTERNAL",
        "description": "Orders placed in the shop", "description_content_type": "text/plain",
        "storage_layer": "iceberg", "file_format": "parquet", "catalog_framework": "iceberg", "catalog_type": "jdbc",
        "catalog_name": "lake", "catalog_metadata_uri": "jdbc:postgresql://meta:5432/catalog",
        "catalog_warehouse_uri": "s3://wh/lake", "catalog_source": "spark",
        "hierarchy": "DATABASE:shop/SCHEMA:public/TABLE:orders", "latest_version": "2",
        "updated_at": at("2025-07-01 12:00:00"),
    }


def test_facets_datasets_only_datasets_that_sent_one(wh: Warehouse) -> None:
    """The dashboard and the checks' datasets sent none of these facets: no row (raw.orders sent ownership)."""
    assert set(by_name(wh, "dataset_facets", "datasets", DB)) == {"public.orders", "raw.orders", "public.tolerant"}


def test_facets_dataset_versions_that_change(wh: Warehouse) -> None:
    """Version 1 at 10:00 (run 1) and again at 11:00 (run 3); version 2 at 12:00 (run 2): latest_version is 2."""
    versions = grouped(wh, "dataset_versions", "datasets", DB, "version", "first_seen_at", "last_seen_at",
                       "first_run_id", "last_run_id")
    assert versions == {"public.orders": {
        ("1", at("2025-07-01 10:00:00"), at("2025-07-01 11:00:00"), run(1), run(3)),
        ("2", at("2025-07-01 12:00:00"), at("2025-07-01 12:00:00"), run(2), run(2)),
    }}


def test_facets_owners_datasets_with_and_without_type(wh: Warehouse) -> None:
    """alice named without a type at 10:00, as STEWARD at 12:00; team:data only at 10:00 (still an owner);
    team:ingest never typed (NULL)."""
    owners = grouped(wh, "dataset_owners", "datasets", DB, "owner_name", "owner_type", "last_seen_at")
    assert owners == {
        "public.orders": {("team:data", "MAINTAINER", at("2025-07-01 10:00:00")),
                          ("user:alice", "STEWARD", at("2025-07-01 12:00:00"))},
        "raw.orders": {("team:ingest", None, at("2025-07-01 10:00:00"))},
    }


def test_facets_owners_jobs_type_kept_when_a_later_event_sends_none(wh: Warehouse) -> None:
    """team:etl is OWNER at 10:00 and untyped at 12:00: the type stays, last seen 12:00. In the tolerant event the
    item 7 is not an object and the owner without a name is skipped."""
    owners = grouped(wh, "job_owners", "jobs", JOBS, "owner_name", "owner_type", "last_seen_at")
    assert owners == {"load_orders": {("team:etl", "OWNER", at("2025-07-01 12:00:00"))},
                      "tolerant_job": {("team:tolerant", None, at("2025-07-01 13:00:00"))}}


def test_facets_jobs_each_field_latest_non_null_in_d1_order(wh: Warehouse) -> None:
    jobs = by_name(wh, "job_facets", "jobs", JOBS)
    load = jobs["load_orders"]
    load.pop("job_id")
    assert load == {
        "entity_name": "load_orders", "description": "Loads orders", "description_content_type": "text/markdown",
        "source_code_language": "python", "source_code_type": "git",
        "source_code_url": "https://github.com/acme/etl/blob/def/load.py", "source_code_path": "dags/load.py",
        "repo_url": "https://github.com/acme/etl.git", "version": "def", "updated_at": at("2025-07-01 12:00:00"),
    }
    # only ownership, and a documentation that is not an object: a row of NULLs, updated at 13:00
    assert {k: v for k, v in jobs["tolerant_job"].items() if v is not None and k != "job_id"} == {
        "entity_name": "tolerant_job", "updated_at": at("2025-07-01 13:00:00")}
    assert "check_orders" not in jobs


def test_facets_d6_credentials_scrubbed_from_facet_values(wh: Warehouse) -> None:
    """The catalog's metadataUri (admin:s3cret@) and the first source URL (bob:tok3n@) carried userinfo."""
    for relation in ("marts.dataset_facets", "marts.job_facets", "intermediate.int_dataset_facet_events",
                     "intermediate.int_job_facet_events", "staging.stg_io_entries", "staging.stg_event_payloads"):
        columns = [c for c in wh.columns(relation) if c not in ("owners",)]
        text = " ".join(str(row) for row in wh.query(f"select {', '.join(columns)} from {relation}"))
        assert "s3cret" not in text and "tok3n" not in text, relation
    urls = {r[0] for r in wh.query("select source_code_url from intermediate.int_job_facet_events")}
    assert "https://github.com/acme/etl/blob/abc/load.py" in urls  # the scrubbed URL of the 10:00 event


def test_facets_d5_wrong_type_drops_only_itself_and_is_noted(wh: Warehouse) -> None:
    """tolerant_job's event: a documentation string, an owner item 7, an ownership string, a version number and a
    hierarchy level string are each noted as not_an_object; the storage and the good hierarchy level are kept."""
    issues = set(wh.query(
        "select facet, reason from staging.facet_issues where event_hash in (select event_hash from "
        f"staging.stg_events where run_id = '{run(4)}')"))
    assert issues == {("job.facets.documentation", "not_an_object"),
                      ("job.facets.ownership.owners[1]", "not_an_object"),
                      ("outputs[0].facets.ownership", "not_an_object"),
                      ("outputs[0].facets.version", "not_an_object"),
                      ("outputs[0].facets.hierarchy.hierarchy[0]", "not_an_object")}
    tolerant = by_name(wh, "dataset_facets", "datasets", DB)["public.tolerant"]
    assert (tolerant["storage_layer"], tolerant["hierarchy"], tolerant["latest_version"]) == (
        "delta", "TABLE:tolerant", None)


def test_facets_real_events_marquez_demo_and_spec_example(wh: Warehouse) -> None:
    """Marquez demo: the job and dataset documentation facets; the spec's full example (Marquez edge cases):
    job documentation "string" and sourceCodeLocation git / http://example.com. Its Flink inputs are run-level
    (§0), but event_large and others of the same job list instance.schema.table as operation entries."""
    demo = ("unknown", "food_delivery")
    assert by_name(wh, "job_facets", "jobs", demo)["etl_orders"]["description"] == "Loads newly placed orders daily."
    demo_sets = by_name(wh, "dataset_facets", "datasets", demo)
    assert demo_sets["public.orders"]["description"] == "A table for orders."
    assert len(demo_sets) == 13
    spec = by_name(wh, "job_facets", "jobs", ("unknown", "my-scheduler-namespace"))["myjob.mytask"]
    assert (spec["description"], spec["source_code_type"], spec["source_code_url"], spec["updated_at"]) == (
        "string", "git", "http://example.com", at("2020-12-28 19:51:01.641"))
