-- docs/rules.md "Job hierarchy: query": DOWNSTREAM from the DAG D: H = D and all its descendants (T1, T2, S); rows
-- out of H (T2 → V); the upstream dependency U → T1 is not followed.
{{ lineage_warehouse.job_hierarchy_test_case('D', 'DOWNSTREAM', 3, expected=[
    ('NODE', 'D', '', ''), ('NODE', 'T1', '', ''), ('NODE', 'T2', '', ''), ('NODE', 'S', '', ''),
    ('NODE', 'V', '', ''),
    ('PARENT', 'D', 'T1', ''), ('PARENT', 'D', 'T2', ''), ('PARENT', 'T1', 'S', ''),
    ('DEPENDENCY', 'T2', 'V', 'X'),
]) }}
