{#- Connected components of the address graph (D7): every address gets the smallest address reachable from
    it as its component label, by min-label propagation. Rounds are unrolled here (var
    location_fusion_rounds); `converged` is false for an address whose label would still change in one
    more round, and a data test (_locations__models.yml) fails the build if any such address exists. -#}

{%- set rounds = var('location_fusion_rounds', 16) %}

with

address_edges as (
    select * from {{ ref('int_location_address_edges') }}
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

final as (
    select
        settled.address,
        settled.label as component,
        settled.label = probe.label as converged
    from round_{{ rounds }} as settled
    inner join round_{{ rounds + 1 }} as probe
        on settled.address = probe.address
)

select * from final
