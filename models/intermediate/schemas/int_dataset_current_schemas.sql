{#- The schema shown for a dataset (lineage.md "Schema shown for a dataset"): output rows preferred, input
    rows otherwise; the schema of the newest row; EXACT_MATCH when the oldest and the newest row carry the
    same schema, LATEST_KNOWN otherwise. Only rows with a schema count. Rows are ordered by their last
    (newest) or first (oldest) eventTime, then by schema id, so ties are deterministic. The schemas static events
    declare (D16) are rows too, one per (io kind, dataset, schema) at the first and last eventTime of the static
    events that declared it, on the entry's lineage node: a DatasetEvent's dataset (io_kind DATASET) ranks with the
    outputs, a JobEvent's inputs and outputs with their kind (docs/decisions/static-events.md). -#}

with

io_rows as (
    select
        io_kind,
        dataset_id,
        schema_id,
        first_event_at,
        last_event_at
    from {{ ref('int_io_rows') }}
),

static_entries as (
    select
        event_hash,
        io_kind,
        io_position,
        node_namespace,
        node_name
    from {{ ref('int_event_datasets') }}
    where is_static
),

entry_schemas as (
    select
        event_hash,
        io_kind,
        io_position,
        schema_id
    from {{ ref('int_io_entry_schemas') }}
    where schema_id is not null
),

static_events as (
    select
        event_hash,
        event_time
    from {{ ref('int_events_classified') }}
    where event_kind != 'RUN'
),

static_declarations as (
    select
        static_entries.io_kind,
        {{ lineage_warehouse.dataset_id('locations.location_id', 'static_entries.node_name') }} as dataset_id,
        entry_schemas.schema_id,
        static_events.event_time
    from static_entries
    inner join entry_schemas
        on
            static_entries.event_hash = entry_schemas.event_hash
            and static_entries.io_kind = entry_schemas.io_kind
            and static_entries.io_position = entry_schemas.io_position
    inner join static_events
        on static_entries.event_hash = static_events.event_hash
    {{ lineage_warehouse.dataset_location_join(ref('int_namespace_locations'), 'locations', 'static_entries.node_namespace') }}
),

static_rows as (
    select
        io_kind,
        dataset_id,
        schema_id,
        min(event_time) as first_event_at,
        max(event_time) as last_event_at
    from static_declarations
    group by io_kind, dataset_id, schema_id
),

schema_rows as (
    select * from io_rows
    union all
    select * from static_rows
),

rows_with_schema as (
    select
        dataset_id,
        schema_id,
        first_event_at,
        last_event_at,
        case when io_kind = 'INPUT' then 1 else 0 end as preference
    from schema_rows
    where schema_id is not null and dataset_id is not null
),

preferred as (
    select
        *,
        min(preference) over (partition by dataset_id) as best_preference
    from rows_with_schema
),

ranked as (
    select
        dataset_id,
        schema_id,
        row_number() over (partition by dataset_id order by last_event_at desc, schema_id desc) as newest_rank,
        row_number() over (partition by dataset_id order by first_event_at asc, schema_id asc) as oldest_rank
    from preferred
    where preference = best_preference
),

final as (
    select
        newest.dataset_id,
        newest.schema_id,
        case when newest.schema_id = oldest.schema_id then 'EXACT_MATCH' else 'LATEST_KNOWN' end as schema_relevance
    from ranked as newest
    inner join ranked as oldest
        on newest.dataset_id = oldest.dataset_id and oldest.oldest_rank = 1
    where newest.newest_rank = 1
)

select * from final
