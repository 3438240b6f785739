"""Run the dbt project in an isolated warehouse and read relations back.

Every call gets its own DuckDB file (or Spark warehouse directory) and its own dbt target path, so
tests and scripts can build several warehouses side by side without touching the developer's one.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Sequence

PROJECT_DIR = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent


def spark_env(spark_dir: Path) -> dict[str, str]:
    """Environment for a local PySpark session: UTC, loopback, quiet logs, metastore under spark_dir."""
    spark_dir.mkdir(parents=True, exist_ok=True)
    log4j = PROJECT_DIR / "config" / "spark" / "log4j2.properties"
    java_opts = f"-Dderby.system.home={spark_dir} -Dlog4j2.configurationFile=file:{log4j} -Duser.timezone=UTC"
    return {
        "SPARK_LOCAL_IP": "127.0.0.1",
        "LINEAGE_SPARK_DIR": str(spark_dir),
        "PYSPARK_SUBMIT_ARGS": (
            f'--driver-java-options "{java_opts}" --conf spark.ui.showConsoleProgress=false pyspark-shell'
        ),
        "TZ": "UTC",
    }


class Warehouse:
    """One isolated warehouse: a DuckDB file or a Spark directory, plus dbt's target directory."""

    def __init__(self, root: Path, target: str = "duckdb") -> None:
        self.root = Path(root)
        self.target = target
        self.root.mkdir(parents=True, exist_ok=True)
        self.duckdb_path = self.root / "lineage.duckdb"
        self.spark_dir = self.root / "spark"

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        env["LINEAGE_DUCKDB_PATH"] = str(self.duckdb_path)
        env["DBT_TARGET_PATH"] = str(self.root / "target")
        env["DBT_LOG_PATH"] = str(self.root / "logs")
        env["DBT_SEND_ANONYMOUS_USAGE_STATS"] = "false"
        env["TZ"] = "UTC"
        if self.target == "spark":
            env.update(spark_env(self.spark_dir))
        return env

    def dbt(self, args: Sequence[str], events: str | None = None, check: bool = True,
            extra_vars: dict[str, Any] | None = None) -> subprocess.CompletedProcess[str]:
        """Run `dbt <args>` against this warehouse; events is the events_path glob."""
        variables: dict[str, Any] = dict(extra_vars or {})
        if events is not None:
            variables["events_path"] = events
        cmd = [str(VENV_BIN / "dbt"), *args, "--profiles-dir", str(PROJECT_DIR),
               "--project-dir", str(PROJECT_DIR), "--target", self.target]
        if variables:
            cmd += ["--vars", json.dumps(variables)]
        proc = subprocess.run(cmd, cwd=PROJECT_DIR, env=self.env(), text=True, capture_output=True)
        if check and proc.returncode != 0:
            raise RuntimeError(f"dbt {' '.join(args)} failed ({proc.returncode}):\n{proc.stdout[-6000:]}\n{proc.stderr[-3000:]}")
        return proc

    def build(self, events: str, *, full_refresh: bool = False, select: str | None = None,
              extra_vars: dict[str, Any] | None = None) -> subprocess.CompletedProcess[str]:
        args = ["build"]
        if full_refresh:
            args.append("--full-refresh")
        if select:
            args += ["--select", select]
        return self.dbt(args, events=events, extra_vars=extra_vars)

    def compiled(self, model_path: str) -> str:
        """The SQL the last dbt command compiled for a model, e.g. compiled("raw/raw_event_lines.sql")."""
        return (self.root / "target" / "compiled" / "lineage_warehouse" / "models" / model_path).read_text()

    def read_every_batch(self, model: str) -> bool:
        """Whether the last run of an append-by-batch model, e.g. "datasets/int_datasets", read every landing batch
        (no unseen-batch filter compiled in: a fresh build or a rebuild)."""
        return "landing_batch >" not in self.compiled(f"intermediate/{model}.sql")

    def query(self, sql: str) -> list[tuple[Any, ...]]:
        """Rows of a query on the DuckDB warehouse (read-only connection)."""
        import duckdb

        con = duckdb.connect(str(self.duckdb_path), read_only=True)
        try:
            con.execute("set TimeZone = 'UTC'")
            return con.execute(sql).fetchall()
        finally:
            con.close()

    def columns(self, relation: str) -> list[str]:
        import duckdb

        con = duckdb.connect(str(self.duckdb_path), read_only=True)
        try:
            return [d[0] for d in con.execute(f"select * from {relation} limit 0").description]
        finally:
            con.close()
