-- unique_combination (the generic test, through its macro): it finds exactly the repeated combinations, NULLs
-- equal as in GROUP BY, with their counts; the hash step (row_hash) loses none, also where Spark's hash makes
-- (NULL, 'x') and ('x', NULL) collide, and reports no combination that only shares a hash.
with

found as (
    {{ lineage_warehouse.test_unique_combination(
        "(select * from (values ('x', 'y'), ('x', 'y'), ('x', null), ('x', null), (null, 'x'), ('y', 'x'),"
        ~ " ('y', 'x'), ('y', 'x'), ('x', 'z'), (null, null)) as t (a, b)) as keyed",
        ['a', 'b']) }}
),

expected as (
    select * from (
        values
        ('x', 'y', 2),
        ('x', cast(null as string), 2),
        ('y', 'x', 3)
    ) as t (a, b, occurrences)  -- noqa: AL05
),

final as (
    select
        expected.a as expected_a,
        found.a as found_a,
        expected.occurrences as expected_occurrences,
        found.occurrences as found_occurrences
    from expected
    full outer join found
        on
            expected.a is not distinct from found.a
            and expected.b is not distinct from found.b
)

select * from final
where expected_occurrences is distinct from found_occurrences
