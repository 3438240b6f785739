{#- The root of every run (D9): the root its events name (parent.root.run.runId, or the one its children name for
    it), else the top of the known parent chain, walked up to var('parent_chain_depth') levels; a run without a
    parent is its own root. At each step a run on the chain that names a root ends the walk with that root.
    root_walk_status says whether the walk ended: RESOLVED, CYCLE (the chain loops; no root, NULL) or TOO_DEEP
    (not ended within the depth; a data test fails so the depth can be raised). -#}

{%- set depth = var('parent_chain_depth', 20) %}

with

runs as (
    select
        run_id,
        parent_run_id,
        reported_root_run_id
    from {{ ref('int_runs') }}
),

step_0 as (
    select
        run_id,
        case when reported_root_run_id is null then parent_run_id end as pointer,
        coalesce(reported_root_run_id, case when parent_run_id is null then run_id end) as root_run_id,
        false as visits_self
    from runs
),

{%- for i in range(1, depth + 1) %}

    step_{{ i }} as (
        select
            step_{{ i - 1 }}.run_id,
            case when runs.reported_root_run_id is null then runs.parent_run_id end as pointer,
            coalesce(
                step_{{ i - 1 }}.root_run_id,
                runs.reported_root_run_id,
                case when runs.run_id is not null and runs.parent_run_id is null then runs.run_id end
            ) as root_run_id,
            step_{{ i - 1 }}.visits_self or coalesce(runs.parent_run_id = step_{{ i - 1 }}.run_id, false) as visits_self
        from step_{{ i - 1 }}
        -- an equi-join (a resolved run's key is NULL and matches nothing): a condition on the left side alone
        -- would make the engines compare every pair of runs
        left join runs
            on case when step_{{ i - 1 }}.root_run_id is null then step_{{ i - 1 }}.pointer end = runs.run_id
    ),
{%- endfor %}

walked as (
    select * from step_{{ depth }}
),

final as (
    select
        walked.run_id,
        walked.root_run_id,
        case
            when walked.root_run_id is not null then 'RESOLVED'
            when walked.visits_self or coalesce(ends.visits_self, false) then 'CYCLE'
            else 'TOO_DEEP'
        end as root_walk_status
    from walked
    left join walked as ends
        on walked.pointer = ends.run_id
)

select * from final
