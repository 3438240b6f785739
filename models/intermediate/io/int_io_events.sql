{#- One row per input/output entry of every operation event (§7.1): its operation, run, dataset (the lineage
    node, after the Spark swap), schema, hour bucket (§7.2), statistics (§7.3 with D3, D4) and, for outputs,
    the output type (§7.4, D10; StarRocks: docs/rules.md "StarRocks"). The type an operation's SQL implies (§7.4
    step 3 with D10) is the leftmost write keyword of its normalised SQL once comments and quoted literals are
    removed, else ALTER; StarRocks reads the first word instead; the operation's SQL (latest non-null, D1) decides
    for all its events, and no SQL says nothing. Run-level events contribute nothing (kept as in the reference). The per-event part is parsed once in int_io_entry_facts; this model joins it to the
    folds (operations, locations), which a later event may change. Refolded by operation (macros/refold_scopes.sql): an operation that changes run
    does so by an event of its own, so only remaps and retention rebuild it. -#}
{{ lineage_warehouse.refold_config('operation', rebuilt_on=['location_remap', 'retention']) }}
-- depends_on: {{ ref('int_refold_scope') }} (the refold scope, read by the filters of macros/refold_scopes.sql)

with

entries as (
    select * from {{ ref('int_io_entry_facts') }}
    where {{ lineage_warehouse.in_refold_scope('operation_id') }}
),

operations as (
    select
        operation_id,
        created_at,
        run_id,
        sql_query
    from {{ ref('int_operations') }}
    where {{ lineage_warehouse.in_refold_scope('operation_id') }}
),

sql_types as (
    select
        operation_id,
        {{ lineage_warehouse.output_type_from_sql('sql_query') }} as sql_output_type_mask,
        {{ lineage_warehouse.output_type_from_sql_prefix('sql_query') }} as sql_prefix_output_type_mask
    from operations
    where sql_query is not null
),

schemas as (
    select * from {{ ref('int_io_entry_schemas') }}
),

final as (
    select
        entries.event_hash,
        entries.io_kind,
        entries.io_position,
        entries.event_time,
        {{ lineage_warehouse.hour_bucket('operations.created_at', 'entries.event_time') }} as created_at,
        entries.operation_id,
        operations.run_id,
        {{ lineage_warehouse.dataset_id('locations.location_id', 'entries.node_name') }} as dataset_id,
        schemas.schema_id,
        entries.num_rows,
        entries.num_bytes,
        entries.num_files,
        entries.rows_text,
        entries.bytes_text,
        entries.files_text,
        entries.lifecycle_change,
        case
            when entries.io_kind = 'INPUT' then null
            when entries.extractor = 'HIVE' then entries.hive_output_type
            when entries.extractor = 'STARROCKS'
                then coalesce(sql_types.sql_prefix_output_type_mask, entries.default_output_type)
            else coalesce(entries.lifecycle_output_type, sql_types.sql_output_type_mask, entries.default_output_type)
        end as output_type_mask,
        {{ lineage_warehouse.refold_partition('entries.operation_id') }} as refold_partition
    from entries
    inner join operations
        on entries.operation_id = operations.operation_id
    left join sql_types
        on entries.operation_id = sql_types.operation_id
    left join schemas
        on
            entries.event_hash = schemas.event_hash
            and entries.io_kind = schemas.io_kind
            and entries.io_position = schemas.io_position
    {{ lineage_warehouse.dataset_location_join(ref('int_namespace_locations'), 'locations', 'entries.node_namespace') }}
)

select * from final
