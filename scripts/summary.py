"""Print what a DuckDB warehouse holds (`scripts/summary.py [--duckdb FILE]`): rows per mart, the landing audit, the quarantined lines.

A thin entry point, kept for the scripts and schedulers that call it: the code is the package's
(src/lineage_warehouse/summary.py), the same as `lineage-warehouse summary`, with the same arguments.
"""
import sys
from pathlib import Path

# the clone's package, installed into .venv by scripts/setup.sh or not
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from lineage_warehouse.summary import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
