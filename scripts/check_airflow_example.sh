#!/usr/bin/env bash
# Load examples/airflow/lineage_warehouse_dag.py with Airflow's own DAG parser (DagBag), in a side venv
# (.venv-airflow, requirements-airflow.txt; created on first use, about two minutes), and check that it parses
# without import errors and that its one task runs scripts/build.sh with the events_path var.
# The test suite checks the same DAG file without Airflow (tests/test_examples.py); this is the release check
# with the real parser (docs/releasing.md). Usage: scripts/check_airflow_example.sh
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
    sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
fi
venv=.venv-airflow
if [ ! -x "$venv/bin/python" ]; then
    "${PYTHON:-python3.11}" -m venv "$venv"
fi
want=$(sha256sum requirements-airflow.txt | cut -d' ' -f1)
if [ "$(cat "$venv/.requirements.sha256" 2>/dev/null)" != "$want" ]; then
    echo "check_airflow_example: installing Airflow into $venv" >&2
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r requirements-airflow.txt
    echo "$want" > "$venv/.requirements.sha256"
fi
AIRFLOW_HOME="$PWD/.lw_tmp/airflow_home" "$venv/bin/python" - <<'PY'
import os
import sys

os.makedirs(os.environ["AIRFLOW_HOME"], exist_ok=True)
try:  # Airflow 3
    from airflow.dag_processing.dagbag import DagBag
except ImportError:  # Airflow 2
    from airflow.models.dagbag import DagBag

bag = DagBag(dag_folder="examples/airflow")
if bag.import_errors:
    sys.exit(f"import errors: {bag.import_errors}")
dag = bag.dags["lineage_warehouse_build"]
(task,) = dag.tasks
command = task.bash_command
assert "bash scripts/build.sh --vars" in command and '"events_path"' in command, command
assert "LINEAGE_BI_DUCKDB_PATH" in task.env, task.env
print(f"check_airflow_example: {dag.dag_id} parses with Airflow; task {task.task_id} runs scripts/build.sh")
PY
