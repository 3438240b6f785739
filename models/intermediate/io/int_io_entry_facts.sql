{#- The per-event part of int_io_events, parsed once per event (appended by landing batch): one row per
    input/output entry of every operation event with its operation, the Hive operation name, the statistics
    (§7.3 with D3, D4) and the three candidate output types that need only the event (§7.4: Hive operation, lifecycle
    change, the integration's default). int_io_events joins these to the folds. -#}
{{ lineage_warehouse.append_batches_config() }}

with

classified_events as (
    select
        event_hash,
        event_time,
        run_id as operation_id,
        extractor
    from {{ ref('int_events_classified') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and is_operation_event
),

payloads as (
    select
        event_hash,
        run_hive_query__operation_name
    from {{ ref('stg_event_payloads') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

events as (
    select
        classified_events.event_hash,
        classified_events.event_time,
        classified_events.operation_id,
        classified_events.extractor,
        payloads.run_hive_query__operation_name as hive_operation
    from classified_events
    inner join payloads
        on classified_events.event_hash = payloads.event_hash
),

entries as (
    select
        entries.event_hash,
        entries.landing_batch,
        entries.io_kind,
        entries.io_position,
        entries.node_namespace,
        entries.node_name,
        events.event_time,
        events.operation_id,
        events.extractor,
        events.hive_operation,
        entries.lifecycle_change,
        entries.rows_text,
        entries.bytes_text,
        entries.files_text
    from {{ ref('int_event_datasets') }} as entries
    inner join events
        on entries.event_hash = events.event_hash
    where {{ lineage_warehouse.in_unseen_batch('entries.landing_batch') }}
),

final as (
    select
        event_hash,
        landing_batch,
        io_kind,
        io_position,
        node_namespace,
        node_name,
        event_time,
        operation_id,
        extractor,
        lifecycle_change,
        rows_text,
        bytes_text,
        files_text,
        {{ lineage_warehouse.statistic('rows_text') }} as num_rows,
        {{ lineage_warehouse.statistic('bytes_text') }} as num_bytes,
        {{ lineage_warehouse.statistic('files_text') }} as num_files,
        {{ lineage_warehouse.output_type_from_hive('hive_operation') }} as hive_output_type,
        {{ lineage_warehouse.output_type_from_lifecycle('lifecycle_change') }} as lifecycle_output_type,
        {{ lineage_warehouse.output_type_default('extractor') }} as default_output_type
    from entries
)

select * from final
