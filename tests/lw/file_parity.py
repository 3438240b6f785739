"""Engine parity at any size: a schema of a DuckDB warehouse compared, inside DuckDB, with the Parquet files of a
local Spark warehouse's tables of the same names.

tests/lw/parity.py reads every row of both engines into Python, which at 1 M events needs more memory than the
machine has. Here DuckDB reads each Spark table's files (`<warehouse>/<schema>.db/<table>/*.parquet`), casts each
column to the type of the DuckDB column of the same name (a value that cannot be cast fails the comparison, it is
never turned into NULL), and compares the rows as multisets with EXCEPT ALL both ways, in DuckDB's memory limit
(it spills to `temp_dir`). The report has the shape of tests/lw/parity.py's: one line per relation, and last
`engine parity: N/M <marts | schema relations> identical`. Used by scripts/bench.py and the Spark history
(tests/test_incremental.py).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any


def quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def duckdb_tables(con: Any, schema: str) -> dict[str, list[tuple[str, str]]]:
    """{table: [(column, DuckDB type), ...]} of one schema of the attached warehouse `wh`."""
    rows = con.execute(
        "select table_name, column_name, data_type from information_schema.columns"
        " where table_catalog = 'wh' and table_schema = ? order by table_name, ordinal_position", [schema]).fetchall()
    tables: dict[str, list[tuple[str, str]]] = {}
    for table, column, data_type in rows:
        tables.setdefault(table, []).append((column, data_type))
    return tables


def spark_tables(spark_warehouse: Path, schema: str) -> dict[str, list[str]]:
    """{table: [its Parquet files]} of one database of a local Spark warehouse (a table may have no file; a
    partitioned table's files are in a folder per partition)."""
    database = spark_warehouse / f"{schema}.db"
    return {folder.name: sorted(str(f) for f in folder.rglob("*.parquet"))
            for folder in sorted(database.iterdir()) if folder.is_dir()} if database.is_dir() else {}


def compare_table(con: Any, name: str, schema: str, columns: list[tuple[str, str]], files: list[str],
                  examples: int) -> tuple[bool, list[str]]:
    """One DuckDB table against one Spark table's files: (identical, the lines saying so)."""
    duck_rows = con.execute(f"select count(*) from wh.{quoted(schema)}.{quoted(name)}").fetchone()[0]
    if not files:  # Spark wrote no file: an empty table
        same = duck_rows == 0
        return same, [f"{name}: identical (0 rows)" if same else f"{name}: DIFFERENT ({duck_rows} rows on duckdb, "
                      "no file on spark)"]
    file_list = "[" + ", ".join("'" + f.replace("'", "''") + "'" for f in files) + "]"
    if any("=" in Path(f).parent.name for f in files):  # partitioned: the partition columns are in the folder names
        file_list += ", hive_partitioning = true, hive_types_autocast = false"
    spark_columns = {row[0] for row in con.execute(f"describe select * from read_parquet({file_list})").fetchall()}
    duck_columns = {column for column, _ in columns}
    if spark_columns != duck_columns:
        return False, [f"{name}: DIFFERENT", f"  columns only on duckdb: {sorted(duck_columns - spark_columns)}",
                       f"  columns only on spark: {sorted(spark_columns - duck_columns)}"]
    names = ", ".join(quoted(column) for column, _ in columns)
    casts = ", ".join(f"cast({quoted(column)} as {data_type}) as {quoted(column)}" for column, data_type in columns)
    con.execute(f"create or replace temp view duck_side as select {names} from wh.{quoted(schema)}.{quoted(name)}")
    con.execute(f"create or replace temp view spark_side as select {casts} from read_parquet({file_list})")
    try:
        spark_rows = con.execute("select count(*) from spark_side").fetchone()[0]
        extra = {side: con.execute(f"select count(*) from (select * from {side} except all select * from {other})")
                 .fetchone()[0] for side, other in (("duck_side", "spark_side"), ("spark_side", "duck_side"))}
    except Exception as error:  # noqa: BLE001 - a value that cannot be cast is a difference, reported as such
        return False, [f"{name}: DIFFERENT", f"  {type(error).__name__}: {str(error)[:500]}"]
    if not any(extra.values()):
        return True, [f"{name}: identical ({duck_rows} rows)"]
    lines = [f"{name}: DIFFERENT ({duck_rows} rows on duckdb, {spark_rows} on spark)"]
    for side, other, label in (("duck_side", "spark_side", "duckdb"), ("spark_side", "duck_side", "spark")):
        if extra[side]:
            lines.append(f"  {label} only ({extra[side]} rows):")
            shown = con.execute(f"select * from (select * from {side} except all select * from {other}) "
                                f"limit {int(examples)}").fetchall()
            lines += [f"    {row}" for row in shown]
    return False, lines


def compare_schema_with_spark_files(duckdb_path: Path, spark_warehouse: Path, schema: str = "marts",
                                    examples: int = 3, temp_dir: Path | None = None,
                                    memory_limit: str = "3GB") -> tuple[bool, list[str]]:
    """Every table of `schema` in the DuckDB warehouse and in the Spark warehouse directory: (all identical, report
    lines)."""
    import duckdb

    con = duckdb.connect(config={"memory_limit": memory_limit, "preserve_insertion_order": False,
                                 **({"temp_directory": str(temp_dir)} if temp_dir else {})})
    lines: list[str] = []
    try:
        con.execute("set TimeZone = 'UTC'")  # a Spark timestamp read as timestamptz becomes UTC wall-clock time
        con.execute(f"attach '{str(duckdb_path)}' as wh (read_only)")
        duck, spark = duckdb_tables(con, schema), spark_tables(spark_warehouse, schema)
        names = sorted(set(duck) | set(spark))
        identical = 0
        for name in names:
            if name not in duck or name not in spark:
                same, said = False, [f"{name}: DIFFERENT", f"  only on {'duckdb' if name in duck else 'spark'}"]
            else:
                same, said = compare_table(con, name, schema, duck[name], spark[name], examples)
            identical += same
            lines += said
    finally:
        con.close()
    label = "marts" if schema == "marts" else f"{schema} relations"
    lines.append(f"engine parity: {identical}/{len(names)} {label} identical")
    return bool(names) and identical == len(names), lines
