#!/usr/bin/env bash
# Build the warehouse on DuckDB from the bundled sample events, publish the copy BI tools read, write the lineage
# explorer (one HTML file) beside it, and print what was built and where the explorer is. While dbt builds, one line
# per model as it finishes, and a running count of the tests that passed.
# Usage: scripts/demo.sh [EVENTS_GLOB]     (default: sample_events/*.json*)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
    sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
fi
bash scripts/setup.sh

events="${1:-sample_events/*.json*}"
export LINEAGE_DUCKDB_PATH="${LINEAGE_DUCKDB_PATH:-lineage.duckdb}"
export TZ=UTC

echo "demo: building $LINEAGE_DUCKDB_PATH from $events: seeds, models and data tests (about half a minute)"
# a line every 10 s while dbt works, so that its quiet phases (start-up, parsing, a long model) never look stuck
began=$SECONDS
( while sleep 10 >/dev/null 2>&1; do echo "demo: still building ($((SECONDS - began)) s)"; done ) &
ticker=$!
trap 'kill "$ticker" 2>/dev/null || true' EXIT
# dbt's own progress, shortened: START lines dropped, passed tests counted instead of listed
.venv/bin/dbt build --profiles-dir . --target duckdb --vars "{events_path: \"$events\"}" \
    | awk '
        / START / { next }
        / PASS / { passed++; if (passed % 50 == 0) { printf "demo: %d tests passed so far\n", passed; fflush() } next }
        { print; fflush() }
        END { printf "demo: %d tests passed\n", passed }'
kill "$ticker" 2>/dev/null || true
echo "demo: publishing the read-only copy for BI tools"
.venv/bin/python scripts/publish.py --warehouse "$LINEAGE_DUCKDB_PATH"
echo "demo: writing the lineage explorer"
published="${LINEAGE_BI_DUCKDB_PATH:-$(dirname "$LINEAGE_DUCKDB_PATH")/$(basename "$LINEAGE_DUCKDB_PATH" .duckdb)_bi.duckdb}"
explorer="$(dirname "$published")/lineage_explorer.html"
# the sample events span years: RUN and OPERATION grain keep every run of them
.venv/bin/python scripts/explorer.py --warehouse "$published" --out "$explorer" --window-days 3650
echo "demo: what the warehouse holds"
.venv/bin/python scripts/summary.py --duckdb "$LINEAGE_DUCKDB_PATH"
echo "demo: the lineage explorer: $(cd "$(dirname "$explorer")" && pwd)/$(basename "$explorer") (open it in a browser)"
