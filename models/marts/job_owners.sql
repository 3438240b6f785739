{#- Job owners (docs/rules.md "Facets: owners"). -#}

with

final as (
    select
        job_id,
        owner_name,
        owner_type,
        last_seen_at
    from {{ ref('int_job_owners') }}
)

select * from final
