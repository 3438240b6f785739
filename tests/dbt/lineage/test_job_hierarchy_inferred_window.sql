-- docs/rules.md "Job hierarchy: query": inferred pairs need both rows inside [since, until] (stored rows ignore the
-- window): with since after the write, R's and T2's reads infer nothing; downstream from X finds no edge at all.
{{ lineage_warehouse.job_hierarchy_test_case('X', 'DOWNSTREAM', 1, infer_from_lineage=true,
    since='2025-01-01 10:30:00', until='2025-01-02 00:00:00',
    expected=[
        ('NODE', 'X', '', ''),
    ]) }}
