{#- docs/rules.md "Lineage: The graph", parents: JOB → JOB for every job with a parent job (parent → child,
    jobs.parent_job_id, docs/rules.md "Job hierarchy: parents"), JOB → RUN for every run, RUN → OPERATION for every
    operation. Run → run links (parent_run_id) are the separate relation lineage_run_parents. -#}

with

jobs as (
    select * from {{ ref('jobs') }}
),

runs as (
    select * from {{ ref('runs') }}
),

operations as (
    select * from {{ ref('operations') }}
),

job_children as (
    select
        'JOB' as from_kind,
        parent_job_id as from_id,
        'JOB' as to_kind,
        job_id as to_id
    from jobs
    where parent_job_id is not null
),

job_runs as (
    select
        'JOB' as from_kind,
        job_id as from_id,
        'RUN' as to_kind,
        run_id as to_id
    from runs
    where job_id is not null
),

run_operations as (
    select
        'RUN' as from_kind,
        run_id as from_id,
        'OPERATION' as to_kind,
        operation_id as to_id
    from operations
),

final as (
    select * from job_children
    union all
    select * from job_runs
    union all
    select * from run_operations
)

select * from final
