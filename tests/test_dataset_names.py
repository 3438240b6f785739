"""Dataset namespace and name rewrites, reserved dataset names (issue 19; reference-0.7-additions.md §2, §3), on the
three events of tests/fixtures/events/dataset-names (written by hand; read by the shared corpora, so
tests/test_engine_parity.py compares these marts on Spark too).

The fixture: an Unknown operation `names_check` (job namespace `postgresql://scheduler:5432`, parent job in
`mssql://Orchestrator:1433`) reading each namespace rewrite of §2, an unchanged namespace, ClickHouse/MySQL names
cut and kept, every reserved example of §3 and one that is not, and writing `public.report` (a reserved and a kept
symlink identifier, column lineage from a reserved and two kept sources) and the reserved `V$SESSION`; a Spark
SQL_JOB reading a partitioned ClickHouse name and an entry whose first TABLE identifier is reserved and writing an
unpartitioned ClickHouse name; a dbt MODEL writing a ClickHouse name.

The macro tests of tests/dbt/datasets hold every example of §2 and §3 on literal inputs; this module holds the
rules end to end, on few datasets: the corpora stay within var lineage_closure_check_all_up_to datasets
(tests/test_lineage.py). Every expected value is worked out by hand from the spec and the fixture, not copied
from a build."""
from __future__ import annotations

import pytest

from tests.lw.dbt_runner import Warehouse

U1 = "0197c56d-d900-7000-8000-00000000a001"  # Unknown operation names_check (its own run)
UP = "0197c56d-d900-7000-8000-00000000a002"  # its parent run (no events of its own)
S1 = "0197c56d-d900-7000-8000-00000000a003"  # Spark SQL_JOB execute_insert
SA = "0197c56d-d900-7000-8000-00000000a004"  # its application run (no events of its own)
D1 = "0197c56d-d900-7000-8000-00000000a005"  # dbt MODEL orders_model
DJ = "0197c56d-d900-7000-8000-00000000a006"  # its dbt JOB run (no events of its own)

# names_check's inputs that are not reserved: (location type, location name, dataset name)
NAMES_CHECK_INPUTS = {
    # §2 namespace rewrites
    ("bigquery", "googleapis.com", "proj.ds.orders"),              # BigQuery
    ("pubsub", "googleapis.com", "projects/p/topics/events"),      # pubsub
    ("awsglue", "123456789012", "sales.orders"),                   # arn:aws:glue:us-east-1:123456789012
    ("sqlserver", "host:1433", "dbo.customers"),                   # mssql://Host:1433
    ("postgres", "h:5432", "public.items"),                        # postgresql://h:5432
    # §2 an unchanged namespace
    ("jdbc", "postgresql://h:5432/db", "public.items"),            # jdbc:postgresql://h:5432/db
    # §2 ClickHouse/MySQL cut
    ("clickhouse", "ch:8123", "db.t"),                             # default.db.t
    ("clickhouse", "ch:8123", "a.b.c.d"),                          # three '.': unchanged
    ("mysql", "my:3306", "Shop.Users"),                            # Def.Shop.Users
    # §3 a name that is not reserved
    ("mysql", "my:3306", "sys_config"),
}
# every reserved name of the fixture (§3): IO entries, a symlink identifier, a column-lineage source, and the
# physical path of the Spark entry whose first TABLE identifier is reserved
RESERVED = {"db.INFORMATION_SCHEMA.columns", "mydb.system", "a.dual.b", "/data/x.system", "V$SESSION", "gv_$x",
            "scott.dba_users", "sys.report", "sys.logs", "/warehouse/raw/logs"}


@pytest.fixture(scope="module")
def wh(corpora_duckdb: Warehouse) -> Warehouse:
    return corpora_duckdb


def io_datasets(wh: Warehouse, relation: str, operation_id: str) -> set[tuple[str, str, str]]:
    return set(wh.query(f"""
        select locations.type, locations.name, datasets.name
        from marts.{relation} as io
        inner join marts.datasets as datasets on io.dataset_id = datasets.dataset_id
        inner join marts.locations as locations on datasets.location_id = locations.location_id
        where io.operation_id = '{operation_id}'"""))


def fixture_event_hashes(wh: Warehouse) -> list[str]:
    hashes = [h for (h,) in wh.query(f"select event_hash from staging.stg_events where run_id in ('{U1}', '{S1}', '{D1}')")]
    assert len(hashes) == 3
    return hashes


def test_r07_2_namespace_rewrites_and_name_cut_on_every_input(wh: Warehouse) -> None:
    """Each input that is not reserved is one input row at the rewritten location with the cut name."""
    assert io_datasets(wh, "inputs", U1) == NAMES_CHECK_INPUTS


def test_r07_2_namespace_rewrites_reach_outputs_symlinks_and_column_lineage(wh: Warehouse) -> None:
    """postgresql:// output, mssql:// symlink identifier, BIGQUERY and ClickHouse column-lineage sources."""
    assert io_datasets(wh, "outputs", U1) == {("postgres", "h:5432", "public.report")}
    symlinks = set(wh.query("""
        select from_locations.type, from_datasets.name, to_locations.type, to_datasets.name, symlinks.type
        from marts.dataset_symlinks as symlinks
        inner join marts.datasets as from_datasets on symlinks.from_dataset_id = from_datasets.dataset_id
        inner join marts.locations as from_locations on from_datasets.location_id = from_locations.location_id
        inner join marts.datasets as to_datasets on symlinks.to_dataset_id = to_datasets.dataset_id
        inner join marts.locations as to_locations on to_datasets.location_id = to_locations.location_id
        where from_datasets.name in ('public.report', 'dbo.report')
           or to_datasets.name in ('public.report', 'dbo.report')"""))
    assert symlinks == {
        ("postgres", "public.report", "sqlserver", "dbo.report", "METASTORE"),
        ("sqlserver", "dbo.report", "postgres", "public.report", "WAREHOUSE"),
    }
    lineage = set(wh.query(f"""
        select source_locations.type, source_locations.name, sources.name, lineage.source_column, targets.name,
               lineage.target_column
        from marts.column_lineage as lineage
        inner join marts.datasets as sources on lineage.source_dataset_id = sources.dataset_id
        inner join marts.locations as source_locations on sources.location_id = source_locations.location_id
        inner join marts.datasets as targets on lineage.target_dataset_id = targets.dataset_id
        where lineage.operation_id = '{U1}'"""))
    assert lineage == {
        ("bigquery", "googleapis.com", "proj.ds.orders", "amount", "public.report", "total"),
        ("clickhouse", "ch:8123", "db.t", "x", "public.report", "total"),
    }


def test_r07_2_job_namespaces_are_not_rewritten(wh: Warehouse) -> None:
    """The job's postgresql:// and the parent's mssql:// namespaces keep their scheme as the location type."""
    jobs = set(wh.query("""
        select locations.type, locations.name, jobs.name
        from marts.jobs as jobs
        inner join marts.locations as locations on jobs.location_id = locations.location_id
        where jobs.name in ('names_check', 'nightly')"""))
    assert jobs == {("postgresql", "scheduler:5432", "names_check"), ("mssql", "orchestrator:1433", "nightly")}


def test_r07_2_clickhouse_cut_undone_by_the_spark_partition_cut_and_the_dbt_rewrite(wh: Warehouse) -> None:
    """Spark: `default.db.events` is cut (no partition), `default.db.clicks/dt=...` loses its partition from the
    name as sent, so keeps `default.`; dbt: `default.db.orders_model` is kept whole."""
    assert io_datasets(wh, "inputs", S1) == {("clickhouse", "ch:8123", "default.db.clicks")}
    assert io_datasets(wh, "outputs", S1) == {("clickhouse", "ch:8123", "db.events")}
    assert io_datasets(wh, "outputs", D1) == {("clickhouse", "ch:8123", "default.db.orders_model")}


def test_r07_3_reserved_names_give_no_dataset_io_row_symlink_or_column_lineage(wh: Warehouse) -> None:
    """The reserved IO entries (and the Spark entry whose first TABLE identifier is reserved) give no IO row and no
    dataset, nor do the reserved symlink identifier or column-lineage source; the operations and runs stay."""
    names = ", ".join(f"'{name.lower()}'" for name in RESERVED)
    assert wh.query(f"select name from marts.datasets where lower(name) in ({names})") == []
    assert wh.query(f"select operation_id from marts.outputs where operation_id = '{U1}' and dataset_id not in ("
                    "select dataset_id from marts.datasets where name = 'public.report')") == []
    assert {r for (r,) in wh.query(f"select operation_id from marts.operations where operation_id in "
                                   f"('{U1}', '{S1}', '{D1}')")} == {U1, S1, D1}
    assert {r for (r,) in wh.query(f"select run_id from marts.runs where run_id in "
                                   f"('{U1}', '{UP}', '{SA}', '{DJ}')")} == {U1, UP, SA, DJ}


def test_r07_3_reserved_references_are_skipped_without_a_facet_issue(wh: Warehouse) -> None:
    """docs/decisions/reserved-dataset-names.md: no facet issue for the fixture's events; the
    entries stay in staging (19 entries of names_check, 3 of the Spark job, 1 of the dbt model) and the reserved
    identifier keeps its row in int_symlink_identifiers with skip_reason reserved_name."""
    hashes = ", ".join(f"'{h}'" for h in fixture_event_hashes(wh))
    assert wh.query(f"select * from staging.facet_issues where event_hash in ({hashes})") == []
    entries = dict(wh.query(f"""
        select events.run_id, count(*) from staging.stg_io_entries as entries
        inner join staging.stg_events as events on entries.event_hash = events.event_hash
        where entries.event_hash in ({hashes}) group by events.run_id"""))
    assert entries == {U1: 19, S1: 3, D1: 1}
    skipped = set(wh.query(f"""
        select identifier_name, skip_reason from intermediate.int_symlink_identifiers
        where event_hash in ({hashes})"""))
    assert skipped == {("dbo.report", None), ("sys.report", "reserved_name")}


# the one pattern of dataset_namespace_read (macros/namespace.sql) that nothing else renders
NAMESPACE_REWRITE_MARK = "'arn:aws:glue:%'"


def test_r07_2_dataset_namespace_rewritten_once_per_reference_column(wh: Warehouse) -> None:
    """docs/architecture.md "Dataset references": the dataset namespace rewrite is rendered once into a column
    (int_location_references.read_namespace, the seeds' URLs) and the location parse reads that column, so no
    compiled model repeats the rewrite inside the parse: int_location_references renders it once (its one dataset
    namespace column), int_namespace_locations not at all (it reads the parsed addresses), and no model more than
    twice (int_location_address_edges: the seed's two URLs; int_event_datasets: two dataset_name calls)."""
    compiled = wh.root / "target" / "compiled" / "lineage_warehouse" / "models"
    counts = {path.stem: path.read_text().count(NAMESPACE_REWRITE_MARK) for path in compiled.rglob("*.sql")}
    assert counts["int_location_references"] == 1
    assert counts["int_namespace_locations"] == 0
    assert {model: count for model, count in counts.items() if count > 2} == {}
