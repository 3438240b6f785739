"""Build the same events on DuckDB and on Spark and compare every relation of schema `marts` row by row.

The last line printed is `engine parity: N/M marts identical`; the exit code is 1 when N < M.
"""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.lw.dbt_runner import PROJECT_DIR, Warehouse  # noqa: E402
from tests.lw.relations import Relations, read_duckdb_relations, read_spark_relations  # noqa: E402


def compare(duck: Relations, spark: Relations, examples: int = 10) -> tuple[int, int]:
    names = sorted(set(duck) | set(spark))
    identical = 0
    for name in names:
        if name not in duck or name not in spark:
            print(f"{name}: DIFFERENT (only on {'duckdb' if name in duck else 'spark'})")
            continue
        (d_cols, d_rows), (s_cols, s_rows) = duck[name], spark[name]
        if d_cols != s_cols:
            print(f"{name}: DIFFERENT columns duckdb-only={sorted(set(d_cols) - set(s_cols))} "
                  f"spark-only={sorted(set(s_cols) - set(d_cols))}")
            continue
        d_count, s_count = Counter(map(repr, d_rows)), Counter(map(repr, s_rows))
        if d_count == s_count:
            identical += 1
            print(f"{name}: identical ({len(d_rows)} rows)")
            continue
        print(f"{name}: DIFFERENT ({len(d_rows)} rows on duckdb, {len(s_rows)} on spark) columns={d_cols}")
        for label, extra in (("duckdb only", d_count - s_count), ("spark only", s_count - d_count)):
            for row in sorted(extra)[:examples]:
                print(f"  {label}: {row}")
    return identical, len(names)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", required=True, help="glob of event files (the dbt var events_path)")
    parser.add_argument("--workdir", type=Path, help="where to build (default: a new folder under .lw_tmp/)")
    parser.add_argument("--keep", action="store_true", help="keep the work folder")
    parser.add_argument("--schema", default="marts", help="schema to compare (default: marts)")
    args = parser.parse_args()

    (PROJECT_DIR / ".lw_tmp").mkdir(exist_ok=True)
    workdir = args.workdir or Path(tempfile.mkdtemp(prefix="parity-", dir=PROJECT_DIR / ".lw_tmp"))
    try:
        warehouses = {target: Warehouse(workdir / target, target) for target in ("duckdb", "spark")}
        for target, wh in warehouses.items():
            print(f"building on {target} ...", file=sys.stderr, flush=True)
            wh.build(args.events)
        print("reading marts ...", file=sys.stderr, flush=True)
        duck = read_duckdb_relations(warehouses["duckdb"].duckdb_path, args.schema)
        spark = read_spark_relations(warehouses["spark"].spark_dir, args.schema)
        identical, total = compare(duck, spark)
    finally:
        if not args.keep and args.workdir is None:
            shutil.rmtree(workdir, ignore_errors=True)
    label = "marts" if args.schema == "marts" else f"{args.schema} relations"
    print(f"engine parity: {identical}/{total} {label} identical")
    return 0 if identical == total and total > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
