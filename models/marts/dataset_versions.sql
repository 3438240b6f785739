{#- Dataset versions (docs/rules.md "Facets: dataset versions"). -#}

with

final as (
    select
        dataset_id,
        version,
        first_seen_at,
        last_seen_at,
        first_run_id,
        last_run_id
    from {{ ref('int_dataset_versions') }}
)

select * from final
