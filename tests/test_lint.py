"""sqlfluff with the dbt templater is clean on every model, dbt test and analysis (the rules: .sqlfluff).

It runs as a test in the `side` lane (tests/conftest.py), a worker of its own beside the DuckDB and Spark lanes
(docs/decisions.md "Tests: where the time goes"), with sqlfluff's Rust parser (docs/decisions.md "Lint: sqlfluff's
Rust parser (sqlfluffrs==4.4.0)")."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.lw.dbt_runner import PROJECT_DIR, VENV_BIN

LINTED = ("models", "tests/dbt", "analyses")


def test_sqlfluff_is_clean(tmp_path: Path) -> None:
    env = {**os.environ, "LINEAGE_DUCKDB_PATH": str(tmp_path / "lint.duckdb"),
           "DBT_TARGET_PATH": str(tmp_path / "target"), "DBT_LOG_PATH": str(tmp_path / "logs")}
    paths = [p for p in LINTED if (PROJECT_DIR / p).is_dir()]
    proc = subprocess.run([str(VENV_BIN / "sqlfluff"), "lint", *paths, "--disable-progress-bar", "--nocolor"],
                          cwd=PROJECT_DIR, env=env, text=True, capture_output=True)
    assert proc.returncode == 0, proc.stdout[-20000:] + proc.stderr[-5000:]
    assert "All Finished" in proc.stdout + proc.stderr


def test_sqlfluff_parses_with_its_rust_parser() -> None:
    """sqlfluffrs is installed, so sqlfluff's default (`use_rust_parser = auto`) parses with it: without it the
    lint silently falls back to the slower Python parser."""
    from sqlfluff.core import FluffConfig
    from sqlfluff.core.parser.rust_parser import RustParser

    assert RustParser is not None
    assert FluffConfig.from_path(str(PROJECT_DIR)).get("use_rust_parser") in ("auto", True, "True")
