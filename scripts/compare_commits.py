"""Build the same events with an earlier commit of this project and with the working tree, and compare the
relations of the given schemas row by row (the redesign check: a new core must give the marts the old one gave).

The earlier commit is checked out into a git worktree under .lw_tmp/ and built with its own code and dbt; the
working tree is built with this checkout's. Rows are compared as multisets by column name (tests/lw/parity.py).
One line per relation; the last line per schema says how many are identical; the exit code is 1 when any differs.
Baseline relations are cached per (commit, events, engine) under .lw_tmp/compare-commits/, so several working-tree
builds compare against one baseline build.
"""
from __future__ import annotations

import argparse
import hashlib
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.lw.dbt_runner import PROJECT_DIR, Warehouse  # noqa: E402
from tests.lw.parity import compare_schema  # noqa: E402

WORK = PROJECT_DIR / ".lw_tmp" / "compare-commits"
# run inside the baseline worktree, with its own tests/lw: build, then pickle the relations of the schemas
BASELINE_BUILD = """
import pickle, sys
from pathlib import Path
sys.path.insert(0, {worktree!r})
from tests.lw.dbt_runner import Warehouse
warehouse = Warehouse(Path({root!r}), {engine!r})
warehouse.build({events!r})
Path({out!r}).write_bytes(pickle.dumps({{s: warehouse.relations(s) for s in {schemas!r}}}))
"""


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=PROJECT_DIR, check=True, text=True, capture_output=True).stdout.strip()


def baseline_relations(commit: str, events: str, engine: str, schemas: list[str]) -> dict:
    """The relations the commit builds from the events, from the cache or built now."""
    key = hashlib.sha256(f"{commit}|{Path(events).resolve()}|{engine}|{schemas}".encode()).hexdigest()[:16]
    cached = WORK / f"baseline-{key}.pickle"
    if cached.exists():
        return pickle.loads(cached.read_bytes())
    worktree = WORK / f"tree-{commit[:12]}"
    if not worktree.exists():
        git("worktree", "add", "--detach", str(worktree), commit)
        (worktree / ".venv").symlink_to(PROJECT_DIR / ".venv")
    root = WORK / f"build-{key}"
    shutil.rmtree(root, ignore_errors=True)
    script = BASELINE_BUILD.format(worktree=str(worktree), root=str(root), engine=engine,
                                   events=str(Path(events).resolve()), out=str(cached), schemas=schemas)
    print(f"building {events} with {commit[:12]} on {engine} ...", file=sys.stderr, flush=True)
    subprocess.run([sys.executable, "-c", script], cwd=worktree, check=True)
    shutil.rmtree(root, ignore_errors=True)
    return pickle.loads(cached.read_bytes())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", required=True, help="glob of event files (the dbt var events_path)")
    parser.add_argument("--baseline", required=True, help="the earlier commit (any git revision)")
    parser.add_argument("--engine", default="duckdb", choices=["duckdb", "spark"], help="default: duckdb")
    parser.add_argument("--schemas", default="marts,staging", help="comma-separated (default: marts,staging)")
    parser.add_argument("--examples", type=int, default=5, help="differing rows shown per side (default: 5)")
    args = parser.parse_args()

    schemas = args.schemas.split(",")
    # both sides read the files by the same absolute glob, so the file names they record are the same
    events = str(Path(args.events).resolve())
    commit = git("rev-parse", args.baseline)
    WORK.mkdir(parents=True, exist_ok=True)
    before = baseline_relations(commit, events, args.engine, schemas)
    root = WORK / "current"
    shutil.rmtree(root, ignore_errors=True)
    print(f"building {events} with the working tree on {args.engine} ...", file=sys.stderr, flush=True)
    warehouse = Warehouse(root, args.engine)
    warehouse.build(events)
    identical = True
    for schema in schemas:
        after = warehouse.relations(schema)
        if schema != "marts":  # a redesign may add or drop intermediate relations; marts are the contract
            for name in sorted(set(before[schema]) ^ set(after)):
                print(f"{schema}.{name}: only {'before' if name in before[schema] else 'after'} (not compared)")
            common = set(before[schema]) & set(after)
            before[schema] = {k: v for k, v in before[schema].items() if k in common}
            after = {k: v for k, v in after.items() if k in common}
        same, lines = compare_schema(before[schema], after, schema, args.examples, sides=("before", "after"))
        print(lines[-1] if same else "\n".join(lines))
        identical &= same
    return 0 if identical else 1


if __name__ == "__main__":
    sys.exit(main())
