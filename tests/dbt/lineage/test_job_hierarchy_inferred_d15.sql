-- docs/rules.md "Job hierarchy: query" with D15: inferred writer → reader when the read is at or after the write: X
-- wrote ds1 at 10:00, T2 read it at 10:00 and T1 read its symlink ds2 at 11:00 → X → T2 and X → T1
-- (INFERRED_FROM_LINEAGE); R read ds1 at 09:00 → nothing. The stored U → T1 comes back too. Upstream from D's whole
-- family.
{{ lineage_warehouse.job_hierarchy_test_case('D', 'UPSTREAM', 1, infer_from_lineage=true, since='2025-01-01 00:00:00',
    expected=[
        ('NODE', 'D', '', ''), ('NODE', 'T1', '', ''), ('NODE', 'T2', '', ''), ('NODE', 'S', '', ''),
        ('NODE', 'U', '', ''), ('NODE', 'X', '', ''),
        ('PARENT', 'D', 'T1', ''), ('PARENT', 'D', 'T2', ''), ('PARENT', 'T1', 'S', ''),
        ('DEPENDENCY', 'U', 'T1', 'DIRECT_DEPENDENCY'),
        ('DEPENDENCY', 'X', 'T2', 'INFERRED_FROM_LINEAGE'), ('DEPENDENCY', 'X', 'T1', 'INFERRED_FROM_LINEAGE'),
    ]) }}
