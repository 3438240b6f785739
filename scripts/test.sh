#!/usr/bin/env bash
# The whole test suite: set-up, sqlfluff, then pytest (dbt builds on DuckDB and Spark included).
# Extra arguments go to pytest, e.g. scripts/test.sh -m "not spark" for a quick run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export TZ=UTC

work=.lw_tmp/lint
mkdir -p "$work"
echo "== sqlfluff (dbt templater)" >&2
LINEAGE_DUCKDB_PATH="$work/lint.duckdb" DBT_TARGET_PATH="$work/target" DBT_LOG_PATH="$work/logs" \
    .venv/bin/sqlfluff lint $(ls -d models tests/dbt analyses 2>/dev/null) --disable-progress-bar --nocolor

echo "== pytest" >&2
.venv/bin/python -m pytest "$@"
