"""The other gaps of the reference 0.7 (issue 19, §6), held under D5: where the reference rejects an event for a
facet, the facet alone is dropped and noted (docs/decisions/reference-gaps-facets-dropped.md).

On the events of tests/fixtures/hostile/h19_reference_gaps.jsonl (written by scripts/make_hostile_events.py,
`reference_gap_events`; the hostile set is compared on Spark by tests/test_engine_parity.py). Every expected value
is worked out by hand from the rules and those events, not copied from a build."""
from __future__ import annotations

import datetime as dt
from collections import Counter

import pytest

from tests.lw.dbt_runner import Warehouse


@pytest.fixture(scope="module")
def wh(hostile_duckdb: Warehouse) -> Warehouse:
    return hostile_duckdb


def issues(wh: Warehouse, relation: str, job_or_dataset_like: str) -> set[tuple[str, str]]:
    """(facet, reason) of the facet issues of the h19 events whose job name is like the pattern."""
    return set(wh.query(f"""
        select issues.facet, issues.reason from {relation} as issues
        inner join staging.stg_events as events on issues.event_hash = events.event_hash
        where events.job_name like '{job_or_dataset_like}'"""))


def test_d5_facet_issues_holds_the_staging_and_the_integration_checks(wh: Warehouse,
                                                                     corpora_duckdb: Warehouse) -> None:
    """D5, issue 17 point 6: the contract relation staging.facet_issues holds every facet issue, whichever layer's
    check found it: the staging checks on the parsed event and on its entries, and the integration checks of the
    job/run and IO models, each row once. The hostile set and the shared corpora give rows of all four."""
    found: Counter[str] = Counter()
    for built in (wh, corpora_duckdb):
        contract = Counter(built.query("select event_hash, facet, reason from staging.facet_issues"))
        parts = {name: Counter(built.query(f"select event_hash, facet, reason from {name}")) for name in (
            "staging.stg_facet_issues", "staging.stg_io_entry_issues", "intermediate.int_jobs_runs_facet_issues",
            "intermediate.int_operations_io_facet_issues")}
        assert contract == sum(parts.values(), Counter())
        found.update({name: len(rows) for name, rows in parts.items()})
    assert len(found) == 4 and all(found.values()), found


def test_r07_6_hive_nominal_time_sets_the_session_run_expected_times(wh: Warehouse) -> None:
    """§6 (reference hive.py, main §5.3 corrected): a Hive query's nominalTime gives its session run
    expected_start_at / expected_end_at, the end dropped when it equals the start (§5.3)."""
    runs = dict((external_id, (start, end)) for external_id, start, end in wh.query("""
        select external_id, expected_start_at, expected_end_at from marts.runs
        where external_id in ('gap-session-1', 'gap-session-2')"""))
    assert runs == {
        "gap-session-1": (dt.datetime(2025, 1, 1, 6), dt.datetime(2025, 1, 1, 7)),
        "gap-session-2": (dt.datetime(2025, 1, 2, 6), None),
    }


def test_r07_6_tag_without_key_or_value_drops_the_dataset_tags_facet(wh: Warehouse) -> None:
    """§6 (reference *_tags.py): a dataset tags facet with one tag lacking its value drops whole (D5; the valid
    tag `a` beside it goes too), noted in staging.facet_issues; a tags list that is not a list likewise; the
    valid facet of the next output of the same event is kept."""
    assert issues(wh, "staging.facet_issues", "gap_tags") == {
        ("job.facets.tags", "tag_without_key_or_value"),  # the job tags facet of the same event (next test)
        ("outputs[0].facets.tags", "tag_without_key_or_value"),
        ("outputs[2].facets.tags", "tags_not_a_list"),
    }
    tags = set(wh.query("""
        select datasets.name, tags.tag, tags.value from marts.dataset_tags as tags
        inner join marts.datasets as datasets on tags.dataset_id = datasets.dataset_id
        where datasets.name like 'public.gap_%'"""))
    assert tags == {("public.gap_good_tags", "c", "3")}


def test_r07_6_tag_without_key_or_value_drops_the_job_tags_facet(wh: Warehouse) -> None:
    """§6: the same for a job tags facet (`tier` has no value): the whole facet drops, `team` with it."""
    assert ("job.facets.tags", "tag_without_key_or_value") in issues(
        wh, "staging.facet_issues", "gap_tags")
    assert wh.query("""
        select tags.tag from marts.job_tags as tags
        inner join marts.jobs as jobs on tags.job_id = jobs.job_id
        where jobs.name = 'gap_tags'""") == []


def test_r07_6_flink_job_without_job_id_is_dropped(wh: Warehouse) -> None:
    """§6 (reference flink_job.py): flink_job without jobId is dropped (D5): no external id and no log URLs (both
    are built from the job id, §5.3), and the event's run is kept."""
    assert issues(wh, "staging.facet_issues", "flink_job_66") == {
        ("run.facets.flink_job", "missing_required_field")}
    assert wh.query("""
        select runs.status, runs.external_id, runs.running_log_url, runs.persistent_log_url from marts.runs as runs
        inner join marts.jobs as jobs on runs.job_id = jobs.job_id
        where jobs.name = 'flink_job_66'""") == [("SUCCEEDED", None, None, None)]


def test_r07_6_dbt_run_without_invocation_id_is_dropped(wh: Warehouse) -> None:
    """§6 (reference dbt_run.py): dbt_run with invocation_id null is dropped (D5): no external id."""
    assert issues(wh, "staging.facet_issues", "dbt_job_67") == {
        ("run.facets.dbt_run", "missing_required_field")}
    assert wh.query("""
        select runs.status, runs.external_id from marts.runs as runs
        inner join marts.jobs as jobs on runs.job_id = jobs.job_id
        where jobs.name = 'dbt_job_67'""") == [("SUCCEEDED", None)]


def test_r07_6_spark_job_details_needs_an_integer_job_id(wh: Warehouse) -> None:
    """§6 (reference spark_job.py): spark_jobDetails without jobId, or with a jobId that is not an integer, is
    dropped (D5): the operation keeps its name and status but has no position, group or description (all read
    from that facet, §6.2); a valid facet gives all three."""
    assert issues(wh, "staging.facet_issues", "gap_app.sql_job_%") == {
        ("run.facets.spark_jobDetails", "job_id_not_an_integer"),
        ("run.facets.spark_jobDetails", "missing_required_field"),
    }
    operations = set(wh.query("""
        select name, status, position, group_name, description from marts.operations
        where name like 'sql_job_%'"""))
    assert operations == {
        ("sql_job_68", "SUCCEEDED", 7, "g7", "d7"),
        ("sql_job_69", "SUCCEEDED", None, None, None),
        ("sql_job_70", "SUCCEEDED", None, None, None),
    }


def test_r07_6_lifecycle_previous_identifier_needs_namespace_and_name(wh: Warehouse) -> None:
    """§6 (reference lifecycle_change.py): a previousIdentifier without its name drops the lifecycleStateChange
    facet (D5, noted): the RENAME is not read, and with no SQL the output type falls to step 4's UNKNOWN (§7.4);
    the valid facet of the next output gives RENAME."""
    assert issues(wh, "staging.facet_issues", "job_72") == {
        ("outputs[0].facets.lifecycleStateChange", "previous_identifier_without_namespace_or_name"),
        # the third output's, from the IO models' checks (test_d5_facet_issues_holds_the_staging_and_...)
        ("outputs[2].facets.schema", "field_without_name"),
        ("outputs[2].outputFacets.outputStatistics.rowCount", "negative_statistic")}
    types = set(wh.query("""
        select datasets.name, outputs.output_types from marts.outputs as outputs
        inner join marts.datasets as datasets on outputs.dataset_id = datasets.dataset_id
        where datasets.name like 'public.gap_renamed_%'"""))
    assert types == {("public.gap_renamed_bad", "UNKNOWN"), ("public.gap_renamed_good", "RENAME")}
