"""Benchmark the warehouse on generated OpenLineage traffic: one run, one machine.

Steps: generate N events (scripts/generate_events.py) into the work folder; build every model on a fresh
DuckDB file with `dbt run` (and, unless --no-build-tests, time `dbt build` with tests on another fresh file);
time DuckDB's own read + parse + unnest + materialise of the same files (the physical floor); optionally run
the reference consumer's extraction (Data.Rentgen 0.7.2 in .reference/venv) on the same files; land +1 %
more events (another seed, a later time range) and time the incremental `dbt run`; time a depth-10
DATASET-lineage traversal (both directions) from the busiest dataset; write the lineage explorer's HTML file
(scripts/explorer.py, default window) and time its first view in headless Chromium; with --spark, time the Spark
build of the generated events and its incremental run after the +1 %, and compare the marts of both engines.

Prints a table, appends one row per engine to the results file (docs/benchmarks/results.csv by default: the
figures as data, which scripts/plot_benchmarks.py draws) and ends with
`ratios: floor=F reference=R incremental=I traversal_ms=T` where F = dbt run time / floor time,
R = our events/s / the reference's events/s (n/a without --with-reference or when it cannot run),
I = incremental run time / full run time and T = the traversal's median milliseconds over 5 runs.
Progress goes to stderr: each step, and dbt's own line per model as it is built (a 1 M Spark build takes
minutes per model in staging).
"""
from __future__ import annotations

import argparse
import csv
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Iterator, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import generate_events as gen  # noqa: E402
from tests.lw.dbt_runner import PROJECT_DIR, Warehouse  # noqa: E402

REFERENCE_PYTHON = PROJECT_DIR / ".reference" / "venv" / "bin" / "python"
REFERENCE_RUNNER = Path(__file__).resolve().parent / "_bench_reference.py"
DEFAULT_RESULTS = PROJECT_DIR / "docs" / "benchmarks" / "results.csv"
# one row per run and engine; empty where a figure was not measured (Spark has no floor, a --traversal-only run no
# build)
RESULT_COLUMNS = ["recorded_at", "commit", "events", "engine", "full_run_s", "incremental_run_s",
                  "build_with_tests_s", "floor_s", "peak_rss_mb", "traversal_ms", "parity", "command", "machine",
                  "versions", "explorer_mb", "explorer_first_view_ms", "warehouse_mb"]
TRAVERSAL_RUNS = 5
RSS_POLL_S = 0.5  # how often timed_dbt reads its dbt command's peak RSS
CHILD_PEAK_MB = [0.0]  # the largest peak RSS of the dbt commands timed so far (MB)
EXPLORER_RUNS = 3


def log(message: str) -> None:
    """Progress on stderr."""
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


@dataclass
class Row:
    label: str
    value: str


@dataclass
class Results:
    rows: list[Row] = field(default_factory=list)
    floor: float | None = None
    reference: float | None = None
    incremental: float | None = None
    traversal_ms: float | None = None
    # the figures of the results file, per engine ({"duckdb": {"full_run_s": 12.3, ...}, "spark": {...}})
    figures: dict[str, dict[str, float | str]] = field(default_factory=dict)

    def figure(self, engine: str, name: str, value: float | str) -> None:
        self.figures.setdefault(engine, {})[name] = value

    def add(self, label: str, value: str) -> None:
        self.rows.append(Row(label, value))
        log(f"{label}: {value}")

    def ratios_line(self) -> str:
        def fmt(value: float | None, digits: int = 2) -> str:
            return "n/a" if value is None else f"{value:.{digits}f}"
        return (f"ratios: floor={fmt(self.floor)} reference={fmt(self.reference)} "
                f"incremental={fmt(self.incremental)} traversal_ms={fmt(self.traversal_ms, 1)}")

    def table(self) -> str:
        width = max(len(r.label) for r in self.rows)
        lines = [f"| {'metric'.ljust(width)} | value |", f"|{'-' * (width + 2)}|-------|"]
        lines += [f"| {r.label.ljust(width)} | {r.value} |" for r in self.rows]
        return "\n".join(lines)


# ----------------------------------------------------------------------------------------------------------
# Machine and versions
# ----------------------------------------------------------------------------------------------------------

def cpu_model() -> str:
    """The CPU model name from /proc/cpuinfo (or platform.processor())."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def ram_gb() -> float:
    """Total RAM in GB from /proc/meminfo."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) / 1024 / 1024
    except OSError:
        pass
    return 0.0


def versions() -> str:
    """Python, dbt-core, dbt-duckdb and duckdb versions."""
    from importlib.metadata import PackageNotFoundError, version

    parts = [f"Python {platform.python_version()}"]
    for package in ("dbt-core", "dbt-duckdb", "duckdb"):
        try:
            parts.append(f"{package} {version(package)}")
        except PackageNotFoundError:
            parts.append(f"{package} ?")
    return ", ".join(parts)


def machine() -> str:
    return f"{os.cpu_count()} cores, {ram_gb():.1f} GB RAM, {cpu_model()}"


# ----------------------------------------------------------------------------------------------------------
# Steps
# ----------------------------------------------------------------------------------------------------------

def generate(events: int, seed: int, out_dir: Path, start: str = gen.DEFAULT_START,
             prefix: str | None = None) -> tuple[dict, float]:
    """Generate events into out_dir; returns (manifest, seconds)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    began = time.perf_counter()
    manifest = gen.generate(gen.GeneratorConfig(events, seed, out_dir, start=start, prefix=prefix),
                            gen.stderr_progress(events))
    return manifest, time.perf_counter() - began


def timed_dbt(warehouse: Warehouse, args: list[str], events_glob: str) -> float:
    """Seconds of one dbt command (raises when it fails); its peak RSS joins peak_child_rss_mb's."""
    began = time.perf_counter()
    with children_rss_watched():
        warehouse.dbt(args, events=events_glob)
    return time.perf_counter() - began


def file_mb(path: Path) -> float:
    """The size of a file (the warehouse's), in MB."""
    return path.stat().st_size / 2**20


def slowest_models(warehouse: Warehouse, keep_as: Path, top: int = 6) -> str:
    """The last dbt command's slowest models ("name 12.3 s, ..."); its run_results.json is kept as `keep_as`."""
    results_file = warehouse.root / "target" / "run_results.json"
    shutil.copyfile(results_file, keep_as)
    timings = sorted(((r["execution_time"], r["unique_id"].split(".")[-1])
                      for r in json.loads(results_file.read_text())["results"]), reverse=True)
    return ", ".join(f"{name} {seconds:.1f} s" for seconds, name in timings[:top])


def children_peak_rss_mb() -> float:
    """The largest peak resident set (VmHWM) among this process's running children, in MB (0 when none)."""
    peaks = [0.0]
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            if parent == os.getpid():
                status = (stat.parent / "status").read_text()
                peaks += [int(line.split()[1]) / 1024 for line in status.splitlines() if line.startswith("VmHWM:")]
        except (OSError, IndexError, ValueError):  # a process that ended while it was read
            continue
    return max(peaks)


@contextmanager
def children_rss_watched() -> Iterator[None]:
    """While the block runs, record its children's peak RSS into CHILD_PEAK_MB every RSS_POLL_S seconds (VmHWM
    only grows, so a poll misses at most the growth of a command's last interval)."""
    stop = threading.Event()

    def watch() -> None:
        while not stop.wait(RSS_POLL_S):
            CHILD_PEAK_MB[0] = max(CHILD_PEAK_MB[0], children_peak_rss_mb())

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    try:
        yield
    finally:
        stop.set()
        watcher.join()


def peak_child_rss_mb() -> float:
    """The largest peak RSS of the dbt commands timed so far (timed_dbt), in MB. Each is the command's own resident
    set: Linux's RUSAGE_CHILDREN figure would also hold this process's own set at the moment it started one."""
    if not Path("/proc/self/status").exists():  # no procfs: the kernel's figure
        return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return CHILD_PEAK_MB[0]


def floor_seconds(events_glob: str, db_path: Path) -> tuple[float, int, int]:
    """DuckDB's read + parse + unnest + materialise of the files: (seconds, events, io rows)."""
    import duckdb

    if db_path.exists():
        db_path.unlink()
    con = duckdb.connect(str(db_path))
    try:
        began = time.perf_counter()
        con.execute(f"""
            create table floor_events as
            select
                json_extract_string(json, '$.run.runId') as run_id,
                try_cast(json_extract_string(json, '$.eventTime') as timestamptz) as event_time,
                json_extract_string(json, '$.eventType') as event_type,
                json_extract_string(json, '$.job.namespace') as job_namespace,
                json_extract_string(json, '$.job.name') as job_name,
                json
            from read_ndjson_objects('{events_glob}', ignore_errors = true)
            where json is not null
        """)
        con.execute("""
            create table floor_io as
            select run_id, event_time, io_kind,
                   json_extract_string(entry, '$.namespace') as namespace,
                   json_extract_string(entry, '$.name') as name
            from (
                select run_id, event_time, 'INPUT' as io_kind, unnest(json_extract(json, '$.inputs[*]')) as entry
                from floor_events
                union all
                select run_id, event_time, 'OUTPUT', unnest(json_extract(json, '$.outputs[*]'))
                from floor_events
            )
        """)
        seconds = time.perf_counter() - began
        events = con.execute("select count(*) from floor_events").fetchone()[0]
        io_rows = con.execute("select count(*) from floor_io").fetchone()[0]
        return seconds, events, io_rows
    finally:
        con.close()


def run_reference(events_glob: str) -> tuple[dict | None, str]:
    """The reference's extraction stats, or (None, reason)."""
    if not REFERENCE_PYTHON.exists():
        return None, "no .reference/venv (see docs/benchmarks.md to install data-rentgen==0.7.2)"
    proc = subprocess.run([str(REFERENCE_PYTHON), str(REFERENCE_RUNNER), "--events", events_glob],
                          capture_output=True, text=True, cwd=PROJECT_DIR)
    if proc.returncode != 0:
        tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        return None, f"reference runner failed: {tail[:200]}"
    try:
        return json.loads(proc.stdout.strip().splitlines()[-1]), ""
    except (ValueError, IndexError):
        return None, "reference runner printed no result"


def busiest_dataset(warehouse: Warehouse) -> tuple[str, int]:
    """The dataset with the most input + output rows."""
    rows = warehouse.query("""
        select dataset_id, count(*) as io_rows
        from (select dataset_id from marts.inputs union all select dataset_id from marts.outputs) as io
        group by dataset_id order by io_rows desc, dataset_id limit 1""")
    return rows[0][0], rows[0][1]


def traversal_sql(warehouse: Warehouse, dataset_id: str, events_glob: str) -> tuple[str, str]:
    """(SQL, label): the compiled `lineage_traverse` macro if the project has it, else an equivalent query."""
    if (PROJECT_DIR / "macros" / "lineage" / "lineage_traverse.sql").exists():
        call = "{{ lineage_traverse('DATASET', '%s', direction='BOTH', depth=10) }}" % dataset_id
        proc = warehouse.dbt(["compile", "--quiet", "--output", "json", "--inline", call], events=events_glob,
                             check=False, show_log=False)
        if proc.returncode == 0:
            try:
                return json.loads(proc.stdout)["compiled"], "lineage_traverse macro (compiled), BOTH"
            except (ValueError, KeyError):
                pass
        log("lineage_traverse did not compile; using the fallback recursive query")
    sql = f"""
        with recursive edges as (
            select distinct i.dataset_id as source_id, o.dataset_id as target_id
            from marts.inputs as i join marts.outputs as o on i.operation_id = o.operation_id
            where i.dataset_id != o.dataset_id
        ),
        down(dataset_id, depth) as (
            select '{dataset_id}', 0
            union
            select e.target_id, d.depth + 1 from down as d join edges as e on e.source_id = d.dataset_id
            where d.depth < 10
        ),
        up(dataset_id, depth) as (
            select '{dataset_id}', 0
            union
            select e.source_id, u.depth + 1 from up as u join edges as e on e.target_id = u.dataset_id
            where u.depth < 10
        )
        select dataset_id, min(depth) from (select * from down union all select * from up) group by dataset_id
    """
    return sql, "recursive SQL on marts.inputs/outputs (macro missing), BOTH"


def time_query(db_path: Path, sql: str, runs: int = TRAVERSAL_RUNS) -> tuple[float, int]:
    """Median milliseconds of `runs` executions and the row count."""
    import duckdb

    con = duckdb.connect(str(db_path), read_only=True)
    try:
        con.execute("set TimeZone = 'UTC'")
        timings, count = [], 0
        for _ in range(runs):
            began = time.perf_counter()
            count = len(con.execute(sql).fetchall())
            timings.append((time.perf_counter() - began) * 1000)
        return statistics.median(timings), count
    finally:
        con.close()


class SparkBuild(NamedTuple):
    full: float  # seconds of the `dbt run` of the generated events
    full_slowest: str
    incremental: float  # seconds of the `dbt run` that lands the +1 %
    incremental_slowest: str
    parity: str


def spark_build(base_glob: str, events_glob: str, workdir: Path, duck: Warehouse) -> SparkBuild:
    """On Spark, as on DuckDB: `dbt run` of the generated events (`base_glob`), then the incremental `dbt run`
    that lands the +1 % (`events_glob`, every file); then the parity of the marts with the DuckDB warehouse,
    which holds the same files, compared inside DuckDB from the Spark tables' Parquet files (tests/lw/file_parity.py:
    at 1 M events the rows of both engines do not fit in memory). The seeds are loaded first, untimed."""
    from tests.lw.file_parity import compare_schema_with_spark_files

    spark = Warehouse(workdir / "spark_wh", target="spark", show_log=True)
    timed_dbt(spark, ["seed"], base_glob)
    full = timed_dbt(spark, ["run"], base_glob)
    full_slowest = slowest_models(spark, workdir / "spark_run_results_full.json")
    incremental = timed_dbt(spark, ["run"], events_glob)
    incremental_slowest = slowest_models(spark, workdir / "spark_run_results_incremental.json")
    _, lines = compare_schema_with_spark_files(duck.duckdb_path, spark.spark_dir / "warehouse", "marts",
                                               temp_dir=workdir / "parity_tmp")
    return SparkBuild(full, full_slowest, incremental, incremental_slowest, lines[-1].removeprefix("engine parity: "))


# ----------------------------------------------------------------------------------------------------------
# Driver
# ----------------------------------------------------------------------------------------------------------

def later_start(manifest: dict) -> str:
    """A start time one minute after the last event of a manifest."""
    last = datetime.fromisoformat(manifest["time_range"]["last"].replace("Z", "+00:00"))
    return (last + timedelta(minutes=1)).astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def measure_traversal(results: Results, warehouse: Warehouse, events_glob: str) -> None:
    """Time the depth-10 traversal from the busiest dataset on a built warehouse."""
    log("depth-10 dataset lineage traversal from the busiest dataset")
    dataset_id, io_count = busiest_dataset(warehouse)
    sql, label = traversal_sql(warehouse, dataset_id, events_glob)
    median_ms, rows = time_query(warehouse.duckdb_path, sql)
    results.add(f"traversal: {label}",
                f"{median_ms:.1f} ms median of {TRAVERSAL_RUNS} ({rows:,} rows, start has {io_count} io rows)")
    results.traversal_ms = median_ms
    results.figure("duckdb", "traversal_ms", round(median_ms, 1))


def measure_explorer(results: Results, warehouse: Warehouse, workdir: Path) -> None:
    """Write the explorer's file from the built warehouse (default window) and time its first view: a fresh page
    load in headless Chromium, from navigation start to the end of the first render (median of EXPLORER_RUNS)."""
    import duckdb

    import explorer_browser
    from lineage_warehouse import explorer

    log("lineage explorer: write the HTML file, time its first view in headless Chromium")
    page = workdir / "lineage_explorer.html"
    began = time.perf_counter()
    con = explorer.open_duckdb(warehouse.duckdb_path)
    try:
        size = explorer.write(con, page, "bench", explorer.DEFAULT_WINDOW_DAYS, explorer.DEFAULT_MAX_RUNS)
    finally:
        con.close()
    written = time.perf_counter() - began
    with duckdb.connect(str(warehouse.duckdb_path), read_only=True) as con:
        runs = con.execute("select count(*) from marts.runs").fetchone()[0]
    driver = explorer_browser.chromium()
    try:
        times = []
        for _ in range(EXPLORER_RUNS):
            driver.get("about:blank")
            times.append(explorer_browser.open_view(driver, page, timeout_s=120))
        nodes = len(driver.find_elements("css selector", "#shown-nodes tbody tr"))
        window = driver.execute_script("return window.lineageExplorer.data.window")
    finally:
        driver.quit()
    results.add("explorer: HTML file (MB, budget 25)",
                f"{size / 1e6:.1f} (written in {written:.1f} s; RUN/OPERATION window {window['runs_in_window']:,} "
                f"of {runs:,} runs, {explorer.DEFAULT_WINDOW_DAYS:g} days, at most {explorer.DEFAULT_MAX_RUNS:,})")
    results.add("explorer: first view in headless Chromium (ms, budget 2000)",
                f"{statistics.median(times):.0f} median of {EXPLORER_RUNS} ({nodes} nodes shown)")
    results.figure("duckdb", "explorer_mb", round(size / 1e6, 1))
    results.figure("duckdb", "explorer_first_view_ms", round(statistics.median(times)))


def traversal_only(args: argparse.Namespace) -> Results:
    """Re-time the traversal on the warehouse an earlier run left in --workdir (the other ratios are n/a)."""
    workdir: Path = args.workdir.resolve()
    warehouse = Warehouse(workdir / "duckdb_wh", show_log=True)
    if not warehouse.duckdb_path.exists():
        raise SystemExit(f"--traversal-only: no warehouse at {warehouse.duckdb_path}; run the benchmark first")
    results = Results()
    results.add("warehouse reused from", str(warehouse.duckdb_path))
    measure_traversal(results, warehouse, f"{workdir / 'events'}/*.jsonl")
    return results


def run_benchmark(args: argparse.Namespace) -> Results:
    if args.traversal_only:
        return traversal_only(args)
    results = Results()
    workdir: Path = args.workdir.resolve()
    if workdir.exists():
        shutil.rmtree(workdir)
    events_dir = workdir / "events"
    events_glob = f"{events_dir}/*.jsonl"

    log(f"generating {args.events:,} events (seed {args.seed}) into {events_dir}")
    manifest, gen_seconds = generate(args.events, args.seed, events_dir)
    megabytes = manifest["sizes"]["bytes_total"] / 1e6
    results.add("events (lines)", f"{args.events:,} ({megabytes:,.1f} MB, mean {manifest['sizes']['mean']:,.0f} B)")
    results.add("generator", f"{gen_seconds:.1f} s ({args.events / gen_seconds:,.0f} lines/s)")

    log("full dbt run on a fresh DuckDB file")
    warehouse = Warehouse(workdir / "duckdb_wh", show_log=True)
    seeds = timed_dbt(warehouse, ["seed"], events_glob)  # the two small seeds; `dbt run` needs them
    full = timed_dbt(warehouse, ["run"], events_glob)
    rss = peak_child_rss_mb()
    results.add("dbt seed before the build, not in F (s)", f"{seeds:.1f}")
    results.add("full build: dbt run, all models (s)", f"{full:.1f}")
    results.figure("duckdb", "full_run_s", round(full, 1))
    results.figure("duckdb", "peak_rss_mb", round(rss))
    results.add("  end-to-end events/s, MB/s", f"{args.events / full:,.0f} events/s, {megabytes / full:.2f} MB/s")
    results.add("  peak RSS of dbt (MB)", f"{rss:,.0f}")
    results.add("  slowest models", slowest_models(warehouse, workdir / "run_results_full.json"))

    if not args.no_build_tests:
        log("dbt build (models + tests) on another fresh DuckDB file")
        try:
            built = timed_dbt(Warehouse(workdir / "duckdb_build", show_log=True), ["build"], events_glob)
            results.add("dbt build incl. tests, fresh file (s)", f"{built:.1f}")
            results.figure("duckdb", "build_with_tests_s", round(built, 1))
        except RuntimeError as error:
            reason = next((line.strip() for line in str(error).splitlines() if "Error" in line), "dbt failed")
            results.add("dbt build incl. tests, fresh file (s)", f"failed ({reason[:160]})")
        shutil.rmtree(workdir / "duckdb_build", ignore_errors=True)  # only timed; free the disk

    log("physical floor: DuckDB read + parse + unnest + materialise")
    floor, floor_events, io_rows = floor_seconds(events_glob, workdir / "floor.duckdb")
    results.add("floor: duckdb read_ndjson_objects + unnest (s)", f"{floor:.2f} ({floor_events:,} events, {io_rows:,} io rows)")
    results.floor = full / floor
    results.figure("duckdb", "floor_s", round(floor, 2))
    (workdir / "floor.duckdb").unlink(missing_ok=True)

    if args.with_reference:
        log("reference extraction (Data.Rentgen 0.7.2)")
        stats, reason = run_reference(events_glob)
        if stats is None:
            results.add("reference", f"skipped ({reason})")
            print(f"reference: skipped ({reason})", file=sys.stderr)
        else:
            results.add("reference extraction (parse + extract, no DB)",
                        f"{stats['seconds']:.1f} s, {stats['events_per_s']:,.0f} events/s "
                        f"({stats['parsed']:,} parsed, {stats['malformed']} malformed, "
                        f"{stats['crashed_batches']} crashed batches)")
            results.reference = (args.events / full) / stats["events_per_s"]
    else:
        results.add("reference", "skipped (run with --with-reference)")

    extra = max(1, args.events // 100)
    log(f"incremental: landing {extra:,} more events")
    generate(extra, args.seed + 1000, events_dir, start=later_start(manifest), prefix=f"events-inc-s{args.seed}")
    incremental = timed_dbt(warehouse, ["run"], events_glob)
    results.add(f"incremental dbt run after +{extra:,} events (s)", f"{incremental:.1f}")
    results.add("  slowest models", slowest_models(warehouse, workdir / "run_results_incremental.json"))
    results.incremental = incremental / full
    results.figure("duckdb", "incremental_run_s", round(incremental, 1))
    warehouse_mb = file_mb(warehouse.duckdb_path)
    results.add("  warehouse file after it (MB)", f"{warehouse_mb:,.1f}")
    results.figure("duckdb", "warehouse_mb", round(warehouse_mb, 1))

    measure_traversal(results, warehouse, events_glob)
    measure_explorer(results, warehouse, workdir)

    if args.spark:
        log("Spark build and engine parity")
        spark = spark_build(f"{events_dir}/events-s{args.seed}-*.jsonl", events_glob, workdir, warehouse)
        results.add("spark: dbt run, all models (s)", f"{spark.full:.1f}")
        results.add("  slowest models", spark.full_slowest)
        results.add(f"spark: incremental dbt run after +{extra:,} events (s)",
                    f"{spark.incremental:.1f} (I = {spark.incremental / spark.full:.3f})")
        results.add("  slowest models", spark.incremental_slowest)
        results.add("spark: engine parity", spark.parity)
        results.figure("spark", "full_run_s", round(spark.full, 1))
        results.figure("spark", "incremental_run_s", round(spark.incremental, 1))
        results.figure("spark", "parity", spark.parity)
    return results


def commit() -> str:
    """The project's commit (short hash, `+` when the tree has changes), or '' outside git."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=PROJECT_DIR, capture_output=True,
                              text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=PROJECT_DIR,
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""
    return head + ("+" if dirty else "")


def command_line(args: argparse.Namespace) -> str:
    return (f"scripts/bench.py --events {args.events} --seed {args.seed}"
            f"{' --with-reference' if args.with_reference else ''}{' --spark' if args.spark else ''}"
            f"{' --traversal-only' if args.traversal_only else ''}")


def append_results(path: Path, args: argparse.Namespace, results: Results) -> None:
    """Append one CSV row per engine measured (RESULT_COLUMNS; the header when the file is new)."""
    base = {"recorded_at": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"), "commit": commit(),
            "events": args.events, "command": command_line(args), "machine": machine(), "versions": versions()}
    append_csv_rows(path, RESULT_COLUMNS, [{**base, "engine": engine, **figures}
                                           for engine, figures in results.figures.items()])


def append_csv_rows(path: Path, columns: list[str], rows: list[dict]) -> None:
    """Append rows to a CSV of these columns (a column a row lacks is empty; the header when the file is new)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    new = not path.exists() or path.stat().st_size == 0
    with path.open("a", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=columns)
        if new:
            writer.writeheader()
        for row in rows:
            writer.writerow({**{name: "" for name in columns}, **row})


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, required=True, help="number of generated lines")
    parser.add_argument("--seed", type=int, default=1, help="generator seed (default 1)")
    parser.add_argument("--spark", action="store_true",
                        help="also build on Spark (full, then the +1 %% incrementally) and compare the marts")
    parser.add_argument("--with-reference", action="store_true",
                        help="time the reference consumer's extraction (.reference/venv)")
    parser.add_argument("--workdir", type=Path, default=PROJECT_DIR / ".lw_tmp" / "bench",
                        help="work folder, emptied first (default .lw_tmp/bench)")
    parser.add_argument("--results-file", type=Path, default=DEFAULT_RESULTS,
                        help="CSV file the figures are appended to (default docs/benchmarks/results.csv)")
    parser.add_argument("--no-build-tests", action="store_true", help="skip the extra `dbt build` with tests")
    parser.add_argument("--traversal-only", action="store_true",
                        help="only re-time the traversal on the warehouse an earlier run left in --workdir "
                             "(after a change to lineage_traverse; --events is only recorded)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    results = run_benchmark(args)
    append_results(args.results_file, args, results)
    print(f"machine: {machine()}")
    print(f"versions: {versions()}")
    print(results.table())
    print(results.ratios_line())
    return 0


if __name__ == "__main__":
    sys.exit(main())
