-- lineage.md "Traversal": depth counts hops in the bipartite graph: at JOB granularity from a, depth 1 = j1,
-- depth 2 = every dataset j1 wrote (b, and h from another operation of its run) plus b's twin, depth 3 = the jobs
-- reading them, and depth 3 stops there (c and d would be depth 4).
{{ lineage_warehouse.lineage_traverse_test_case(
    'a', 'DOWNSTREAM', 3, granularity='JOB',
    columns=['node_kind', 'node_id', 'depth'],
    expected=[
        ('DATASET', 'a', 0),
        ('JOB', 'j1', 1),
        ('DATASET', 'b', 2),
        ('DATASET', 'b2', 2),
        ('DATASET', 'h', 2),
        ('JOB', 'j2', 3),
        ('JOB', 'j5', 3),
    ]
) }}
