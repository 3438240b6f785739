{#- One row per identifier of the `symlinks` facet of every input/output entry (§2.3). Identifiers with an
    empty namespace or name, or a type other than TABLE/LOCATION, Flink's fake Kafka TABLE identifiers (raw
    namespace starting with kafka://) and identifiers with a reserved name (docs/rules.md "Dataset names:
    reserved") keep their row with a skip_reason: they give no symlink, dataset or location. -#}
{{ lineage_warehouse.append_batches_config() }}

with

entries as (
    select
        event_hash,
        landing_batch,
        extractor,
        io_kind,
        io_position,
        namespace,
        name
    from {{ ref('int_event_datasets') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

identifiers as (
    select
        entries.event_hash,
        entries.landing_batch,
        entries.extractor,
        entries.io_kind,
        entries.io_position,
        entries.namespace as dataset_namespace,
        entries.name as dataset_name,
        parsed.identifier_position,
        parsed.identifier_namespace,
        parsed.identifier_raw_name,
        parsed.identifier_type
    from entries
    inner join {{ ref('stg_io_symlink_identifiers') }} as parsed
        on
            entries.event_hash = parsed.event_hash
            and entries.io_kind = parsed.io_kind
            and entries.io_position = parsed.io_position
    where {{ lineage_warehouse.in_unseen_batch('parsed.landing_batch') }}
),

final as (
    select
        event_hash,
        landing_batch,
        extractor,
        io_kind,
        io_position,
        dataset_namespace,
        dataset_name,
        identifier_position,
        identifier_namespace,
        {{ lineage_warehouse.dataset_name('identifier_raw_name', 'identifier_namespace', 'extractor') }} as identifier_name,
        identifier_type,
        case
            when coalesce(identifier_namespace, '') = '' or coalesce(identifier_raw_name, '') = ''
                then 'missing_namespace_or_name'
            when coalesce(identifier_type, '') not in ('TABLE', 'LOCATION') then 'unknown_identifier_type'
            when extractor = 'FLINK' and identifier_type = 'TABLE' and lower(identifier_namespace) like 'kafka://%'
                then 'flink_kafka_table_dropped'
            when {{ lineage_warehouse.dataset_name_is_reserved('identifier_raw_name') }} then 'reserved_name'
        end as skip_reason
    from identifiers
)

select * from final
