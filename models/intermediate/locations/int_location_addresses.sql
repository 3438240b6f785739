{#- Every location address mapped to its fused location (D7: locations sharing an address are one), in three
    steps:
    1. the address graph: every reference links its location's own address to each of its addresses (one per
       comma-separated host piece), and the seed `location_aliases` links two URLs declared to be the same
       location; addresses are '{type}://{piece}';
    2. its connected components, by min-label propagation unrolled over var location_fusion_rounds rounds: every
       address gets the smallest address reachable from it; `converged` is false on every row when one more round
       would still change a label, and a data test (_locations__models.yml) then fails the build;
    3. each component's canonical location, named by its earliest reference in D1 order (event_time, event_hash);
       its id is derived from '{type}://{name}', so the same events give the same ids on both engines. -#}

{%- set rounds = var('location_fusion_rounds', 16) %}

with

location_references as (
    select * from {{ ref('int_location_references') }}
),

alias_urls as (
    select
        {{ lineage_warehouse.namespace_read('location_url', 'dataset') }} as read_location_url,
        {{ lineage_warehouse.namespace_read('alias_url', 'dataset') }} as read_alias_url
    from {{ ref('location_aliases') }}
),

location_refs as (
    select distinct
        location_type,
        location_address,
        host,
        reference_kind
    from location_references
),

dataset_pieces as (
    select
        location_refs.location_address,
        location_refs.location_type || '://' || piece.value as address
    from location_refs
    {{ lineage_warehouse.explode_array(lineage_warehouse.split_text('location_refs.host', ','), 'piece') }}
    where location_refs.reference_kind = 'dataset' and piece.value != ''
),

aliases as (
    select
        {{ lineage_warehouse.namespace_location_address('read_location_url', 'dataset') }} as location_address,
        {{ lineage_warehouse.namespace_location_address('read_alias_url', 'dataset') }} as address
    from alias_urls
),

address_edges as (
    select
        location_address,
        location_address as address
    from location_refs
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
),

edges as (
    {#- both directions, and every address to itself: a label is the smallest over the address and its
        neighbours, so it never grows and settles (without the loop, the ends of a lone edge swap labels every
        round) #}
    select
        location_address as from_address,
        address as to_address
    from address_edges
    union
    select
        address as from_address,
        location_address as to_address
    from address_edges
    union
    select
        address as from_address,
        address as to_address
    from address_edges
    union
    select
        location_address as from_address,
        location_address as to_address
    from address_edges
),

round_0 as (
    select
        from_address as address,
        min(to_address) as label
    from edges
    group by from_address
),

{%- for i in range(1, rounds + 2) %}

    round_{{ i }} as (
        select
            edges.from_address as address,
            min(round_{{ i - 1 }}.label) as label
        from edges
        inner join round_{{ i - 1 }}
            on edges.to_address = round_{{ i - 1 }}.address
        group by edges.from_address
    ),
{%- endfor %}

components as (
    select
        settled.address,
        settled.label as component,
        settled.label = probe.label as converged
    from round_{{ rounds }} as settled
    inner join round_{{ rounds + 1 }} as probe
        on settled.address = probe.address
),

convergence as (
    select min(case when converged then 1 else 0 end) = 1 as converged
    from components
),

ranked_references as (
    select
        components.component,
        location_references.location_type,
        location_references.location_name,
        row_number() over (
            partition by components.component
            order by
                location_references.event_time,
                location_references.event_hash,
                location_references.location_address,
                location_references.location_type,
                location_references.location_name
        ) as reference_rank
    from location_references
    inner join components
        on location_references.location_address = components.address
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
        canonical.location_name,
        convergence.converged
    from components
    inner join canonical
        on components.component = canonical.component
    cross join convergence
)

select * from final
