"""Installs that fit the use (issue 53, part 4): requirements.txt is the DuckDB set (demo, builds, the BI copy, the
collector) and holds no Spark, linter or test tool; requirements-spark.txt and requirements-dev.txt add them, and
scripts/setup.sh installs a set only when its files changed since that set was installed (one stamp per set), then
the project's package (pyproject.toml) as an editable install with no dependencies and no build isolation.
setup.sh runs here in a copy of the project's files with a stand-in `.venv/bin/python` that records each pip
call, so no package is installed. DuckDB lane, no dbt: well under a second."""
from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
from pathlib import Path

from tests.lw.dbt_runner import PROJECT_DIR

REQUIREMENT_FILES = ("requirements.txt", "requirements-spark.txt", "requirements-dev.txt")
NOT_FOR_DUCKDB_USERS = {"pyspark", "dbt-spark", "pyhive", "pure-sasl", "thrift", "thrift-sasl", "sqlfluff",
                        "sqlfluff-templater-dbt", "sqlfluffrs", "pytest", "pytest-xdist", "openlineage-python",
                        "openlineage-dbt", "matplotlib"}


def pins(name: str) -> dict[str, str]:
    """{package: version} pinned by one requirement file itself (its `-r` includes not followed)."""
    found: dict[str, str] = {}
    for line in (PROJECT_DIR / name).read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line or line.startswith("-r"):
            continue
        package, version = line.split("==")
        found[re.sub(r"\[.*\]", "", package).lower()] = version
    return found


def test_install_duckdb_set_holds_no_spark_linter_or_test_tool() -> None:
    duckdb_set = pins("requirements.txt")
    assert {"dbt-core", "dbt-duckdb", "duckdb", "starlette", "uvicorn"} <= set(duckdb_set)
    assert not set(duckdb_set) & NOT_FOR_DUCKDB_USERS
    everything = {name for file in REQUIREMENT_FILES for name in pins(file)}
    assert NOT_FOR_DUCKDB_USERS <= everything, "each tool left out of the DuckDB set is pinned in another file"
    # each set includes the smaller one, so `pip install -r requirements-dev.txt` gives everything
    assert "-r requirements.txt" in (PROJECT_DIR / "requirements-spark.txt").read_text()
    assert "-r requirements-spark.txt" in (PROJECT_DIR / "requirements-dev.txt").read_text()
    # nothing pinned twice (two pins of one package could disagree)
    counted = [name for file in REQUIREMENT_FILES for name in pins(file)]
    assert len(counted) == len(set(counted))


def fake_project(root: Path) -> Path:
    """A copy of setup.sh and the requirement files, with a `.venv` whose python records its arguments."""
    (root / "scripts").mkdir(parents=True)
    shutil.copy(PROJECT_DIR / "scripts" / "setup.sh", root / "scripts" / "setup.sh")
    for name in (*REQUIREMENT_FILES, "pyproject.toml"):
        shutil.copy(PROJECT_DIR / name, root / name)
    python = root / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text('#!/bin/sh\necho "$@" >> "$(dirname "$0")/../../pip_calls.log"\n')
    python.chmod(python.stat().st_mode | stat.S_IXUSR)
    return root


PACKAGE = "the package"
EDITABLE_INSTALL = "-m pip install --quiet --disable-pip-version-check --no-deps --no-build-isolation -e ."


def setup(root: Path, *args: str) -> list[str]:
    """Run setup.sh; what its pip calls installed: the `-r` file of each, or PACKAGE for the editable install of
    the project's package (its dependencies are the pinned files', and nothing is fetched to build it)."""
    log = root / "pip_calls.log"
    log.unlink(missing_ok=True)
    subprocess.run(["bash", str(root / "scripts" / "setup.sh"), *args], check=True, capture_output=True,
                   env={**os.environ, "PYTHON": "python3"}, timeout=60)
    calls = log.read_text().splitlines() if log.exists() else []
    installed = []
    for call in calls:
        if call == EDITABLE_INSTALL:
            installed.append(PACKAGE)
        else:
            assert " -r " in call and " -e " not in call, call
            installed.append(call.split("-r ", 1)[1])
    return installed


def test_install_setup_stamps_each_set_and_installs_only_what_changed(tmp_path: Path) -> None:
    root = fake_project(tmp_path)
    assert setup(root) == ["requirements.txt", PACKAGE]
    assert setup(root) == [], "the DuckDB set is installed and unchanged"
    assert setup(root, "--dev") == ["requirements-dev.txt", PACKAGE]
    # the dev set includes the DuckDB set: the demo's plain set-up after scripts/test.sh installs nothing
    assert setup(root) == [] and setup(root, "--spark") == [] and setup(root, "--dev") == []
    with open(root / "requirements-dev.txt", "a") as dev:
        dev.write("# a changed dev file\n")
    assert setup(root) == [], "a change of the dev file leaves the DuckDB set alone"
    assert setup(root, "--dev") == ["requirements-dev.txt", PACKAGE]
    with open(root / "requirements.txt", "a") as duckdb_set:
        duckdb_set.write("# a changed DuckDB file\n")
    assert setup(root) == ["requirements.txt", PACKAGE]
    assert setup(root, "--dev") == ["requirements-dev.txt", PACKAGE], "every set includes requirements.txt"
    with open(root / "pyproject.toml", "a") as package:
        package.write("# a changed package\n")
    assert setup(root) == ["requirements.txt", PACKAGE], "a changed pyproject.toml installs the package again"
    assert setup(root) == []


def test_install_test_command_asks_for_the_dev_set_and_the_demo_for_the_duckdb_set() -> None:
    test_sh = (PROJECT_DIR / "scripts" / "test.sh").read_text()
    demo_sh = (PROJECT_DIR / "scripts" / "demo.sh").read_text()
    assert re.search(r"^bash scripts/setup\.sh --dev$", test_sh, re.M)
    assert re.search(r"^bash scripts/setup\.sh$", demo_sh, re.M)
    proc = subprocess.run(["bash", str(PROJECT_DIR / "scripts" / "setup.sh"), "--bogus"], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 2 and "unknown option" in proc.stderr
