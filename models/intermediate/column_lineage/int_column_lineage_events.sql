{#- Column relations of operation events with their datasets (§8.1): the target is the output's lineage node
    (after the Spark swap); the source is the input field's dataset, except that a source which is the
    physical dataset of a Spark swap made in the same operation's events resolves to that table (the
    set-based form of the reference's per-batch cache; if one operation swapped it to several tables, the
    table of its latest event in D1 order wins). -#}

with

relations as (
    select * from {{ ref('int_column_lineage_relations') }}
),

events as (
    select
        event_hash,
        event_time,
        run_id as operation_id,
        {{ lineage_warehouse.d1_order_key('event_time', 'event_hash') }} as order_key
    from {{ ref('int_events_classified') }}
    where is_operation_event
),

entries as (
    select
        entries.event_hash,
        entries.io_kind,
        entries.io_position,
        entries.is_swapped,
        events.operation_id,
        events.order_key,
        {{ lineage_warehouse.dataset_id('physical_locations.location_id', 'entries.name') }} as physical_dataset_id,
        {{ lineage_warehouse.dataset_id('node_locations.location_id', 'entries.node_name') }} as node_dataset_id
    from {{ ref('int_event_datasets') }} as entries
    inner join events
        on entries.event_hash = events.event_hash
    {{ lineage_warehouse.dataset_location_join('physical_locations', 'entries.namespace') }}
    {{ lineage_warehouse.dataset_location_join('node_locations', 'entries.node_namespace') }}
),

swaps as (
    select
        operation_id,
        physical_dataset_id,
        max_by(node_dataset_id, order_key || node_dataset_id) as table_dataset_id
    from entries
    where is_swapped
    group by operation_id, physical_dataset_id
),

sources as (
    select
        relations.*,
        events.operation_id,
        events.event_time,
        {{ lineage_warehouse.dataset_id('source_locations.location_id', 'relations.source_name') }}
            as named_source_dataset_id
    from relations
    inner join events
        on relations.event_hash = events.event_hash
    {{ lineage_warehouse.dataset_location_join('source_locations', 'relations.source_namespace') }}
),

final as (
    select
        sources.event_hash,
        sources.operation_id,
        sources.event_time,
        coalesce(swaps.table_dataset_id, sources.named_source_dataset_id) as source_dataset_id,
        targets.node_dataset_id as target_dataset_id,
        sources.source_column,
        sources.target_column,
        sources.type_flag
    from sources
    inner join entries as targets
        on
            sources.event_hash = targets.event_hash
            and targets.io_kind = 'OUTPUT'
            and sources.io_position = targets.io_position
    left join swaps
        on
            sources.operation_id = swaps.operation_id
            and sources.named_source_dataset_id = swaps.physical_dataset_id
)

select * from final
