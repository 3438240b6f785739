{#- Data-quality metrics (docs/rules.md "Data quality: metrics"): one row per (hour bucket, operation, dataset,
    column; '' for the dataset-level row) as for inputs (§7.2, D2), each metric the latest non-null value in D1
    order, with the run and job of the operation. -#}

with

metric_events as (
    {{ lineage_warehouse.select_with_entity_id(ref('int_data_quality_metric_events'), 'dataset', ref('int_namespace_locations')) }}
),

{{ lineage_warehouse.operation_bucket_ctes('metric_events', ref('int_operations'), ref('int_runs')) }},

folded as (
    {{ lineage_warehouse.fold_latest_facet_fields('bucketed', ['created_at', 'operation_id', 'dataset_id', 'column_name'],
        ['io_kind', 'row_count', 'bytes', 'file_count', 'last_updated', 'null_count', 'distinct_count', 'sum', 'count',
         'min', 'max', 'quantiles']) }}
),

final as (
    select
        folded.created_at,
        folded.operation_id,
        folded.dataset_id,
        folded.column_name,
        operations.run_id,
        runs.job_id,
        folded.io_kind,
        folded.row_count,
        folded.bytes,
        folded.file_count,
        folded.last_updated,
        folded.null_count,
        folded.distinct_count,
        folded.sum,
        folded.count,
        folded.min,
        folded.max,
        folded.quantiles
    from folded
    inner join operations
        on folded.operation_id = operations.operation_id
    left join runs
        on operations.run_id = runs.run_id
)

select * from final
