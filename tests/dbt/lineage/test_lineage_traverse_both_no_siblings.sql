-- lineage.md "Traversal": BOTH applies both directions at the first hop only; past it the upstream branch goes
-- up and the downstream branch down, so b's other upstream s (a sibling of a) and o9's output h are not
-- reached from a; c → a closes a cycle and a is not expanded again (depth stays 0).
{{ lineage_warehouse.lineage_traverse_test_case(
    'a', 'BOTH', 2,
    columns=['node_id', 'depth'],
    expected=[('a', 0), ('b', 1), ('b2', 1), ('c', 1), ('d', 2)]
) }}
