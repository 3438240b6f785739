{#- Each dataset's references within one landing batch, folded: the first spelling (D1 order: event_time,
    event_hash, then name) and the first and last eventTime, so that int_datasets folds one row per dataset and
    batch instead of every reference. Appended by landing batch; rebuilt from every batch when a namespace
    moves to another location or retention trims events (macros/fold_rebuilds.sql). -#}
{{ lineage_warehouse.append_batches_config(rebuilt_on=['location_remap', 'retention']) }}

with

dataset_refs as (
    select
        landing_batch,
        dataset_id,
        location_id,
        name,
        event_time,
        event_hash
    from {{ ref('int_dataset_references') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

ranked as (
    select
        *,
        row_number() over (
            partition by landing_batch, dataset_id
            order by event_time, event_hash, name
        ) as spelling_rank,
        min(event_time) over (partition by landing_batch, dataset_id) as first_seen_at,
        max(event_time) over (partition by landing_batch, dataset_id) as last_seen_at
    from dataset_refs
),

final as (
    select
        landing_batch,
        dataset_id,
        location_id,
        name,
        event_time,
        event_hash,
        first_seen_at,
        last_seen_at
    from ranked
    where spelling_rank = 1
)

select * from final
