-- docs/rules.md "Job hierarchy: query": the family of dag.t2 is itself, its ancestors (dag, ctl) and its
-- descendant (app), not its siblings (dag.t3); the dependency into it (UPSTREAM) brings dag.t1, whose family
-- (dag, ctl) is already there. Every parent link between the jobs comes back.
{{ lineage_warehouse.job_hierarchy_test_case(
    'dag.t2', 'UPSTREAM', 1,
    columns=['record_type', 'from_job_id', 'to_job_id', 'dependency_type', 'job_id'],
    expected=[
        ('NODE', none, none, none, 'dag.t2'),
        ('NODE', none, none, none, 'dag'),
        ('NODE', none, none, none, 'ctl'),
        ('NODE', none, none, none, 'app'),
        ('NODE', none, none, none, 'dag.t1'),
        ('PARENT', 'ctl', 'dag', none, none),
        ('PARENT', 'dag', 'dag.t2', none, none),
        ('PARENT', 'dag', 'dag.t1', none, none),
        ('PARENT', 'dag.t2', 'app', none, none),
        ('DEPENDENCY', 'dag.t1', 'dag.t2', 'DIRECT_DEPENDENCY', none),
    ]
) }}
