{#- Dataset tags (§2.2, D13, as for jobs): one value per dataset and tag, the union over the dataset's input/output
    entries; tag keys and values compare case-insensitively and keep their first spelling; each key keeps the value
    of the latest event (D1 order). The tag events name their dataset by namespace and name; its id is resolved
    here. -#}

with

tag_events as (
    {{ lineage_warehouse.select_with_entity_id(ref('int_dataset_tag_events'), 'dataset', ref('int_namespace_locations')) }}
),

{{ lineage_warehouse.fold_tags_ctes('dataset_id') }}

select * from final
