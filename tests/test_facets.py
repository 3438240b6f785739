"""Every facet reachable in SQL (issue 55, docs/rules.md "Facets: every facet"): marts.facets holds every facet of
the kept events, standard or custom, one row per entity and facet. The custom facets of the shared corpora (the
Marquez edge cases send additionalProp1..3 as run and job facets) are checked against the fixture files read here in
Python, not against written-down values."""
from __future__ import annotations

import json
import re
from collections import defaultdict
from datetime import datetime, timezone
from typing import Any

from tests.lw.dbt_runner import PROJECT_DIR, Warehouse

EVENTS = PROJECT_DIR / "tests" / "fixtures" / "events"
CUSTOM = re.compile(r"^additionalProp\d$")


def fixture_events() -> list[dict[str, Any]]:
    """Every distinct event object of the shared corpora's plain-text files (a file is one document, an array or
    one event per line)."""
    seen: dict[str, dict[str, Any]] = {}
    for path in sorted(EVENTS.rglob("*.json*")):
        if path.suffix == ".gz":
            continue
        text = path.read_text(encoding="utf-8")
        try:
            documents = [json.loads(text)]
        except json.JSONDecodeError:
            documents = [json.loads(line) for line in text.splitlines() if line.strip()]
        for document in documents:
            for event in document if isinstance(document, list) else [document]:
                if isinstance(event, dict):
                    seen[json.dumps(event, sort_keys=True)] = event
    return list(seen.values())


def event_time(event: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(event["eventTime"].replace("Z", "+00:00")).astimezone(timezone.utc).replace(tzinfo=None)


def expected_custom_facets(container: str, key: Any) -> dict[tuple[Any, str], dict[str, Any]]:
    """(entity key, facet name) -> event count, first and last eventTime and the texts of the latest facet(s) of
    the custom facets sent in `container` (run or job) of the fixture events; `key` names an event's entity."""
    carried: dict[tuple[Any, str], list[tuple[datetime, dict[str, Any]]]] = defaultdict(list)
    for event in fixture_events():
        facets = (event.get(container) or {}).get("facets") or {}
        for name, facet in facets.items():
            if CUSTOM.match(name) and isinstance(facet, dict):
                carried[(key(event), name)].append((event_time(event), facet))
    expected = {}
    for entity, sent in carried.items():
        last = max(time for time, _ in sent)
        expected[entity] = {"events": len(sent), "first": min(time for time, _ in sent), "last": last,
                            "latest": [facet for time, facet in sent if time == last]}
    return expected


def check_rows(found: list[tuple[Any, ...]], expected: dict[tuple[Any, str], dict[str, Any]], at_least: int) -> None:
    assert len(expected) >= at_least, expected
    rows = {(entity, name): (count, first, last, json.loads(text), producer, schema_url)
            for entity, name, count, first, last, text, producer, schema_url in found}
    assert set(rows) == set(expected)
    for entity, want in expected.items():
        count, first, last, facet, producer, schema_url = rows[entity]
        assert (count, first, last) == (want["events"], want["first"], want["last"]), entity
        assert facet in want["latest"], entity  # D1: the latest eventTime (its ties by event hash)
        assert (producer, schema_url) == (facet["_producer"], facet["_schemaURL"]), entity


def test_issue55_facets_mart_holds_the_custom_run_facets_of_the_shared_corpora(corpora_duckdb: Warehouse) -> None:
    found = corpora_duckdb.query("""
        select entity_id, facet_name, event_count, first_seen_at, last_seen_at, facet_text, producer, schema_url
        from marts.facets
        where entity_kind = 'RUN' and facet_container = 'run' and regexp_matches(facet_name, '^additionalProp[0-9]$')""")
    # three custom facets on two runs
    check_rows(found, expected_custom_facets("run", lambda event: event["run"]["runId"].lower()), 6)


def test_issue55_facets_mart_holds_the_custom_job_facets_of_the_shared_corpora(corpora_duckdb: Warehouse) -> None:
    found = corpora_duckdb.query("""
        select jobs.name, facets.facet_name, facets.event_count, facets.first_seen_at, facets.last_seen_at,
               facets.facet_text, facets.producer, facets.schema_url
        from marts.facets
        inner join marts.jobs on facets.entity_id = jobs.job_id
        where facets.entity_kind = 'JOB' and regexp_matches(facets.facet_name, '^additionalProp[0-9]$')""")
    # three custom facets on one job, sent by several events
    check_rows(found, expected_custom_facets("job", lambda event: event["job"]["name"]), 3)


def test_issue55_every_facets_row_is_on_an_entity_of_the_marts(corpora_duckdb: Warehouse) -> None:
    """docs/rules.md "Facets: every facet": each kind's ids are those of the entity marts it names, and the
    corpora give every kind."""
    kinds = dict(corpora_duckdb.query("select entity_kind, count(*) from marts.facets group by entity_kind"))
    assert set(kinds) == {"RUN", "OPERATION", "JOB", "DATASET", "INPUT", "OUTPUT"}, kinds
    orphans = corpora_duckdb.query("""
        select facets.entity_kind, count(*) from marts.facets
        where not case facets.entity_kind
            when 'RUN' then facets.entity_id in (select run_id from marts.runs)
            when 'OPERATION' then facets.entity_id in (select operation_id from marts.operations)
            when 'JOB' then facets.entity_id in (select job_id from marts.jobs)
            when 'DATASET' then facets.entity_id in (select dataset_id from marts.datasets)
            when 'INPUT' then (facets.operation_id, facets.entity_id) in (select (operation_id, dataset_id) from marts.inputs)
            when 'OUTPUT' then (facets.operation_id, facets.entity_id) in (select (operation_id, dataset_id) from marts.outputs)
        end
        or (facets.operation_id is null) != (facets.entity_kind not in ('INPUT', 'OUTPUT'))
        group by facets.entity_kind""")
    assert orphans == []
    # bounded: one row per entity and facet, however many events sent it
    assert corpora_duckdb.query("select sum(event_count) > count(*) from marts.facets") == [(True,)]


def test_issue55_d5_a_facet_that_is_not_an_object_is_not_in_the_facets(hostile_duckdb: Warehouse) -> None:
    """A facet that is not a JSON object is dropped alone (D5): staging.facet_issues notes it and no facets row
    reads it."""
    noted = hostile_duckdb.query("""
        select issues.event_hash, issues.facet from staging.facet_issues as issues
        where issues.reason = 'not_an_object' and regexp_matches(issues.facet,
            '^((run|job)[.]facets|(inputs|outputs|dataset)(\\[[0-9]+\\])?[.](facets|inputFacets|outputFacets))[.][^.\\[]+$')""")
    assert len(noted) >= 2, noted  # the hostile set's parent and nominalTime sent as strings
    read = set(hostile_duckdb.query("select event_hash, facet_path from staging.stg_event_facets"))
    assert not set(noted) & read
    # the other events' facets are read
    assert hostile_duckdb.query("select count(*) > 0 from marts.facets") == [(True,)]
