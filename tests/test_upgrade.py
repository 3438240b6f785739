"""Upgrades: a warehouse built by an earlier version of the project rebuilds its derived layers from raw
(macros/derived_layers.sql, docs/decisions/upgrades-derived-layers-rebuilt.md)."""
from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path

import pytest

from tests.lw import in_process
from tests.lw.dbt_runner import PROJECT_DIR, Warehouse
from tests.test_incremental import comparable, differences
from tests.test_raw_landing import event, write

VERSION_MACRO = PROJECT_DIR / "macros" / "derived_layers.sql"


def project_version() -> str:
    found = re.search(r"macro derived_layers_version\(\).*?return\('([^']+)'\)", VERSION_MACRO.read_text(), re.S)
    assert found, "derived_layers_version() returns a string literal"
    return found.group(1)


def derived_incremental_models(wh: Warehouse) -> list[tuple[str, str]]:
    """(schema, relation) of every incremental model outside raw, from the project's manifest (parsed in-process
    for the warehouse's target)."""
    nodes = [node for node in in_process.manifest(wh.target).nodes.values() if node.resource_type == "model"]
    landing_schema = next(node.schema for node in nodes if node.name == "raw_event_lines")
    return sorted((node.schema, node.alias) for node in nodes
                  if node.config.materialized == "incremental" and node.schema != landing_schema)


def columns_digest(wh: Warehouse) -> str:
    """A digest of the columns (name and type, in order) of every derived incremental model."""
    described = []
    for schema, relation in derived_incremental_models(wh):
        columns = wh.query("select column_name, data_type from information_schema.columns where table_schema = '"
                           f"{schema}' and table_name = '{relation}' order by ordinal_position")
        assert columns, f"{schema}.{relation} was built"
        described.append(f"{schema}.{relation}(" + ", ".join(f"{name} {kind}" for name, kind in columns) + ")")
    return hashlib.sha256("\n".join(described).encode()).hexdigest()[:12]


def recorded_version(wh: Warehouse) -> list[tuple[str]]:
    return wh.query("select version from raw.derived_layers_version")


@pytest.fixture(scope="module")
def events(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("upgrade_events")
    for number in range(3):
        write(folder / f"f{number}.jsonl", event(number * 2) + "\n" + event(number * 2 + 1) + "\n")
    return f"{folder}/*.jsonl"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, events: str) -> Warehouse:
    """One build of the events; each test below works on a copy of its database file."""
    wh = Warehouse(tmp_path_factory.mktemp("upgrade_built") / "wh")
    wh.build(events, data_tests=False)
    return wh


def copy_of(built: Warehouse, root: Path) -> Warehouse:
    wh = Warehouse(root / "wh")
    wh.duckdb_path.parent.mkdir(parents=True, exist_ok=True)
    for suffix in ("", ".wal"):
        source = Path(str(built.duckdb_path) + suffix)
        if source.exists():
            shutil.copyfile(source, str(wh.duckdb_path) + suffix)
    return wh


def test_upgrade_version_names_the_columns_of_the_derived_incremental_models(built: Warehouse) -> None:
    """A change of what a derived incremental model's rows hold bumps derived_layers_version: a change of its
    columns cannot be forgotten, since the version ends with their digest."""
    wh = built
    digest = columns_digest(wh)
    assert project_version().endswith("-" + digest), (
        f"the columns of the derived incremental models changed: set derived_layers_version() in {VERSION_MACRO.name}"
        f" to '<n+1>-{digest}'")
    assert recorded_version(wh) == [(project_version(),)]


def test_upgrade_outdated_warehouse_rebuilds_derived_layers_from_raw(tmp_path: Path, events: str,
                                                                   built: Warehouse) -> None:
    """A warehouse recorded with another version (here: rows of a derived model lost, as if its old code had
    written other rows) is rebuilt from raw by the next build, which equals a fresh build; the new version is
    recorded. Landing is not repeated: raw keeps its one batch."""
    wh = copy_of(built, tmp_path)
    expected = {schema: comparable(wh.relations(schema), schema) for schema in ("staging", "intermediate", "marts")}
    _tamper(wh, version="0-old")

    wh.build(events, data_tests=False)
    assert recorded_version(wh) == [(project_version(),)]
    assert wh.query("select distinct landing_batch from raw.raw_event_lines") == [(1,)]
    for schema, rows in expected.items():
        assert differences(comparable(wh.relations(schema), schema), rows) == {}, schema


def test_upgrade_same_version_appends_as_before(tmp_path: Path, events: str, built: Warehouse) -> None:
    """The control of the test above: with the version unchanged, the lost rows stay lost (nothing is rebuilt)."""
    wh = copy_of(built, tmp_path)
    _tamper(wh, version=project_version())
    wh.build(events, data_tests=False)
    assert wh.query("select count(*) from staging.stg_event_payloads") == [(0,)]


def test_upgrade_outdated_warehouse_and_a_partial_selection_stops_with_the_reason(tmp_path: Path, events: str,
                                                                                  built: Warehouse) -> None:
    wh = copy_of(built, tmp_path)
    _tamper(wh, version="0-old")
    proc = wh.dbt(["run", "--select", "marts"], events=events, check=False)
    assert proc.returncode != 0
    assert "built by an earlier version of the project" in proc.stdout + proc.stderr
    assert recorded_version(wh) == [("0-old",)]


def _tamper(wh: Warehouse, version: str) -> None:
    """Empty one derived incremental model and record `version` as the one the warehouse was built with."""
    import duckdb

    con = duckdb.connect(str(wh.duckdb_path))
    try:
        con.execute("delete from staging.stg_event_payloads")
        con.execute("update raw.derived_layers_version set version = ?", [version])
    finally:
        con.close()
