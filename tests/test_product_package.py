"""Product code apart from tools (issue 53, part 5; docs/decisions/product-package.md): what a user runs is the
package src/lineage_warehouse with one console entry point, `lineage-warehouse COMMAND`, installed into the venv by
scripts/setup.sh; the scripts schedulers call (scripts/collector.py, publish.py, explorer.py, summary.py) are thin
entry points that take the arguments they took, and do what the package's commands do. DuckDB lane: the shared
corpora build, then a few processes of a second each."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import duckdb
import pytest

from lineage_warehouse import __version__, cli
from tests.lw.dbt_runner import PROJECT_DIR, VENV_BIN, Warehouse

ENTRY_POINT = VENV_BIN / "lineage-warehouse"
# each thin script, the package command that does the same, and the arguments the script takes today
SCRIPTS = {
    "collector.py serve": ("serve", {"--host", "--port", "--out", "--max-file-bytes", "--max-file-age",
                                     "--max-body-bytes", "--max-decoded-bytes", "--token-env", "--token-file",
                                     "--log-level", "--access-log"}),
    "collector.py recover": ("recover", {"--out"}),
    "publish.py": ("publish", {"--version", "--warehouse", "--to", "--schemas"}),
    "explorer.py": ("explore", {"--version", "--warehouse", "--spark-warehouse", "--schema", "--out",
                                "--window-days", "--max-runs"}),
    "summary.py": ("summary", {"--version", "--duckdb", "--examples"}),
}


def run(*command: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(part) for part in command], capture_output=True, text=True, timeout=300, cwd=cwd)


def script(name: str, *args: str | Path) -> subprocess.CompletedProcess[str]:
    """A thin script as a scheduler calls it: `python scripts/<file> <args>`, from another directory."""
    file, *sub = name.split()
    return run(sys.executable, PROJECT_DIR / "scripts" / file, *sub, *args, cwd=Path("/"))


def options(help_text: str) -> set[str]:
    return set(re.findall(r"(?<![\w-])--[a-z][\w-]*", help_text)) - {"--help"}


def test_package_pyproject_names_the_entry_point_the_version_and_the_duckdb_set() -> None:
    project = tomllib.loads((PROJECT_DIR / "pyproject.toml").read_text())
    assert project["project"]["scripts"] == {"lineage-warehouse": "lineage_warehouse.cli:main"}
    dynamic = project["tool"]["setuptools"]["dynamic"]
    # one version (tests/test_release.py checks it against dbt_project.yml and the changelog) and one DuckDB set
    assert dynamic["version"] == {"attr": "lineage_warehouse.version.__version__"}
    assert dynamic["dependencies"] == {"file": ["requirements.txt"]}
    assert set(project["project"]["dynamic"]) == {"version", "dependencies"}
    # the explorer's page ships with the package
    data = project["tool"]["setuptools"]["package-data"]["lineage_warehouse.explorer"]
    assert all((PROJECT_DIR / "src" / "lineage_warehouse" / "explorer" / name).is_file() for name in data)
    # product code lives in the package; scripts/ holds the thin entry points and the development tools
    tracked = subprocess.run(["git", "ls-files", "scripts"], cwd=PROJECT_DIR, check=True, capture_output=True,
                             text=True).stdout.split()
    for moved in ("lw_collector/", "lw_duckdb/", "explorer/", "lw_version.py"):
        assert not [name for name in tracked if name.startswith(f"scripts/{moved}")], moved


def test_package_console_entry_point_answers_help_for_every_command_from_the_venv() -> None:
    assert ENTRY_POINT.is_file(), f"{ENTRY_POINT} is missing: scripts/setup.sh installs the package (pip install -e .)"
    proc = run(ENTRY_POINT, "--help", cwd=Path("/"))
    assert proc.returncode == 0, proc.stderr
    assert set(cli.COMMANDS) == {"serve", "recover", "publish", "explore", "summary"}
    assert all(command in proc.stdout for command in cli.COMMANDS)
    for command in cli.COMMANDS:
        proc = run(ENTRY_POINT, command, "--help", cwd=Path("/"))
        assert proc.returncode == 0, f"{command}: {proc.stderr}"
        assert proc.stdout.startswith(f"usage: lineage-warehouse {command}"), proc.stdout[:200]
    proc = run(ENTRY_POINT, "--version", cwd=Path("/"))
    assert proc.returncode == 0 and proc.stdout.split() == ["lineage-warehouse", __version__]
    # the venv's package is this clone's (an editable install), not a copy that could fall behind it
    proc = run(VENV_BIN / "python", "-c", "import lineage_warehouse; print(lineage_warehouse.__file__)", cwd=Path("/"))
    assert Path(proc.stdout.strip()) == PROJECT_DIR / "src" / "lineage_warehouse" / "__init__.py", proc.stderr
    proc = run(ENTRY_POINT, "no-such-command", cwd=Path("/"))
    assert proc.returncode == 2 and "invalid choice" in proc.stderr


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_package_thin_scripts_take_their_arguments_as_the_commands_do(name: str) -> None:
    command, expected = SCRIPTS[name]
    proc = script(name, "--help")
    assert proc.returncode == 0, proc.stderr
    assert options(proc.stdout) == expected
    assert options(run(sys.executable, "-m", "lineage_warehouse", command, "--help",
                       cwd=PROJECT_DIR / "src").stdout) == expected


def test_package_thin_scripts_and_commands_write_the_same_explorer_summary_and_bi_copy(
        corpora_duckdb: Warehouse, tmp_path: Path) -> None:
    """One real call each, on the shared corpora build: the thin script and the package command give the same
    explorer data, the same summary and the same published marts."""
    warehouse = corpora_duckdb.duckdb_path

    def command(*args: str | Path) -> subprocess.CompletedProcess[str]:
        return run(sys.executable, "-m", "lineage_warehouse", *args, cwd=PROJECT_DIR / "src")

    def page_data(page: Path) -> dict:
        """The page's data, but the time it was written at."""
        data = json.loads(re.search(r'id="lw-data">(.*?)</script>', page.read_text(encoding="utf-8"), re.S).group(1))
        assert data["meta"].pop("generated_at")
        return data

    pages = {"script": tmp_path / "script.html", "command": tmp_path / "command.html"}
    by_script = script("explorer.py", "--warehouse", warehouse, "--out", pages["script"], "--window-days", "3650")
    by_command = command("explore", "--warehouse", warehouse, "--out", pages["command"], "--window-days", "3650")
    assert by_script.returncode == 0 and by_command.returncode == 0, by_script.stderr + by_command.stderr
    data = page_data(pages["script"])
    assert data["edges_dataset"] and data == page_data(pages["command"])

    by_script, by_command = script("summary.py", "--duckdb", warehouse), command("summary", "--duckdb", warehouse)
    assert by_script.returncode == 0 and by_command.returncode == 0, by_script.stderr + by_command.stderr
    assert "Rows per mart" in by_script.stdout and "Quarantined lines by reason" in by_script.stdout
    assert by_script.stdout == by_command.stdout

    copies = {"script": tmp_path / "script_bi.duckdb", "command": tmp_path / "command_bi.duckdb"}
    by_script = script("publish.py", "--warehouse", warehouse, "--to", copies["script"])
    by_command = command("publish", "--warehouse", warehouse, "--to", copies["command"])
    assert by_script.returncode == 0 and by_command.returncode == 0, by_script.stderr + by_command.stderr
    counts = {}
    for side, copy in copies.items():
        con = duckdb.connect(str(copy), read_only=True)
        try:
            counts[side] = {table: con.execute(f'select count(*) from marts."{table}"').fetchone()[0]
                            for (table,) in con.execute("select table_name from information_schema.tables "
                                                        "where table_schema = 'marts' order by 1").fetchall()}
        finally:
            con.close()
    assert counts["script"]["lineage_edges"] > 0 and counts["script"] == counts["command"]
