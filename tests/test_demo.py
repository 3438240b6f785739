"""scripts/demo.sh shows what it is doing while it builds (issue 21, point 9): a line as each model is built, a
running count of passed tests, then the BI copy, the lineage explorer and the summary; never a long silence. Then the
README's first query runs on the copy the demo published (issue 53, part 1). DuckDB only (the demo's engine). The
demo runs once per session (tests/conftest.py `demo_build`)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.lw.dbt_runner import PROJECT_DIR
from tests.lw.demo import DemoBuild
from tests.lw.shared import mart_names
from tests.test_docs import first_query_snippet

# Longest silence allowed: dbt's start and parse come before the first model line (about 10 s on a busy 2-core
# machine); a build that printed nothing (the demo before issue 21) was silent for the whole ~30 s.
MAX_SILENCE_S = 25


def test_demo_prints_progress_while_it_builds(demo_build: DemoBuild) -> None:
    timed = demo_build.timed
    assert demo_build.returncode == 0, "\n".join(line for _, line in timed[-40:])

    lines = demo_build.lines
    summary_at = lines.index("Rows per mart")
    building = lines[:summary_at]
    marts = mart_names()
    for mart in marts:  # each mart announced as it is built, before the summary
        assert any(f"marts.{mart} " in line and " OK " in line for line in building), mart
    assert any(line.startswith("demo: ") and "tests passed so far" in line for line in building)
    assert any(line.startswith("published ") and "demo_bi.duckdb" in line for line in building)
    assert demo_build.published.exists()

    gaps = [later - earlier for (earlier, _), (later, _) in zip([(demo_build.began, "")] + timed, timed)]
    assert max(gaps) < MAX_SILENCE_S, f"silent for {max(gaps):.0f} s"


def test_demo_prints_where_the_lineage_explorer_is(demo_build: DemoBuild) -> None:
    """Issue 52: the demo writes the explorer beside the BI copy and its last line says where it is."""
    assert demo_build.returncode == 0
    assert demo_build.lines[-1] == (f"demo: the lineage explorer: {demo_build.explorer.resolve()} "
                                    "(open it in a browser)")
    assert demo_build.explorer.stat().st_size > 50_000


def test_demo_warehouse_answers_the_readmes_first_query(demo_build: DemoBuild, tmp_path: Path) -> None:
    """The README's first query, as a newcomer pastes it, on the copy the demo published."""
    assert demo_build.returncode == 0
    snippet = first_query_snippet((PROJECT_DIR / "README.md").read_text())
    query = subprocess.run([sys.executable, "-c", snippet.replace("lineage_bi.duckdb", str(demo_build.published))],
                           cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert query.returncode == 0, query.stderr[-2000:]
    assert "public.customers" in query.stdout and "public.delivery_7_days" in query.stdout, query.stdout
