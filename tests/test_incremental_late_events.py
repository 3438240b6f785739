"""Late and out-of-order events across incremental builds (issue 5; docs/decisions/incremental-landing-batches.md).

Two landing batches of hand-built events, `dbt run` after each, on one DuckDB warehouse:
- a COMPLETE landed two days after its START (§5.2: the run goes from STARTED to SUCCEEDED and gets ended_at);
- a child run landed before its parent (§5.1/D9: the child names the parent from the first batch on; the
  parent's own events arrive later and fill in its row, its status and the run → run link);
- a location that fuses two known ones (§1.1 step 5/D7: `kafka://k1:9092` and `kafka://k2:9092` are two
  locations until `kafka://k1:9092,k2:9092` names both hosts as one); the models whose appended rows hold
  location-derived ids are rebuilt from every batch in that run, and append again after an ordinary third batch
  (docs/decisions/incremental-location-remap-rebuild.md), while those holding natural keys
  append in that run too: their folds resolve the moved namespaces (docs/decisions/incremental-natural-keys.md);
- in the ordinary third batch, a late event of a known operation adds an output: the models refolded by operation
  and the lineage edges refold the scope of the operations the batch touches, with their runs and jobs, instead of
  being rebuilt (docs/decisions/incremental-refolds.md);
- a fourth batch moves a known run to another job (its latest event names another job, D11): the refolded models
  refold the touched scope, which names the job the run left (docs/decisions/incremental-touched-scope.md), and the old
  job's edges lose the run.
Expected values come from the rules, written by hand; the last check is that a --full-refresh changes nothing.
"""
from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from tests.lw.dbt_runner import Warehouse
from tests.lw.model_modes import APPEND, REFOLD, models_in_mode
from tests.test_incremental import newest_watermarks

PRODUCER = "https://example.com/lineage-tests/late-events"
WATERMARKS = "select model_name, landing_batch, recorded_at from raw.landing_batch_watermarks"
LATE_RUN = "01941f29-7c00-7000-8000-00000000a001"
PARENT_RUN = "01941f29-7c00-7000-8000-00000000b001"
CHILD_RUN = "01941f29-7c00-7000-8000-00000000b002"
FUSING_RUN_1 = "01941f29-7c00-7000-8000-00000000c001"
FUSING_RUN_2 = "01941f29-7c00-7000-8000-00000000c002"
ORDINARY_RUN = "01941f29-7c00-7000-8000-00000000c003"


def declared(mode: str, rebuilt_on: str | None = None, not_rebuilt_on: str | None = None) -> set[str]:
    """The models whose config declares `mode` (and a rebuild trigger, or the lack of one), as paths under
    models/ (docs/architecture.md "Incremental modes", from the manifest)."""
    return {m.path for m in models_in_mode(mode)
            if (rebuilt_on is None or rebuilt_on in m.rebuilt_on)
            and (not_rebuilt_on is None or not_rebuilt_on not in m.rebuilt_on)}


def event(event_type: str, time: str, run_id: str, job: str, run_facets: dict[str, Any] | None = None,
          inputs: list[dict[str, Any]] | None = None, outputs: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {
        "eventTime": time, "producer": PRODUCER, "eventType": event_type,
        "schemaURL": "https://openlineage.io/spec/2-0-2/OpenLineage.json#/$defs/RunEvent",
        "run": {"runId": run_id, "facets": run_facets or {}},
        "job": {"namespace": "late_events", "name": job, "facets": {}},
        "inputs": inputs or [], "outputs": outputs or [],
    }


def topic(namespace: str, name: str) -> dict[str, Any]:
    return {"namespace": namespace, "name": name, "facets": {}}


PARENT_FACET = {"parent": {"run": {"runId": PARENT_RUN}, "job": {"namespace": "late_events", "name": "parent_job"}}}

FIRST_BATCH = [
    event("START", "2025-01-01T00:00:00Z", LATE_RUN, "late_job"),
    event("START", "2025-01-01T00:05:00Z", CHILD_RUN, "child_job", PARENT_FACET),
    event("COMPLETE", "2025-01-01T00:06:00Z", CHILD_RUN, "child_job", PARENT_FACET),
    event("COMPLETE", "2025-01-01T01:00:00Z", FUSING_RUN_1, "copy_job",
          inputs=[topic("kafka://k1:9092", "orders")], outputs=[topic("kafka://k2:9092", "orders_copy")]),
]
SECOND_BATCH = [
    event("COMPLETE", "2025-01-03T00:00:00Z", LATE_RUN, "late_job"),
    event("START", "2025-01-01T00:04:00Z", PARENT_RUN, "parent_job"),
    event("COMPLETE", "2025-01-01T00:07:00Z", PARENT_RUN, "parent_job"),
    event("COMPLETE", "2025-01-02T01:00:00Z", FUSING_RUN_2, "merge_job",
          inputs=[topic("kafka://k1:9092,k2:9092", "orders")], outputs=[topic("kafka://k2:9092", "orders_merged")]),
]
THIRD_BATCH = [
    event("COMPLETE", "2025-01-04T01:00:00Z", ORDINARY_RUN, "copy_job",
          inputs=[topic("kafka://k1:9092", "orders")], outputs=[topic("kafka://k2:9092", "orders_copy")]),
    # late: the first batch's copy also wrote an audit topic
    event("RUNNING", "2025-01-01T00:30:00Z", FUSING_RUN_1, "copy_job",
          inputs=[topic("kafka://k1:9092", "orders")], outputs=[topic("kafka://k2:9092", "orders_audit")]),
]
FOURTH_BATCH = [
    # the ordinary run's latest event names another job: the run moves to it (D11)
    event("COMPLETE", "2025-01-04T02:00:00Z", ORDINARY_RUN, "copy_job_v2"),
]


def land(folder: Path, name: str, events: list[dict[str, Any]]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")


def run_row(wh: Warehouse, run_id: str) -> dict[str, Any] | None:
    cols = ["status", "started_at", "ended_at", "parent_run_id", "root_run_id"]
    rows = wh.query(f"select {', '.join(cols)} from marts.runs where run_id = '{run_id}'")
    return dict(zip(cols, rows[0])) if rows else None


def rebuild_state(wh: Warehouse) -> dict[str, Any]:
    """The recorded rebuild triggers and, per remap-rebuilt model, whether its last run read every batch."""
    triggers = [reason for (reason,) in wh.query("select reason from raw.fold_rebuild_triggers order by recorded_at")]
    # appended models holding location-derived ids; an appended model rebuilt on retention only (upstream of the
    # locations); the models refolded by scope in an ordinary run
    remap_rebuilt, retention_only = declared(APPEND, "location_remap"), declared(APPEND, "retention", "location_remap")
    return {"triggers": triggers, "read_all": {model: wh.read_every_batch(model) for model in remap_rebuilt},
            "retention_only_read_all": {model: wh.read_every_batch(model) for model in retention_only},
            "not_remapped_read_all": {model: wh.read_every_batch(model)
                                      for model in declared(APPEND, not_rebuilt_on="location_remap")},
            "refolded": {model: "as refold_scope" in wh.compiled(f"{model}.sql")
                         for model in declared(REFOLD)}}


def models_completed_at(wh: Warehouse) -> dict[str, datetime]:
    """model -> when its build completed (the end of its execute timing), for each model the last dbt command
    built successfully (its run_results.json)."""
    results = json.loads((wh.root / "target" / "run_results.json").read_text())["results"]
    return {r["unique_id"].split(".")[-1]: datetime.fromisoformat(
                next(t["completed_at"] for t in r["timing"] if t["name"] == "execute").removesuffix("Z"))
            for r in results if r["unique_id"].startswith("model.") and r["status"] == "success"}


def job_output_edges(wh: Warehouse) -> set[tuple[str, str, int]]:
    """JOB-grain OUTPUT edges as (job name, dataset name, runs)."""
    return set(wh.query("select j.name, d.name, e.run_count from marts.lineage_edges as e"
                        " inner join marts.jobs as j on e.from_id = j.job_id"
                        " inner join marts.datasets as d on e.to_id = d.dataset_id"
                        " where e.granularity = 'JOB' and e.edge_kind = 'OUTPUT'"))


def dataset_locations(wh: Warehouse) -> dict[str, str]:
    return dict(wh.query("select d.name, d.location_id from marts.datasets as d"
                         " inner join marts.locations as l on d.location_id = l.location_id where l.type = 'kafka'"))


@pytest.fixture(scope="module")
def batches(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    root = tmp_path_factory.mktemp("late_events")
    wh = Warehouse(root / "wh")
    glob = f"{root}/landing/*.jsonl"
    wh.dbt(["seed"])
    land(root / "landing", "batch_1.jsonl", FIRST_BATCH)
    wh.dbt(["run"], events=glob)
    first = {
        "late": run_row(wh, LATE_RUN), "child": run_row(wh, CHILD_RUN), "parent": run_row(wh, PARENT_RUN),
        "run_links": set(wh.query("select from_id, to_id from marts.lineage_run_parents")),
        "locations": dataset_locations(wh),
        "rebuild": rebuild_state(wh),
    }
    land(root / "landing", "batch_2.jsonl", SECOND_BATCH)
    wh.dbt(["run"], events=glob)
    second = {
        "late": run_row(wh, LATE_RUN), "child": run_row(wh, CHILD_RUN), "parent": run_row(wh, PARENT_RUN),
        "run_links": set(wh.query("select from_id, to_id from marts.lineage_run_parents")),
        "locations": dataset_locations(wh),
        "edges": set(wh.query("select f.name, t.name from marts.lineage_edges as e"
                              " inner join marts.datasets as f on e.from_id = f.dataset_id"
                              " inner join marts.datasets as t on e.to_id = t.dataset_id"
                              " where e.granularity = 'DATASET'")),
        "addresses": sorted(wh.query("select a.url from marts.location_addresses as a inner join marts.locations as l"
                                     " on a.location_id = l.location_id where l.type = 'kafka'")),
        "marts": {name: sorted(map(repr, wh.query(f"select * from marts.{name}")))
                  for (name,) in wh.query("select table_name from information_schema.tables"
                                          " where table_schema = 'marts'")},
        "rebuild": rebuild_state(wh),
    }
    land(root / "landing", "batch_3.jsonl", THIRD_BATCH)
    wh.dbt(["run"], events=glob)
    third = {
        "locations": dataset_locations(wh),
        "rebuild": rebuild_state(wh),
        "job_outputs": job_output_edges(wh),
        "marts": {name: sorted(map(repr, wh.query(f"select * from marts.{name}"))) for name in second["marts"]},
    }
    land(root / "landing", "batch_4.jsonl", FOURTH_BATCH)
    wh.dbt(["run"], events=glob)
    fourth = {
        "rebuild": rebuild_state(wh),
        "scope_jobs": {name for (name,) in wh.query(
            "select j.name from intermediate.int_refold_scope as s inner join marts.jobs as j"
            " on s.process_id = j.job_id where s.granularity = 'JOB'")},
        "job_outputs": job_output_edges(wh),
        "marts": {name: sorted(map(repr, wh.query(f"select * from marts.{name}"))) for name in second["marts"]},
    }
    wh.dbt(["run", "--full-refresh"], events=glob)
    refreshed = {name: sorted(map(repr, wh.query(f"select * from marts.{name}"))) for name in second["marts"]}
    # a fifth file (a re-delivery; the full refresh landed the first four as one batch) built by a run that selects
    # only the staging chain up to stg_events
    before_partial = newest_watermarks(wh.query(WATERMARKS))
    land(root / "landing", "batch_5.jsonl", FOURTH_BATCH)
    wh.dbt(["run", "--select", "+stg_events"], events=glob)
    partial = {"before": before_partial, "watermarks": newest_watermarks(wh.query(WATERMARKS)),
               "completed": models_completed_at(wh),
               "last_batch": wh.query("select max(landing_batch) from raw.raw_event_lines")[0][0]}
    return {"first": first, "second": second, "third": third, "fourth": fourth, "refreshed": refreshed,
            "partial": partial}


def test_late_complete_updates_the_run(batches: dict[str, Any]) -> None:
    first, second = batches["first"]["late"], batches["second"]["late"]
    assert first["status"] == "STARTED" and first["ended_at"] is None
    assert second["status"] == "SUCCEEDED"
    assert str(second["started_at"]) == "2025-01-01 00:00:00"
    assert str(second["ended_at"]) == "2025-01-03 00:00:00"


def test_child_before_parent_links_and_fills_the_parent(batches: dict[str, Any]) -> None:
    first, second = batches["first"], batches["second"]
    assert first["child"]["parent_run_id"] == PARENT_RUN
    assert (PARENT_RUN, CHILD_RUN) in first["run_links"]
    # the parent's own events land later: its row now has their status and start
    assert second["parent"]["status"] == "SUCCEEDED"
    assert str(second["parent"]["started_at"]) == "2025-01-01 00:04:00"
    assert second["child"]["parent_run_id"] == PARENT_RUN and second["child"]["root_run_id"] == PARENT_RUN
    assert (PARENT_RUN, CHILD_RUN) in second["run_links"]


def test_location_fusing_two_known_ones_moves_every_dataset(batches: dict[str, Any]) -> None:
    first, second = batches["first"]["locations"], batches["second"]["locations"]
    assert set(first) == {"orders", "orders_copy"} and first["orders"] != first["orders_copy"]
    assert set(second) == {"orders", "orders_copy", "orders_merged"}
    assert len(set(second.values())) == 1
    assert ("kafka://k1:9092",) in batches["second"]["addresses"]
    assert ("kafka://k2:9092",) in batches["second"]["addresses"]
    # the first batch's edge now joins datasets of the fused location
    assert {("orders", "orders_copy"), ("orders", "orders_merged")} <= batches["second"]["edges"]


def test_location_remap_rebuilds_the_located_models_once(batches: dict[str, Any]) -> None:
    first, second, third = (batches[key]["rebuild"] for key in ("first", "second", "third"))
    # the first build is fresh: nothing was remapped, every model read every batch as a new table
    assert first["triggers"] == []
    # the fusing batch moved known namespaces: one trigger, and the located models read every batch again
    assert second["triggers"] == ["location_remap"]
    assert second["read_all"] and all(second["read_all"].values()), second["read_all"]
    # an ordinary batch remaps nothing: they append its rows only, and the datasets keep their fused location
    assert third["triggers"] == ["location_remap"]
    assert not any(third["read_all"].values()), third["read_all"]
    # the model upstream of the locations appends in both runs: the remap was recorded after it ran in the second
    # run, and a remap is not among its rebuild reasons in the third
    assert second["retention_only_read_all"] and not any(second["retention_only_read_all"].values())
    assert not any(third["retention_only_read_all"].values())
    assert batches["third"]["locations"]["orders_copy"] == batches["second"]["locations"]["orders_copy"]


def test_location_remap_leaves_the_natural_key_models_appending(batches: dict[str, Any]) -> None:
    """Per-event rows hold natural keys (issue 16, point 1): the appended models that name datasets and jobs by
    namespace and name (dataset and job references, tags, facets, data quality, column lineage) are not rebuilt
    by the remap; they append the fusing batch like any other, and the folds that read them resolve the ids."""
    second = batches["second"]["rebuild"]
    appending = second["not_remapped_read_all"]
    for model in ("int_dataset_references", "int_dataset_batch_firsts", "int_job_references",
                  "int_job_tag_candidates", "int_dataset_facet_events", "int_column_lineage_sources",
                  "int_column_lineage_swaps"):
        assert any(path.endswith("/" + model) for path in appending), model
    assert not any(appending.values()), appending
    # the fold resolved the moved namespace: the first batch's reference to kafka://k2:9092 joined the fused location
    assert len(set(batches["second"]["locations"].values())) == 1


def test_ordinary_batch_refolds_the_touched_operations(batches: dict[str, Any]) -> None:
    second, third = batches["second"]["rebuild"], batches["third"]["rebuild"]
    # the remapping run rebuilt them whole; the ordinary run refolded a scope
    # (the refold models a remap does not rebuild, by their config: int_operations needs only its operations' events)
    assert {model for model, refolded in second["refolded"].items() if refolded} == declared(
        REFOLD, not_rebuilt_on="location_remap")
    assert third["refolded"] and all(third["refolded"].values()), third["refolded"]
    # the late event of the first batch's operation added its audit output to the run and the job; the job now
    # wrote orders_copy in two runs
    assert {("copy_job", "orders_audit", 1), ("copy_job", "orders_copy", 2)} <= batches["third"]["job_outputs"]


def test_run_moving_to_another_job_refolds_the_job_it_left(batches: dict[str, Any]) -> None:
    """Incremental builds, one touched scope: a run that moves to another job records no rebuild trigger; every
    refolded model refolds the scope, which holds the job the run left, so that job's edges lose the run."""
    fourth = batches["fourth"]["rebuild"]
    assert fourth["triggers"] == ["location_remap"]
    assert fourth["refolded"] and all(fourth["refolded"].values()), fourth["refolded"]
    assert {"copy_job", "copy_job_v2"} <= batches["fourth"]["scope_jobs"]
    # the old job keeps only its first run; the new job has the moved run's output
    outputs = batches["fourth"]["job_outputs"]
    assert ("copy_job", "orders_copy", 1) in outputs and ("copy_job_v2", "orders_copy", 1) in outputs
    assert ("copy_job", "orders_copy", 2) not in outputs


def test_full_refresh_after_late_events_changes_nothing(batches: dict[str, Any]) -> None:
    # the fourth batch came after the late events; a full refresh of all four changes no mart
    assert batches["refreshed"] == batches["fourth"]["marts"]
    assert batches["fourth"]["marts"] != batches["third"]["marts"] != batches["second"]["marts"]


def test_watermarks_recorded_at_the_end_of_the_run_for_the_models_it_built(batches: dict[str, Any]) -> None:
    """The run's end records one watermark per incremental model it built, at the time that model's build
    completed, and none for a model it did not build (docs/decisions/incremental-landing-batches.md)."""
    watermarks, completed = batches["partial"]["watermarks"], batches["partial"]["completed"]
    last_batch = batches["partial"]["last_batch"]
    declared_models = {path.split("/")[-1] for path in declared(APPEND) | declared(REFOLD)}
    built = declared_models & set(completed)
    assert "stg_events" in built and "int_operations" in declared_models - built
    assert {model: watermarks[model] for model in built} == {model: (last_batch, completed[model]) for model in built}
    # the models the selection left out still hold the full refresh's watermarks
    left_out = declared_models - built
    assert {model: watermarks[model] for model in left_out} == {
        model: batches["partial"]["before"][model] for model in left_out}
