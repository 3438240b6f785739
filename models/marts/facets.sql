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

-- one row per entity, facet and event (an event can name a dataset in several entries), its latest order key
facet_event_rows as (
    select
        entity_kind,
        entity_id,
        operation_id,
        facet_container,
        facet_name,
        event_hash,
        event_time,
        max(order_key) as order_key
    from entity_rows
    group by entity_kind, entity_id, operation_id, facet_container, facet_name, event_hash, event_time
),

-- no text in the aggregates: a max_by over the texts keeps every group's text in memory and does not spill
folded as (
    select
        entity_kind,
        entity_id,
        operation_id,
        facet_container,
        facet_name,
        max(order_key) as latest_order_key,
        min(event_time) as first_seen_at,
        max(event_time) as last_seen_at,
        count(*) as event_count
    from facet_event_rows
    group by entity_kind, entity_id, operation_id, facet_container, facet_name
),

latest_rows as (
    select
        folded.*,
        entity_rows.event_hash,
        entity_rows.facet_path
    from folded
    inner join entity_rows
        on
            folded.entity_kind = entity_rows.entity_kind
            and folded.entity_id = entity_rows.entity_id
            and folded.operation_id is not distinct from entity_rows.operation_id
            and folded.facet_container = entity_rows.facet_container
            and folded.facet_name = entity_rows.facet_name
            and folded.latest_order_key = entity_rows.order_key
),

with_texts as (
    select
        latest_rows.entity_kind,
        latest_rows.entity_id,
        latest_rows.operation_id,
        latest_rows.facet_container,
        latest_rows.facet_name,
        facet_texts.facet_text,
        -- of the latest facet: NULL when it has none, even where an earlier one had
        nullif(facet_texts.facet_producer, '') as producer,
        nullif(facet_texts.facet_schema_url, '') as schema_url,
        latest_rows.first_seen_at,
        latest_rows.last_seen_at,
        latest_rows.event_count
    from latest_rows
    inner join facet_texts
        on
            latest_rows.event_hash = facet_texts.event_hash
            and latest_rows.facet_path = facet_texts.facet_path
),

final as (
    select * from with_texts
)

select * from final
