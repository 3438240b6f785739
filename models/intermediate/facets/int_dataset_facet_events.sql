{#- Every entry of int_event_datasets (an operation event's input or output, a static event's dataset, D16; run_id
    NULL for the latter) that sends one of the dataset facets of the entity marts
    (macros/event_shape.sql dataset_facet_shapes: datasetType, documentation, storage, catalog, hierarchy,
    version, ownership), on the dataset of the entry itself (like its tags, docs/rules.md "Facets: datasets").
    `order_key` is the D1 order of the events, then inputs before outputs and the entry's position, so that the
    latest value wins within one event too. Rows name the dataset by namespace and name; the folds resolve its id.
    Appended by landing batch. -#}
{{ lineage_warehouse.append_batches_config() }}

with

datasets as (
    select
        event_hash,
        landing_batch,
        io_kind,
        io_position,
        namespace,
        name
    from {{ ref('int_event_datasets') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

entries as (
    select * from {{ ref('stg_io_entries') }}
    where
        {{ lineage_warehouse.in_unseen_batch() }}
        and (
            {%- for facet in lineage_warehouse.dataset_facet_shapes() %}
                {{ 'or ' if not loop.first }}{{ lineage_warehouse.facet_present('facets_' ~ lineage_warehouse.snake_case(facet)) }}
            {%- endfor %}
        )
),

events as (
    select
        event_hash,
        event_time,
        event_run_id
    from {{ ref('int_events_classified') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

facets as (
    select
        datasets.event_hash,
        datasets.landing_batch,
        datasets.namespace,
        datasets.name,
        events.event_time,
        events.event_run_id as run_id,
        {{ lineage_warehouse.d1_entry_order_key('events.event_time', 'events.event_hash', 'datasets.io_kind',
            'datasets.io_position') }} as order_key,
        entries.facets_dataset_type__dataset_type as dataset_type,
        entries.facets_dataset_type__sub_type as dataset_subtype,
        entries.facets_documentation__description as description,
        entries.facets_documentation__content_type as description_content_type,
        entries.facets_storage__storage_layer as storage_layer,
        entries.facets_storage__file_format as file_format,
        entries.facets_catalog__framework as catalog_framework,
        entries.facets_catalog__type as catalog_type,
        entries.facets_catalog__name as catalog_name,
        entries.facets_catalog__metadata_uri as catalog_metadata_uri,
        entries.facets_catalog__warehouse_uri as catalog_warehouse_uri,
        entries.facets_catalog__source as catalog_source,
        -- levels from highest to lowest as TYPE:name, joined by '/'; a level without a type or a name is skipped
        nullif({{ lineage_warehouse.transform_join(
            'entries.facets_hierarchy__hierarchy', 'lw_level', "lw_level.type || ':' || lw_level.name", "'/'") }}, '')
            as hierarchy,
        entries.facets_version__dataset_version as version,
        entries.facets_ownership__owners as owners
    from datasets
    inner join entries
        on
            datasets.event_hash = entries.event_hash
            and datasets.io_kind = entries.io_kind
            and datasets.io_position = entries.io_position
    inner join events
        on datasets.event_hash = events.event_hash
),

final as (
    select * from facets
)

select * from final
