"""The Spark JVMs' settings (docs/decisions.md "Spark JVMs: the parallel garbage collector").

A user's `dbt build --target spark` starts its JVM from the profile's server_side_parameters (dbt-spark's session
method: one `builder.config` per parameter, then `getOrCreate`); the test suite's shared session and every Spark
subprocess of the tests and scripts start theirs with `--driver-java-options` (tests/lw/dbt_runner.py `spark_env`),
which replace the profile's `spark.driver.extraJavaOptions` and so must carry them. Both JVMs run the parallel
collector. The cluster's JVMs are checked in tests/test_cluster.py.
"""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.lw import spark_session
from tests.lw.dbt_runner import VENV_BIN, spark_env

# The names the JVM gives the parallel collector's two generations (java.lang.management).
PARALLEL_GC = {"PS Scavenge", "PS MarkSweep"}

# run in a subprocess without PYSPARK_SUBMIT_ARGS: a session started as dbt-spark's session method starts it
SESSION_AS_DBT_STARTS_IT = """
import json, sys
from pyspark.sql import SparkSession
builder = SparkSession.builder.enableHiveSupport()
for key, value in json.loads(sys.argv[1]).items():
    builder = builder.config(key, value)
spark = builder.getOrCreate()
beans = spark.sparkContext._jvm.java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()
print("@@GC@@" + json.dumps(sorted(bean.getName() for bean in beans)))
spark.stop()
"""


def garbage_collectors(spark) -> set[str]:  # type: ignore[no-untyped-def]
    beans = spark.sparkContext._jvm.java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()
    return {bean.getName() for bean in beans}


@pytest.mark.spark
def test_spark_jvm_test_sessions_run_the_parallel_garbage_collector() -> None:
    """The suite's shared session (started with spark_env's --driver-java-options) runs the parallel collector."""
    assert garbage_collectors(spark_session.session()) == PARALLEL_GC


@pytest.mark.spark
@pytest.mark.own_process  # a JVM of its own, started as a user's dbt starts it: the side lane (tests/conftest.py)
def test_spark_jvm_a_users_session_from_the_profile_runs_the_parallel_garbage_collector(tmp_path: Path) -> None:
    """The profile's server_side_parameters alone (no PYSPARK_SUBMIT_ARGS, as when a user runs dbt) give a JVM
    with the parallel collector."""
    from tests.lw.spark_reader import spark_conf

    env = {**os.environ, **spark_env(tmp_path / "spark")}
    del env["PYSPARK_SUBMIT_ARGS"]
    proc = subprocess.run([str(VENV_BIN / "python"), "-c", SESSION_AS_DBT_STARTS_IT,
                           json.dumps(spark_conf(tmp_path / "spark"))],
                          cwd=tmp_path, env=env, text=True, capture_output=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    [line] = [line for line in proc.stdout.splitlines() if line.startswith("@@GC@@")]
    assert set(json.loads(line[len("@@GC@@"):])) == PARALLEL_GC
