-- parse_timestamp (D14): offsets, no offset = UTC, fractions truncated to microseconds, strict shape, and instants
-- in the years 1 to 9999 (UTC) only (docs/decisions/event-time-formats.md).
with

cases as (
    select * from (
        values
        ('2024-01-01T10:00:00Z', cast('2024-01-01 10:00:00' as timestamp)),
        ('2024-01-01T10:00:00+05:30', cast('2024-01-01 04:30:00' as timestamp)),
        ('2024-01-01T10:00:00-08:00', cast('2024-01-01 18:00:00' as timestamp)),
        ('2024-01-01T10:00:00', cast('2024-01-01 10:00:00' as timestamp)),
        ('2020-12-28T19:51:01.641499123Z', cast('2020-12-28 19:51:01.641499' as timestamp)),
        ('2024-01-01T10:00:00.123Z', cast('2024-01-01 10:00:00.123' as timestamp)),
        ('2024-01-01T10:00Z', cast(null as timestamp)),
        ('2024-01-01 10:00:00z', cast('2024-01-01 10:00:00' as timestamp)),
        ('2024-01-01t10:00:00Z', cast('2024-01-01 10:00:00' as timestamp)),
        ('2024-02-30T00:00:00Z', cast(null as timestamp)),
        ('2024-13-01T00:00:00Z', cast(null as timestamp)),
        ('2024-01-01', cast(null as timestamp)),
        ('yesterday', cast(null as timestamp)),
        ('1700000000', cast(null as timestamp)),
        ('2024-01-01T10:00:00+0530', cast(null as timestamp)),
        ('0001-01-01T00:00:00Z', cast('0001-01-01 00:00:00' as timestamp)),
        ('9999-12-31T23:59:59.999999Z', cast('9999-12-31 23:59:59.999999' as timestamp)),
        ('0000-06-01T00:00:00Z', cast(null as timestamp)),
        ('0001-01-01T00:30:00+01:00', cast(null as timestamp)),
        ('9999-12-31T23:30:00-01:00', cast(null as timestamp)),
        ('10000-01-01T00:00:00Z', cast(null as timestamp)),
        (cast(null as string), cast(null as timestamp))
    ) as t (input_text, expected)  -- noqa: AL05
),

final as (
    select
        input_text,
        expected,
        {{ lineage_warehouse.parse_timestamp('input_text') }} as actual
    from cases
)

select * from final
where actual is distinct from expected
