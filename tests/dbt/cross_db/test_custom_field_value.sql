-- custom_field_value (macros/custom_facets.sql), the typed read of a declared custom facet's field, on both
-- engines: a value of the declared type is read, one of another JSON type (or out of the type's range) is NULL, as
-- are JSON null and a missing field.
with

cases as (
    select * from (
        values
        ('{"f": "CC-7"}', 'CC-7', cast(null as bigint), cast(null as double), cast(null as boolean)),
        ('{"f": "12"}', '12', null, null, null),
        ('{"f": "true"}', 'true', null, null, null),
        ('{"f": 12}', null, 12, 12.0, null),
        ('{"f": -900719925474099}', null, -900719925474099, -900719925474099.0, null),
        ('{"f": 1234567890123456789}', null, null, 1234567890123456789.0, null),
        ('{"f": 0.25}', null, null, 0.25, null),
        ('{"f": -1.5e3}', null, null, -1500.0, null),
        ('{"f": true}', null, null, null, true),
        ('{"f": false}', null, null, null, false),
        ('{"f": null}', null, null, null, null),
        ('{"f": {"k": 1}}', null, null, null, null),
        ('{"f": [1]}', null, null, null, null),
        ('{"g": 1}', null, null, null, null)
    ) as t (doc, as_string, as_bigint, as_double, as_boolean)  -- noqa: AL05
),

final as (
    select
        *,
        {{ lineage_warehouse.custom_field_value('doc', 'f', 'string') }} as read_string,
        {{ lineage_warehouse.custom_field_value('doc', 'f', 'bigint') }} as read_bigint,
        {{ lineage_warehouse.custom_field_value('doc', 'f', 'double') }} as read_double,
        {{ lineage_warehouse.custom_field_value('doc', 'f', 'boolean') }} as read_boolean
    from cases
)

select * from final
where
    read_string is distinct from as_string
    or read_bigint is distinct from as_bigint
    or read_double is distinct from as_double
    or read_boolean is distinct from as_boolean
