{#- One row per job and owner named by its ownership facets (docs/rules.md "Facets: owners"). -#}

with

facet_events as (
    {{ lineage_warehouse.select_with_entity_id(ref('int_job_facet_events'), 'job', ref('int_namespace_locations'), 'job_namespace', 'job_name') }}
),

final as (
    {{ lineage_warehouse.fold_owners('facet_events', 'job_id') }}
)

select * from final
