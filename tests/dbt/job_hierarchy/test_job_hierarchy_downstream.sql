-- docs/rules.md "Job hierarchy: query": DOWNSTREAM lists the dependencies leaving the family of dag.t2 (app → down,
-- app being its child), not those entering it (dag.t1 → dag.t2, the UPSTREAM answer).
{{ lineage_warehouse.job_hierarchy_test_case(
    'dag.t2', 'DOWNSTREAM', 1,
    columns=['record_type', 'from_job_id', 'to_job_id', 'job_id'],
    where="record_type != 'PARENT'",
    expected=[
        ('NODE', none, none, 'dag.t2'),
        ('NODE', none, none, 'dag'),
        ('NODE', none, none, 'ctl'),
        ('NODE', none, none, 'app'),
        ('NODE', none, none, 'down'),
        ('DEPENDENCY', 'app', 'down', none),
    ]
) }}
