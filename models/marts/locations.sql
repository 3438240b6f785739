{#- Locations (docs/rules.md "Entity: Location"; §1; D6 credentials removed; D7 locations sharing an address are one).
    -#}

with

addresses as (
    select * from {{ ref('int_location_addresses') }}
),

seeded_urls as (
    select
        external_id,
        {{ lineage_warehouse.namespace_read('location_url', 'dataset') }} as read_location_url
    from {{ ref('location_external_ids') }}
),

external_ids as (
    select
        addresses.location_id,
        min(seeded_urls.external_id) as external_id
    from seeded_urls
    inner join addresses
        on {{ lineage_warehouse.namespace_location_address('seeded_urls.read_location_url', 'dataset') }} = addresses.address
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
