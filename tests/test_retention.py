"""Retention (issue 5; docs/decisions/retention.md; macros/retention.sql).

With `retention_days` set, events older than the cutoff (retention_as_of minus that many days) are never placed,
and each `dbt run` first deletes the rows older events left in the stored incremental relations. The rule tested
here: a warehouse that had every event and then turns retention on ends with the same marts as a fresh build with
retention on, and those marts are built from exactly the retained events of a build without retention.
"""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.lw.dbt_runner import Warehouse
from tests.lw.spark_reader import Relations
from tests.test_incremental import comparable, corpus_units, differences, land_batch, read, split

# cutoff = 2025-01-01T00:00Z - 31 days = 2024-12-01T00:00Z: the fixture corpus has events from 2020 to 2026 on
# both sides of it; the offset checks that retention_as_of is read as an instant, not as local wall time
RETENTION = {"retention_days": 31, "retention_as_of": "2025-01-01T02:00:00+02:00"}
CUTOFF = "2024-12-01T00:00:00.000000"
# landing_audit counts the lines stored at the moment: expired lines leave it at the run after they land
NOT_COMPARED = {"landing_audit"}


def marts(wh: Warehouse) -> dict[str, Counter[tuple[Any, ...]]]:
    return {name: rows for name, rows in comparable(read(wh, "marts"), "marts").items() if name not in NOT_COMPARED}


def column_values(relations: Relations, relation: str, column: str) -> list[Any]:
    """The non-null values of one column of one relation read with `read()`."""
    columns, rows = relations[relation]
    index = columns.index(column)
    return [row[index] for row in rows if row[index] is not None]


# per-batch aggregates that a trim makes stale (docs/decisions/incremental-location-remap-rebuild.md)
PER_BATCH_FOLDS = ("intermediate/locations/int_location_address_firsts", "intermediate/datasets/int_dataset_batch_firsts")


def event_times(wh: Warehouse) -> list[str]:
    """The event times of the placed events (one read of the staging schema)."""
    return column_values(read(wh, "staging"), "stg_events", "event_time")


def land_with_and_without_retention(tmp: Path, target: str) -> dict[str, Any]:
    """Batch 1 landed and built without retention, batch 2 landed and built with it."""
    units = corpus_units(tmp, generated=300)
    batches = split(units, 2, 41)
    landing = tmp / "landing"
    glob = f"{landing}/**/*.json*"
    rng = random.Random(2)
    wh = Warehouse(tmp / "switched_on", target)
    wh.dbt(["seed"])
    land_batch(landing, 1, batches[0], [], rng)
    wh.dbt(["run"], events=glob)
    before = event_times(wh)
    land_batch(landing, 2, batches[1], [text for kind, text in batches[0] if kind == "line"], rng)
    wh.dbt(["run"], events=glob, extra_vars=RETENTION)
    triggers = [reason for (reason,) in wh.query("select reason from raw.fold_rebuild_triggers")] \
        if target == "duckdb" else None
    read_all = {model: wh.read_every_batch(model) for model in PER_BATCH_FOLDS}
    return {"wh": wh, "glob": glob, "expired_in_batch_1": sum(1 for t in before if t < CUTOFF),
            "triggers": triggers, "read_all": read_all}


@pytest.fixture(scope="module")
def duckdb_warehouses(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    tmp = tmp_path_factory.mktemp("retention")
    switched = land_with_and_without_retention(tmp, "duckdb")
    fresh = Warehouse(tmp / "fresh_with_retention")
    fresh.dbt(["seed"])
    fresh.dbt(["run"], events=switched["glob"], extra_vars=RETENTION)
    keep_all = Warehouse(tmp / "keep_everything")
    keep_all.dbt(["seed"])
    keep_all.dbt(["run"], events=switched["glob"])
    return {**switched, "fresh": fresh, "keep_all": keep_all}


def test_retention_drops_events_before_the_cutoff(duckdb_warehouses: dict[str, Any]) -> None:
    keep_all, fresh = read(duckdb_warehouses["keep_all"], "staging"), read(duckdb_warehouses["fresh"], "staging")
    all_times = column_values(keep_all, "stg_events", "event_time")
    assert any(t < CUTOFF for t in all_times) and any(t >= CUTOFF for t in all_times)
    assert min(column_values(fresh, "stg_events", "event_time")) >= CUTOFF
    columns, rows = keep_all["stg_events"]
    time_index, hash_index = columns.index("event_time"), columns.index("event_hash")
    retained = Counter(row[hash_index] for row in rows if row[time_index] >= CUTOFF)
    assert Counter(column_values(fresh, "stg_events", "event_hash")) == retained


def test_retention_marts_hold_fewer_rows_of_the_same_entities(duckdb_warehouses: dict[str, Any]) -> None:
    fresh, keep_all = read(duckdb_warehouses["fresh"], "marts"), read(duckdb_warehouses["keep_all"], "marts")
    for name in ("runs", "operations", "inputs", "outputs"):
        columns, rows = fresh[name]
        full_columns, full_rows = keep_all[name]
        assert 0 < len(rows) < len(full_rows), name
        key_name = "run_id" if name == "runs" else "operation_id"
        key, full_key = columns.index(key_name), full_columns.index(key_name)
        assert {row[key] for row in rows} <= {row[full_key] for row in full_rows}, name


def test_retention_switched_on_later_equals_a_fresh_build_with_retention(duckdb_warehouses: dict[str, Any]) -> None:
    switched, fresh = duckdb_warehouses["wh"], duckdb_warehouses["fresh"]
    assert duckdb_warehouses["expired_in_batch_1"] > 0
    assert differences(marts(switched), marts(fresh)) == {}
    # the run that switched retention on deleted what batch 1 had placed before the cutoff
    assert min(event_times(switched)) >= CUTOFF


def test_retention_trim_rebuilds_the_per_batch_folds(duckdb_warehouses: dict[str, Any]) -> None:
    # the run that switched retention on expired events: it recorded a trigger, and the per-batch aggregates
    # were emptied and read every batch again instead of appending batch 2
    # (the expired references may also have moved a namespace: a location_remap trigger can follow)
    assert "retention" in duckdb_warehouses["triggers"]
    assert all(duckdb_warehouses["read_all"].values()), duckdb_warehouses["read_all"]


def test_retention_trims_every_stored_layer_at_the_next_run(duckdb_warehouses: dict[str, Any]) -> None:
    switched = duckdb_warehouses["wh"]
    switched.dbt(["run"], events=duckdb_warehouses["glob"], extra_vars=RETENTION)
    staging = read(switched, "staging")
    columns, rows = staging["stg_event_envelopes"]
    time, batch = columns.index("event_time"), columns.index("landing_batch")
    # expired records were deleted from every batch, and the unchanged files were not read again
    # (docs/decisions/landing-skip-files-already-landed.md), so none of their lines came back
    assert all(row[time] >= CUTOFF for row in rows if row[time] is not None)
    assert max(row[batch] for row in rows) == 2
    assert min(column_values(staging, "stg_events", "event_time")) >= CUTOFF
    assert all(row[columns.index("quarantine_reason")] is not None for row in rows
               if row[columns.index("event_time")] is None)
    audit_columns, audit = read(switched, "marts")["landing_audit"]
    col = {name: audit_columns.index(name) for name in ("lines", "parsed", "quarantined")}
    assert sum(r[col["lines"]] for r in audit) == sum(r[col["parsed"]] + r[col["quarantined"]] for r in audit)
    assert sum(r[col["lines"]] for r in audit) == len(rows)
    assert differences(marts(switched), marts(duckdb_warehouses["fresh"])) == {}


def test_retention_turned_off_does_not_bring_expired_events_back(duckdb_warehouses: dict[str, Any]) -> None:
    """docs/decisions/retention.md: the expired lines' files are unchanged and recorded as landed,
    so a run without retention does not land them again; a full refresh does."""
    switched = duckdb_warehouses["wh"]
    switched.dbt(["run"], events=duckdb_warehouses["glob"])
    assert min(event_times(switched)) >= CUTOFF
    switched.dbt(["run", "--full-refresh"], events=duckdb_warehouses["glob"])
    assert min(event_times(switched)) < CUTOFF


def test_retention_days_must_be_a_whole_number(duckdb_warehouses: dict[str, Any]) -> None:
    proc = duckdb_warehouses["fresh"].dbt(["run", "--select", "stg_events"], events=duckdb_warehouses["glob"],
                                          check=False, extra_vars={"retention_days": "ten"})
    assert proc.returncode != 0
    assert "retention_days must be a whole number" in proc.stdout


@pytest.mark.spark
def test_retention_switched_on_later_spark(spark_history: dict[str, Any], tmp_path: Path) -> None:
    """The Spark warehouse of tests/test_incremental.py's history (batch 1 without retention), switched to
    retention in the run that lands batch 2, equals a fresh DuckDB build with retention."""
    assert any(t < CUTOFF for t in spark_history["event_times_before"])
    assert all(spark_history["read_all"].values()), spark_history["read_all"]
    assert min(spark_history["event_times_after"]) >= CUTOFF
    fresh = Warehouse(tmp_path / "duckdb_fresh")
    fresh.dbt(["seed"])
    fresh.dbt(["run"], events=spark_history["glob"], extra_vars=RETENTION)
    on_spark = {name: rows for name, rows in comparable(spark_history["marts_after"], "marts").items()
                if name not in NOT_COMPARED}
    assert differences(on_spark, marts(fresh)) == {}
