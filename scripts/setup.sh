#!/usr/bin/env bash
# Create the project's virtual environment (.venv at the project root) if it is missing, and install a set of
# pinned requirements when its files changed since that set was last installed, then the project's package
# (pyproject.toml: the `lineage-warehouse` command) as an editable install of this clone. Safe to run repeatedly.
# Usage: scripts/setup.sh [--spark | --dev]
#   (none)    the DuckDB set, requirements.txt: demo, builds, the BI copy, the collector (no Java needed)
#   --spark   adds requirements-spark.txt: the spark and cluster targets (needs Java 17)
#   --dev     adds requirements-dev.txt too: the test suite, sqlfluff, the benchmark plot (scripts/test.sh uses it)
# PYTHON names the interpreter that creates the venv (default python3.11).
set -euo pipefail
cd "$(dirname "$0")/.."

set_name=duckdb
case "${1:-}" in
    "") ;;
    --spark) set_name=spark ;;
    --dev) set_name=dev ;;
    -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "setup: unknown option $1 (see --help)" >&2; exit 2 ;;
esac

# Each set, the files that make it: a set includes the ones before it (requirements-dev.txt reads
# requirements-spark.txt, which reads requirements.txt), and every set the package (pyproject.toml).
files_of() {
    case "$1" in
        duckdb) echo requirements.txt pyproject.toml ;;
        spark) echo requirements.txt pyproject.toml requirements-spark.txt ;;
        dev) echo requirements.txt pyproject.toml requirements-spark.txt requirements-dev.txt ;;
    esac
}
top_file_of() {
    case "$1" in
        duckdb) echo requirements.txt ;;
        spark) echo requirements-spark.txt ;;
        dev) echo requirements-dev.txt ;;
    esac
}
digest_of() {
    # shellcheck disable=SC2046  # the file names are a word list
    cat $(files_of "$1") | sha256sum | cut -d' ' -f1
}
stamp_of() { echo ".venv/.requirements-$1.sha256"; }

python_bin="${PYTHON:-python3.11}"
command -v "$python_bin" >/dev/null 2>&1 || python_bin=python3

if [ ! -x .venv/bin/python ]; then
    echo "setup: creating .venv with $python_bin" >&2
    "$python_bin" -m venv .venv
fi

want=$(digest_of "$set_name")
stamp=$(stamp_of "$set_name")
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    case "$set_name" in
        duckdb) echo "setup: installing the DuckDB requirements (requirements.txt)" >&2 ;;
        *) echo "setup: installing $(top_file_of "$set_name") and what it includes" \
               "(pyspark builds from source on first install, about a minute)" >&2 ;;
    esac
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -r "$(top_file_of "$set_name")"
    # the package, from this clone: its dependencies are the pinned files just installed (--no-deps), and the
    # setuptools pinned there builds it (--no-build-isolation: nothing more is fetched)
    .venv/bin/python -m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e .
    # a set installs the smaller sets it includes: stamp those too, so that the demo's plain set-up after
    # scripts/test.sh's --dev installs nothing
    for included in duckdb spark dev; do
        digest_of "$included" > "$(stamp_of "$included").new"
        mv "$(stamp_of "$included").new" "$(stamp_of "$included")"
        [ "$included" = "$set_name" ] && break
    done
fi
