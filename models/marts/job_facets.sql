{#- Job facets (docs/rules.md "Facets: jobs"): one row per job that sent one of them, each field its latest
    non-null value in D1 order. -#}

with

facet_events as (
    {{ lineage_warehouse.select_with_entity_id(ref('int_job_facet_events'), 'job', ref('int_namespace_locations'), 'job_namespace', 'job_name') }}
),

facets as (
    {{ lineage_warehouse.fold_latest_facet_fields('facet_events', 'job_id', [
        'description', 'description_content_type', 'source_code_language', 'source_code_type', 'source_code_url',
        'source_code_path', 'repo_url', 'version']) }}
),

final as (
    select
        job_id,
        description,
        description_content_type,
        source_code_language,
        source_code_type,
        source_code_url,
        source_code_path,
        repo_url,
        version,
        updated_at
    from facets
)

select * from final
