-- json_kind: complete JSON values only; trailing garbage, truncation and raw control characters are invalid.
with

cases as (
    select * from (
        values
        ('{"a": 1}', 'object'),
        ('   {"a": 1}', 'object'),
        ('[1, 2]', 'array'),
        ('"s"', 'scalar'),
        ('42', 'scalar'),
        ('true', 'scalar'),
        ('null', 'scalar'),
        ('{"a": 1', 'invalid'),
        ('{"a": 1} x', 'invalid'),
        ('{"a": 1} {"b": 2}', 'invalid'),
        ('{"a": 1}, {"b": 2}', 'invalid'),
        ('', 'invalid'),
        ('   ', 'invalid'),
        ('not json', 'invalid'),
        (cast(null as string), 'invalid')
    ) as t (doc, expected)  -- noqa: AL05
),

with_control_character as (
    select
        doc,
        expected
    from cases
    union all
    select
        '{"a": "' || chr(0) || '"}' as doc,
        'invalid' as expected
),

final as (
    select
        *,
        {{ lineage_warehouse.json_kind('doc') }} as actual
    from with_control_character
)

select * from final
where actual is distinct from expected
