"""The row comparison of engine parity (tests/lw/parity.py): relations whose rows each engine chooses by a rule of
its own (SPARK_CHECKS_MORE) pass when every DuckDB row is among Spark's, and only between the two engines."""
from __future__ import annotations

from collections import Counter
from typing import Any

from tests.lw.parity import SPARK_CHECKS_MORE, compare_relation
from tests.lw.spark_reader import Relations
from tests.test_incremental import differences

COLUMNS = ["event_hash", "inputs_text"]
CHECKED = "stg_io_unvouched_lists"


def relations(name: str, *hashes: str) -> Relations:
    return {name: (COLUMNS, [(event_hash, "[]") for event_hash in hashes])}


def rows(*keys: str) -> Counter[tuple[Any, ...]]:
    return Counter((key,) for key in keys)


def test_unvouched_lists_is_compared_as_spark_checking_at_least_duckdbs_events() -> None:
    """Spark re-reads the lists of events holding a single quote too (may_quote_json_in_a_string): more rows on
    Spark are identical where compared; a DuckDB row missing on Spark is a difference, as is any extra row of an
    ordinary relation or of this one compared on other sides (scripts/compare_commits.py)."""
    assert CHECKED in SPARK_CHECKS_MORE
    same, lines = compare_relation(CHECKED, relations(CHECKED, "a"), relations(CHECKED, "a", "quoted"), 10)
    assert same and lines == [f"{CHECKED}: identical where compared (DuckDB's 1 rows among Spark's 2)"], lines
    same, lines = compare_relation(CHECKED, relations(CHECKED, "a", "b"), relations(CHECKED, "a", "quoted"), 10)
    assert not same and lines[0].startswith(f"{CHECKED}: DIFFERENT (1 of DuckDB's 2 rows"), lines
    same, _ = compare_relation("stg_io_entries", relations("stg_io_entries", "a"),
                               relations("stg_io_entries", "a", "quoted"), 10)
    assert not same
    same, _ = compare_relation(CHECKED, relations(CHECKED, "a"), relations(CHECKED, "a", "quoted"), 10,
                               sides=("before", "after"))
    assert not same


def test_incremental_history_on_spark_holds_at_least_the_mirrors_unvouched_lists() -> None:
    """The Spark history's staging against its DuckDB mirror (`assert_same_staging_and_marts`): rows only on Spark
    are allowed for SPARK_CHECKS_MORE alone, rows only on the mirror never."""
    spark, mirror = {CHECKED: rows("a", "quoted")}, {CHECKED: rows("a")}
    assert differences(spark, mirror, SPARK_CHECKS_MORE) == {}
    assert differences(spark, mirror) == {CHECKED: (1, 0)}
    assert differences(mirror, spark, SPARK_CHECKS_MORE) == {CHECKED: (0, 1)}
