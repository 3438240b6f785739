{#- Every facet, standard or custom (docs/rules.md "Facets: every facet"): one row per entity (int_facet_events:
    a run, an operation, a job, a dataset, or the input or output of an operation) and facet, with the facet's
    latest text in D1 order (scrubbed by D6), its `_producer` and `_schemaURL` from that text, when it was first and
    last sent and by how many events. A full table, like the other facet marts (docs/decisions/facets-mart.md). -#}

with

facet_events as (
    select * from {{ ref('int_facet_events') }}
),

facet_texts as (
    select
        event_hash,
        facet_path,
        facet_text,
        facet_producer,
        facet_schema_url
    from {{ ref('stg_event_facets') }}
),

{{ lineage_warehouse.facet_entity_ctes('facet_events', ref('int_namespace_locations')) }},

with_texts as (
    select
        entity_rows.*,
        facet_texts.facet_text,
        facet_texts.facet_producer,
        facet_texts.facet_schema_url
    from entity_rows
    inner join facet_texts
        on
            entity_rows.event_hash = facet_texts.event_hash
            and entity_rows.facet_path = facet_texts.facet_path
),

folded as (
    select
        entity_kind,
        entity_id,
        operation_id,
        facet_container,
        facet_name,
        {{ lineage_warehouse.latest_non_null('facet_text', 'order_key') }} as facet_text,
        -- of the latest facet: NULL when it has none, even where an earlier one had
        nullif({{ lineage_warehouse.latest_non_null("coalesce(facet_producer, '')", 'order_key') }}, '')
            as producer,
        nullif({{ lineage_warehouse.latest_non_null("coalesce(facet_schema_url, '')", 'order_key') }}, '')
            as schema_url,
        min(event_time) as first_seen_at,
        max(event_time) as last_seen_at,
        count(distinct event_hash) as event_count
    from with_texts
    group by entity_kind, entity_id, operation_id, facet_container, facet_name
),

final as (
    select * from folded
)

select * from final
