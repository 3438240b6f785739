"""The Spark cluster of scripts/spark_cluster.sh, seen from Python: its thrift server's address, queries over
thrift (PyHive, what dbt-spark's `thrift` method uses too) and the relations of a schema read back as comparable
rows (the shape tests/lw/spark_reader.py gives for the other engines).

Over thrift PyHive already returns timestamps as naive datetimes (in the session's time zone, UTC) and decimals as
Decimal; arrays, maps and structs arrive as text that is not always JSON (strings inside are not escaped), so the
reader selects them through to_json, with timestamps written as spark_reader writes them. A decimal inside such a
column is read as a JSON number; no mart has one (the marts' columns are all scalar).
"""
from __future__ import annotations

import json
import os
from typing import Any, Iterator, Sequence

from tests.lw.spark_reader import Relations, normalise_rows

# The project's schemas (macros/generate_schema_name.sql, var lineage_schema_prefix left at '').
LINEAGE_SCHEMAS = ("raw", "staging", "intermediate", "marts")
COMPLEX_TYPES = {"ARRAY_TYPE", "MAP_TYPE", "STRUCT_TYPE"}
_JSON_OPTIONS = "map('timestampFormat', 'yyyy-MM-dd\\'T\\'HH:mm:ss.SSSSSS', 'dateFormat', 'yyyy-MM-dd')"


def address() -> tuple[str, int]:
    """Host and port of the thrift server, as the `cluster` target of profiles.yml reads them."""
    return (os.environ.get("LINEAGE_CLUSTER_HOST", "127.0.0.1"),
            int(os.environ.get("LINEAGE_CLUSTER_THRIFT_PORT", "10010")))


class Session:
    """One thrift session (a Spark session of the thrift server) with a cursor to run statements on."""

    def __init__(self) -> None:
        from pyhive import hive
        from thrift.transport.TTransport import TTransportException

        host, port = address()
        try:
            self._connection = hive.connect(host=host, port=port, username="lineage")
        except TTransportException as error:
            raise RuntimeError(f"no Spark Thrift Server answers on {host}:{port} (scripts/spark_cluster.sh up "
                               "starts the cluster)") from error
        self._cursor = self._connection.cursor()

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc: object) -> None:
        self._cursor.close()
        self._connection.close()

    def run(self, sql: str) -> list[tuple[Any, ...]]:
        """Rows of a statement (none for DDL)."""
        self._cursor.execute(sql)
        return list(self._cursor.fetchall()) if self._cursor.description else []

    def columns(self, relation: str) -> list[tuple[str, str]]:
        """(name, thrift type name) of each column of a relation."""
        self._cursor.execute(f"select * from {relation} limit 0")
        self._cursor.fetchall()
        return [(column[0], column[1]) for column in self._cursor.description]

    def tables(self, schema: str) -> Iterator[str]:
        if not any(row[0] == schema for row in self.run("show databases")):
            return
        # show tables: database, table name, is temporary
        for row in sorted(self.run(f"show tables in `{schema}`"), key=lambda r: r[1]):
            if not row[2]:
                yield row[1]


def drop_schemas(schemas: Sequence[str] = LINEAGE_SCHEMAS) -> None:
    """Drop the project's schemas with everything in them: the next build on the cluster starts from nothing."""
    with Session() as session:
        for schema in schemas:
            session.run(f"drop database if exists `{schema}` cascade")


def read_relations(schema: str) -> Relations:
    """Every table of a schema on the cluster, as comparable rows."""
    result: Relations = {}
    with Session() as session:
        for table in list(session.tables(schema)):
            relation = f"`{schema}`.`{table}`"
            columns = session.columns(relation)
            select = ", ".join(f"to_json(`{name}`, {_JSON_OPTIONS})" if kind in COMPLEX_TYPES else f"`{name}`"
                               for name, kind in columns)
            rows = [tuple(json.loads(value) if kind in COMPLEX_TYPES and value is not None else value
                          for value, (_, kind) in zip(row, columns))
                    for row in session.run(f"select {select} from {relation}")]
            result[table] = ([name for name, _ in columns], normalise_rows(rows))
    return result
