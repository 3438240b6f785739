"""Marts for everyday questions (issue 53, part 7): names beside ids. `lineage_edges_named` is `lineage_edges` with
the name and location of each dataset or job end, `job_io` what each job reads and writes by name, and
`datasets_overview.last_writer_job_name` the name of its last writer's job. Each is checked here against the ids
of the marts it names, joined by hand in Python, on the shared corpora build (DuckDB; the engine parity test
compares every mart, these included, with Spark's). DuckDB lane, no build of its own: a few seconds of reads."""
from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tests.lw.dbt_runner import Warehouse

KEY = ("granularity", "edge_kind", "from_kind", "from_id", "to_kind", "to_id")
# the columns lineage_edges_named copies from lineage_edges (all but the storage key refold_partition)
EDGE_VALUES = ("num_rows", "num_bytes", "num_files", "output_types", "output_types_mask", "first_interaction_at",
               "last_interaction_at", "job_count", "run_count", "operation_count")


def rows(wh: Warehouse, relation: str, columns: tuple[str, ...]) -> list[dict[str, Any]]:
    return [dict(zip(columns, row)) for row in wh.query(f"select {', '.join(columns)} from marts.{relation}")]


@pytest.fixture(scope="module")
def names(corpora_duckdb: Warehouse) -> dict[tuple[str, str], tuple[str, str | None, str | None]]:
    """{(DATASET | JOB, id): (name, location type, location name)} from the entity marts, joined here."""
    locations = {row["location_id"]: (row["type"], row["name"])
                 for row in rows(corpora_duckdb, "locations", ("location_id", "type", "name"))}
    found = {}
    for kind, relation, key in (("DATASET", "datasets", "dataset_id"), ("JOB", "jobs", "job_id")):
        for row in rows(corpora_duckdb, relation, (key, "name", "location_id")):
            found[(kind, row[key])] = (row["name"], *locations.get(row["location_id"], (None, None)))
    return found


@pytest.fixture(scope="module")
def edges(corpora_duckdb: Warehouse) -> list[dict[str, Any]]:
    found = rows(corpora_duckdb, "lineage_edges", KEY + EDGE_VALUES)
    assert {edge["granularity"] for edge in found} == {"OPERATION", "RUN", "JOB", "DATASET"}
    return found


def named_end(names: dict, kind: str, node_id: str) -> tuple[str | None, str | None, str | None]:
    if kind in ("DATASET", "JOB"):
        return names[(kind, node_id)]  # a KeyError is a dataset or job end that its mart does not hold
    return (None, None, None)  # a run or an operation has no name of its own


def test_lineage_edges_named_has_each_edge_once_with_the_names_joined_by_hand(
        corpora_duckdb: Warehouse, edges: list[dict[str, Any]], names: dict) -> None:
    ends = ("name", "location_type", "location_name")
    named = rows(corpora_duckdb, "lineage_edges_named",
                 KEY + tuple(f"from_{c}" for c in ends) + tuple(f"to_{c}" for c in ends) + EDGE_VALUES)
    per_key = Counter(tuple(row[c] for c in KEY) for row in named)
    assert per_key == Counter(tuple(edge[c] for c in KEY) for edge in edges)
    assert set(per_key.values()) == {1}, "every edge once"
    by_key = {tuple(row[c] for c in KEY): row for row in named}
    for edge in edges:
        row = by_key[tuple(edge[c] for c in KEY)]
        assert tuple(row[f"from_{c}"] for c in ends) == named_end(names, edge["from_kind"], edge["from_id"]), edge
        assert tuple(row[f"to_{c}"] for c in ends) == named_end(names, edge["to_kind"], edge["to_id"]), edge
        assert {c: row[c] for c in EDGE_VALUES} == {c: edge[c] for c in EDGE_VALUES}, edge
    # not vacuous: dataset and job ends carry names, run and operation ends none
    assert any(row["from_kind"] == "JOB" and row["from_name"] for row in named)
    assert any(row["to_kind"] == "DATASET" and row["to_location_name"] for row in named)
    assert any(row["to_kind"] == "RUN" and row["to_name"] is None for row in named)


def test_job_io_is_the_job_grain_of_lineage_edges_by_name(
        corpora_duckdb: Warehouse, edges: list[dict[str, Any]], names: dict) -> None:
    """One job_io row per JOB-granularity edge, turned to the job's side: INPUT (dataset → job) and OUTPUT
    (job → dataset), with the same counters and times and the names of the job and the dataset."""
    counters = tuple(c for c in EDGE_VALUES if c != "job_count")
    expected = []
    for edge in edges:
        if edge["granularity"] != "JOB":
            continue
        reads = edge["edge_kind"] == "INPUT"
        job_id, dataset_id = (edge["to_id"], edge["from_id"]) if reads else (edge["from_id"], edge["to_id"])
        job_name, job_location_type, job_location_name = names[("JOB", job_id)]
        dataset_name, dataset_location_type, dataset_location_name = names[("DATASET", dataset_id)]
        expected.append((job_id, job_name, job_location_type, job_location_name, dataset_id, dataset_name,
                         dataset_location_type, dataset_location_name, edge["edge_kind"],
                         *(edge[c] for c in counters)))
    columns = ("job_id", "job_name", "job_location_type", "job_location_name", "dataset_id", "dataset_name",
               "dataset_location_type", "dataset_location_name", "direction", *counters)
    actual = [tuple(row[c] for c in columns) for row in rows(corpora_duckdb, "job_io", columns)]
    assert Counter(actual) == Counter(expected)
    assert {row[8] for row in actual} == {"INPUT", "OUTPUT"}
    assert len(actual) == len(set((row[0], row[4], row[8]) for row in actual)), "one row per job, dataset, direction"


def test_datasets_overview_names_the_last_writer_job(corpora_duckdb: Warehouse, names: dict) -> None:
    overview = rows(corpora_duckdb, "datasets_overview", ("dataset_id", "last_writer_job_id", "last_writer_job_name"))
    written = [row for row in overview if row["last_writer_job_id"] is not None]
    assert written, "the corpora have datasets with a last writer"
    for row in overview:
        expected = None if row["last_writer_job_id"] is None else names[("JOB", row["last_writer_job_id"])][0]
        assert row["last_writer_job_name"] == expected, row
