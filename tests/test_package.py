"""Use as a dbt package (issue 21, point 8): a throwaway host project installs this one through packages.yml (a
local path), puts its schemas under a prefix (var lineage_schema_prefix), leaves the heavy tests out by tag, and
builds it on DuckDB with a model of its own that reads a mart. Without the var the schema names are the ones of
marts.md. DuckDB only: schema naming and package installation are dbt's, the same on both engines."""
from __future__ import annotations

import gzip
import json
import os
import shutil
import subprocess
import sys
import textwrap
import zlib
from pathlib import Path

import duckdb
import pytest

from tests.lw.dbt_runner import PROJECT_DIR, Warehouse

DBT = Path(sys.executable).parent / "dbt"
LAYERS = ("raw", "staging", "intermediate", "marts")
SAMPLE_FILES = ("client_example_full_event.json", "dbt_ol_run.jsonl", "food_delivery.jsonl")


# a gzip stream cut in the middle of a line: the host's profile has no plugin of this project, so DuckDB's own
# reader lands it, as before the plugin (docs/decisions/landing-unreadable-files.md)
CUT_GZIP = "cut.jsonl.gz"


def cut_gzip() -> tuple[bytes, int]:
    """The stream, and its complete lines before the cut."""
    from tests.test_raw_landing import event

    whole = gzip.compress("".join(event(3000 + n) + "\n" for n in range(200)).encode(), mtime=0)
    cut = whole[: len(whole) // 2]
    readable = zlib.decompressobj(wbits=31).decompress(cut)
    assert readable.count(b"\n") > 0 and not readable.endswith(b"\n")
    return cut, readable.count(b"\n")


def write_host_project(host: Path, events_glob: str) -> None:
    """The snippet of docs/package.md, in a fresh folder."""
    (host / "models").mkdir(parents=True)
    (host / "dbt_project.yml").write_text(textwrap.dedent(f"""\
        name: analytics_host
        version: "1.0.0"
        config-version: 2
        profile: analytics_host
        models:
          analytics_host:
            +materialized: table
        vars:
          lineage_warehouse:
            lineage_schema_prefix: "lw_"
            events_path: "{events_glob}"
        """))
    (host / "packages.yml").write_text(f"packages:\n  - local: {PROJECT_DIR}\n")
    (host / "profiles.yml").write_text(textwrap.dedent(f"""\
        analytics_host:
          target: dev
          outputs:
            dev:
              type: duckdb
              path: "{host / 'host.duckdb'}"
              threads: 2
              settings:
                TimeZone: UTC
        """))
    (host / "models" / "lineage_job_runs.sql").write_text(
        "select count(*) as runs from {{ ref('lineage_warehouse', 'runs') }}\n")


def host_dbt(host: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DBT_", "LINEAGE_"))}
    env.update({"TZ": "UTC", "DBT_SEND_ANONYMOUS_USAGE_STATS": "false"})
    proc = subprocess.run([str(DBT), *args, "--profiles-dir", str(host), "--project-dir", str(host)],
                          cwd=host, env=env, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, f"dbt {' '.join(args)} in the host project:\n{proc.stdout[-6000:]}{proc.stderr[-2000:]}"
    return proc


@pytest.fixture(scope="module")
def host_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("package")
    events = root / "events"
    events.mkdir()
    for name in SAMPLE_FILES:
        shutil.copy(PROJECT_DIR / "sample_events" / name, events / name)
    (events / CUT_GZIP).write_bytes(cut_gzip()[0])
    host = root / "host"
    write_host_project(host, f"{events}/*.json*")
    host_dbt(host, "deps")
    host_dbt(host, "build", "--exclude", "tag:heavy_test", "tag:macro_test", "--exclude-resource-type", "unit_test")
    return host


def schemas_and_tables(db: Path) -> dict[str, set[str]]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        found: dict[str, set[str]] = {}
        for schema, table in con.execute("select table_schema, table_name from information_schema.tables").fetchall():
            found.setdefault(schema, set()).add(table)
        return found
    finally:
        con.close()


def test_package_schema_prefix_var_puts_every_relation_under_the_prefix(host_project: Path) -> None:
    found = schemas_and_tables(host_project / "host.duckdb")
    assert {f"lw_{layer}" for layer in LAYERS} <= set(found)
    # nothing of the package lands in an unprefixed schema: no hard-coded schema name anywhere (bookkeeping
    # tables of landing and the seeds included)
    assert not set(found) & set(LAYERS), sorted(found)
    assert {"raw_event_lines", "landed_file_states"} <= found["lw_raw"]
    assert {"location_aliases", "quarantined_events"} <= found["lw_staging"]
    assert {"runs", "lineage_edges", "landing_audit"} <= found["lw_marts"]


def test_package_host_model_reads_a_mart_of_the_package(host_project: Path) -> None:
    con = duckdb.connect(str(host_project / "host.duckdb"), read_only=True)
    try:
        (host_runs,) = con.execute("select runs from main.lineage_job_runs").fetchone()
        (mart_runs,) = con.execute("select count(*) from lw_marts.runs").fetchone()
        lines, parsed, quarantined = con.execute(
            "select sum(lines), sum(parsed), sum(quarantined) from lw_marts.landing_audit").fetchone()
    finally:
        con.close()
    assert host_runs == mart_runs > 0
    assert lines == parsed + quarantined > 0


def test_package_without_the_plugin_lands_a_cut_gzip_as_before(host_project: Path) -> None:
    """Without the project's dbt-duckdb plugin (the host's own profile), a cut gzip stream is still recorded as
    gzip_truncated and its complete lines land: landing falls back to DuckDB's reader and the stream's trailer."""
    con = duckdb.connect(str(host_project / "host.duckdb"), read_only=True)
    try:
        recorded = con.execute("select source_file, reason, readable_lines from lw_raw.unreadable_event_files "
                               "where source_file like '%' || ?", [CUT_GZIP]).fetchall()
        (landed,) = con.execute("select count(*) from lw_raw.raw_event_lines where source_file like '%' || ?",
                                [CUT_GZIP]).fetchone()
    finally:
        con.close()
    lines = cut_gzip()[1]
    assert [(reason, readable) for _, reason, readable in recorded] == [("gzip_truncated", lines)]
    assert landed == lines


def test_package_heavy_tests_are_left_out_by_tag(host_project: Path) -> None:
    results = json.loads((host_project / "target" / "run_results.json").read_text())["results"]
    tests = {r["unique_id"]: r["status"] for r in results if r["unique_id"].startswith("test.lineage_warehouse.")}
    manifest = json.loads((host_project / "target" / "manifest.json").read_text())
    heavy = {uid for uid, node in manifest["nodes"].items()
             if node["resource_type"] == "test" and "heavy_test" in node["tags"]}
    assert "test.lineage_warehouse.test_lineage_closure_equals_traversal" in heavy
    assert len(tests) > 100, "the package's data tests ran in the host build"
    assert set(tests.values()) == {"pass"}
    assert not heavy & set(tests)


def test_package_default_schema_names_are_those_of_marts_md(corpora_duckdb: Warehouse) -> None:
    found = schemas_and_tables(corpora_duckdb.duckdb_path)
    assert set(LAYERS) <= set(found)
    assert not {schema for schema in found if schema.endswith(LAYERS) and schema not in LAYERS}


def test_package_upgrade_rebuilds_the_package_derived_layers_in_a_host_project(host_project: Path) -> None:
    """An upgrade finds this project's derived incremental models by package name, not by the name of the project
    that runs it (the host's): a host warehouse recorded as built by an earlier version has them dropped and rebuilt
    from the landed lines at its next `dbt run`, so a row they held that the landed lines do not give is gone."""
    db = host_project / "host.duckdb"
    con = duckdb.connect(str(db))
    try:
        events = con.execute("select count(*) from lw_staging.stg_events").fetchone()[0]
        con.execute("insert into lw_staging.stg_events select * from lw_staging.stg_events limit 1")
        con.execute("update lw_raw.derived_layers_version set version = 'an-earlier-version'")
    finally:
        con.close()
    proc = host_dbt(host_project, "run")
    assert "derived layers of version an-earlier-version dropped" in proc.stdout
    con = duckdb.connect(str(db), read_only=True)
    try:
        assert con.execute("select count(*) from lw_staging.stg_events").fetchone()[0] == events
        recorded = {row[0] for row in con.execute("select version from lw_raw.derived_layers_version").fetchall()}
    finally:
        con.close()
    assert recorded and "an-earlier-version" not in recorded


def test_package_retention_trims_the_package_relations_in_a_host_project(host_project: Path) -> None:
    """Retention's on-run-start hook finds this project's models by package name, not by the name of the project
    that runs it (the host's). Last in the module: it trims the host warehouse the other tests read."""
    db = host_project / "host.duckdb"
    con = duckdb.connect(str(db), read_only=True)
    try:
        newest, older = con.execute(
            "select max(event_time), count(*) filter (where event_time < (select max(event_time) "
            "from lw_staging.stg_events)) from lw_staging.stg_events").fetchone()
    finally:
        con.close()
    assert older > 0
    as_of = newest.isoformat()
    proc = host_dbt(host_project, "run", "--select", "raw_event_lines",
                    "--vars", json.dumps({"retention_days": 0, "retention_as_of": as_of}))
    assert "retention: trimmed stg_events" in proc.stdout
    con = duckdb.connect(str(db), read_only=True)
    try:
        remaining = con.execute("select count(*), min(event_time) from lw_staging.stg_events").fetchone()
    finally:
        con.close()
    assert remaining[0] > 0 and remaining[1] == newest
