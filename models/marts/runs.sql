{#- Runs (docs/rules.md "Entity: Run"; §5; D5 created_at; D8 ended_reason; D9 parents and roots; D11 job binding). -#}

with

runs as (
    select * from {{ ref('int_runs') }}
),

roots as (
    select * from {{ ref('int_run_roots') }}
),

final as (
    select
        runs.run_id,
        runs.created_at,
        runs.job_id,
        runs.parent_run_id,
        roots.root_run_id,
        runs.status,
        runs.started_at,
        runs.started_by_user_id,
        runs.start_reason,
        runs.ended_at,
        runs.ended_reason,
        runs.external_id,
        runs.attempt,
        runs.running_log_url,
        runs.persistent_log_url,
        runs.expected_start_at,
        runs.expected_end_at
    from runs
    inner join roots
        on runs.run_id = roots.run_id
)

select * from final
