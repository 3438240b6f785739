{#- The schemas the static events declare (D16), shaped like the schema side of int_io_rows so that the schema
    shown for a dataset reads both (int_dataset_current_schemas): one row per (io kind, dataset, schema) with the
    first and last eventTime of the static events that declared it. The dataset is the entry's lineage node, as for
    an input or output row. A DatasetEvent's dataset (io_kind DATASET) ranks with the outputs, a JobEvent's inputs
    and outputs with their kind (docs/decisions/static-events.md). -#}

with

entries as (
    select
        event_hash,
        io_kind,
        io_position,
        node_namespace,
        node_name
    from {{ ref('int_event_datasets') }}
    where is_static
),

schemas as (
    select
        event_hash,
        io_kind,
        io_position,
        schema_id
    from {{ ref('int_io_entry_schemas') }}
    where schema_id is not null
),

events as (
    select
        event_hash,
        event_time
    from {{ ref('int_events_classified') }}
    where event_kind != 'RUN'
),

declared as (
    select
        entries.io_kind,
        {{ lineage_warehouse.dataset_id('locations.location_id', 'entries.node_name') }} as dataset_id,
        schemas.schema_id,
        events.event_time
    from entries
    inner join schemas
        on
            entries.event_hash = schemas.event_hash
            and entries.io_kind = schemas.io_kind
            and entries.io_position = schemas.io_position
    inner join events
        on entries.event_hash = events.event_hash
    {{ lineage_warehouse.dataset_location_join('locations', 'entries.node_namespace') }}
),

final as (
    select
        io_kind,
        dataset_id,
        schema_id,
        min(event_time) as first_event_at,
        max(event_time) as last_event_at
    from declared
    group by io_kind, dataset_id, schema_id
)

select * from final
