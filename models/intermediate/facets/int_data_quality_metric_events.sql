{#- Every data-quality metric an input or output entry of an operation event sends (docs/rules.md "Data quality:
    metrics"): one row per entry and container for the dataset-level metrics (column_name '', from the dataset
    facet dataQualityMetrics of OpenLineage 1.38+ in `facets` and the input facet of older producers in
    `inputFacets`) and one per column of its columnMetrics, on the entry's lineage node (the dataset its
    inputs/outputs rows name, after the Spark swap). Counts are statistics (§7.3 with D3, D4: negative or too large
    ones NULL), sum/count/min/max doubles, quantiles JSON text. `order_key`: D1 order, then inputs before outputs,
    the entry's position, `facets` before `inputFacets`. The dataset is named by its namespace and name (the lineage
    node's); the mart resolves its id. Appended by landing batch. -#}
{{ lineage_warehouse.append_batches_config() }}

with

datasets as (
    select * from {{ ref('int_event_datasets') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

events as (
    select
        event_hash,
        event_time,
        run_id as operation_id
    from {{ ref('int_events_classified') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and is_operation_event
),

entries as (
    select * from {{ ref('stg_io_entries') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

column_metrics as (
    select * from {{ ref('stg_io_column_metrics') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and is_object
),

metric_rows as (
    {%- for container in ['facets', 'inputFacets'] %}
        {%- set prefix = 'entries.' ~ lineage_warehouse.entry_facet_prefix(container, 'dataQualityMetrics') %}
        select
            entries.event_hash,
            entries.io_kind,
            entries.io_position,
            '{{ loop.index }}' as container_rank,
            '' as column_name,
            {{ lineage_warehouse.statistic(prefix ~ '__row_count') }} as row_count,
            {{ lineage_warehouse.statistic(prefix ~ '__bytes') }} as bytes,
            {{ lineage_warehouse.statistic(prefix ~ '__file_count') }} as file_count,
            {{ lineage_warehouse.parse_timestamp(prefix ~ '__last_updated') }} as last_updated,
            cast(null as bigint) as null_count,
            cast(null as bigint) as distinct_count,
            cast(null as double) as sum,
            cast(null as double) as count,
            cast(null as double) as min,
            cast(null as double) as max,
            cast(null as string) as quantiles
        from entries
        where {{ lineage_warehouse.facet_present(lineage_warehouse.entry_facet_prefix(container, 'dataQualityMetrics')) }}
        union all
    {%- endfor %}
    select
        column_metrics.event_hash,
        column_metrics.io_kind,
        column_metrics.io_position,
        case column_metrics.container when 'facets' then '1' else '2' end as container_rank,
        column_metrics.column_name,
        cast(null as bigint) as row_count,
        cast(null as bigint) as bytes,
        cast(null as bigint) as file_count,
        cast(null as timestamp) as last_updated,
        {{ lineage_warehouse.statistic('column_metrics.metric__null_count') }} as null_count,
        {{ lineage_warehouse.statistic('column_metrics.metric__distinct_count') }} as distinct_count,
        try_cast(column_metrics.metric__sum as double) as sum,
        try_cast(column_metrics.metric__count as double) as count,
        try_cast(column_metrics.metric__min as double) as min,
        try_cast(column_metrics.metric__max as double) as max,
        column_metrics.metric__quantiles as quantiles
    from column_metrics
),

final as (
    select
        datasets.event_hash,
        datasets.landing_batch,
        events.event_time,
        events.operation_id,
        datasets.node_namespace as namespace,
        datasets.node_name as name,
        datasets.io_kind,
        metric_rows.column_name,
        {{ lineage_warehouse.d1_entry_order_key('events.event_time', 'events.event_hash', 'datasets.io_kind',
            'datasets.io_position') }}
        || metric_rows.container_rank as order_key,
        metric_rows.row_count,
        metric_rows.bytes,
        metric_rows.file_count,
        metric_rows.last_updated,
        metric_rows.null_count,
        metric_rows.distinct_count,
        metric_rows.sum,
        metric_rows.count,
        metric_rows.min,
        metric_rows.max,
        metric_rows.quantiles
    from metric_rows
    inner join datasets
        on
            metric_rows.event_hash = datasets.event_hash
            and metric_rows.io_kind = datasets.io_kind
            and metric_rows.io_position = datasets.io_position
    inner join events
        on metric_rows.event_hash = events.event_hash
)

select * from final
