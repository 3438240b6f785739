-- lineage.md "Traversal": the edges of a DATASET traversal - upstream of d at depth 2 every edge leaving a node
-- expanded (d, b2, b): A → B through one operation with the output's types (o1 OVERWRITE, o4 and o5 APPEND),
-- and both directions of the b ↔ b2 symlink (no types); a (depth 2, the last level) is not expanded, so the
-- cycle edge c → a is not listed.
{{ lineage_warehouse.lineage_traverse_test_case(
    'd', 'UPSTREAM', 2,
    columns=['edge_kind', 'from_id', 'to_id', 'output_types'],
    where="record_type = 'EDGE'",
    expected=[
        ('DATASET', 'b2', 'd', 'APPEND'),
        ('DATASET', 'a', 'b', 'OVERWRITE'),
        ('DATASET', 's', 'b', 'APPEND'),
        ('SYMLINK', 'b', 'b2', none),
        ('SYMLINK', 'b2', 'b', none),
    ]
) }}
