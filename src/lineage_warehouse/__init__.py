"""lineage_warehouse: what a user runs beside the dbt project (docs/decisions/product-package.md).

`lineage-warehouse serve | recover` (the HTTP collector, `collector`), `publish` (the BI copy, `publish`),
`explore` (the lineage explorer, `explorer`) and `summary` (what a warehouse holds, `summary`); `duckdb_plugin` is
the dbt-duckdb plugin the profile's `duckdb` target loads. The package runs from the clone: the collector reads
the quarantine rules from macros/, the explorer the vendored layout library from vendor/.
"""
from lineage_warehouse.version import __version__

__all__ = ["__version__"]
