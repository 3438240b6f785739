-- lineage.md "Traversal": since/until filter input and output rows by their own created_at: in January the
-- February operation o6 does not exist, so e is not reached; o1 (2025-01-01 10:00) is kept: since and until are
-- inclusive. Depth 4 is enough: without the window e would be reached at depth 3 (and the test fails so, as
-- with until in March).
{{ lineage_warehouse.lineage_traverse_test_case(
    'a', 'DOWNSTREAM', 4, since='2025-01-01 10:00:00', until='2025-01-31 00:00:00',
    columns=['node_id', 'depth'],
    expected=[('a', 0), ('b', 1), ('b2', 1), ('c', 2), ('d', 2)]
) }}
