"""Engine parity: the relations of one schema read from DuckDB and from Spark compared row by row.

Rows are compared as multisets by column name (column order may differ between engines). One line per
relation, `<relation>: identical (N rows)` or `<relation>: DIFFERENT` plus examples; the last line is
`engine parity: N/M <marts | schema relations> identical`. Used by scripts/compare_engines.py, scripts/bench.py and
the engine-parity tests.
"""
from __future__ import annotations

import json
from collections import Counter
from typing import Any

from tests.lw.spark_reader import Relations


def row_keys(columns: list[str], rows: list[tuple[Any, ...]], keep: list[str]) -> Counter[str]:
    """Multiset of rows projected on `keep`, each as canonical JSON text with the column names."""
    index = [columns.index(c) for c in keep]
    return Counter(json.dumps({c: row[i] for c, i in zip(keep, index)}, sort_keys=True, ensure_ascii=False)
                   for row in rows)


ENGINES = ("duckdb", "spark")

# Relations whose rows each engine chooses by a rule of its own, compared between the engines as "every DuckDB row
# is among Spark's" (on other sides, as every relation: identical). stg_io_unvouched_lists holds the events whose
# lists are checked from their text; an event holding a single quote is one of them on Spark only, whose JSON reader
# takes single quotes as quotes (macros/cross_db/may_quote_json_in_a_string.sql,
# docs/decisions/facet-issues-unvouched-entries.md). What the checks find, stg_io_entry_issues, is
# compared as identical.
SPARK_CHECKS_MORE = frozenset({"stg_io_unvouched_lists"})


def example_lines(extra: Counter[str], examples: int) -> list[str]:
    """The first `examples` rows of `extra`, one line each, with their count when more than one."""
    return [f"    {key}" + (f"  x{extra[key]}" if extra[key] > 1 else "") for key in sorted(extra)[:examples]]


def spark_checks_at_least_duckdbs(name: str, d_keys: Counter[str], s_keys: Counter[str], d_rows: int,
                                  s_rows: int, examples: int) -> tuple[bool, list[str]]:
    """A relation of SPARK_CHECKS_MORE: whether every DuckDB row is among Spark's, and the lines saying so."""
    missing = d_keys - s_keys
    if not missing:
        return True, [f"{name}: identical where compared (DuckDB's {d_rows} rows among Spark's {s_rows})"]
    lines = [f"{name}: DIFFERENT ({sum(missing.values())} of DuckDB's {d_rows} rows not among Spark's {s_rows})"]
    return False, lines + example_lines(missing, examples)


def compare_relation(name: str, duck: Relations, spark: Relations, examples: int,
                     sides: tuple[str, str] = ENGINES) -> tuple[bool, list[str]]:
    """Whether one relation is identical on both sides (by default the two engines), and the lines saying so (with
    examples if not)."""
    left, right = sides
    if name not in duck or name not in spark:
        return False, [f"{name}: DIFFERENT", f"  only on {left if name in duck else right}"]
    (d_cols, d_rows), (s_cols, s_rows) = duck[name], spark[name]
    common = sorted(set(d_cols) & set(s_cols))
    d_keys, s_keys = row_keys(d_cols, d_rows, common), row_keys(s_cols, s_rows, common)
    if set(d_cols) == set(s_cols) and d_keys == s_keys:
        return True, [f"{name}: identical ({len(d_rows)} rows)"]
    if sides == ENGINES and name in SPARK_CHECKS_MORE and set(d_cols) == set(s_cols):
        return spark_checks_at_least_duckdbs(name, d_keys, s_keys, len(d_rows), len(s_rows), examples)
    lines = [f"{name}: DIFFERENT ({len(d_rows)} rows on {left}, {len(s_rows)} on {right})"]
    if set(d_cols) != set(s_cols):
        lines.append(f"  columns only on {left}: {sorted(set(d_cols) - set(s_cols))}")
        lines.append(f"  columns only on {right}: {sorted(set(s_cols) - set(d_cols))}")
        if d_keys == s_keys:
            lines.append(f"  rows on the {len(common)} common columns: identical")
    for label, extra in ((f"{left} only", d_keys - s_keys), (f"{right} only", s_keys - d_keys)):
        if extra:
            lines.append(f"  {label} ({sum(extra.values())} rows):")
        lines += example_lines(extra, examples)
    return False, lines


def compare_schema(duck: Relations, spark: Relations, schema: str, examples: int = 10,
                   sides: tuple[str, str] = ENGINES) -> tuple[bool, list[str]]:
    """Compare every relation of one schema read from both sides (by default the two engines): (all identical,
    report lines). The last line is `engine parity: N/M <marts | schema relations> identical` for the engines,
    `<left> = <right>: N/M ...` for other sides."""
    names = sorted(set(duck) | set(spark))
    lines: list[str] = []
    identical = 0
    for name in names:
        same, said = compare_relation(name, duck, spark, examples, sides)
        identical += same
        lines += said
    label = "marts" if schema == "marts" else f"{schema} relations"
    title = "engine parity" if sides == ENGINES else f"{sides[0]} = {sides[1]}"
    lines.append(f"{title}: {identical}/{len(names)} {label} identical")
    return bool(names) and identical == len(names), lines
