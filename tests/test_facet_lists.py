"""D5 for every declared list (issue 54 part 4; docs/rules.md D5): a list the models read sent as another JSON type
is read as no list and noted in staging.facet_issues with its path and reason `not_an_array`, on both engines.

The hostile set's h06_wrong_types.jsonl carries one event (scripts/make_hostile_events.py wrong_list_types) with
every declared list of a run, job or entry facet sent as a string, a number, a boolean or an object, beside an
empty list and a JSON null (no issue). The DuckDB test reads the session's hostile build; the Spark test reads the
rows of staging.facet_issues the Spark history's first build (which holds the hostile set,
tests/test_incremental.py `spark_history`) gave."""
from __future__ import annotations

from typing import Any

import pytest

from tests.lw.dbt_runner import Warehouse
from tests.lw.spark_reader import Relations

WRONG_LIST_JOB = "job_91"
EXPECTED = {
    ("job.facets.ownership.owners", "not_an_array"),
    ("run.facets.test.tests", "not_an_array"),
    ("run.facets.jobDependencies.upstream", "not_an_array"),
    ("run.facets.jobDependencies.downstream", "not_an_array"),
    ("inputs[0].inputFacets.dataQualityAssertions.assertions", "not_an_array"),
    ("outputs[0].facets.ownership.owners", "not_an_array"),
    ("outputs[0].facets.hierarchy.hierarchy", "not_an_array"),
    ("outputs[0].facets.dataQualityAssertions.assertions", "not_an_array"),
    ("outputs[0].facets.symlinks.identifiers", "not_an_array"),
}


def issues_of_the_wrong_lists_event(staging: Relations) -> set[tuple[str, str]]:
    """(facet, reason) of staging.facet_issues for the event of WRONG_LIST_JOB, from staging's relations as read
    (the Spark history keeps these from the relations engine parity read)."""
    columns, rows = staging["stg_events"]
    hashes = {row[columns.index("event_hash")] for row in rows if row[columns.index("job_name")] == WRONG_LIST_JOB}
    columns, rows = staging["facet_issues"]
    event, facet, reason = (columns.index(name) for name in ("event_hash", "facet", "reason"))
    return {(row[facet], row[reason]) for row in rows if row[event] in hashes}


def test_d5_every_declared_list_of_another_type_is_noted(hostile_duckdb: Warehouse) -> None:
    issues = set(hostile_duckdb.query(
        "select facet, reason from staging.facet_issues where event_hash in (select event_hash from "
        f"staging.stg_events where job_name = '{WRONG_LIST_JOB}')"))
    assert issues == EXPECTED
    # the facets around the wrong lists are kept: the storage layer of the same output entry, no owner
    [(storage, hierarchy)] = hostile_duckdb.query(
        "select f.storage_layer, f.hierarchy from marts.dataset_facets as f inner join marts.datasets as d"
        " on f.dataset_id = d.dataset_id where d.name = 'public.target_91'")
    assert (storage, hierarchy) == ("iceberg", None)
    assert hostile_duckdb.query(
        "select count(*) from marts.dataset_owners as o inner join marts.datasets as d on o.dataset_id = d.dataset_id"
        " where d.name in ('public.target_91', 'public.source_91')") == [(0,)]


@pytest.mark.spark
def test_d5_every_declared_list_of_another_type_is_noted_on_spark(spark_history: dict[str, Any]) -> None:
    assert spark_history["list_issues_on_spark"] == EXPECTED
