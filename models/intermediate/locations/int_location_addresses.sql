{#- Every location address mapped to its (fused) location (D7). The component's canonical location is the
    one named by the earliest reference in D1 order (event_time, event_hash); its id is derived from that
    '{type}://{name}', so the same events give the same ids on both engines. Every address a reference
    computes with namespace_location_address() is present. The earliest reference of a component is the
    earliest of its addresses' first references per batch (int_location_address_firsts). -#}

with

components as (
    select * from {{ ref('int_location_components') }}
),

location_refs as (
    select * from {{ ref('int_location_address_firsts') }}
),

ranked_references as (
    select
        components.component,
        location_refs.location_type,
        location_refs.location_name,
        row_number() over (
            partition by components.component
            order by location_refs.event_time, location_refs.event_hash, location_refs.location_address
        ) as reference_rank
    from location_refs
    inner join components
        on location_refs.location_address = components.address
),

canonical as (
    select
        component,
        location_type,
        location_name,
        {{ lineage_warehouse.entity_id('location', ["location_type || '://' || location_name"]) }} as location_id
    from ranked_references
    where reference_rank = 1
),

final as (
    select
        components.address,
        canonical.location_id,
        canonical.location_type,
        canonical.location_name
    from components
    inner join canonical
        on components.component = canonical.component
)

select * from final
