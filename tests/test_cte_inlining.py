"""docs/decisions/duckdb-inlined-ctes.md: a CTE marked with `cte_inlined()` (a filter
and projection of a stored table that several branches of the model read) is read from the table by each branch,
never copied into a temporary result first. Checked on DuckDB's plan of each such model as the corpora build
compiled it: without the keyword DuckDB materializes the CTE, so the keyword is what keeps it inlined."""
from __future__ import annotations

import json
import re
from typing import Any

from tests.lw.dbt_runner import PROJECT_DIR, Warehouse

MARKED = re.compile(r"^(\w+) as \{\{ lineage_warehouse\.cte_inlined\(\) \}\} \(", re.M)


def marked_ctes() -> dict[str, list[str]]:
    """{model path under models/: the CTEs it marks with cte_inlined()}."""
    marked = {}
    for path in sorted((PROJECT_DIR / "models").rglob("*.sql")):
        names = MARKED.findall(path.read_text())
        if names:
            marked[str(path.relative_to(PROJECT_DIR / "models"))] = names
    return marked


def materialized_ctes(warehouse: Warehouse, sql: str) -> set[str]:
    """The CTE names of DuckDB's physical plan of a query: the CTEs it computes once into a temporary result."""
    def names(node: dict[str, Any]) -> set[str]:
        own = {node["extra_info"]["CTE Name"]} if node.get("name", "").strip() == "CTE" else set()
        return own.union(*(names(child) for child in node.get("children", [])))

    plan = json.loads(warehouse.query(f"explain (format json) {sql}")[0][1])
    return set().union(*(names(node) for node in plan))


def test_cte_inlined_keeps_duckdb_from_copying_the_marked_ctes(corpora_duckdb: Warehouse) -> None:
    marked = marked_ctes()
    assert {"staging/stg_io_entry_issues.sql", "staging/stg_facet_issues.sql"} <= set(marked), marked
    for model, names in marked.items():
        sql = corpora_duckdb.compiled(model)
        keyword = {name: f"{name} as not materialized (" for name in names}
        assert all(text in sql for text in keyword.values()), (model, names)
        assert not materialized_ctes(corpora_duckdb, sql) & set(names), model
        # the same query without the keyword: DuckDB would copy each of them (each is read more than once)
        unmarked = sql
        for name, text in keyword.items():
            unmarked = unmarked.replace(text, f"{name} as (")
        assert materialized_ctes(corpora_duckdb, unmarked) >= set(names), model
