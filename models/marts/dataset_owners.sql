{#- Dataset owners (docs/rules.md "Facets: owners"): one row per dataset and owner named by its ownership facets. -#}

with

facet_events as (
    {{ lineage_warehouse.select_with_entity_id(ref('int_dataset_facet_events'), 'dataset', ref('int_namespace_locations')) }}
),

owners as (
    {{ lineage_warehouse.fold_owners('facet_events', 'dataset_id') }}
),

final as (
    select
        dataset_id,
        owner_name,
        owner_type,
        last_seen_at
    from owners
)

select * from final
