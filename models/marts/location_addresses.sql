{#- Every alternative address of every location (docs/rules.md "Entity: Location addresses"; §1.1 step 5; D7). -#}

with

final as (
    select distinct
        location_id,
        address as url
    from {{ ref('int_location_addresses') }}
)

select * from final
