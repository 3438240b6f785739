{#- The parent of every job that an event assigns one (docs/rules.md "Job hierarchy: parents"): the parent job of the
    latest PARENT link to it in D1 order (later non-null wins, nothing clears it; the parent belongs to the job, not
    the run). Links of a job to itself are already gone (int_job_links). Cycles across jobs (A under B from one event,
    B under A from another) are kept as sent: every reader walks parents with a bound. first_seen_at and last_seen_at
    are the eventTimes of the first and last events that gave the job this parent. -#}

with

parent_links as (
    select
        event_hash,
        event_time,
        from_job_id as parent_job_id,
        to_job_id as job_id
    from {{ ref('int_job_links') }}
    where link_kind = 'PARENT'
),

ranked as (
    select
        *,
        row_number() over (partition by job_id order by event_time desc, event_hash desc) as recency
    from parent_links
),

latest as (
    select
        job_id,
        parent_job_id
    from ranked
    where recency = 1
),

final as (
    select
        latest.job_id,
        latest.parent_job_id,
        min(parent_links.event_time) as first_seen_at,
        max(parent_links.event_time) as last_seen_at
    from latest
    inner join parent_links
        on latest.job_id = parent_links.job_id and latest.parent_job_id = parent_links.parent_job_id
    group by latest.job_id, latest.parent_job_id
)

select * from final
