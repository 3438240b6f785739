"""A real Spark cluster on this machine (issue 18 part 2).

scripts/spark_cluster.sh starts a standalone master, two workers and a Spark Thrift Server from the pinned pyspark,
on 127.0.0.1 only; dbt builds the bundled sample events and the integration fixtures over thrift
(`--target cluster`) and every mart equals DuckDB's build of the same files. The test runs the commands of the
cluster section of docs/spark.md (up, `dbt build --target cluster`, `scripts/compare_engines.py --spark-target cluster
--spark-built`, down), with a state folder of its own, and checks that `down` leaves no process of the cluster.
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.lw.dbt_runner import PROJECT_DIR, Warehouse
from tests.lw.shared import FIXTURES, mart_names

sys.path.insert(0, str(PROJECT_DIR / "scripts"))

from compare_engines import compare  # noqa: E402

SCRIPT = PROJECT_DIR / "scripts" / "spark_cluster.sh"
MASTER_UI_PORT = 18080  # the script's default (LINEAGE_CLUSTER_UI_PORT)


def spark_cluster(command: str, state: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """`scripts/spark_cluster.sh <command>` with its state (pids, logs, warehouse, metastore) under `state`."""
    return subprocess.run(["bash", str(SCRIPT), command], cwd=PROJECT_DIR, text=True, capture_output=True,
                          env={**os.environ, "LINEAGE_CLUSTER_DIR": str(state), **env}, timeout=600)


def cluster_events(folder: Path) -> str:
    """The events folder of docs/spark.md: the bundled sample events and the integration fixtures side by side (one build
    lands both), without the fixtures' MANIFEST.json, which is no event file. Returns the glob."""
    shutil.copytree(PROJECT_DIR / "sample_events", folder / "sample_events")
    shutil.copytree(FIXTURES / "integrations", folder / "integrations", ignore=shutil.ignore_patterns("MANIFEST.json"))
    return f"{folder}/**/*.json*"


def cluster_jvm_commands(state: Path) -> list[list[str]]:
    """The command line of each live JVM of the cluster: every java process carrying its mark
    (scripts/spark_cluster.sh: the daemons, the thrift server and the executors)."""
    mark = f"LINEAGE_CLUSTER_MARK={state.resolve()}".encode()
    commands = []
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            marked = mark in (proc / "environ").read_bytes().split(b"\0")
            command = [part.decode() for part in (proc / "cmdline").read_bytes().split(b"\0") if part]
        except OSError:  # gone, or not ours to read
            continue
        if marked and command and command[0].endswith("/java"):
            commands.append(command)
    return commands


def master_state() -> dict[str, Any]:
    with urllib.request.urlopen(f"http://127.0.0.1:{MASTER_UI_PORT}/json/", timeout=10) as answer:
        return json.load(answer)


@pytest.mark.spark
def test_cluster_build_over_thrift_gives_duckdbs_marts(tmp_path: Path) -> None:
    """Every mart of a `dbt build --target cluster` is identical to DuckDB's, the work ran on the two workers, every
    JVM of the cluster runs the parallel garbage collector, and `down` leaves nothing running (`status` exits 3: no
    process of the cluster left)."""
    state = tmp_path / "cluster"
    events = cluster_events(tmp_path / "events")
    try:
        started = spark_cluster("up", state)
        assert started.returncode == 0, started.stderr[-4000:]
        Warehouse(tmp_path / "cluster_build", "cluster").build(events, data_tests=False)
        same, lines = compare(events, tmp_path / "compare", "cluster", spark_built=True)
        master = master_state()
        jvms = cluster_jvm_commands(state)
    finally:
        stopped = spark_cluster("down", state)
    status = spark_cluster("status", state)
    assert stopped.returncode == 0 and status.returncode == 3, stopped.stderr + status.stdout
    assert "processes of this cluster (daemons and executors): 0" in status.stdout
    identical = {line.split(":")[0] for line in lines if ": identical" in line}
    assert same and identical == set(mart_names()), "\n".join(lines[-40:])
    # the thrift server is an application of the standalone master, with one executor on each worker
    assert master["aliveworkers"] == 2
    [app] = master["activeapps"]
    assert app["name"] == "lineage_warehouse_thrift" and app["cores"] == 2, app
    # every JVM of the cluster (master, two workers, the thrift server, two executors) runs the parallel garbage
    # collector (docs/decisions/spark-parallel-gc.md) and the suite's options (C1 alone:
    # "Spark JVMs in the test suite: the client compiler")
    suite_options = os.environ["LINEAGE_SPARK_JAVA_OPTIONS"].split()
    assert len(jvms) == 6 and all({"-XX:+UseParallelGC", *suite_options} <= set(command) for command in jvms), jvms


def test_cluster_refuses_a_port_in_use_and_names_it(tmp_path: Path) -> None:
    """A fixed port already taken stops `up` before anything starts, with an error naming the port. No JVM:
    the port check comes first."""
    ports = []
    sockets = []
    for _ in range(3):
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        ports.append(probe.getsockname()[1])
        sockets.append(probe)
    taken = sockets[2]
    taken.listen()
    for probe in sockets[:2]:
        probe.close()
    state = tmp_path / "cluster"
    try:
        refused = spark_cluster("up", state, LINEAGE_CLUSTER_MASTER_PORT=str(ports[0]),
                                LINEAGE_CLUSTER_UI_PORT=str(ports[1]), LINEAGE_CLUSTER_THRIFT_PORT=str(ports[2]))
        status = spark_cluster("status", state)
    finally:
        taken.close()
        spark_cluster("down", state)  # only if the check failed to stop the start
    assert refused.returncode == 1
    assert f"port {ports[2]} on 127.0.0.1 is already in use" in refused.stderr, refused.stderr
    assert status.returncode == 3, status.stdout


@pytest.mark.spark
def test_cluster_start_is_bounded_and_a_failed_start_leaves_nothing(tmp_path: Path) -> None:
    """`up` waits at most LINEAGE_CLUSTER_TIMEOUT seconds, says what it was waiting for, and stops what it
    started. Three seconds are too few for the workers to register (their JVMs take longer to start)."""
    state = tmp_path / "cluster"
    try:
        timed_out = spark_cluster("up", state, LINEAGE_CLUSTER_TIMEOUT="3")
        status = spark_cluster("status", state)
    finally:
        spark_cluster("down", state)
    assert timed_out.returncode == 1
    assert "timed out after 3 s: the master lists" in timed_out.stderr, timed_out.stderr
    assert status.returncode == 3, status.stdout
