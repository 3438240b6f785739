"""Engine parity inside DuckDB (tests/lw/file_parity.py): what it calls identical and what it calls different.

A Spark warehouse's layout (`<warehouse>/<schema>.db/<table>/part-*.parquet`) is written here by DuckDB, with a
timestamp column stored as timestamptz as Spark stores its timestamps; the comparison against real Spark files is
checked in the Spark history (tests/test_engine_parity.py)."""
from __future__ import annotations

from pathlib import Path

import duckdb

from tests.lw.file_parity import compare_schema_with_spark_files

ROWS = """select * from (values
    (1, 'a', timestamp '2024-01-01 10:00:00', map(['k'], ['v']), {'x': 1, 'y': ['p', 'q']}),
    (2, 'b', timestamp '2024-01-02 00:00:00.123456', map(['k'], ['w']), {'x': 2, 'y': []}),
    (2, 'b', timestamp '2024-01-02 00:00:00.123456', map(['k'], ['w']), {'x': 2, 'y': []}))
    as t(id, name, seen_at, tags, nested)"""


def warehouses(tmp_path: Path, spark_sql: dict[str, str]) -> tuple[Path, Path]:
    """A DuckDB warehouse with marts.events (ROWS) and marts.empty, and a Spark warehouse folder whose tables are
    written from `spark_sql` ({table: query, with `rows` the ROWS relation}); None leaves a table's folder empty."""
    duck_path, spark_dir = tmp_path / "wh.duckdb", tmp_path / "spark" / "warehouse"
    con = duckdb.connect(str(duck_path))
    con.execute("set TimeZone = 'UTC'")
    con.execute("create schema marts")
    con.execute(f"create table marts.events as {ROWS}")
    con.execute("create table marts.empty (id integer)")
    con.execute(f"create temp view rows as {ROWS}")
    for table, sql in spark_sql.items():
        folder = spark_dir / "marts.db" / table
        folder.mkdir(parents=True)
        if sql:
            con.execute(f"copy ({sql}) to '{folder}/part-00000-c000.snappy.parquet' (format parquet)")
    con.close()
    return duck_path, spark_dir


def compare(tmp_path: Path, events_sql: str, **others: str) -> tuple[bool, list[str]]:
    duck_path, spark_dir = warehouses(tmp_path, {"events": events_sql, "empty": "", **others})
    return compare_schema_with_spark_files(duck_path, spark_dir, "marts", temp_dir=tmp_path / "tmp")


def test_file_parity_same_rows_are_identical_whatever_the_timestamp_encoding(tmp_path: Path) -> None:
    same, lines = compare(tmp_path, "select id, name, seen_at::timestamptz as seen_at, tags, nested from rows")
    assert same and lines == ["empty: identical (0 rows)", "events: identical (3 rows)",
                              "engine parity: 2/2 marts identical"], lines


def test_file_parity_a_changed_value_is_different_with_examples(tmp_path: Path) -> None:
    same, lines = compare(tmp_path, "select id, name, seen_at + interval 1 microsecond as seen_at, tags, nested "
                                    "from rows where id = 1 union all select * from rows where id = 2")
    assert not same and lines[-1] == "engine parity: 1/2 marts identical"
    assert "events: DIFFERENT (3 rows on duckdb, 3 on spark)" in lines
    assert "  duckdb only (1 rows):" in lines and "  spark only (1 rows):" in lines
    assert any("datetime.datetime(2024, 1, 1, 10, 0, 0, 1)" in line for line in lines), lines


def test_file_parity_rows_are_a_multiset(tmp_path: Path) -> None:
    same, lines = compare(tmp_path, "select distinct * from rows")
    assert not same and "events: DIFFERENT (3 rows on duckdb, 2 on spark)" in lines, lines


def test_file_parity_a_value_that_cannot_be_cast_is_a_difference_not_a_null(tmp_path: Path) -> None:
    same, lines = compare(tmp_path, "select case when id = 1 then 'one' else id::varchar end as id, name, seen_at, "
                                    "tags, nested from rows")
    assert not same and lines[lines.index("events: DIFFERENT") + 1].startswith("  ConversionException"), lines


def test_file_parity_columns_and_tables_on_one_side_only(tmp_path: Path) -> None:
    same, lines = compare(tmp_path, "select id, name, seen_at, tags from rows", extra="select 1 as id")
    assert not same and lines[-1] == "engine parity: 1/3 marts identical"
    assert "  columns only on duckdb: ['nested']" in lines
    assert lines[lines.index("extra: DIFFERENT") + 1] == "  only on spark"
