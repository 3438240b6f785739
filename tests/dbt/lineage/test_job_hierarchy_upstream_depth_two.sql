-- docs/rules.md "Job hierarchy: query": depth 2 goes on from the from jobs of the upstream rows (U), which brings W →
-- U (untyped).
{{ lineage_warehouse.job_hierarchy_test_case('S', 'UPSTREAM', 2, expected=[
    ('NODE', 'S', '', ''), ('NODE', 'T1', '', ''), ('NODE', 'D', '', ''), ('NODE', 'U', '', ''),
    ('NODE', 'W', '', ''),
    ('PARENT', 'D', 'T1', ''), ('PARENT', 'T1', 'S', ''),
    ('DEPENDENCY', 'U', 'T1', 'DIRECT_DEPENDENCY'), ('DEPENDENCY', 'W', 'U', '-'),
]) }}
