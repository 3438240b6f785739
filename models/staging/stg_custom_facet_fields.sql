{#- The fields of the custom facets a host project declares (var lineage_custom_facets, macros/custom_facets.sql),
    one row per sent field (not absent, not JSON null) of every declared facet an event carries: its JSON text as
    json_get reads it and its value in the typed column of its declared type (custom_field_value), the other typed
    columns NULL. A value not of its declared type is NULL alone and `problem` names it (D5: not_a_string,
    not_a_bigint, not_a_double, not_a_boolean; staging.facet_issues shows it at the field's path); the facet's
    other fields are kept. Read from the facets' texts in stg_event_facets; no declaration gives no row. A view:
    a declaration added or changed later applies to every event already landed, with no rebuild
    (docs/decisions/custom-facets-typed-columns.md). -#}
{{ config(materialized='view') }}

{%- set types = lineage_warehouse.custom_field_types() %}
{%- set no_value = [] %}
{%- for value_type in types %}
    {%- do no_value.append('cast(null as ' ~ value_type ~ ') as ' ~ value_type ~ '_value') %}
{%- endfor %}
{%- set declared = [] %}
{%- set selects = [] %}
{%- for declaration in lineage_warehouse.custom_facet_declarations() %}
    {%- set selected = "facet_container = '" ~ declaration.container ~ "' and facet_name = "
        ~ lineage_warehouse.sql_string(declaration.facet) %}
    {%- do declared.append('(' ~ selected ~ ')') %}
    {%- for field, type in declaration.fields.items() %}
        {%- set values = [] %}
        {%- for value_type in types %}
            {%- if value_type == type %}
                {%- do values.append(lineage_warehouse.custom_field_value('facet_text', field, type) ~ ' as '
                    ~ value_type ~ '_value') %}
            {%- else %}
                {%- do values.append(no_value[loop.index0]) %}
            {%- endif %}
        {%- endfor %}
        {%- do selects.append({'field': lineage_warehouse.sql_string(field), 'type': "'" ~ type ~ "'",
            'text': lineage_warehouse.json_get('facet_text', [field]), 'values': values, 'where': selected}) %}
    {%- endfor %}
{%- endfor %}
{#- the select that gives the columns their types when nothing is declared -#}
{%- do selects.append({'field': 'cast(null as string)', 'type': 'cast(null as string)',
    'text': 'cast(null as string)', 'values': no_value, 'where': '1 = 0'}) %}
{%- set no_typed_value = [] %}
{%- for value_type in types %}
    {%- do no_typed_value.append(value_type ~ '_value is null') %}
{%- endfor %}

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
    where {{ (declared or ['1 = 0']) | join(' or ') }}
),

-- one select per declared field, its value in the column of its type
fields as (
    {%- for part in selects %}
        select
            event_hash,
            landing_batch,
            facet_container,
            facet_path,
            facet_name,
            {{ part.field }} as field_name,
            {{ part.type }} as field_type,
            {{ part.text }} as field_text,
            {{ part['values'] | join(',\n            ') }}
        from facets
        where {{ part.where }}
        {{ 'union all' if not loop.last }}
    {%- endfor %}
),

final as (
    select
        *,
        case when {{ no_typed_value | join(' and ') }} then 'not_a_' || field_type end as problem
    from fields
    where field_text is not null
)

select * from final
