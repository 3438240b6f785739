"""A release (issue 53, part 3): a licence, a changelog in the Keep a Changelog format, and one semantic version in
dbt_project.yml, src/lineage_warehouse/version.py (the package's and the scripts' --version) and the changelog's newest release. DuckDB lane, no
dbt build: about a second (one script started)."""
from __future__ import annotations

import re
import subprocess
import sys

import yaml

from tests.lw.dbt_runner import PROJECT_DIR

SEMVER = re.compile(r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$")


def project_version() -> str:
    return str(yaml.safe_load((PROJECT_DIR / "dbt_project.yml").read_text())["version"])


def test_release_version_is_one_semantic_version_everywhere() -> None:
    from lineage_warehouse import __version__
    assert SEMVER.match(project_version()), project_version()
    assert __version__ == project_version()
    releases = re.findall(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$",
                          (PROJECT_DIR / "CHANGELOG.md").read_text(), re.M)
    assert releases and releases[0][0] == __version__, "the newest changelog release is the project's version"
    proc = subprocess.run([sys.executable, str(PROJECT_DIR / "scripts" / "publish.py"), "--version"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and proc.stdout.split() == ["publish.py", __version__]


def test_release_changelog_keeps_an_unreleased_section_above_dated_releases() -> None:
    text = (PROJECT_DIR / "CHANGELOG.md").read_text()
    headings = re.findall(r"^## (.+)$", text, re.M)
    assert headings[0] == "[Unreleased]"
    dated = headings[1:]
    assert dated and all(re.match(r"^\[\d+\.\d+\.\d+\] - \d{4}-\d{2}-\d{2}$", h) for h in dated), dated
    assert dated == sorted(dated, key=lambda h: tuple(int(n) for n in h[1:h.index("]")].split(".")), reverse=True)
    assert "keepachangelog.com" in text


def test_release_licence_is_the_apache_2_0_text() -> None:
    text = (PROJECT_DIR / "LICENSE").read_text()
    assert "Apache License" in text and "Version 2.0, January 2004" in text
    assert "TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION" in text
    assert "END OF TERMS AND CONDITIONS" in text
    # all nine sections of the terms
    assert all(f"\n   {n}. " in text for n in range(1, 10))
