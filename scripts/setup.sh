#!/usr/bin/env bash
# Create the project's virtual environment (.venv at the project root) if it is missing, and (re)install the
# pinned requirements when requirements.txt changed since the last install; install Debian's Chromium and its
# driver when missing (the lineage explorer's browser tests, tests/test_explorer.py). Safe to run repeatedly.
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

if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "setup: installing Chromium and chromedriver from the Debian packages (the explorer's browser tests)" >&2
        apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver \
            >/dev/null || echo "setup: could not install chromium: tests/test_explorer.py needs it" >&2
    else
        echo "setup: chromium and chromedriver are missing (apt-get install chromium chromium-driver, as root):" \
            "tests/test_explorer.py needs them" >&2
    fi
fi
