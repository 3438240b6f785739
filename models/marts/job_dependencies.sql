{#- Declared job dependencies (docs/rules.md "Job hierarchy: dependencies"), one row per (from_job_id, to_job_id):
    from is upstream of to. type = the latest non-null dependency_type in D1 order, and among the non-null types of
    that one event the greatest string; source = the sources that declared it (FACET, AIRFLOW_TASK_IDS), ','-joined in
    that order; first_seen_at / last_seen_at = the eventTimes of the first and last events that declared it. -#}

with

dependency_links as (
    select
        event_hash,
        event_time,
        source,
        dependency_type,
        from_job_id,
        to_job_id
    from {{ ref('int_job_links') }}
    where link_kind = 'DEPENDENCY'
),

typed as (
    select
        from_job_id,
        to_job_id,
        dependency_type,
        row_number() over (
            partition by from_job_id, to_job_id
            order by event_time desc, event_hash desc, dependency_type desc
        ) as recency
    from dependency_links
    where dependency_type is not null
),

folded as (
    select
        from_job_id,
        to_job_id,
        max(case when source = 'FACET' then 1 else 0 end) as from_facet,
        max(case when source = 'AIRFLOW_TASK_IDS' then 1 else 0 end) as from_task_ids,
        min(event_time) as first_seen_at,
        max(event_time) as last_seen_at
    from dependency_links
    group by from_job_id, to_job_id
),

final as (
    select
        folded.from_job_id,
        folded.to_job_id,
        typed.dependency_type as type,
        case
            when folded.from_facet = 1 and folded.from_task_ids = 1 then 'FACET,AIRFLOW_TASK_IDS'
            when folded.from_facet = 1 then 'FACET'
            else 'AIRFLOW_TASK_IDS'
        end as source,
        folded.first_seen_at,
        folded.last_seen_at
    from folded
    left join typed
        on
            folded.from_job_id = typed.from_job_id
            and folded.to_job_id = typed.to_job_id
            and typed.recency = 1
)

select * from final
