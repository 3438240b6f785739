{#- Dataset symlinks (§2.3, D12): for a dataset D and an identifier S, TABLE gives D→S METASTORE and
    S→D WAREHOUSE; LOCATION gives D→S WAREHOUSE and S→D METASTORE. Every identifier produces its pair,
    the Spark swap target included (D12). Key (from, to): the type of the earliest event (D1) wins. -#}

with

identifiers as (
    select * from {{ ref('int_symlink_identifiers') }}
    where skip_reason is null
),

events as (
    select
        event_hash,
        event_time
    from {{ ref('int_events_classified') }}
),

-- the earliest event of each distinct identifier: the only one the D1 ranking below can pick, so the location
-- lookups and ids are computed once per identifier instead of once per event
earliest as (
    select
        identifiers.event_hash,
        events.event_time,
        identifiers.dataset_namespace,
        identifiers.dataset_name,
        identifiers.identifier_namespace,
        identifiers.identifier_name,
        identifiers.identifier_type,
        row_number() over (
            partition by
                identifiers.dataset_namespace,
                identifiers.dataset_name,
                identifiers.identifier_namespace,
                identifiers.identifier_name,
                identifiers.identifier_type
            order by events.event_time, identifiers.event_hash
        ) as identifier_rank
    from identifiers
    inner join events
        on identifiers.event_hash = events.event_hash
),

resolved as (
    select
        earliest.event_hash,
        earliest.event_time,
        earliest.identifier_type,
        {{ lineage_warehouse.dataset_id('dataset_locations.location_id', 'earliest.dataset_name') }} as dataset_id,
        {{ lineage_warehouse.dataset_id('identifier_locations.location_id', 'earliest.identifier_name') }}
            as identifier_dataset_id
    from earliest
    {{ lineage_warehouse.dataset_location_join('dataset_locations', 'earliest.dataset_namespace') }}
    {{ lineage_warehouse.dataset_location_join('identifier_locations', 'earliest.identifier_namespace') }}
    where earliest.identifier_rank = 1
),

directed as (
    select
        event_time,
        event_hash,
        dataset_id as from_dataset_id,
        identifier_dataset_id as to_dataset_id,
        case identifier_type when 'TABLE' then 'METASTORE' else 'WAREHOUSE' end as type
    from resolved
    union all
    select
        event_time,
        event_hash,
        identifier_dataset_id as from_dataset_id,
        dataset_id as to_dataset_id,
        case identifier_type when 'TABLE' then 'WAREHOUSE' else 'METASTORE' end as type
    from resolved
),

ranked as (
    select
        from_dataset_id,
        to_dataset_id,
        type,
        row_number() over (
            partition by from_dataset_id, to_dataset_id
            order by event_time, event_hash, type
        ) as type_rank
    from directed
    where from_dataset_id != to_dataset_id
),

final as (
    select
        from_dataset_id,
        to_dataset_id,
        type
    from ranked
    where type_rank = 1
)

select * from final
