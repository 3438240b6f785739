{#- The first reference (D1 order: event_time, event_hash) to each location address within each landing batch:
    what int_location_addresses ranks to name a fused location, so that it ranks one row per address and
    batch. It ranks int_location_references, whose rows are already each namespace's first reference in the
    batch. Appended by landing batch; rebuilt from every batch after a retention trim (the first reference of a
    batch may have expired). -#}
{{ lineage_warehouse.append_batches_config(rebuilt_on=['retention']) }}

with

location_refs as (
    select
        landing_batch,
        location_address,
        location_type,
        location_name,
        event_time,
        event_hash
    from {{ ref('int_location_references') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

ranked as (
    select
        *,
        row_number() over (
            partition by landing_batch, location_address
            order by event_time, event_hash, location_type, location_name
        ) as reference_rank
    from location_refs
),

final as (
    select
        landing_batch,
        location_address,
        location_type,
        location_name,
        event_time,
        event_hash
    from ranked
    where reference_rank = 1
)

select * from final
