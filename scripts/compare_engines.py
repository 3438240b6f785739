"""Build the same events on DuckDB and on Spark and compare every relation of schema `marts` row by row.

Rows are compared as multisets by column name (column order may differ between engines). One line per
relation, `<relation>: identical (N rows)` or `<relation>: DIFFERENT` plus examples; the last line is
`engine parity: N/M marts identical` and the exit code is 1 when N < M. Progress goes to stderr.
"""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.lw.dbt_runner import PROJECT_DIR, Warehouse  # noqa: E402
from tests.lw.parity import compare_schema  # noqa: E402

ENGINES = ("duckdb", "spark")


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
        duck, spark = (warehouses[engine].relations(args.schema) for engine in ENGINES)
    finally:
        if args.workdir is None and not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
        elif args.keep:
            print(f"kept {workdir}", file=sys.stderr)
    same, lines = compare_schema(duck, spark, args.schema, args.examples)
    print("\n".join(lines))
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
