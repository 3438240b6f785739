"""Write the lineage explorer, one HTML file (`scripts/explorer.py [--warehouse FILE | --spark-warehouse DIR] [--out FILE] ...`).

A thin entry point, kept for the scripts and schedulers that call it: the code is the package's
(src/lineage_warehouse/explorer/), the same as `lineage-warehouse explore`, with the same arguments.
"""
import sys
from pathlib import Path

# the clone's package, installed into .venv by scripts/setup.sh or not
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from lineage_warehouse.explorer import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
