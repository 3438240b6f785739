{#- One row per dataset and owner named by its ownership facets (docs/rules.md "Facets: owners"). -#}

with

facet_events as (
    {{ lineage_warehouse.select_with_entity_id(ref('int_dataset_facet_events'), 'dataset', ref('int_namespace_locations')) }}
),

final as (
    {{ lineage_warehouse.fold_owners('facet_events', 'dataset_id') }}
)

select * from final
