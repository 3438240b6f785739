-- docs/rules.md "Job hierarchy: query" with D15: inferred from the rows created in January: w wrote d1 at 10:00,
-- r_late read it at 11:00 (a read after the write: inferred, next to the declared w → r_late Z, so the pair comes
-- back with two types); r_sym read d2's symlink d2b in the write's hour (inferred); r_early read d1 only at 09:00,
-- before the write (no edge); r_out read in February (after until) and r_old read d3, written before since.
{{ lineage_warehouse.job_hierarchy_test_case(
    'w', 'DOWNSTREAM', 1, infer_from_lineage=true, since='2025-01-01 00:00:00', until='2025-01-31 00:00:00',
    columns=['from_job_id', 'to_job_id', 'dependency_type'],
    where="record_type = 'DEPENDENCY'",
    expected=[
        ('w', 'r_late', 'Z'),
        ('w', 'r_late', 'INFERRED_FROM_LINEAGE'),
        ('w', 'r_sym', 'INFERRED_FROM_LINEAGE'),
    ]
) }}
