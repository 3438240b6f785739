{#- The touched scope of the refolds (docs/decisions/incremental-touched-scope.md): per operation,
    run and job whose rows in a refolded model new events can change, the newest landing batch that can change
    them. A refolded model whose watermark is W refolds the processes with touched_batch > W. Built whole, from
    the events above the smallest watermark among the refolded models (empty when none has one: they are then
    built whole). No previous state is read: the processes an operation or a run may have left are named by the
    events themselves.
    - an operation: its newest event; and the newest job reference of its run (D11: a run's job can change, and
      the models hold the job of each operation);
    - a run: the newest event of any operation that names it in any event (its operations now, and an operation
      that has moved to another run); and its own newest job reference;
    - a job: the touched batch of each run bound to it now, and of each run one of whose references names it (the
      job a run may have left). -#}
{%- set since = lineage_warehouse.refold_scope_since() %}

with

operations as (
    select * from {{ ref('int_operations') }}
),

operation_facts as (
    select * from {{ ref('int_operation_facts') }}
),

job_references as (
    select * from {{ ref('int_job_references') }}
),

runs as (
    select * from {{ ref('int_runs') }}
),

touched_operations as (
    select
        operation_id,
        run_id,
        last_landing_batch as touched_batch
    from operations
    where last_landing_batch > {{ since }}
),

-- every run an event of a touched operation names, the one it is bound to now or one it has left
runs_of_touched_operations as (
    select
        operation_facts.run_id,
        max(touched_operations.touched_batch) as touched_batch
    from operation_facts
    inner join touched_operations
        on operation_facts.operation_id = touched_operations.operation_id
    group by operation_facts.run_id
),

rebound_runs as (
    select
        run_id,
        max(landing_batch) as touched_batch
    from job_references
    where run_id is not null and landing_batch > {{ since }}
    group by run_id
),

run_touches as (
    select * from runs_of_touched_operations
    union all
    select * from rebound_runs
),

touched_runs as (
    select
        run_id,
        max(touched_batch) as touched_batch
    from run_touches
    group by run_id
),

operation_touches as (
    select
        operation_id,
        touched_batch
    from touched_operations
    union all
    select
        operations.operation_id,
        rebound_runs.touched_batch
    from operations
    inner join rebound_runs
        on operations.run_id = rebound_runs.run_id
),

-- every job a reference of a rebound run names: the run's job now, or one it has left
named_jobs as (
    select distinct
        job_references.run_id,
        job_references.job_namespace,
        job_references.job_name
    from job_references
    inner join rebound_runs
        on job_references.run_id = rebound_runs.run_id
),

located_named_jobs as (
    {{ lineage_warehouse.select_with_entity_id('named_jobs', 'job', ref('int_namespace_locations'), 'job_namespace', 'job_name') }}
),

run_jobs as (
    select
        run_id,
        job_id
    from runs
    union all
    select
        run_id,
        job_id
    from located_named_jobs
),

job_touches as (
    select
        run_jobs.job_id,
        touched_runs.touched_batch
    from touched_runs
    inner join run_jobs
        on touched_runs.run_id = run_jobs.run_id
    where run_jobs.job_id is not null
),

final as (
    select
        'OPERATION' as granularity,
        operation_id as process_id,
        max(touched_batch) as touched_batch
    from operation_touches
    group by operation_id
    union all
    select
        'RUN' as granularity,
        run_id as process_id,
        touched_batch
    from touched_runs
    union all
    select
        'JOB' as granularity,
        job_id as process_id,
        max(touched_batch) as touched_batch
    from job_touches
    group by job_id
)

select * from final
