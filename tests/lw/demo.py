"""scripts/demo.sh run once per test session (tests/conftest.py `demo_build`), read by tests/test_demo.py (its
progress lines) and tests/test_explorer.py (the explorer file it writes)."""
from __future__ import annotations

import os
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from tests.lw.dbt_runner import PROJECT_DIR


@dataclass(frozen=True)
class DemoBuild:
    folder: Path
    returncode: int
    began: float
    timed: list[tuple[float, str]]  # (monotonic time, line) of every line the demo printed

    @property
    def lines(self) -> list[str]:
        return [line for _, line in self.timed]

    @property
    def published(self) -> Path:
        return self.folder / "demo_bi.duckdb"

    @property
    def explorer(self) -> Path:
        return self.folder / "lineage_explorer.html"


def run_demo(folder: Path) -> DemoBuild:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DBT_", "LINEAGE_"))}
    env.update({"LINEAGE_DUCKDB_PATH": str(folder / "demo.duckdb"), "DBT_TARGET_PATH": str(folder / "target"),
                "DBT_LOG_PATH": str(folder / "logs"), "DBT_SEND_ANONYMOUS_USAGE_STATS": "false"})
    proc = subprocess.Popen(["bash", str(PROJECT_DIR / "scripts" / "demo.sh")], cwd=PROJECT_DIR, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert proc.stdout
    timed: list[tuple[float, str]] = []
    began = time.monotonic()
    for line in proc.stdout:
        timed.append((time.monotonic(), line.rstrip("\n")))
    return DemoBuild(folder, proc.wait(timeout=600), began, timed)
