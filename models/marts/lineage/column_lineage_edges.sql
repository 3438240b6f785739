{#- docs/rules.md "Lineage: Column lineage roll-up": column-lineage rows grouped by (process at OPERATION / RUN / JOB
    grain or none at DATASET grain, source dataset, target dataset, source column, target column or NULL): types OR-ed
    (as names and mask), last_used_at = MAX(created_at). DIRECT rows have a target column, INDIRECT rows none. Refolded
    by process (the operations new events touch, their runs and jobs) and by the dataset pairs those operations link now
    or linked before (macros/refold_scopes.sql). A job in scope rolls up the column lineage of its runs in scope and the
    RUN rows stored for its other runs (an OR and a MAX roll up), so a run no new event touches is not read again. -#}
{{ lineage_warehouse.refold_config('process_and_pairs', pairs_from='column_lineage') }}
-- depends_on: {{ ref('int_refold_scope') }} (the refold scope, read by the filters of macros/refold_scopes.sql)
-- depends_on: {{ ref('int_runs') }} (read when the model refolds: the job of each stored RUN row)
{%- set granularities = [('OPERATION', 'operation_id'), ('RUN', 'run_id'), ('DATASET', none)] %}

with

column_lineage as (
    select * from {{ ref('column_lineage') }}
    where
        {{ lineage_warehouse.in_refold_scope('operation_id', 'OPERATION') }}
        or {{ lineage_warehouse.in_refold_scope('run_id', 'RUN') }}
        or {{ lineage_warehouse.in_refold_pairs() }}
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
-- what the jobs in scope roll up: the column lineage of their runs in scope, and the RUN rows stored for their other
-- runs (the pre-hook deleted those of the runs in scope), each run with the job it is bound to
job_run_rows as (
    select
        job_id,
        source_dataset_id,
        target_dataset_id,
        source_column,
        target_column,
        types_mask,
        created_at as last_used_at
    from column_lineage
    where job_id is not null and {{ lineage_warehouse.in_refold_scope('run_id', 'RUN') }}
    {%- if lineage_warehouse.is_appending() %}
        union all
        select
            runs.job_id,
            stored.source_dataset_id,
            stored.target_dataset_id,
            stored.source_column,
            stored.target_column,
            stored.types_mask,
            stored.last_used_at
        from {{ this }} as stored
        inner join {{ ref('int_runs') }} as runs
            on stored.process_id = runs.run_id
        where stored.granularity = 'RUN'
    {%- endif %}
),

job_edges as (
    select
        'JOB' as granularity,
        'JOB' as process_kind,
        job_id as process_id,
        source_dataset_id,
        target_dataset_id,
        source_column,
        target_column,
        bit_or(types_mask) as types_mask,
        max(last_used_at) as last_used_at
    from job_run_rows
    where {{ lineage_warehouse.in_refold_scope('job_id', 'JOB') }}
    group by
        job_id,
        source_dataset_id,
        target_dataset_id,
        source_column,
        target_column
),

unioned as (
    {% for granularity, process_column in granularities %}
        select * from {{ granularity | lower }}_edges
        union all
    {% endfor %}
    select * from job_edges
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
