{#- One row per job and owner named by its ownership facets (docs/rules.md "Facets: owners"). -#}

with

facet_events as (
    select * from {{ ref('int_job_facet_events') }}
),

final as (
    {{ lineage_warehouse.fold_owners('facet_events', 'job_id') }}
)

select * from final
