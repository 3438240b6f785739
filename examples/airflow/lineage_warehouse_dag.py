"""Example Airflow DAG: build the lineage warehouse every 15 minutes from what the collector has landed, and
publish the read-only copy BI tools open (scripts/build.sh).

Copy it into your DAGs folder and set the two paths (or the Airflow Variables named below). The collector
(`scripts/collector.py serve --out <LANDING_DIR>`) closes a file at most 60 s after its first event, and each
build lands only files it has not read yet, so a build sees every event acknowledged up to about a minute before
it started. One build at a time (`max_active_runs=1`): dbt-duckdb holds a lock on the warehouse file.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from airflow import DAG

try:  # Airflow 3
    from airflow.providers.standard.operators.bash import BashOperator
except ImportError:  # Airflow 2
    from airflow.operators.bash import BashOperator

PROJECT_DIR = "{{ var.value.get('lineage_warehouse_dir', '/opt/lineage_warehouse') }}"
LANDING_DIR = "{{ var.value.get('lineage_landing_dir', '/data/openlineage') }}"

with DAG(
    dag_id="lineage_warehouse_build",
    description="dbt build of the lineage warehouse on the collector's landed files, then the BI copy",
    schedule=timedelta(minutes=15),
    start_date=datetime(2025, 1, 1),
    catchup=False,
    max_active_runs=1,
    default_args={"retries": 2, "retry_delay": timedelta(minutes=2)},
    tags=["lineage"],
) as dag:
    BashOperator(
        task_id="build_and_publish",
        # No closed file yet (a fresh collector) is not an error: skip the build until there is one.
        # scripts/build.sh is `dbt build` and then, only when it succeeded, publishes the copy BI tools read
        # (lineage_bi.duckdb): the same build as the README's cron line.
        bash_command=(
            f"if ! ls {LANDING_DIR}/*.jsonl >/dev/null 2>&1; then echo 'no landed file yet'; exit 99; fi; "
            f"cd {PROJECT_DIR} && bash scripts/build.sh "
            f"--vars '{{\"events_path\": \"{LANDING_DIR}/*.jsonl\"}}'"
        ),
        skip_on_exit_code=99,
        env={"LINEAGE_DUCKDB_PATH": f"{PROJECT_DIR}/lineage.duckdb",
             "LINEAGE_BI_DUCKDB_PATH": f"{PROJECT_DIR}/lineage_bi.duckdb"},
        append_env=True,
    )
