{#- The dataset references the events of each landing batch make (§2.1: datasets are created for every
    reference), by their natural key (namespace, name): input/output entries (IO), their Spark TABLE nodes (NODE),
    symlink identifiers (SYMLINK) and column-lineage sources (COLUMN_SOURCE). Names are already rewritten per
    integration; the location and the dataset id are resolved by the fold (the mart datasets). One row per (landing
    batch, reference kind, namespace, name): the batch's first reference in D1 order (event_time, event_hash)
    and its last eventTime, all that int_dataset_batch_firsts folds (events make many references to few such
    keys). Appended by landing batch; a per-batch fold has no event key, so after a
    retention trim it is rebuilt from the retained events (macros/fold_rebuilds.sql). -#}
{{ lineage_warehouse.append_batches_config(rebuilt_on=['retention']) }}

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

dated_references as (
    select
        references_by_kind.event_hash,
        events.landing_batch,
        events.event_time,
        references_by_kind.reference_kind,
        references_by_kind.namespace,
        references_by_kind.name,
        {{ lineage_warehouse.d1_order_key('events.event_time', 'references_by_kind.event_hash') }} as order_key
    from references_by_kind
    inner join events
        on references_by_kind.event_hash = events.event_hash
),

final as (
    select
        landing_batch,
        reference_kind,
        namespace,
        name,
        min_by(event_time, order_key) as event_time,
        min_by(event_hash, order_key) as event_hash,
        max(event_time) as last_seen_at
    from dated_references
    group by landing_batch, reference_kind, namespace, name
)

select * from final
