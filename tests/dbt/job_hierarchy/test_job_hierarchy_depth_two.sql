-- docs/rules.md "Job hierarchy: query": depth 2 goes on from the far end of the first level: upstream of dag.t2,
-- dag.t1 (depth 1) and then other.t → dag.t1 (depth 2); far → other.t would be depth 3 and is not listed. At depth
-- 1 only dag.t1 → dag.t2 comes back (test_job_hierarchy_family).
{{ lineage_warehouse.job_hierarchy_test_case(
    'dag.t2', 'UPSTREAM', 2,
    columns=['from_job_id', 'to_job_id', 'dependency_type'],
    where="record_type = 'DEPENDENCY'",
    expected=[
        ('dag.t1', 'dag.t2', 'DIRECT_DEPENDENCY'),
        ('other.t', 'dag.t1', 'X'),
    ]
) }}
