"""Where a DuckDB warehouse's disk goes: the storage of each table, largest first, with its largest column.

Reads the file read-only (no dbt command may be writing it) and counts the distinct storage blocks of each table's
segments (DuckDB's pragma_storage_info), 256 kB each by default. Blocks outside the segments (the overflow blocks of
long strings among them) are not counted, so each figure is a lower bound and the tables' sum falls short of the
file. Prints one line per table; --top limits the lines.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import duckdb


def table_storage(db_path: Path) -> list[tuple[str, float, str]]:
    """(schema.table, megabytes, its largest column) per table, largest first."""
    con = duckdb.connect(str(db_path), read_only=True)
    try:
        block_mb = con.sql("select block_size from pragma_database_size()").fetchone()[0] / 2**20
        tables = con.sql("select schema_name, table_name from duckdb_tables() order by all").fetchall()
        sizes = []
        for schema, table in tables:
            # one read of the table's segments: its blocks in all first, then per column, largest first
            blocks = con.sql(
                "select column_name, count(distinct block_id) as blocks "
                f"from pragma_storage_info('\"{schema}\".\"{table}\"') "
                "group by grouping sets ((), (column_name)) order by grouping(column_name) desc, blocks desc"
            ).fetchall()
            total, per_column = blocks[0][1], blocks[1:]
            sizes.append((f"{schema}.{table}", round(total * block_mb, 1), per_column[0][0] if per_column else ""))
    finally:
        con.close()
    return sorted(sizes, key=lambda size: (-size[1], size[0]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("warehouse", type=Path, help="the DuckDB file (for example .lw_tmp/duckdb/lineage.duckdb)")
    parser.add_argument("--top", type=int, default=20, help="print the largest N tables (default 20)")
    args = parser.parse_args(argv)
    sizes = table_storage(args.warehouse)
    print(f"{args.warehouse}: {args.warehouse.stat().st_size / 2**20:,.0f} MB on disk, "
          f"{sum(size[1] for size in sizes):,.0f} MB in {len(sizes)} tables")
    for name, megabytes, column in sizes[:args.top]:
        print(f"{megabytes:10,.1f} MB  {name}  (largest column: {column})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
