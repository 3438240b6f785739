{#- The Spark swaps (§8.1) each operation made within each landing batch: per (operation, physical dataset), the
    table of its latest swapping event in D1 order (`swap_order` orders the candidates, so the latest over all
    batches is the greatest). int_column_lineage_events resolves sources with the latest over all batches.
    Appended by landing batch; rebuilt from every batch when a namespace moves to another location or
    retention trims. -#}
{{ lineage_warehouse.append_batches_config(rebuilt_on=['location_remap', 'retention']) }}

with

events as (
    select
        event_hash,
        run_id as operation_id,
        {{ lineage_warehouse.d1_order_key('event_time', 'event_hash') }} as order_key
    from {{ ref('int_events_classified') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and is_operation_event
),

swapped_entries as (
    select
        entries.landing_batch,
        events.operation_id,
        events.order_key,
        {{ lineage_warehouse.dataset_id('physical_locations.location_id', 'entries.name') }} as physical_dataset_id,
        {{ lineage_warehouse.dataset_id('node_locations.location_id', 'entries.node_name') }} as node_dataset_id
    from {{ ref('int_event_datasets') }} as entries
    inner join events
        on entries.event_hash = events.event_hash
    {{ lineage_warehouse.dataset_location_join('physical_locations', 'entries.namespace') }}
    {{ lineage_warehouse.dataset_location_join('node_locations', 'entries.node_namespace') }}
    where {{ lineage_warehouse.in_unseen_batch('entries.landing_batch') }} and entries.is_swapped
),

ordered_swaps as (
    select
        *,
        order_key || node_dataset_id as swap_order
    from swapped_entries
),

final as (
    select
        landing_batch,
        operation_id,
        physical_dataset_id,
        max(swap_order) as swap_order,
        max_by(node_dataset_id, swap_order) as table_dataset_id
    from ordered_swaps
    group by landing_batch, operation_id, physical_dataset_id
)

select * from final
