{#- Job facets (docs/rules.md "Facets: jobs"): one row per job that sent one of them. -#}

with

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
    from {{ ref('int_job_facets') }}
)

select * from final
