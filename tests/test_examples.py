"""The Airflow example runs the build that publishes the BI copy (issue 53, part 6).

Airflow itself is not a requirement of the project (a scheduler's environment has it), so the DAG file is executed
here with stand-ins for the two Airflow names it imports (`DAG`, `BashOperator`) that record what the file gives
them; the task's bash command is then rendered as Airflow renders it (Jinja, with the two Variables given) and run
against a stand-in project whose scripts/build.sh records its arguments. DuckDB lane, no dbt: under a second."""
from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import jinja2
import pytest

from tests.lw.dbt_runner import PROJECT_DIR

DAG_FILE = PROJECT_DIR / "examples" / "airflow" / "lineage_warehouse_dag.py"


class RecordingDag:
    created: list[RecordingDag] = []

    def __init__(self, **kwargs: Any) -> None:
        self.kwargs = kwargs
        self.tasks: list[dict[str, Any]] = []
        RecordingDag.created.append(self)

    def __enter__(self) -> RecordingDag:
        return self

    def __exit__(self, *exc: object) -> None:
        return None


def load_dag() -> RecordingDag:
    """Execute the DAG file with the Airflow imports replaced; the one DAG it defines, with its tasks' arguments."""
    RecordingDag.created.clear()

    def bash_operator(**kwargs: Any) -> None:
        RecordingDag.created[-1].tasks.append(kwargs)

    airflow = types.ModuleType("airflow")
    airflow.DAG = RecordingDag  # type: ignore[attr-defined]
    operators = types.ModuleType("airflow.providers.standard.operators.bash")
    operators.BashOperator = bash_operator  # type: ignore[attr-defined]
    stubs = {"airflow": airflow, "airflow.providers": types.ModuleType("airflow.providers"),
             "airflow.providers.standard": types.ModuleType("airflow.providers.standard"),
             "airflow.providers.standard.operators": types.ModuleType("airflow.providers.standard.operators"),
             "airflow.providers.standard.operators.bash": operators}
    saved = {name: sys.modules.get(name) for name in stubs}
    sys.modules.update(stubs)
    try:
        exec(compile(DAG_FILE.read_text(), str(DAG_FILE), "exec"), {"__name__": "lineage_warehouse_dag"})
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
    assert len(RecordingDag.created) == 1
    return RecordingDag.created[0]


def render(template: str, variables: dict[str, str]) -> str:
    """Airflow's rendering of a templated field: Jinja with `var.value.get(name, default)`."""
    value = types.SimpleNamespace(get=lambda name, default=None: variables.get(name, default))
    return jinja2.Template(template).render(var=types.SimpleNamespace(value=value))


def stand_in_project(root: Path) -> Path:
    build = root / "scripts" / "build.sh"
    build.parent.mkdir(parents=True)
    build.write_text('#!/usr/bin/env bash\nprintf "%s\\n" "$PWD" "$LINEAGE_DUCKDB_PATH" "$LINEAGE_BI_DUCKDB_PATH" '
                     '"$@" > build_calls.txt\n')
    build.chmod(build.stat().st_mode | stat.S_IXUSR)
    return root


def run_task(task: dict[str, Any], project: Path, landing: Path) -> subprocess.CompletedProcess[str]:
    variables = {"lineage_warehouse_dir": str(project), "lineage_landing_dir": str(landing)}
    env = {name: render(value, variables) for name, value in task["env"].items()}
    base = dict(os.environ) if task.get("append_env") else {}
    return subprocess.run(["bash", "-c", render(task["bash_command"], variables)], env={**base, **env},
                          capture_output=True, text=True, timeout=60)


@pytest.fixture()
def task() -> dict[str, Any]:
    dag = load_dag()
    assert dag.kwargs["max_active_runs"] == 1, "one build at a time: dbt-duckdb locks the warehouse file"
    (only,) = dag.tasks
    return only


def test_airflow_example_runs_build_sh_with_the_events_var_so_bi_gets_its_copy(task: dict[str, Any],
                                                                                tmp_path: Path) -> None:
    project, landing = stand_in_project(tmp_path / "project"), tmp_path / "landing"
    landing.mkdir()
    (landing / "events-1.jsonl").write_text("{}\n")
    proc = run_task(task, project, landing)
    assert proc.returncode == 0, proc.stderr
    cwd, warehouse, bi_copy, *args = (project / "build_calls.txt").read_text().splitlines()
    assert Path(cwd) == project
    assert (warehouse, bi_copy) == (f"{project}/lineage.duckdb", f"{project}/lineage_bi.duckdb")
    assert args[0] == "--vars" and json.loads(args[1]) == {"events_path": f"{landing}/*.jsonl"}
    # the project's build.sh is what publishes: dbt build, then publish.py only when the build succeeded
    build_sh = (PROJECT_DIR / "scripts" / "build.sh").read_text()
    assert "dbt build" in build_sh and "scripts/publish.py" in build_sh and "set -euo pipefail" in build_sh


def test_airflow_example_skips_the_build_while_no_file_is_closed(task: dict[str, Any], tmp_path: Path) -> None:
    project, landing = stand_in_project(tmp_path / "project"), tmp_path / "landing"
    landing.mkdir()
    (landing / ".tmp").mkdir()
    (landing / ".tmp" / "events-1.open").write_text("{}\n")  # the collector's open file is not in the glob
    proc = run_task(task, project, landing)
    assert proc.returncode == task["skip_on_exit_code"] == 99
    assert not (project / "build_calls.txt").exists()
