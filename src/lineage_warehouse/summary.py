"""Print what a DuckDB warehouse holds: rows per mart, the landing audit, and the quarantined lines with
their reasons (`lineage-warehouse summary`, or scripts/summary.py). Used by scripts/demo.sh after a build."""
from __future__ import annotations

import argparse
from pathlib import Path

import duckdb
from lineage_warehouse.version import version_argument


def print_table(title: str, header: list[str], rows: list[tuple]) -> None:
    print(f"\n{title}")
    widths = [max(len(str(h)), *(len(str(r[i])) for r in rows)) if rows else len(str(h))
              for i, h in enumerate(header)]
    print("  " + "  ".join(str(h).ljust(w) for h, w in zip(header, widths)))
    for row in rows:
        print("  " + "  ".join(str(v).ljust(w) for v, w in zip(row, widths)))


def main(argv: list[str] | None = None, prog: str | None = None) -> None:
    parser = argparse.ArgumentParser(prog=prog, description=__doc__)
    parser.add_argument("--version", **version_argument())
    parser.add_argument("--duckdb", default="lineage.duckdb", type=Path, help="warehouse file")
    parser.add_argument("--examples", default=20, type=int, help="quarantined lines to show")
    args = parser.parse_args(argv)

    con = duckdb.connect(str(args.duckdb), read_only=True)
    marts = [r[0] for r in con.execute(
        "select table_name from information_schema.tables where table_schema = 'marts' order by 1").fetchall()]
    print_table("Rows per mart", ["mart", "rows"],
                [(m, con.execute(f'select count(*) from marts."{m}"').fetchone()[0]) for m in marts])

    totals = con.execute(
        "select count(*), sum(lines), sum(parsed), sum(quarantined), sum(duplicates) from marts.landing_audit"
    ).fetchone()
    print_table("Landing audit (lines = parsed + quarantined)",
                ["files", "lines", "parsed", "quarantined", "duplicates"], [totals])

    reasons = con.execute(
        "select reason, reason_description, count(*) from staging.quarantined_events group by all order by 3 desc, 1"
    ).fetchall()
    print_table("Quarantined lines by reason", ["reason", "what it means", "lines"], reasons)
    examples = con.execute(
        "select source_file, line_number, reason from staging.quarantined_events "
        f"order by source_file, line_number limit {int(args.examples)}"
    ).fetchall()
    if examples:
        print_table("Quarantined lines", ["file", "line", "reason"], examples)

    issues = con.execute(
        "select facet, reason, count(*) from staging.facet_issues group by all order by 3 desc, 1, 2 limit 20"
    ).fetchall()
    print_table("Facets dropped or noted (events kept)", ["facet", "reason", "events"], issues)


if __name__ == "__main__":
    main()
