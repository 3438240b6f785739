"""BI reads while dbt builds (issue 21, point 4; docs/decisions/bi-published-copy.md): a reader process
keeps the published file open while a build runs and publishes; the build passes, the open connection keeps
reading the copy it opened, and after reconnecting the reader sees the new data. DuckDB only: the published copy
is a DuckDB file (a Spark warehouse has no file lock to work around)."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest

from tests.lw.dbt_runner import PROJECT_DIR, Warehouse

from lineage_warehouse import publish

# A BI tool in a process of its own: it answers each command on stdin with the number of runs it sees.
READER = """
import sys, duckdb
path = sys.argv[1]
con = duckdb.connect(path, read_only=True)
for command in sys.stdin:
    command = command.strip()
    if command == "reconnect":
        con.close()
        con = duckdb.connect(path, read_only=True)
    print(con.execute("select count(*) from marts.runs").fetchone()[0], flush=True)
"""


class Reader:
    def __init__(self, published: Path) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", READER, str(published)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def ask(self, command: str) -> int:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        assert line, self.proc.stderr.read() if self.proc.stderr else "reader died"
        return int(line)

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def value_in(db: Path, sql: str) -> object:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(sql).fetchone()[0]
    finally:
        con.close()


def runs_in(db: Path) -> int:
    return value_in(db, "select count(*) from marts.runs")


def storage_version(db: Path) -> str:
    return value_in(db, "select tags['storage_version'] from duckdb_databases() where not internal")


def test_bi_publish_reader_holding_the_published_file_does_not_block_a_build(tmp_path: Path) -> None:
    events = tmp_path / "events"
    events.mkdir()
    shutil.copy(PROJECT_DIR / "sample_events" / "client_example_full_event.json", events)
    glob = f"{events}/*.json*"
    wh = Warehouse(tmp_path / "wh")
    published = tmp_path / "bi" / "lineage_bi.duckdb"
    wh.dbt(["build", "--exclude-resource-type", "test", "unit_test"], events=glob)  # models and seeds
    publish.publish(wh.duckdb_path, published, ["marts"])
    first = runs_in(wh.duckdb_path)
    # docs/decisions/duckdb-storage-version.md: the warehouse is written in DuckDB 1.5's format, the BI copy in the
    # default format, which older DuckDBs read
    assert storage_version(wh.duckdb_path) == "v1.5.0+"
    assert storage_version(published) == "v1.0.0+"

    reader = Reader(published)
    try:
        assert reader.ask("query") == first
        # the reader really holds the published file: nobody can open it for writing in place
        with pytest.raises(duckdb.IOException, match="[Ll]ock"):
            duckdb.connect(str(published))

        shutil.copy(PROJECT_DIR / "sample_events" / "dbt_ol_run.jsonl", events)
        # a build while the reader holds the published file (models and seeds: the data tests read the warehouse,
        # never the published copy)
        wh.build(glob, data_tests=False)
        publish.publish(wh.duckdb_path, published, ["marts"])
        second = runs_in(wh.duckdb_path)
        assert second > first

        assert reader.ask("query") == first  # the open connection keeps the copy it opened, whole
        assert reader.ask("reconnect") == second
    finally:
        reader.close()
    assert not list(published.parent.glob(".*.tmp*")), "no staging file is left behind"


def test_bi_publish_copies_only_the_schemas_asked_for_with_their_comments(tmp_path: Path) -> None:
    source = tmp_path / "wh.duckdb"
    con = duckdb.connect(str(source))
    con.execute("create schema marts; create schema raw")
    con.execute("create table marts.runs as select 1 as run_id; create table raw.raw_event_lines as select 1 as x")
    con.execute("comment on table marts.runs is 'one row per run'")
    con.execute("comment on column marts.runs.run_id is 'the run''s id'")
    con.close()
    published = tmp_path / "bi.duckdb"
    assert publish.publish(source, published, ["marts"]) == 1
    con = duckdb.connect(str(published), read_only=True)
    try:
        tables = con.execute("select schema_name, table_name, comment from duckdb_tables()").fetchall()
        columns = con.execute("select column_name, comment from duckdb_columns() where table_name = 'runs'").fetchall()
    finally:
        con.close()
    assert tables == [("marts", "runs", "one row per run")]
    assert columns == [("run_id", "the run's id")]


def test_bi_publish_refuses_a_missing_schema_and_keeps_the_published_copy(tmp_path: Path) -> None:
    source = tmp_path / "wh.duckdb"
    duckdb.connect(str(source)).close()
    published = tmp_path / "bi.duckdb"
    published.write_bytes(b"previous copy")
    with pytest.raises(SystemExit, match="no schema 'marts'"):
        publish.publish(source, published, ["marts"])
    assert published.read_bytes() == b"previous copy"
    assert not list(tmp_path.glob(".*.tmp*"))


def test_bi_publish_help() -> None:
    proc = subprocess.run([sys.executable, str(PROJECT_DIR / "scripts" / "publish.py"), "--help"],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and "--schemas" in proc.stdout
    proc = subprocess.run(["bash", str(PROJECT_DIR / "scripts" / "build.sh"), "--help"], capture_output=True,
                          text=True)
    assert proc.returncode == 0 and "publish" in proc.stdout
