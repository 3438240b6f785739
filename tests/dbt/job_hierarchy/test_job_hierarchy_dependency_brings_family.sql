-- docs/rules.md "Job hierarchy: query": a job met only through a dependency brings its family: upstream of
-- dag.t1, other.t comes with its parent other and its child other.app (and nothing upstream of them at depth 1).
{{ lineage_warehouse.job_hierarchy_test_case(
    'dag.t1', 'UPSTREAM', 1,
    columns=['job_id'],
    where="record_type = 'NODE'",
    expected=[('dag.t1',), ('dag',), ('ctl',), ('other.t',), ('other',), ('other.app',)]
) }}
