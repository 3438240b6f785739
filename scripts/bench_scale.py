"""The warehouse's scale curve on DuckDB: the same measurements at several sizes, one size after the other.

At each size (default 100,000, 1 M, 3 M and 10 M lines) on a fresh work folder: generate the events as gzip files
(scripts/generate_events.py --gzip, one file per million lines), then time a full `dbt run`, a run with nothing new,
an incremental run after a fixed batch of --increment more events (the same absolute batch at every size, like a
15-minute schedule), the depth-10 traversal (BOTH) from the busiest dataset, and, unless --no-build-tests,
`dbt build` with every data test on another fresh file. After the incremental run it records the warehouse file's
size and its largest tables (scripts/warehouse_storage.py), and the slowest models of the run with nothing new. Each
size runs in a child process of its own, so its peak RSS (the largest resident set of its dbt commands) is its own;
it is read twice: after the runs and the traversal (runs_peak_rss_mb) and after the build with tests (peak_rss_mb).
The work folder of a size is removed before the next one starts: disk holds one size at a time.

Appends one CSV row per size to --results-file (docs/benchmarks/scale.csv by default) and draws --plot (time
against events, log-log, from the rows of the newest commit measured) as a PNG.
"""
from __future__ import annotations

import argparse
import csv
import json
import shutil
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench  # noqa: E402  (puts the project's root on sys.path too)
import plot_benchmarks  # noqa: E402
import warehouse_storage  # noqa: E402
from tests.lw.dbt_runner import PROJECT_DIR, Warehouse  # noqa: E402

DEFAULT_SIZES = "100000,1000000,3000000,10000000"
DEFAULT_RESULTS = PROJECT_DIR / "docs" / "benchmarks" / "scale.csv"
DEFAULT_PLOT = PROJECT_DIR / "docs" / "benchmarks" / "scale.png"
# seconds and figures of one size, in the CSV's order after its first four columns
FIGURES = ["full_run_s", "noop_run_s", "incremental_run_s", "build_with_tests_s", "traversal_ms", "peak_rss_mb",
           "runs_peak_rss_mb", "warehouse_mb"]
TEXTS = ["largest_tables", "noop_slowest_models"]  # the texts of one size, after its figures
COLUMNS = ["recorded_at", "commit", "events", "increment", *FIGURES, *TEXTS, "machine", "versions"]
LARGEST_TABLES = 4  # how many of the largest tables the row names, with their megabytes
PLOTTED = {"full_run_s": "full dbt run", "noop_run_s": "run with nothing new",
           "incremental_run_s": "incremental run after the fixed batch", "build_with_tests_s": "dbt build with tests"}
LINES_PER_FILE = 1_000_000


def measure_size(events: int, increment: int, seed: int, workdir: Path,
                 build_tests: bool) -> dict[str, float | str]:
    """The figures of one size (FIGURES, build_with_tests_s empty without build_tests) and its TEXTS."""
    if workdir.exists():
        shutil.rmtree(workdir)
    events_dir = workdir / "events"
    glob = f"{events_dir}/*.jsonl.gz"
    bench.log(f"{events:,} events: generating gzip files")
    manifest = bench.gen.generate(bench.gen.GeneratorConfig(
        events, seed, events_dir, files=max(1, -(-events // LINES_PER_FILE)), gzip=True))
    warehouse = Warehouse(workdir / "duckdb_wh", show_log=True)
    bench.timed_dbt(warehouse, ["seed"], glob)
    figures: dict[str, float] = {}
    bench.log(f"{events:,} events: full dbt run")
    figures["full_run_s"] = bench.timed_dbt(warehouse, ["run"], glob)
    bench.log(f"{events:,} events: a run with nothing new")
    figures["noop_run_s"] = bench.timed_dbt(warehouse, ["run"], glob)
    noop_slowest = bench.slowest_models(warehouse, workdir / "run_results_noop.json")
    bench.log(f"{events:,} events: landing {increment:,} more, incremental run")
    bench.gen.generate(bench.gen.GeneratorConfig(increment, seed + 1000, events_dir, gzip=True,
                                                 start=bench.later_start(manifest), prefix=f"events-inc-s{seed}"))
    figures["incremental_run_s"] = bench.timed_dbt(warehouse, ["run"], glob)
    dataset_id, _ = bench.busiest_dataset(warehouse)
    sql, _ = bench.traversal_sql(warehouse, dataset_id, glob)
    figures["traversal_ms"], _ = bench.time_query(warehouse.duckdb_path, sql)
    figures["warehouse_mb"] = bench.file_mb(warehouse.duckdb_path)
    largest = " ".join(f"{name}:{megabytes:.0f}" for name, megabytes, _ in
                       warehouse_storage.table_storage(warehouse.duckdb_path)[:LARGEST_TABLES])
    figures["runs_peak_rss_mb"] = bench.peak_child_rss_mb()
    if build_tests:
        bench.log(f"{events:,} events: dbt build with tests on a fresh file")
        shutil.rmtree(workdir / "duckdb_wh")
        figures["build_with_tests_s"] = bench.timed_dbt(Warehouse(workdir / "duckdb_build", show_log=True),
                                                        ["build"], glob)
    figures["peak_rss_mb"] = bench.peak_child_rss_mb()
    shutil.rmtree(workdir)
    return {**{name: round(value, 1) for name, value in figures.items()}, "largest_tables": largest,
            "noop_slowest_models": noop_slowest}


def run_sizes(args: argparse.Namespace) -> list[dict[str, object]]:
    """Measure each size in a child process (its own peak RSS) and append its row to the CSV at once (a size that
    fails leaves the rows before it); the rows."""
    rows = []
    for events in args.sizes:
        command = [sys.executable, __file__, "--one-size", str(events), "--increment", str(args.increment),
                   "--seed", str(args.seed), "--workdir", str(args.workdir)]
        if args.no_build_tests:
            command.append("--no-build-tests")
        began = time.perf_counter()
        child = subprocess.run(command, stdout=subprocess.PIPE, text=True)
        if child.returncode != 0:  # a larger size would fail too: stop, keeping the rows measured so far
            bench.log(f"{events:,} events failed after {time.perf_counter() - began:.0f} s (dbt's error above)")
            args.failed_size = events
            break
        bench.log(f"{events:,} events measured in {time.perf_counter() - began:.0f} s")
        figures = json.loads(child.stdout.strip().splitlines()[-1])
        rows.append({"recorded_at": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
                     "commit": bench.commit(), "events": events, "increment": args.increment,
                     **{name: figures.get(name, "") for name in [*FIGURES, *TEXTS]},
                     "machine": bench.machine(), "versions": bench.versions()})
        bench.append_csv_rows(args.results_file, COLUMNS, rows[-1:])
    return rows


def plot(results: Path, out: Path) -> int:
    """Draw each PLOTTED time against events (log-log) from the rows of the newest commit in the CSV, the newest
    row per size; returns the number of sizes drawn."""
    import matplotlib

    matplotlib.use("Agg")  # no display
    import matplotlib.pyplot as plt

    with results.open(newline="", encoding="utf-8") as handle:
        rows = sorted(csv.DictReader(handle), key=lambda row: row["recorded_at"])
    newest_commit = rows[-1]["commit"]
    by_size = {int(row["events"]): row for row in rows if row["commit"] == newest_commit}
    sizes = sorted(by_size)
    figure, axes = plt.subplots(figsize=(7, 4.2), dpi=110)
    for column, label in PLOTTED.items():
        measured = [n for n in sizes if by_size[n].get(column)]
        axes.plot(measured, [float(by_size[n][column]) for n in measured], "o-", label=label)
    plot_benchmarks.save_log_log(figure, axes, out, "seconds (DuckDB)", f"Time against events, commit {newest_commit}")
    return len(sizes)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=lambda text: [int(n) for n in text.split(",")],
                        default=DEFAULT_SIZES, help=f"comma-separated numbers of lines (default {DEFAULT_SIZES})")
    parser.add_argument("--increment", type=int, default=10_000,
                        help="events landed before the incremental run, at every size (default 10000)")
    parser.add_argument("--seed", type=int, default=1, help="generator seed (default 1)")
    parser.add_argument("--workdir", type=Path, default=PROJECT_DIR / ".lw_tmp" / "bench_scale",
                        help="work folder of the size being measured (default .lw_tmp/bench_scale)")
    parser.add_argument("--results-file", type=Path, default=DEFAULT_RESULTS,
                        help="CSV the rows are appended to (default docs/benchmarks/scale.csv)")
    parser.add_argument("--plot", type=Path, default=DEFAULT_PLOT,
                        help="PNG drawn from the CSV (default docs/benchmarks/scale.png)")
    parser.add_argument("--no-build-tests", action="store_true", help="skip `dbt build` with tests")
    parser.add_argument("--one-size", type=int, help=argparse.SUPPRESS)  # a child process: one size, JSON out
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.one_size:
        print(json.dumps(measure_size(args.one_size, args.increment, args.seed, args.workdir.resolve(),
                                      not args.no_build_tests)))
        return 0
    args.failed_size = None
    rows = run_sizes(args)
    drawn = plot(args.results_file, args.plot) if rows else 0
    for row in rows:
        print(", ".join(f"{name}={row[name]}" for name in ["events", *FIGURES]))
    print(f"appended {len(rows)} rows to {args.results_file}; plotted {drawn} sizes into {args.plot}")
    if args.failed_size is not None:
        print(f"failed at {args.failed_size:,} events: see the log above")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
