{#- docs/rules.md "Lineage: Column lineage roll-up": column-lineage rows grouped by (process at OPERATION / RUN / JOB
    grain or none at DATASET grain, source dataset, target dataset, source column, target column or NULL): types OR-ed
    (as names and mask), last_used_at = MAX(created_at). DIRECT rows have a target column, INDIRECT rows none. Refolded
    by process (the operations new events touch, their runs and jobs) and by the dataset pairs those operations link now
    or linked before (macros/refold_scopes.sql). -#}
{{ lineage_warehouse.refold_config('process_and_pairs', pairs_from='column_lineage') }}
{%- set granularities = [('OPERATION', 'operation_id'), ('RUN', 'run_id'), ('JOB', 'job_id'), ('DATASET', none)] %}

with

column_lineage as (
    select * from {{ ref('column_lineage') }}
    where {{ lineage_warehouse.in_refold_processes() }} or {{ lineage_warehouse.in_refold_pairs() }}
),

{% for granularity, process_column in granularities %}
    {{ granularity | lower }}_edges as (
        select
            '{{ granularity }}' as granularity,
            {% if process_column %}
                '{{ granularity }}' as process_kind,
                {{ process_column }} as process_id,
            {% else %}
                cast(null as string) as process_kind,
                cast(null as string) as process_id,
            {% endif %}
            source_dataset_id,
            target_dataset_id,
            source_column,
            target_column,
            bit_or(types_mask) as types_mask,
            max(created_at) as last_used_at
        from column_lineage
        where
            {% if process_column -%}
                {{ process_column }} is not null and {{ lineage_warehouse.in_refold_scope(process_column, granularity) }}
            {%- else -%}
                {{ lineage_warehouse.in_refold_pairs() }}
            {%- endif %}
        group by
            {% if process_column %}{{ process_column }},{% endif %}
            source_dataset_id,
            target_dataset_id,
            source_column,
            target_column
    ),

{% endfor %}
unioned as (
    {% for granularity, process_column in granularities %}
        select * from {{ granularity | lower }}_edges
        {% if not loop.last %}union all{% endif %}
    {% endfor %}
),

final as (
    select
        granularity,
        process_kind,
        process_id,
        source_dataset_id,
        target_dataset_id,
        source_column,
        target_column,
        case when target_column is null then 'INDIRECT' else 'DIRECT' end as lineage_kind,
        {{ lineage_warehouse.flag_names('types_mask', lineage_warehouse.column_transformation_flags(), 'UNKNOWN') }}
            as types,
        types_mask,
        last_used_at,
        {{ lineage_warehouse.refold_partition('coalesce(process_id, source_dataset_id)') }} as refold_partition
    from unioned
)

select * from final
