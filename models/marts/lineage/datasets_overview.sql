{#- One row per dataset for BI: where it lives, its shown schema, when it was last read and written, by which job
    (its id and name) and run (and that run's status), how many direct upstream and downstream datasets it has at DATASET
    granularity, and whether a direct upstream dataset was last written by a FAILED run. Data quality (docs/rules.md
    "Data quality: in the overview"): when the dataset's latest assertion was sent, how many assertions failed in
    the run that sent it, and whether an upstream dataset at any depth had a failed assertion in its last run. -#}

with

datasets as (
    select * from {{ ref('datasets') }}
),

locations as (
    select * from {{ ref('locations') }}
),

last_writers as (
    select * from {{ ref('int_lineage_dataset_last_writers') }}
),

jobs as (
    select * from {{ ref('jobs') }}
),

dataset_edges as (
    select * from {{ ref('int_lineage_dataset_edges') }}
),

assertions as (
    select * from {{ ref('data_quality_assertions') }}
),

closure as (
    select * from {{ ref('dataset_lineage_closure') }}
),

-- the run of each dataset's latest assertion (a tie on the time goes to the greater run id)
assertion_runs as (
    select
        dataset_id,
        max(asserted_at) as last_assertion_at,
        max_by(run_id, {{ lineage_warehouse.d1_order_key('asserted_at', 'run_id') }}) as last_assertion_run_id
    from assertions
    group by dataset_id
),

assertion_health as (
    select
        assertion_runs.dataset_id,
        assertion_runs.last_assertion_at,
        count(case when assertions.success = false then 1 end) as failed_assertions_last_run
    from assertion_runs
    inner join assertions
        on
            assertion_runs.dataset_id = assertions.dataset_id
            and assertion_runs.last_assertion_run_id = assertions.run_id
    group by assertion_runs.dataset_id, assertion_runs.last_assertion_at
),

failed_assertion_downstreams as (
    select distinct closure.downstream_dataset_id as dataset_id
    from closure
    inner join assertion_health
        on closure.upstream_dataset_id = assertion_health.dataset_id
    where assertion_health.failed_assertions_last_run > 0
),

upstreams as (
    select
        dataset_edges.to_id as dataset_id,
        count(*) as upstream_count,
        max(
            case when upstream_writers.last_writer_run_status = 'FAILED' then 1 else 0 end
        ) as failed_upstream_flag
    from dataset_edges
    left join last_writers as upstream_writers
        on dataset_edges.from_id = upstream_writers.dataset_id
    group by dataset_edges.to_id
),

downstreams as (
    select
        from_id as dataset_id,
        count(*) as downstream_count
    from dataset_edges
    group by from_id
),

final as (
    select
        datasets.dataset_id,
        locations.type as location_type,
        locations.name as location_name,
        datasets.name,
        datasets.schema_id,
        datasets.schema_relevance,
        last_writers.last_read_at,
        last_writers.last_written_at,
        last_writers.last_writer_job_id,
        last_writer_jobs.name as last_writer_job_name,
        last_writers.last_writer_run_id,
        last_writers.last_writer_run_status,
        coalesce(upstreams.upstream_count, 0) as upstream_count,
        coalesce(downstreams.downstream_count, 0) as downstream_count,
        coalesce(upstreams.failed_upstream_flag, 0) = 1 as has_failed_upstream,
        assertion_health.last_assertion_at,
        assertion_health.failed_assertions_last_run,
        failed_assertion_downstreams.dataset_id is not null as has_failed_assertion_upstream
    from datasets
    left join locations
        on datasets.location_id = locations.location_id
    left join last_writers
        on datasets.dataset_id = last_writers.dataset_id
    left join jobs as last_writer_jobs
        on last_writers.last_writer_job_id = last_writer_jobs.job_id
    left join upstreams
        on datasets.dataset_id = upstreams.dataset_id
    left join downstreams
        on datasets.dataset_id = downstreams.dataset_id
    left join assertion_health
        on datasets.dataset_id = assertion_health.dataset_id
    left join failed_assertion_downstreams
        on datasets.dataset_id = failed_assertion_downstreams.dataset_id
)

select * from final
