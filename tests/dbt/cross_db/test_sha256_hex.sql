-- sha256_hex: lower-case hex SHA-256 of the UTF-8 bytes of a text (FIPS 180-2 'abc' vector, the empty text,
-- non-ASCII text), NULL for NULL.
with

cases as (
    select * from (
        values
        ('abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'),
        ('', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'),
        ('é', '4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c'),
        ('ジョブ 🚀', '55acd30240374427d3af1b201fe7420edcb7eba4331f390d1d647da74027f9b9'),
        ('it''s', '24ceef1cb6b0cbc0b3321021318245760500d1b1e9411a091929268ad1491c9e'),
        (cast(null as string), cast(null as string))
    ) as t (input_text, expected)  -- noqa: AL05
),

final as (
    select
        *,
        {{ lineage_warehouse.sha256_hex('input_text') }} as actual
    from cases
)

select * from final
where actual is distinct from expected
