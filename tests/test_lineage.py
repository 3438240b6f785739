"""Lineage marts and closures (shared/spec/lineage.md "Aggregation", "Traversal"; marts.md
"Lineage marts").

The warehouse is built on DuckDB from every event of tests/fixtures/events. Every expectation is recomputed
here from first principles out of the entity marts (inputs, outputs, runs, operations, dataset_symlinks): the
DATASET edges as (input, output) pairs of one operation, the two-stage counter roll-up, the parents, and the
closure as a breadth-first search in Python, never read back from the lineage marts themselves. The explorer that
draws them (scripts/explorer.py, scripts/lineage_graph.py): tests/test_explorer.py.
"""
from __future__ import annotations

from collections import defaultdict, deque

import pytest

from tests.lw.dbt_runner import PROJECT_DIR, Warehouse

MAX_DEPTH = 10


@pytest.fixture(scope="module")
def wh(corpora_duckdb: Warehouse) -> Warehouse:
    return corpora_duckdb


def dataset_pairs(wh: Warehouse) -> set[tuple[str, str]]:
    """(A, B) where one operation read A and wrote B, A != B."""
    reads: dict[str, set[str]] = defaultdict(set)
    writes: dict[str, set[str]] = defaultdict(set)
    for op, ds in wh.query("select operation_id, dataset_id from marts.inputs"):
        reads[op].add(ds)
    for op, ds in wh.query("select operation_id, dataset_id from marts.outputs"):
        writes[op].add(ds)
    return {(a, b) for op in reads for a in reads[op] for b in writes.get(op, ()) if a != b}


def test_lineage_dataset_edges_need_one_operation(wh: Warehouse) -> None:
    expected = dataset_pairs(wh)
    actual = set(wh.query("select from_id, to_id from marts.lineage_edges where granularity = 'DATASET'"))
    assert expected, "the fixtures must produce some dataset lineage"
    assert actual == expected
    # a pair joined on run instead of operation would be a false edge: none of them may appear
    rows = wh.query("select i.dataset_id, o.dataset_id from marts.inputs as i inner join marts.outputs as o"
                    " on i.run_id = o.run_id and i.operation_id != o.operation_id where i.dataset_id != o.dataset_id")
    by_run = {r for r in rows if r not in expected}
    assert not (by_run & actual)


def test_lineage_counters_are_sum_of_per_operation_max(wh: Warehouse) -> None:
    per_op: dict[tuple[str, str, str], int | None] = {}
    for job, op, ds, rows in wh.query("select job_id, operation_id, dataset_id, num_rows from marts.inputs"):
        key = (job, op, ds)
        if rows is not None:
            per_op[key] = max(rows, per_op.get(key) or rows)
        else:
            per_op.setdefault(key, None)
    expected: dict[tuple[str, str], int | None] = {}
    for (job, _op, ds), value in per_op.items():
        current = expected.get((ds, job))
        expected[(ds, job)] = current if value is None else (current or 0) + value
    actual = {(f, t): n for f, t, n in wh.query(
        "select from_id, to_id, num_rows from marts.lineage_edges where granularity = 'JOB' and edge_kind = 'INPUT'")}
    assert actual == expected


def test_lineage_output_types_drop_unknown(wh: Warehouse) -> None:
    rows = wh.query("select output_types, output_types_mask from marts.lineage_edges where edge_kind != 'INPUT'")
    assert rows
    for names, mask in rows:
        assert "UNKNOWN" not in names.split(",")
        assert (names == "") == (mask == 0)


def test_lineage_parents_cover_every_run_and_operation(wh: Warehouse) -> None:
    expected = {("JOB", j, "RUN", r) for r, j in wh.query("select run_id, job_id from marts.runs") if j}
    expected |= {("JOB", p, "JOB", j) for j, p in wh.query("select job_id, parent_job_id from marts.jobs") if p}
    expected |= {("RUN", r, "OPERATION", o) for o, r in wh.query("select operation_id, run_id from marts.operations")}
    assert set(wh.query("select from_kind, from_id, to_kind, to_id from marts.lineage_parents")) == expected
    run_links = {(p, r) for r, p in wh.query("select run_id, parent_run_id from marts.runs") if p}
    assert set(wh.query("select from_id, to_id from marts.lineage_run_parents")) == run_links


def test_lineage_closure_is_bounded_breadth_first_search(wh: Warehouse) -> None:
    edges: dict[str, set[str]] = defaultdict(set)
    for a, b in dataset_pairs(wh):
        edges[a].add(b)
    twins: dict[str, set[str]] = defaultdict(set)
    for a, b in wh.query("select from_dataset_id, to_dataset_id from marts.dataset_symlinks"):
        twins[a].add(b)
    expected: dict[tuple[str, str], int] = {}
    for start in {d for (d,) in wh.query("select dataset_id from marts.datasets")}:
        depth = {start: 0, **{t: 0 for t in twins[start]}}
        queue = deque(depth)
        while queue:
            node = queue.popleft()
            if depth[node] == MAX_DEPTH:
                continue
            for nxt in edges[node]:
                for reached in (nxt, *twins[nxt]):
                    if reached not in depth:
                        depth[reached] = depth[node] + 1
                        queue.append(reached)
        expected.update({(start, n): d for n, d in depth.items() if d >= 1})
    actual = {(u, d): m for u, d, m in wh.query(
        "select upstream_dataset_id, downstream_dataset_id, min_depth from marts.dataset_lineage_closure")}
    assert actual == expected


def test_lineage_datasets_overview_counts_direct_neighbours(wh: Warehouse) -> None:
    pairs = dataset_pairs(wh)
    rows = wh.query("select dataset_id, upstream_count, downstream_count from marts.datasets_overview")
    assert len(rows) == wh.query("select count(*) from marts.datasets")[0][0]
    for ds, up, down in rows:
        assert up == sum(1 for _a, b in pairs if b == ds)
        assert down == sum(1 for a, _b in pairs if a == ds)


def test_lineage_closure_check_is_complete_on_the_fixtures(wh: Warehouse) -> None:
    """The closure = traversal data test (tests/dbt/marts) samples var lineage_closure_check_starts datasets so
    that it stays bounded at scale, and checks every dataset of a warehouse with at most var
    lineage_closure_check_all_up_to: the corpora stay within that, so there the check is whole."""
    import yaml

    every_up_to = yaml.safe_load((PROJECT_DIR / "dbt_project.yml").read_text())["vars"][
        "lineage_closure_check_all_up_to"]
    assert 0 < wh.query("select count(*) from marts.datasets")[0][0] <= every_up_to


def test_column_lineage_closure_follows_direct_hops_and_ends_on_an_indirect_one(wh: Warehouse) -> None:
    """docs/rules.md "Lineage: Column lineage closure", recomputed by a breadth-first search over the DATASET-grain
    column lineage: DIRECT hops are followed (through symlinked twins at no cost), an INDIRECT hop reaches the whole
    target dataset (target_column NULL) and ends the path; the start column reached again (a cycle) is left out.
    The corpora hold no INDIRECT column lineage: an INDIRECT hop after DIRECT ones is held by the unit test
    test_column_lineage_closure_direct_hops_then_one_indirect_hop and the demo's events (tests/test_explorer.py),
    on Spark by the generated traffic of the engine parity history."""
    direct: dict[tuple[str, str], set[tuple[str, str]]] = defaultdict(set)
    indirect: dict[tuple[str, str], set[str]] = defaultdict(set)
    twins: dict[str, set[str]] = defaultdict(set)
    for a, b in wh.query("select from_dataset_id, to_dataset_id from marts.dataset_symlinks"):
        twins[a].add(b)
    starts = set()
    for src, col, tgt, tcol, kind in wh.query(
            "select source_dataset_id, source_column, target_dataset_id, target_column, lineage_kind"
            " from marts.column_lineage_edges where granularity = 'DATASET'"):
        starts.add((src, col))
        for reached in (tgt, *twins[tgt]):
            if kind == "DIRECT":
                direct[(src, col)].add((reached, tcol))
            else:
                indirect[(src, col)].add(reached)
    expected: dict[tuple[str, str, str, str | None], tuple[str, int]] = {}
    for start in starts:
        depth = {start: 0, **{(t, start[1]): 0 for t in twins[start[0]]}}
        queue = deque(depth)
        while queue:
            node = queue.popleft()
            if depth[node] == MAX_DEPTH:
                continue
            for target in indirect[node]:
                key = (*start, target, None)
                if key not in expected or expected[key][1] > depth[node] + 1:
                    expected[key] = ("INDIRECT", depth[node] + 1)
            for nxt in direct[node]:
                if nxt not in depth:
                    depth[nxt] = depth[node] + 1
                    queue.append(nxt)
        expected.update({(*start, *n): ("DIRECT", d) for n, d in depth.items() if d >= 1})
    actual = {(s, c, t, tc): (k, d) for s, c, t, tc, k, d in wh.query(
        "select source_dataset_id, source_column, target_dataset_id, target_column, lineage_kind, min_depth"
        " from marts.column_lineage_closure")}
    assert any(d >= 2 for _k, d in expected.values()), "the fixtures must give column lineage over several hops"
    assert actual == expected
