"""The Spark JVMs' settings (docs/decisions/spark-parallel-gc.md).

A user's `dbt build --target spark` starts its JVM from the profile's server_side_parameters (dbt-spark's session
method: one `builder.config` per parameter, then `getOrCreate`); the test suite's shared session and every Spark
subprocess of the tests and scripts start theirs with `--driver-java-options` (tests/lw/dbt_runner.py `spark_env`),
which replace the profile's `spark.driver.extraJavaOptions` and so must carry them. Both JVMs run the parallel
collector, and in the suite the options of LINEAGE_SPARK_JAVA_OPTIONS (C1 alone:
docs/decisions/spark-test-suite-c1.md). The cluster's JVMs are checked in tests/test_cluster.py.
"""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.lw import spark_session
from tests.lw.dbt_runner import (TEST_SUITE_JAVA_OPTIONS, VENV_BIN, render_env_vars, spark_env,
                                  spark_profile_parameters)

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
arguments = spark.sparkContext._jvm.java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments()
print("@@ARGS@@" + json.dumps(list(arguments)))
spark.stop()
"""


def garbage_collectors(spark) -> set[str]:  # type: ignore[no-untyped-def]
    beans = spark.sparkContext._jvm.java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()
    return {bean.getName() for bean in beans}


def jvm_arguments(spark) -> list[str]:  # type: ignore[no-untyped-def]
    return list(spark.sparkContext._jvm.java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments())


def printed(stdout: str, marker: str) -> Any:
    """The JSON value SESSION_AS_DBT_STARTS_IT printed on its one line starting with marker."""
    [line] = [line for line in stdout.splitlines() if line.startswith(marker)]
    return json.loads(line[len(marker):])


def suite_java_options() -> list[str]:
    """The options the suite adds to every Spark JVM (tests/conftest.py sets LINEAGE_SPARK_JAVA_OPTIONS)."""
    options = os.environ["LINEAGE_SPARK_JAVA_OPTIONS"].split()
    assert options == TEST_SUITE_JAVA_OPTIONS.split() and "-XX:TieredStopAtLevel=1" in options, options
    return options


@pytest.mark.spark
def test_spark_jvm_test_sessions_run_the_parallel_garbage_collector() -> None:
    """The suite's shared session (started with spark_env's --driver-java-options) runs the parallel collector, and
    compiles with C1 alone (docs/decisions/spark-test-suite-c1.md)."""
    spark = spark_session.session()
    assert garbage_collectors(spark) == PARALLEL_GC
    arguments = jvm_arguments(spark)
    assert set(suite_java_options()) <= set(arguments), arguments


def test_spark_jvm_users_keep_both_compilers_unless_they_add_options(tmp_path: Path) -> None:
    """The profile's driver options are the parallel collector alone when LINEAGE_SPARK_JAVA_OPTIONS is unset (a
    user's JVM keeps the JIT's default, C1 then C2: the C1-only JVM ran the bench's 20,000-event incremental Spark
    run slower), and carry the variable's options when it is set, as dbt renders the profile."""
    from tests.lw.spark_reader import spark_conf

    key = "spark.driver.extraJavaOptions"
    unset = {k: v for k, v in os.environ.items() if k != "LINEAGE_SPARK_JAVA_OPTIONS"}
    assert render_env_vars(spark_profile_parameters()[key], unset) == "-XX:+UseParallelGC"
    assert spark_conf(tmp_path / "spark")[key].split() == [
        "-XX:+UseParallelGC", *suite_java_options()]


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
    assert set(printed(proc.stdout, "@@GC@@")) == PARALLEL_GC
    # the suite's options reach a JVM started from the profile alone (through its env_var)
    arguments = printed(proc.stdout, "@@ARGS@@")
    assert set(suite_java_options()) <= set(arguments), arguments
