{#- One row per run (§5, D1, D5, D8, D9, D11): every run an event describes, and every parent or root run
    an event refers to (those get status UNKNOWN if they never sent events). Status takes the highest
    precedence (KILLED > FAILED > SUCCEEDED > STARTED > UNKNOWN); other fields: later non-null wins. -#}

with

facts as (
    select
        *,
        {{ lineage_warehouse.d1_order_key('event_time', 'event_hash') }} as order_key,
        case status
            when 'KILLED' then 3 when 'FAILED' then 2 when 'SUCCEEDED' then 1 when 'STARTED' then 0 else -1
        end as status_rank
    from {{ ref('int_run_facts') }}
),

job_refs as (
    select
        *,
        {{ lineage_warehouse.d1_order_key('event_time', 'event_hash') }} as order_key
    from {{ ref('int_job_references') }}
),

mentions as (
    select
        run_id,
        event_time
    from facts
    union all
    select
        run_id,
        event_time
    from job_refs
),

run_ids as (
    select
        run_id,
        min(event_time) as first_seen_at
    from mentions
    group by run_id
),

-- D11: the job of the latest event describing the run; references from children only when no event
-- describes it; a job named `unknown` never replaces a known one
job_bindings as (
    select
        run_id,
        job_id,
        row_number() over (
            partition by run_id
            order by
                case when reference_kind = 'EVENT' then 0 else 1 end,
                case when lower(job_name) = 'unknown' then 1 else 0 end,
                order_key desc
        ) as binding_rank
    from job_refs
),

folded as (
    select
        run_id,
        max(status_rank) as status_rank,
        {{ lineage_warehouse.latest_non_null('started_at', 'order_key') }} as started_at,
        {{ lineage_warehouse.latest_non_null('ended_at', 'order_key') }} as ended_at,
        {{ lineage_warehouse.latest_non_null('ended_reason', 'order_key') }} as ended_reason,
        {{ lineage_warehouse.latest_non_null('parent_run_id', 'order_key') }} as parent_run_id,
        {{ lineage_warehouse.latest_non_null('root_run_id', 'order_key') }} as root_run_id,
        {{ lineage_warehouse.latest_non_null('external_id', 'order_key') }} as external_id,
        {{ lineage_warehouse.latest_non_null('attempt', 'order_key') }} as attempt,
        {{ lineage_warehouse.latest_non_null('running_log_url', 'order_key') }} as running_log_url,
        {{ lineage_warehouse.latest_non_null('persistent_log_url', 'order_key') }} as persistent_log_url,
        {{ lineage_warehouse.latest_non_null('start_reason', 'order_key') }} as start_reason,
        {{ lineage_warehouse.latest_non_null('user_name', 'order_key') }} as user_name,
        {{ lineage_warehouse.latest_non_null('expected_start_at', 'order_key') }} as expected_start_at,
        {{ lineage_warehouse.latest_non_null('expected_end_at', 'order_key') }} as expected_end_at
    from facts
    group by run_id
),

final as (
    select
        run_ids.run_id,
        coalesce({{ lineage_warehouse.uuid_v7_timestamp('run_ids.run_id') }}, run_ids.first_seen_at) as created_at,
        job_bindings.job_id,
        folded.parent_run_id,
        folded.root_run_id as reported_root_run_id,
        case coalesce(folded.status_rank, -1)
            when 3 then 'KILLED' when 2 then 'FAILED' when 1 then 'SUCCEEDED' when 0 then 'STARTED' else 'UNKNOWN'
        end as status,
        folded.started_at,
        case when folded.user_name is not null then {{ lineage_warehouse.user_id('folded.user_name') }} end
            as started_by_user_id,
        folded.start_reason,
        folded.ended_at,
        folded.ended_reason,
        folded.external_id,
        folded.attempt,
        folded.running_log_url,
        folded.persistent_log_url,
        folded.expected_start_at,
        folded.expected_end_at
    from run_ids
    left join folded
        on run_ids.run_id = folded.run_id
    left join job_bindings
        on run_ids.run_id = job_bindings.run_id and job_bindings.binding_rank = 1
)

select * from final
