"""Draw docs/benchmarks/build_time.png from docs/benchmarks/results.csv: the full `dbt run` time (solid) and the
incremental run after +1 % (dashed) against the number of events, one colour per engine, from the latest run of
each engine at each size. Needs matplotlib (requirements-dev.txt).

Usage: scripts/plot_benchmarks.py [--results CSV] [--out PNG]
"""
from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path
from typing import Any

PROJECT_DIR = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from lineage_warehouse.version import version_argument  # noqa: E402

COLOURS = {"duckdb": "#d4a017", "spark": "#e25a1c"}


def latest_per_size(rows: list[dict[str, str]]) -> dict[str, dict[int, dict[str, str]]]:
    """{engine: {events: the latest row}} of the rows that have a full run time."""
    latest: dict[str, dict[int, dict[str, str]]] = {}
    for row in sorted(rows, key=lambda r: r["recorded_at"]):
        if row.get("full_run_s"):
            latest.setdefault(row["engine"], {})[int(row["events"])] = row
    return latest


def plot(results: Path, out: Path) -> int:
    import matplotlib

    matplotlib.use("Agg")  # no display
    import matplotlib.pyplot as plt

    with results.open(newline="", encoding="utf-8") as handle:
        series = latest_per_size(list(csv.DictReader(handle)))
    figure, axes = plt.subplots(figsize=(7, 4.2), dpi=110)
    for engine, by_size in sorted(series.items()):
        sizes = sorted(by_size)
        colour = COLOURS.get(engine)
        axes.plot(sizes, [float(by_size[n]["full_run_s"]) for n in sizes], "o-", color=colour,
                  label=f"{engine}: full build")
        incremental = [n for n in sizes if by_size[n].get("incremental_run_s")]
        axes.plot(incremental, [float(by_size[n]["incremental_run_s"]) for n in incremental], "s--",
                  color=colour, label=f"{engine}: incremental run after +1 %")
    save_log_log(figure, axes, out, "dbt run time (s)", "Build time against events (latest run per engine and size)")
    return sum(len(by_size) for by_size in series.values())


def save_log_log(figure: Any, axes: Any, out: Path, ylabel: str, title: str) -> None:
    """Finish a plot of seconds against events on log-log axes (labels, grid, legend) and write it as a PNG."""
    import matplotlib.pyplot as plt

    axes.set_xscale("log")
    axes.set_yscale("log")
    axes.set_xlabel("events (lines)")
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    axes.grid(True, which="both", alpha=0.3)
    axes.legend(fontsize=8)
    figure.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(out, metadata={"Software": None})
    plt.close(figure)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--results", type=Path, default=PROJECT_DIR / "docs" / "benchmarks" / "results.csv")
    parser.add_argument("--out", type=Path, default=PROJECT_DIR / "docs" / "benchmarks" / "build_time.png")
    parser.add_argument("--version", **version_argument())
    args = parser.parse_args(argv)
    points = plot(args.results, args.out)
    print(f"plotted {points} runs into {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
