#!/usr/bin/env bash
# Create the project's virtual environment (.venv at the project root) if it is missing, and (re)install the
# pinned requirements when requirements.txt changed since the last install. Safe to run repeatedly.
set -euo pipefail
cd "$(dirname "$0")/.."

python_bin="${PYTHON:-python3.11}"
command -v "$python_bin" >/dev/null 2>&1 || python_bin=python3

if [ ! -x .venv/bin/python ]; then
    echo "setup: creating .venv with $python_bin" >&2
    "$python_bin" -m venv .venv
fi

stamp=.venv/.requirements.sha256
want=$(sha256sum requirements.txt | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    echo "setup: installing pinned requirements (pyspark builds from source on first install, about a minute)" >&2
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
    echo "$want" > "$stamp"
fi
