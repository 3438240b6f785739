"""Search every column of a DuckDB warehouse's relations for values meeting a condition: the check that a text (a
credential, an event record's text) is held only where it should be."""
from __future__ import annotations

from collections import defaultdict

import duckdb

from tests.lw.dbt_runner import Warehouse


def columns_where(wh: Warehouse, schemas: tuple[str, ...], condition: str,
                  skip: tuple[str, ...] = ()) -> tuple[int, dict[str, list[str]]]:
    """(how many relations were searched, {schema.relation: [columns]} holding a value for which `condition` holds)
    over every relation of `schemas` but those in `skip` ("schema.relation"). `condition` is SQL in which `{value}`
    stands for a column's value cast to text, so maps, lists and structs are searched too (NULLs are not). One
    query per relation, its columns unpivoted, so a condition holding a subquery is planned once per relation."""
    con = duckdb.connect(str(wh.duckdb_path), read_only=True)
    try:
        columns: dict[str, list[str]] = defaultdict(list)
        listed = ", ".join(f"'{schema}'" for schema in schemas)
        for schema, relation, column in con.execute(f"""
                select table_schema, table_name, column_name from information_schema.columns
                where table_catalog = current_database() and table_schema in ({listed})""").fetchall():
            if f"{schema}.{relation}" not in skip:
                columns[f'"{schema}"."{relation}"'].append(column)
        found = {}
        for relation, names in sorted(columns.items()):
            as_text = ", ".join(f'cast("{name}" as varchar) as "{name}"' for name in names)
            holding = con.execute(
                f"select distinct lw_column from (unpivot (select {as_text} from {relation}) on columns(*)"
                f" into name lw_column value lw_value) where {condition.format(value='lw_value')}").fetchall()
            if holding:
                found[relation.replace('"', "")] = sorted(column for (column,) in holding)
        return len(columns), found
    finally:
        con.close()
