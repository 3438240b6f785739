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
        assert re.fullmatch(r"Status: accepted · \d{4}-\d{2}-\d{2}", lines[1]), path.name
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
        if re.search(r"decisions\.md(?!\w)", text):
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
