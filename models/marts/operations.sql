{#- Operations (entities.md "Operation"; §6; D3 zero kept; D8 ended_reason). -#}

with

final as (
    select
        operation_id,
        created_at,
        run_id,
        name,
        type,
        status,
        started_at,
        ended_at,
        ended_reason,
        position,
        group_name,
        description,
        sql_query
    from {{ ref('int_operations') }}
)

select * from final
