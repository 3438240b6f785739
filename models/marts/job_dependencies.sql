{#- Declared job dependencies (docs/rules.md "Job hierarchy: dependencies"): from the jobDependencies run facet and
    Airflow's upstream/downstream task ids; the fold is int_job_dependencies. -#}

with

final as (
    select
        from_job_id,
        to_job_id,
        type,
        source,
        first_seen_at,
        last_seen_at
    from {{ ref('int_job_dependencies') }}
)

select * from final
