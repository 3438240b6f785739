"""`python -m lineage_warehouse COMMAND [ARGS]`, the same as `lineage-warehouse COMMAND [ARGS]`."""
import sys

from lineage_warehouse.cli import main

sys.exit(main())
