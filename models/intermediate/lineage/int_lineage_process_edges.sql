{#- lineage.md "Aggregation": INPUT (dataset → process) and OUTPUT (process → dataset) edges at OPERATION, RUN and
    JOB granularity. Stage 1: per (job, run, operation, dataset) counters = MAX over the hour buckets (cumulative
    counters), output types OR-ed, first/last interaction = MIN/MAX of created_at. Stage 2: per granularity key
    counters = SUM of the stage-1 values (NULL when all are NULL; an overflowing sum is NULL, like D4), types OR-ed
    (UNKNOWN is the 0 flag, so it drops out), interactions MIN/MAX, distinct runs and operations counted.
    Refolded by process: the operations new events touch, their runs and jobs (macros/refold_scopes.sql). -#}
{{ lineage_warehouse.refold_config('process',
    process_key="case edge_kind when 'INPUT' then to_id else from_id end") }}
{%- set granularities = [('OPERATION', 'operation_id'), ('RUN', 'run_id'), ('JOB', 'job_id')] %}

with

inputs as (
    {{ lineage_warehouse.io_rows_with_jobs('INPUT') }}
),

outputs as (
    {{ lineage_warehouse.io_rows_with_jobs('OUTPUT') }}
),

io_rows as (
    select
        'INPUT' as edge_kind,
        created_at,
        job_id,
        run_id,
        operation_id,
        dataset_id,
        num_rows,
        num_bytes,
        num_files,
        cast(null as int) as output_types_mask
    from inputs
    union all
    select
        'OUTPUT' as edge_kind,
        created_at,
        job_id,
        run_id,
        operation_id,
        dataset_id,
        num_rows,
        num_bytes,
        num_files,
        output_types_mask
    from outputs
),

scoped_io_rows as (
    select * from io_rows
    where {{ lineage_warehouse.in_refold_processes() }}
),

per_operation as (
    select
        edge_kind,
        job_id,
        run_id,
        operation_id,
        dataset_id,
        max(num_rows) as num_rows,
        max(num_bytes) as num_bytes,
        max(num_files) as num_files,
        bit_or(output_types_mask) as output_types_mask,
        min(created_at) as first_interaction_at,
        max(created_at) as last_interaction_at
    from scoped_io_rows
    group by edge_kind, job_id, run_id, operation_id, dataset_id
),

{% for granularity, process_column in granularities %}
    {{ granularity | lower }}_edges as (
        select
            '{{ granularity }}' as granularity,
            edge_kind,
            {{ process_column }} as process_id,
            dataset_id,
            try_cast(sum(cast(num_rows as decimal(38, 0))) as bigint) as num_rows,
            try_cast(sum(cast(num_bytes as decimal(38, 0))) as bigint) as num_bytes,
            try_cast(sum(cast(num_files as decimal(38, 0))) as bigint) as num_files,
            bit_or(output_types_mask) as output_types_mask,
            min(first_interaction_at) as first_interaction_at,
            max(last_interaction_at) as last_interaction_at,
            count(distinct job_id) as job_count,
            count(distinct run_id) as run_count,
            count(distinct operation_id) as operation_count
        from per_operation
        where {{ process_column }} is not null and {{ lineage_warehouse.in_refold_scope(process_column, granularity) }}
        group by edge_kind, {{ process_column }}, dataset_id
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
        edge_kind,
        case edge_kind when 'INPUT' then 'DATASET' else granularity end as from_kind,
        case edge_kind when 'INPUT' then dataset_id else process_id end as from_id,
        case edge_kind when 'INPUT' then granularity else 'DATASET' end as to_kind,
        case edge_kind when 'INPUT' then process_id else dataset_id end as to_id,
        num_rows,
        num_bytes,
        num_files,
        case when edge_kind = 'OUTPUT' then
                {{ lineage_warehouse.flag_names('output_types_mask', lineage_warehouse.output_type_flags(), '') }}
        end as output_types,
        output_types_mask,
        first_interaction_at,
        last_interaction_at,
        job_count,
        run_count,
        operation_count,
        {{ lineage_warehouse.refold_partition('process_id') }} as refold_partition
    from unioned
)

select * from final
