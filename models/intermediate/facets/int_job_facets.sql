{#- One row per job that sent one of the job facets of job_facets: each field its latest non-null value in D1
    order (docs/rules.md "Facets: jobs"). -#}

with

facet_events as (
    {{ lineage_warehouse.select_with_entity_id(ref('int_job_facet_events'), 'job', ref('int_namespace_locations'), 'job_namespace', 'job_name') }}
),

final as (
    {{ lineage_warehouse.fold_latest_facet_fields('facet_events', 'job_id', [
        'description', 'description_content_type', 'source_code_language', 'source_code_type', 'source_code_url',
        'source_code_path', 'repo_url', 'version']) }}
)

select * from final
