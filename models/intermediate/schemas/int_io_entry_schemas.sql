{#- The schema of every entry int_event_datasets keeps (§2.4): every input/output entry of an operation event,
    and every dataset a static event declares (D16), with its normalised fields, digest and problem as staging
    read them (stg_io_entry_schemas). Incremental: entries of unseen landing batches. -#}
{{ lineage_warehouse.append_batches_config() }}

with

kept_entries as (
    select
        event_hash,
        io_kind,
        io_position
    from {{ ref('int_event_datasets') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

entry_schemas as (
    select * from {{ ref('stg_io_entry_schemas') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

final as (
    select
        entry_schemas.event_hash,
        entry_schemas.landing_batch,
        entry_schemas.io_kind,
        entry_schemas.io_position,
        entry_schemas.schema_id,
        entry_schemas.fields,
        entry_schemas.problem
    from entry_schemas
    inner join kept_entries
        on
            entry_schemas.event_hash = kept_entries.event_hash
            and entry_schemas.io_kind = kept_entries.io_kind
            and entry_schemas.io_position = kept_entries.io_position
)

select * from final
