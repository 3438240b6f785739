-- §6 (reference lifecycle_change.py), previous_identifier_problem (macros/entry_facet_checks.sql): a
-- previousIdentifier without its namespace or its name is a problem, also when its key is spelt with a \u escape
-- (the text guard that skips the parse must not skip it); no previousIdentifier, a complete one, and NULL are not.
with

cases as (
    select * from (
        values
        ('{"lifecycleStateChange": {"lifecycleStateChange": "DROP"}}', cast(null as string)),
        (
            '{"lifecycleStateChange": {"previousIdentifier": {"namespace": "pg://h:5432"}}}',
            'previous_identifier_without_namespace_or_name'
        ),
        (
            '{"lifecycleStateChange": {"previousIdentifier": {"name": "t"}}}',
            'previous_identifier_without_namespace_or_name'
        ),
        (
            '{"lifecycleStateChange": {"previous' || chr(92) || 'u0049dentifier": {"namespace": "pg://h:5432"}}}',
            'previous_identifier_without_namespace_or_name'
        ),
        (
            '{"lifecycleStateChange": {"previousIdentifier": {"namespace": "pg://h:5432", "name": "t"}}}',
            cast(null as string)
        ),
        ('{"schema": {"fields": []}}', cast(null as string)),
        (cast(null as string), cast(null as string))
    ) as t (facets, expected)  -- noqa: AL05
),

final as (
    select
        *,
        {{ lineage_warehouse.previous_identifier_problem('facets') }} as actual
    from cases
)

select * from final
where actual is distinct from expected
