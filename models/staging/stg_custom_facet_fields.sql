{#- The fields of the custom facets a host project declares (var lineage_custom_facets, macros/custom_facets.sql),
    one row per sent field (not absent, not JSON null) of every declared facet an event carries: its JSON text as
    json_get reads it and its value in the typed column of its declared type (custom_field_value), the other typed
    columns NULL. A value not of its declared type is NULL alone and `problem` names it (D5: not_a_string,
    not_a_bigint, not_a_double, not_a_boolean; staging.facet_issues shows it at the field's path); the facet's
    other fields are kept. Read from the facets' texts in stg_event_facets; no declaration gives no row. A view:
    a declaration added or changed later applies to every event already landed, with no rebuild
    (docs/decisions/custom-facets-typed-columns.md). -#}
{{ config(materialized='view') }}

{%- set declared = [] %}
{%- for declaration in lineage_warehouse.custom_facet_declarations() %}
    {%- for field, type in declaration.fields.items() %}
        {%- do declared.append((declaration.container, declaration.facet, field, type)) %}
    {%- endfor %}
{%- endfor %}
{%- set types = lineage_warehouse.custom_field_types() %}

with

facets as (
    select
        event_hash,
        landing_batch,
        facet_container,
        facet_path,
        facet_name,
        facet_text
    from {{ ref('stg_event_facets') }}
    where
        (
            1 = 0
            {%- for container, facet, field, type in declared %}
                or (facet_container = '{{ container }}' and facet_name = {{ lineage_warehouse.sql_string(facet) }})
            {%- endfor %}
        )
),

-- one select per declared field, its value in the column of its type
fields as (
    {%- for container, facet, field, type in declared + [(none, none, none, none)] %}
        select
            event_hash,
            landing_batch,
            facet_container,
            facet_path,
            facet_name,
            {%- if field is none %}
                cast(null as string) as field_name,
                cast(null as string) as field_type,
                cast(null as string) as field_text,
                {%- for value_type in types %}
                    cast(null as {{ value_type }}) as {{ value_type }}_value{{ ',' if not loop.last }}
                {%- endfor %}
            from facets
            where 1 = 0
            {%- else %}
                {{ lineage_warehouse.sql_string(field) }} as field_name,
                '{{ type }}' as field_type,
                {{ lineage_warehouse.json_get('facet_text', [field]) }} as field_text,
                {%- for value_type in types %}
                    {%- if value_type == type %}
                        {{ lineage_warehouse.custom_field_value('facet_text', field, type) }} as {{ value_type }}_value
                    {%- else %}
                        cast(null as {{ value_type }}) as {{ value_type }}_value
                    {%- endif %}{{ ',' if not loop.last }}
                {%- endfor %}
            from facets
            where facet_container = '{{ container }}' and facet_name = {{ lineage_warehouse.sql_string(facet) }}
            union all
            {%- endif %}
    {%- endfor %}
),

final as (
    select
        *,
        case
            when
                {%- for value_type in types %}
                    {{ 'and ' if not loop.first }}{{ value_type }}_value is null
                {%- endfor %}
                then 'not_a_' || field_type
        end as problem
    from fields
    where field_text is not null
)

select * from final
