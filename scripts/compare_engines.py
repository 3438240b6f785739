"""Build the same events on DuckDB and on Spark and compare every relation of schema `marts` row by row.

Rows are compared as multisets by column name (column order may differ between engines). One line per
relation, `<relation>: identical (N rows)` or `<relation>: DIFFERENT` plus examples; the last line is
`engine parity: N/M marts identical` and the exit code is 1 when N < M. Progress goes to stderr.
"""
from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.lw.dbt_runner import PROJECT_DIR, Warehouse  # noqa: E402
from tests.lw.spark_reader import Relations, read_duckdb_relations, read_spark_relations  # noqa: E402

ENGINES = ("duckdb", "spark")


def row_keys(columns: list[str], rows: list[tuple[Any, ...]], keep: list[str]) -> Counter[str]:
    """Multiset of rows projected on `keep`, each as canonical JSON text with the column names."""
    index = [columns.index(c) for c in keep]
    return Counter(json.dumps({c: row[i] for c, i in zip(keep, index)}, sort_keys=True, ensure_ascii=False)
                   for row in rows)


def compare_relation(name: str, duck: Relations, spark: Relations, examples: int) -> bool:
    if name not in duck or name not in spark:
        print(f"{name}: DIFFERENT\n  only on {'duckdb' if name in duck else 'spark'}")
        return False
    (d_cols, d_rows), (s_cols, s_rows) = duck[name], spark[name]
    common = sorted(set(d_cols) & set(s_cols))
    d_keys, s_keys = row_keys(d_cols, d_rows, common), row_keys(s_cols, s_rows, common)
    if set(d_cols) == set(s_cols) and d_keys == s_keys:
        print(f"{name}: identical ({len(d_rows)} rows)")
        return True
    print(f"{name}: DIFFERENT ({len(d_rows)} rows on duckdb, {len(s_rows)} on spark)")
    if set(d_cols) != set(s_cols):
        print(f"  columns only on duckdb: {sorted(set(d_cols) - set(s_cols))}")
        print(f"  columns only on spark: {sorted(set(s_cols) - set(d_cols))}")
    for label, extra in (("duckdb only", d_keys - s_keys), ("spark only", s_keys - d_keys)):
        if extra:
            print(f"  {label} ({sum(extra.values())} rows):")
        for key in sorted(extra)[:examples]:
            print(f"    {key}" + (f"  x{extra[key]}" if extra[key] > 1 else ""))
    return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", required=True, help="glob of event files (the dbt var events_path)")
    parser.add_argument("--workdir", type=Path, help="where to build (default: a new folder under .lw_tmp/)")
    parser.add_argument("--keep", action="store_true", help="keep the default work folder afterwards")
    parser.add_argument("--schema", default="marts", help="schema to compare (default: marts)")
    parser.add_argument("--examples", type=int, default=10, help="differing rows shown per side (default: 10)")
    args = parser.parse_args()

    (PROJECT_DIR / ".lw_tmp").mkdir(exist_ok=True)
    workdir: Path = args.workdir or Path(tempfile.mkdtemp(prefix="parity-", dir=PROJECT_DIR / ".lw_tmp"))
    try:
        warehouses = {engine: Warehouse(workdir / engine, engine) for engine in ENGINES}
        for engine, warehouse in warehouses.items():
            print(f"building {args.events} on {engine} in {warehouse.root} ...", file=sys.stderr, flush=True)
            warehouse.build(args.events)
        print(f"reading schema {args.schema} from both engines ...", file=sys.stderr, flush=True)
        duck = read_duckdb_relations(warehouses["duckdb"].duckdb_path, args.schema)
        spark = read_spark_relations(warehouses["spark"].spark_dir, args.schema)
    finally:
        if args.workdir is None and not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
        elif args.keep:
            print(f"kept {workdir}", file=sys.stderr)
    names = sorted(set(duck) | set(spark))
    identical = sum(compare_relation(name, duck, spark, args.examples) for name in names)
    label = "marts" if args.schema == "marts" else f"{args.schema} relations"
    print(f"engine parity: {identical}/{len(names)} {label} identical")
    return 0 if names and identical == len(names) else 1


if __name__ == "__main__":
    sys.exit(main())
