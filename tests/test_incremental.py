"""Incremental builds equal a full refresh (issue 5; docs/decisions/incremental-landing-batches.md).

The shared corpora (tests/fixtures/events) plus generated traffic are cut into units - a line of a
newline-delimited file, or a whole file when it holds one pretty-printed document or a JSON array - shuffled
with a seed and landed in batches (new files next to the old ones, ~2 % of earlier lines landed again as
cross-batch duplicates). The warehouse is built with `dbt run` after every batch; then `dbt run --full-refresh`
rebuilds it from the same files. Every mart and every staging relation must be the same multiset of rows
after the last incremental run as after the full refresh (staging compared without its landing-batch and
kept-copy columns, which say *when* a line was landed, not what it means). On Spark the first batch (every fixture
file and part of the generated traffic) is the engine parity build, the second batch is built in the run that
switches retention on, and the warehouse is compared with the same history on DuckDB (`spark_history`: two Spark
runs serve three properties).
"""
from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Callable

import pytest

from tests.lw.dbt_runner import PROJECT_DIR, Warehouse
from tests.lw.file_parity import compare_schema_with_spark_files
from tests.lw.model_modes import APPEND, REFOLD, models_in_mode, project_model_modes
from tests.lw.spark_reader import Relations

FIXTURES = PROJECT_DIR / "tests" / "fixtures" / "events"
JOBS_RUNS_FIXTURES = PROJECT_DIR / "tests" / "fixtures" / "jobs_runs"
HOSTILE_FIXTURES = PROJECT_DIR / "tests" / "fixtures" / "hostile"
# columns that record when and where a line was landed, not what it means
BATCH_COLUMNS = {"landing_batch"}
KEPT_COPY_COLUMNS = {"source_file", "line_number", "element_index"}

Unit = tuple[str, Any]  # ("line", text) or ("file", path)


def fixture_units() -> list[Unit]:
    """Every fixture file as units: a line of a newline-delimited file, or the whole file."""
    units: list[Unit] = []
    for path in sorted(FIXTURES.rglob("*.json*")):
        if path.suffix == ".jsonl":
            units += [("line", line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        else:
            units.append(("file", path))
    return units


def generated_units(tmp: Path, generated: int) -> list[Unit]:
    """`generated` lines of generator traffic (with its own duplicates), a unit per line."""
    out = tmp / "generated"
    subprocess.run([sys.executable, str(PROJECT_DIR / "scripts" / "generate_events.py"), "--events", str(generated),
                    "--seed", "5", "--out", str(out)], check=True, capture_output=True)
    units: list[Unit] = []
    for path in sorted(out.glob("*.jsonl")):
        units += [("line", line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return units


def spark_parity_files() -> list[Unit]:
    """The fixture files the Spark history's first build adds to the corpora, as whole files (their bytes as they
    are: CRLF, BOM, invalid UTF-8, gzip): the jobs/runs fixture and the hostile set, whose own DuckDB builds the
    DuckDB lane checks (tests/test_jobs_runs.py, the hostile tests)."""
    return [("file", path) for path in [*sorted(JOBS_RUNS_FIXTURES.glob("*.jsonl")),
                                        *sorted(HOSTILE_FIXTURES.glob("h*"))]]


def corpus_units(tmp: Path, generated: int) -> list[Unit]:
    """Every fixture file as units, plus `generated` lines of generator traffic."""
    return fixture_units() + generated_units(tmp, generated)


def land_batch(landing: Path, number: int, units: list[Unit], earlier_lines: list[str], rng: random.Random) -> None:
    """Write one batch as new files: its lines (plus re-deliveries of earlier lines) and its whole files."""
    folder = landing / f"batch_{number}"
    folder.mkdir(parents=True)
    lines = [text for kind, text in units if kind == "line"]
    lines += rng.sample(earlier_lines, min(len(earlier_lines), len(lines) // 50))
    rng.shuffle(lines)
    (folder / "events.jsonl").write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    for index, (kind, path) in enumerate(units):
        if kind == "file":
            shutil.copyfile(path, folder / f"{index:04d}_{path.name}")
    # landed a minute before the run that reads them, as files land in a real landing folder (a file modified in
    # the second the run starts is read again by the next run: docs/decisions/landing-skip-files-already-landed.md)
    landed_at = time.time() - 60
    for written in folder.iterdir():
        os.utime(written, (landed_at, landed_at))


def split(units: list[Unit], batches: int, seed: int) -> list[list[Unit]]:
    rng = random.Random(seed)
    shuffled = units[:]
    rng.shuffle(shuffled)
    cuts = sorted(rng.sample(range(1, len(shuffled)), batches - 1))
    return [shuffled[a:b] for a, b in zip([0, *cuts], [*cuts, len(shuffled)])]


def comparable(relations: Relations, schema: str) -> dict[str, Counter[tuple[Any, ...]]]:
    """Rows as multisets by column name, without the when-landed columns (staging) and ordered by name."""
    dropped = BATCH_COLUMNS | (KEPT_COPY_COLUMNS if schema == "staging" else set())
    result: dict[str, Counter[tuple[Any, ...]]] = {}
    for name, (columns, rows) in relations.items():
        if schema == "staging" and name == "stg_events":
            keep = [c for c in sorted(columns) if c not in dropped]
        else:
            keep = [c for c in sorted(columns) if c not in BATCH_COLUMNS]
        index = [columns.index(c) for c in keep]
        result[name] = Counter(tuple(canonical(row[i]) for i in index) for row in rows)
    return result


def canonical(value: Any) -> str:
    """A value as text that does not depend on the engine that stored it: a map's entries sorted by key (DuckDB
    and Spark return a map's keys in different orders)."""
    if isinstance(value, dict):
        return repr(sorted((repr(key), canonical(item)) for key, item in value.items()))
    return repr(value)


def differences(incremental: dict[str, Counter[tuple[Any, ...]]],
                full: dict[str, Counter[tuple[Any, ...]]]) -> dict[str, tuple[int, int]]:
    """{relation: (rows only after the incremental runs, rows only after the full refresh)} where they differ."""
    assert incremental.keys() == full.keys()
    return {name: (sum((incremental[name] - full[name]).values()), sum((full[name] - incremental[name]).values()))
            for name in incremental if incremental[name] != full[name]}


def build_in_batches(wh: Warehouse, landing: Path, batches: list[list[Unit]], seed: int) -> str:
    rng = random.Random(seed)
    glob = f"{landing}/**/*.json*"
    earlier: list[str] = []
    wh.dbt(["seed"])
    for number, units in enumerate(batches, start=1):
        land_batch(landing, number, units, earlier, rng)
        earlier += [text for kind, text in units if kind == "line"]
        wh.dbt(["run"], events=glob)
    return glob


def read(wh: Warehouse, schema: str) -> Relations:
    return wh.relations(schema)


def newest_watermarks(rows: Iterable[tuple[str, int, Any]]) -> dict[str, tuple[int, Any]]:
    """(model, landing batch, recorded at) rows of raw.landing_batch_watermarks -> model: (batch, recorded at) of its
    newest row, the one that counts (latest recorded_at, then highest batch: macros/incremental.sql)."""
    newest: dict[str, tuple[int, Any]] = {}
    for model, batch, at in rows:
        if model not in newest or (at, batch) > newest[model][::-1]:
            newest[model] = (batch, at)
    return newest


def assert_watermarks_recorded(wh: Warehouse, last_batch: int, staging: Relations) -> None:
    """Every append-by-batch model recorded that it read the last batch, and its last build read only that one
    (docs/decisions/incremental-landing-batches.md: watermarks); `staging` is the staging schema as read."""
    columns, rows = read(wh, "raw")["landing_batch_watermarks"]
    name, batch, at = (columns.index(c) for c in ("model_name", "landing_batch", "recorded_at"))
    newest = newest_watermarks((row[name], row[batch], row[at]) for row in rows)
    # every model declared append by batch or refold by scope in its config (docs/architecture.md "Incremental
    # modes"); refolded models read the operations new events touch, so their watermark is the newest batch too
    declared = {m.name for m in models_in_mode(APPEND, wh.target) + models_in_mode(REFOLD, wh.target)}
    assert {model: b for model, (b, _) in newest.items()} == {model: last_batch for model in declared}
    assert_read_only_the_last_batch(wh.compiled("staging/stg_facet_issues.sql"), staging["stg_events"], last_batch)


def assert_read_only_the_last_batch(compiled: str, parent: tuple[list[str], list[tuple[Any, ...]]],
                                    last_batch: int) -> None:
    """A sparse append-by-batch model (stg_facet_issues: no row for most events) appended in its last build, reading
    of its parent's rows (stg_events) those of the last batch and none of an earlier one. Its filter's bound is the
    batch it had recorded as read, the last batch among its parents' rows (macros/incremental.sql): that is below
    last_batch - 1 when the batches before held no placed event (a batch of one quarantined file), so the bound is
    checked against the batches the parent holds, not against last_batch - 1."""
    bounds = {int(bound) for bound in re.findall(r"landing_batch > (\d+)", compiled)}
    assert len(bounds) == 1, f"one unseen-batch bound for every parent (none: it was rebuilt): {bounds}"
    columns, rows = parent
    held = {row[columns.index("landing_batch")] for row in rows}
    assert last_batch in held, "the last batch holds placed events"
    assert {batch for batch in held if batch > min(bounds)} == {last_batch}


def assert_only_new_files_read(wh: Warehouse, last_batch: int) -> None:
    """The last landing read the files of the last batch only: the earlier ones are recorded as landed whole
    (docs/decisions/landing-skip-files-already-landed.md)."""
    named = set(re.findall(r"batch_(\d+)/", wh.compiled("raw/raw_event_lines.sql")))
    assert named == {str(last_batch)}
    columns, rows = read(wh, "raw")["landed_file_states"]
    recorded = {Path(row[columns.index("source_path")]).parent.name for row in rows}
    assert recorded == {f"batch_{number}" for number in range(1, last_batch + 1)}


def assert_landed_incrementally(wh: Warehouse, batches: int, staging: Relations) -> None:
    """The warehouse landed `batches` batches, one per run: each run read only its own new files and every
    incremental model recorded the last batch; `staging` is its staging schema as read."""
    landed = read(wh, "raw")["raw_event_lines"]
    batch_index = landed[0].index("landing_batch")
    assert {row[batch_index] for row in landed[1]} == set(range(1, batches + 1))
    assert_watermarks_recorded(wh, batches, staging)
    assert_only_new_files_read(wh, batches)


def assert_same_staging_and_marts(built: dict[str, Relations], expected: dict[str, Relations]) -> None:
    """Staging and marts (as read: {schema: relations}) are the same multisets of rows, and not empty."""
    for schema in ("staging", "marts"):
        left, right = comparable(built[schema], schema), comparable(expected[schema], schema)
        assert left["stg_event_records" if schema == "staging" else "runs"], schema
        assert differences(left, right) == {}, schema


def assert_incremental_equals_full_refresh(wh: Warehouse, landing: Path, batches: list[list[Unit]]) -> None:
    """Build `batches` one run each, then compare staging and marts with a `--full-refresh` of the same files."""
    glob = build_in_batches(wh, landing, batches, seed=len(batches))
    after_batches = {"staging": read(wh, "staging"), "marts": read(wh, "marts")}
    assert_landed_incrementally(wh, len(batches), after_batches["staging"])
    wh.dbt(["run", "--full-refresh"], events=glob)
    assert_same_staging_and_marts(after_batches, {schema: read(wh, schema) for schema in ("staging", "marts")})


def test_incremental_batches_equal_full_refresh_duckdb(tmp_path: Path) -> None:
    """Five batches (four incremental runs on top of the first) at random cut points, then a full refresh. One case:
    a second case of three batches added ~90 s to the suite and no transition the five do not make
    (docs/decisions/tests-suite-layout.md)."""
    units = corpus_units(tmp_path, generated=1500)
    assert_incremental_equals_full_refresh(Warehouse(tmp_path / "wh"), tmp_path / "landing", split(units, 5, 23))


def outcome(check: Callable[[], object]) -> AssertionError | None:
    """Run a check now, while the relations it reads exist, and keep its failure for the test that reports it."""
    try:
        check()
    except AssertionError as failed:
        return failed
    return None


def spark_history(tmp: Path) -> dict[str, Any]:
    """The Spark lane's one history of batches, shared by three properties (docs/decisions/tests-suite-layout.md). A
    DuckDB warehouse, the mirror, goes through the same history run for run.
    - Batch 1, every fixture file of the corpora, the jobs/runs fixture, the hostile set and a random part of
      generated traffic, is built from empty on Spark (models with the marts' comments, then every macro test)
      and on the mirror (models and every data test): engine parity (tests/test_engine_parity.py) checks that the
      macro tests passed on Spark and that every layer equals the mirror's (landed lines, staging, intermediate,
      marts), so the data tests give the same answers on both (the hostile set's and the jobs/runs fixture's
      parity on Spark too: tests/test_engine_parity.py, tests/test_jobs_runs.py).
    - Batch 2, the rest of the generated traffic (late events of runs begun in batch 1) and re-deliveries of batch
      1's lines, is built incrementally in the run that switches retention on (tests/test_retention.py). This
      module's property on Spark: then staging and marts equal the mirror's (the DuckDB lane checks that an
      incremental history equals a full refresh on DuckDB, with and without retention).
    Each outcome is kept and reported by its own test; the Spark warehouse is gone once another Spark test starts."""
    from tests.lw.spark_reader import Relations
    from tests.test_credentials import relations_holding_the_marker
    from tests.test_engine_parity import (assert_every_layer_like_duckdbs, assert_explorer_reads_spark_files_like_duckdb,
                                          assert_first_build_like_duckdbs)
    from tests.test_facet_lists import issues_of_the_wrong_lists_event
    from tests.test_jobs_runs import assert_jobs_runs_fixture_like_duckdbs
    from tests.test_retention import PER_BATCH_FOLDS, RETENTION, column_values, event_times

    generated = split(generated_units(tmp, 600), 2, 31)
    batches = [fixture_units() + spark_parity_files() + generated[0], generated[1]]
    landing = tmp / "landing"
    glob = f"{landing}/**/*.json*"
    spark = Warehouse(tmp / "wh", "spark", spark_column_comments=True)
    mirror = Warehouse(tmp / "mirror_duckdb")
    rng = random.Random(3)
    history: dict[str, Any] = {"glob": glob}
    land_batch(landing, 1, batches[0], [], rng)
    # on Spark the models and seeds, then the macro tests (they hold no data; the unit tests run on DuckDB alone:
    # docs/decisions/tests-unit-duckdb-macro-both.md); the data tests run on the
    # mirror, whose every layer the Spark build must equal (`assert_every_layer_like_duckdbs`)
    spark.build(glob, data_tests=False)
    spark.dbt(["test", "--select", "tag:macro_test"], events=glob)
    mirror.build(glob)
    history["credentials_on_spark"] = {}

    def keep_what_spark_holds(schema: str, relations: Relations) -> None:
        """What the Spark build holds, from the relations engine parity reads (no read of its own)."""
        history["credentials_on_spark"][schema] = relations_holding_the_marker(relations)
        if schema == "staging":
            history["list_issues_on_spark"] = issues_of_the_wrong_lists_event(relations)

    keep = keep_what_spark_holds
    history["first_build_like_duckdbs"] = outcome(lambda: assert_first_build_like_duckdbs(spark, mirror, keep))
    history["first_layers_like_duckdbs"] = outcome(lambda: assert_every_layer_like_duckdbs(spark, mirror, keep))
    history["first_jobs_runs_like_duckdbs"] = outcome(lambda: assert_jobs_runs_fixture_like_duckdbs(spark))
    history["event_times_before"] = event_times(spark)
    land_batch(landing, 2, batches[1], [text for kind, text in batches[0] if kind == "line"], rng)
    for wh in (spark, mirror):
        wh.dbt(["run"], events=glob, extra_vars={**RETENTION, "spark_column_comments": False})
    history["read_all"] = {model: spark.read_every_batch(model) for model in PER_BATCH_FOLDS}
    on_spark = {"staging": read(spark, "staging"), "marts": read(spark, "marts")}
    history["event_times_after"] = column_values(on_spark["staging"], "stg_events", "event_time")
    history["marts_after"] = on_spark["marts"]
    mirrored = {schema: read(mirror, schema) for schema in ("staging", "marts")}
    history["incremental_equals_mirror"] = outcome(lambda: (
        assert_landed_incrementally(spark, 2, on_spark["staging"]),
        assert_same_staging_and_marts(on_spark, mirrored)))
    # the same marts compared inside DuckDB, from the Spark tables' Parquet files (what bench.py does at 1 M events)
    history["file_parity_after"] = compare_schema_with_spark_files(
        mirror.duckdb_path, spark.spark_dir / "warehouse", "marts", temp_dir=tmp / "file_parity")
    # the lineage explorer's data read from the same Parquet files (scripts/explorer.py --spark-warehouse)
    history["explorer_from_spark_files"] = outcome(
        lambda: assert_explorer_reads_spark_files_like_duckdb(spark.spark_dir / "warehouse", mirror.duckdb_path))
    # Spark's partition overwrite (docs/decisions/spark-refold-partitions.md): the
    # refold tables as stored, and delete_matching_rows on a partitioned table of its own (the run above rebuilt the
    # refolds whole: retention was switched on)
    history["refold_partitions"] = {m.name: partition_files(table_folder(spark.spark_dir, m.path))
                                    for m in models_in_mode(REFOLD, "spark")}
    history["partitioned_delete"] = outcome(lambda: assert_partitioned_delete_rewrites_only_touched_partitions(spark))
    return history


def assert_partitioned_delete_rewrites_only_touched_partitions(spark: Warehouse) -> None:
    """spark__delete_matching_rows on a table partitioned in three: a partition whose rows all match is dropped, one
    where some match is rewritten with the others, one where none match keeps its files."""
    from tests.lw import spark_session

    session = spark_session.session()
    session.sql("create database if not exists refold_probe")
    session.sql("drop table if exists refold_probe.stored")
    session.sql("drop table if exists refold_probe.ledger")
    session.sql("create table refold_probe.stored using parquet partitioned by (refold_partition) as select id,"
                " cast(id * 10 as string) as payload, cast(id % 3 as string) as refold_partition from range(12)")
    session.sql("create table refold_probe.ledger as select id as ledger_id from range(12) where id % 3 = 0"
                " or id in (1, 4)")
    folder = spark.spark_dir / "warehouse" / "refold_probe.db" / "stored"
    before = partition_files(folder)
    spark.dbt(["run-operation", "delete_matching_rows_probe", "--args",
               "{schema: refold_probe, table: stored, ledger: ledger}"])
    kept = sorted(row.id for row in session.sql("select id from refold_probe.stored").collect())
    after = partition_files(folder)
    session.sql("drop database refold_probe cascade")
    assert kept == [2, 5, 7, 8, 10, 11]
    assert sorted(before) == ["0", "1", "2"] and sorted(after) == ["1", "2"]  # '0' dropped
    assert after["2"] == before["2"]  # untouched: the same files
    assert after["1"] and not after["1"] & before["1"]  # rewritten


def table_folder(spark_dir: Path, model_path: str) -> Path:
    """The folder of a model's table in a local Spark warehouse."""
    schema, *_, table = model_path.split("/")
    return spark_dir / "warehouse" / f"{schema}.db" / table


def partition_files(table_dir: Path) -> dict[str, frozenset[str]]:
    """The data files of each partition of a Spark table: {partition value: file names}; files outside a partition
    folder under the key ''."""
    files = {folder.name.split("=", 1)[1]: frozenset(f.name for f in folder.iterdir() if not f.name.startswith("."))
             for folder in table_dir.glob("refold_partition=*")}
    loose = frozenset(f.name for f in table_dir.glob("*.parquet"))
    return {**files, "": loose} if loose else files


@pytest.mark.spark
def test_incremental_batches_equal_duckdbs_spark(spark_history: dict[str, Any]) -> None:
    """A second batch built incrementally on Spark (in the run that switches retention on) gives the staging and
    marts of the same history on DuckDB, having landed only its own files (`spark_history`)."""
    if spark_history["incremental_equals_mirror"] is not None:
        raise spark_history["incremental_equals_mirror"]


@pytest.mark.spark
def test_spark_refold_rewrites_only_the_partitions_it_touches(spark_history: dict[str, Any]) -> None:
    """Issue 18, docs/decisions/spark-refold-partitions.md: every refold table of the
    Spark history is stored partitioned by refold_partition (no file outside a partition folder), and
    delete_matching_rows, the refolds' delete, drops a partition whose rows all match, rewrites one where some
    match, and leaves the files of a partition where none match as they were."""
    assert spark_history["refold_partitions"]
    for model, partitions in spark_history["refold_partitions"].items():
        assert partitions and "" not in partitions, (model, sorted(partitions))
    if spark_history["partitioned_delete"] is not None:
        raise spark_history["partitioned_delete"]


def test_architecture_lists_each_models_declared_mode() -> None:
    """Issue 16: docs/architecture.md "Incremental modes" is the table scripts/model_modes.py generates from the
    manifest (each model's mode declared once, in its config), and every incremental model declares a mode."""
    from scripts.model_modes import LANDING, markdown

    modes = project_model_modes()
    doc = (PROJECT_DIR / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = doc.split("<!-- model_modes: generated by scripts/model_modes.py -->\n")[1].split("<!-- model_modes: end")[0]
    assert table == markdown(modes), "regenerate the table: dbt parse, then python scripts/model_modes.py"
    assert [m.name for m in modes if m.mode == LANDING] == ["raw_event_lines"]
