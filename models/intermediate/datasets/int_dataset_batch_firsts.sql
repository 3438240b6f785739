{#- The references of each (namespace, lower(name)) within one landing batch, folded: the first spelling (D1
    order: event_time, event_hash, then name) and the first and last eventTime, so that the mart datasets folds one row
    per namespace, name and batch. It folds int_dataset_references, whose rows are already each spelling's first
    and last reference in the batch. A dataset's namespaces may share a location, so the
    key is finer than the dataset's; datasets ranks these winners per dataset. Appended by landing batch;
    rebuilt from every batch when retention trims events (macros/fold_rebuilds.sql). -#}
{{ lineage_warehouse.append_batches_config(rebuilt_on=['retention']) }}

with

dataset_refs as (
    select
        landing_batch,
        namespace,
        name,
        lower(name) as name_key,
        event_time,
        event_hash,
        last_seen_at as spelling_last_seen_at
    from {{ ref('int_dataset_references') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

ranked as (
    select
        *,
        row_number() over (
            partition by landing_batch, namespace, name_key
            order by event_time, event_hash, name
        ) as spelling_rank,
        min(event_time) over (partition by landing_batch, namespace, name_key) as first_seen_at,
        max(spelling_last_seen_at) over (partition by landing_batch, namespace, name_key) as last_seen_at
    from dataset_refs
),

final as (
    select
        landing_batch,
        namespace,
        name,
        event_time,
        event_hash,
        first_seen_at,
        last_seen_at
    from ranked
    where spelling_rank = 1
)

select * from final
