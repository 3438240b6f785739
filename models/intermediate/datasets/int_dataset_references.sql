{#- Every dataset reference an event makes (§2.1: datasets are created for every reference), by its natural
    key (namespace, name): input/output entries (IO), their Spark TABLE nodes (NODE), symlink identifiers
    (SYMLINK) and column-lineage sources (COLUMN_SOURCE). Names are already rewritten per integration; the
    location and the dataset id are resolved by the fold (int_datasets). Appended by landing batch. -#}
{{ lineage_warehouse.append_batches_config() }}

with

events as (
    select
        event_hash,
        landing_batch,
        event_time
    from {{ ref('int_events_classified') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

references_by_kind as (
    select
        event_hash,
        'IO' as reference_kind,
        namespace,
        name
    from {{ ref('int_event_datasets') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
    union all
    select
        event_hash,
        'NODE' as reference_kind,
        node_namespace as namespace,
        node_name as name
    from {{ ref('int_event_datasets') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and is_swapped
    union all
    select
        event_hash,
        'SYMLINK' as reference_kind,
        identifier_namespace as namespace,
        identifier_name as name
    from {{ ref('int_symlink_identifiers') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and skip_reason is null
    union all
    select
        event_hash,
        'COLUMN_SOURCE' as reference_kind,
        source_namespace as namespace,
        source_name as name
    from {{ ref('int_column_lineage_fields') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

final as (
    select
        references_by_kind.event_hash,
        events.landing_batch,
        events.event_time,
        references_by_kind.reference_kind,
        references_by_kind.namespace,
        references_by_kind.name
    from references_by_kind
    inner join events
        on references_by_kind.event_hash = events.event_hash
)

select * from final
