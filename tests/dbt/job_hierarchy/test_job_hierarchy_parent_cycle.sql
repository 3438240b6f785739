-- docs/rules.md "Job hierarchy: query", docs/decisions/job-hierarchy-bounded-walks.md: c1 and c2
-- are each other's parent (a cycle across events) and c3 is c2's child. From c1 the family is c1, c2, c3 (c2 is
-- both an ancestor and a descendant), the walk ends, both links of the cycle come back, and c3's dependency
-- leaves the family downstream.
{{ lineage_warehouse.job_hierarchy_test_case(
    'c1', 'DOWNSTREAM', 1,
    columns=['record_type', 'from_job_id', 'to_job_id', 'job_id'],
    expected=[
        ('NODE', none, none, 'c1'),
        ('NODE', none, none, 'c2'),
        ('NODE', none, none, 'c3'),
        ('NODE', none, none, 'down'),
        ('PARENT', 'c2', 'c1', none),
        ('PARENT', 'c1', 'c2', none),
        ('PARENT', 'c2', 'c3', none),
        ('DEPENDENCY', 'c3', 'down', none),
    ]
) }}
