"""Test-session set-up (docs/decisions/tests-suite-layout.md).

- dbt runs in-process (tests/lw/in_process.py): one parse per target, one JVM for every Spark command and read.
- The warehouses several modules read are built once per test session, whichever worker asks first
  (tests/lw/shared.py); they are read, never changed.
- Under pytest-xdist (`scripts/test.sh` runs `-n 3 --dist loadgroup`) the tests run in three lanes, one per
  worker: every Spark test that runs in this process's JVM in the `spark` lane (with the DuckDB modules of
  SPARK_LANE_DUCKDB_MODULES), the modules of SIDE_LANE_MODULES (and tests marked own_process) in `side`, the rest in
  `duckdb`.
"""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
from _pytest.nodeid import coerce_node_id

from tests.lw import dbt_runner
from tests.lw.cpu import process_tree_cpu_seconds
from tests.lw.dbt_runner import Warehouse
from tests.lw.demo import DemoBuild, run_demo
from tests.lw.shared import CORPORA_GLOB, HOSTILE_GLOB, shared_warehouse

# Modules whose work runs in other processes than the worker's, with no Spark session of the worker: the cluster
# (its own JVMs, driven over thrift), sqlfluff, bench.py and demo.sh (subprocesses); single tests say so with
# @pytest.mark.own_process. They wait more than they compute, so a third worker runs them beside the two engine lanes
# (docs/decisions/tests-suite-layout.md). A few DuckDB modules with warehouses of their own (test_scale,
# test_mutations, test_dataset_tags) run there too, so that the three lanes end together.
SIDE_LANE_MODULES = {"test_cluster", "test_lint", "test_bench", "test_demo", "test_scale", "test_mutations",
                     "test_dataset_tags", "test_explorer"}
# DuckDB-only modules of their own warehouses (no shared one) that run in the Spark lane, so that the lanes end
# together.
SPARK_LANE_DUCKDB_MODULES = {"test_incremental_late_events"}


def pytest_configure(config: pytest.Config) -> None:
    dbt_runner.IN_PROCESS = True
    # one ALTER TABLE per mart column costs ~10 s per Spark build: only the build that checks them writes them
    dbt_runner.SPARK_COLUMN_COMMENTS = False
    os.environ["TZ"] = "UTC"  # PySpark and the readers turn timestamps into naive datetimes in this zone
    time.tzset()
    # every Spark JVM of the suite (the shared session, subprocesses, the cluster's) compiles with C1 alone: a third
    # less CPU for the suite's short builds (docs/decisions/spark-test-suite-c1.md)
    os.environ.setdefault("LINEAGE_SPARK_JAVA_OPTIONS", dbt_runner.TEST_SUITE_JAVA_OPTIONS)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """With LW_CPU_TIMES set (scripts/test.sh), one line per test in that file: lane, CPU seconds of this worker's
    process tree while the test (setup, call, teardown) ran, wall seconds, node id (tests/lw/cpu.py)."""
    log = os.environ.get("LW_CPU_TIMES")
    if not log:
        yield
        return
    cpu_before, wall_before = process_tree_cpu_seconds(), time.perf_counter()
    yield
    cpu_used, wall = process_tree_cpu_seconds() - cpu_before, time.perf_counter() - wall_before
    with open(log, "a", encoding="utf-8") as out:
        out.write(f"{lane(item)}\t{cpu_used:.1f}\t{wall:.1f}\t{item.nodeid}\n")


# warehouses several modules read (tests/lw/shared.py): the DuckDB lane builds them first, another lane reads them last
SHARED_WAREHOUSES = {"corpora_duckdb", "hostile_duckdb", "jobs_runs_duckdb"}


def lane(item: pytest.Item) -> str:
    module = Path(str(item.fspath)).stem
    if module in SIDE_LANE_MODULES or item.get_closest_marker("own_process"):
        return "side"
    return "spark" if item.get_closest_marker("spark") or module in SPARK_LANE_DUCKDB_MODULES else "duckdb"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def reads_shared(item: pytest.Item) -> bool:
        return bool(set(getattr(item, "fixturenames", ())) & SHARED_WAREHOUSES)

    def order(item: pytest.Item) -> int:  # sorted() keeps the collection order within each rank
        return (0 if reads_shared(item) else 1) if lane(item) == "duckdb" else (1 if reads_shared(item) else 0)

    items[:] = sorted(items, key=order)
    for item in items:
        item.add_marker(pytest.mark.xdist_group(lane(item)))
        in_lane(item)


def in_lane(item: pytest.Item) -> None:
    """Give the item's node id the `@lane` suffix by which `--dist loadgroup` keeps a group on one worker.
    pytest-xdist 3.8 writes it into `item._nodeid`, which pytest 9 no longer reads (the id is `item._id`), so
    without this every test was scheduled alone and the lanes were not kept."""
    suffix = "@" + lane(item)
    if not item.nodeid.endswith(suffix):
        item._id = coerce_node_id(item.nodeid + suffix)  # noqa: SLF001 (the same private field xdist means to set)


@pytest.fixture(scope="session")
def corpora_duckdb(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    """`dbt build` of the shared corpora (tests/fixtures/events) on DuckDB, with every test of the project: unit
    and macro tests run here once for DuckDB (tests/test_dbt_tests.py checks they ran)."""
    return shared_warehouse(tmp_path_factory, "corpora", lambda wh: wh.build(CORPORA_GLOB, every_test=True))


@pytest.fixture(scope="session")
def hostile_duckdb(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    """`dbt build` of the hostile set (tests/fixtures/hostile) on DuckDB."""
    return shared_warehouse(tmp_path_factory, "hostile", lambda wh: wh.build(HOSTILE_GLOB))


@pytest.fixture(scope="session")
def spark_history(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The Spark lane's history of batches (tests/test_incremental.py `spark_history`), read by the engine parity
    (corpora and hostile set), jobs/runs, incremental and retention Spark tests. Its Spark warehouse is gone once
    another Spark test starts: it keeps data only."""
    from tests.test_incremental import spark_history as run_history

    return run_history(tmp_path_factory.mktemp("spark_history"))


@pytest.fixture(scope="session")
def demo_build(tmp_path_factory: pytest.TempPathFactory) -> DemoBuild:
    """scripts/demo.sh run once (the sample events on DuckDB, the BI copy, the lineage explorer), read by
    tests/test_demo.py and tests/test_explorer.py, both in the side lane."""
    return run_demo(tmp_path_factory.mktemp("demo"))
