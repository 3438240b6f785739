"""One Spark session per Python process, shared by every in-process dbt run and every read of a Spark warehouse.

dbt-spark's `session` method calls `SparkSession.builder.getOrCreate()`, so dbt invoked in-process reuses the JVM
this module starts instead of paying a JVM start per command. The warehouse directory and the Derby metastore are
static settings of that JVM: every Spark warehouse of the process lives in one directory (`shared_spark_dir()`),
and a new warehouse starts by dropping the databases the previous one left (`start_fresh_warehouse()`). Only the
newest Spark warehouse of a process is readable; tests build one at a time.
"""
from __future__ import annotations

import atexit
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.lw.dbt_runner import PROJECT_DIR, spark_env

_state: dict[str, Any] = {"dir": None, "generation": 0}


def shared_spark_dir() -> Path:
    """The process's Spark directory (warehouse + metastore), created with the environment the JVM needs."""
    if _state["dir"] is None:
        base = PROJECT_DIR / ".lw_tmp"
        base.mkdir(exist_ok=True)
        spark_dir = Path(tempfile.mkdtemp(prefix=f"spark-{os.getpid()}-", dir=base))
        os.environ.update(spark_env(spark_dir))  # read when the JVM starts, and by profiles.yml's env_var()
        time.tzset()  # PySpark converts timestamps to naive datetimes in the process time zone
        atexit.register(shutil.rmtree, spark_dir, ignore_errors=True)
        _state["dir"] = spark_dir
    return _state["dir"]


def session() -> Any:
    """The process's SparkSession, configured like the dbt `spark` target (the first caller creates it)."""
    from pyspark.sql import SparkSession

    from tests.lw.spark_reader import spark_conf

    builder = SparkSession.builder.enableHiveSupport()
    for key, value in spark_conf(shared_spark_dir()).items():
        builder = builder.config(key, value)

    return builder.getOrCreate()


def start_fresh_warehouse() -> int:
    """Drop every database but `default` and return the new warehouse's generation number."""
    spark = session()
    for database in spark.catalog.listDatabases():
        if database.name != "default":
            spark.sql(f"drop database if exists `{database.name}` cascade")
    spark.catalog.clearCache()
    _state["generation"] += 1
    return _state["generation"]


def check_current(generation: int) -> None:
    """Fail loudly when a warehouse is used after a newer one replaced it in the shared session."""
    if generation != _state["generation"]:
        raise RuntimeError(f"Spark warehouse {generation} was replaced by warehouse {_state['generation']} in this "
                           "process's shared Spark session: build and read one Spark warehouse at a time")
