{#- Inputs and outputs at their grain (D2): one row per (io kind, hour bucket, operation, dataset, schema).
    Counters: max of the non-null values (they are cumulative; 0 is a value, D3); output types OR-ed; the
    first and last eventTime that fed the row, and the D1 order key of the last entry that fed it (the last writer
    of a dataset is the output row holding the output entry last in D1 order: int_lineage_dataset_last_writers).
    Refolded by operation (macros/refold_scopes.sql). -#}
{{ lineage_warehouse.refold_config('operation', rebuilt_on=['location_remap', 'retention']) }}
-- depends_on: {{ ref('int_refold_scope') }} (the refold scope, read by the filters of macros/refold_scopes.sql)

with

io_events as (
    select * from {{ ref('int_io_events') }}
    where {{ lineage_warehouse.in_refold_scope('operation_id') }}
),

final as (
    select
        io_kind,
        created_at,
        operation_id,
        dataset_id,
        schema_id,
        min(run_id) as run_id,
        max(num_rows) as num_rows,
        max(num_bytes) as num_bytes,
        max(num_files) as num_files,
        bit_or(output_type_mask) as output_type_mask,
        min(event_time) as first_event_at,
        max(event_time) as last_event_at,
        max({{ lineage_warehouse.d1_entry_order_key('event_time', 'event_hash', 'io_kind', 'io_position') }})
            as last_entry_order,
        {{ lineage_warehouse.refold_partition('operation_id') }} as refold_partition
    from io_events
    group by io_kind, created_at, operation_id, dataset_id, schema_id
)

select * from final
