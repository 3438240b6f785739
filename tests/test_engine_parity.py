"""Engine parity (issue: foundation): the same events give identical relations on DuckDB and Spark.

The shared corpora, the jobs/runs fixture and the hostile set are compared in the Spark history's first build
(tests/test_incremental.py `spark_history`), with the DuckDB build of the same files beside it."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable

import pytest

from tests.lw import spark_session
from tests.lw.shared import FIXTURES
from tests.lw.dbt_runner import Warehouse
from tests.lw.parity import compare_relation, compare_schema
from tests.lw.spark_reader import Relations
from tests.test_bi_docs import assert_mart_comments_in_spark
from tests.test_dbt_tests import assert_every_data_independent_test_passed

pytestmark = pytest.mark.spark


# called with each schema's Spark relations as read, before they are compared (the Spark history's checks of
# what the Spark build holds: tests/test_credentials.py, tests/test_facet_lists.py)
Reader = Callable[[str, Relations], None]


def assert_first_build_like_duckdbs(spark: Warehouse, duckdb: Warehouse, read: Reader | None = None) -> None:
    """A Spark build from empty, then every macro test of the project: those tests pass on Spark; every
    mart is built under its enforced contract (issue 21 point 6: a type mismatch fails the build), carries its
    descriptions as comments (point 5), and equals the mart of a DuckDB build of the same files."""
    assert_every_data_independent_test_passed(spark, unit_tests=False)
    assert_mart_comments_in_spark(spark_session.session())
    assert_schema_identical(duckdb, spark, "marts", read)


def assert_schema_identical(duckdb: Warehouse, spark: Warehouse, schema: str, read: Reader | None = None) -> Relations:
    """Every relation of a schema equals DuckDB's (at least one compared); Spark's relations, as read."""
    on_spark = spark.relations(schema)
    if read is not None:
        read(schema, on_spark)
    same, lines = compare_schema(duckdb.relations(schema), on_spark, schema)
    kind = "marts" if schema == "marts" else f"{schema} relations"
    match = re.fullmatch(rf"engine parity: (\d+)/(\d+) {kind} identical", lines[-1])
    assert same and match and match.group(1) == match.group(2) and int(match.group(2)) >= 1, "\n".join(lines[-40:])
    return on_spark


def test_shared_corpora_marts_identical_on_both_engines(spark_history: dict[str, Any]) -> None:
    """Every fixture file (the shared corpora) and generated traffic, built on Spark from empty with every macro
    test: the first build of the Spark history (tests/test_incremental.py `spark_history`), checked by
    `assert_first_build_like_duckdbs` and `assert_every_layer_like_duckdbs` against the DuckDB build of the same
    files, where every data test ran."""
    assert (FIXTURES / "events").is_dir(), "fixture folder tests/fixtures/events is missing"  # fail, never skip
    for kept in ("first_build_like_duckdbs", "first_layers_like_duckdbs"):
        if spark_history[kept] is not None:
            raise spark_history[kept]


def test_file_parity_of_spark_files_agrees_with_the_row_comparison(spark_history: dict[str, Any]) -> None:
    """Parity compared inside DuckDB from the Spark tables' Parquet files (tests/lw/file_parity.py, what
    scripts/bench.py uses at 1 M events) on real Spark files: after the history's incremental run every mart equals
    the DuckDB mirror's, the marts the row-by-row comparison read (`incremental_equals_mirror`)."""
    same, lines = spark_history["file_parity_after"]
    marts = len(spark_history["marts_after"])
    assert same and marts >= 1 and lines[-1] == f"engine parity: {marts}/{marts} marts identical", "\n".join(lines)


def assert_explorer_reads_spark_files_like_duckdb(spark_warehouse: Path, duckdb_path: Path) -> None:
    """Issue 52 (docs/decisions/explorer-spark-source.md): scripts/explorer.py reads a Spark warehouse's marts from
    their Parquet files; every list of the page's data equals the one it reads from the DuckDB build of the same
    events."""
    from lineage_warehouse import explorer

    read = {}
    for side, opened in (("spark", lambda: explorer.open_spark_files(spark_warehouse)),
                         ("duckdb", lambda: explorer.open_duckdb(duckdb_path))):
        con = opened()
        try:
            read[side] = explorer.Collector(con, explorer.DEFAULT_WINDOW_DAYS, explorer.DEFAULT_MAX_RUNS).collect()
        finally:
            con.close()
    assert read["spark"]["datasets"] and read["spark"]["column_closure"] and read["spark"]["edges_run"]
    for part in read["duckdb"]:
        assert read["spark"][part] == read["duckdb"][part], part


def test_explorer_reads_spark_files_like_duckdb(spark_history: dict[str, Any]) -> None:
    """The explorer's data from the Spark history's Parquet files after its incremental run equals its data from
    the DuckDB mirror (`assert_explorer_reads_spark_files_like_duckdb`)."""
    if spark_history["explorer_from_spark_files"] is not None:
        raise spark_history["explorer_from_spark_files"]


def landed_lines(raw: Relations) -> Relations:
    """raw_event_lines without source_path, the one column that names a file as each engine reports it."""
    columns, rows = raw["raw_event_lines"]
    keep = [i for i, column in enumerate(columns) if column != "source_path"]
    return {"raw_event_lines": ([columns[i] for i in keep], [tuple(row[i] for i in keep) for row in rows])}


def assert_every_layer_like_duckdbs(spark: Warehouse, duckdb: Warehouse, read: Reader | None = None) -> None:
    """The landed lines (docs/decisions/landing-spark-reads-lines.md: Spark reads lines as DuckDB reads
    files) and every staging and intermediate relation equal DuckDB's (the marts: `assert_first_build_like_duckdbs`):
    quarantine reasons, placed events and facet issues, not only their counts, the hostile set's quarantined lines
    among them. With every layer equal, the data tests, which ran on the DuckDB build, give the same answers on
    Spark."""
    raw_same, raw_lines = compare_relation("raw_event_lines", landed_lines(duckdb.relations("raw")),
                                           landed_lines(spark.relations("raw")), examples=10)
    assert raw_same, "\n".join(raw_lines)
    staging = assert_schema_identical(duckdb, spark, "staging", read)
    columns, rows = staging["quarantined_events"]
    quarantined_files = {row[columns.index("source_file")] for row in rows}
    assert any("h01_not_json" in name for name in quarantined_files), quarantined_files
    assert_schema_identical(duckdb, spark, "intermediate", read)


def test_hostile_set_staging_and_marts_identical_on_both_engines(spark_history: dict[str, Any]) -> None:
    """The hostile set is in the Spark history's first build (tests/test_incremental.py `spark_history`), whole
    files as they are: its landed lines, staging and intermediate relations (`assert_every_layer_like_duckdbs`) and
    its marts (`assert_first_build_like_duckdbs`) equal the DuckDB build of the same files, where the data tests
    ran."""
    assert (FIXTURES / "hostile").is_dir(), "fixture folder tests/fixtures/hostile is missing"
    for kept in ("first_layers_like_duckdbs", "first_build_like_duckdbs"):
        if spark_history[kept] is not None:
            raise spark_history[kept]
