{#- One row per identifier of the symlinks facet of every input or output entry (stg_io_entries), parsed once
    from its text (symlink_identifier_shape): identifier_position from 0, namespace, raw name and type as sent
    (NULL where an identifier is not an object or lacks them). Incremental: unseen landing batches. -#}
{{ lineage_warehouse.append_batches_config() }}

with

entries as (
    select
        event_hash,
        landing_batch,
        io_kind,
        io_position,
        facets_symlinks__identifiers as identifiers
    from {{ ref('stg_io_entries') }}
    where {{ lineage_warehouse.in_unseen_batch() }}
),

parsed as (
    select
        entries.event_hash,
        entries.landing_batch,
        entries.io_kind,
        entries.io_position,
        cast(identifier.pos as bigint) as identifier_position,
        {{ lineage_warehouse.parse_json_as('identifier.value', lineage_warehouse.symlink_identifier_shape()) }}
            as identifier
    from entries
    {{ lineage_warehouse.explode_array('entries.identifiers', 'identifier') }}
),

final as (
    select
        parsed.event_hash,
        parsed.landing_batch,
        parsed.io_kind,
        parsed.io_position,
        parsed.identifier_position,
        parsed.identifier.namespace as identifier_namespace,
        parsed.identifier.name as identifier_raw_name,
        parsed.identifier.type as identifier_type
    from parsed
)

select * from final
