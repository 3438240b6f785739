{#- Dataset facets (docs/rules.md "Facets: datasets"): one row per dataset that sent one of them. -#}

with

facets as (
    select * from {{ ref('int_dataset_facets') }}
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
