{#- The root of every run (D9): `parent.root.run.runId` when an event reported one, else the top of the known
    parent chain, walked up to var('parent_chain_depth') levels (a run without a parent is its own root). -#}

{%- set depth = var('parent_chain_depth', 12) %}

with

runs as (
    select
        run_id,
        parent_run_id,
        reported_root_run_id
    from {{ ref('int_runs') }}
),

level_0 as (
    select
        run_id,
        coalesce(parent_run_id, run_id) as ancestor_id
    from runs
),

{%- for i in range(1, depth + 1) %}

level_{{ i }} as (
    select
        level_{{ i - 1 }}.run_id,
        coalesce(runs.parent_run_id, level_{{ i - 1 }}.ancestor_id) as ancestor_id
    from level_{{ i - 1 }}
    left join runs
        on level_{{ i - 1 }}.ancestor_id = runs.run_id
),
{%- endfor %}

final as (
    select
        runs.run_id,
        coalesce(runs.reported_root_run_id, level_{{ depth }}.ancestor_id) as root_run_id
    from runs
    inner join level_{{ depth }}
        on runs.run_id = level_{{ depth }}.run_id
)

select * from final
