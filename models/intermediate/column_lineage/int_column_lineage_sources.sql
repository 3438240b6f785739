{#- The per-event part of int_column_lineage_events (§8.1): each column relation of an operation event with its
    operation, its source dataset as named (before any Spark swap) and its target, the lineage node of the output
    entry it belongs to, each by namespace and name (int_column_lineage_events resolves their ids). Appended by
    landing batch. -#}
{{ lineage_warehouse.append_batches_config() }}

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
    select * from {{ ref('int_column_lineage_fields') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

outputs as (
    select
        outputs.event_hash,
        outputs.io_position,
        outputs.node_namespace as target_namespace,
        outputs.node_name as target_name
    from {{ ref('int_event_datasets') }} as outputs
    where {{ lineage_warehouse.in_unseen_batch('outputs.landing_batch') }} and outputs.io_kind = 'OUTPUT'
),

final as (
    select
        relations.event_hash,
        events.landing_batch,
        events.operation_id,
        events.event_time,
        relations.source_namespace,
        relations.source_name,
        outputs.target_namespace,
        outputs.target_name,
        relations.source_column,
        relations.target_column,
        relations.type_flag
    from relations
    inner join events
        on relations.event_hash = events.event_hash
    inner join outputs
        on relations.event_hash = outputs.event_hash and relations.io_position = outputs.io_position
)

select * from final
