#!/usr/bin/env bash
# `dbt build` on DuckDB, then, only when it succeeded, publish the copy BI tools read (scripts/publish.py) and write
# the lineage explorer beside it (scripts/explorer.py: lineage_explorer.html, one file that opens in a browser).
# Usage: scripts/build.sh [dbt build arguments...]   e.g. scripts/build.sh --vars '{events_path: "/data/ol/*.jsonl"}'
# The warehouse is LINEAGE_DUCKDB_PATH (default lineage.duckdb), the published copy LINEAGE_BI_DUCKDB_PATH
# (default lineage_bi.duckdb); LINEAGE_BI_SCHEMAS (default marts) lists the schemas published.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
    sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
fi
export LINEAGE_DUCKDB_PATH="${LINEAGE_DUCKDB_PATH:-lineage.duckdb}"
export TZ=UTC
.venv/bin/dbt build --profiles-dir . --target duckdb "$@"
# shellcheck disable=SC2086  # LINEAGE_BI_SCHEMAS is a space-separated list
.venv/bin/python scripts/publish.py --schemas ${LINEAGE_BI_SCHEMAS:-marts}
# the explorer reads the published schema whose name ends in marts (with a prefix var: e.g. lw_marts)
schema=marts
for published in ${LINEAGE_BI_SCHEMAS:-marts}; do
    case "$published" in *marts) schema="$published"; break ;; esac
done
.venv/bin/python scripts/explorer.py --schema "$schema"
