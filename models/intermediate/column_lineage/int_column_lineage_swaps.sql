{#- The Spark swaps (§8.1) each operation made within each landing batch: per operation, physical dataset and
    table, each by namespace and name, its latest swapping event in D1 order (`order_key`). int_column_lineage_events
    resolves the datasets' ids and keeps, per operation and physical dataset, the table of the latest swap over all
    batches. Appended by landing batch; rebuilt from every batch when retention trims. -#}
{{ lineage_warehouse.append_batches_config(rebuilt_on=['retention']) }}

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
        entries.namespace as physical_namespace,
        entries.name as physical_name,
        entries.node_namespace as table_namespace,
        entries.node_name as table_name
    from {{ ref('int_event_datasets') }} as entries
    inner join events
        on entries.event_hash = events.event_hash
    where {{ lineage_warehouse.in_unseen_batch('entries.landing_batch') }} and entries.is_swapped
),

final as (
    select
        landing_batch,
        operation_id,
        physical_namespace,
        physical_name,
        table_namespace,
        table_name,
        max(order_key) as order_key
    from swapped_entries
    group by landing_batch, operation_id, physical_namespace, physical_name, table_namespace, table_name
)

select * from final
