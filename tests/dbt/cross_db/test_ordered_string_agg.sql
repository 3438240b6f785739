-- ordered_string_agg joins texts in the order of the order expression, whatever the input order.
with

pieces as (
    select * from (
        values
        (3, 'c'),
        (1, 'a'),
        (2, 'b')
    ) as t (position, piece)  -- noqa: AL05
),

final as (
    select {{ lineage_warehouse.ordered_string_agg('piece', "'-'", 'position') }} as actual
    from pieces
)

select * from final
where actual is distinct from 'a-b-c'
