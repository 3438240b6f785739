-- docs/rules.md "Job hierarchy: query": until is optional: from since on, r_out's February read of d1 (after w's
-- write) is inferred too; d3, written before since, still gives r_old nothing.
{{ lineage_warehouse.job_hierarchy_test_case(
    'w', 'DOWNSTREAM', 1, infer_from_lineage=true, since='2025-01-01 00:00:00',
    columns=['to_job_id', 'dependency_type'],
    where="record_type = 'DEPENDENCY'",
    expected=[
        ('r_late', 'Z'),
        ('r_late', 'INFERRED_FROM_LINEAGE'),
        ('r_sym', 'INFERRED_FROM_LINEAGE'),
        ('r_out', 'INFERRED_FROM_LINEAGE'),
    ]
) }}
