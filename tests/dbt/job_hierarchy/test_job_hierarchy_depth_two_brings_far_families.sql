-- docs/rules.md "Job hierarchy: query": depth 2 goes on from the far end of the first level: upstream of dag.t2,
-- dag.t1 (depth 1; at depth 1 the answer stops there, test_job_hierarchy_family), then other.t → dag.t1 (depth
-- 2); far → other.t would be depth 3 and is not listed. other.t, met only through that dependency, brings its
-- family: its parent other and its child other.app.
{{ lineage_warehouse.job_hierarchy_test_case(
    'dag.t2', 'UPSTREAM', 2,
    columns=['record_type', 'from_job_id', 'to_job_id', 'job_id'],
    where="record_type != 'PARENT'",
    expected=[
        ('NODE', none, none, 'dag.t2'),
        ('NODE', none, none, 'dag'),
        ('NODE', none, none, 'ctl'),
        ('NODE', none, none, 'app'),
        ('NODE', none, none, 'dag.t1'),
        ('NODE', none, none, 'other.t'),
        ('NODE', none, none, 'other'),
        ('NODE', none, none, 'other.app'),
        ('DEPENDENCY', 'dag.t1', 'dag.t2', none),
        ('DEPENDENCY', 'other.t', 'dag.t1', none),
    ]
) }}
