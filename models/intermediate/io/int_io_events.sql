{#- One row per input/output entry of every operation event (§7.1): its operation, run, dataset (the lineage
    node, after the Spark swap), schema, hour bucket (§7.2), statistics (§7.3 with D3, D4) and, for outputs,
    the output type (§7.4, D10). Run-level events contribute nothing (kept as in the reference). -#}

with

events as (
    select
        event_hash,
        event_time,
        run_id as operation_id,
        extractor,
        {{ lineage_warehouse.json_get('payload', ['run', 'facets', 'hive_query', 'operationName']) }}
            as hive_operation
    from {{ ref('int_events_classified') }}
    where is_operation_event
),

operations as (
    select
        operation_id,
        created_at,
        run_id
    from {{ ref('int_operations') }}
),

sql_types as (
    select * from {{ ref('int_sql_output_types') }}
),

schemas as (
    select * from {{ ref('int_io_entry_schemas') }}
),

entries as (
    select
        entries.event_hash,
        entries.io_kind,
        entries.io_position,
        entries.node_namespace,
        entries.node_name,
        events.event_time,
        events.operation_id,
        events.extractor,
        events.hive_operation,
        {{ lineage_warehouse.json_get('entries.facets', ['lifecycleStateChange', 'lifecycleStateChange']) }}
            as lifecycle_change,
        case entries.io_kind
            when 'INPUT' then {{ lineage_warehouse.json_get('entries.input_facets', ['inputStatistics']) }}
            else {{ lineage_warehouse.json_get('entries.output_facets', ['outputStatistics']) }}
        end as statistics
    from {{ ref('int_event_datasets') }} as entries
    inner join events
        on entries.event_hash = events.event_hash
),

measured as (
    select
        *,
        {{ lineage_warehouse.json_get('statistics', ['rowCount']) }} as rows_text,
        {{ lineage_warehouse.json_get('statistics', ['size']) }} as bytes_text,
        {{ lineage_warehouse.json_get('statistics', ['fileCount']) }} as files_text,
        {{ lineage_warehouse.output_type_from_hive('hive_operation') }} as hive_output_type,
        {{ lineage_warehouse.output_type_from_lifecycle('lifecycle_change') }} as lifecycle_output_type,
        {{ lineage_warehouse.output_type_default('extractor') }} as default_output_type
    from entries
),

final as (
    select
        measured.event_hash,
        measured.io_kind,
        measured.io_position,
        measured.event_time,
        {{ lineage_warehouse.hour_bucket('operations.created_at', 'measured.event_time') }} as created_at,
        measured.operation_id,
        operations.run_id,
        {{ lineage_warehouse.dataset_id('locations.location_id', 'measured.node_name') }} as dataset_id,
        schemas.schema_id,
        {{ lineage_warehouse.statistic('measured.rows_text') }} as num_rows,
        {{ lineage_warehouse.statistic('measured.bytes_text') }} as num_bytes,
        {{ lineage_warehouse.statistic('measured.files_text') }} as num_files,
        measured.rows_text,
        measured.bytes_text,
        measured.files_text,
        measured.lifecycle_change,
        case
            when measured.io_kind = 'INPUT' then null
            when measured.extractor = 'HIVE' then measured.hive_output_type
            else coalesce(measured.lifecycle_output_type, sql_types.sql_output_type_mask, measured.default_output_type)
        end as output_type_mask
    from measured
    inner join operations
        on measured.operation_id = operations.operation_id
    left join sql_types
        on measured.operation_id = sql_types.operation_id
    left join schemas
        on
            measured.event_hash = schemas.event_hash
            and measured.io_kind = schemas.io_kind
            and measured.io_position = schemas.io_position
    {{ lineage_warehouse.dataset_location_join('locations', 'measured.node_namespace') }}
)

select * from final
