"""`lineage-warehouse COMMAND [ARGS]`: the one console entry point of the package (pyproject.toml).

Each command takes the arguments of the script of the same use, which stays as a thin entry point:
  serve, recover   the HTTP collector               scripts/collector.py serve | recover
  publish          the read-only copy for BI tools  scripts/publish.py
  explore          the lineage explorer (HTML)      scripts/explorer.py
  summary          what a DuckDB warehouse holds    scripts/summary.py
`lineage-warehouse COMMAND --help` tells a command's arguments.
"""
from __future__ import annotations

import argparse
import sys
from typing import Callable

from lineage_warehouse.version import version_argument

PROG = "lineage-warehouse"


def serve(argv: list[str]) -> int | None:
    from lineage_warehouse.collector.cli import main

    return main(["serve", *argv], prog=PROG)


def recover(argv: list[str]) -> int | None:
    from lineage_warehouse.collector.cli import main

    return main(["recover", *argv], prog=PROG)


def publish(argv: list[str]) -> int | None:
    from lineage_warehouse.publish import main

    return main(argv, prog=f"{PROG} publish")


def explore(argv: list[str]) -> int | None:
    from lineage_warehouse.explorer import main

    return main(argv, prog=f"{PROG} explore")


def summary(argv: list[str]) -> int | None:
    from lineage_warehouse.summary import main

    return main(argv, prog=f"{PROG} summary")


COMMANDS: dict[str, tuple[Callable[[list[str]], int | None], str]] = {
    "serve": (serve, "run the OpenLineage HTTP collector"),
    "recover": (recover, "close the files a killed collector left open, then exit"),
    "publish": (publish, "publish the read-only copy of the warehouse BI tools open"),
    "explore": (explore, "write the lineage explorer, one HTML file"),
    "summary": (summary, "print the rows per mart, the landing audit and the quarantined lines"),
}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", **version_argument())
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, (_, help_text) in COMMANDS.items():
        commands.add_parser(name, help=help_text, add_help=False)
    if not argv or argv[0] not in COMMANDS:
        parser.parse_args(argv)  # --help, --version, or an error naming the commands
        return 2
    run, _ = COMMANDS[argv[0]]
    return run(argv[1:]) or 0


if __name__ == "__main__":
    sys.exit(main())
