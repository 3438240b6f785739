"""Read every relation of a schema from a DuckDB warehouse or a local Spark warehouse, as comparable values.

Both readers return {relation: (sorted column names, rows as tuples of normalised values in that column order)}.
Normalisation only changes representation (timestamps as ISO text in UTC with microseconds, decimals as text),
never content, so a real difference between engines stays a difference.
"""
from __future__ import annotations

import datetime as dt
import decimal
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.lw.dbt_runner import PROJECT_DIR, spark_env

Relations = dict[str, tuple[list[str], list[tuple[Any, ...]]]]


def normalise(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        if value.tzinfo is not None:
            value = value.astimezone(dt.timezone.utc).replace(tzinfo=None)
        return value.isoformat(timespec="microseconds")
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, decimal.Decimal):
        return str(value.normalize()) if value == value.to_integral() else str(value)
    if isinstance(value, (list, tuple)):
        return [normalise(v) for v in value]
    return value


def _shape(columns: list[str], rows: list[tuple[Any, ...]]) -> tuple[list[str], list[tuple[Any, ...]]]:
    order = sorted(range(len(columns)), key=lambda i: columns[i])
    return [columns[i] for i in order], [tuple(normalise(row[i]) for i in order) for row in rows]


def read_duckdb_relations(duckdb_path: Path, schema: str) -> Relations:
    import duckdb

    con = duckdb.connect(str(duckdb_path), read_only=True)
    try:
        con.execute("set TimeZone = 'UTC'")
        names = [r[0] for r in con.execute(
            "select table_name from information_schema.tables where table_schema = ?", [schema]).fetchall()]
        result: Relations = {}
        for name in names:
            cur = con.execute(f'select * from "{schema}"."{name}"')
            columns = [d[0] for d in cur.description]
            result[name] = _shape(columns, cur.fetchall())
        return result
    finally:
        con.close()


_SPARK_SCRIPT = r"""
import json, sys
from pyspark.sql import SparkSession
spark_dir, schema = sys.argv[1], sys.argv[2]
spark = (SparkSession.builder.master("local[2]").enableHiveSupport()
         .config("spark.sql.warehouse.dir", spark_dir + "/warehouse")
         .config("spark.hadoop.javax.jdo.option.ConnectionURL",
                 "jdbc:derby:;databaseName=" + spark_dir + "/metastore_db;create=true")
         .config("spark.sql.session.timeZone", "UTC").config("spark.sql.ansi.enabled", "false")
         .config("spark.ui.enabled", "false").getOrCreate())
out = {}
for row in spark.sql(f"show tables in {schema}").collect():
    if row.isTemporary:
        continue
    df = spark.sql(f"select * from {schema}.`{row.tableName}`")
    rows = [[{"ts": v.isoformat()} if hasattr(v, "isoformat") else (str(v) if type(v).__name__ == "Decimal" else v)
             for v in r] for r in df.collect()]
    out[row.tableName] = {"columns": df.columns, "rows": rows}
print("@@RELATIONS@@" + json.dumps(out))
spark.stop()
"""


def read_spark_relations(spark_dir: Path, schema: str) -> Relations:
    """Reads in a subprocess (its own JVM), so the Derby metastore lock is released when it ends."""
    import os

    env = dict(os.environ)
    env.update(spark_env(spark_dir))
    proc = subprocess.run([sys.executable, "-c", _SPARK_SCRIPT, str(spark_dir), schema], cwd=PROJECT_DIR,
                          env=env, text=True, capture_output=True)
    marker = [line for line in proc.stdout.splitlines() if line.startswith("@@RELATIONS@@")]
    if proc.returncode != 0 or not marker:
        raise RuntimeError(f"reading Spark relations failed:\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    raw = json.loads(marker[0][len("@@RELATIONS@@"):])
    result: Relations = {}
    for name, data in raw.items():
        rows = [tuple(_from_spark(v) for v in r) for r in data["rows"]]
        result[name] = _shape(data["columns"], rows)
    return result


def _from_spark(value: Any) -> Any:
    """Spark timestamps arrive tagged as {"ts": naive UTC ISO text} (session and process time zone are UTC)."""
    if isinstance(value, dict) and set(value) == {"ts"}:
        return dt.datetime.fromisoformat(value["ts"])
    return value
