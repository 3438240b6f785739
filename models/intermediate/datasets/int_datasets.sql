{#- One row per dataset (§2.1): key (location, lower(name)); the first spelling seen (D1 order) is kept;
    first and last time an event referred to it. Folded from each batch's first spelling and times
    (int_dataset_batch_firsts, per namespace and name), each resolved to its location and dataset id here. -#}

with

batch_firsts as (
    {{ lineage_warehouse.select_with_entity_id(ref('int_dataset_batch_firsts'), 'dataset', ref('int_namespace_locations')) }}
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
        dataset_id,
        location_id,
        name,
        first_seen_at,
        last_seen_at
    from ranked
    where spelling_rank = 1
)

select * from final
