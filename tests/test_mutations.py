"""Issue 17 point 1: no event can stop the warehouse. Real events of the corpora, every JSON path of each rewritten
with a value of every JSON type, one mutation per event: the build (with its data tests) passes, every landed line is
parsed or quarantined, only a broken envelope quarantines (D5: a bad facet, entry or field drops alone), and a second,
incremental build on top passes too. The typed core's own mutation tests (tests/test_typed_core.py) check what each
declared facet and entry path then reads; this one walks the whole of real events, so a path nobody declared is
covered as well."""
from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from scripts.make_hostile_events import with_value
from tests.lw.dbt_runner import PROJECT_DIR, Warehouse

CORPORA = PROJECT_DIR / "tests" / "fixtures" / "events"
# a Marquez event with every kind of facet, a Marquez demo event with column lineage, SQL and schemas, a dbt-ol
# event (dbt run facets, a test's datasets)
SOURCES = [
    ("marquez-edge-cases/event_full.json", None),
    ("marquez-demo/food_delivery.jsonl", 8),
    ("openlineage-dbt-live/dbt_ol_build.jsonl", 3),
]
# one value of each JSON type, and a string that starts like an object
VALUES: list[Any] = ["oops", "{not json", 42, True, None, [1], {"k": "v"}]
# the envelope (docs/rules.md "D5"): the only paths whose mutation may quarantine an event
ENVELOPE = {("eventTime",), ("run",), ("run", "runId"), ("job",), ("job", "namespace"), ("job", "name")}


def real_event(name: str, line: int | None) -> dict[str, Any]:
    text = (CORPORA / name).read_text(encoding="utf-8")
    return json.loads(text if line is None else text.splitlines()[line])


def json_paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path below the root: each key of each object, the first two items of each array."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield prefix + (key,)
            yield from json_paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value[:2]):
            yield prefix + (index,)
            yield from json_paths(item, prefix + (index,))


def mutations() -> list[tuple[tuple[Any, ...], str]]:
    """(path, event line) for every source event, path and value."""
    lines = []
    for name, line in SOURCES:
        event = real_event(name, line)
        for path in json_paths(event):
            lines += [(path, json.dumps(with_value(event, path, value))) for value in VALUES]
    return lines


def test_d5_every_json_type_at_every_path_of_real_events(tmp_path: Path) -> None:
    cases = mutations()
    assert len(cases) > 2000
    half = len(cases) // 2
    events = tmp_path / "events"
    events.mkdir()
    (events / "a.jsonl").write_text("".join(f"{text}\n" for _, text in cases[:half]), encoding="utf-8")
    glob = f"{events}/*.jsonl"
    warehouse = Warehouse(tmp_path / "wh")
    warehouse.build(glob)
    (events / "b.jsonl").write_text("".join(f"{text}\n" for _, text in cases[half:]), encoding="utf-8")
    warehouse.build(glob)  # the second half lands incrementally, on top

    audit = {Path(r[0]).name: r[1:] for r in warehouse.query(
        "select source_file, lines, parsed, quarantined from marts.landing_audit")}
    assert audit["a.jsonl"][0] == half and audit["b.jsonl"][0] == len(cases) - half
    for lines, parsed, quarantined in audit.values():
        assert lines == parsed + quarantined
    quarantined_paths = {cases[(0 if Path(name).name == "a.jsonl" else half) + number - 1][0]
                         for name, number in warehouse.query(
                             "select source_file, line_number from staging.quarantined_events")}
    assert quarantined_paths and quarantined_paths <= ENVELOPE, sorted(quarantined_paths - ENVELOPE, key=str)
