{#- Operations (docs/rules.md "Entity: Operation"; §6; D3 zero kept; D8 ended_reason), with the job of their run.
    Refolded by operation (macros/refold_scopes.sql). -#}
{{ lineage_warehouse.refold_config('operation') }}
-- depends_on: {{ ref('int_refold_scope') }} (the refold scope, read by the filters of macros/refold_scopes.sql)

with

operations as (
    select * from {{ ref('int_operations') }}
    where {{ lineage_warehouse.in_refold_scope('operation_id') }}
),

runs as (
    select
        run_id,
        job_id
    from {{ ref('int_runs') }}
),

final as (
    select
        operations.operation_id,
        operations.created_at,
        operations.run_id,
        runs.job_id,
        operations.name,
        operations.type,
        operations.status,
        operations.started_at,
        operations.ended_at,
        operations.ended_reason,
        operations.position,
        operations.group_name,
        operations.description,
        operations.sql_query,
        {{ lineage_warehouse.refold_partition('operations.operation_id') }} as refold_partition
    from operations
    left join runs
        on operations.run_id = runs.run_id
)

select * from final
