"""Docs that state the present (issue 53, part 2): docs/decisions/ holds one file per decision in one format,
its README indexes every file, every reference to a decision names a file that exists, and docs/ holds no
progress log. DuckDB lane, no dbt: well under a second."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

from tests.lw.dbt_runner import PROJECT_DIR

DECISIONS = PROJECT_DIR / "docs" / "decisions"
SECTIONS = ["## Context", "## Decision", "## Consequences", "## Held by"]
# words that tell a story of how the project got here (git keeps that), and progress-report markers
HISTORY = re.compile(r"\b(no longer|used to|until stop|stop \d+|previously|was changed|before this change)\b", re.I)


def decision_files() -> list[Path]:
    return sorted(path for path in DECISIONS.glob("*.md") if path.name != "README.md")


def test_docs_each_decision_file_has_title_status_and_the_four_sections() -> None:
    files = decision_files()
    assert len(files) >= 80
    for path in files:
        lines = path.read_text().splitlines()
        assert lines[0].startswith("# ") and len(lines[0]) > 4, path.name
        assert re.fullmatch(r"Status: (accepted|proposed) · \d{4}-\d{2}-\d{2}", lines[1]), path.name
        headings = [line for line in lines if line.startswith("## ")]
        assert headings == SECTIONS, f"{path.name}: {headings}"
        held_by = "\n".join(lines[lines.index("## Held by") + 1:]).strip()
        assert "test" in held_by, f"{path.name} names no test that holds it"
        assert not HISTORY.search(path.read_text()), f"{path.name}: {HISTORY.search(path.read_text())[0]!r}"


def test_docs_decision_index_lists_every_file_once() -> None:
    index = (DECISIONS / "README.md").read_text()
    linked = re.findall(r"\]\(([\w-]+\.md)\)", index)
    assert sorted(linked) == sorted(path.name for path in decision_files())


def test_docs_every_decision_reference_names_an_existing_file() -> None:
    tracked = subprocess.run(["git", "ls-files"], cwd=PROJECT_DIR, check=True, capture_output=True,
                             text=True).stdout.split()
    missing, old = [], []
    for name in tracked:
        path = PROJECT_DIR / name
        if path.suffix not in {".md", ".sql", ".yml", ".py", ".sh", ".txt", ".ini"} or not path.exists():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if re.search(r"decisions\.md(?!\w)", text) and name != "tests/test_docs.py":  # this file names it
            old.append(name)
        for slug in re.findall(r"docs/decisions/([\w-]+\.md)", text):
            if not (DECISIONS / slug).exists():
                missing.append(f"{name}: {slug}")
        if name.startswith("docs/decisions/"):
            for slug in re.findall(r"\]\(([\w-]+\.md)\)", text):
                if not (DECISIONS / slug).exists():
                    missing.append(f"{name}: {slug}")
    assert not (PROJECT_DIR / "docs" / "decisions.md").exists()
    assert old == [], "references to the old docs/decisions.md"
    assert missing == []


def test_docs_hold_no_benchmark_log_or_progress_report() -> None:
    assert not (PROJECT_DIR / "docs" / "benchmark_runs.md").exists()
    for path in (PROJECT_DIR / "docs").rglob("*.md"):
        assert not re.search(r"\bstop \d+\b", path.read_text(), re.I), path


def readme() -> str:
    return (PROJECT_DIR / "README.md").read_text()


def first_query_snippet(text: str) -> str:
    """The Python heredoc of the README's "Your first query" section."""
    section = text.split("## Your first query", 1)[1].split("\n## ", 1)[0]
    return section.split("<<'EOF'\n", 1)[1].split("\nEOF\n", 1)[0]


def test_readme_is_short_and_gets_a_newcomer_to_a_first_query_in_40_lines() -> None:
    text = readme()
    lines = text.splitlines()
    assert len(lines) <= 250
    head = "\n".join(lines[:40])
    assert "bash scripts/demo.sh" in head and "bash scripts/test.sh" in head
    assert "from marts." in head and "duckdb.connect(\"lineage_bi.duckdb\", read_only=True)" in head
    # the first query names datasets by name, never by a 32-hex id
    assert not re.search(r"'[0-9a-f]{32}'|<\w*_?id>", first_query_snippet(text))
    assert "![The lineage explorer](docs/explorer.png)" in text
    assert "## The lineage explorer" in text


def test_readme_marts_table_has_every_mart_as_the_docs_overview_does() -> None:
    from tests.lw.shared import mart_names
    from tests.test_bi_docs import marts_table_rows

    rows = marts_table_rows(readme())
    assert set(rows) == set(mart_names())
    overview = (PROJECT_DIR / "docs" / "dbt" / "overview.md").read_text()
    assert rows == marts_table_rows(overview), "the README's marts table is the docs site's overview table"


def test_readme_links_name_files_that_exist() -> None:
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", readme()):
        # the explorer's screenshot is written by the explorer's tests
        if target.startswith("http") or target == "docs/explorer.png":
            continue
        assert (PROJECT_DIR / target).exists(), target
