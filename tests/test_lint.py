"""sqlfluff with the dbt templater is clean on every model, dbt test and analysis (the rules: .sqlfluff).

It runs as a test in the `side` lane (tests/conftest.py), a worker of its own beside the DuckDB and Spark lanes
(docs/decisions/tests-suite-layout.md), with sqlfluff's Rust parser (docs/decisions/lint-sqlfluff-rust-parser.md)."""
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


def test_only_repeated_macro_output_is_left_out_of_the_lint() -> None:
    """.sqlfluffignore leaves out macro tests whose SQL is one call of lineage_traverse_test_case or
    job_hierarchy_test_case (docs/decisions/lint-macros-once.md): nothing else, and each of those
    macros stays linted in tests of the same folder (the traversal also in the closure data test and the lineage
    analyses; the hierarchy in its BOTH test and its inferred-window test)."""
    ignored = [line.strip() for line in (PROJECT_DIR / ".sqlfluffignore").read_text().splitlines()
               if line.strip() and not line.startswith("#") and not line.strip().endswith("/")]
    case_macros = {"tests/dbt/lineage": "lineage_traverse_test_case(",
                   "tests/dbt/job_hierarchy": "job_hierarchy_test_case("}
    assert ignored and all(str(Path(path).parent) in case_macros for path in ignored), ignored
    for path in ignored:
        text = (PROJECT_DIR / path).read_text()
        assert text.count("{{") == 1 and "lineage_warehouse." + case_macros[str(Path(path).parent)] in text, path
    for folder, case_macro in case_macros.items():
        linted = [p for p in (PROJECT_DIR / folder).glob("*.sql") if str(p.relative_to(PROJECT_DIR)) not in ignored
                  and case_macro in p.read_text()]
        assert linted, f"a {case_macro} test of {folder} stays linted"
    linted_hierarchy = {p.name for p in (PROJECT_DIR / "tests/dbt/job_hierarchy").glob("*.sql")
                        if str(p.relative_to(PROJECT_DIR)) not in ignored}
    assert {"test_job_hierarchy_both.sql", "test_job_hierarchy_inferred_window.sql"} <= linted_hierarchy
    renders_traversal = [p for d in ("analyses", "tests/dbt/marts") for p in (PROJECT_DIR / d).glob("*.sql")
                         if "lineage_warehouse.lineage_traverse(" in p.read_text()]
    assert len(renders_traversal) >= 2, renders_traversal
