"""A PNG of one lineage explorer view (scripts/explorer.py, docs/explorer.md), for a ticket or a document.

Writes the explorer's HTML file for the warehouse into a temporary folder, opens it in headless Chromium at the view
given (the same URL fragment a link to the explorer carries) and saves a screenshot. With --tables, also writes the
nodes and edges drawn (the page's text view, tables shown-nodes and shown-edges) as tab-separated text.

Examples:
  scripts/lineage_graph.py --node dataset:food_delivery/public.orders --direction UPSTREAM --depth 3 --out orders.png
  scripts/lineage_graph.py --warehouse lineage.duckdb --node job:spark://spark-master:7077/ingest_orders \\
      --granularity JOB --out ingest.png --tables ingest.tsv
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
import explorer_browser  # noqa: E402
from lineage_warehouse import explorer  # noqa: E402
from lineage_warehouse.version import version_argument  # noqa: E402


def fragment(node: str, granularity: str | None, direction: str, depth: int, symlinks: str) -> str:
    parts = {"node": node, "direction": direction, "depth": str(depth)}
    if granularity:
        parts["granularity"] = granularity
    if symlinks == "merged":
        parts["symlinks"] = "merged"
    return "&".join(f"{name}={urllib.parse.quote(value, safe=':/')}" for name, value in parts.items())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", **version_argument())
    parser.add_argument("--warehouse", "--duckdb", type=Path, default=None,
                        help="a DuckDB warehouse file (default: the BI copy, as scripts/explorer.py)")
    parser.add_argument("--node", required=True,
                        help="dataset:<namespace>/<name>, job:<namespace>/<name>, run:<run id> or operation:<id>")
    parser.add_argument("--granularity", choices=["JOB", "DATASET", "RUN", "OPERATION"],
                        help="default: DATASET from a dataset, the node's own grain otherwise")
    parser.add_argument("--direction", default="BOTH", choices=["UPSTREAM", "DOWNSTREAM", "BOTH"])
    parser.add_argument("--depth", type=int, default=2, choices=range(1, 11), metavar="1-10")
    parser.add_argument("--symlinks", default="linked", choices=["linked", "merged"])
    parser.add_argument("--window-days", type=float, default=explorer.DEFAULT_WINDOW_DAYS,
                        help="RUN and OPERATION grain window (scripts/explorer.py)")
    parser.add_argument("--width", type=int, default=1500)
    parser.add_argument("--height", type=int, default=950)
    parser.add_argument("--out", type=Path, default=Path("lineage_graph.png"),
                        help="the PNG (default: ./lineage_graph.png)")
    parser.add_argument("--tables", type=Path, default=None, help="also write the nodes and edges drawn here (TSV)")
    args = parser.parse_args(argv)
    warehouse = args.warehouse or explorer.default_warehouse()
    con = explorer.open_duckdb(warehouse)
    with tempfile.TemporaryDirectory(prefix="lineage_graph-") as work:
        page = Path(work) / "lineage_explorer.html"
        try:
            explorer.write(con, page, f"DuckDB {warehouse.name}", args.window_days, explorer.DEFAULT_MAX_RUNS)
        finally:
            con.close()
        driver = explorer_browser.chromium(args.width, args.height)
        try:
            explorer_browser.open_view(driver, page, fragment(args.node, args.granularity, args.direction, args.depth,
                                                             args.symlinks))
            message = driver.execute_script("var m = document.getElementById('message');"
                                            " return m.hidden ? '' : m.textContent")
            nodes, edges = explorer_browser.shown_tables(driver)
            args.out.parent.mkdir(parents=True, exist_ok=True)
            driver.save_screenshot(str(args.out))
        finally:
            driver.quit()
    if args.tables:
        lines = ["record\tkey_or_from\tname_or_to\tnamespace_or_kind\tkind_or_types\tstatus"]
        lines += [f"NODE\t{n['key']}\t{n['name']}\t{n['namespace']}\t{n['kind']}\t{n['status']}" for n in nodes]
        lines += [f"EDGE\t{e['from']}\t{e['to']}\t{e['kind']}\t{e['output_types']}\t" for e in edges]
        args.tables.write_text("\n".join(lines) + "\n", encoding="utf-8")
    if message:
        print(f"explorer: {message}", file=sys.stderr)
    print(f"{len(nodes)} nodes, {len(edges)} edges: {args.out}" + (f", {args.tables}" if args.tables else ""))
    return 1 if "not found" in message else 0


if __name__ == "__main__":
    sys.exit(main())
