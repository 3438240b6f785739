{#- Edges of the address graph (D7): every reference links its location's own address to each of its
    addresses (§1.1 step 5: one per comma-separated host piece), and the seed `location_aliases` links two
    URLs declared to be the same location. Addresses are '{type}://{piece}'. -#}

with

location_refs as (
    select distinct
        location_type,
        location_address,
        host,
        reference_kind
    from {{ ref('int_location_references') }}
),

alias_urls as (
    select
        {{ lineage_warehouse.namespace_read('location_url', 'dataset') }} as read_location_url,
        {{ lineage_warehouse.namespace_read('alias_url', 'dataset') }} as read_alias_url
    from {{ ref('location_aliases') }}
),

dataset_pieces as (
    select
        location_refs.location_address,
        location_refs.location_type || '://' || piece.value as address
    from location_refs
    {{ lineage_warehouse.explode_array(lineage_warehouse.split_text('location_refs.host', ','), 'piece') }}
    where location_refs.reference_kind = 'dataset' and piece.value != ''
),

own_addresses as (
    select
        location_address,
        location_address as address
    from location_refs
),

aliases as (
    select
        {{ lineage_warehouse.namespace_location_address('read_location_url', 'dataset') }} as location_address,
        {{ lineage_warehouse.namespace_location_address('read_alias_url', 'dataset') }} as address
    from alias_urls
),

final as (
    select
        location_address,
        address
    from own_addresses
    union
    select
        location_address,
        address
    from dataset_pieces
    union
    select
        location_address,
        address
    from aliases
)

select * from final
