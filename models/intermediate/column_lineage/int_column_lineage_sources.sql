{#- The per-event part of int_column_lineage_events (§8.1): each column relation of an operation event with its
    operation, its source dataset as named (before any Spark swap) and its target, the lineage node of the output
    entry it belongs to. Appended by landing batch; rebuilt from every batch when a namespace moves to another
    location or retention trims (dataset ids). -#}
{{ lineage_warehouse.append_batches_config(rebuilt_on=['location_remap', 'retention']) }}

with

events as (
    select
        event_hash,
        landing_batch,
        event_time,
        run_id as operation_id
    from {{ ref('int_events_classified') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and is_operation_event
),

relations as (
    select * from {{ ref('int_column_lineage_relations') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

outputs as (
    select
        outputs.event_hash,
        outputs.io_position,
        {{ lineage_warehouse.dataset_id('node_locations.location_id', 'outputs.node_name') }} as target_dataset_id
    from {{ ref('int_event_datasets') }} as outputs
    {{ lineage_warehouse.dataset_location_join('node_locations', 'outputs.node_namespace') }}
    where {{ lineage_warehouse.in_unseen_batch('outputs.landing_batch') }} and outputs.io_kind = 'OUTPUT'
),

final as (
    select
        relations.event_hash,
        events.landing_batch,
        events.operation_id,
        events.event_time,
        {{ lineage_warehouse.dataset_id('source_locations.location_id', 'relations.source_name') }}
            as named_source_dataset_id,
        outputs.target_dataset_id,
        relations.source_column,
        relations.target_column,
        relations.type_flag
    from relations
    inner join events
        on relations.event_hash = events.event_hash
    inner join outputs
        on relations.event_hash = outputs.event_hash and relations.io_position = outputs.io_position
    {{ lineage_warehouse.dataset_location_join('source_locations', 'relations.source_namespace') }}
)

select * from final
