-- lineage.md "Traversal": cycles stop - a → b → c → a: a is reached (depth 0) and not expanded again, the
-- closing edge c → a is still listed once, and the walk goes on to the end of the chain (depth 5 of 6).
{{ lineage_warehouse.lineage_traverse_test_case(
    'a', 'DOWNSTREAM', 6,
    columns=['record_type', 'node_id', 'depth', 'from_id', 'to_id'],
    where="coalesce(edge_kind, '') != 'SYMLINK'",
    expected=[
        ('NODE', 'a', 0, none, none),
        ('NODE', 'b', 1, none, none),
        ('NODE', 'b2', 1, none, none),
        ('NODE', 'c', 2, none, none),
        ('NODE', 'd', 2, none, none),
        ('NODE', 'e', 3, none, none),
        ('NODE', 'f', 4, none, none),
        ('NODE', 'g', 5, none, none),
        ('EDGE', none, none, 'a', 'b'),
        ('EDGE', none, none, 'b', 'c'),
        ('EDGE', none, none, 'c', 'a'),
        ('EDGE', none, none, 'b2', 'd'),
        ('EDGE', none, none, 'd', 'e'),
        ('EDGE', none, none, 'e', 'f'),
        ('EDGE', none, none, 'f', 'g'),
    ]
) }}
