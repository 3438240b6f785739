"""Write the lineage explorer: one self-contained HTML file that opens from file:// with no network (docs/explorer.md).

The page holds the marts it needs as JSON and its code inline: a search over datasets and jobs, the lineage graph of
the chosen node at JOB / DATASET / RUN / OPERATION grain (laid out left to right by the vendored dagre library,
vendor/js/), status colours, a details panel, column lineage (column_lineage_closure) and the text tables
`shown-nodes` and `shown-edges` of what is drawn. The view is in the URL fragment, e.g.
  lineage_explorer.html#node=dataset:postgres://pg-shop:5432/shop.public.orders_raw&granularity=DATASET&depth=3

JOB and DATASET grain are complete; RUN and OPERATION grain hold the runs created in the last --window-days days
before the newest run (and at most --max-runs of them), which the page states.

Sources: the BI copy of a DuckDB warehouse (default: lineage_bi.duckdb, scripts/publish.py), any DuckDB warehouse
file, or a local Spark warehouse folder (--spark-warehouse: DuckDB reads `<folder>/marts.db/<table>/*.parquet`).

Run as `lineage-warehouse explore` or `scripts/explorer.py`, with the same arguments. Examples:
  scripts/explorer.py                                   # lineage_bi.duckdb -> lineage_explorer.html beside it
  scripts/explorer.py --warehouse lineage.duckdb --out /tmp/lineage.html --window-days 2
  scripts/explorer.py --spark-warehouse .spark/warehouse --out lineage_explorer.html
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import duckdb

from lineage_warehouse.version import version_argument

PROJECT_DIR = Path(__file__).resolve().parents[3]
VENDORED = {"dagre": ("@dagrejs/dagre", "3.1.3", PROJECT_DIR / "vendor" / "js" / "dagre" / "dagre.min.js")}
APP_DIR = Path(__file__).resolve().parent
DEFAULT_WINDOW_DAYS = 30.0
DEFAULT_MAX_RUNS = 10_000
RECENT_RUNS_PER_JOB = 10
MARTS = ("locations", "location_addresses", "datasets", "datasets_overview", "dataset_schemas", "dataset_symlinks",
         "dataset_owners", "dataset_tags", "dataset_facets", "data_quality_assertions", "jobs", "job_facets",
         "job_owners", "job_tags", "job_dependency_edges", "runs", "users", "operations", "lineage_edges",
         "column_lineage_edges", "column_lineage_closure")


def default_warehouse() -> Path:
    """LINEAGE_BI_DUCKDB_PATH, else the BI copy beside LINEAGE_DUCKDB_PATH (scripts/publish.py's default)."""
    configured = os.environ.get("LINEAGE_BI_DUCKDB_PATH")
    if configured:
        return Path(configured)
    warehouse = Path(os.environ.get("LINEAGE_DUCKDB_PATH", "lineage.duckdb"))
    return warehouse.with_name(f"{warehouse.stem}_bi.duckdb")


def sql_text(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def open_duckdb(path: Path, schema: str = "marts") -> duckdb.DuckDBPyConnection:
    """An in-memory connection with a view `m_<mart>` over each mart of a DuckDB warehouse file (read-only)."""
    if not path.exists():
        raise SystemExit(f"explorer: no warehouse at {path} (build and publish it first: scripts/build.sh)")
    con = duckdb.connect()
    con.execute("set TimeZone = 'UTC'")
    con.execute(f"attach {sql_text(str(path))} as wh (read_only)")
    present = {row[0] for row in con.execute(
        "select table_name from information_schema.tables where table_catalog = 'wh' and table_schema = ?",
        [schema]).fetchall()}
    missing = [mart for mart in MARTS if mart not in present]
    if missing:
        raise SystemExit(f"explorer: {path} has no {schema}.{', '.join(missing)}: build it with this version")
    for mart in MARTS:
        con.execute(f'create view m_{mart} as select * from wh."{schema}"."{mart}"')
    return con


def open_spark_files(folder: Path, schema: str = "marts") -> duckdb.DuckDBPyConnection:
    """An in-memory connection with a view `m_<mart>` over each mart's Parquet files of a local Spark warehouse
    (`<folder>/<schema>.db/<mart>/`, partition folders read as Hive partitions)."""
    database = folder / f"{schema}.db"
    if not database.is_dir():
        raise SystemExit(f"explorer: no Spark database folder {database}")
    con = duckdb.connect()
    con.execute("set TimeZone = 'UTC'")
    for mart in MARTS:
        files = sorted(str(f) for f in (database / mart).rglob("*.parquet"))
        if not files:
            raise SystemExit(f"explorer: {database / mart} holds no Parquet file: build it with this version")
        listed = "[" + ", ".join(sql_text(f) for f in files) + "]"
        options = ", hive_partitioning = true, hive_types_autocast = false" if any(
            "=" in Path(f).parent.name for f in files) else ""
        con.execute(f"create view m_{mart} as select * from read_parquet({listed}{options})")
    return con


def epoch(column: str) -> str:
    """A timestamp as whole seconds since the epoch (NULL stays NULL)."""
    return f"cast(floor(epoch({column})) as bigint)"


class Collector:
    """Reads the marts into the page's data: lists of rows that refer to each other by position."""

    def __init__(self, con: duckdb.DuckDBPyConnection, window_days: float, max_runs: int) -> None:
        self.con = con
        self.window_days = window_days
        self.max_runs = max_runs
        self.strings: dict[str, int] = {}
        self.string_list: list[str] = []

    def rows(self, sql: str, params: list[Any] | None = None) -> list[tuple[Any, ...]]:
        return self.con.execute(sql, params or []).fetchall()

    def text(self, value: str | None) -> int:
        """A column name or other repeated text as its position in the page's string table (-1 for NULL)."""
        if value is None:
            return -1
        if value not in self.strings:
            self.strings[value] = len(self.string_list)
            self.string_list.append(value)
        return self.strings[value]

    def collect(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        locations = self.rows("select location_id, type, name from m_locations order by location_id")
        loc_index = {row[0]: i for i, row in enumerate(locations)}
        addresses: dict[str, list[str]] = {}
        for location_id, url in self.rows("select location_id, url from m_location_addresses order by url"):
            addresses.setdefault(location_id, []).append(url)
        data["locations"] = [[type_, name, addresses.get(location_id, [])]
                             for location_id, type_, name in locations]

        datasets = self.rows(
            "select d.dataset_id, d.name, d.location_id, d.schema_id, o.has_failed_upstream,"
            " o.failed_assertions_last_run, o.has_failed_assertion_upstream, "
            f"{epoch('o.last_written_at')}, o.last_writer_job_id, o.last_writer_run_id, o.last_writer_run_status,"
            f" {epoch('o.last_read_at')}, d.schema_relevance, o.upstream_count, o.downstream_count"
            " from m_datasets as d left join m_datasets_overview as o on d.dataset_id = o.dataset_id"
            " order by d.dataset_id")
        ds_index = {row[0]: i for i, row in enumerate(datasets)}
        jobs = self.rows("select job_id, name, location_id, type, parent_job_id from m_jobs order by job_id")
        job_index = {row[0]: i for i, row in enumerate(jobs)}
        schemas = self.rows("select schema_id, fields from m_dataset_schemas order by schema_id")
        schema_index = {row[0]: i for i, row in enumerate(schemas)}
        data["schemas"] = [json.loads(fields) if fields else [] for _, fields in schemas]

        data["datasets"] = [
            [ds_id, name, loc_index.get(loc, -1), schema_index.get(schema, -1), bool(failed_up),
             failed_checks, bool(check_up), written, job_index.get(writer_job, -1), writer_run, writer_status,
             read, relevance, up, down]
            for (ds_id, name, loc, schema, failed_up, failed_checks, check_up, written, writer_job, writer_run,
                 writer_status, read, relevance, up, down) in datasets]

        last_status = dict((job_id, (status, created)) for job_id, status, created in self.rows(
            # the job's newest run; runs created at the same instant (a retry, a rerun) by the greater run id, so that
            # every source of the same marts gives the same status
            f"select job_id, status, {epoch('created_at')} from (select job_id, status, created_at, row_number() over"
            f" (partition by job_id order by created_at desc, run_id desc) as newest from m_runs) where newest = 1"))
        data["jobs"] = [[job_id, name, loc_index.get(loc, -1), type_, job_index.get(parent, -1),
                         *last_status.get(job_id, (None, None))]
                        for job_id, name, loc, type_, parent in jobs]

        data["dataset_details"] = self.dataset_details(ds_index)
        data["job_details"] = self.job_details(job_index)
        data["symlinks"] = [[ds_index[a], ds_index[b], type_] for a, b, type_ in self.rows(
            "select from_dataset_id, to_dataset_id, type from m_dataset_symlinks"
            " where from_dataset_id < to_dataset_id order by 1, 2") if a in ds_index and b in ds_index]
        data["job_dependencies"] = [[kind, job_index[a], job_index[b], type_] for kind, a, b, type_ in self.rows(
            "select edge_kind, from_job_id, to_job_id, dependency_type from m_job_dependency_edges order by 1, 2, 3")
            if a in job_index and b in job_index]

        data["edges_dataset"] = [[ds_index[a], ds_index[b], mask, first, last] for a, b, mask, first, last in self.rows(
            f"select from_id, to_id, output_types_mask, {epoch('first_interaction_at')},"
            f" {epoch('last_interaction_at')} from m_lineage_edges where granularity = 'DATASET' order by 1, 2")]
        data["edges_job"] = self.process_edges("JOB", ds_index, job_index)

        runs, run_index, window = self.windowed_runs(job_index)
        data["runs"] = runs
        data["window"] = window
        ops = self.rows(
            f"select operation_id, run_id, name, type, status, {epoch('started_at')}, {epoch('ended_at')}, position,"
            " left(sql_query, 2000) from m_operations where run_id in (select run_id from window_runs)"
            " order by operation_id")
        op_index = {row[0]: i for i, row in enumerate(ops)}
        data["operations"] = [[op_id, run_index[run], name, type_, status, started, ended, position, sql]
                              for op_id, run, name, type_, status, started, ended, position, sql in ops]
        data["edges_run"] = self.process_edges("RUN", ds_index, run_index)
        data["edges_operation"] = self.process_edges("OPERATION", ds_index, op_index)

        data["column_edges"] = [
            [ds_index[s], self.text(sc), ds_index[t], self.text(tc), kind, types]
            for s, sc, t, tc, kind, types in self.rows(
                "select source_dataset_id, source_column, target_dataset_id, target_column, lineage_kind, types"
                " from m_column_lineage_edges where granularity = 'DATASET' order by 1, 2, 3, 4")]
        data["column_closure"] = [
            [ds_index[s], self.text(sc), ds_index[t], self.text(tc), kind, depth]
            for s, sc, t, tc, kind, depth in self.rows(
                "select source_dataset_id, source_column, target_dataset_id, target_column, lineage_kind, min_depth"
                " from m_column_lineage_closure order by 1, 2, 3, 4")]
        data["strings"] = self.string_list
        return data

    def dataset_details(self, ds_index: dict[str, int]) -> dict[int, dict[str, Any]]:
        details: dict[int, dict[str, Any]] = {}

        def of(ds_id: str) -> dict[str, Any]:
            return details.setdefault(ds_index[ds_id], {})

        for ds_id, owner, owner_type in self.rows(
                "select dataset_id, owner_name, owner_type from m_dataset_owners order by 1, 2"):
            of(ds_id).setdefault("owners", []).append([owner, owner_type])
        for ds_id, tag, value in self.rows("select dataset_id, tag, value from m_dataset_tags order by 1, 2"):
            of(ds_id).setdefault("tags", []).append([tag, value])
        facet_columns = ["dataset_type", "dataset_subtype", "description", "storage_layer", "file_format",
                         "catalog_framework", "catalog_type", "catalog_name", "catalog_warehouse_uri", "hierarchy",
                         "latest_version"]
        for row in self.rows(f"select dataset_id, {', '.join(facet_columns)} from m_dataset_facets order by 1"):
            facets = {name: value for name, value in zip(facet_columns, row[1:]) if value is not None}
            if facets:
                of(row[0])["facets"] = facets
        # the checks of each dataset's latest assertion run (the run datasets_overview counts failures in)
        for ds_id, assertion, column, success, severity, asserted, expected, actual in self.rows(
                "with latest as (select dataset_id, max_by(run_id, asserted_at) as run_id"
                " from m_data_quality_assertions group by dataset_id)"
                f" select a.dataset_id, a.assertion, a.column_name, a.success, a.severity, {epoch('a.asserted_at')},"
                " a.expected, a.actual from m_data_quality_assertions as a inner join latest"
                " on a.dataset_id = latest.dataset_id and a.run_id = latest.run_id order by 1, 2, 3"):
            of(ds_id).setdefault("checks", []).append([assertion, column, success, severity, asserted, expected,
                                                       actual])
        return details

    def job_details(self, job_index: dict[str, int]) -> dict[int, dict[str, Any]]:
        details: dict[int, dict[str, Any]] = {}
        for job_id, description, language, url, path, repo, version in self.rows(
                "select job_id, description, source_code_language, source_code_url, source_code_path, repo_url,"
                " version from m_job_facets order by 1"):
            facets = {name: value for name, value in (("description", description), ("language", language),
                                                      ("source_code_url", url), ("source_code_path", path),
                                                      ("repo_url", repo), ("version", version)) if value}
            if facets:
                details.setdefault(job_index[job_id], {})["facets"] = facets
        for job_id, owner, owner_type in self.rows("select job_id, owner_name, owner_type from m_job_owners"
                                                   " order by 1, 2"):
            details.setdefault(job_index[job_id], {}).setdefault("owners", []).append([owner, owner_type])
        for job_id, tag, value in self.rows("select job_id, tag, value from m_job_tags order by 1, 2"):
            details.setdefault(job_index[job_id], {}).setdefault("tags", []).append([tag, value])
        return details

    def windowed_runs(self, job_index: dict[str, int]) -> tuple[list[list[Any]], dict[str, int], dict[str, Any]]:
        """The runs of RUN and OPERATION grain: created in the window (at most max_runs, the newest), and the last
        RECENT_RUNS_PER_JOB runs of every job (its details list them)."""
        newest = self.rows(f"select {epoch('max(created_at)')}, count(*) from m_runs")[0]
        newest_at, total = newest[0] or 0, newest[1]
        since = newest_at - int(self.window_days * 86400)
        self.con.execute(
            "create temp table window_runs as select run_id, created_at from m_runs"
            f" where {epoch('created_at')} >= ? order by created_at desc, run_id limit ?", [since, self.max_runs])
        in_window, first_at = self.rows(f"select count(*), {epoch('min(created_at)')} from window_runs")[0]
        self.con.execute(
            "create temp table shown_runs as select run_id from window_runs union select run_id from ("
            " select run_id, row_number() over (partition by job_id order by created_at desc, run_id) as n"
            f" from m_runs) as recent where n <= {RECENT_RUNS_PER_JOB}")
        rows = self.rows(
            f"select r.run_id, r.job_id, r.status, {epoch('r.created_at')}, {epoch('r.started_at')},"
            f" {epoch('r.ended_at')}, r.parent_run_id, u.name, r.start_reason, r.ended_reason, r.external_id,"
            " r.running_log_url, r.persistent_log_url, r.attempt, w.run_id is not null"
            " from m_runs as r inner join shown_runs as s on r.run_id = s.run_id"
            " left join window_runs as w on r.run_id = w.run_id"
            " left join m_users as u on r.started_by_user_id = u.user_id order by r.run_id")
        run_index = {row[0]: i for i, row in enumerate(rows)}
        runs = [[run_id, job_index.get(job, -1), status, created, started, ended,
                 run_index.get(parent, parent), user, start_reason, ended_reason, external, running_log, log,
                 attempt, in_window]
                for (run_id, job, status, created, started, ended, parent, user, start_reason, ended_reason,
                     external, running_log, log, attempt, in_window) in rows]
        window = {"days": self.window_days, "max_runs": self.max_runs, "since": first_at if in_window else since,
                  "until": newest_at, "runs_in_window": in_window, "runs_total": total,
                  "capped": in_window >= self.max_runs}
        return runs, run_index, window

    def process_edges(self, granularity: str, ds_index: dict[str, int],
                      process_index: dict[str, int]) -> list[list[Any]]:
        """[dataset, process, 0 = INPUT / 1 = OUTPUT, output types mask, first, last] of one grain; RUN and
        OPERATION: the windowed runs' only."""
        where = ""
        if granularity == "RUN":
            where = " and (from_id in (select run_id from window_runs) or to_id in (select run_id from window_runs))"
        elif granularity == "OPERATION":
            where = (" and (from_id in (select operation_id from m_operations where run_id in"
                     " (select run_id from window_runs)) or to_id in (select operation_id from m_operations where"
                     " run_id in (select run_id from window_runs)))")
        edges = []
        for kind, from_id, to_id, mask, first, last in self.rows(
                f"select edge_kind, from_id, to_id, output_types_mask, {epoch('first_interaction_at')},"
                f" {epoch('last_interaction_at')} from m_lineage_edges where granularity = ?{where}"
                " order by 1, 2, 3", [granularity]):
            dataset, process = (from_id, to_id) if kind == "INPUT" else (to_id, from_id)
            if dataset in ds_index and process in process_index:
                edges.append([ds_index[dataset], process_index[process], 0 if kind == "INPUT" else 1, mask, first,
                              last])
        return edges


def page(data: dict[str, Any], source: str) -> str:
    """The HTML: template, styles, the vendored library, the data and the app, all inline."""
    template = (APP_DIR / "explorer.html").read_text(encoding="utf-8")
    data["meta"] = {"source": source, "generated_at": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
                    "library": {name: f"{package} {version}" for name, (package, version, _) in VENDORED.items()}}
    payload = json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("</", "<\\/")
    library = "\n".join(path.read_text(encoding="utf-8") for _, _, path in VENDORED.values())
    parts = {"/*STYLE*/": (APP_DIR / "explorer.css").read_text(encoding="utf-8"),
             "/*LIBRARY*/": library.replace("</script", "<\\/script"),
             "/*DATA*/": payload,
             "/*APP*/": (APP_DIR / "explorer.js").read_text(encoding="utf-8")}
    pieces, rest = [], template
    for marker, text in parts.items():  # split the template itself, never the text put in
        head, found, rest = rest.partition(marker)
        if not found:
            raise SystemExit(f"explorer: template has no {marker} (in this order: {', '.join(parts)})")
        pieces += [head, text]
    return "".join(pieces) + rest


def write(con: duckdb.DuckDBPyConnection, out: Path, source: str, window_days: float, max_runs: int) -> int:
    """Write the page to `out` (through a temporary file renamed over it); returns its size in bytes."""
    data = Collector(con, window_days, max_runs).collect()
    html = page(data, source)
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = out.with_name(f".{out.name}.{os.getpid()}.tmp")
    staging.write_text(html, encoding="utf-8")
    os.replace(staging, out)
    return out.stat().st_size


def main(argv: list[str] | None = None, prog: str | None = None) -> None:
    parser = argparse.ArgumentParser(prog=prog, description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", **version_argument())
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--warehouse", type=Path, default=None,
                        help="a DuckDB warehouse file (default: the BI copy, LINEAGE_BI_DUCKDB_PATH or "
                             "<LINEAGE_DUCKDB_PATH stem>_bi.duckdb, i.e. lineage_bi.duckdb)")
    source.add_argument("--spark-warehouse", type=Path, default=None,
                        help="a local Spark warehouse folder (spark.sql.warehouse.dir, e.g. .spark/warehouse)")
    parser.add_argument("--schema", default="marts", help="the marts' schema (default: marts)")
    parser.add_argument("--out", type=Path, default=None,
                        help="the HTML file (default: lineage_explorer.html beside the warehouse file)")
    parser.add_argument("--window-days", type=float, default=DEFAULT_WINDOW_DAYS,
                        help=f"RUN and OPERATION grain: runs created within this many days before the newest run "
                             f"(default {DEFAULT_WINDOW_DAYS:g})")
    parser.add_argument("--max-runs", type=int, default=DEFAULT_MAX_RUNS,
                        help=f"at most this many runs in the window, the newest (default {DEFAULT_MAX_RUNS})")
    args = parser.parse_args(argv)
    if args.window_days <= 0 or args.max_runs < 1:
        parser.error("--window-days must be > 0 and --max-runs >= 1")
    began = time.perf_counter()
    if args.spark_warehouse:
        con = open_spark_files(args.spark_warehouse, args.schema)
        described, out = f"Spark warehouse {args.spark_warehouse}", args.out or Path("lineage_explorer.html")
    else:
        warehouse = args.warehouse or default_warehouse()
        con = open_duckdb(warehouse, args.schema)
        described, out = f"DuckDB {warehouse.name}", args.out or warehouse.with_name("lineage_explorer.html")
    try:
        size = write(con, out, described, args.window_days, args.max_runs)
    finally:
        con.close()
    print(f"explorer: wrote {out} ({size / 1e6:.1f} MB) in {time.perf_counter() - began:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
