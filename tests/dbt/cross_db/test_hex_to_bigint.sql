-- hex_to_bigint: 1 to 15 hexadecimal digits of either case (leading zeros allowed) to bigint; NULL for 16 or more
-- digits, an empty text, signs, a 0x prefix, spaces, non-hex characters and NULL.
with

cases as (
    select * from (
        values
        ('0', 0),
        ('00f', 15),
        ('ff', 255),
        ('FF', 255),
        ('aBc', 2748),
        ('0197833d6cec', 1750253530348),
        ('019082248410', 1720170349584),
        ('ffffffffffff', 281474976710655),
        ('fffffffffffffff', 1152921504606846975),
        ('FFFFFFFFFFFFFFF', 1152921504606846975),
        ('000000000000001', 1),
        ('0000000000000001', cast(null as bigint)),
        ('ffffffffffffffff', cast(null as bigint)),
        ('', cast(null as bigint)),
        ('-1', cast(null as bigint)),
        ('+1', cast(null as bigint)),
        ('0x1f', cast(null as bigint)),
        (' 1f', cast(null as bigint)),
        ('1f ', cast(null as bigint)),
        ('1g', cast(null as bigint)),
        ('xyz', cast(null as bigint)),
        (cast(null as string), cast(null as bigint))
    ) as t (input_text, expected)  -- noqa: AL05
),

final as (
    select
        input_text,
        cast(expected as bigint) as expected,
        {{ lineage_warehouse.hex_to_bigint('input_text') }} as actual
    from cases
)

select * from final
where actual is distinct from expected
