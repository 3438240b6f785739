#!/usr/bin/env bash
# Install Debian's Chromium and its driver when missing: the lineage explorer's browser tests
# (tests/test_explorer.py) and scripts/lineage_graph.py drive them. scripts/test.sh runs it after setup.sh --dev.
# Safe to run repeatedly; needs root and apt-get to install, else it says what is missing.
set -euo pipefail
case "${1:-}" in
    -h|--help) sed -n '2,4p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
esac
if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing Chromium and chromedriver from the Debian packages (the explorer's browser tests)" >&2
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver \
        >/dev/null || echo "setup: could not install chromium: tests/test_explorer.py needs it" >&2
else
    echo "setup: chromium and chromedriver are missing (apt-get install chromium chromium-driver, as root):" \
        "tests/test_explorer.py needs them" >&2
fi
