{#- lineage.md "Aggregation": INPUT (dataset → process) and OUTPUT (process → dataset) edges at OPERATION, RUN and
    JOB granularity. Stage 1: per (job, run, operation, dataset) counters = MAX over the hour buckets (cumulative
    counters), output types OR-ed, first/last interaction = MIN/MAX of created_at. Stage 2: per granularity key
    counters = SUM of the stage-1 values (NULL when all are NULL; an overflowing sum is NULL, like D4), types OR-ed
    (UNKNOWN is the 0 flag, so it drops out), interactions MIN/MAX, distinct runs and operations counted.
    A JOB row rolls up the RUN rows of the job's runs (an operation belongs to one run, and a run to one job, so the
    sums, bounds and counts are the same; the sums roll up as exact decimals, `*_total`).
    Refolded by process: the operations new events touch, their runs and jobs (macros/refold_scopes.sql). A job in
    scope rolls up the RUN rows refolded now and the stored RUN rows of its other runs, so a run that no new
    event touches is not read again from its inputs and outputs. -#}
{{ lineage_warehouse.refold_config('process', process_key=lineage_warehouse.edge_process_id()) }}
-- depends_on: {{ ref('int_refold_scope') }} (the refold scope, read by the filters of macros/refold_scopes.sql)
{%- set granularities = [('OPERATION', 'operation_id'), ('RUN', 'run_id')] %}
{%- set counters = ['num_rows', 'num_bytes', 'num_files'] %}

with

inputs as (
    {{ lineage_warehouse.io_rows_with_jobs(ref('int_io_rows'), ref('int_runs'), 'INPUT') }}
),

outputs as (
    {{ lineage_warehouse.io_rows_with_jobs(ref('int_io_rows'), ref('int_runs'), 'OUTPUT') }}
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
    where
        {{ lineage_warehouse.in_refold_scope('operation_id', 'OPERATION') }}
        or {{ lineage_warehouse.in_refold_scope('run_id', 'RUN') }}
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
            -- the job of the process's run (one per run)
            min(job_id) as job_id,
            {%- for counter in counters %}
                sum(cast({{ counter }} as decimal(38, 0))) as {{ counter }}_total,
            {%- endfor %}
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
-- the RUN rows of the runs not refolded now, stored by earlier builds (the pre-hook deleted those in scope)
stored_run_edges as (
    {%- if lineage_warehouse.is_appending() %}
    select
        granularity,
        edge_kind,
        {{ lineage_warehouse.edge_process_id() }} as process_id,
        {{ lineage_warehouse.edge_dataset_id() }} as dataset_id,
        job_id,
        {%- for counter in counters %}
        {{ counter }}_total,
        {%- endfor %}
        output_types_mask,
        first_interaction_at,
        last_interaction_at,
        job_count,
        run_count,
        operation_count
    from {{ this }}
    where granularity = 'RUN' and {{ lineage_warehouse.in_refold_scope('job_id', 'JOB') }}
    {%- else %}
        select * from run_edges
        where 1 = 0
    {%- endif %}
),

job_run_edges as (
    select * from run_edges
    union all
    select * from stored_run_edges
),

job_edges as (
    select
        'JOB' as granularity,
        edge_kind,
        job_id as process_id,
        dataset_id,
        job_id,
        {%- for counter in counters %}
            sum({{ counter }}_total) as {{ counter }}_total,
        {%- endfor %}
        bit_or(output_types_mask) as output_types_mask,
        min(first_interaction_at) as first_interaction_at,
        max(last_interaction_at) as last_interaction_at,
        count(distinct job_id) as job_count,
        count(distinct process_id) as run_count,
        cast(sum(operation_count) as bigint) as operation_count
    from job_run_edges
    where job_id is not null and {{ lineage_warehouse.in_refold_scope('job_id', 'JOB') }}
    group by edge_kind, job_id, dataset_id
),

unioned as (
    select * from operation_edges
    union all
    select * from run_edges
    union all
    select * from job_edges
),

final as (
    select
        granularity,
        edge_kind,
        case edge_kind when 'INPUT' then 'DATASET' else granularity end as from_kind,
        case edge_kind when 'INPUT' then dataset_id else process_id end as from_id,
        case edge_kind when 'INPUT' then granularity else 'DATASET' end as to_kind,
        case edge_kind when 'INPUT' then process_id else dataset_id end as to_id,
        {%- for counter in counters %}
            try_cast({{ counter }}_total as bigint) as {{ counter }},
        {%- endfor %}
        case when edge_kind = 'OUTPUT' then
                {{ lineage_warehouse.flag_names('output_types_mask', lineage_warehouse.output_type_flags(), '') }}
        end as output_types,
        output_types_mask,
        first_interaction_at,
        last_interaction_at,
        job_count,
        run_count,
        operation_count,
        job_id,
        {%- for counter in counters %}
            {{ counter }}_total,
        {%- endfor %}
        {{ lineage_warehouse.refold_partition('process_id') }} as refold_partition
    from unioned
)

select * from final
