"""The project's dbt unit tests and its singular tests of macros on literal inputs (tag macro_test) run in one
DuckDB build with every test (tests/conftest.py `corpora_duckdb`); the macro tests run on Spark too, in the Spark
history's first build (tests/test_engine_parity.py): a model's SQL is the same text on both engines but for the
cross_db macros these test (docs/decisions/tests-unit-duckdb-macro-both.md). The
other builds of the suite leave them out (tests/lw/dbt_runner.py DATA_INDEPENDENT_TESTS). This checks that the one
DuckDB build ran each of them and each passed."""
from __future__ import annotations

import shutil
from pathlib import Path

import duckdb

from tests.lw import in_process
from tests.lw.dbt_runner import Warehouse


def data_independent_tests(target: str, unit_tests: bool = True) -> set[str]:
    """Unique ids of every macro_test-tagged data test of the project, and of every unit test unless told not."""
    manifest = in_process.manifest(target)
    macro_tests = {uid for uid, node in manifest.nodes.items()
                   if node.resource_type == "test" and "macro_test" in node.tags}
    return macro_tests | (set(manifest.unit_tests) if unit_tests else set())


def assert_every_data_independent_test_passed(wh: Warehouse, unit_tests: bool = True) -> None:
    """The last command of `wh` ran every macro test (and every unit test, unless told not) and each passed."""
    expected = data_independent_tests(wh.target, unit_tests)
    statuses = wh.test_statuses()
    assert len(expected) > 40, "the project's unit and macro tests were not found"
    assert {uid: statuses.get(uid, "not run") for uid in expected} == {uid: "pass" for uid in expected}


def test_unit_and_macro_tests_ran_and_passed_on_duckdb(corpora_duckdb: Warehouse) -> None:
    assert_every_data_independent_test_passed(corpora_duckdb)


def test_not_null_columns_reports_each_column_holding_nulls(corpora_duckdb: Warehouse, tmp_path: Path) -> None:
    """The generic test not_null_columns (macros/tests/not_null_columns.sql) checks all its columns in one read
    of the model: on a copy of the session's warehouse with NULLs written into two columns of the jobs mart, the
    jobs test fails with one row per column holding them, and the other columns are not reported."""
    wh = Warehouse(tmp_path)
    shutil.copy(corpora_duckdb.duckdb_path, wh.duckdb_path)
    select = ["test", "--select", "jobs,test_name:not_null_columns"]
    assert wh.dbt(select, check=False).returncode == 0
    con = duckdb.connect(str(wh.duckdb_path))
    try:
        con.execute("update marts.jobs set name = null where job_id in (select min(job_id) from marts.jobs)")
        con.execute("update marts.jobs set type = null")
        jobs = con.execute("select count(*) from marts.jobs").fetchone()[0]
    finally:
        con.close()
    assert wh.dbt(select, check=False).returncode != 0
    [(test_id, status)] = wh.test_statuses().items()
    assert status == "fail"
    compiled = next((wh.root / "target" / "compiled").rglob(f"{test_id.split('.')[2]}.sql")).read_text()
    assert sorted(wh.query(compiled)) == [("name", 1), ("type", jobs)]


def test_d7_location_fusion_rounds_too_few_fail_the_build(corpora_duckdb: Warehouse, tmp_path: Path) -> None:
    """D7: int_location_components labels addresses in var location_fusion_rounds rounds, and a data test fails
    the build when one more round would still change a label. On a copy of the session's warehouse whose address
    graph gains a chain x://c - x://b - x://a (two hops): the default rounds pass; with no round at all the chain
    has not converged, and the build fails on that test."""
    wh = Warehouse(tmp_path)
    shutil.copy(corpora_duckdb.duckdb_path, wh.duckdb_path)
    con = duckdb.connect(str(wh.duckdb_path))
    try:
        con.execute("insert into intermediate.int_location_address_edges (address, location_address)"
                    " values ('x://c', 'x://b'), ('x://b', 'x://a')")
    finally:
        con.close()
    select = ["build", "--select", "int_location_components"]
    assert wh.dbt(select, check=False).returncode == 0
    assert wh.query("select count(*) from intermediate.int_location_components where not converged") == [(0,)]
    assert wh.query("select distinct component from intermediate.int_location_components"
                    " where address like 'x://%'") == [("x://a",)]
    failed = wh.dbt(select, check=False, extra_vars={"location_fusion_rounds": 0})
    assert failed.returncode != 0
    assert wh.query("select count(*) > 0 from intermediate.int_location_components where not converged") == [(True,)]
    assert {status for test_id, status in wh.test_statuses().items()
            if "int_location_components_converged" in test_id} == {"fail"}


def test_d16_not_null_columns_checks_conditional_columns_only_where_their_condition_holds(
        corpora_duckdb: Warehouse, tmp_path: Path) -> None:
    """not_null_columns' `conditional` columns: stg_events' run columns must be set on run events only and its job
    columns on all but DatasetEvents (D16). The corpora's static events hold NULL run ids and event types, their
    DatasetEvents NULL job names, and the test passes; a NULL run id written into one run event fails it with that
    column alone."""
    wh = Warehouse(tmp_path)
    shutil.copy(corpora_duckdb.duckdb_path, wh.duckdb_path)
    select = ["test", "--select", "stg_events,test_name:not_null_columns"]
    con = duckdb.connect(str(wh.duckdb_path))
    try:
        assert con.execute("select count(*) from staging.stg_events where event_kind = 'DATASET' and run_id is null"
                           " and event_type is null and job_name is null").fetchone()[0] > 0
    finally:
        con.close()
    assert wh.dbt(select, check=False).returncode == 0
    con = duckdb.connect(str(wh.duckdb_path))
    try:
        con.execute("update staging.stg_events set run_id = null where event_hash in ("
                    "select min(event_hash) from staging.stg_events where event_kind = 'RUN')")
    finally:
        con.close()
    assert wh.dbt(select, check=False).returncode != 0
    [(test_id, status)] = wh.test_statuses().items()
    assert status == "fail"
    compiled = next((wh.root / "target" / "compiled").rglob(f"{test_id.split('.')[2]}.sql")).read_text()
    assert wh.query(compiled) == [("run_id", 1)]
