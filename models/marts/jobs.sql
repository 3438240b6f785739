{#- Jobs (docs/rules.md "Entity: Job"; §3.1, §3.2; D9 parents and roots without events get type UNKNOWN; the parent
    job of docs/rules.md "Job hierarchy: parents"). -#}

with

final as (
    select
        job_id,
        location_id,
        name,
        type,
        parent_job_id
    from {{ ref('int_jobs') }}
)

select * from final
