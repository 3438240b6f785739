{#- The custom facets a host project declares (var lineage_custom_facets; docs/extending.md), as typed columns: one
    row per entity (as in the mart facets) and declared field sent, each typed column the field's latest value of
    its declared type in D1 order (a value not of that type is NULL alone and noted in staging.facet_issues, D5; it
    does not clear an earlier value). No declaration gives no row. A full table, like the mart facets
    (docs/decisions/custom-facets-typed-columns.md). -#}
{%- set latest_values = [] %}
{%- for value_type in lineage_warehouse.custom_field_types() %}
    {%- do latest_values.append(lineage_warehouse.latest_non_null(value_type ~ '_value', 'order_key') ~ ' as '
        ~ value_type ~ '_value') %}
{%- endfor %}

with

facet_events as (
    select * from {{ ref('int_facet_events') }}
),

field_values as (
    select * from {{ ref('stg_custom_facet_fields') }}
),

{{ lineage_warehouse.facet_entity_ctes('facet_events', ref('int_namespace_locations')) }},

with_values as (
    select
        entity_rows.*,
        field_values.field_name,
        field_values.field_type,
        field_values.string_value,
        field_values.bigint_value,
        field_values.double_value,
        field_values.boolean_value
    from entity_rows
    inner join field_values
        on
            entity_rows.event_hash = field_values.event_hash
            and entity_rows.facet_path = field_values.facet_path
),

folded as (
    select
        entity_kind,
        entity_id,
        operation_id,
        facet_container,
        facet_name,
        field_name,
        field_type,
        {{ latest_values | join(',\n        ') }},
        max(event_time) as last_seen_at
    from with_values
    group by entity_kind, entity_id, operation_id, facet_container, facet_name, field_name, field_type
),

final as (
    select * from folded
)

select * from final
