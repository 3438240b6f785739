"""Read every relation of a schema from a DuckDB file or a local Spark warehouse, as comparable values.

Both readers return {relation: (column names in the engine's order, rows)}. Values are normalised to the same
JSON-shaped representation on both engines, so equal data compares equal and a real difference stays one:
timestamps are naive UTC ISO text with microseconds, dates ISO text, decimals str(), structs dicts, maps dicts
with text keys, arrays lists, UUIDs text; ints, floats, bools, strings and None are kept as they are.

A Spark warehouse built by dbt in a subprocess is read in a subprocess too (`python -m tests.lw.spark_reader
SPARK_DIR SCHEMA`, JSON on stdout), so its JVM starts clean and the Derby metastore lock is released when it ends;
one built in-process is read through the process's session (`collect_relations`, tests/lw/spark_session.py).
"""
from __future__ import annotations

import datetime as dt
import decimal
import json
import os
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any, Collection

from tests.lw.dbt_runner import PROJECT_DIR, render_env_vars, spark_env, spark_profile_parameters

Relations = dict[str, tuple[list[str], list[tuple[Any, ...]]]]
_MARKER = "@@LW_RELATIONS@@"


def normalise(value: Any) -> Any:
    """One engine-independent, JSON-compatible representation of a fetched value."""
    if hasattr(value, "asDict"):  # a Spark Row (a struct), before tuple: Row is a tuple
        return {str(k): normalise(v) for k, v in value.asDict(recursive=False).items()}
    if isinstance(value, dt.datetime):
        if value.tzinfo is not None:
            value = value.astimezone(dt.timezone.utc).replace(tzinfo=None)
        return value.isoformat(timespec="microseconds")
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    if isinstance(value, (decimal.Decimal, uuid.UUID, dt.timedelta)):
        return str(value)
    if isinstance(value, (bytes, bytearray, memoryview)):
        return {"bytes": bytes(value).hex()}
    if isinstance(value, dict):
        return {str(k): normalise(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [normalise(v) for v in value]
    return value


def normalise_rows(rows: list[Any]) -> list[tuple[Any, ...]]:
    # The JSON round trip gives DuckDB values exactly the shape Spark values get through the subprocess.
    return [tuple(json.loads(json.dumps([normalise(v) for v in row]))) for row in rows]


def read_duckdb_relations(duckdb_path: Path, schema: str, names: Collection[str] | None = None) -> Relations:
    """Every relation of a schema (or those named) as comparable rows."""
    import duckdb

    con = duckdb.connect(str(duckdb_path), read_only=True)
    try:
        con.execute("set TimeZone = 'UTC'")
        tables = [r[0] for r in con.execute(
            "select table_name from information_schema.tables"
            " where table_catalog = current_database() and table_schema = ? order by 1", [schema]).fetchall()
            if names is None or r[0] in names]
        result: Relations = {}
        for name in tables:
            cur = con.execute(f'select * from "{schema}"."{name}"')
            result[name] = ([d[0] for d in cur.description], normalise_rows(cur.fetchall()))
        return result
    finally:
        con.close()


def spark_conf(spark_dir: Path) -> dict[str, str]:
    """server_side_parameters of the `spark` target in profiles.yml, with env_var(...) rendered for spark_dir."""
    env = {**os.environ, **spark_env(spark_dir)}
    return {k: render_env_vars(v, env) for k, v in spark_profile_parameters().items()}


def read_spark_relations(spark_dir: Path, schema: str) -> Relations:
    env = {**os.environ, **spark_env(spark_dir)}
    proc = subprocess.run([sys.executable, "-m", "tests.lw.spark_reader", str(spark_dir), schema],
                          cwd=PROJECT_DIR, env=env, text=True, capture_output=True)
    payload = [line for line in proc.stdout.splitlines() if line.startswith(_MARKER)]
    if proc.returncode != 0 or not payload:
        raise RuntimeError(f"reading Spark schema {schema} failed ({proc.returncode}):\n"
                           f"{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    raw = json.loads(payload[0][len(_MARKER):])
    return {name: (data["columns"], [tuple(r) for r in data["rows"]]) for name, data in raw.items()}


def collect_relations(spark: Any, schema: str, names: Collection[str] | None = None) -> Relations:
    """Every table of a schema (or those named), read through a SparkSession, as comparable rows."""
    result: Relations = {}
    if spark.catalog.databaseExists(schema):
        for table in sorted(spark.catalog.listTables(schema), key=lambda t: t.name):
            if table.isTemporary or (names is not None and table.name not in names):
                continue
            df = spark.sql(f"select * from `{schema}`.`{table.name}`")
            result[table.name] = (df.columns, normalise_rows(df.collect()))
    return result


def _dump_spark(spark_dir: Path, schema: str) -> None:
    """Subprocess side: start a session configured like the dbt `spark` target and print the relations."""
    import time

    os.environ["TZ"] = "UTC"  # PySpark converts timestamps to naive datetimes in the process time zone
    time.tzset()
    from pyspark.sql import SparkSession

    builder = SparkSession.builder.enableHiveSupport()
    for key, value in spark_conf(spark_dir).items():
        builder = builder.config(key, value)
    spark = builder.getOrCreate()
    try:
        out = {name: {"columns": columns, "rows": rows}
               for name, (columns, rows) in collect_relations(spark, schema).items()}
        print(_MARKER + json.dumps(out), flush=True)
    finally:
        spark.stop()


if __name__ == "__main__":
    _dump_spark(Path(sys.argv[1]), sys.argv[2])
