"""Draw the lineage around one dataset or job of a DuckDB warehouse as Mermaid and Graphviz DOT.

The traversal is the project's `lineage_traverse` macro (docs/lineage semantics in docs/querying.md "Lineage"); with
--hierarchy, a job's parents and dependencies are its `job_hierarchy` macro (docs/querying.md "Job hierarchy"). This script
compiles the macro with `dbt compile --inline`, runs the compiled SQL on the warehouse (read-only) and writes
`<out>.mmd` and `<out>.dot`, plus `<out>.svg` and `<out>.png` when Graphviz's `dot` is installed. Nodes are
labelled by location and name, edges by output types.

Examples:
  scripts/lineage_graph.py --dataset food_delivery public.orders --direction UPSTREAM --depth 3
  scripts/lineage_graph.py --job-id 0b1c... --granularity JOB --out /tmp/job_lineage
  scripts/lineage_graph.py --job http://airflow:8080 mydag.mytask --hierarchy --depth 2
"""
from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import duckdb
from lw_version import version_argument  # noqa: E402  (scripts/lw_version.py)

PROJECT_DIR = Path(__file__).resolve().parents[1]
VENV_BIN = Path(sys.executable).parent


@dataclass(frozen=True)
class Node:
    kind: str
    node_id: str
    depth: int
    label: str


@dataclass(frozen=True)
class Edge:
    kind: str
    from_id: str
    to_id: str
    label: str


def sql_literal(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def jinja_literal(value: str | None) -> str:
    if value is None:
        return "none"
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


def connect(duckdb_path: Path) -> duckdb.DuckDBPyConnection:
    con = duckdb.connect(str(duckdb_path), read_only=True)
    con.execute("set TimeZone = 'UTC'")
    return con


def resolve_start(duckdb_path: Path, kind: str, location: str | None, name: str | None,
                  entity_id: str | None) -> str:
    """The id of the start dataset or job: given directly, or found by location name and name."""
    if entity_id:
        return entity_id
    table, key = ("datasets", "dataset_id") if kind == "DATASET" else ("jobs", "job_id")
    con = connect(duckdb_path)
    try:
        rows = con.execute(
            f"select e.{key} from marts.{table} as e inner join marts.locations as l on e.location_id = l.location_id"
            f" where l.name = {sql_literal(location or '')} and e.name = {sql_literal(name or '')}").fetchall()
    finally:
        con.close()
    if len(rows) != 1:
        raise SystemExit(f"{kind.lower()} {location!r} {name!r}: {len(rows)} matches in {duckdb_path}")
    return str(rows[0][0])


def compile_traversal(duckdb_path: Path, start_kind: str, start_id: str, direction: str, depth: int,
                      granularity: str, since: str | None, until: str | None) -> str:
    """The SQL of lineage_traverse(...) compiled by dbt against this warehouse."""
    return compile_call(duckdb_path, (
        f"{{{{ lineage_traverse({jinja_literal(start_kind)}, {jinja_literal(start_id)}, "
        f"{jinja_literal(direction)}, {depth}, {jinja_literal(granularity)}, "
        f"since={jinja_literal(since)}, until={jinja_literal(until)}) }}}}"))


def compile_hierarchy(duckdb_path: Path, job_id: str, direction: str, depth: int, infer_from_lineage: bool,
                      since: str | None, until: str | None) -> str:
    """The SQL of job_hierarchy(...) compiled by dbt against this warehouse."""
    return compile_call(duckdb_path, (
        f"{{{{ job_hierarchy({jinja_literal(job_id)}, {jinja_literal(direction)}, {depth}, "
        f"{'true' if infer_from_lineage else 'false'}, {jinja_literal(since)}, {jinja_literal(until)}) }}}}"))


def compile_call(duckdb_path: Path, call: str) -> str:
    """The SQL of one macro call compiled by dbt against this warehouse. dbt's target folder is kept per warehouse
    (target/lineage_graph/<digest of its path>), so the next call on the same warehouse parses only what changed."""
    warehouse = str(duckdb_path.resolve())
    target = PROJECT_DIR / "target" / "lineage_graph" / hashlib.sha1(warehouse.encode()).hexdigest()[:16]
    with tempfile.TemporaryDirectory(prefix="lineage_graph-") as work:
        env = dict(os.environ, LINEAGE_DUCKDB_PATH=warehouse, DBT_TARGET_PATH=str(target),
                   DBT_LOG_PATH=f"{work}/logs", DBT_SEND_ANONYMOUS_USAGE_STATS="false", TZ="UTC")
        proc = subprocess.run(
            [str(VENV_BIN / "dbt"), "compile", "--quiet", "--inline", call, "--profiles-dir", str(PROJECT_DIR),
             "--project-dir", str(PROJECT_DIR), "--target", "duckdb"],
            cwd=PROJECT_DIR, env=env, text=True, capture_output=True)
    if proc.returncode != 0:
        raise SystemExit(f"dbt compile failed:\n{proc.stdout[-4000:]}\n{proc.stderr[-2000:]}")
    return proc.stdout


def dataset_labels(con: duckdb.DuckDBPyConnection, ids: list[str]) -> dict[str, str]:
    if not ids:
        return {}
    rows = con.execute(
        "select d.dataset_id, l.name, d.name from marts.datasets as d"
        " left join marts.locations as l on d.location_id = l.location_id"
        " where d.dataset_id in (select unnest(?))", [ids]).fetchall()
    return {r[0]: f"{r[1]}\n{r[2]}" for r in rows}


def process_labels(con: duckdb.DuckDBPyConnection, kind: str, ids: list[str]) -> dict[str, str]:
    if not ids:
        return {}
    sql = {
        "JOB": "select j.job_id, l.name || '\n' || j.name from marts.jobs as j"
               " left join marts.locations as l on j.location_id = l.location_id where j.job_id in (select unnest(?))",
        "RUN": "select r.run_id, j.name || '\nrun ' || r.run_id from marts.runs as r"
               " left join marts.jobs as j on r.job_id = j.job_id where r.run_id in (select unnest(?))",
        "OPERATION": "select o.operation_id, o.name || '\noperation ' || o.operation_id from marts.operations as o"
                     " where o.operation_id in (select unnest(?))",
    }[kind]
    return {r[0]: str(r[1]) for r in con.execute(sql, [ids]).fetchall()}


def run_traversal(duckdb_path: Path, sql: str) -> tuple[list[Node], list[Edge]]:
    """Nodes (with labels) and edges (labelled by output types; SYMLINK pairs kept once) of the compiled SQL."""
    con = connect(duckdb_path)
    try:
        rows: list[tuple[Any, ...]] = con.execute(
            f"select record_type, node_kind, node_id, depth, edge_kind, from_id, to_id, output_types "
            f"from ({sql}) as traversal").fetchall()
        raw_nodes = [(r[1], r[2], r[3]) for r in rows if r[0] == "NODE"]
        labels: dict[str, str] = dataset_labels(con, [n[1] for n in raw_nodes if n[0] == "DATASET"])
        for kind in ("JOB", "RUN", "OPERATION"):
            labels.update(process_labels(con, kind, [n[1] for n in raw_nodes if n[0] == kind]))
    finally:
        con.close()
    nodes = sorted((Node(k, i, d, labels.get(i, f"{k.lower()} {i}")) for k, i, d in raw_nodes),
                   key=lambda n: (n.depth, n.label, n.node_id))
    edges: list[Edge] = []
    for r in rows:
        if r[0] != "EDGE" or (r[4] == "SYMLINK" and r[5] > r[6]):
            continue
        label = "symlink" if r[4] == "SYMLINK" else (r[7] or "")
        edges.append(Edge(r[4], r[5], r[6], label))
    return nodes, sorted(edges, key=lambda e: (e.from_id, e.to_id, e.kind))


def run_hierarchy(duckdb_path: Path, sql: str) -> tuple[list[Node], list[Edge]]:
    """Jobs (labelled by location and name), parent links (labelled `parent`) and dependencies (labelled by
    their type; a pair with two types gives two edges) of the compiled job_hierarchy SQL."""
    con = connect(duckdb_path)
    try:
        rows: list[tuple[Any, ...]] = con.execute(
            f"select record_type, job_id, from_job_id, to_job_id, dependency_type from ({sql}) as hierarchy").fetchall()
        job_ids = [r[1] for r in rows if r[0] == "NODE"]
        labels = process_labels(con, "JOB", job_ids)
    finally:
        con.close()
    nodes = sorted((Node("JOB", i, 0, labels.get(i, f"job {i}")) for i in job_ids), key=lambda n: (n.label, n.node_id))
    edges = [Edge(r[0], r[2], r[3], "parent" if r[0] == "PARENT" else (r[4] or "dependency"))
             for r in rows if r[0] != "NODE"]
    return nodes, sorted(edges, key=lambda e: (e.from_id, e.to_id, e.kind, e.label))


def mermaid(nodes: list[Node], edges: list[Edge]) -> str:
    ids = {n.node_id: f"n{i}" for i, n in enumerate(nodes)}
    lines = ["flowchart LR"]
    for n in nodes:
        text = n.label.replace('"', "#quot;").replace("\n", "<br/>")
        shape = ('["', '"]') if n.kind == "DATASET" else ('(["', '"])')
        lines.append(f"    {ids[n.node_id]}{shape[0]}{text}{shape[1]}")
    for e in edges:
        arrow = {"SYMLINK": "-.-", "PARENT": "-.->"}.get(e.kind, "-->")
        label = f'|"{e.label}"|' if e.label else ""
        lines.append(f"    {ids[e.from_id]} {arrow}{label} {ids[e.to_id]}")
    return "\n".join(lines) + "\n"


def dot(nodes: list[Node], edges: list[Edge]) -> str:
    def quote(text: str) -> str:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'

    lines = ["digraph lineage {", "    rankdir=LR;", "    node [fontname=Helvetica];"]
    for n in nodes:
        shape = "box" if n.kind == "DATASET" else "ellipse"
        lines.append(f"    {quote(n.node_id)} [label={quote(n.label)}, shape={shape}];")
    for e in edges:
        style = {"SYMLINK": ", style=dashed, dir=none", "PARENT": ", style=dashed"}.get(e.kind, "")
        lines.append(f"    {quote(e.from_id)} -> {quote(e.to_id)} [label={quote(e.label)}{style}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def render_images(dot_path: Path) -> list[Path]:
    """SVG and PNG next to the DOT file when Graphviz's `dot` is installed; otherwise say so and skip."""
    binary = shutil.which("dot")
    if binary is None:
        print("graphviz 'dot' not found on PATH: skipping SVG/PNG (the .dot file renders anywhere)", file=sys.stderr)
        return []
    written = []
    for fmt in ("svg", "png"):
        target = dot_path.with_suffix(f".{fmt}")
        subprocess.run([binary, f"-T{fmt}", str(dot_path), "-o", str(target)], check=True)
        written.append(target)
    return written


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", **version_argument())
    parser.add_argument("--duckdb", type=Path, default=Path(os.environ.get("LINEAGE_DUCKDB_PATH", "lineage.duckdb")),
                        help="warehouse file (default: $LINEAGE_DUCKDB_PATH or lineage.duckdb)")
    start = parser.add_mutually_exclusive_group(required=True)
    start.add_argument("--dataset", nargs=2, metavar=("LOCATION", "NAME"), help="start dataset by location and name")
    start.add_argument("--dataset-id", help="start dataset by dataset_id")
    start.add_argument("--job", nargs=2, metavar=("LOCATION", "NAME"), help="start job by location and name")
    start.add_argument("--job-id", help="start job by job_id")
    parser.add_argument("--direction", default="BOTH", choices=["UPSTREAM", "DOWNSTREAM", "BOTH"])
    parser.add_argument("--depth", type=int,
                        help="hops (bipartite graph; DATASET: dataset hops; default 10); --hierarchy: dependency "
                             "levels (default 1)")
    parser.add_argument("--granularity", choices=["OPERATION", "RUN", "JOB", "DATASET"],
                        help="default: DATASET from a dataset, JOB from a job")
    parser.add_argument("--hierarchy", action="store_true",
                        help="a job's parents, children and dependencies (job_hierarchy) instead of its lineage")
    parser.add_argument("--infer-from-lineage", action="store_true",
                        help="--hierarchy: add dependencies inferred from the inputs and outputs (needs --since)")
    parser.add_argument("--since", help="keep input/output rows created at or after this UTC timestamp")
    parser.add_argument("--until", help="keep input/output rows created at or before this UTC timestamp")
    parser.add_argument("--out", type=Path, default=Path("lineage_graph"),
                        help="output path without suffix (default: ./lineage_graph)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if not args.duckdb.exists():
        raise SystemExit(f"no warehouse at {args.duckdb}")
    is_job = bool(args.job or args.job_id)
    if args.hierarchy and not is_job:
        raise SystemExit("--hierarchy needs --job or --job-id")
    if args.infer_from_lineage and not (args.hierarchy and args.since):
        raise SystemExit("--infer-from-lineage needs --hierarchy and --since")
    start_kind = "JOB" if is_job else "DATASET"
    granularity = args.granularity or start_kind
    if is_job and granularity != "JOB":
        raise SystemExit("a job start needs --granularity JOB")
    location, name = (args.job or args.dataset or (None, None))
    start_id = resolve_start(args.duckdb, start_kind, location, name, args.job_id or args.dataset_id)
    if args.hierarchy:
        sql = compile_hierarchy(args.duckdb, start_id, args.direction, args.depth or 1, args.infer_from_lineage,
                                args.since, args.until)
        nodes, edges = run_hierarchy(args.duckdb, sql)
    else:
        sql = compile_traversal(args.duckdb, start_kind, start_id, args.direction, args.depth or 10, granularity,
                                args.since, args.until)
        nodes, edges = run_traversal(args.duckdb, sql)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    mmd_path, dot_path = args.out.with_suffix(".mmd"), args.out.with_suffix(".dot")
    mmd_path.write_text(mermaid(nodes, edges), encoding="utf-8")
    dot_path.write_text(dot(nodes, edges), encoding="utf-8")
    written = [mmd_path, dot_path, *render_images(dot_path)]
    print(f"{len(nodes)} nodes, {len(edges)} edges: " + ", ".join(str(p) for p in written))
    return 0


if __name__ == "__main__":
    sys.exit(main())
