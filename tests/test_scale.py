"""The build command of the README ("Your own events") at CI size (issue 21, point 3;
docs/decisions/data-tests-bounded-cost.md): `dbt build` with every data test passes on 100,000 generated events within
the profile's memory limit
(2 GB). The unit tests and the macro tests on literal inputs are left out: they read no model, so their cost does
not depend on the data, and they run in the corpora build (tests/test_dbt_tests.py). DuckDB only: the question is
whether a data test grows faster than the data within DuckDB's memory limit."""
from __future__ import annotations

import sys
import time
from pathlib import Path

import yaml

from tests.lw import in_process
from tests.lw.dbt_runner import PROJECT_DIR, Warehouse

sys.path.insert(0, str(PROJECT_DIR / "scripts"))
import generate_events as gen  # noqa: E402

EVENTS = 100_000


def test_scale_dbt_build_with_every_data_test_passes_on_100k_generated_events(tmp_path: Path) -> None:
    events_dir = tmp_path / "events"
    # two files, as tests/test_generate_events.py generates them: this build is also the one that shows the
    # generator's output builds, its malformed lines quarantined and the rest reaching the marts
    manifest = gen.generate(gen.GeneratorConfig(EVENTS, 21, events_dir, files=2))
    wh = Warehouse(tmp_path / "wh")
    began = time.perf_counter()
    wh.build(f"{events_dir}/*.jsonl")
    print(f"dbt build on {EVENTS:,} generated events: {time.perf_counter() - began:.0f} s")

    statuses = wh.test_statuses()
    manifest_tests = {uid for uid, node in in_process.manifest("duckdb").nodes.items()
                      if node.resource_type == "test" and "macro_test" not in node.tags}
    assert len(manifest_tests) > 100 and set(statuses) == manifest_tests, "the build ran every data test on models"
    assert set(statuses.values()) == {"pass"}, {uid: s for uid, s in statuses.items() if s != "pass"}
    assert statuses["test.lineage_warehouse.test_lineage_closure_equals_traversal"] == "pass"
    lines, parsed, quarantined = wh.query(
        "select sum(lines), sum(parsed), sum(quarantined) from marts.landing_audit")[0]
    assert lines == manifest["events"] == EVENTS
    assert lines == parsed + quarantined
    assert quarantined == manifest["lines"]["malformed"] > 0
    for mart in ("runs", "operations", "inputs", "outputs", "column_lineage"):
        assert wh.query(f"select count(*) from marts.{mart}")[0][0] > 0, mart
    # the sampled closure check had lineage to compare: its starts (the first lineage_closure_check_starts dataset
    # ids) have closure pairs
    starts = yaml.safe_load((PROJECT_DIR / "dbt_project.yml").read_text())["vars"]["lineage_closure_check_starts"]
    checked = wh.query(f"""
        with sampled as (select dataset_id from marts.datasets order by dataset_id limit {int(starts)})
        select count(*) from marts.dataset_lineage_closure
        where upstream_dataset_id in (select dataset_id from sampled)
            or downstream_dataset_id in (select dataset_id from sampled)""")[0][0]
    assert checked > 0
