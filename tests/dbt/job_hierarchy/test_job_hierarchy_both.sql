-- docs/rules.md "Job hierarchy: query": BOTH at depth 2 is the UPSTREAM and the DOWNSTREAM answers together, each
-- branch keeping its direction: dag.t1 → side (downstream of an upstream job) is not listed.
{{ lineage_warehouse.job_hierarchy_test_case(
    'dag.t2', 'BOTH', 2,
    columns=['from_job_id', 'to_job_id', 'dependency_type'],
    where="record_type = 'DEPENDENCY'",
    expected=[
        ('dag.t1', 'dag.t2', 'DIRECT_DEPENDENCY'),
        ('other.t', 'dag.t1', 'X'),
        ('app', 'down', none),
        ('down', 'down2', 'Y'),
    ]
) }}
