{#- One row per column of the columnMetrics of every dataQualityMetrics facet of an input or output entry
    (stg_io_entries; the dataset facet of OpenLineage 1.38+ in `facets`, the input facet of older producers in
    `inputFacets`), each column's metrics parsed once from its text (column_metrics_shape); quantiles kept as JSON
    text. `is_object` is false for a column whose metrics are not an object (its fields NULL; staging.facet_issues
    records it). Incremental: unseen landing batches; most batches give it no row (sparse_rows: the models reading it
    take their watermark from their other parents, macros/incremental.sql). -#}
{{ lineage_warehouse.append_batches_config(sparse_rows=true) }}

{%- set shape = lineage_warehouse.column_metrics_shape() %}

with

entries as (
    select * from {{ ref('stg_io_entries') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

column_metrics as (
    {%- for container in ['facets', 'inputFacets'] %}
        {%- set prefix = lineage_warehouse.entry_facet_prefix(container, 'dataQualityMetrics') %}
        select
            event_hash,
            landing_batch,
            io_kind,
            io_position,
            '{{ container }}' as container,
            {{ lineage_warehouse.parse_json_as(prefix ~ '__column_metrics', 'text_map') }} as metrics
        from entries
        where {{ prefix }}__column_metrics is not null
        {{ 'union all' if not loop.last }}
    {%- endfor %}
),

parsed as (
    select
        column_metrics.event_hash,
        column_metrics.landing_batch,
        column_metrics.io_kind,
        column_metrics.io_position,
        column_metrics.container,
        column_entry.key as column_name,
        {{ lineage_warehouse.facet_text_is_object('column_entry.value') }} as is_object,
        case
            when {{ lineage_warehouse.facet_text_is_object('column_entry.value') }}
                then {{ lineage_warehouse.parse_json_as('column_entry.value', shape) }}
        end as metric
    from column_metrics
    {{ lineage_warehouse.explode_map('column_metrics.metrics', 'column_entry') }}
),

final as (
    select
        parsed.event_hash,
        parsed.landing_batch,
        parsed.io_kind,
        parsed.io_position,
        parsed.container,
        parsed.column_name,
        parsed.is_object,
        {{ lineage_warehouse.flat_facet_columns('parsed.metric', 'metric', shape) | join(',\n        ') }}
    from parsed
)

select * from final
