{#- Dataset facets (docs/rules.md "Facets: datasets"): one row per dataset that sent one of them, each field its
    latest non-null value in D1 order. -#}

with

facet_events as (
    {{ lineage_warehouse.select_with_entity_id(ref('int_dataset_facet_events'), 'dataset', ref('int_namespace_locations')) }}
),

facets as (
    {{ lineage_warehouse.fold_latest_facet_fields('facet_events', 'dataset_id', [
        'dataset_type', 'dataset_subtype', 'description', 'description_content_type', 'storage_layer',
        'file_format', 'catalog_framework', 'catalog_type', 'catalog_name', 'catalog_metadata_uri',
        'catalog_warehouse_uri', 'catalog_source', 'hierarchy', 'version']) }}
),

final as (
    select
        dataset_id,
        dataset_type,
        dataset_subtype,
        description,
        description_content_type,
        storage_layer,
        file_format,
        catalog_framework,
        catalog_type,
        catalog_name,
        catalog_metadata_uri,
        catalog_warehouse_uri,
        catalog_source,
        hierarchy,
        version as latest_version,
        updated_at
    from facets
)

select * from final
