{#- Job owners (docs/rules.md "Facets: owners"): one row per job and owner named by its ownership facets. -#}

with

facet_events as (
    {{ lineage_warehouse.select_with_entity_id(ref('int_job_facet_events'), 'job', ref('int_namespace_locations'), 'job_namespace', 'job_name') }}
),

owners as (
    {{ lineage_warehouse.fold_owners('facet_events', 'job_id') }}
),

final as (
    select
        job_id,
        owner_name,
        owner_type,
        last_seen_at
    from owners
)

select * from final
