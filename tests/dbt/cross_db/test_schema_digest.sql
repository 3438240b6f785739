-- §2.4 / Appendix A: schema normalisation and digest (the spec's test vector, empty keys dropped,
-- description trimmed, nested fields, non-ASCII escaped like Python's json.dumps).
with

cases as (
    select * from (
        values
        (
            '[{"name": "dt", "type": "timestamp"}, {"name": "customer_id", "type": "decimal(20,0)"}, {"name": "total_spent", "type": "float"}]',
            '[{"name": "dt", "type": "timestamp"}, {"name": "customer_id", "type": "decimal(20,0)"}, {"name": "total_spent", "type": "float"}]',
            '8b577785-202a-5795-bce2-d9dd0f6d54f6'
        ),
        (
            '[{"name":"dt","type":"","description":"  ","fields":[]}]',
            '[{"name": "dt"}]',
            cast(null as string)
        ),
        (
            '[{"name":"s","type":"struct","fields":[{"description":" inner ","name":"a","type":"int"}]}]',
            '[{"name": "s", "type": "struct", "fields": [{"name": "a", "type": "int", "description": "inner"}]}]',
            cast(null as string)
        ),
        (
            '[{"name":"café 😀","type":"str' || chr(92) || '"ing"}]',
            '[{"name": "caf' || chr(92) || 'u00e9 ' || chr(92) || 'ud83d' || chr(92) || 'ude00", "type": "str'
            || chr(92) || '"ing"}]',
            cast(null as string)
        )
    ) as t (raw_fields, expected_fields, expected_digest)  -- noqa: AL05
),

final as (
    select
        *,
        {{ lineage_warehouse.schema_fields_json('raw_fields') }} as actual_fields,
        {{ lineage_warehouse.uuid5_url(lineage_warehouse.schema_fields_json('raw_fields', canonical=true)) }}
            as actual_digest
    from cases
)

select * from final
where
    actual_fields is distinct from expected_fields
    or (expected_digest is not null and actual_digest is distinct from expected_digest)
