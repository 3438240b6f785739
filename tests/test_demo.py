"""scripts/demo.sh shows what it is doing while it builds (issue 21, point 9): a line as each model is built, a
running count of passed tests, then the BI copy and the summary; never a long silence. Then the README's first
query runs on the copy the demo published (issue 53, part 1). DuckDB only (the demo's engine)."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from tests.lw.dbt_runner import PROJECT_DIR
from tests.lw.shared import mart_names
from tests.test_docs import first_query_snippet

# Longest silence allowed: dbt's start and parse come before the first model line (about 10 s on a busy 2-core
# machine); a build that printed nothing (the demo before issue 21) was silent for the whole ~30 s.
MAX_SILENCE_S = 25


def test_demo_prints_progress_while_it_builds(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DBT_", "LINEAGE_"))}
    env.update({"LINEAGE_DUCKDB_PATH": str(tmp_path / "demo.duckdb"), "DBT_TARGET_PATH": str(tmp_path / "target"),
                "DBT_LOG_PATH": str(tmp_path / "logs"), "DBT_SEND_ANONYMOUS_USAGE_STATS": "false"})
    proc = subprocess.Popen(["bash", str(PROJECT_DIR / "scripts" / "demo.sh")], cwd=PROJECT_DIR, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert proc.stdout
    timed: list[tuple[float, str]] = []
    began = time.monotonic()
    for line in proc.stdout:
        timed.append((time.monotonic(), line.rstrip("\n")))
    assert proc.wait(timeout=600) == 0, "\n".join(line for _, line in timed[-40:])

    lines = [line for _, line in timed]
    summary_at = lines.index("Rows per mart")
    building = lines[:summary_at]
    marts = mart_names()
    for mart in marts:  # each mart announced as it is built, before the summary
        assert any(f"marts.{mart} " in line and " OK " in line for line in building), mart
    assert any(line.startswith("demo: ") and "tests passed so far" in line for line in building)
    assert any(line.startswith("published ") and "demo_bi.duckdb" in line for line in building)
    assert (tmp_path / "demo_bi.duckdb").exists()

    gaps = [later - earlier for (earlier, _), (later, _) in zip([(began, "")] + timed, timed)]
    assert max(gaps) < MAX_SILENCE_S, f"silent for {max(gaps):.0f} s"

    # the README's first query, as a newcomer pastes it, on the copy the demo published
    snippet = first_query_snippet((PROJECT_DIR / "README.md").read_text())
    query = subprocess.run([sys.executable, "-c", snippet.replace("lineage_bi.duckdb", "demo_bi.duckdb")],
                           cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert query.returncode == 0, query.stderr[-2000:]
    assert "public.customers" in query.stdout and "public.delivery_7_days" in query.stdout, query.stdout
