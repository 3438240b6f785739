"""dbt commands run in this Python process: dbt's own `dbtRunner`, with the project parsed once per target.

A subprocess per command pays Python's and dbt's start, a full parse (each warehouse has its own target path, so
no partial parse carries over) and, on Spark, a JVM start. Here the parsed manifest of each target is kept and
handed to every later command: vars given with --vars still apply, because dbt renders model SQL, hooks and
macros when it compiles them, not when it parses. The project reads vars at parse time only in the
accepted_values data test on var('schema_max_depth'), which no test sets.
"""
from __future__ import annotations

import contextlib
import os
import subprocess
import time
from typing import Any, Iterator, Sequence

from tests.lw.dbt_runner import PROJECT_DIR

_manifests: dict[str, Any] = {}


@contextlib.contextmanager
def environment(env: dict[str, str]) -> Iterator[None]:
    """os.environ replaced by env and the project as working directory (relative event globs), then restored."""
    saved, cwd = dict(os.environ), os.getcwd()
    os.environ.clear()
    os.environ.update(env)
    os.chdir(PROJECT_DIR)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)
        os.chdir(cwd)


def release_duckdb() -> None:
    """Close the DuckDB database dbt-duckdb keeps open for the process, so the file can be read (read-only) and
    another warehouse opened. dbt-duckdb holds it in a class attribute: there is no public call for this."""
    from dbt.adapters.duckdb.connections import DuckDBConnectionManager

    with DuckDBConnectionManager._LOCK:
        if DuckDBConnectionManager._ENV is not None:
            DuckDBConnectionManager._ENV.close()
            DuckDBConnectionManager._ENV = None


def manifest(target: str) -> Any:
    """The project parsed for a target (parsed on first use in this process)."""
    from dbt.cli.main import dbtRunner

    if target not in _manifests:
        result = dbtRunner().invoke(["parse", "--quiet", "--profiles-dir", str(PROJECT_DIR),
                                     "--project-dir", str(PROJECT_DIR), "--target", target])
        if not result.success:
            raise RuntimeError(f"dbt parse for target {target} failed: {result.exception}")
        _manifests[target] = result.result
    return _manifests[target]


def invoke(cli: Sequence[str], target: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Run one dbt command (cli without the leading `dbt`) in-process; the result looks like a finished subprocess
    whose stdout holds dbt's log messages (debug messages left out)."""
    from dbt.cli.main import dbtRunner

    messages: list[str] = []

    def keep(event: Any) -> None:
        if event.info.level != "debug":
            messages.append(event.info.msg)

    began = time.perf_counter()
    with environment(env):
        try:
            # no manifest.json (the manifest is the one parsed here: dbt wrote 4 MB of JSON after every command) and
            # no debug lines in logs/dbt.log (every statement's SQL, 4 MB a build): CPU the suite spent on files
            # nobody reads; run_results.json is written below, and a command's messages are kept in its stdout
            result = dbtRunner(manifest=manifest(target), callbacks=[keep]).invoke(
                [*cli, "--quiet", "--no-write-json", "--log-level-file", "info"])
            if hasattr(result.result, "write"):
                result.result.write(os.path.join(env["DBT_TARGET_PATH"], "run_results.json"))
        finally:
            if target == "duckdb":
                release_duckdb()
    if result.exception is not None:
        messages.append(str(result.exception))
    log_timing(target, cli, time.perf_counter() - began, env)
    return subprocess.CompletedProcess(["dbt", *cli], 0 if result.success else 1, "\n".join(messages), "")


def log_timing(target: str, cli: Sequence[str], seconds: float, env: dict[str, str]) -> None:
    """One line per dbt command in the file named by LW_DBT_TIMINGS (scripts/test.sh sums them up per command):
    target, command, seconds, the warehouse's target path."""
    log = os.environ.get("LW_DBT_TIMINGS")
    if log:
        with open(log, "a", encoding="utf-8") as out:
            out.write(f"{target}\t{cli[0]}\t{seconds:.2f}\t{env.get('DBT_TARGET_PATH', '')}\n")
