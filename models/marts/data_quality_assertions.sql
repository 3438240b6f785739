{#- Data-quality assertions (docs/rules.md "Data quality: assertions"): one row per (hour bucket, operation,
    dataset, assertion, column; '' for the whole dataset), each field the latest non-null value in D1 order, with
    the run and job of the operation; `asserted_at` the eventTime of the latest event that sent it. -#}

with

assertion_events as (
    {{ lineage_warehouse.select_with_entity_id(ref('int_data_quality_assertion_events'), 'dataset', ref('int_namespace_locations')) }}
),

{{ lineage_warehouse.operation_bucket_ctes('assertion_events', ref('int_operations'), ref('int_runs')) }},

folded as (
    {{ lineage_warehouse.fold_latest_facet_fields('bucketed',
        ['created_at', 'operation_id', 'dataset_id', 'assertion', 'column_name'],
        ['success', 'severity', 'description', 'expected', 'actual']) }}
),

final as (
    select
        folded.created_at,
        folded.operation_id,
        folded.dataset_id,
        folded.assertion,
        folded.column_name,
        operations.run_id,
        runs.job_id,
        folded.success,
        folded.severity,
        folded.description,
        folded.expected,
        folded.actual,
        folded.updated_at as asserted_at
    from folded
    inner join operations
        on folded.operation_id = operations.operation_id
    left join runs
        on operations.run_id = runs.run_id
)

select * from final
