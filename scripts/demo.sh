#!/usr/bin/env bash
# Build the warehouse on DuckDB from the bundled sample events and print what was built.
# Usage: scripts/demo.sh [EVENTS_GLOB]     (default: sample_events/*.json*)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh

events="${1:-sample_events/*.json*}"
export LINEAGE_DUCKDB_PATH="${LINEAGE_DUCKDB_PATH:-lineage.duckdb}"
export TZ=UTC

.venv/bin/dbt build --profiles-dir . --target duckdb --vars "{events_path: \"$events\"}" --quiet
.venv/bin/python scripts/summary.py --duckdb "$LINEAGE_DUCKDB_PATH"
