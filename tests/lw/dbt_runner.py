"""Run the dbt project in an isolated warehouse and read relations back.

Every warehouse gets its own DuckDB file and its own dbt target path, so tests and scripts can build several
warehouses side by side without touching the developer's one.

Two ways to run a dbt command:
- in a subprocess (the default, what scripts/bench.py times: a command as a user runs it);
- in-process (`IN_PROCESS = True`, set by tests/conftest.py): dbt's own `dbtRunner`, with the project parsed once
  per target and process (tests/lw/in_process.py), and on Spark one JVM for every command and read
  (tests/lw/spark_session.py). Spark warehouses then share that JVM's warehouse directory: one at a time.
Target `cluster` (the Spark cluster of scripts/spark_cluster.sh, over thrift) always runs dbt in a subprocess and
starts no JVM here; the cluster holds one warehouse at a time (tests/lw/cluster.py).
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Collection, Mapping, Sequence

PROJECT_DIR = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent
# tests/conftest.py turns this on for the test session
IN_PROCESS = False
# Whether Spark builds write column comments (var spark_column_comments; one ALTER TABLE per mart column). The test
# session turns them off (tests/conftest.py) but for the build that checks them (tests/test_engine_parity.py).
SPARK_COLUMN_COMMENTS = True
# What a build leaves out unless asked for every test: dbt unit tests and the singular tests of macros on literal
# inputs (tag macro_test) give the same answer on every warehouse of an engine, so the suite runs them in one
# build per engine (tests/conftest.py, tests/test_engine_parity.py).
DATA_INDEPENDENT_TESTS = ["--exclude-resource-type", "unit_test", "--exclude", "tag:macro_test"]
# A build of models and seeds only (what engine parity compares), no test of any kind.
NO_TESTS = ["--exclude-resource-type", "test", "--exclude-resource-type", "unit_test"]
# The targets whose adapter is dbt-spark: a local session and the cluster's thrift server.
SPARK_TARGETS = ("spark", "cluster")
# What LINEAGE_SPARK_JAVA_OPTIONS adds to every Spark JVM of the test suite (tests/conftest.py), the profile's and
# the cluster's: the client compiler only, with room for the code each query generates
# (docs/decisions/spark-test-suite-c1.md). Users' JVMs keep the default, both compilers.
TEST_SUITE_JAVA_OPTIONS = "-XX:TieredStopAtLevel=1 -XX:ReservedCodeCacheSize=512m"
_ENV_VAR = re.compile(r"\{\{\s*env_var\(\s*'([^']+)'\s*(?:,\s*'([^']*)'\s*)?\)\s*\}\}")


def spark_profile_parameters() -> dict[str, str]:
    """server_side_parameters of the `spark` target in profiles.yml, as written (env_var(...) not rendered)."""
    import yaml

    profile = yaml.safe_load((PROJECT_DIR / "profiles.yml").read_text())
    return {k: str(v) for k, v in profile["lineage_warehouse"]["outputs"]["spark"]["server_side_parameters"].items()}


def render_env_vars(text: str, env: Mapping[str, str]) -> str:
    """A profile value with each `{{ env_var('NAME', 'default') }}` replaced as dbt renders it; surrounding spaces
    (an option list whose variable is empty) dropped."""
    return _ENV_VAR.sub(lambda m: env.get(m.group(1), m.group(2) or ""), text).strip()


def spark_env(spark_dir: Path, java_options: str = "") -> dict[str, str]:
    """Environment for a local PySpark session: UTC, loopback, quiet logs, metastore under spark_dir. Its
    --driver-java-options replace the profile's spark.driver.extraJavaOptions, so they begin with them."""
    spark_dir.mkdir(parents=True, exist_ok=True)
    log4j = PROJECT_DIR / "config" / "spark" / "log4j2.properties"
    java_opts = render_env_vars(spark_profile_parameters().get("spark.driver.extraJavaOptions", ""), os.environ)
    java_opts += f" -Dderby.system.home={spark_dir} -Dlog4j2.configurationFile=file:{log4j} -Duser.timezone=UTC"
    java_opts += f" {java_options}" if java_options else ""
    return {
        "SPARK_LOCAL_IP": "127.0.0.1",
        "LINEAGE_SPARK_DIR": str(spark_dir),
        "PYSPARK_SUBMIT_ARGS": (
            f'--driver-java-options "{java_opts}" --conf spark.ui.showConsoleProgress=false pyspark-shell'
        ),
        "TZ": "UTC",
    }


def run_subprocess(command: list[str], env: dict[str, str], show_log: bool) -> subprocess.CompletedProcess[str]:
    """Run a command in the project directory and capture its output; with show_log, also copy each line it
    prints to stderr as it comes (its standard error then joins its standard output)."""
    if not show_log:
        return subprocess.run(command, cwd=PROJECT_DIR, env=env, text=True, capture_output=True)
    lines = []
    with subprocess.Popen(command, cwd=PROJECT_DIR, env=env, text=True, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)
            sys.stderr.write(line)
            sys.stderr.flush()
    return subprocess.CompletedProcess(command, proc.returncode, "".join(lines), "")


class Warehouse:
    """One isolated warehouse: a DuckDB file or a Spark directory, plus dbt's target directory."""

    def __init__(self, root: Path, target: str = "duckdb", in_process: bool | None = None,
                 spark_column_comments: bool | None = None, show_log: bool = False, fresh: bool = True) -> None:
        """show_log: a subprocess dbt command copies its log lines to stderr as they come (progress per model).
        fresh (target cluster): drop the lineage schemas on the cluster first; False reads what it holds."""
        self.root = Path(root)
        self.target = target
        self.spark_column_comments = SPARK_COLUMN_COMMENTS if spark_column_comments is None else spark_column_comments
        self.in_process = (IN_PROCESS if in_process is None else in_process) and target != "cluster"
        self.show_log = show_log
        self.root.mkdir(parents=True, exist_ok=True)
        self.duckdb_path = self.root / "lineage.duckdb"
        self.spark_dir = self.root / "spark"
        self.spark_generation = 0
        if target == "spark" and self.in_process:
            from tests.lw import spark_session

            self.spark_dir = spark_session.shared_spark_dir()
            self.spark_generation = spark_session.start_fresh_warehouse()
        if target == "cluster" and fresh:
            from tests.lw import cluster

            cluster.drop_schemas()

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
            extra_vars: dict[str, Any] | None = None,
            show_log: bool | None = None) -> subprocess.CompletedProcess[str]:
        """Run `dbt <args>` against this warehouse; events is the events_path glob. show_log: this command's, when
        not the warehouse's (False keeps the standard error apart, for a command whose output is parsed)."""
        variables: dict[str, Any] = dict(extra_vars or {})
        if events is not None:
            variables["events_path"] = events
        if self.target in SPARK_TARGETS and not self.spark_column_comments:
            variables.setdefault("spark_column_comments", False)
        cli = [*args, "--profiles-dir", str(PROJECT_DIR), "--project-dir", str(PROJECT_DIR), "--target", self.target]
        if variables:
            cli += ["--vars", json.dumps(variables)]
        if self.in_process:
            from tests.lw import in_process

            if self.target == "spark":
                from tests.lw import spark_session

                spark_session.check_current(self.spark_generation)
            proc = in_process.invoke(cli, self.target, self.env())
        else:
            proc = run_subprocess([str(VENV_BIN / "dbt"), *cli], self.env(),
                                  self.show_log if show_log is None else show_log)
        if check and proc.returncode != 0:
            raise RuntimeError(f"dbt {' '.join(args)} failed ({proc.returncode}):\n{proc.stdout[-6000:]}\n{proc.stderr[-3000:]}")
        return proc

    def build(self, events: str, *, full_refresh: bool = False, select: str | None = None,
              extra_vars: dict[str, Any] | None = None, every_test: bool = False,
              data_tests: bool = True, indirect_selection: str | None = None) -> subprocess.CompletedProcess[str]:
        """`dbt build`: models, seeds and data tests; unit and macro tests too when every_test; models and seeds
        only when not data_tests. indirect_selection (with select): dbt's choice of the tests of the selected models
        ('cautious': only tests whose every parent is selected)."""
        args = ["build"]
        if full_refresh:
            args.append("--full-refresh")
        if select:
            args += ["--select", select]
        if indirect_selection:
            args += ["--indirect-selection", indirect_selection]
        if not data_tests:
            args += NO_TESTS
        elif not every_test:
            args += DATA_INDEPENDENT_TESTS
        return self.dbt(args, events=events, extra_vars=extra_vars)

    def test_statuses(self) -> dict[str, str]:
        """{unique_id: status} of every test the last dbt command ran (its run_results.json)."""
        results = json.loads((self.root / "target" / "run_results.json").read_text())["results"]
        return {r["unique_id"]: r["status"] for r in results if r["unique_id"].split(".")[0] in ("test", "unit_test")}

    def compiled(self, model_path: str) -> str:
        """The SQL the last dbt command compiled for a model, e.g. compiled("raw/raw_event_lines.sql")."""
        return (self.root / "target" / "compiled" / "lineage_warehouse" / "models" / model_path).read_text()

    def read_every_batch(self, model: str) -> bool:
        """Whether the last run of an append-by-batch model, e.g. "intermediate/datasets/int_dataset_references",
        read every landing batch (no unseen-batch filter compiled in: a fresh build or a rebuild)."""
        return "landing_batch >" not in self.compiled(f"{model}.sql")

    def relations(self, schema: str,
                  names: Collection[str] | None = None) -> dict[str, tuple[list[str], list[tuple[Any, ...]]]]:
        """Every relation of a schema (or those named) as comparable rows (tests/lw/spark_reader.py), on either
        engine."""
        from tests.lw import spark_reader

        if self.target == "duckdb":
            return spark_reader.read_duckdb_relations(self.duckdb_path, schema, names)
        if self.target != "cluster" and self.in_process:
            from tests.lw import spark_session

            spark_session.check_current(self.spark_generation)
            return spark_reader.collect_relations(spark_session.session(), schema, names)
        if self.target == "cluster":
            from tests.lw import cluster

            every = cluster.read_relations(schema)
        else:
            every = spark_reader.read_spark_relations(self.spark_dir, schema)
        return {name: rows for name, rows in every.items() if names is None or name in names}

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
