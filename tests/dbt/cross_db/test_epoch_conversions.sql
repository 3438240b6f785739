-- epoch_ms_to_timestamp / timestamp_to_epoch_ms, epoch_microseconds_to_timestamp / epoch_microseconds (both ways,
-- before and after the epoch, NULL), the floor of sub-millisecond instants after the epoch, and
-- format_python_isoformat (Python's datetime.isoformat() of an aware UTC value: the fraction printed with 6 digits,
-- omitted when zero).
with

millisecond_cases as (
    select * from (
        values
        (0, timestamp '1970-01-01 00:00:00'),
        (1750253530348, timestamp '2025-06-18 13:32:10.348'),
        (1720170349584, timestamp '2024-07-05 09:05:49.584'),
        (-1, timestamp '1969-12-31 23:59:59.999'),
        (-86400000, timestamp '1969-12-31 00:00:00'),
        (253402300799999, timestamp '9999-12-31 23:59:59.999'),
        (cast(null as bigint), cast(null as timestamp))
    ) as t (epoch_value, instant)  -- noqa: AL05
),

floor_cases as (
    select * from (
        values
        (timestamp '1970-01-01 00:00:00.0015', 1),
        (timestamp '2024-01-01 00:00:00.000999', 1704067200000),
        (timestamp '2024-01-01 00:00:00.999999', 1704067200999)
    ) as t (instant, epoch_value)  -- noqa: AL05
),

microsecond_cases as (
    select * from (
        values
        (0, timestamp '1970-01-01 00:00:00'),
        (1704067200000001, timestamp '2024-01-01 00:00:00.000001'),
        (1750253530348123, timestamp '2025-06-18 13:32:10.348123'),
        (-1, timestamp '1969-12-31 23:59:59.999999'),
        (-500, timestamp '1969-12-31 23:59:59.9995'),
        (cast(null as bigint), cast(null as timestamp))
    ) as t (epoch_value, instant)  -- noqa: AL05
),

isoformat_cases as (
    select * from (
        values
        (timestamp '2025-06-18 13:32:03.229', '2025-06-18T13:32:03.229000+00:00'),
        (timestamp '2025-06-18 13:32:03', '2025-06-18T13:32:03+00:00'),
        (timestamp '2024-01-01 00:00:00.000010', '2024-01-01T00:00:00.000010+00:00'),
        (timestamp '2024-01-01 00:00:00.5', '2024-01-01T00:00:00.500000+00:00'),
        (timestamp '2024-02-29 23:59:59.999999', '2024-02-29T23:59:59.999999+00:00'),
        (timestamp '1969-12-31 23:59:59.5', '1969-12-31T23:59:59.500000+00:00'),
        (timestamp '0999-01-01 00:00:00.000001', '0999-01-01T00:00:00.000001+00:00'),
        (cast(null as timestamp), cast(null as string))
    ) as t (instant, expected)  -- noqa: AL05
),

checks as (
    select
        'epoch_ms_to_timestamp' as macro_name,
        cast(epoch_value as string) as input_text,
        cast(instant as string) as expected,
        cast({{ lineage_warehouse.epoch_ms_to_timestamp('epoch_value') }} as string) as actual,
        ({{ lineage_warehouse.epoch_ms_to_timestamp('epoch_value') }} is distinct from instant) as failed
    from millisecond_cases
    union all
    select
        'timestamp_to_epoch_ms' as macro_name,
        cast(instant as string) as input_text,
        cast(epoch_value as string) as expected,
        cast({{ lineage_warehouse.timestamp_to_epoch_ms('instant') }} as string) as actual,
        ({{ lineage_warehouse.timestamp_to_epoch_ms('instant') }} is distinct from epoch_value) as failed
    from millisecond_cases
    union all
    select
        'timestamp_to_epoch_ms (floor)' as macro_name,
        cast(instant as string) as input_text,
        cast(epoch_value as string) as expected,
        cast({{ lineage_warehouse.timestamp_to_epoch_ms('instant') }} as string) as actual,
        ({{ lineage_warehouse.timestamp_to_epoch_ms('instant') }} is distinct from epoch_value) as failed
    from floor_cases
    union all
    select
        'epoch_microseconds_to_timestamp' as macro_name,
        cast(epoch_value as string) as input_text,
        cast(instant as string) as expected,
        cast({{ lineage_warehouse.epoch_microseconds_to_timestamp('epoch_value') }} as string) as actual,
        ({{ lineage_warehouse.epoch_microseconds_to_timestamp('epoch_value') }} is distinct from instant) as failed
    from microsecond_cases
    union all
    select
        'epoch_microseconds' as macro_name,
        cast(instant as string) as input_text,
        cast(epoch_value as string) as expected,
        cast({{ lineage_warehouse.epoch_microseconds('instant') }} as string) as actual,
        ({{ lineage_warehouse.epoch_microseconds('instant') }} is distinct from epoch_value) as failed
    from microsecond_cases
    union all
    select
        'format_python_isoformat' as macro_name,
        cast(instant as string) as input_text,
        expected,
        {{ lineage_warehouse.format_python_isoformat('instant') }} as actual,
        ({{ lineage_warehouse.format_python_isoformat('instant') }} is distinct from expected) as failed
    from isoformat_cases
    union all
    -- the largest UUIDv7 timestamp (2^48 - 1 ms, year 10889) survives the round trip
    select
        'epoch_ms round trip' as macro_name,
        '281474976710655' as input_text,
        '281474976710655' as expected,
        {%- set round_trip = lineage_warehouse.timestamp_to_epoch_ms(
            lineage_warehouse.epoch_ms_to_timestamp('281474976710655')
        ) %}
        cast({{ round_trip }} as string) as actual,
        ({{ round_trip }} is distinct from 281474976710655) as failed
)

select * from checks
where failed
