"""Landing and staging (issue: foundation): nothing lost, verbatim, idempotent, incremental by file."""
from __future__ import annotations

import json
import os
import shutil
import time
from collections import Counter
from pathlib import Path

import pytest

from tests.lw.dbt_runner import PROJECT_DIR, Warehouse
from tests.lw.records import physical_lines, records
from tests.test_raw_landing import LANDING_MODELS

FIXTURES = PROJECT_DIR / "tests" / "fixtures"
CORPORA = FIXTURES / "events"
HOSTILE = FIXTURES / "hostile"


def event_files(root: Path) -> list[Path]:
    """The event files under root (EXPECTED.json and the READMEs are not events)."""
    return sorted(p for p in root.rglob("*") if p.is_file() and p.name.endswith((".json", ".jsonl", ".gz"))
                  and p.name != "EXPECTED.json")


def relative(source_file: str, root: Path) -> str:
    """A landed file's identity (its normalised path, D17) relative to the folder it was landed from."""
    return str(Path(source_file).relative_to(root))


def audit(wh: Warehouse, root: Path) -> dict[str, tuple[int, int, int, int]]:
    rows = wh.query("select source_file, lines, parsed, quarantined, duplicates from marts.landing_audit")
    return {relative(r[0], root): tuple(r[1:]) for r in rows}


@pytest.fixture(scope="module")
def corpora(corpora_duckdb: Warehouse) -> Warehouse:
    return corpora_duckdb


@pytest.fixture(scope="module")
def hostile(hostile_duckdb: Warehouse) -> Warehouse:
    return hostile_duckdb


def test_d5_shared_corpora_every_record_is_parsed_or_quarantined(corpora: Warehouse) -> None:
    files = event_files(CORPORA)
    assert len(files) > 200, "the shared corpora are copied into tests/fixtures/events"
    got = audit(corpora, CORPORA)
    for path in files:
        name = str(path.relative_to(CORPORA))
        expected = len(records(path))
        lines, parsed, quarantined, _ = got[name]
        assert lines == expected, name
        assert lines == parsed + quarantined, name
    assert set(got) == {str(p.relative_to(CORPORA)) for p in files if records(p)}


def test_d5_partial_fragments_are_quarantined_with_a_reason(corpora: Warehouse) -> None:
    rows = corpora.query(
        "select reason, reason_description, count(*) from staging.quarantined_events "
        "where source_file like '%/events/partial-fragments/%' group by all"
    )
    assert sum(r[2] for r in rows) > 100
    assert all(r[0] and r[1] for r in rows)


def test_d5_hostile_set_every_record_lands_where_expected(hostile: Warehouse) -> None:
    expected = json.loads((HOSTILE / "EXPECTED.json").read_text())
    placed = {(relative(r[0], HOSTILE), r[1], r[2]) for r in hostile.query(
        "select source_file, line_number, element_index from staging.stg_event_envelopes "
        "where quarantine_reason is null")}
    quarantined = {(relative(r[0], HOSTILE), r[1], r[2]): r[3] for r in hostile.query(
        "select source_file, line_number, element_index, reason from staging.quarantined_events")}
    checked = 0
    for file_name, outcomes in expected.items():
        for outcome in outcomes:
            key = (file_name, outcome["line"], outcome.get("element"))
            if outcome["expect"] == "parsed":
                assert key in placed, (key, quarantined.get(key))
            else:
                assert quarantined.get(key) == outcome["reason"], key
            checked += 1
    assert checked == len(placed) + len(quarantined)


def test_d5_hostile_audit_adds_up(hostile: Warehouse) -> None:
    expected = json.loads((HOSTILE / "EXPECTED.json").read_text())
    got = audit(hostile, HOSTILE)
    for file_name, outcomes in expected.items():
        if not outcomes:
            assert file_name not in got
            continue
        lines, parsed, quarantined, _ = got[file_name]
        assert lines == len(outcomes) == parsed + quarantined, file_name
        assert quarantined == sum(o["expect"] == "quarantined" for o in outcomes), file_name


def test_every_quarantined_record_has_a_readable_reason(hostile: Warehouse) -> None:
    rows = hostile.query("select reason, reason_description from staging.quarantined_events")
    assert rows
    assert all(len(description) > 20 for _, description in rows)


def test_raw_lines_are_verbatim_with_line_numbers(hostile: Warehouse, corpora: Warehouse) -> None:
    for wh, root in ((hostile, HOSTILE), (corpora, CORPORA)):
        landed = {(relative(r[0], root), r[1]): (r[2], r[3]) for r in wh.query(
            "select source_file, line_number, payload, line_hash from raw.raw_event_lines")}
        expected = {}
        for path in event_files(root):
            for number, text in physical_lines(path):
                expected[(str(path.relative_to(root)), number)] = text
        assert {k: v[0] for k, v in landed.items()} == expected
        import hashlib
        assert all(h == hashlib.sha256(p.encode("utf-8")).hexdigest() for p, h in landed.values())


def test_d1_byte_identical_duplicates_count_once(hostile: Warehouse) -> None:
    total_duplicates = sum(v[3] for v in audit(hostile, HOSTILE).values())
    events = hostile.query("select count(*) from staging.stg_events")[0][0]
    placed = hostile.query("select count(*) from staging.stg_event_envelopes where quarantine_reason is null")[0][0]
    assert total_duplicates > 0
    assert placed - events == total_duplicates


def test_relanding_the_same_files_changes_nothing(tmp_path: Path) -> None:
    src = tmp_path / "events"
    shutil.copytree(CORPORA / "marquez-demo", src)
    wh = Warehouse(tmp_path / "wh")
    wh.build(f"{src}/*", select=LANDING_MODELS)
    before = wh.query("select source_file, line_number, line_hash from raw.raw_event_lines order by all")
    before_audit = audit(wh, src)
    wh.build(f"{src}/*", select=LANDING_MODELS)
    assert wh.query("select source_file, line_number, line_hash from raw.raw_event_lines order by all") == before
    assert audit(wh, src) == before_audit


def test_one_more_file_lands_only_that_file(tmp_path: Path) -> None:
    src = tmp_path / "events"
    src.mkdir()
    shutil.copy(CORPORA / "marquez-demo" / "food_delivery.jsonl", src / "a.jsonl")
    wh = Warehouse(tmp_path / "wh")
    wh.build(f"{src}/*", select=LANDING_MODELS)
    first = Counter(relative(r[0], src) for r in wh.query("select source_file from raw.raw_event_lines"))
    shutil.copy(CORPORA / "openlineage-dbt-live" / "dbt_ol_run.jsonl", src / "b.jsonl")
    wh.build(f"{src}/*", select=LANDING_MODELS)
    second = Counter(relative(r[0], src) for r in wh.query("select source_file from raw.raw_event_lines"))
    assert second["a.jsonl"] == first["a.jsonl"] == 26
    assert second["b.jsonl"] == len(physical_lines(src / "b.jsonl"))
    assert set(audit(wh, src)) == {"a.jsonl", "b.jsonl"}


def test_lines_appended_to_a_file_land_alone(tmp_path: Path) -> None:
    src = tmp_path / "events"
    src.mkdir()
    lines = (CORPORA / "marquez-demo" / "food_delivery.jsonl").read_text().splitlines(keepends=True)
    (src / "a.jsonl").write_text("".join(lines[:10]))
    wh = Warehouse(tmp_path / "wh")
    wh.build(f"{src}/*", select=LANDING_MODELS)
    (src / "a.jsonl").write_text("".join(lines))
    wh.build(f"{src}/*", select=LANDING_MODELS)
    numbers = [r[0] for r in wh.query("select line_number from raw.raw_event_lines order by 1")]
    assert numbers == list(range(1, 27))
    # a file that only grew supersedes none of its landed lines: the derived layers append the new batch alone
    # (docs/decisions/landing-file-rewritten-in-place.md)
    assert not wh.read_every_batch("staging/stg_event_records")


def test_file_rewritten_in_place_gives_a_fresh_builds_warehouse(tmp_path: Path) -> None:
    """docs/decisions/landing-file-rewritten-in-place.md (issue 17 point 6): a file rewritten under its name lands
    the lines it now holds; the lines it no longer holds leave raw and every derived layer, an event it no longer
    holds stays placed from another file that also holds it, and raw, staging and marts equal a fresh build."""
    from tests.test_incremental import assert_same_staging_and_marts

    src = tmp_path / "events"
    src.mkdir()
    lines = (CORPORA / "marquez-demo" / "food_delivery.jsonl").read_text().splitlines(keepends=True)
    past = time.time() - 120
    for name, part in (("a.jsonl", lines[:12]), ("b.jsonl", lines[12:20] + [lines[5]])):
        (src / name).write_text("".join(part))
        os.utime(src / name, (past, past))
    glob = f"{src}/*"
    wh = Warehouse(tmp_path / "wh")
    wh.build(glob, data_tests=False)
    (src / "a.jsonl").write_text("".join(lines[:3] + lines[20:]))  # lines 4 to 12 change, the file is shorter
    os.utime(src / "a.jsonl", (past + 5, past + 5))
    wh.build(glob)  # with the data tests: no line number twice, every record parsed or quarantined
    fresh = Warehouse(tmp_path / "fresh")
    fresh.build(glob, data_tests=False)
    layers = ("staging", "marts")
    assert_same_staging_and_marts({schema: wh.relations(schema) for schema in layers},
                                  {schema: fresh.relations(schema) for schema in layers})
    landed = "select source_file, line_number, line_hash from raw.raw_event_lines order by all"
    assert wh.query(landed) == fresh.query(landed)
    assert Counter(relative(r[0], src) for r in wh.query("select source_file from raw.raw_event_lines")) == {
        "a.jsonl": 3 + len(lines) - 20, "b.jsonl": 9}


def recorded_states(wh: Warehouse) -> dict[str, tuple[int, int]]:
    rows = wh.query("select source_path, file_size, modified_epoch_s from raw.landed_file_states")
    return {Path(r[0]).name: (r[1], r[2]) for r in rows}


def test_files_already_landed_whole_are_not_read_again(tmp_path: Path) -> None:
    """docs/decisions/landing-skip-files-already-landed.md: a file whose size and modification second are
    recorded is not opened again; a new or grown file is; a file modified at or after the second the run
    started is read but not recorded, so it is read again next time, and nothing lands twice."""
    src = tmp_path / "events"
    src.mkdir()
    lines = (CORPORA / "marquez-demo" / "food_delivery.jsonl").read_text().splitlines(keepends=True)
    past, future = time.time() - 120, time.time() + 3600
    for name, part in (("a.jsonl", lines[:10]), ("b.jsonl", lines[10:20])):
        (src / name).write_text("".join(part))
        os.utime(src / name, (past, past))
    wh = Warehouse(tmp_path / "wh")
    wh.build(f"{src}/*", select="raw_event_lines")
    assert recorded_states(wh) == {name: ((src / name).stat().st_size, int(past)) for name in ("a.jsonl", "b.jsonl")}

    (src / "c.jsonl").write_text("".join(lines[20:]))
    os.utime(src / "c.jsonl", (future, future))
    (src / "a.jsonl").write_text("".join(lines[:12]))
    os.utime(src / "a.jsonl", (past, past))
    wh.build(f"{src}/*", select="raw_event_lines")
    compiled = wh.compiled("raw/raw_event_lines.sql")
    assert "c.jsonl" in compiled and "a.jsonl" in compiled and "b.jsonl" not in compiled
    assert set(recorded_states(wh)) == {"a.jsonl", "b.jsonl"}  # c.jsonl is "newer" than the run
    assert recorded_states(wh)["a.jsonl"] == ((src / "a.jsonl").stat().st_size, int(past))

    wh.build(f"{src}/*", select="raw_event_lines")
    compiled = wh.compiled("raw/raw_event_lines.sql")
    assert "c.jsonl" in compiled and "a.jsonl" not in compiled and "b.jsonl" not in compiled
    landed = Counter(relative(r[0], src) for r in wh.query("select source_file from raw.raw_event_lines"))
    assert landed == {"a.jsonl": 12, "b.jsonl": 10, "c.jsonl": len(lines) - 20}
    batches = wh.query("select landing_batch, count(*) from raw.raw_event_lines group by 1 order by 1")
    assert batches == [(1, 20), (2, 2 + len(lines) - 20)]

    wh.build(f"{src}/*", full_refresh=True, select="raw_event_lines")
    compiled = wh.compiled("raw/raw_event_lines.sql")  # a full refresh reads every file
    assert "a.jsonl" in compiled and "b.jsonl" in compiled and "c.jsonl" in compiled
    assert Counter(relative(r[0], src) for r in wh.query("select source_file from raw.raw_event_lines")) == landed


def test_events_glob_matching_nothing_stops_the_build_before_anything_lands(tmp_path: Path) -> None:
    """docs/decisions/landing-glob-matching-nothing.md: a glob that matches no file is a configuration error, so the
    run fails with a message naming the glob and no landing table is written."""
    wh = Warehouse(tmp_path / "wh")
    glob = str(tmp_path / "no_such_folder" / "*.jsonl")
    proc = wh.dbt(["run", "--select", "raw_event_lines"], events=glob, check=False)
    assert proc.returncode != 0
    assert f"events_path '{glob}' matches no file" in proc.stdout + proc.stderr
    tables = wh.query("select table_name from information_schema.tables where table_schema = 'raw'") \
        if wh.duckdb_path.exists() else []
    assert ("raw_event_lines",) not in tables
