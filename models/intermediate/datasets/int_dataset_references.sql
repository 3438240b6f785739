{#- Every dataset reference an event makes (§2.1: datasets are created for every reference), with its
    location and dataset id: input/output entries (IO), their Spark TABLE nodes (NODE), symlink identifiers
    (SYMLINK) and column-lineage sources (COLUMN_SOURCE). Names are already rewritten per integration. -#}

with

events as (
    select
        event_hash,
        event_time
    from {{ ref('int_events_classified') }}
),

references_by_kind as (
    select
        event_hash,
        'IO' as reference_kind,
        namespace,
        name
    from {{ ref('int_event_datasets') }}
    union all
    select
        event_hash,
        'NODE' as reference_kind,
        node_namespace as namespace,
        node_name as name
    from {{ ref('int_event_datasets') }}
    where is_swapped
    union all
    select
        event_hash,
        'SYMLINK' as reference_kind,
        identifier_namespace as namespace,
        identifier_name as name
    from {{ ref('int_symlink_identifiers') }}
    where skip_reason is null
    union all
    select
        event_hash,
        'COLUMN_SOURCE' as reference_kind,
        source_namespace as namespace,
        source_name as name
    from {{ ref('int_column_lineage_fields') }}
),

final as (
    select
        references_by_kind.event_hash,
        events.event_time,
        references_by_kind.reference_kind,
        references_by_kind.namespace,
        references_by_kind.name,
        locations.location_id,
        {{ lineage_warehouse.dataset_id('locations.location_id', 'references_by_kind.name') }} as dataset_id
    from references_by_kind
    inner join events
        on references_by_kind.event_hash = events.event_hash
    {{ lineage_warehouse.dataset_location_join('locations', 'references_by_kind.namespace') }}
)

select * from final
