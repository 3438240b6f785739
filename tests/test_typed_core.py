"""The typed event core (docs/decisions.md "One parse: the declared event shape"): staging parses events into the
declared shape, and models past staging read its typed columns instead of parsing JSON.

The models that still parse JSON text past staging are listed here by name, and only shrink: a model that starts
to parse JSON fails the test, and so does a listed model that no longer does (drop it from the list)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.lw.dbt_runner import PROJECT_DIR, Warehouse

# what parses JSON text in DuckDB SQL (every JSON macro of macros/cross_db compiles to one of these)
JSON_FUNCTIONS = re.compile(r"\b(json_extract_string|json_extract|json_transform|json_type|json_keys|json_valid)\s*\(|"
                            r"\bas json\b", re.IGNORECASE)
# past staging, still reading JSON text: the IO entries, their facets and the tags (the next stage of the core)
STILL_PARSING = {
    "int_event_datasets", "int_io_entry_facts", "int_io_entry_schemas", "int_column_lineage_fields",
    "int_symlink_identifiers", "int_dataset_tag_events", "int_job_tag_events", "int_airflow_dag_tag_items",
    "int_run_event_facets",
}


def parsing_models(compiled: Path) -> set[str]:
    """Models past staging whose compiled DuckDB SQL parses JSON text."""
    models = [path for path in (compiled / "models").rglob("*.sql")
              if not any(part in ("staging", "raw") or part.endswith(".yml")  # unit tests compile under their yml
                         for part in path.relative_to(compiled / "models").parts)]
    assert len(models) > 50
    return {path.stem for path in models if JSON_FUNCTIONS.search(path.read_text())}


def test_no_json_parsing_past_staging_but_the_listed_models(corpora_duckdb: Warehouse) -> None:
    compiled = corpora_duckdb.root / "target" / "compiled" / "lineage_warehouse"
    assert (compiled / "models" / "staging" / "stg_event_payloads.sql").is_file()
    found = parsing_models(compiled)
    assert found - STILL_PARSING == set(), f"models past staging that parse JSON: {sorted(found - STILL_PARSING)}"
    assert STILL_PARSING - found == set(), f"no longer parse JSON, drop from STILL_PARSING: {sorted(STILL_PARSING - found)}"


def test_the_migrated_models_read_the_typed_payloads() -> None:
    """The run and job facets are read from staging's typed columns, not from the payload."""
    for name in ("int_events_classified", "int_operation_facts", "int_run_event_facets"):
        path = next((PROJECT_DIR / "models").rglob(f"{name}.sql"))
        assert "ref('stg_event_payloads')" in path.read_text(), name


# every facet the declared shape reads (macros/event_shape.sql), with its container; the test below checks the list
# against the facet columns of stg_event_payloads, so a facet declared later joins the mutation test
DECLARED_FACETS = [("run", name) for name in (
    "parent", "processing_engine", "spark_applicationDetails", "spark_jobDetails", "airflowDagRun", "airflow",
    "dataRentgen_run", "dataRentgen_operation", "nominalTime", "tags", "errorMessage", "flink_job", "dbt_run",
    "hive_session", "hive_query", "jobDependencies")] + [("job", name) for name in ("jobType", "tags", "sql")]
# a value of every JSON type, and whether it is an object
JSON_VALUES = [("string", "oops", False), ("number", 42, False), ("boolean", True, False), ("array", [1], False),
               ("null", None, None), ("object", {}, True), ("string holding an object", "{not json", False)]


def snake(name: str) -> str:
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()


def mutated_events() -> list[dict]:
    """One event per declared facet and JSON value: a Spark application event whose facet is that value."""
    events = []
    for index, ((container, facet), (kind, value, _)) in enumerate(
            (f, v) for f in DECLARED_FACETS for v in JSON_VALUES):
        run_id = f"01890000-0000-7000-8000-{index:012d}"
        events.append({
            "eventTime": "2025-01-01T00:00:00Z", "eventType": "START", "producer": "test",
            "run": {"runId": run_id, "facets": {"processing_engine": {"name": "spark", "version": "3.5.0"}}},
            "job": {"namespace": "spark://h:7077", "name": f"app_{index}",
                    "facets": {"jobType": {"integration": "SPARK", "jobType": "APPLICATION",
                                           "processingType": "BATCH"}}},
            "inputs": [], "outputs": [],
        })
        events[-1][container]["facets"][facet] = value
        events[-1]["lw_case"] = f"{container}.facets.{facet}={kind}"
    return events


def check_mutations(warehouse: Warehouse, events: list[dict], tmp_path: Path) -> None:
    """Every mutated event is placed; a declared facet that is not an object is recorded as not_an_object and
    reads as NULL; JSON null records nothing; an empty object is a facet (its column is not NULL)."""
    placed = {r[0]: r[1] for r in warehouse_rows(warehouse, "select run_id, event_hash from staging.stg_events")}
    assert len(placed) == len(events)
    issues = set(warehouse_rows(warehouse, "select event_hash, facet, reason from staging.facet_issues"))
    for event in events:
        container, facet_value = event["lw_case"].split(".facets.")
        facet, kind = facet_value.split("=")
        value = next(v for k, v, _ in JSON_VALUES if k == kind)
        is_object = next(o for k, _, o in JSON_VALUES if k == kind)
        event_hash = placed[event["run"]["runId"]]
        recorded = (event_hash, f"{container}.facets.{facet}", "not_an_object") in issues
        assert recorded == (is_object is False), event["lw_case"]
        present = warehouse_rows(warehouse, f"select has_{container}_{snake(facet)} from staging.stg_event_payloads "
                                            f"where event_hash = '{event_hash}'")[0][0]
        assert present == (is_object is True), (event["lw_case"], value)


def warehouse_rows(warehouse: Warehouse, sql: str) -> list[tuple]:
    if warehouse.target == "duckdb":
        return warehouse.query(sql)
    from tests.lw import spark_session

    return [tuple(row) for row in spark_session.session().sql(sql).collect()]


def write_events(folder: Path, events: list[dict]) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "mutations.jsonl").write_text("".join(
        json.dumps({k: v for k, v in e.items() if k != "lw_case"}) + "\n" for e in events))
    return str(folder / "*.jsonl")


def test_declared_facets_are_the_facet_columns(corpora_duckdb: Warehouse) -> None:
    columns = {c for c in corpora_duckdb.columns("staging.stg_event_payloads") if c.startswith(("has_run_", "has_job_"))}
    assert columns == {f"has_{container}_{snake(name)}" for container, name in DECLARED_FACETS}


def test_d5_every_json_type_at_every_declared_facet_duckdb(tmp_path: Path) -> None:
    events = mutated_events()
    glob = write_events(tmp_path / "events", events)
    warehouse = Warehouse(tmp_path / "wh", "duckdb")
    warehouse.build(glob)
    check_mutations(warehouse, events, tmp_path)
    warehouse.build(glob)  # a second, incremental build on top passes too
    check_mutations(warehouse, events, tmp_path)


@pytest.mark.spark
def test_d5_every_json_type_at_every_declared_facet_spark(tmp_path: Path) -> None:
    events = mutated_events()
    glob = write_events(tmp_path / "events", events)
    warehouse = Warehouse(tmp_path / "wh", "spark")
    warehouse.build(glob, select="+facet_issues +int_run_event_facets +int_operation_facts +int_job_reference_facts")
    check_mutations(warehouse, events, tmp_path)
