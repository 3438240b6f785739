"""scripts/bench.py on 2,000 events (DuckDB only, no reference, no Spark): the table, the ratios line and the CSV rows it
appends (docs/benchmarks/results.csv by default); scripts/plot_benchmarks.py draws a PNG from such a file."""
from __future__ import annotations

import csv
import re
import subprocess
import sys
from pathlib import Path

PROJECT_DIR = Path(__file__).resolve().parents[1]
RATIOS = re.compile(
    r"^ratios: floor=(?P<F>\d+\.\d+) reference=(?P<R>n/a|\d+\.\d+) "
    r"incremental=(?P<I>\d+\.\d+) traversal_ms=(?P<T>\d+\.\d+)$")


def test_bench_prints_ratios_and_appends_results(tmp_path: Path) -> None:
    results = tmp_path / "results.csv"
    docs = PROJECT_DIR / "docs" / "benchmarks" / "results.csv"
    before = docs.read_text() if docs.exists() else None
    proc = subprocess.run(
        [sys.executable, str(PROJECT_DIR / "scripts" / "bench.py"), "--events", "2000", "--seed", "3",
         "--workdir", str(tmp_path / "work"), "--results-file", str(results), "--no-build-tests"],
        cwd=PROJECT_DIR, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-4000:]
    # progress per model (issue 18, "no silent minutes"): dbt's line for each model as it is built, on stderr
    assert re.search(r"\d+ of \d+ OK created sql \w+ model staging\.stg_events ", proc.stderr), proc.stderr[-2000:]
    last = proc.stdout.strip().splitlines()[-1]
    match = RATIOS.match(last)
    assert match, last
    assert match["R"] == "n/a"
    assert float(match["F"]) > 0 and float(match["I"]) > 0 and float(match["T"]) > 0
    assert "lineage_traverse macro (compiled)" in proc.stdout  # the project's macro was timed, not the fallback
    (row,) = read_rows(results)
    assert row["engine"] == "duckdb" and row["events"] == "2000" and "--events 2000" in row["command"]
    assert "cores" in row["machine"] and "duckdb" in row["versions"]
    assert float(row["full_run_s"]) > 0 and float(row["incremental_run_s"]) > 0 and float(row["floor_s"]) > 0
    # the CSV holds the figures the ratios line is made of
    assert abs(float(row["incremental_run_s"]) / float(row["full_run_s"]) - float(match["I"])) < 0.02
    assert abs(float(row["traversal_ms"]) - float(match["T"])) < 0.11
    assert (docs.read_text() if docs.exists() else None) == before  # the results went to --results-file only
    # issue 52: the lineage explorer's size and first view are measured rows, not a timed test, and figures of the row
    text = proc.stdout
    assert float(row["explorer_mb"]) > 0 and float(row["explorer_first_view_ms"]) > 0
    # issue 56: the warehouse file's size after the incremental run, in the row and in the table
    assert float(row["warehouse_mb"]) > 0
    assert re.search(r"\|   warehouse file after it \(MB\) +\| [\d,]+\.\d ", text), text
    assert re.search(r"\| explorer: HTML file \(MB, budget 25\) +\| \d+\.\d \(written in", text), text
    assert re.search(r"\| explorer: first view in headless Chromium \(ms, budget 2000\) +\| \d+ median of 3 "
                     r"\([1-9]\d* nodes shown\)", text), text

    # --traversal-only re-times the traversal on the warehouse left in --workdir, and only that
    again = subprocess.run(
        [sys.executable, str(PROJECT_DIR / "scripts" / "bench.py"), "--events", "2000", "--traversal-only",
         "--workdir", str(tmp_path / "work"), "--results-file", str(results)],
        cwd=PROJECT_DIR, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stderr[-4000:]
    only = re.match(r"^ratios: floor=n/a reference=n/a incremental=n/a traversal_ms=(\d+\.\d+)$",
                    again.stdout.strip().splitlines()[-1])
    assert only and float(only[1]) > 0, again.stdout[-500:]
    first, second = read_rows(results)  # appended: the header once, one more row
    assert first == row and "--traversal-only" in second["command"]
    assert abs(float(second["traversal_ms"]) - float(only[1])) < 0.11 and second["full_run_s"] == ""

    # the plot script draws a PNG from the results file
    png = tmp_path / "plot.png"
    plot = subprocess.run([sys.executable, str(PROJECT_DIR / "scripts" / "plot_benchmarks.py"), "--results",
                           str(results), "--out", str(png)], capture_output=True, text=True, timeout=120)
    assert plot.returncode == 0, plot.stderr[-2000:]
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and "plotted 1 runs" in plot.stdout


def read_rows(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as handle:
        return list(csv.DictReader(handle))


def test_bench_help() -> None:
    proc = subprocess.run([sys.executable, str(PROJECT_DIR / "scripts" / "bench.py"), "--help"],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and "--with-reference" in proc.stdout and "--results-file" in proc.stdout


def test_bench_scale_measures_each_size_and_plots_the_newest_commit(tmp_path: Path) -> None:
    """Issue 56: scripts/bench_scale.py measures a size (full run, a run with nothing new, an incremental run after
    the fixed batch, the traversal, the peak RSS, the warehouse file's size and its largest tables) into one CSV row,
    with the peak RSS of the runs alone and the slowest models of the run with nothing new, and plots the rows of the
    newest commit only."""
    results = tmp_path / "scale.csv"
    columns = ["recorded_at", "commit", "events", "increment", "full_run_s", "noop_run_s", "incremental_run_s",
               "build_with_tests_s", "traversal_ms", "peak_rss_mb", "runs_peak_rss_mb", "warehouse_mb",
               "largest_tables", "noop_slowest_models", "machine", "versions"]
    with results.open("w", newline="") as handle:  # an older commit's row, which the plot must leave out
        writer = csv.DictWriter(handle, fieldnames=columns)
        writer.writeheader()
        writer.writerow({**{c: "" for c in columns}, "recorded_at": "2000-01-01T00:00:00Z", "commit": "0000000",
                         "events": "999", "full_run_s": "1.0"})
    png = tmp_path / "scale.png"
    proc = subprocess.run(
        [sys.executable, str(PROJECT_DIR / "scripts" / "bench_scale.py"), "--sizes", "1500", "--increment", "200",
         "--workdir", str(tmp_path / "work"), "--results-file", str(results), "--plot", str(png),
         "--no-build-tests"], cwd=PROJECT_DIR, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-4000:]
    old, row = read_rows(results)
    assert old["commit"] == "0000000" and row["events"] == "1500" and row["increment"] == "200"
    for figure in ("full_run_s", "noop_run_s", "incremental_run_s", "traversal_ms", "peak_rss_mb", "runs_peak_rss_mb",
                   "warehouse_mb"):
        assert float(row[figure]) > 0, (figure, row)
    assert float(row["runs_peak_rss_mb"]) <= float(row["peak_rss_mb"]), row
    slowest = [entry.rsplit(" ", 2) for entry in row["noop_slowest_models"].split(", ")]
    model_names = {path.stem for path in (PROJECT_DIR / "models").rglob("*.sql")}
    assert len(slowest) == 6 and all(name in model_names and unit == "s" and float(seconds) >= 0
                                     for name, seconds, unit in slowest), row
    largest = [entry.rsplit(":", 1) for entry in row["largest_tables"].split()]
    assert len(largest) == 4 and all("." in name and float(mb) >= 0 for name, mb in largest), row
    assert [float(mb) for _, mb in largest] == sorted((float(mb) for _, mb in largest), reverse=True), row
    assert float(largest[0][1]) <= float(row["warehouse_mb"]), row
    assert row["build_with_tests_s"] == "" and "cores" in row["machine"]
    assert not (tmp_path / "work").exists()  # a size's files are gone once it is measured
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and "plotted 1 sizes" in proc.stdout


def test_warehouse_storage_help() -> None:
    proc = subprocess.run([sys.executable, str(PROJECT_DIR / "scripts" / "warehouse_storage.py"), "--help"],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and "--top" in proc.stdout and "pragma_storage_info" in proc.stdout


def test_bench_scale_help() -> None:
    proc = subprocess.run([sys.executable, str(PROJECT_DIR / "scripts" / "bench_scale.py"), "--help"],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and "--sizes" in proc.stdout and "--increment" in proc.stdout


def test_bench_peak_rss_is_the_commands_own() -> None:
    """scripts/bench.py's peak RSS of a command is the command's own resident set: a parent holding 600 MB when it
    starts a child of 100 MB records about 100 MB (Linux's RUSAGE_CHILDREN would record the parent's 600 MB)."""
    script = f"""
import subprocess, sys
sys.path.insert(0, {str(PROJECT_DIR / "scripts")!r})
import bench
held = bytearray(600 * 2**20)
held[::4096] = b"x" * len(held[::4096])
child = "grown = bytearray(100 * 2**20); grown[::4096] = b'x' * len(grown[::4096]); import time; time.sleep(1.5)"
with bench.children_rss_watched():
    subprocess.run([sys.executable, "-c", child], check=True)
print(bench.peak_child_rss_mb())
"""
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert 100 <= float(proc.stdout.strip().splitlines()[-1]) < 400, proc.stdout
