#!/usr/bin/env bash
# The whole test suite: set-up, then pytest: sqlfluff (tests/test_lint.py), dbt builds on DuckDB and Spark, the rest.
# Extra arguments go to pytest, e.g. scripts/test.sh -m "not spark" for a quick run, or -n 0 for one process.
# At the end it prints how long each phase took, the dbt commands' time per engine and command, and the CPU seconds
# per lane and of the costliest tests (tests/lw/cpu.py; docs/decisions/tests-suite-layout.md).
set -euo pipefail
cd "$(dirname "$0")/.."
export TZ=UTC

work=.lw_tmp/test
rm -rf "$work"
mkdir -p "$work"
phases=()
now() { date +%s; }

began=$(now)
bash scripts/setup.sh --dev
bash scripts/setup_browser.sh
phases+=("set-up $(( $(now) - began )) s")

began=$(now)
echo "== pytest (three lanes: duckdb, spark and side, tests/conftest.py)" >&2
status=0
LW_DBT_TIMINGS="$PWD/$work/dbt_timings.tsv" LW_CPU_TIMES="$PWD/$work/cpu_times.tsv" \
    .venv/bin/python -m pytest -n 3 --dist loadgroup --durations=25 "$@" || status=$?
phases+=("pytest $(( $(now) - began )) s")

echo "== time per phase: ${phases[*]/%/;}" >&2
if [ -s "$work/dbt_timings.tsv" ]; then
    echo "== dbt commands (in-process) per engine and command: count, seconds" >&2
    sort "$work/dbt_timings.tsv" | awk -F'\t' '{n[$1" "$2]++; s[$1" "$2]+=$3}
        END {for (k in n) printf "   %-16s %4d %8.1f\n", k, n[k], s[k]}' | sort >&2
fi
if [ -s "$work/cpu_times.tsv" ]; then
    echo "== CPU seconds per lane (each worker's process tree: what a cut saves on busy cores), wall seconds" >&2
    awk -F'\t' '{c[$1]+=$2; w[$1]+=$3} END {for (k in c) printf "   %-8s %8.1f %8.1f\n", k, c[k], w[k]}' \
        "$work/cpu_times.tsv" | sort >&2
    echo "== the 15 tests using the most CPU: CPU seconds, wall seconds, test" >&2
    # awk, not head, takes the first 15: head would close the pipe early and sort's SIGPIPE (exit 141) would fail
    # the run under pipefail.
    sort -t$'\t' -k2,2 -rn "$work/cpu_times.tsv" | awk -F'\t' 'NR <= 15 {printf "   %8.1f %8.1f %s\n", $2, $3, $4}' >&2
fi
exit "$status"
