-- sorted_string_agg joins a group's non-NULL texts in their binary sort order, whatever the input order; an empty
-- text is a text, and a group of NULLs gives NULL.
with

pieces as (
    select * from (
        values
        (1, 'c'),
        (1, 'B'),
        (1, 'a'),
        (1, cast(null as string)),
        (2, ''),
        (2, 'x'),
        (3, cast(null as string))
    ) as t (group_number, piece)  -- noqa: AL05
),

actual as (
    select
        group_number,
        {{ lineage_warehouse.sorted_string_agg('piece', "'-'") }} as joined
    from pieces
    group by group_number
),

expected as (
    select * from (
        values
        (1, 'B-a-c'),
        (2, '-x'),
        (3, cast(null as string))
    ) as t (group_number, joined)  -- noqa: AL05
),

final as (
    select
        expected.group_number,
        expected.joined as expected_joined,
        actual.joined as actual_joined
    from expected
    left join actual
        on expected.group_number = actual.group_number
    where actual.group_number is null or actual.joined is distinct from expected.joined
)

select * from final
