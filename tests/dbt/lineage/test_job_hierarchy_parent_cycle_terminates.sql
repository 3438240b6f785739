-- A parent cycle (C1 under C2, C2 under C1) is walked with a bound: both jobs, both parent links, nothing else.
{{ lineage_warehouse.job_hierarchy_test_case('C1', 'BOTH', 3, expected=[
    ('NODE', 'C1', '', ''), ('NODE', 'C2', '', ''),
    ('PARENT', 'C2', 'C1', ''), ('PARENT', 'C1', 'C2', ''),
]) }}
