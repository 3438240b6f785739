-- lineage.md "Traversal": symlinks cost no depth - upstream of d, b2 is reached at depth 1 and its twin b at
-- depth 1 too, so b's writers (a, s) are at depth 2; the start's twin is a start: upstream of b2 at depth 1
-- reaches a and s (through b).
{{ lineage_warehouse.lineage_traverse_test_case(
    'd', 'UPSTREAM', 2,
    columns=['node_id', 'depth'],
    expected=[('d', 0), ('b2', 1), ('b', 1), ('a', 2), ('s', 2)]
) }}
