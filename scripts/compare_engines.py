"""Build the same events on DuckDB and on Spark and compare every relation of schema `marts` row by row.

The Spark side is a dbt target: `spark` (a local session, the default) or `cluster` (the thrift server of
scripts/spark_cluster.sh, which must be up; the build replaces the lineage schemas there). With --spark-built the
cluster is read as it is, built beforehand by `dbt build --target cluster` on the same events. The builds are of
models and seeds only (parity is what this compares); --data-tests runs the project's data tests in them too.

Rows are compared as multisets by column name (column order may differ between engines). One line per
relation, `<relation>: identical (N rows)` or `<relation>: DIFFERENT` plus examples; the last line is
`engine parity: N/M marts identical` and the exit code is 1 when N < M. Progress goes to stderr: dbt's own log
lines, one per model as it finishes, and each build's time.
"""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Sequence

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.lw.dbt_runner import PROJECT_DIR, SPARK_TARGETS, Warehouse  # noqa: E402
from tests.lw.parity import compare_schema  # noqa: E402


def compare(events: str, workdir: Path, spark_target: str = "spark", spark_built: bool = False,
            schema: str = "marts", examples: int = 10, data_tests: bool = False) -> tuple[bool, list[str]]:
    """Build `events` on DuckDB and (unless spark_built) on the Spark target in workdir, then compare `schema`:
    (all identical, report lines), as tests/lw/parity.py's compare_schema."""
    duck = Warehouse(workdir / "duckdb", "duckdb", show_log=True)
    spark = Warehouse(workdir / spark_target, spark_target, show_log=True, fresh=not spark_built)
    for warehouse in (duck, spark) if not spark_built else (duck,):
        print(f"building {events} on {warehouse.target} in {warehouse.root} ...", file=sys.stderr, flush=True)
        began = time.monotonic()
        warehouse.build(events, data_tests=data_tests)
        print(f"built on {warehouse.target} in {time.monotonic() - began:.1f} s", file=sys.stderr, flush=True)
    print(f"reading schema {schema} from duckdb and {spark_target} ...", file=sys.stderr, flush=True)
    return compare_schema(duck.relations(schema), spark.relations(schema), schema, examples)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", required=True, help="glob of event files (the dbt var events_path)")
    parser.add_argument("--spark-target", default="spark", choices=SPARK_TARGETS,
                        help="the Spark side: spark (local session, default) or cluster (scripts/spark_cluster.sh)")
    parser.add_argument("--spark-built", action="store_true",
                        help="read the Spark target as it is instead of building it (it holds a build of --events)")
    parser.add_argument("--workdir", type=Path, help="where to build (default: a new folder under .lw_tmp/)")
    parser.add_argument("--keep", action="store_true", help="keep the default work folder afterwards")
    parser.add_argument("--schema", default="marts", help="schema to compare (default: marts)")
    parser.add_argument("--examples", type=int, default=10, help="differing rows shown per side (default: 10)")
    parser.add_argument("--data-tests", action="store_true",
                        help="run the project's data tests in both builds too (default: models and seeds only)")
    args = parser.parse_args(argv)
    if args.spark_built and args.spark_target != "cluster":
        parser.error("--spark-built reads the cluster's warehouse: it needs --spark-target cluster")

    (PROJECT_DIR / ".lw_tmp").mkdir(exist_ok=True)
    workdir: Path = args.workdir or Path(tempfile.mkdtemp(prefix="parity-", dir=PROJECT_DIR / ".lw_tmp"))
    try:
        same, lines = compare(args.events, workdir, args.spark_target, args.spark_built, args.schema, args.examples,
                              args.data_tests)
    finally:
        if args.workdir is None and not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
        elif args.keep:
            print(f"kept {workdir}", file=sys.stderr)
    print("\n".join(lines))
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
