{#- Locations (docs/rules.md "Entity: Location"; §1; D6 credentials removed; D7 locations sharing an address are one).
    -#}

with

addresses as (
    select * from {{ ref('int_location_addresses') }}
),

external_ids as (
    select
        addresses.location_id,
        min(seeded.external_id) as external_id
    from {{ ref('location_external_ids') }} as seeded
    inner join addresses
        on {{ lineage_warehouse.namespace_location_address('seeded.location_url', 'dataset') }} = addresses.address
    group by addresses.location_id
),

locations as (
    select distinct
        location_id,
        location_type,
        location_name
    from addresses
),

final as (
    select
        locations.location_id,
        locations.location_type as type,
        locations.location_name as name,
        external_ids.external_id
    from locations
    left join external_ids
        on locations.location_id = external_ids.location_id
)

select * from final
