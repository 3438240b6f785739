{#- Datasets (docs/rules.md "Entity: Dataset"; §2.1 identity and names; docs/rules.md "Lineage: Schema shown for a
    dataset"). -#}

with

datasets as (
    select * from {{ ref('int_datasets') }}
),

schemas as (
    select * from {{ ref('int_dataset_current_schemas') }}
),

final as (
    select
        datasets.dataset_id,
        datasets.location_id,
        datasets.name,
        schemas.schema_id,
        schemas.schema_relevance,
        datasets.first_seen_at,
        datasets.last_seen_at
    from datasets
    left join schemas
        on datasets.dataset_id = schemas.dataset_id
)

select * from final
