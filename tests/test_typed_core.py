"""The typed event core (docs/decisions/typed-core.md): staging parses events into the
declared shape, and models past staging read its typed columns instead of parsing JSON.

No model past staging parses JSON text (issue 15, item 4): the test scans every compiled model and fails on the
first that does; the same scan finds the staging models that parse, so it cannot pass by finding nothing."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.lw.dbt_runner import PROJECT_DIR, Warehouse

# what parses JSON text in DuckDB SQL (every JSON macro of macros/cross_db compiles to one of these)
JSON_FUNCTIONS = re.compile(r"\b(json_extract_string|json_extract|json_transform|json_type|json_keys|json_valid)\s*\(|"
                            r"\bas json\b", re.IGNORECASE)


def parsing_models(compiled: Path, staging: bool = False) -> set[str]:
    """Models whose compiled DuckDB SQL parses JSON text: past staging, or (staging) in staging and raw."""
    models = [path for path in (compiled / "models").rglob("*.sql")
              if not any(part.endswith(".yml") for part in path.parts)  # unit tests compile under their yml
              and staging == any(part in ("staging", "raw")
                                 for part in path.relative_to(compiled / "models").parts)]
    assert len(models) > (5 if staging else 50)
    return {path.stem for path in models if JSON_FUNCTIONS.search(path.read_text())}


def test_no_json_parsing_past_staging(corpora_duckdb: Warehouse) -> None:
    compiled = corpora_duckdb.root / "target" / "compiled" / "lineage_warehouse"
    assert parsing_models(compiled) == set(), "models past staging that parse JSON"
    # the scan sees parsing where there is some: the staging models that parse the events, the entries and the
    # lists read from their text
    assert {"stg_event_payloads", "stg_io_entries", "stg_io_entry_schemas", "stg_io_column_lineage",
            "stg_job_dependency_entries"} <= parsing_models(compiled, staging=True)


def test_the_migrated_models_read_the_typed_payloads() -> None:
    """The run and job facets are read from staging's typed columns, not from the payload."""
    for name in ("int_events_classified", "int_operation_facts", "int_run_event_facets"):
        path = next((PROJECT_DIR / "models").rglob(f"{name}.sql"))
        assert "ref('stg_event_payloads')" in path.read_text(), name
    for name in ("int_event_datasets", "int_symlink_identifiers"):  # the entries, from stg_io_entries
        path = next((PROJECT_DIR / "models").rglob(f"{name}.sql"))
        assert "ref('stg_io_symlink_identifiers')" in path.read_text(), name


# every facet the declared shape reads (macros/event_shape.sql), with its container; the test below checks the list
# against the facet columns of stg_event_payloads, so a facet declared later joins the mutation test
DECLARED_FACETS = [("run", name) for name in (
    "parent", "processing_engine", "spark_applicationDetails", "spark_jobDetails", "airflowDagRun", "airflow",
    "dataRentgen_run", "dataRentgen_operation", "nominalTime", "tags", "errorMessage", "flink_job", "dbt_run",
    "hive_session", "hive_query", "starrocks_session", "jobDependencies", "test")] + [("job", name) for name in (
    "parent", "jobType", "tags", "sql", "ownership", "documentation", "sourceCodeLocation", "sourceCode")]
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


def check_mutations(warehouse: Warehouse, events: list[dict], tmp_path: Path,
                    issues_relation: str = "staging.facet_issues") -> None:
    """Every mutated event is placed; a declared facet that is not an object is recorded as not_an_object (in the
    public staging.facet_issues, or in the event checks' own stg_facet_issues where the build leaves out the IO
    models) and reads as NULL; JSON null records nothing; an empty object is a facet (its column is not NULL)."""
    placed = {r[0]: r[1] for r in warehouse_rows(warehouse, "select run_id, event_hash from staging.stg_events")}
    assert len(placed) == len(events)
    issues = set(warehouse_rows(warehouse, f"select event_hash, facet, reason from {issues_relation}"))
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
    # the event checks and the models reading the run and job facets: not the IO models the public
    # staging.facet_issues reads too (a Spark model costs seconds whatever the data), nor the tests of models left
    # out (a relationships test of stg_io_entry_issues names stg_events, which is selected)
    warehouse.build(glob, select="+stg_facet_issues +int_run_event_facets +int_operation_facts"
                                 " +int_job_reference_facts", indirect_selection="cautious")
    check_mutations(warehouse, events, tmp_path, "staging.stg_facet_issues")


# The input/output entries (stg_io_entries): every JSON type at every path the models read of an entry.
IO_PATHS = [
    ("inputs",), ("inputs", 0), ("inputs", 0, "facets"), ("inputs", 0, "inputFacets"),
    ("inputs", 0, "facets", "symlinks"), ("inputs", 0, "facets", "symlinks", "identifiers"),
    ("inputs", 0, "facets", "symlinks", "identifiers", 0), ("inputs", 0, "facets", "lifecycleStateChange"),
    ("inputs", 0, "inputFacets", "inputStatistics"), ("inputs", 0, "inputFacets", "inputStatistics", "rowCount"),
    ("outputs", 0, "outputFacets"), ("outputs", 0, "outputFacets", "outputStatistics"),
    # read from JSON text past staging still (the next stage): a wrong type there must not stop the build either
    ("inputs", 0, "facets", "schema", "fields"), ("inputs", 0, "facets", "schema", "fields", 0),
    ("inputs", 0, "facets", "tags", "tags"), ("inputs", 0, "facets", "tags", "tags", 0),
    ("outputs", 0, "facets", "columnLineage", "fields"), ("outputs", 0, "facets", "columnLineage", "fields", "x"),
    ("outputs", 0, "facets", "columnLineage", "fields", "x", "inputFields", 0),
    ("outputs", 0, "facets", "columnLineage", "dataset"),
]


def io_event(index: int) -> dict:
    """A Spark SQL operation (an operation event: its entries count) with one input and one output."""
    return {
        "eventTime": "2025-01-01T00:00:00Z", "eventType": "COMPLETE", "producer": "test",
        "run": {"runId": f"01890000-0000-7000-9000-{index:012d}",
                "facets": {"parent": {"run": {"runId": "01890000-0000-7000-9000-ffffffffffff"},
                                      "job": {"namespace": "spark://h:7077", "name": "app"}}}},
        "job": {"namespace": "spark://h:7077", "name": f"app.op_{index}",
                "facets": {"jobType": {"integration": "SPARK", "jobType": "SQL_JOB", "processingType": "BATCH"}}},
        "inputs": [{"namespace": "s3://b", "name": f"in_{index}",
                    "facets": {"symlinks": {"identifiers": [{"namespace": "hive://ms", "name": f"db.t{index}",
                                                             "type": "TABLE"}]},
                               "lifecycleStateChange": {"lifecycleStateChange": "OVERWRITE"},
                               "schema": {"fields": [{"name": "a", "type": "int"}]},
                               "tags": {"tags": [{"key": "k", "value": "v", "source": "s"}]}},
                    "inputFacets": {"inputStatistics": {"rowCount": 42, "size": 7, "fileCount": 1}}}],
        "outputs": [{"namespace": "s3://b", "name": f"out_{index}",
                     "facets": {"columnLineage": {
                         "fields": {"x": {"inputFields": [{"namespace": "s3://b", "name": f"in_{index}",
                                                           "field": "a"}]}},
                         "dataset": [{"namespace": "s3://b", "name": f"in_{index}", "field": "a"}]}},
                     "outputFacets": {"outputStatistics": {"rowCount": 5, "size": 9, "fileCount": 2}}}],
    }


def io_mutated_events() -> list[dict]:
    """The unmutated event, then one per path and JSON value (the path's value replaced by it)."""
    events = [io_event(0)]
    events[0]["lw_case"] = "unmutated"
    for path in IO_PATHS:
        for kind, value, _ in JSON_VALUES:
            event = io_event(len(events))
            parent = event
            for key in path[:-1]:
                parent = parent[key]
            parent[path[-1]] = value
            event["lw_case"] = ".".join(str(key) for key in path) + "=" + kind
            events.append(event)
    return events


IO_FACTS_SQL = """
    select events.run_id, facts.io_kind, facts.node_name, facts.num_rows, facts.lifecycle_change,
        (select count(*) from intermediate.int_symlink_identifiers as identifiers
         where identifiers.event_hash = facts.event_hash and identifiers.io_kind = facts.io_kind
             and identifiers.io_position = facts.io_position) as identifiers
    from intermediate.int_io_entry_facts as facts
    inner join staging.stg_events as events on facts.event_hash = events.event_hash
"""


def io_facts(warehouse: Warehouse, events: list[dict]) -> dict[tuple[str, str], tuple]:
    """{(case, io_kind): (node_name, num_rows, lifecycle_change, identifiers)} of every entry that counts."""
    cases = {event["run"]["runId"]: event["lw_case"] for event in events}
    placed = warehouse_rows(warehouse, "select run_id from staging.stg_events")
    assert sorted(cases) == sorted(run_id for (run_id,) in placed)  # every event placed
    return {(cases[run_id], kind): (node, None if rows is None else int(rows), change, int(identifiers))
            for run_id, kind, node, rows, change, identifiers in warehouse_rows(warehouse, IO_FACTS_SQL)}


def check_io_mutations(facts: dict[tuple[str, str], tuple]) -> None:
    """D5 for entries: a bad list or entry drops only that entry, a bad facet only what it carries."""
    assert facts[("unmutated", "INPUT")] == ("db.t0", 42, "OVERWRITE", 1)  # the Spark TABLE swap names the node
    assert facts[("unmutated", "OUTPUT")] == ("out_0", 5, None, 0)
    statistics = ("inputFacets", "inputStatistics", "rowCount", "outputFacets", "outputStatistics")
    for (case, kind), (node, rows, change, identifiers) in facts.items():
        if case == "unmutated":
            continue
        path, value_kind = case.split("=")
        if kind != ("INPUT" if path.startswith("inputs") else "OUTPUT"):
            assert rows == (42 if kind == "INPUT" else 5), case  # the other list is untouched
            continue
        if path.endswith(statistics):
            assert rows == (42 if path.endswith("rowCount") and value_kind == "number" else None), case
        else:
            assert rows == (42 if kind == "INPUT" else 5), case  # a bad facet elsewhere keeps the statistics
        if kind == "INPUT" and (path.endswith(("facets", "symlinks", "identifiers", "identifiers.0"))):
            # an identifiers array keeps one row per item (a bad item is skipped with a reason)
            kept = path.endswith("identifiers.0") or (path.endswith("identifiers") and value_kind == "array")
            assert identifiers == (1 if kept else 0), case
            assert node == f"in_{node.split('_')[-1]}", case  # no TABLE identifier: no swap
        if path.endswith(("facets", "lifecycleStateChange")):
            assert change is None, case
    for value_kind, _, _ in JSON_VALUES:
        assert ("inputs=" + value_kind, "INPUT") not in facts  # a list that is not an array of entries: none
        assert ("inputs.0=" + value_kind, "INPUT") not in facts  # an entry that is not a named object: none
        assert ("inputs.0.facets=" + value_kind, "INPUT") in facts  # bad facets drop no entry


# Entries sent as strings that hold an object's text: the typed parse of a list of texts reads such a string's
# content, so stg_io_entry_issues checks the entries of an event holding a quote inside a string from the payload's
# text (may_quote_json_in_a_string). Double quotes are escaped inside a string; a single-quoted object text is no
# object to either engine's parse (parse_json_as), so its event is not vouched for and is checked from its text.
QUOTED_ENTRIES = {"double-quoted object text": json.dumps({"namespace": "s3://b", "name": "quoted"}),
                  "single-quoted object text": "{'namespace': 's3://b', 'name': 'quoted'}"}


def quoted_entry_events(first_index: int) -> list[dict]:
    events = []
    for offset, (case, text) in enumerate(QUOTED_ENTRIES.items()):
        event = io_event(first_index + offset)
        event["inputs"] = [text]
        event["lw_case"] = case
        events.append(event)
    return events


def check_quoted_entries(warehouse: Warehouse, events: list[dict]) -> None:
    """Every string entry holding an object's text is noted not_an_object; the unmutated event has no entry
    issue (its lists and entries are vouched for by the typed parse)."""
    cases = {event["run"]["runId"]: event["lw_case"] for event in events}
    rows = warehouse_rows(warehouse, "select events.run_id, issues.facet, issues.reason "
                                     "from staging.stg_io_entry_issues as issues inner join staging.stg_events as events"
                                     " on issues.event_hash = events.event_hash")
    noted = {(cases[run_id], facet, reason) for run_id, facet, reason in rows}
    for case in QUOTED_ENTRIES:
        assert (case, "inputs[0]", "not_an_object") in noted, (case, noted)
    assert not {issue for issue in noted if issue[0] == "unmutated"}


def without_quoted_entries(facts: dict[tuple[str, str], tuple]) -> dict[tuple[str, str], tuple]:
    return {key: value for key, value in facts.items() if key[0] not in QUOTED_ENTRIES}


def test_d5_every_json_type_at_every_io_entry_path_duckdb(tmp_path: Path) -> None:
    events = io_mutated_events()
    events += quoted_entry_events(len(events))
    warehouse = Warehouse(tmp_path / "wh", "duckdb")
    glob = write_events(tmp_path / "events", events)
    warehouse.build(glob)
    check_io_mutations(without_quoted_entries(io_facts(warehouse, events)))
    check_quoted_entries(warehouse, events)
    warehouse.build(glob)  # a second, incremental build on top passes too
    check_io_mutations(without_quoted_entries(io_facts(warehouse, events)))


@pytest.mark.spark
def test_d5_every_json_type_at_every_io_entry_path_spark_equals_duckdb(tmp_path: Path) -> None:
    events = io_mutated_events()
    events += quoted_entry_events(len(events))
    glob = write_events(tmp_path / "events", events)
    selection = "+int_io_entry_facts +int_symlink_identifiers +stg_io_entry_issues"
    duckdb_warehouse = Warehouse(tmp_path / "duckdb", "duckdb")
    duckdb_warehouse.build(glob, select=selection, data_tests=False)
    spark_warehouse = Warehouse(tmp_path / "spark", "spark")
    spark_warehouse.build(glob, select=selection, data_tests=False)
    spark_facts = without_quoted_entries(io_facts(spark_warehouse, events))
    check_io_mutations(spark_facts)
    check_quoted_entries(spark_warehouse, events)
    assert spark_facts == without_quoted_entries(io_facts(duckdb_warehouse, events))
