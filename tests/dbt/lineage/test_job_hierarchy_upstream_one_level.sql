-- docs/rules.md "Job hierarchy: query": one level UPSTREAM from S: H = S and its ancestors T1, D (no siblings); the
-- dependency rows into H (U → T1); the jobs met get their family (T1 brings S and D); parent links between the nodes.
{{ lineage_warehouse.job_hierarchy_test_case('S', 'UPSTREAM', 1, expected=[
    ('NODE', 'S', '', ''), ('NODE', 'T1', '', ''), ('NODE', 'D', '', ''), ('NODE', 'U', '', ''),
    ('PARENT', 'D', 'T1', ''), ('PARENT', 'T1', 'S', ''),
    ('DEPENDENCY', 'U', 'T1', 'DIRECT_DEPENDENCY'),
]) }}
