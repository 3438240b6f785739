{#- Datasets (docs/rules.md "Entity: Dataset"; §2.1 identity and names; docs/rules.md "Lineage: Schema shown for a
    dataset"): one row per dataset, key (location, lower(name)); the first spelling seen (D1 order) is kept; first
    and last time an event referred to it. Folded from each batch's first spelling and times
    (int_dataset_batch_firsts, per namespace and name), each resolved to its location and dataset id here. -#}

with

batch_firsts as (
    {{ lineage_warehouse.select_with_entity_id(ref('int_dataset_batch_firsts'), 'dataset', ref('int_namespace_locations')) }}
),

schemas as (
    select * from {{ ref('int_dataset_current_schemas') }}
),

ranked as (
    select
        dataset_id,
        location_id,
        name,
        row_number() over (partition by dataset_id order by event_time, event_hash, name) as spelling_rank,
        min(first_seen_at) over (partition by dataset_id) as first_seen_at,
        max(last_seen_at) over (partition by dataset_id) as last_seen_at
    from batch_firsts
),

final as (
    select
        ranked.dataset_id,
        ranked.location_id,
        ranked.name,
        schemas.schema_id,
        schemas.schema_relevance,
        ranked.first_seen_at,
        ranked.last_seen_at
    from ranked
    left join schemas
        on ranked.dataset_id = schemas.dataset_id
    where ranked.spelling_rank = 1
)

select * from final
