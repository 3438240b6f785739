{#- Every job an event creates or refers to (§3.2, D9; the kinds are described in int_job_reference_facts, and
    LINK, the ends of the job links of int_job_link_facts),
    with the run it is the job of, the job by its natural key (namespace, name). The references are parsed once per
    event in int_job_reference_facts; the folds that read them (jobs, int_runs, the job facets and tags)
    resolve the job's location and id. Appended by landing batch. -#}
{{ lineage_warehouse.append_batches_config() }}

with

event_references as (
    select
        event_hash,
        landing_batch,
        event_time,
        extractor,
        event_run_id,
        reference_kind,
        run_id,
        job_namespace,
        job_name,
        job_type
    from {{ ref('int_job_reference_facts') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

links as (
    select * from {{ ref('int_job_link_facts') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

-- the ends of the links an event declares (docs/rules.md "Job hierarchy: dependencies": jobs created even when they
-- never send events; an Airflow sibling task typed AIRFLOW_TASK); the event's own end repeats its EVENT reference
link_ends as (
    select
        event_hash,
        landing_batch,
        event_time,
        from_job_namespace as job_namespace,
        from_job_name as job_name,
        from_job_type as job_type
    from links
    union all
    select
        event_hash,
        landing_batch,
        event_time,
        to_job_namespace as job_namespace,
        to_job_name as job_name,
        to_job_type as job_type
    from links
),

job_references as (
    select * from event_references
    union all
    select
        event_hash,
        landing_batch,
        event_time,
        cast(null as string) as extractor,
        cast(null as string) as event_run_id,
        'LINK' as reference_kind,
        cast(null as string) as run_id,
        job_namespace,
        job_name,
        job_type
    from link_ends
),

final as (
    select
        job_references.event_hash,
        job_references.landing_batch,
        job_references.event_time,
        job_references.extractor,
        job_references.event_run_id,
        job_references.reference_kind,
        job_references.run_id,
        -- the reference names the job of a run this event describes (its own, its session, or the parent an
        -- operation event is bound to), not a run of some other event; a JobEvent (D16), which describes no
        -- run, describes its own job, its EVENT reference
        coalesce(
            job_references.run_id = job_references.event_run_id, job_references.reference_kind = 'EVENT'
        ) as describes_run,
        job_references.job_namespace,
        job_references.job_name,
        job_references.job_type
    from job_references
)

select * from final
