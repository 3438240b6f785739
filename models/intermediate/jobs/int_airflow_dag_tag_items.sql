{#- The items of Airflow's dag.tags (§3.3), one row per event and item: from a JSON array, or from a text holding
    a Python or JSON list literal (older providers send str(list)); texts that are not a list are dropped with
    their facet in int_run_event_facets (D5). Only the facet the event's extractor reads is used. Appended by
    landing batch. -#}
{{ lineage_warehouse.append_batches_config() }}

with

facets as (
    select
        event_hash,
        landing_batch,
        dag_tags,
        dag_tags_kind,
        dag_tag_array
    from {{ ref('int_run_event_facets') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and dag_tags is not null
),

array_items as (
    select
        facets.event_hash,
        facets.landing_batch,
        items.pos as position,
        items.value as item
    from facets
    {{ lineage_warehouse.explode_array('facets.dag_tag_array', 'items') }}
    where facets.dag_tags_kind = 'array'
),

literal_items as (
    select
        facets.event_hash,
        facets.landing_batch,
        items.pos as position,
        {{ lineage_warehouse.python_string_item_text('items.value') }} as item
    from facets
    {{ lineage_warehouse.explode_array(lineage_warehouse.regex_extract_all('facets.dag_tags',
        lineage_warehouse.python_string_item_pattern()), 'items') }}
    where facets.dag_tags_kind = 'literal'
),

final as (
    select * from array_items
    union all
    select * from literal_items
)

select * from final
