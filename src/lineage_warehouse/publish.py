"""Publish a read-only copy of the DuckDB warehouse for BI tools (docs/decisions/bi-published-copy.md).

A BI tool that keeps the warehouse file open, even read-only, holds a lock that makes the next `dbt build` fail.
BI therefore reads another file, which no build ever opens: after a successful build this script copies the
schemas BI reads (default: marts) from the warehouse into a new file next to the published one, with their table
and column comments, closes and syncs it, then renames it over the published file. The rename is atomic: a new
connection sees either the previous copy or the new one, never a partial one, and a connection that is open keeps
reading the copy it opened until it reconnects. scripts/build.sh runs `dbt build` and then this
(`lineage-warehouse publish`, or scripts/publish.py, with the same arguments).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

import duckdb
from lineage_warehouse.version import version_argument

SOURCE = "lw_source"


def default_published_path(warehouse: Path) -> Path:
    """LINEAGE_BI_DUCKDB_PATH, else `<warehouse stem>_bi.duckdb` beside the warehouse."""
    configured = os.environ.get("LINEAGE_BI_DUCKDB_PATH")
    return Path(configured) if configured else warehouse.with_name(f"{warehouse.stem}_bi.duckdb")


def quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def sql_text(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def copy_schema(con: duckdb.DuckDBPyConnection, schema: str) -> int:
    """Copy every table and view of a schema of the attached warehouse as tables, with their comments; returns
    the number of relations copied."""
    relations = [row[0] for row in con.execute(
        "select table_name from information_schema.tables where table_catalog = ? and table_schema = ? order by 1",
        [SOURCE, schema]).fetchall()]
    if not relations:
        raise SystemExit(f"publish: the warehouse has no schema {schema!r} (or it is empty): was it built?")
    con.execute(f"create schema {quoted(schema)}")
    for relation in relations:
        target = f"{quoted(schema)}.{quoted(relation)}"
        con.execute(f"create table {target} as select * from {SOURCE}.{quoted(schema)}.{quoted(relation)}")
    comments = con.execute(
        "select table_name, comment from duckdb_tables() where database_name = ? and schema_name = ? "
        "and comment is not null union all "
        "select view_name, comment from duckdb_views() where database_name = ? and schema_name = ? "
        "and comment is not null", [SOURCE, schema, SOURCE, schema]).fetchall()
    for relation, comment in comments:
        con.execute(f"comment on table {quoted(schema)}.{quoted(relation)} is {sql_text(comment)}")
    column_comments = con.execute(
        "select table_name, column_name, comment from duckdb_columns() where database_name = ? "
        "and schema_name = ? and comment is not null", [SOURCE, schema]).fetchall()
    for relation, column, comment in column_comments:
        con.execute(f"comment on column {quoted(schema)}.{quoted(relation)}.{quoted(column)} is {sql_text(comment)}")
    return len(relations)


def fsync_path(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def publish(warehouse: Path, published: Path, schemas: list[str]) -> int:
    """Copy `schemas` of `warehouse` into a fresh file and rename it over `published`; returns relations copied."""
    if not warehouse.exists():
        raise SystemExit(f"publish: no warehouse at {warehouse}")
    published.parent.mkdir(parents=True, exist_ok=True)
    staging_file = published.with_name(f".{published.name}.{os.getpid()}.tmp")
    staging_file.unlink(missing_ok=True)
    copied = 0
    try:
        con = duckdb.connect(str(staging_file))
        try:
            con.execute("set TimeZone = 'UTC'")
            con.execute(f"attach {sql_text(str(warehouse))} as {SOURCE} (read_only)")
            con.execute("begin transaction")
            for schema in schemas:
                copied += copy_schema(con, schema)
            con.execute("commit")
            con.execute(f"detach {SOURCE}")
            con.execute("checkpoint")
        finally:
            con.close()
        fsync_path(staging_file)
        os.replace(staging_file, published)
        fsync_path(published.parent)
    finally:
        staging_file.unlink(missing_ok=True)
        Path(f"{staging_file}.wal").unlink(missing_ok=True)
    return copied


def main(argv: list[str] | None = None, prog: str | None = None) -> None:
    parser = argparse.ArgumentParser(prog=prog, description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", **version_argument())
    parser.add_argument("--warehouse", type=Path,
                        default=Path(os.environ.get("LINEAGE_DUCKDB_PATH", "lineage.duckdb")),
                        help="the warehouse dbt builds (default: LINEAGE_DUCKDB_PATH or lineage.duckdb)")
    parser.add_argument("--to", type=Path, default=None,
                        help="the published file BI opens (default: LINEAGE_BI_DUCKDB_PATH or <warehouse>_bi.duckdb)")
    parser.add_argument("--schemas", nargs="+", default=["marts"],
                        help="schemas to publish (default: marts; with var lineage_schema_prefix, e.g. lw_marts)")
    args = parser.parse_args(argv)
    published = args.to or default_published_path(args.warehouse)
    began = time.perf_counter()
    copied = publish(args.warehouse.resolve(), published.resolve(), args.schemas)
    print(f"published {copied} relations of {', '.join(args.schemas)} to {published} "
          f"in {time.perf_counter() - began:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
