{#- The namespaces the events of each landing batch refer to, with the location each names (§1), one row per
    (landing batch, reference kind, namespace): job namespaces (the event's job, its parent's and its root's,
    and the jobs of the job links it declares, int_job_link_facts) and dataset namespaces (input/output entries
    and their lineage nodes, symlink identifiers, column-lineage sources). The row keeps the batch's first
    reference to the namespace in D1 order (event_time, event_hash), which is all its readers ask: the
    distinct namespaces and addresses, and the first reference to each address in each batch
    (int_location_address_firsts). `location_address` is the location's own address; `host` holds its
    comma-separated address pieces (one piece for jobs). A dataset namespace is rewritten once here, as it is
    read (`namespace_read`, docs/rules.md "Dataset names: rewrites"); its type, host and name are parsed from
    that column. Events make many references to few namespaces, so the references are folded before they are
    written, and each namespace is parsed once. A per-batch first has no event key, so after a
    retention trim the model is rebuilt from the retained events (macros/fold_rebuilds.sql). -#}
{{ lineage_warehouse.append_batches_config(rebuilt_on=['retention']) }}

with

events as {{ lineage_warehouse.cte_inlined() }} (
    select * from {{ ref('int_events_classified') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

job_namespaces as (
    select
        event_hash,
        landing_batch,
        event_time,
        job_namespace as namespace
    from events
    union all
    select
        event_hash,
        landing_batch,
        event_time,
        parent_job_namespace as namespace
    from events
    union all
    select
        event_hash,
        landing_batch,
        event_time,
        root_job_namespace as namespace
    from events
    union all
    select
        event_hash,
        landing_batch,
        event_time,
        from_job_namespace as namespace
    from {{ ref('int_job_link_facts') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
    union all
    select
        event_hash,
        landing_batch,
        event_time,
        to_job_namespace as namespace
    from {{ ref('int_job_link_facts') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

dataset_namespaces as (
    select
        event_hash,
        landing_batch,
        namespace
    from {{ ref('int_event_datasets') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
    union all
    select
        event_hash,
        landing_batch,
        node_namespace as namespace
    from {{ ref('int_event_datasets') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
    union all
    select
        event_hash,
        landing_batch,
        identifier_namespace as namespace
    from {{ ref('int_symlink_identifiers') }}
    where {{ lineage_warehouse.in_unseen_batch() }} and skip_reason is null
    union all
    select
        event_hash,
        landing_batch,
        source_namespace as namespace
    from {{ ref('int_column_lineage_fields') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

namespace_references as (
    select
        event_hash,
        landing_batch,
        event_time,
        'job' as reference_kind,
        namespace
    from job_namespaces
    where namespace is not null
    union all
    select
        dataset_namespaces.event_hash,
        dataset_namespaces.landing_batch,
        events.event_time,
        'dataset' as reference_kind,
        dataset_namespaces.namespace
    from dataset_namespaces
    inner join events
        on dataset_namespaces.event_hash = events.event_hash
    where dataset_namespaces.namespace is not null
),

ordered_references as (
    select
        *,
        {{ lineage_warehouse.d1_order_key('event_time', 'event_hash') }} as order_key
    from namespace_references
),

-- D1: the batch's first reference to each namespace
first_references as (
    select
        landing_batch,
        reference_kind,
        namespace,
        min_by(event_time, order_key) as event_time,
        min_by(event_hash, order_key) as event_hash
    from ordered_references
    group by landing_batch, reference_kind, namespace
),

-- each namespace is parsed once, however many batches name it
distinct_namespaces as (
    select distinct
        reference_kind,
        namespace
    from first_references
),

job_locations as (
    select
        reference_kind,
        namespace,
        {{ lineage_warehouse.namespace_type(lineage_warehouse.namespace_read('namespace', 'job')) }} as location_type,
        {{ lineage_warehouse.job_location_name(lineage_warehouse.namespace_read('namespace', 'job')) }} as host
    from distinct_namespaces
    where reference_kind = 'job'
),

dataset_namespaces_read as (
    select
        reference_kind,
        namespace,
        {{ lineage_warehouse.namespace_read('namespace', 'dataset') }} as read_namespace
    from distinct_namespaces
    where reference_kind = 'dataset'
),

dataset_hosts as (
    select
        reference_kind,
        namespace,
        {{ lineage_warehouse.namespace_type('read_namespace') }} as location_type,
        {{ lineage_warehouse.namespace_host('read_namespace') }} as host
    from dataset_namespaces_read
),

dataset_locations as (
    select
        *,
        {{ lineage_warehouse.dataset_location_name_of_host('host') }} as location_name
    from dataset_hosts
),

namespace_locations as (
    select
        reference_kind,
        namespace,
        location_type,
        host as location_name,
        host,
        {{ lineage_warehouse.location_address('location_type', 'host') }} as location_address
    from job_locations
    union all
    select
        reference_kind,
        namespace,
        location_type,
        location_name,
        host,
        {{ lineage_warehouse.location_address('location_type', 'location_name') }} as location_address
    from dataset_locations
),

final as (
    select
        first_references.event_hash,
        first_references.landing_batch,
        first_references.event_time,
        first_references.reference_kind,
        first_references.namespace,
        namespace_locations.location_type,
        namespace_locations.location_name,
        namespace_locations.host,
        namespace_locations.location_address
    from first_references
    inner join namespace_locations
        on
            first_references.reference_kind = namespace_locations.reference_kind
            and first_references.namespace = namespace_locations.namespace
)

select * from final
