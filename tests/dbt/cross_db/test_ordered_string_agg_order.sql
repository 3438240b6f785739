-- ordered_string_agg: each group's texts joined in the order of the order expression whatever the input order
-- (numeric keys compare as numbers: 10 after 9; text keys as text), several groups at once, a multi-character
-- separator and a line-feed separator, NULL texts skipped.
with

pieces as (
    select * from (
        values
        ('numeric', 10, 'j'),
        ('numeric', 2, 'b'),
        ('numeric', 9, 'i'),
        ('numeric', 1, 'a'),
        ('numeric', -5, 'minus'),
        ('single', 1, 'only'),
        ('with_null', 3, 'c'),
        ('with_null', 2, cast(null as string)),
        ('with_null', 1, 'a'),
        ('unicode', 2, '🚀'),
        ('unicode', 1, 'é')
    ) as t (group_id, position, piece)  -- noqa: AL05
),

text_keys as (
    select * from (
        values
        ('b', 'second'),
        ('c', 'third'),
        ('a', 'first'),
        ('B', 'upper')
    ) as t (sort_key, piece)  -- noqa: AL05
),

by_group as (
    select
        group_id,
        {{ lineage_warehouse.ordered_string_agg('piece', "','", 'position') }} as actual_comma,
        {{ lineage_warehouse.ordered_string_agg('piece', "' | '", 'position') }} as actual_spaced,
        {{ lineage_warehouse.ordered_string_agg('piece', 'chr(10)', 'position') }} as actual_lines
    from pieces
    group by group_id
),

expected_groups as (
    select * from (
        values
        ('numeric', 'minus,a,b,i,j', 'minus | a | b | i | j'),
        ('single', 'only', 'only'),
        ('with_null', 'a,c', 'a | c'),
        ('unicode', 'é,🚀', 'é | 🚀')
    ) as t (group_id, expected_comma, expected_spaced)  -- noqa: AL05
),

group_checks as (
    select
        expected_groups.group_id,
        expected_groups.expected_comma as expected,
        by_group.actual_comma as actual
    from expected_groups
    left join by_group on expected_groups.group_id = by_group.group_id
    where
        by_group.actual_comma is distinct from expected_groups.expected_comma
        or by_group.actual_spaced is distinct from expected_groups.expected_spaced
        or by_group.actual_lines is distinct from replace(expected_groups.expected_comma, ',', chr(10))
),

text_check as (
    select
        'text_keys' as group_id,
        'upper,first,second,third' as expected,
        {{ lineage_warehouse.ordered_string_agg('piece', "','", 'sort_key') }} as actual
    from text_keys
),

final as (
    select * from group_checks
    union all
    select * from text_check
    where actual is distinct from expected
)

select * from final
