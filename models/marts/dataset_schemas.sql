{#- Dataset schemas (docs/rules.md "Entity: Dataset schema"; §2.4): one row per distinct schema of an input or output
    row; fields normalised (name, type if non-empty, stripped description if non-empty, nested fields if
    non-empty) as JSON text; schema_id = digest = UUIDv5 of the canonical JSON (Appendix A). -#}

with

entry_schemas as (
    select * from {{ ref('int_io_entry_schemas') }}
    where schema_id is not null
),

final as (
    select distinct
        schema_id,
        fields,
        schema_id as digest
    from entry_schemas
)

select * from final
