"""Symlink groups (issue 19; reference-0.7-additions.md §4; docs/rules.md "Symlink groups"), on the five events of
tests/fixtures/events/symlink-groups (written by hand; read by the shared corpora, so tests/test_engine_parity.py
compares these marts on Spark too).

The fixture, all on 2025-08-01 (D = s3://bucket warehouse/sales/orders, T = hive://metastore:9083 sales.orders,
L = hdfs://nn:8020 /warehouse/sales/orders, Y = s3://bucket warehouse/sales/orders_summary, P = s3://bucket
warehouse/sales/orders_v2):
- 08:00 Unknown `orders_catalog` reads D with identifiers T (TABLE) and D itself (LOCATION), and Y with Y itself
  (LOCATION): a TABLE-only group {D WAREHOUSE, T METASTORE}; Y alone is no group;
- 09:00 Unknown `orders_archive` writes D with L (LOCATION): a LOCATION-only group {D METASTORE, L WAREHOUSE};
- 10:00 Unknown `orders_writer` writes D with T (TABLE) and L (LOCATION): §4.6's example, {D WAREHOUSE,
  T METASTORE, L WAREHOUSE};
- 11:00 Unknown `orders_summary` reads T (no symlinks) and writes Y;
- 12:00 Spark SQL_JOB writes P with T (TABLE) and L (LOCATION): the node is T (§2.3 swap), the group keeps L (D12):
  {P WAREHOUSE, T METASTORE, L WAREHOUSE}.
Every expected value is worked out by hand from the spec and the fixture, not copied from a build."""
from __future__ import annotations

import hashlib
from itertools import permutations

import pytest

from tests.lw.dbt_runner import Warehouse

NAMES = {
    "D": ("s3", "bucket", "warehouse/sales/orders"),
    "T": ("hive", "metastore:9083", "sales.orders"),
    "L": ("hdfs", "nn:8020", "/warehouse/sales/orders"),
    "Y": ("s3", "bucket", "warehouse/sales/orders_summary"),
    "P": ("s3", "bucket", "warehouse/sales/orders_v2"),
}
M, W = "METASTORE", "WAREHOUSE"
GROUPS = {
    "table_only": {"D": W, "T": M},
    "location_only": {"D": M, "L": W},
    "table_and_location": {"D": W, "T": M, "L": W},
    "spark": {"P": W, "T": M, "L": W},
}
SPARK_RUN = "0197c56d-d900-7000-8000-00000000b005"


@pytest.fixture(scope="module")
def wh(corpora_duckdb: Warehouse) -> Warehouse:
    return corpora_duckdb


@pytest.fixture(scope="module")
def ids(wh: Warehouse) -> dict[str, str]:
    rows = wh.query("""
        select locations.type, locations.name, datasets.name, datasets.dataset_id
        from marts.datasets as datasets
        inner join marts.locations as locations on datasets.location_id = locations.location_id""")
    by_name = {(t, ln, n): i for t, ln, n, i in rows}
    return {letter: by_name[name] for letter, name in NAMES.items()}


def fixture_groups(wh: Warehouse, ids: dict[str, str]) -> dict[str, dict[str, str]]:
    """The groups of dataset_symlink_groups with a member of the fixture, as {group_id: {letter: role}}."""
    letters = {i: letter for letter, i in ids.items()}
    groups: dict[str, dict[str, str]] = {}
    for group_id, dataset_id, role in wh.query("select group_id, dataset_id, role from marts.dataset_symlink_groups"):
        groups.setdefault(group_id, {})[letters.get(dataset_id, dataset_id)] = role
    return {g: members for g, members in groups.items() if set(members) & set(NAMES)}


def fixture_pairs(wh: Warehouse, ids: dict[str, str]) -> dict[tuple[str, str], str]:
    letters = {i: letter for letter, i in ids.items()}
    return {(letters[f], letters[t]): kind
            for f, t, kind in wh.query("select from_dataset_id, to_dataset_id, type from marts.dataset_symlinks")
            if f in letters or t in letters}


def test_r07_4_1_one_group_per_distinct_member_set_with_roles(wh: Warehouse, ids: dict[str, str]) -> None:
    """Role(S): METASTORE for TABLE, WAREHOUSE for LOCATION; role(D): WAREHOUSE if some S is TABLE, else METASTORE.
    An identifier naming the entry's own dataset adds nothing (D keeps its role); Y, whose only identifier is
    itself, is in no group; Spark's group keeps L beside the swapped table (D12)."""
    assert sorted(fixture_groups(wh, ids).values(), key=sorted) == sorted(GROUPS.values(), key=sorted)


def test_r07_4_group_id_is_the_hash_of_the_sorted_members(wh: Warehouse, ids: dict[str, str]) -> None:
    """docs/decisions/symlink-group-id.md: MD5 of 'symlink_group|' and the members' dataset_id:role
    texts, sorted by dataset_id, joined by ','."""
    expected = set()
    for members in GROUPS.values():
        text = ",".join(f"{ids[letter]}:{role}" for letter, role in sorted(members.items(), key=lambda m: ids[m[0]]))
        expected.add(hashlib.md5(f"symlink_group|{text}".encode()).hexdigest())  # noqa: S324 (an id, not security)
    assert set(fixture_groups(wh, ids)) == expected


def test_r07_4_6_worked_example_pair_types(wh: Warehouse, ids: dict[str, str]) -> None:
    """§4.6: the TABLE + LOCATION group gives the 0.7.2 row: L→D is WAREHOUSE (main §2.3 gave METASTORE, and the
    09:00 LOCATION-only group still says so: the 10:00 group is later) and T↔L are linked."""
    pairs = fixture_pairs(wh, ids)
    assert {p: pairs[p] for p in permutations("DTL", 2)} == {
        ("D", "T"): M, ("T", "D"): W, ("D", "L"): W, ("L", "D"): W, ("T", "L"): W, ("L", "T"): M}


def test_r07_4_3_pairs_are_every_ordered_pair_of_a_group_typed_by_the_target_role(
        wh: Warehouse, ids: dict[str, str]) -> None:
    """A clique, not a star: the Spark group links P with T and with L (T→P WAREHOUSE, L→P WAREHOUSE, P→T
    METASTORE, P→L WAREHOUSE); never A→A; D and P share no group, so no pair; Y has none."""
    pairs = fixture_pairs(wh, ids)
    assert {p: kind for p, kind in pairs.items() if "P" in p} == {
        ("P", "T"): M, ("T", "P"): W, ("P", "L"): W, ("L", "P"): W}
    assert set(pairs) == {p for members in GROUPS.values() for p in permutations(members, 2)}


def test_r07_4_3_every_group_of_the_corpora_is_a_clique_of_pairs(wh: Warehouse) -> None:
    """On every group of the corpora: each ordered pair of two members is a symlink, and each symlink lies in a
    group (so a one-hop symlink expansion crosses a whole group)."""
    members: dict[str, set[str]] = {}
    for group_id, dataset_id in wh.query("select group_id, dataset_id from marts.dataset_symlink_groups"):
        members.setdefault(group_id, set()).add(dataset_id)
    in_groups = {p for group in members.values() for p in permutations(group, 2)}
    assert set(wh.query("select from_dataset_id, to_dataset_id from marts.dataset_symlinks")) == in_groups


def test_r07_4_7_pair_typed_by_two_groups_takes_the_latest(wh: Warehouse, ids: dict[str, str]) -> None:
    """L→D is METASTORE in the 09:00 LOCATION-only group and WAREHOUSE in the 10:00 group: the latest wins (main
    §2.3 kept the first type stored). D→L is WAREHOUSE in both."""
    groups = list(fixture_groups(wh, ids).values())
    assert GROUPS["location_only"] in groups and GROUPS["table_and_location"] in groups
    assert fixture_pairs(wh, ids)[("L", "D")] == W


def test_r07_4_d12_spark_node_is_the_table_and_the_group_keeps_the_location(
        wh: Warehouse, ids: dict[str, str]) -> None:
    """The Spark output row points at T (§2.3 swap), while its group still holds P and L (D12)."""
    assert wh.query(f"select dataset_id from marts.outputs where operation_id = '{SPARK_RUN}'") == [(ids["T"],)]
    assert GROUPS["spark"] in fixture_groups(wh, ids).values()


def test_r07_4_7_closure_crosses_the_whole_group(wh: Warehouse, ids: dict[str, str]) -> None:
    """Only T is read to write Y; every member of T's groups (D, L, P) is upstream of Y at depth 1, L and P through
    pairs a star around the entry's dataset would not have (L↔T, P↔T)."""
    letters = {i: letter for letter, i in ids.items()}
    upstream = {(letters.get(u, u), depth) for u, depth in wh.query(
        "select upstream_dataset_id, min_depth from marts.dataset_lineage_closure "
        f"where downstream_dataset_id = '{ids['Y']}'")}
    assert upstream == {("D", 1), ("T", 1), ("L", 1), ("P", 1)}
