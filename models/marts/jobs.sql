{#- Jobs (docs/rules.md "Entity: Job"; §3.1, §3.2; D9 parents and roots without events get type UNKNOWN). -#}

with

final as (
    select
        job_id,
        location_id,
        name,
        type
    from {{ ref('int_jobs') }}
)

select * from final
