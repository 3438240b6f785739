-- parse_timestamp (D14) on both engines: offsets (Z, +HH:MM, -HH:MM, -00:00, day/year roll-over), no offset = UTC,
-- fractions of any length truncated (never rounded) to microseconds, space / lower-case t and z accepted; every
-- other shape (no seconds, +0530, date alone, epoch numbers, words, blanks, impossible dates) is NULL.
-- cast_utc_timestamp is checked directly on texts already in the normalised shape.
with

cases as (
    select * from (
        values
        ('2024-01-01T10:00:00Z', timestamp '2024-01-01 10:00:00'),
        ('2024-01-01T10:00:00+05:30', timestamp '2024-01-01 04:30:00'),
        ('2024-01-01T10:00:00-08:00', timestamp '2024-01-01 18:00:00'),
        ('2024-01-01T10:00:00-00:00', timestamp '2024-01-01 10:00:00'),
        ('2024-01-01T10:00:00+00:00', timestamp '2024-01-01 10:00:00'),
        ('2024-12-31T23:30:00-08:00', timestamp '2025-01-01 07:30:00'),
        ('2024-01-01T02:00:00+05:30', timestamp '2023-12-31 20:30:00'),
        ('2024-01-01T10:00:00+14:00', timestamp '2023-12-31 20:00:00'),
        ('2024-01-01T10:00:00+18:00', timestamp '2023-12-31 16:00:00'),
        ('2024-01-01T10:00:00', timestamp '2024-01-01 10:00:00'),
        ('2024-01-01 10:00:00', timestamp '2024-01-01 10:00:00'),
        ('2024-01-01T10:00:00.123456789Z', timestamp '2024-01-01 10:00:00.123456'),
        ('2024-01-01T10:00:00.999999999Z', timestamp '2024-01-01 10:00:00.999999'),
        ('2024-01-01T10:00:00.1234567', timestamp '2024-01-01 10:00:00.123456'),
        ('2024-01-01T10:00:00.123456789+05:30', timestamp '2024-01-01 04:30:00.123456'),
        ('2024-01-01T10:00:00.123Z', timestamp '2024-01-01 10:00:00.123'),
        ('2024-01-01T10:00:00.5+05:30', timestamp '2024-01-01 04:30:00.5'),
        ('2024-01-01T10:00:00.000001Z', timestamp '2024-01-01 10:00:00.000001'),
        ('2024-01-01 10:00:00Z', timestamp '2024-01-01 10:00:00'),
        ('2024-01-01t10:00:00z', timestamp '2024-01-01 10:00:00'),
        ('2024-01-01 10:00:00z', timestamp '2024-01-01 10:00:00'),
        ('2024-02-29T12:00:00Z', timestamp '2024-02-29 12:00:00'),
        ('1969-12-31T23:59:59.5Z', timestamp '1969-12-31 23:59:59.5'),
        ('1970-01-01T00:00:00Z', timestamp '1970-01-01 00:00:00'),
        ('9999-12-31T23:59:59.999999Z', timestamp '9999-12-31 23:59:59.999999'),
        ('2024-01-01T10:00Z', cast(null as timestamp)),
        ('2024-01-01T10:00', cast(null as timestamp)),
        ('2024-01-01T10:00:00+0530', cast(null as timestamp)),
        ('2024-01-01T10:00:00+05', cast(null as timestamp)),
        ('2024-01-01T10:00:00.Z', cast(null as timestamp)),
        ('2024-01-01T10:00:00 Z', cast(null as timestamp)),
        ('2024-01-01T10:00:00UTC', cast(null as timestamp)),
        ('2024-01-01T10:00:00+05:30[Asia/Kolkata]', cast(null as timestamp)),
        ('2024-02-30T00:00:00Z', cast(null as timestamp)),
        ('2023-02-29T00:00:00Z', cast(null as timestamp)),
        ('2024-13-01T00:00:00Z', cast(null as timestamp)),
        ('2024-00-10T00:00:00Z', cast(null as timestamp)),
        ('2024-01-32T00:00:00Z', cast(null as timestamp)),
        ('2024-01-01T25:00:00Z', cast(null as timestamp)),
        ('2024-01-01T10:60:00Z', cast(null as timestamp)),
        ('2024-06-30T23:59:60Z', cast(null as timestamp)),
        ('2024-1-1T10:00:00Z', cast(null as timestamp)),
        ('2024-01-01', cast(null as timestamp)),
        ('2024', cast(null as timestamp)),
        ('yesterday', cast(null as timestamp)),
        ('1700000000', cast(null as timestamp)),
        ('1700000000000', cast(null as timestamp)),
        (' 2024-01-01T10:00:00Z', cast(null as timestamp)),
        ('2024-01-01T10:00:00Z ', cast(null as timestamp)),
        ('', cast(null as timestamp)),
        ('   ', cast(null as timestamp)),
        (cast(null as string), cast(null as timestamp))
    ) as t (input_text, expected)  -- noqa: AL05
),

direct_cases as (
    select * from (
        values
        ('2024-01-01T10:00:00+05:30', timestamp '2024-01-01 04:30:00'),
        ('2024-01-01T10:00:00Z', timestamp '2024-01-01 10:00:00'),
        ('2024-01-01T10:00:00.123456789-08:00', timestamp '2024-01-01 18:00:00.123456'),
        ('2024-02-30T00:00:00+00:00', cast(null as timestamp)),
        ('not a timestamp', cast(null as timestamp)),
        (cast(null as string), cast(null as timestamp))
    ) as t (input_text, expected)  -- noqa: AL05
),

final as (
    select
        'parse_timestamp' as macro_name,
        input_text,
        expected,
        {{ lineage_warehouse.parse_timestamp('input_text') }} as actual
    from cases
    union all
    select
        'cast_utc_timestamp' as macro_name,
        input_text,
        expected,
        {{ lineage_warehouse.cast_utc_timestamp('input_text') }} as actual
    from direct_cases
)

select * from final
where actual is distinct from expected
