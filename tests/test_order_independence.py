"""D1: the marts are a function of the SET of events.

The same events (all of tests/fixtures/integrations, the Marquez demo, the live dbt-ol runs and the fixtures of job
hierarchy, dataset facets and static events, D16) are landed in fresh DuckDB warehouses in different shapes: in
their own files and order, reversed into one file, shuffled (seeded) into seven files with other names, and
shuffled with byte-identical duplicates in two incremental landing batches. Every
relation of schema `marts` except `landing_audit` (per landed file by definition) must hold the same rows (as a
multiset) in every warehouse. Whatever marts exist when the test runs are compared; with none to compare the test
fails, so it cannot pass vacuously.
"""
from __future__ import annotations

import datetime as dt
import decimal
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.lw.dbt_runner import PROJECT_DIR, Warehouse

FIXTURES = PROJECT_DIR / "tests" / "fixtures"
SOURCES = [
    (FIXTURES / "integrations", "**/*.jsonl"),
    (FIXTURES / "events" / "marquez-demo", "*.jsonl"),
    (FIXTURES / "events" / "openlineage-dbt-live", "*.jsonl"),
    (FIXTURES / "events" / "job-hierarchy", "*.jsonl"),
    (FIXTURES / "events" / "dataset-facets", "*.jsonl"),
    (FIXTURES / "events" / "starrocks", "*.jsonl"),
    (FIXTURES / "events" / "static-events", "*.jsonl"),  # D16: static events take part in D1
]
PER_FILE_RELATIONS = {"landing_audit"}
SEED = 20250101

Rows = Counter[tuple[Any, ...]]
Marts = dict[str, tuple[tuple[str, ...], Rows]]


# --------------------------------------------------------------------------------------------------------------
# event layouts
# --------------------------------------------------------------------------------------------------------------

def source_files() -> list[tuple[str, list[str]]]:
    """(name relative to tests/fixtures, non-blank lines) of every source file, in name order."""
    result = []
    for root, pattern in SOURCES:
        for path in sorted(root.glob(pattern)):
            lines = [line.rstrip("\r") for line in path.read_text(encoding="utf-8").split("\n") if line.strip()]
            result.append((path.relative_to(FIXTURES).as_posix(), lines))
    return result


def write_files(root: Path, files: list[tuple[str, list[str]]]) -> str:
    for name, lines in files:
        target = root / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return f"{root}/**/*.jsonl"


def split(lines: list[str], parts: int, rng: random.Random) -> list[list[str]]:
    """lines cut into `parts` non-empty runs of uneven length, order kept."""
    cuts = sorted(rng.sample(range(1, len(lines)), parts - 1))
    return [lines[a:b] for a, b in zip([0, *cuts], [*cuts, len(lines)])]


def forward_layout(root: Path) -> str:
    """The files as they are, same names, same line order."""
    return write_files(root, source_files())


def reversed_layout(root: Path) -> str:
    """Every line of every file, last first, in one file."""
    lines = [line for _, file_lines in source_files() for line in file_lines]
    return write_files(root, [("all_events_reversed.jsonl", lines[::-1])])


def shuffled_layout(root: Path) -> str:
    """A seeded shuffle cut into 7 files with unrelated names (two in a sub-folder)."""
    rng = random.Random(SEED)
    lines = [line for _, file_lines in source_files() for line in file_lines]
    rng.shuffle(lines)
    names = [f"{'late/' if i in (2, 5) else ''}batch-{rng.getrandbits(32):08x}.jsonl" for i in range(7)]
    return write_files(root, list(zip(names, split(lines, 7, rng))))


def duplicated_batches(root: Path) -> tuple[str, str]:
    """A different seeded shuffle with ~10% of the lines repeated (byte-identical), cut into 5 files; the first
    glob lands 2 of them, the second all 5 (an incremental second landing)."""
    rng = random.Random(SEED + 1)
    lines = [line for _, file_lines in source_files() for line in file_lines]
    lines += rng.sample(lines, len(lines) // 10)
    rng.shuffle(lines)
    parts = split(lines, 5, rng)
    names = [f"{'first' if i < 2 else 'second'}-{i}.jsonl" for i in range(5)]
    write_files(root, list(zip(names, parts)))
    return f"{root}/first-*.jsonl", f"{root}/*.jsonl"


# --------------------------------------------------------------------------------------------------------------
# reading marts
# --------------------------------------------------------------------------------------------------------------

def comparable(value: Any) -> Any:
    """A hashable value that equals another exactly when the warehouse values are equal."""
    if isinstance(value, dt.datetime):
        if value.tzinfo is not None:
            value = value.astimezone(dt.timezone.utc).replace(tzinfo=None)
        return ("ts", value.isoformat(timespec="microseconds"))
    if isinstance(value, decimal.Decimal):
        return ("dec", str(value.normalize()))
    if isinstance(value, (list, tuple)):
        return tuple(comparable(v) for v in value)
    if isinstance(value, dict):
        return ("map", json.dumps(value, sort_keys=True, default=str))
    return value


def seed_names() -> set[str]:
    return {p.stem for p in (PROJECT_DIR / "seeds").glob("*.csv")}


def read_marts(duckdb_path: Path) -> Marts:
    """Every relation of schema `marts` (from information_schema) but the per-file ones and the seeds:
    {name: (column names, rows as a multiset)}."""
    import duckdb

    con = duckdb.connect(str(duckdb_path), read_only=True)
    try:
        con.execute("set TimeZone = 'UTC'")
        names = [row[0] for row in con.execute(
            "select table_name from information_schema.tables where table_schema = 'marts' order by table_name"
        ).fetchall()]
        result: Marts = {}
        for name in names:
            if name in PER_FILE_RELATIONS or name in seed_names():
                continue
            cursor = con.execute(f'select * from "marts"."{name}"')
            columns = tuple(d[0] for d in cursor.description)
            result[name] = (columns, Counter(tuple(comparable(v) for v in row) for row in cursor.fetchall()))
        return result
    finally:
        con.close()


def differences(expected: Marts, actual: Marts) -> list[str]:
    problems = []
    for name in sorted(set(expected) | set(actual)):
        if name not in actual or name not in expected:
            problems.append(f"{name}: only in {'expected' if name in expected else 'actual'}")
            continue
        (columns_a, rows_a), (columns_b, rows_b) = expected[name], actual[name]
        if columns_a != columns_b:
            problems.append(f"{name}: columns {columns_a} != {columns_b}")
            continue
        if rows_a != rows_b:
            missing, extra = rows_a - rows_b, rows_b - rows_a
            problems.append(f"{name}: {sum(missing.values())} rows missing, {sum(extra.values())} extra; "
                            f"e.g. missing {list(missing)[:2]} extra {list(extra)[:2]}")
    return problems


# --------------------------------------------------------------------------------------------------------------
# warehouses
# --------------------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def marts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Marts]:
    result: dict[str, Marts] = {}
    for name, layout in (("forward", forward_layout), ("reversed", reversed_layout),
                         ("shuffled", shuffled_layout)):
        events = layout(tmp_path_factory.mktemp(f"events_{name}"))
        wh = Warehouse(tmp_path_factory.mktemp(f"wh_{name}"))
        wh.build(events, data_tests=False)  # the marts are compared; the shared corpora build runs the data tests
        result[name] = read_marts(wh.duckdb_path)
    first, everything = duplicated_batches(tmp_path_factory.mktemp("events_batches"))
    wh = Warehouse(tmp_path_factory.mktemp("wh_batches"))
    wh.build(first, data_tests=False)
    wh.build(everything, data_tests=False)
    result["duplicated_batches"] = read_marts(wh.duckdb_path)
    return result


def test_d1_layouts_hold_the_same_events() -> None:
    """The layouts are really the same set of events in another order / split (guards the test itself)."""
    lines = Counter(line for _, file_lines in source_files() for line in file_lines)
    assert sum(lines.values()) > 700
    assert len({name for name, _ in source_files()}) > 100


def test_d1_there_are_marts_to_compare(marts: dict[str, Marts]) -> None:
    assert len(marts["forward"]) >= 1, (
        "no relation in schema marts besides landing_audit: nothing to compare, D1 is not proved")
    assert any(sum(rows.values()) for _, rows in marts["forward"].values()), "every mart is empty"


@pytest.mark.parametrize("layout", ["reversed", "shuffled"])
def test_d1_marts_do_not_depend_on_line_order_or_file_split(marts: dict[str, Marts], layout: str) -> None:
    assert len(marts["forward"]) >= 1, "no marts to compare"
    assert differences(marts["forward"], marts[layout]) == []


def test_d1_marts_do_not_depend_on_duplicates_or_incremental_batches(marts: dict[str, Marts]) -> None:
    """D1: byte-identical duplicates count once, and landing in two incremental batches gives the marts of one
    full landing."""
    assert len(marts["forward"]) >= 1, "no marts to compare"
    assert differences(marts["forward"], marts["duplicated_batches"]) == []
