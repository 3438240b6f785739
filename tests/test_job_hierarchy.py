"""Job hierarchy (issue 19; job-hierarchy.md §1, §2, §3, §5; deviations.md D1, D15): jobs.parent_job_id,
job_dependencies, job_dependency_edges and the JOB → JOB rows of lineage_parents, on the events of
tests/fixtures/events/job-hierarchy (written by tests/fixtures/job_hierarchy_events.py; read by the shared corpora,
so tests/test_engine_parity.py compares these marts on Spark too).

Every expected value is worked out by hand from the spec and the fixture events, not copied from a build."""
from __future__ import annotations

import datetime as dt
import subprocess
import sys

import pytest

from tests.lw.dbt_runner import PROJECT_DIR, Warehouse

# (location type, location name) of the fixture's job namespaces
LOCATIONS = {("http", "airflow:8080"), ("http", "other-airflow:8080"), ("yarn", "cluster"), ("jobhier", "scheduler")}


def job_ids(wh: Warehouse) -> dict[str, str]:
    """Job name → job_id for the fixture's jobs (names are unique across its namespaces)."""
    rows = [(name, job_id) for name, job_id, loc_type, loc_name in wh.query(
        "select jobs.name, jobs.job_id, locations.type, locations.name from marts.jobs "
        "inner join marts.locations on jobs.location_id = locations.location_id") if (loc_type, loc_name) in LOCATIONS]
    ids = dict(rows)
    assert len(ids) == len(rows), "fixture job names must be unique"
    return ids


@pytest.fixture(scope="module")
def wh(corpora_duckdb: Warehouse) -> Warehouse:
    return corpora_duckdb


@pytest.fixture(scope="module")
def ids(wh: Warehouse) -> dict[str, str]:
    return job_ids(wh)


@pytest.fixture(scope="module")
def names(ids: dict[str, str]) -> dict[str, str]:
    return {job_id: name for name, job_id in ids.items()}


@pytest.fixture(scope="module")
def parents(wh: Warehouse, names: dict[str, str]) -> dict[str, str | None]:
    """Child job name → parent job name (None when the job has no parent) for the fixture's jobs."""
    return {names[job_id]: names.get(parent_id, parent_id) if parent_id else None
            for job_id, parent_id in wh.query("select job_id, parent_job_id from marts.jobs") if job_id in names}


@pytest.fixture(scope="module")
def dependencies(wh: Warehouse, names: dict[str, str]) -> dict[tuple[str, str], tuple[str | None, str]]:
    return {(names[f], names[t]): (type_, source) for f, t, type_, source in wh.query(
        "select from_job_id, to_job_id, type, source from marts.job_dependencies") if f in names or t in names}


def test_fixture_file_is_the_generator_output() -> None:
    proc = subprocess.run([sys.executable, str(PROJECT_DIR / "tests" / "fixtures" / "job_hierarchy_events.py"),
                           "--check"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


# ---------------------------------------------------------------------------------------------------------------
# §1 parent job
# ---------------------------------------------------------------------------------------------------------------

def test_parent_airflow_task_under_its_dag(parents: dict[str, str | None]) -> None:
    assert parents["mydag.mytask"] == "mydag"


def test_parent_airflow_sibling_tasks_under_the_tasks_dag(parents: dict[str, str | None],
                                                          wh: Warehouse, ids: dict[str, str]) -> None:
    """§2.3: the jobs named by the task ids are AIRFLOW_TASK jobs under the task's parent."""
    assert parents["mydag.extract"] == "mydag" and parents["mydag.load"] == "mydag"
    types = dict(wh.query("select job_id, type from marts.jobs"))
    assert types[ids["mydag.extract"]] == types[ids["mydag.load"]] == "AIRFLOW_TASK"


def test_parent_spark_application_under_the_airflow_task_that_launched_it(parents: dict[str, str | None]) -> None:
    assert parents["my_app"] == "mydag.mytask"


def test_parent_airflow_dag_under_the_task_that_triggered_it(parents: dict[str, str | None]) -> None:
    assert parents["mydag"] == "controller.trigger_mydag"


def test_parent_never_for_a_spark_application_named_unknown(parents: dict[str, str | None],
                                                            ids: dict[str, str]) -> None:
    """§1.1: parent and dependencies cleared: its jobDependencies entry creates no job and no dependency."""
    assert parents["unknown"] is None
    assert "mydag.ghost" not in ids


def test_parent_latest_event_wins_and_null_never_clears(parents: dict[str, str | None]) -> None:
    """§1.2 with D1: task_a (10:00) then task_b (11:00) → task_b; the 12:00 event without a parent facet clears
    nothing. The fixture writes these events latest first."""
    assert parents["shared_app"] == "mydag.task_b"


def test_parent_never_the_job_itself(parents: dict[str, str | None]) -> None:
    """The later event names 'SELFISH' (the same job, case-insensitively): ignored, the earlier parent stays."""
    assert parents["selfish"] == "scheduler_root"
    assert all(child != parent for child, parent in parents.items())


def test_parent_cycle_across_events_is_kept_and_reads_terminate(wh: Warehouse, parents: dict[str, str | None],
                                                                ids: dict[str, str]) -> None:
    assert parents["cycle_a"] == "cycle_b" and parents["cycle_b"] == "cycle_a"
    rows = set(wh.query("select from_id, to_id from marts.lineage_parents where to_kind = 'JOB'"))
    assert {(ids["cycle_b"], ids["cycle_a"]), (ids["cycle_a"], ids["cycle_b"])} <= rows


def test_parent_jobs_without_events_have_no_parent(parents: dict[str, str | None]) -> None:
    """Jobs only named by a parent or a jobDependencies facet get no parent (§1.1)."""
    for name in ("controller.trigger_mydag", "otherdag", "mydag.task_a", "scheduler_root", "up"):
        assert parents[name] is None, name


# ---------------------------------------------------------------------------------------------------------------
# §2 declared dependencies
# ---------------------------------------------------------------------------------------------------------------

def test_dependency_airflow_upstream_task_ids_as_a_list_literal_text(dependencies: dict) -> None:
    assert dependencies[("mydag.extract", "mydag.mytask")] == ("DIRECT_DEPENDENCY", "AIRFLOW_TASK_IDS")


def test_dependency_airflow_downstream_task_ids_as_a_list_and_facet_sources_joined(dependencies: dict) -> None:
    """downstream_task_ids ["load"] and the facet's untyped downstream entry mydag.load: one row, the non-null
    type, both sources."""
    assert dependencies[("mydag.mytask", "mydag.load")] == ("DIRECT_DEPENDENCY", "FACET,AIRFLOW_TASK_IDS")


def test_dependency_facet_from_another_airflow_instance(dependencies: dict, wh: Warehouse,
                                                        ids: dict[str, str]) -> None:
    assert dependencies[("otherdag", "mydag.mytask")] == ("X", "FACET")
    location = wh.query("select locations.type, locations.name from marts.jobs inner join marts.locations "
                        f"on jobs.location_id = locations.location_id where job_id = '{ids['otherdag']}'")
    assert location == [("http", "other-airflow:8080")]


def test_dependency_type_latest_non_null_in_d1_order(dependencies: dict) -> None:
    """§4 E3: NULL (14:00), A (15:00), NULL (16:00) → A."""
    assert dependencies[("up", "cj")] == ("A", "FACET")


def test_dependency_type_greatest_string_inside_one_event(dependencies: dict) -> None:
    """§4 E3: B and A in one event → B."""
    assert dependencies[("up2", "cj")] == ("B", "FACET")


def test_dependency_facet_entries_not_of_the_shape_drop_alone(dependencies: dict) -> None:
    """D5: upstream ["oops", 42, null, {"job": "not an object"}, good_up, a job without a name] and downstream
    [[1, 2], good_down typed C] give exactly the two good entries (on Spark too: the corpora parity test)."""
    assert {pair: value for pair, value in dependencies.items() if "tolerant" in pair} == {
        ("good_up", "tolerant"): (None, "FACET"), ("tolerant", "good_down"): ("C", "FACET")}


def test_dependency_facet_entries_dropped_are_noted_in_facet_issues(wh: Warehouse) -> None:
    """D5: each skipped entry of the 'tolerant' event is one row of staging.facet_issues, with its position."""
    assert sorted(wh.query(
        "select facet, reason from staging.facet_issues where event_hash in (select event_hash "
        "from intermediate.int_events_classified where job_name = 'tolerant')")) == sorted([
            ("run.facets.jobDependencies.upstream[0]", "not_an_object"),
            ("run.facets.jobDependencies.upstream[1]", "not_an_object"),
            ("run.facets.jobDependencies.upstream[2]", "not_an_object"),
            ("run.facets.jobDependencies.upstream[3]", "missing_job_namespace_or_name"),
            ("run.facets.jobDependencies.upstream[5]", "missing_job_namespace_or_name"),
            ("run.facets.jobDependencies.downstream[0]", "not_an_object")])


def test_dependencies_are_only_the_declared_ones(dependencies: dict) -> None:
    assert set(dependencies) == {("mydag.extract", "mydag.mytask"), ("mydag.mytask", "mydag.load"),
                                 ("otherdag", "mydag.mytask"), ("up", "cj"), ("up2", "cj"),
                                 ("good_up", "tolerant"), ("tolerant", "good_down")}


def test_dependency_first_and_last_seen_are_the_declaring_events(wh: Warehouse, ids: dict[str, str]) -> None:
    rows = wh.query("select first_seen_at, last_seen_at from marts.job_dependencies "
                    f"where from_job_id = '{ids['up']}' and to_job_id = '{ids['cj']}'")
    assert rows == [(dt.datetime(2025, 5, 5, 14), dt.datetime(2025, 5, 5, 16))]


# ---------------------------------------------------------------------------------------------------------------
# job_dependency_edges: PARENT, DEPENDENCY, INFERRED (§3, §5, D15)
# ---------------------------------------------------------------------------------------------------------------

def edges(wh: Warehouse, names: dict[str, str], kind: str) -> dict[tuple[str, str], tuple]:
    return {(names[f], names[t]): tuple(rest) for f, t, *rest in wh.query(
        "select from_job_id, to_job_id, dependency_type, via_dataset_count from marts.job_dependency_edges "
        f"where edge_kind = '{kind}'") if f in names and t in names}


def test_edges_parent_rows_are_the_parent_links(wh: Warehouse) -> None:
    expected = set(wh.query("select parent_job_id, job_id from marts.jobs where parent_job_id is not null"))
    assert expected and set(wh.query(
        "select from_job_id, to_job_id from marts.job_dependency_edges where edge_kind = 'PARENT'")) == expected
    assert wh.query("select count(*) from marts.job_dependency_edges where edge_kind = 'PARENT' "
                    "and (dependency_type is not null or via_dataset_count is not null)") == [(0,)]


def test_edges_dependency_rows_are_the_declared_dependencies(wh: Warehouse) -> None:
    expected = set(wh.query("select from_job_id, to_job_id, type from marts.job_dependencies"))
    assert expected and set(wh.query("select from_job_id, to_job_id, dependency_type from marts.job_dependency_edges "
                                     "where edge_kind = 'DEPENDENCY'")) == expected


def test_inferred_d15_read_at_or_after_the_write(wh: Warehouse, names: dict[str, str]) -> None:
    """D15: writer writes public.sales at 10:10; read at 10:40 (same hour bucket) and 11:20 → edges; read only
    at 09:30 → no edge (the reference's 'sic' rule would give exactly the opposite)."""
    inferred = edges(wh, names, "INFERRED")
    assert inferred[("writer", "same_hour_reader")] == ("INFERRED_FROM_LINEAGE", 1)
    assert inferred[("writer", "later_reader")] == ("INFERRED_FROM_LINEAGE", 1)
    assert ("writer", "early_reader") not in inferred


def test_inferred_through_a_symlink_group(wh: Warehouse, names: dict[str, str]) -> None:
    """writer writes public.orders, whose symlink is the LOCATION hdfs /warehouse/orders that location_reader
    reads."""
    assert edges(wh, names, "INFERRED")[("writer", "location_reader")] == ("INFERRED_FROM_LINEAGE", 1)


def test_inferred_edges_of_the_fixture_are_exactly_these(wh: Warehouse, names: dict[str, str]) -> None:
    assert set(edges(wh, names, "INFERRED")) == {("writer", "same_hour_reader"), ("writer", "later_reader"),
                                                 ("writer", "location_reader")}


def test_edges_never_link_a_job_to_itself(wh: Warehouse) -> None:
    assert wh.query("select count(*) from marts.job_dependency_edges where from_job_id = to_job_id") == [(0,)]


def test_inferred_first_seen_is_the_output_hour_bucket(wh: Warehouse, ids: dict[str, str]) -> None:
    rows = wh.query("select first_seen_at, last_seen_at from marts.job_dependency_edges where edge_kind = 'INFERRED' "
                    f"and from_job_id = '{ids['writer']}' and to_job_id = '{ids['later_reader']}'")
    assert rows == [(dt.datetime(2025, 5, 5, 10, 10), dt.datetime(2025, 5, 5, 10, 10))]


# ---------------------------------------------------------------------------------------------------------------
# lineage_parents: JOB → JOB
# ---------------------------------------------------------------------------------------------------------------

def test_lineage_parents_job_to_job_rows_are_parent_to_child(wh: Warehouse, ids: dict[str, str]) -> None:
    rows = set(wh.query("select from_id, to_id from marts.lineage_parents "
                        "where from_kind = 'JOB' and to_kind = 'JOB'"))
    assert rows == set(wh.query("select parent_job_id, job_id from marts.jobs where parent_job_id is not null"))
    assert (ids["mydag.mytask"], ids["my_app"]) in rows and (ids["mydag"], ids["mydag.mytask"]) in rows
