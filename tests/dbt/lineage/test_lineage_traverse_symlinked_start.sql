-- lineage.md "Traversal": the start dataset's symlinked twins are start nodes too (depth 0): upstream of b2
-- reaches b's writers a and s at depth 1.
{{ lineage_warehouse.lineage_traverse_test_case(
    'b2', 'UPSTREAM', 1,
    columns=['node_id', 'depth'],
    expected=[('b2', 0), ('b', 0), ('a', 1), ('s', 1)]
) }}
