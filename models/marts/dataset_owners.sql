{#- Dataset owners (docs/rules.md "Facets: owners"). -#}

with

final as (
    select
        dataset_id,
        owner_name,
        owner_type,
        last_seen_at
    from {{ ref('int_dataset_owners') }}
)

select * from final
